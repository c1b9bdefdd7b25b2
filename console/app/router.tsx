import { createRouter } from '@tanstack/react-router';
import { createAccountRoutes } from '../features/account/account.routes';
import { createAuthRoutes } from '../features/auth/auth.routes';
import { createCatalogueRoutes } from '../features/catalogue/catalogue.routes';
import { createCollectorRoutes } from '../features/collector/collector.routes';
import { createCouponsRoutes } from '../features/coupons/coupons.routes';
import { createDashboardRoutes } from '../features/dashboard/dashboard.routes';
import { createDocumentationRoutes } from '../features/documentation/documentation.routes';
import { createMessagesRoutes } from '../features/messages/messages.routes';
import { createOrdersRoutes } from '../features/orders/orders.routes';
import { createPayRoutes } from '../features/pay/pay.routes';
import { createPolicyRoutes } from '../features/policy/policy.routes';
import { createProductsRoutes } from '../features/products/products.routes';
import { createPurchasesRoutes } from '../features/purchases/purchases.routes';
import { createServicesRoutes } from '../features/services/services.routes';
import { createShopsRoutes } from '../features/shops/shops.routes';
import { createShortLinksRoutes } from '../features/short-links/short-links.routes';
import { createWalletRoutes } from '../features/wallet/wallet.routes';
import type { RouterContext } from '../platform/routing';
import {
  accountGroup,
  accountIndexRoute,
  apiReferenceRoute,
  authedRoute,
  forbiddenRoute,
  helpCenterRoute,
  indexRoute,
  mainSiteRoute,
  notFoundRoute,
  orderGroup,
  orderIndexRoute,
  otherGroup,
  otherIndexRoute,
  payGroup,
  payIndexRoute,
  platformGroup,
  platformIndexRoute,
  productGroup,
  productIndexRoute,
  purchaseGroup,
  purchaseIndexRoute,
  redirectRoute,
  rootRoute,
  serviceGroup,
  serviceIndexRoute,
} from './base-routes';

// The route table. Each feature exports a factory of its routes
// (console/features/<domain>/<domain>.routes.tsx) that hangs them under the routes it is handed;
// the routes no feature owns are in base-routes.tsx. The trees below put them all in menu order.

const root = rootRoute;
const shell = authedRoute;
const auth = createAuthRoutes({ root });
const policy = createPolicyRoutes({ root });
const shortLinks = createShortLinksRoutes({ root });
const documentation = createDocumentationRoutes({ root });
const dashboard = createDashboardRoutes({ shell });
const pay = createPayRoutes({ shell, pay: payGroup, other: otherGroup });
const catalogue = createCatalogueRoutes({ product: productGroup });
const collector = createCollectorRoutes({ product: productGroup });
const products = createProductsRoutes({ product: productGroup, platform: platformGroup });
const shops = createShopsRoutes({ root, platform: platformGroup });
const wallet = createWalletRoutes({ other: otherGroup });
const coupons = createCouponsRoutes({ other: otherGroup });
const purchases = createPurchasesRoutes({ group: purchaseGroup });
const account = createAccountRoutes({ account: accountGroup });
const messages = createMessagesRoutes({ account: accountGroup });
const orders = createOrdersRoutes({ platform: platformGroup });
const services = createServicesRoutes({ order: orderGroup, service: serviceGroup });

/** The signed-in pages, in menu order: the route table the menu is built from (console/layout/menu.ts). */
export const menuRouteTree = authedRoute.addChildren([
  indexRoute,
  ...dashboard.shell,
  payGroup.addChildren([payIndexRoute, ...pay.pay]),
  ...pay.shell,
  productGroup.addChildren([
    productIndexRoute,
    ...catalogue.product,
    ...collector.product,
    ...products.product,
  ]),
  orderGroup.addChildren([orderIndexRoute, ...services.order]),
  platformGroup.addChildren([
    platformIndexRoute,
    ...orders.platform,
    ...shops.platform,
    ...products.platform,
  ]),
  purchaseGroup.addChildren([purchaseIndexRoute, ...purchases.group]),
  otherGroup.addChildren([otherIndexRoute, ...wallet.other, ...pay.other, ...coupons.other]),
  serviceGroup.addChildren([serviceIndexRoute, ...services.service]),
  accountGroup.addChildren([accountIndexRoute, ...account.account, ...messages.account]),
  mainSiteRoute,
  helpCenterRoute,
  apiReferenceRoute,
]);

const routeTree = rootRoute.addChildren([
  ...auth.root,
  ...policy.root,
  notFoundRoute,
  forbiddenRoute,
  ...shops.root,
  ...shortLinks.root,
  redirectRoute,
  ...documentation.root,
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
