import { ButtonsProvider } from '@console/components/permission';
import { createQueryClient } from '@console/platform/query-client';
import type { RouterContext } from '@console/platform/routing';
import { createApiClient } from '@shared/api/client';
import type { Language } from '@shared/contracts/languages';
import { API_CLIENTS } from '@shared/contracts/protocol';
import type { Session } from '@shared/contracts/session';
import { createI18n } from '@shared/i18n/i18n';
import { createSessionStore } from '@shared/session/store';
import { AppProviders } from '@shared/ui/app-providers';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useRouterState,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { type ComponentType, type ReactNode, Suspense } from 'react';
import type { TestApp } from './app';

const NO_BUTTONS: readonly string[] = [];

export interface PageHarnessOptions {
  app: TestApp;
  /** Where the router starts: a console path without the /cmp base. */
  path: string;
  /** Route path (TanStack syntax, such as `/shortUrlLinkRedirect/$id`) -> what it shows. */
  pages: Record<string, () => ReactNode>;
  /** Route path -> its search validation, as the console's route table gives it. */
  validateSearch?: Record<string, (search: Record<string, unknown>) => object>;
  /** Rendered beside the pages for as long as the harness is mounted (a tracker, a banner). */
  beside?: ComponentType;
  /** Signed in with this token (the account's userInfo is read from the app). */
  token?: string;
  /** The menus and buttons the sign-in answered (routerInfoList), for pages that check them. */
  routes?: Session['routes'];
  /** The window the router context hands out (a stand-in where a test must see a full-page navigation). */
  win?: Pick<Window, 'location'>;
  language?: Language;
}

/**
 * One feature's pages on a small router of their own, with the console's providers, the shell's
 * query cache, a real API client and the real app in-process: for components that the console's
 * route table does not place on a page by themselves, and for a page whose tests are about the
 * page, not the shell around it (a fraction of the rendering of the whole console).
 */
export async function renderPages(options: PageHarnessOptions) {
  const i18n = await createI18n(options.language ?? 'en', ['errors']);
  let session: Session | null = null;
  if (options.token) {
    const info = await options.app.call('GET', '/api-user/user/userInfo', { token: options.token });
    session = {
      token: options.token,
      routes: options.routes ?? [],
      user: info.body.datas,
      onboarded: true,
    };
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
  /** The buttons the sign-in granted on the page shown, as the shell hands them to its page. */
  const Page = () => {
    const pathname = useRouterState({ select: (state) => state.location.pathname });
    const path = (pathname.replace(/^\/cmp(?=\/|$)/, '').replace(/\/+$/, '') || '/').toLowerCase();
    const buttons =
      session?.routes.find((route) => route.url.toLowerCase() === path)?.button ?? NO_BUTTONS;
    return (
      <ButtonsProvider value={buttons}>
        <Outlet />
      </ButtonsProvider>
    );
  };
  const root = createRootRouteWithContext<RouterContext>()({
    component: () => (
      <>
        {Beside && <Beside />}
        <Suspense fallback={null}>
          <Page />
        </Suspense>
      </>
    ),
    notFoundComponent: () => <p>no such page</p>,
  });
  const routes = Object.entries(options.pages).map(([path, component]) =>
    createRoute({
      getParentRoute: () => root,
      path,
      component,
      ...(options.validateSearch?.[path] ? { validateSearch: options.validateSearch[path] } : {}),
    }),
  );
  const onError = () => undefined;
  const router = createRouter({
    routeTree: root.addChildren(routes),
    basepath: '/cmp',
    history: createMemoryHistory({ initialEntries: [`/cmp${options.path}`] }),
    context: {
      win: (options.win ?? window) as Window,
      session: store,
      api,
      i18n,
      onError,
    },
  });
  const view = render(
    <AppProviders i18n={i18n} api={api} session={store}>
      {/* The shell's query cache, which the console's pages read through. */}
      <QueryClientProvider client={createQueryClient(onError)}>
        <RouterProvider router={router as any} />
      </QueryClientProvider>
    </AppProviders>,
  );
  return { router, api, session: store, i18n, view };
}
