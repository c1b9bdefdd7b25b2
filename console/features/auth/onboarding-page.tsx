import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '../../components/page-placeholder';

export function OnboardingPage() {
  const { t } = useTranslation();
  return <PagePlaceholder title={t('routes.onboarding')} />;
}
