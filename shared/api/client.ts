import { createActivityApi } from './activity';
import { createApiReferenceApi } from './api-reference';
import { createAuthApi } from './auth';
import { createCatalogueApi } from './catalogue';
import { createCollectorApi } from './collector';
import { createConfigApi } from './config';
import { createCouponsApi } from './coupons';
import { createDashboardApi } from './dashboard';
import { createGuideApi } from './guide';
import { createHelpApi } from './help';
import { createHttp, type HttpOptions } from './http';
import { createMessagesApi } from './messages';
import { createNoticesApi } from './notices';
import { createOrdersApi, createReturnsApi } from './orders';
import { createPaymentsApi } from './payments';
import { createProductsApi } from './products';
import { createPurchasesApi } from './purchases';
import { createRegisterApi } from './register';
import { createServicesApi } from './services';
import { createShopsApi } from './shops';
import { createShortLinksApi } from './short-links';
import { createSitesApi } from './sites';
import { createSubAccountsApi } from './sub-accounts';
import { createUsersApi } from './users';
import { createWalletApi } from './wallet';
import { createWarehousesApi } from './warehouses';
import { createWechatApi } from './wechat';

/** The one API client: console, popup, side panel and background each make one with their own session and fetch. */
export function createApiClient(options: HttpOptions) {
  const http = createHttp(options);
  return {
    auth: createAuthApi(http),
    register: createRegisterApi(http),
    users: createUsersApi(http),
    sites: createSitesApi(http),
    shops: createShopsApi(http),
    collector: createCollectorApi(http),
    catalogue: createCatalogueApi(http),
    products: createProductsApi(http),
    subAccounts: createSubAccountsApi(http),
    wechat: createWechatApi(http),
    dashboard: createDashboardApi(http),
    config: createConfigApi(http),
    guide: createGuideApi(http),
    messages: createMessagesApi(http),
    notices: createNoticesApi(http),
    help: createHelpApi(http),
    shortLinks: createShortLinksApi(http),
    activity: createActivityApi(http),
    wallet: createWalletApi(http),
    payments: createPaymentsApi(http),
    coupons: createCouponsApi(http),
    purchases: createPurchasesApi(http),
    warehouses: createWarehousesApi(http),
    orders: createOrdersApi(http),
    returns: createReturnsApi(http),
    services: createServicesApi(http),
    apiReference: createApiReferenceApi(options),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
