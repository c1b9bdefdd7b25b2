import { useMatches } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

/** A page reachable without signing in whose feature has not arrived yet. */
export function PublicPlaceholder() {
  const { t } = useTranslation(['layout', 'common']);
  const titleKey =
    [...useMatches()].reverse().find((match) => match.staticData.titleKey)?.staticData.titleKey ??
    'routes.dashboard';
  return (
    <StatusPage
      code="…"
      title={t(`common:${titleKey}`)}
      description={t('common:placeholder.description')}
      back={t('notFound.back')}
    />
  );
}
