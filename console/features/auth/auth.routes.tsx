import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { safeConsolePath, takeTarget } from '../../platform/preferences';
import {
  type ConsoleRoute,
  type GuardInput,
  namespaces,
  requireSession,
  routerContext,
} from '../../platform/routing';
import { LoginPage } from './login-page';
import { LOGIN_VIEWS, type LoginView } from './login-views';

/** Search of /login: the view, the path to return to, plus the original query of that path. */
type LoginSearch = { view?: LoginView; redirect?: string } & Record<string, unknown>;

function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  const { view, ...rest } = search;
  const known = LOGIN_VIEWS.find((candidate) => candidate === view);
  return known ? { ...rest, view: known } : rest;
}

/**
 * Signed in, however it happened (this form, the extension, another tab): go on to the way back
 * with its query, else the remembered target, else the dashboard (spec section 2).
 */
function sendSignedInOn(input: { context: unknown; search: unknown }) {
  const { session, win } = routerContext(input);
  if (!session.getState().snapshot.session) return;
  const {
    redirect: back,
    view: _view,
    ...query
  } = validateLoginSearch(input.search as Record<string, unknown>);
  const wayBack = safeConsolePath(back);
  throw redirect({
    to: (wayBack ?? takeTarget(win) ?? '/cmpDashboard') as '/',
    search: wayBack ? query : {},
    replace: true,
  });
}

/** Sign-in, registration, password reset, third-party sign-in and onboarding: all outside the shell. */
export function createAuthRoutes<TRoot extends ConsoleRoute>({ root }: { root: TRoot }) {
  const login = createRoute({
    getParentRoute: () => root,
    path: '/login',
    staticData: { titleKey: 'routes.login' },
    validateSearch: validateLoginSearch,
    beforeLoad: sendSignedInOn,
    loader: namespaces('auth'),
    // Part of the first chunk: it is the first screen of nearly every new session.
    component: LoginPage,
  });

  const register = createRoute({
    getParentRoute: () => root,
    path: '/register',
    beforeLoad: () => {
      throw redirect({ to: '/login', search: { view: 'register' } });
    },
  });

  const resetPassword = createRoute({
    getParentRoute: () => root,
    path: '/resetPws',
    staticData: { titleKey: 'routes.resetPassword' },
    loader: namespaces('auth', 'signup'),
    component: lazyRouteComponent(() => import('./reset-password-page'), 'ResetPasswordPage'),
  });

  /** Where a third-party sign-in comes back to, with `code`, `state` and `platform`. */
  const authRedirect = createRoute({
    getParentRoute: () => root,
    path: '/auth-redirect',
    staticData: { titleKey: 'routes.authRedirect' },
    validateSearch: (search: Record<string, unknown>) => ({
      code: typeof search.code === 'string' ? search.code : undefined,
      state: typeof search.state === 'string' ? search.state : undefined,
      platform: typeof search.platform === 'string' ? search.platform : undefined,
    }),
    loader: namespaces('auth', 'signup'),
    component: lazyRouteComponent(() => import('./auth-redirect-page'), 'AuthRedirectPage'),
  });

  /** A new account chooses its main site and business type before anything else (decisions.md). */
  const onboarding = createRoute({
    getParentRoute: () => root,
    path: '/onboarding',
    staticData: { titleKey: 'routes.onboarding' },
    beforeLoad: (input: GuardInput) => {
      if (requireSession(input).onboarded) throw redirect({ to: '/cmpDashboard', replace: true });
    },
    loader: namespaces('auth', 'signup'),
    component: lazyRouteComponent(() => import('./onboarding-page'), 'OnboardingPage'),
  });

  return { root: [login, register, resetPassword, authRedirect, onboarding] } as const;
}
