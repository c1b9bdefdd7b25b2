import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../components/page-placeholder';

export function ServicePolicyPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('routes.servicePolicy')} />;
}

export function SecretPolicyPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('routes.secretPolicy')} />;
}
