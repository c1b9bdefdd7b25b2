import {
  createRootRouteWithContext,
  createRoute,
  lazyRouteComponent,
  redirect,
} from '@tanstack/react-router';
import { safeConsolePath } from '../platform/preferences';
import { namespaces, type RouterContext, requireSession } from '../platform/routing';
import { RootLayout } from './root-layout';
import { isBootScreen, loadFullStyles } from './styles';

// The routes no feature owns: the root, the status pages, the signed-in shell and the menu's
// groups, each group opening on its default page. Features hang their routes under these
// (console/app/router.tsx hands them over).

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // A screen past the login one draws with components whose styles come after the first paint.
  // Waited for in the loader, beside the screen's own chunks and data (every matched route's
  // loader and component load at once), not before them: a hook before the load would hold
  // every request of the screen until the style sheet arrived.
  loader: async ({ location }) => {
    if (!isBootScreen(location.pathname)) await loadFullStyles();
  },
  notFoundComponent: lazyRouteComponent(
    () => import('../layout/not-found-redirect'),
    'NotFoundRedirect',
  ),
});

export const forbiddenRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/401',
  staticData: { titleKey: 'routes.forbidden' },
  loader: namespaces('layout'),
  component: lazyRouteComponent(() => import('../layout/forbidden-page'), 'ForbiddenPage'),
});

export const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/404',
  staticData: { titleKey: 'routes.notFound' },
  loader: namespaces('layout'),
  component: lazyRouteComponent(() => import('../layout/not-found-page'), 'NotFoundPage'),
});

/** Goes straight back to the path after it: how a tab is refreshed. */
export const redirectRoute = createRoute({
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

/** Every route below needs a session of an onboarded account. */
export const authedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'authed',
  beforeLoad: (input) => {
    if (!requireSession(input).onboarded) throw redirect({ to: '/onboarding', replace: true });
  },
  loader: namespaces('layout'),
  component: lazyRouteComponent(() => import('./shell-parts'), 'ConsoleShell'),
});

export const indexRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/cmpDashboard' });
  },
});

// ---- the menu's groups, each opening on its default page (spec section 2) -------------------
export const payGroup = createRoute({
  getParentRoute: () => authedRoute,
  path: '/pay',
  staticData: { titleKey: 'routes.pay', icon: 'wallet' },
});
export const payIndexRoute = createRoute({
  getParentRoute: () => payGroup,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/pay/recharge', replace: true });
  },
});

export const productGroup = createRoute({
  getParentRoute: () => authedRoute,
  path: '/product',
  staticData: { titleKey: 'routes.product', icon: 'package', tour: 'Product' },
});
export const productIndexRoute = createRoute({
  getParentRoute: () => productGroup,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/product/collectorList', replace: true });
  },
});

export const orderGroup = createRoute({
  getParentRoute: () => authedRoute,
  path: '/order',
  staticData: { titleKey: 'routes.order', icon: 'receipt', tour: 'Order' },
});
export const orderIndexRoute = createRoute({
  getParentRoute: () => orderGroup,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/order/serviceProgress', replace: true });
  },
});

export const platformGroup = createRoute({
  getParentRoute: () => authedRoute,
  path: '/thirdPartyPlatform',
  staticData: { titleKey: 'routes.thirdPartyPlatform', icon: 'store' },
});
export const platformIndexRoute = createRoute({
  getParentRoute: () => platformGroup,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/thirdPartyPlatform/orderManage', replace: true });
  },
});

export const purchaseGroup = createRoute({
  getParentRoute: () => authedRoute,
  path: '/purchaseAndWarehouse',
  staticData: {
    titleKey: 'routes.purchaseAndWarehouse',
    icon: 'truck',
    tour: 'PurchaseAndWarehouse',
  },
});
/** The group opens on the warehouse (spec section 2: warehouseManage is the default). */
export const purchaseIndexRoute = createRoute({
  getParentRoute: () => purchaseGroup,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/purchaseAndWarehouse/warehouseManage', replace: true });
  },
});

export const otherGroup = createRoute({
  getParentRoute: () => authedRoute,
  path: '/other',
  staticData: { titleKey: 'routes.other', icon: 'coins' },
});
export const otherIndexRoute = createRoute({
  getParentRoute: () => otherGroup,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/other/historyMoney', replace: true });
  },
});

export const serviceGroup = createRoute({
  getParentRoute: () => authedRoute,
  path: '/service',
  staticData: { titleKey: 'routes.service', icon: 'apps' },
});
export const serviceIndexRoute = createRoute({
  getParentRoute: () => serviceGroup,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/service/serviceMarket', replace: true });
  },
});

export const accountGroup = createRoute({
  getParentRoute: () => authedRoute,
  path: '/account',
  staticData: { titleKey: 'routes.account', icon: 'user' },
});
export const accountIndexRoute = createRoute({
  getParentRoute: () => accountGroup,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/account/accountSetting', replace: true });
  },
});

// ---- links out of the console's pages, listed in the sidebar (spec section 2) ----------------
const externalLinkPage = lazyRouteComponent(
  () => import('../layout/external-link-page'),
  'ExternalLinkPage',
);
export const mainSiteRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/mainSite',
  staticData: { titleKey: 'routes.mainSite', icon: 'home', external: 'mainSite' },
  component: externalLinkPage,
});
export const helpCenterRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/helpCenter',
  staticData: { titleKey: 'routes.helpCenter', icon: 'help', external: 'helpCenter' },
  component: externalLinkPage,
});
export const apiReferenceRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: '/apiReference',
  staticData: { titleKey: 'routes.documentation', icon: 'book', external: 'documentation' },
  component: externalLinkPage,
});
