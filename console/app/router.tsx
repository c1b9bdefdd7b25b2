import type { ApiClient } from '@shared/api/client';
import type { SessionStore } from '@shared/session/store';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import type { i18n } from 'i18next';
import { LoginPage } from '../features/auth/login-page';
import type { ErrorHandler } from './error-handler';
import { safeConsolePath, takeTarget } from './preferences';
import { RootLayout } from './root-layout';

export interface RouterContext {
  win: Window;
  session: SessionStore;
  api: ApiClient;
  i18n: i18n;
  /** The one error handler (spec section 8), for the query client the shell creates. */
  onError: ErrorHandler;
}

/** Title keys of the routes, shown in the document title (and later the tags view). */
type TitleKey = `routes.${keyof typeof import('../../locales/en/common.json')['routes']}`;

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    titleKey?: TitleKey;
  }
}

/** Search of /login: the path to return to, plus the original query of that path. */
type LoginSearch = { redirect?: string } & Record<string, unknown>;

const namespaces =
  (...names: string[]) =>
  ({ context }: { context: RouterContext }) =>
    context.i18n.loadNamespaces(names);

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: lazyRouteComponent(
    () => import('../layout/not-found-redirect'),
    'NotFoundRedirect',
  ),
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  staticData: { titleKey: 'routes.login' },
  validateSearch: (search: Record<string, unknown>): LoginSearch => search,
  // Signed in, however it happened (this form, the extension, another tab): go on to the way
  // back with its query, else the remembered target, else the dashboard (spec section 2).
  beforeLoad: ({ context, search }) => {
    if (!context.session.getState().snapshot.session) return;
    const { redirect: back, ...query } = search;
    const wayBack = safeConsolePath(back);
    throw redirect({
      to: (wayBack ?? takeTarget(context.win) ?? '/cmpDashboard') as '/',
      search: wayBack ? query : {},
      replace: true,
    });
  },
  loader: namespaces('auth'),
  // Part of the first chunk: it is the first screen of nearly every new session.
  component: LoginPage,
});

const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  beforeLoad: () => {
    throw redirect({ to: '/login' });
  },
});

const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/404',
  staticData: { titleKey: 'routes.notFound' },
  loader: namespaces('layout'),
  component: lazyRouteComponent(() => import('../layout/not-found-page'), 'NotFoundPage'),
});

/** Every route below needs a session; without one the user goes to /login with the way back. */
const authedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'authed',
  beforeLoad: ({ context, location }) => {
    if (!context.session.getState().snapshot.session) {
      throw redirect({
        to: '/login',
        search: { ...(location.search as Record<string, unknown>), redirect: location.pathname },
      });
    }
  },
  loader: namespaces('layout'),
  component: lazyRouteComponent(() => import('../layout/shell-layout'), 'ShellLayout'),
});

const indexRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/cmpDashboard' });
  },
});

const dashboardRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/cmpDashboard',
  staticData: { titleKey: 'routes.dashboard' },
  loader: namespaces('dashboard'),
  component: lazyRouteComponent(
    () => import('../features/dashboard/dashboard-page'),
    'DashboardPage',
  ),
});

const rechargeRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/pay/recharge',
  staticData: { titleKey: 'routes.recharge' },
  component: lazyRouteComponent(() => import('../features/wallet/recharge-page'), 'RechargePage'),
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  registerRoute,
  notFoundRoute,
  authedRoute.addChildren([indexRoute, dashboardRoute, rechargeRoute]),
]);

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    basepath: '/cmp',
    context,
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
