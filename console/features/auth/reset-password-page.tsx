import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../components/page-placeholder';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('routes.resetPassword')} />;
}
