import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

export function NotFoundPage() {
  const { t } = useTranslation('layout');
  return (
    <StatusPage
      code="404"
      title={t('notFound.title')}
      description={t('notFound.description')}
      back={t('notFound.back')}
    />
  );
}
