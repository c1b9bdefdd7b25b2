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
import {
  validateCollectorDetailsSearch,
  validateCollectorListSearch,
} from '../features/collector/collector-route-search';
import { validateCouponCenterSearch } from '../features/coupons/coupon-center-search';
import { validateMessageCenterSearch } from '../features/messages/message-center-search';
import {
  validateAddMoneySearch,
  validateOrderTradingSearch,
  validatePayResultSearch,
  validateRechargeSearch,
} from '../features/pay/pay-route-search';
import {
  validateAuthorizeCallbackSearch,
  validateAuthorizeResultSearch,
} from '../features/shops/authorize-route-search';
import { validateHistoryMoneySearch } from '../features/wallet/history-money-search';
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
    /** A name from the sidebar's icon set. */
    icon?: string;
    /** Reachable, but not listed in the sidebar. */
    hidden?: boolean;
    /** Pinned in the tags view. */
    affix?: boolean;
    /** The guided tour's name for this menu. */
    tour?: string;
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
  staticData: { titleKey: 'routes.dashboard', icon: 'dashboard', affix: true },
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

/** A page whose feature arrives later: its real title and menu entry, and a proper empty state. */
const placeholder = lazyRouteComponent(
  () => import('../layout/route-placeholder'),
  'RoutePlaceholder',
);

/**
 * One optional id parameter of a search, absent when empty. Digits-only ids (marketplace order
 * numbers) arrive parsed as numbers and stay numbers, so the address keeps them unquoted.
 */
function idParam<K extends string>(
  search: Record<string, unknown>,
  key: K,
): { [P in K]?: string | number } {
  const value = search[key];
  const kept =
    (typeof value === 'string' && value !== '') ||
    (typeof value === 'number' && Number.isFinite(value));
  return kept ? ({ [key]: value } as { [P in K]?: string | number }) : {};
}

// ---- /pay ----------------------------------------------------------------------------------
const payGroup = createRoute({
  getParentRoute: () => authedRoute,
  path: '/pay',
  staticData: { titleKey: 'routes.pay', icon: 'wallet' },
});
const payIndexRoute = createRoute({
  getParentRoute: () => payGroup,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/pay/recharge', replace: true });
  },
});
const rechargeRoute = createRoute({
  getParentRoute: () => payGroup,
  path: 'recharge',
  staticData: { titleKey: 'routes.recharge' },
  validateSearch: (search: Record<string, unknown>) => validateRechargeSearch(search),
  beforeLoad: requireMenu('/pay/recharge'),
  loader: namespaces('pay'),
  component: lazyRouteComponent(() => import('../features/pay/recharge-page'), 'RechargePage'),
});
const orderTradingRoute = createRoute({
  getParentRoute: () => payGroup,
  path: 'orderTrading',
  staticData: { titleKey: 'routes.orderTrading', hidden: true },
  validateSearch: (search: Record<string, unknown>) => validateOrderTradingSearch(search),
  beforeLoad: requireMenu('/pay/orderTrading'),
  loader: namespaces('pay'),
  component: lazyRouteComponent(
    () => import('../features/pay/order-trading-page'),
    'OrderTradingPage',
  ),
});
/** Where a payment lands (spec section 2: /payResult beside the /pay group). */
const payResultRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/payResult',
  staticData: { titleKey: 'routes.payResult', hidden: true },
  validateSearch: (search: Record<string, unknown>) => validatePayResultSearch(search),
  beforeLoad: requireMenu('/payResult'),
  loader: namespaces('pay'),
  component: lazyRouteComponent(() => import('../features/pay/pay-result-page'), 'PayResultPage'),
});

