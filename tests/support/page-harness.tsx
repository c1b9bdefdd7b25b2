import type { RouterContext } from '@console/platform/routing';
import { createApiClient } from '@shared/api/client';
import type { Language } from '@shared/contracts/languages';
import { API_CLIENTS } from '@shared/contracts/protocol';
import type { Session } from '@shared/contracts/session';
import { createI18n } from '@shared/i18n/i18n';
import { createSessionStore } from '@shared/session/store';
import { AppProviders } from '@shared/ui/app-providers';
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { type ComponentType, type ReactNode, Suspense } from 'react';
import type { TestApp } from './app';

export interface PageHarnessOptions {
  app: TestApp;
  /** Where the router starts: a console path without the /cmp base. */
  path: string;
  /** Route path (TanStack syntax, such as `/shortUrlLinkRedirect/$id`) -> what it shows. */
  pages: Record<string, () => ReactNode>;
  /** Rendered beside the pages for as long as the harness is mounted (a tracker, a banner). */
  beside?: ComponentType;
  /** Signed in with this token (the account's userInfo is read from the app). */
  token?: string;
  /** The window the router context hands out (a stand-in where a test must see a full-page navigation). */
  win?: Pick<Window, 'location'>;
  language?: Language;
}

/**
 * One feature's pages on a small router of their own, with the console's providers, a real API
 * client and the real app in-process: for components that the console's route table does not
 * place on a page by themselves.
 */
export async function renderPages(options: PageHarnessOptions) {
  const i18n = await createI18n(options.language ?? 'en', ['errors']);
  let session: Session | null = null;
  if (options.token) {
    const info = await options.app.call('GET', '/api-user/user/userInfo', { token: options.token });
    session = { token: options.token, routes: [], user: info.body.datas, onboarded: true };
  }
  const store = createSessionStore({
    load: () => ({ session, updatedAt: session ? 1 : 0 }),
    save: () => undefined,
  });
  const api = createApiClient({
    baseUrl: 'http://console.test',
    client: API_CLIENTS.console,
    getToken: () => store.getState().snapshot.session?.token ?? null,
    getLocale: () => ({ site: 'th', language: i18n.language }),
    fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
      options.app.app.fetch(new Request(input, init))) as typeof fetch,
  });

  const Beside = options.beside;
  const root = createRootRouteWithContext<RouterContext>()({
    component: () => (
      <>
        {Beside && <Beside />}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </>
    ),
    notFoundComponent: () => <p>no such page</p>,
  });
  const routes = Object.entries(options.pages).map(([path, component]) =>
    createRoute({ getParentRoute: () => root, path, component }),
  );
  const router = createRouter({
    routeTree: root.addChildren(routes),
    basepath: '/cmp',
    history: createMemoryHistory({ initialEntries: [`/cmp${options.path}`] }),
    context: {
      win: (options.win ?? window) as Window,
      session: store,
      api,
      i18n,
      onError: () => undefined,
    },
  });
  const view = render(
    <AppProviders i18n={i18n} api={api} session={store}>
      <RouterProvider router={router as any} />
    </AppProviders>,
  );
  return { router, api, session: store, i18n, view };
}
