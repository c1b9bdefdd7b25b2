import { Outlet, useMatches } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogsStore } from '../stores/dialogs-store';

/** Dialog code loads only when a failure opens one. */
const GlobalDialogs = lazy(() =>
  import('./global-dialogs').then((m) => ({ default: m.GlobalDialogs })),
);

/** Shown while a screen's code loads; plain CSS, so it costs nothing before the first screen. */
function PageLoader() {
  return <div className="cmp-page-loader" role="progressbar" aria-busy="true" />;
}

/** The document title follows the deepest route that has a title. */
function useDocumentTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const titleKey = [...matches].reverse().find((match) => match.staticData.titleKey)
    ?.staticData.titleKey;
  useEffect(() => {
    const app = t('appName');
    document.title = titleKey ? `${t(titleKey)} · ${app}` : app;
  }, [t, titleKey]);
}

export function RootLayout() {
  useDocumentTitle();
  const dialogOpen = useDialogsStore((state) => state.current !== null);
  return (
    <>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
      {dialogOpen && (
        <Suspense fallback={null}>
          <GlobalDialogs />
        </Suspense>
      )}
    </>
  );
}
