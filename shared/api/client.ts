import { createAuthApi } from './auth';
import { createHttp, type HttpOptions } from './http';
import { createRegisterApi } from './register';
import { createShopsApi } from './shops';
import { createSitesApi } from './sites';
import { createSubAccountsApi } from './sub-accounts';
import { createUsersApi } from './users';
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
    subAccounts: createSubAccountsApi(http),
    wechat: createWechatApi(http),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
