import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { extensionConfig } from '@extension/config';
import { backgroundMessenger } from '@extension/messaging/messengers';
import { createApiClient } from '@shared/api/client';
import { PLUGIN_HEADER } from '@shared/contracts/collector';
import { DEFAULT_LANGUAGE, parseLanguage } from '@shared/contracts/languages';
import { API_CLIENTS } from '@shared/contracts/protocol';
import { DEFAULT_SITE } from '@shared/contracts/site-codes';
import { createI18n } from '@shared/i18n/i18n';
import { createSessionStore, selectSession } from '@shared/session/store';
import { AppProviders } from '@shared/ui/app-providers';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { browser } from 'wxt/browser';
import { createExtensionSessionPort } from './session-port';

/**
 * Starts an extension page (popup or side panel) on the same providers, client and session as
 * the console: the session lives in the background and follows the console both ways.
 */
export async function startExtensionPage(element: HTMLElement | null, render: () => ReactNode) {
  if (!element) throw new Error('missing root element');
  // The console's language when it has told us, else the browser's.
  const preference = await backgroundMessenger.sendMessage('language:get').catch(() => null);
  const language = preference ?? parseLanguage(browser.i18n.getUILanguage()) ?? DEFAULT_LANGUAGE;
  document.documentElement.lang = language;
  const i18n = await createI18n(language, ['auth', 'signup', 'extension', 'errors', 'collector']);
  const session = createSessionStore(createExtensionSessionPort());
  const api = createApiClient({
    baseUrl: extensionConfig.consoleOrigin,
    client: API_CLIENTS.extension,
    // Names the plug-in and its version on every call (the server records the plug-in as installed).
    headers: { [PLUGIN_HEADER]: browser.runtime.getManifest().version },
    getToken: () => selectSession(session.getState())?.token ?? null,
    getLocale: () => ({
      site: selectSession(session.getState())?.user.site ?? DEFAULT_SITE,
      language: i18n.language,
    }),
  });
  const queryClient = new QueryClient({
    // A page beside the seller's browsing: focusing it again is no reason to ask again.
    defaultOptions: { queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false } },
  });
  createRoot(element).render(
    <StrictMode>
      <AppProviders i18n={i18n} api={api} session={session}>
        <QueryClientProvider client={queryClient}>{render()}</QueryClientProvider>
      </AppProviders>
    </StrictMode>,
  );
}
