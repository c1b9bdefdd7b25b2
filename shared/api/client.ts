import { createAuthApi } from './auth';
import { createHttp, type HttpOptions } from './http';
import { createSitesApi } from './sites';
import { createUsersApi } from './users';

/** The one API client: console, popup, side panel and background each make one with their own session and fetch. */
export function createApiClient(options: HttpOptions) {
  const http = createHttp(options);
  return {
    auth: createAuthApi(http),
    users: createUsersApi(http),
    sites: createSitesApi(http),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
