import { activityEndpoints } from './activity.endpoints';
import { authEndpoints } from './auth.endpoints';
import { catalogueEndpoints } from './catalogue.endpoints';
import { collectorEndpoints } from './collector.endpoints';
import { configEndpoints } from './config.endpoints';
import { couponsEndpoints } from './coupons.endpoints';
import { dashboardEndpoints } from './dashboard.endpoints';
import type { Endpoint } from './define-endpoint';
import { docsEndpoints } from './docs.endpoints';
import { filesEndpoints } from './files.endpoints';
import { guideEndpoints } from './guide.endpoints';
import { helpEndpoints } from './help.endpoints';
import { messagesEndpoints } from './messages.endpoints';
import { noticesEndpoints } from './notices.endpoints';
import { orderPushesEndpoints } from './order-pushes.endpoints';
import { ordersEndpoints } from './orders.endpoints';
import { paymentsEndpoints } from './payments.endpoints';
import { productsEndpoints } from './products.endpoints';
import { purchasesEndpoints } from './purchases.endpoints';
import { registerEndpoints } from './register.endpoints';
import { returnsEndpoints } from './returns.endpoints';
import { servicesEndpoints } from './services.endpoints';
import { shopsEndpoints } from './shops.endpoints';
import { shortLinksEndpoints } from './short-links.endpoints';
import { sitesEndpoints } from './sites.endpoints';
import { subAccountsEndpoints } from './sub-accounts.endpoints';
import { usersEndpoints } from './users.endpoints';
import { walletEndpoints } from './wallet.endpoints';
import { warehousesEndpoints } from './warehouses.endpoints';
import { wechatEndpoints } from './wechat.endpoints';

/**
 * Every API call, declared once per domain (`<domain>.endpoints.ts`): the server serves each
 * declaration (server/routes.ts), the client calls by it (shared/api), and the API reference and
 * the authorization matrix read it.
 */
export const endpoints = {
  auth: authEndpoints,
  register: registerEndpoints,
  users: usersEndpoints,
  files: filesEndpoints,
  sites: sitesEndpoints,
  shops: shopsEndpoints,
  collector: collectorEndpoints,
  subAccounts: subAccountsEndpoints,
  wechat: wechatEndpoints,
  messages: messagesEndpoints,
  dashboard: dashboardEndpoints,
  config: configEndpoints,
  guide: guideEndpoints,
  shortLinks: shortLinksEndpoints,
  activity: activityEndpoints,
  notices: noticesEndpoints,
  help: helpEndpoints,
  wallet: walletEndpoints,
  coupons: couponsEndpoints,
  payments: paymentsEndpoints,
  purchases: purchasesEndpoints,
  warehouses: warehousesEndpoints,
  docs: docsEndpoints,
  orders: ordersEndpoints,
  orderPushes: orderPushesEndpoints,
  returns: returnsEndpoints,
  services: servicesEndpoints,
  products: productsEndpoints,
  catalogue: catalogueEndpoints,
} satisfies Record<string, Record<string, Endpoint>>;

/** Every declaration of the table, each named `<domain>.<call>`. */
export function endpointList(): { name: string; endpoint: Endpoint }[] {
  return Object.entries(endpoints).flatMap(([domain, calls]) =>
    Object.entries(calls).map(([call, endpoint]: [string, Endpoint]) => ({
      name: `${domain}.${call}`,
      endpoint,
    })),
  );
}