// ---- /product ------------------------------------------------------------------------------
const productGroup = createRoute({
  getParentRoute: () => authedRoute,
  path: '/product',
  staticData: { titleKey: 'routes.product', icon: 'package', tour: 'Product' },
});
const productIndexRoute = createRoute({
  getParentRoute: () => productGroup,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/product/collectorList', replace: true });
  },
});
const thirdProductListRoute = createRoute({
  getParentRoute: () => productGroup,
  path: 'thirdProductList',
  staticData: { titleKey: 'routes.thirdProductList' },
  beforeLoad: requireMenu('/product/thirdProductList'),
  component: placeholder,
});
const thirdDetailsRoute = createRoute({
  getParentRoute: () => productGroup,
  path: 'thirdDetails',
  staticData: { titleKey: 'routes.thirdDetails', hidden: true },
  beforeLoad: requireMenu('/product/thirdDetails'),
  component: placeholder,
});
const collectorListRoute = createRoute({
  getParentRoute: () => productGroup,
  path: 'collectorList',
  staticData: { titleKey: 'routes.collectorList' },
  validateSearch: (search: Record<string, unknown>) => validateCollectorListSearch(search),
  beforeLoad: requireMenu('/product/collectorList'),
  loader: namespaces('collector'),
  component: lazyRouteComponent(
    () => import('../features/collector/collector-list-page'),
    'CollectorListPage',
  ),
});
const collectorDetailsRoute = createRoute({
  getParentRoute: () => productGroup,
  path: 'collectorDetails',
  staticData: { titleKey: 'routes.collectorDetails', hidden: true },
  validateSearch: (search: Record<string, unknown>) => validateCollectorDetailsSearch(search),
  beforeLoad: requireMenu('/product/collectorDetails'),
  loader: namespaces('collector'),
  component: lazyRouteComponent(
    () => import('../features/collector/collector-details-page'),
    'CollectorDetailsPage',
  ),
});
const lazadaProductDetailRoute = createRoute({
  getParentRoute: () => productGroup,
  path: 'lazadaProductDetail',
  staticData: { titleKey: 'routes.lazadaProductDetail', hidden: true },
  beforeLoad: requireMenu('/product/lazadaProductDetail'),
  component: placeholder,
});
const shopeeProductDetailRoute = createRoute({
  getParentRoute: () => productGroup,
  path: 'shopeeProductDetail',
  staticData: { titleKey: 'routes.shopeeProductDetail', hidden: true },
  beforeLoad: requireMenu('/product/shopeeProductDetail'),
  component: placeholder,
});
const tiktokProductDetailRoute = createRoute({
  getParentRoute: () => productGroup,
  path: 'tiktokProductDetail',
  staticData: { titleKey: 'routes.tiktokProductDetail', hidden: true },
  beforeLoad: requireMenu('/product/tiktokProductDetail'),
  component: placeholder,
});

// ---- /order --------------------------------------------------------------------------------
const orderGroup = createRoute({
  getParentRoute: () => authedRoute,
  path: '/order',
  staticData: { titleKey: 'routes.order', icon: 'receipt', tour: 'Order' },
});
const orderIndexRoute = createRoute({
  getParentRoute: () => orderGroup,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/order/serviceProgress', replace: true });
  },
});
const serviceProgressRoute = createRoute({
  getParentRoute: () => orderGroup,
  path: 'serviceProgress',
  staticData: { titleKey: 'routes.serviceProgress' },
  validateSearch: (search: Record<string, unknown>) => idParam(search, 'serviceNo'),
  beforeLoad: requireMenu('/order/serviceProgress'),
  component: placeholder,
});

// ---- /thirdPartyPlatform -------------------------------------------------------------------
const platformGroup = createRoute({
  getParentRoute: () => authedRoute,
  path: '/thirdPartyPlatform',
  staticData: { titleKey: 'routes.thirdPartyPlatform', icon: 'store' },
});
const platformIndexRoute = createRoute({
  getParentRoute: () => platformGroup,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/thirdPartyPlatform/orderManage', replace: true });
  },
});
const orderManageRoute = createRoute({
  getParentRoute: () => platformGroup,
  path: 'orderManage',
  staticData: { titleKey: 'routes.orderManage' },
  validateSearch: (search: Record<string, unknown>) => idParam(search, 'orderId'),
  beforeLoad: requireMenu('/thirdPartyPlatform/orderManage'),
  component: placeholder,
});
const returnManageRoute = createRoute({
  getParentRoute: () => platformGroup,
  path: 'returnManage',
  staticData: { titleKey: 'routes.returnManage' },
  beforeLoad: requireMenu('/thirdPartyPlatform/returnManage'),
  component: placeholder,
});
const shopsRoute = createRoute({
  getParentRoute: () => platformGroup,
  path: 'authorizeList',
  staticData: { titleKey: 'routes.shops', tour: 'AuthorizeList' },
  beforeLoad: requireMenu('/thirdPartyPlatform/authorizeList'),
  loader: namespaces('shops'),
  component: lazyRouteComponent(() => import('../features/shops/shops-page'), 'ShopsPage'),
});
const platformProductManageRoute = createRoute({
  getParentRoute: () => platformGroup,
  path: 'platformProductManage',
  staticData: { titleKey: 'routes.platformProductManage' },
  beforeLoad: requireMenu('/thirdPartyPlatform/platformProductManage'),
  component: placeholder,
});

