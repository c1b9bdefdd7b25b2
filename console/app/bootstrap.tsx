import { createLazyApiClient } from '@shared/api/lazy-client';
import { API_CLIENTS } from '@shared/contracts/protocol';
import { createI18n } from '@shared/i18n/i18n';
import { createSessionStore, selectSession } from '@shared/session/store';
import { createWebSessionPort } from '@shared/session/web-port';
import { AppProviders } from '@shared/ui/app-providers';
import { toast } from '@shared/ui/toast';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readFirstScreenMessages } from '../platform/boot';
import { connectExtensionBridgeWhenPresent } from '../platform/extension-presence';
import { resolveLanguage, resolveSite, takeLanguageChanged } from '../platform/preferences';
import { createErrorHandler } from './error-handler';
import { createAppRouter } from './router';
import { loadFullStyles } from './styles';

/** Matches the server's absolute session lifetime, so the cookie never outlives the session. */
const TOKEN_COOKIE_MAX_AGE = 7 * 24 * 60 * 60;

export interface StartConsoleOptions {
  win: Window;
  element: HTMLElement;
  /** Origin of the API; the server that serves the console by default. */
  apiBase: string;
  /** Tests hand in the app's own fetch. */
  fetch?: typeof fetch;
  /**
   * React's StrictMode checks (every component rendered and every effect run twice), on unless
   * turned off: production builds skip them anyway, and tests render as production does.
   */
  strictMode?: boolean;
}

/** Starts the console in a window: language, session, client, router, bridge, then the first render. */
export async function startConsole({
  win,
  element,
  apiBase,
  fetch,
  strictMode = true,
}: StartConsoleOptions) {
  const language = resolveLanguage(win);
  win.document.documentElement.lang = language;
  const preloaded = readFirstScreenMessages(win.document, language);
  const i18n = await createI18n(language, Object.keys(preloaded), preloaded);

  const session = createSessionStore(
    createWebSessionPort(win, { tokenMaxAgeSeconds: TOKEN_COOKIE_MAX_AGE }),
  );
  // The client's code loads with the first call, or as soon as the user starts using the page;
  // the client's own error words come with it (no failure can be shown before a call).
  const { api, preload } = createLazyApiClient(() =>
    Promise.all([import('@shared/api/client'), i18n.loadNamespaces('errors')]).then(
      ([{ createApiClient }]) =>
        createApiClient({
          baseUrl: apiBase,
          client: API_CLIENTS.console,
          getToken: () => selectSession(session.getState())?.token ?? null,
          getLocale: () => ({
            site: resolveSite(win, selectSession(session.getState())?.user.site),
            language: i18n.language,
          }),
          ...(fetch ? { fetch } : {}),
        }),
    ),
  );
  for (const type of ['pointerdown', 'keydown', 'focusin'] as const) {
    win.addEventListener(type, preload, { once: true, passive: true });
  }

  let currentPath = () => '/cmpDashboard';
  const onError = createErrorHandler({ win, session, t: i18n.t, currentPath: () => currentPath() });
  const router = createAppRouter({ win, session, api, i18n, onError });
  currentPath = () => router.state.location.href;

  // Whoever ends the session (logout here, in another tab or in the extension, or an expired
  // token), the console shows the login page at once; leaving the shell drops its data.
  const stopWatching = session.subscribe((state, previous) => {
    if (previous.snapshot.session && !state.snapshot.session) {
      void router.navigate({ to: '/login', replace: true });
    } else if (
      !previous.snapshot.session &&
      state.snapshot.session &&
      router.state.location.pathname === '/login'
    ) {
      // The login route's guard sends a signed-in user on; run it again.
      void router.invalidate();
    }
  });
  const disconnectBridge = connectExtensionBridgeWhenPresent(win, session, language);

  // The server painted the login screen as the build drew it (server/prerender.ts): the first
  // render replaces it with the same screen, so the route is resolved before, not a loader.
  if (element.querySelector(':scope > [data-prerendered]')) await router.load();
  const root = createRoot(element);
  const app = (
    <AppProviders i18n={i18n} api={api} session={session}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  root.render(strictMode ? <StrictMode>{app}</StrictMode> : app);
  // The other components' styles, while the first screen is read.
  void loadFullStyles();
  if (takeLanguageChanged(win))
    toast({ color: 'green', message: i18n.t('common:messages.languageChanged') });

  return {
    router,
    session,
    i18n,
    stop: () => {
      stopWatching();
      disconnectBridge();
      root.unmount();
    },
  };
}
