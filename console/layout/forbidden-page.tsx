import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

/** A menu the account was not given (spec section 2: /401). */
export function ForbiddenPage() {
  const { t } = useTranslation('layout');
  return (
    <StatusPage
      code="401"
      title={t('forbidden.title')}
      description={t('forbidden.description')}
      back={t('notFound.back')}
    />
  );
}
