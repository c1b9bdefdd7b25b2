import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../components/page-placeholder';

export function ShopsPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('routes.shops')} />;
}
