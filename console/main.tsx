import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { createApiClient } from '@shared/api/client';
import { API_CLIENTS } from '@shared/contracts/protocol';
import { createI18n } from '@shared/i18n/i18n';
import { createSessionStore, selectSession } from '@shared/session/store';
import { createWebSessionPort } from '@shared/session/web-port';
import { AppProviders } from '@shared/ui/app-providers';
import { toast } from '@shared/ui/toast';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { consoleEnv } from './app/env';
import { createErrorHandler } from './app/error-handler';
import { connectExtensionBridge } from './app/extension-bridge';
import { resolveLanguage, resolveSite, takeLanguageChanged } from './app/preferences';
import { createAppRouter } from './app/router';

/** Matches the server's absolute session lifetime, so the cookie never outlives the session. */
const TOKEN_COOKIE_MAX_AGE = 7 * 24 * 60 * 60;

async function bootstrap() {
  const language = resolveLanguage(window);
  const site = resolveSite(window);
  document.documentElement.lang = language;
  const i18n = await createI18n(language);

  const session = createSessionStore(
    createWebSessionPort(window, { tokenMaxAgeSeconds: TOKEN_COOKIE_MAX_AGE }),
  );
  const api = createApiClient({
    baseUrl: consoleEnv.apiBase,
    client: API_CLIENTS.console,
    getToken: () => selectSession(session.getState())?.token ?? null,
    getLocale: () => ({ site, language: i18n.language }),
  });

  let router: ReturnType<typeof createAppRouter> | undefined;
  const onError = createErrorHandler({
    win: window,
    session,
    t: i18n.t,
    currentPath: () => (router ? router.state.location.href : '/cmpDashboard'),
  });
  router = createAppRouter({ session, api, i18n, onError });
  const appRouter = router;

  // Whoever ends the session (logout here, in another tab or in the extension, or an expired
  // token), the console shows the login page at once; leaving the shell drops its data.
  session.subscribe((state, previous) => {
    if (previous.snapshot.session && !state.snapshot.session) {
      void appRouter.navigate({ to: '/login', replace: true });
    } else if (
      !previous.snapshot.session &&
      state.snapshot.session &&
      appRouter.state.location.pathname === '/login'
    ) {
      void appRouter.navigate({ to: '/cmpDashboard', replace: true });
    }
  });
  connectExtensionBridge(window, session);

  const root = document.getElementById('root');
  if (!root) throw new Error('missing #root');
  createRoot(root).render(
    <StrictMode>
      <AppProviders i18n={i18n} api={api} session={session}>
        <RouterProvider router={appRouter} />
      </AppProviders>
    </StrictMode>,
  );
  if (takeLanguageChanged(window)) {
    toast({ color: 'green', message: i18n.t('common:messages.languageChanged') });
  }
}

void bootstrap();
