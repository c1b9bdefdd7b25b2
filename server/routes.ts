import type { RouteDefinition } from './lib/route';
import { activityRoutes } from './modules/activity/activity.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { collectorRoutes } from './modules/collector/collector.routes';
import { configRoutes } from './modules/config/config.routes';
import { couponsRoutes } from './modules/coupons/coupons.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { docsRoutes } from './modules/docs/docs.routes';
import { filesRoutes } from './modules/files/files.routes';
import { guideRoutes } from './modules/guide/guide.routes';
import { helpRoutes } from './modules/help/help.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { noticesRoutes } from './modules/notices/notices.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { orderPushesRoutes } from './modules/orders/pushes.routes';
import { returnsRoutes } from './modules/orders/returns.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { productsRoutes } from './modules/products/products.routes';
import { purchasesRoutes } from './modules/purchases/purchases.routes';
import { registerRoutes } from './modules/register/register.routes';
import { servicesRoutes } from './modules/services/services.routes';
import { shopsRoutes } from './modules/shops/shops.routes';
import { shortLinksRoutes } from './modules/short-links/short-links.routes';
import { sitesRoutes } from './modules/sites/sites.routes';
import { subAccountsRoutes } from './modules/sub-accounts/sub-accounts.routes';
import { usersRoutes } from './modules/users/users.routes';
import { historyRoutes } from './modules/wallet/history.routes';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { warehousesRoutes } from './modules/warehouses/warehouses.routes';
import { wechatRoutes } from './modules/wechat/wechat.routes';

/**
 * Every API route of every module, each serving one declaration of the endpoint table
 * (shared/contracts/endpoints.ts); the app mounts them and the authorization matrix reads them.
 */
export const ROUTES: readonly RouteDefinition[] = [
  ...authRoutes,
  ...registerRoutes,
  ...usersRoutes,
  ...filesRoutes,
  ...sitesRoutes,
  ...shopsRoutes,
  ...collectorRoutes,
  ...subAccountsRoutes,
  ...wechatRoutes,
  ...messagesRoutes,
  ...dashboardRoutes,
  ...configRoutes,
  ...guideRoutes,
  ...shortLinksRoutes,
  ...activityRoutes,
  ...noticesRoutes,
  ...helpRoutes,
  ...walletRoutes,
  ...historyRoutes,
  ...couponsRoutes,
  ...paymentsRoutes,
  ...purchasesRoutes,
  ...warehousesRoutes,
  ...ordersRoutes,
  ...orderPushesRoutes,
  ...returnsRoutes,
  ...servicesRoutes,
  ...docsRoutes(),
  ...productsRoutes,
  ...catalogueRoutes,
];
