import { SiteListSchema } from '../contracts/sites';
import type { Http } from './http';

export function createSitesApi(http: Http) {
  return {
    /** GET /api-user/public/getSiteList: opened sites, or every site with `all`. */
    list: async (options: { all?: boolean; signal?: AbortSignal } = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/public/getSiteList',
          query: { isAll: options.all ? 1 : undefined },
          schema: SiteListSchema,
          tokenless: true,
          ...(options.signal ? { signal: options.signal } : {}),
        })
      ).datas,
  };
}
