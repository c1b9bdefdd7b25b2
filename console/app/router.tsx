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
import { LOGIN_VIEWS, type LoginView } from '../features/auth/login-views';
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

/** Search of /login: the view, the path to return to, plus the original query of that path. */
type LoginSearch = { view?: LoginView; redirect?: string } & Record<string, unknown>;

function loginView(value: unknown): LoginView | undefined {
  return LOGIN_VIEWS.find((view) => view === value);
}

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
  validateSearch: (search: Record<string, unknown>): LoginSearch => {
    const { view, ...rest } = search;
    const known = loginView(view);
    return known ? { ...rest, view: known } : rest;
  },
  // Signed in, however it happened (this form, the extension, another tab): go on to the way
  // back with its query, else the remembered target, else the dashboard (spec section 2).
  beforeLoad: ({ context, search }) => {
    if (!context.session.getState().snapshot.session) return;
    const { redirect: back, view: _view, ...query } = search;
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
    throw redirect({ to: '/login', search: { view: 'register' } });
  },
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/resetPws',
  staticData: { titleKey: 'routes.resetPassword' },
  loader: namespaces('auth', 'signup'),
  component: lazyRouteComponent(
    () => import('../features/auth/reset-password-page'),
    'ResetPasswordPage',
  ),
});

/** Where a third-party sign-in comes back to, with `code`, `state` and `platform`. */
const authRedirectRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth-redirect',
  staticData: { titleKey: 'routes.authRedirect' },
  validateSearch: (search: Record<string, unknown>) => ({
    code: typeof search.code === 'string' ? search.code : undefined,
    state: typeof search.state === 'string' ? search.state : undefined,
    platform: typeof search.platform === 'string' ? search.platform : undefined,
  }),
  loader: namespaces('auth', 'signup'),
  component: lazyRouteComponent(
    () => import('../features/auth/auth-redirect-page'),
    'AuthRedirectPage',
  ),
});

const servicePolicyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/servicePolicy',
  staticData: { titleKey: 'routes.servicePolicy' },
  loader: namespaces('policy'),
  component: lazyRouteComponent(
    () => import('../features/policy/policy-page'),
    'ServicePolicyPage',
  ),
});

const secretPolicyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/secretPolicy',
  staticData: { titleKey: 'routes.secretPolicy' },
  loader: namespaces('policy'),
  component: lazyRouteComponent(() => import('../features/policy/policy-page'), 'SecretPolicyPage'),
});

const forbiddenRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/401',
  staticData: { titleKey: 'routes.forbidden' },
  loader: namespaces('layout'),
  component: lazyRouteComponent(() => import('../layout/forbidden-page'), 'ForbiddenPage'),
});

const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/404',
  staticData: { titleKey: 'routes.notFound' },
  loader: namespaces('layout'),
  component: lazyRouteComponent(() => import('../layout/not-found-page'), 'NotFoundPage'),
});

type GuardInput = { context: RouterContext; location: { pathname: string; search: unknown } };

/** Without a session the user goes to /login with the way back and its query (spec section 2). */
function requireSession({ context, location }: GuardInput) {
  const session = context.session.getState().snapshot.session;
  if (!session) {
    throw redirect({
      to: '/login',
      search: { ...(location.search as Record<string, unknown>), redirect: location.pathname },
    });
  }
  return session;
}

/** A new account chooses its main site and business type before anything else (decisions.md). */
const onboardingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/onboarding',
  staticData: { titleKey: 'routes.onboarding' },
  beforeLoad: (input) => {
    if (requireSession(input).onboarded) throw redirect({ to: '/cmpDashboard', replace: true });
  },
  loader: namespaces('auth', 'signup'),
  component: lazyRouteComponent(() => import('../features/auth/onboarding-page'), 'OnboardingPage'),
});

/** Every route below needs a session of an onboarded account. */
const authedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'authed',
  beforeLoad: (input) => {
    if (!requireSession(input).onboarded) throw redirect({ to: '/onboarding', replace: true });
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

/**
 * A menu route opens only when the session's routerInfoList holds its url (spec section 6);
 * otherwise /401.
 */
function requireMenu(url: string) {
  return async ({ context }: { context: RouterContext }) => {
    const session = context.session.getState().snapshot.session;
    if (!session) return;
    // The menu rules load with the first menu page, not with the login page.
    const { allows } = await import('@shared/permissions');
    if (!allows(session.routes, url)) throw redirect({ to: '/401', replace: true });
  };
}

const shopsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/thirdPartyPlatform/authorizeList',
  staticData: { titleKey: 'routes.shops' },
  beforeLoad: requireMenu('/thirdPartyPlatform/authorizeList'),
  loader: namespaces('shops'),
  component: lazyRouteComponent(() => import('../features/shops/shops-page'), 'ShopsPage'),
});

const accountSettingRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/account/accountSetting',
  staticData: { titleKey: 'routes.accountSetting' },
  beforeLoad: requireMenu('/account/accountSetting'),
  loader: namespaces('settings', 'auth'),
  component: lazyRouteComponent(
    () => import('../features/account/account-settings-page'),
    'AccountSettingsPage',
  ),
});

const accountManageRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/account/accountManage',
  staticData: { titleKey: 'routes.accountManage' },
  beforeLoad: requireMenu('/account/accountManage'),
  loader: namespaces('members'),
  component: lazyRouteComponent(() => import('../features/account/members-page'), 'MembersPage'),
});

const rechargeRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/pay/recharge',
  staticData: { titleKey: 'routes.recharge' },
  beforeLoad: requireMenu('/pay/recharge'),
  component: lazyRouteComponent(() => import('../features/wallet/recharge-page'), 'RechargePage'),
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  registerRoute,
  resetPasswordRoute,
  authRedirectRoute,
  servicePolicyRoute,
  secretPolicyRoute,
  notFoundRoute,
  forbiddenRoute,
  onboardingRoute,
  authedRoute.addChildren([
    indexRoute,
    dashboardRoute,
    rechargeRoute,
    shopsRoute,
    accountSettingRoute,
    accountManageRoute,
  ]),
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