// ---- /purchaseAndWarehouse -----------------------------------------------------------------
const purchaseGroup = createRoute({
  getParentRoute: () => authedRoute,
  path: '/purchaseAndWarehouse',
  staticData: {
    titleKey: 'routes.purchaseAndWarehouse',
    icon: 'truck',
    tour: 'PurchaseAndWarehouse',
  },
});
/** The group opens on the warehouse (spec section 2: warehouseManage is the default). */
const purchaseIndexRoute = createRoute({
  getParentRoute: () => purchaseGroup,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/purchaseAndWarehouse/warehouseManage', replace: true });
  },
});
const purchaseManageRoute = createRoute({
  getParentRoute: () => purchaseGroup,
  path: 'purchaseManage',
  staticData: { titleKey: 'routes.purchaseManage', hidden: true },
  beforeLoad: requireMenu('/purchaseAndWarehouse/purchaseManage'),
  component: placeholder,
});
const purchaseManageDetailRoute = createRoute({
  getParentRoute: () => purchaseGroup,
  path: 'purchaseManageDetail',
  staticData: { titleKey: 'routes.purchaseManageDetail', hidden: true },
  // The query's type arrives as text and is read as a number (spec section 2).
  validateSearch: (
    search: Record<string, unknown>,
  ): { purchaseNo?: string | number; type?: number } => {
    const type = Number(search.type);
    return {
      ...idParam(search, 'purchaseNo'),
      ...(search.type === undefined || search.type === '' || Number.isNaN(type) ? {} : { type }),
    };
  },
  beforeLoad: requireMenu('/purchaseAndWarehouse/purchaseManageDetail'),
  component: placeholder,
});
const warehouseManageRoute = createRoute({
  getParentRoute: () => purchaseGroup,
  path: 'warehouseManage',
  staticData: { titleKey: 'routes.warehouseManage' },
  beforeLoad: requireMenu('/purchaseAndWarehouse/warehouseManage'),
  component: placeholder,
});

// ---- /other --------------------------------------------------------------------------------
const otherGroup = createRoute({
  getParentRoute: () => authedRoute,
  path: '/other',
  staticData: { titleKey: 'routes.other', icon: 'coins' },
});
const otherIndexRoute = createRoute({
  getParentRoute: () => otherGroup,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/other/historyMoney', replace: true });
  },
});
const historyMoneyRoute = createRoute({
  getParentRoute: () => otherGroup,
  path: 'historyMoney',
  staticData: { titleKey: 'routes.historyMoney' },
  validateSearch: (search: Record<string, unknown>) => validateHistoryMoneySearch(search),
  beforeLoad: requireMenu('/other/historyMoney'),
  loader: namespaces('wallet'),
  component: lazyRouteComponent(
    () => import('../features/wallet/history-money-page'),
    'HistoryMoneyPage',
  ),
});
const addMoneyRoute = createRoute({
  getParentRoute: () => otherGroup,
  path: 'addMoney',
  staticData: { titleKey: 'routes.addMoney', hidden: true },
  validateSearch: (search: Record<string, unknown>) => validateAddMoneySearch(search),
  beforeLoad: requireMenu('/other/addMoney'),
  loader: namespaces('pay'),
  component: lazyRouteComponent(() => import('../features/pay/recharge-page'), 'AddMoneyPage'),
});
const couponCenterRoute = createRoute({
  getParentRoute: () => otherGroup,
  path: 'couponCenter',
  staticData: { titleKey: 'routes.couponCenter', hidden: true },
  validateSearch: (search: Record<string, unknown>) => validateCouponCenterSearch(search),
  beforeLoad: requireMenu('/other/couponCenter'),
  loader: namespaces('wallet'),
  component: lazyRouteComponent(
    () => import('../features/coupons/coupon-center-page'),
    'CouponCenterPage',
  ),
});

// ---- /service ------------------------------------------------------------------------------
const serviceGroup = createRoute({
  getParentRoute: () => authedRoute,
  path: '/service',
  staticData: { titleKey: 'routes.service', icon: 'apps' },
});
const serviceIndexRoute = createRoute({
  getParentRoute: () => serviceGroup,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/service/serviceMarket', replace: true });
  },
});
const serviceMarketRoute = createRoute({
  getParentRoute: () => serviceGroup,
  path: 'serviceMarket',
  staticData: { titleKey: 'routes.serviceMarket' },
  beforeLoad: requireMenu('/service/serviceMarket'),
  component: placeholder,
});

// ---- /account ------------------------------------------------------------------------------
const accountGroup = createRoute({
  getParentRoute: () => authedRoute,
  path: '/account',
  staticData: { titleKey: 'routes.account', icon: 'user' },
});
const accountIndexRoute = createRoute({
  getParentRoute: () => accountGroup,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/account/accountSetting', replace: true });
  },
});
const accountSettingRoute = createRoute({
  getParentRoute: () => accountGroup,
  path: 'accountSetting',
  staticData: { titleKey: 'routes.accountSetting' },
  beforeLoad: requireMenu('/account/accountSetting'),
  loader: namespaces('settings', 'auth'),
  component: lazyRouteComponent(
    () => import('../features/account/account-settings-page'),
    'AccountSettingsPage',
  ),
});
const accountManageRoute = createRoute({
  getParentRoute: () => accountGroup,
  path: 'accountManage',
  staticData: { titleKey: 'routes.accountManage' },
  beforeLoad: requireMenu('/account/accountManage'),
  loader: namespaces('members'),
  component: lazyRouteComponent(() => import('../features/account/members-page'), 'MembersPage'),
});
const messageSubscribeRoute = createRoute({
  getParentRoute: () => accountGroup,
  path: 'messageSubscribe',
  staticData: { titleKey: 'routes.messageSubscribe' },
  beforeLoad: requireMenu('/account/messageSubscribe'),
  loader: namespaces('messages'),
  component: lazyRouteComponent(
    () => import('../features/messages/message-subscribe-page'),
    'MessageSubscribePage',
  ),
});
const messageCenterRoute = createRoute({
  getParentRoute: () => accountGroup,
  path: 'messageCenter',
  staticData: { titleKey: 'routes.messageCenter' },
  validateSearch: (search: Record<string, unknown>) => validateMessageCenterSearch(search),
  beforeLoad: requireMenu('/account/messageCenter'),
  loader: namespaces('messages'),
  component: lazyRouteComponent(
    () => import('../features/messages/message-center-page'),
    'MessageCenterPage',
  ),
});

// ---- pages without sign-in -----------------------------------------------------------------
/** Where a marketplace sends the seller back after consent; filled by shop authorization. */
const authorizeCallbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/authorize/authorizeCallback',
  staticData: { titleKey: 'routes.authorizeCallback' },
  validateSearch: (search: Record<string, unknown>) => validateAuthorizeCallbackSearch(search),
  loader: namespaces('layout'),
  component: lazyRouteComponent(
    () => import('../features/shops/authorize-callback-page'),
    'AuthorizeCallbackPage',
  ),
});
const authorizeResultRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/authorize/authorizeResult',
  staticData: { titleKey: 'routes.authorizeResult' },
  validateSearch: (search: Record<string, unknown>) => validateAuthorizeResultSearch(search),
  loader: namespaces('layout'),
  component: lazyRouteComponent(
    () => import('../features/shops/authorize-result-page'),
    'AuthorizeResultPage',
  ),
});
/** Opens what a short link the server issued points at, or /404. */
const shortLinkRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/shortUrlLinkRedirect/$id',
  staticData: { titleKey: 'routes.shortLink' },
  loader: namespaces('layout'),
  component: lazyRouteComponent(
    () => import('../features/short-links/short-link-page'),
    'ShortLinkPage',
  ),
});
/** Goes straight back to the path after it: how a tab is refreshed. */
const redirectRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/redirect/$',
  staticData: { titleKey: 'routes.redirect' },
  beforeLoad: ({ params, location }) => {
    const target = safeConsolePath(`/${params._splat ?? ''}`) ?? '/cmpDashboard';
    throw redirect({
      to: target as '/',
      search: location.search as Record<string, unknown>,
      replace: true,
    });
  },
});
/** The API reference generated from the shared contract, readable without signing in. */
const documentationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/documentation/index',
  staticData: { titleKey: 'routes.documentation' },
  loader: namespaces('documentation'),
  component: lazyRouteComponent(
    () => import('../features/documentation/documentation-page'),
    'DocumentationPage',
  ),
});

/** The signed-in pages: the route table the menu is built from (console/layout/menu.ts). */
export const menuRouteTree = authedRoute.addChildren([
  indexRoute,
  dashboardRoute,
  payGroup.addChildren([payIndexRoute, rechargeRoute, orderTradingRoute]),
  payResultRoute,
  productGroup.addChildren([
    productIndexRoute,
    thirdProductListRoute,
    thirdDetailsRoute,
    collectorListRoute,
    collectorDetailsRoute,
    lazadaProductDetailRoute,
    shopeeProductDetailRoute,
    tiktokProductDetailRoute,
  ]),
  orderGroup.addChildren([orderIndexRoute, serviceProgressRoute]),
  platformGroup.addChildren([
    platformIndexRoute,
    orderManageRoute,
    returnManageRoute,
    shopsRoute,
    platformProductManageRoute,
  ]),
  purchaseGroup.addChildren([
    purchaseIndexRoute,
    purchaseManageRoute,
    purchaseManageDetailRoute,
    warehouseManageRoute,
  ]),
  otherGroup.addChildren([otherIndexRoute, historyMoneyRoute, addMoneyRoute, couponCenterRoute]),
  serviceGroup.addChildren([serviceIndexRoute, serviceMarketRoute]),
  accountGroup.addChildren([
    accountIndexRoute,
    accountSettingRoute,
    accountManageRoute,
    messageSubscribeRoute,
    messageCenterRoute,
  ]),
]);

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
  authorizeCallbackRoute,
  authorizeResultRoute,
  shortLinkRoute,
  redirectRoute,
  documentationRoute,
  menuRouteTree,
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
