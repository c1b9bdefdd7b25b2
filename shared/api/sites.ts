import { endpoints } from '../contracts/endpoints';
import type { Http } from './http';

export function createSitesApi(http: Http) {
  return {
    /** Opened sites, or every site with `all`. */
    list: async (options: { all?: boolean; signal?: AbortSignal } = {}) =>
      (
        await http.call(endpoints.sites.list, {
          query: { isAll: options.all ? '1' : undefined },
          ...(options.signal ? { signal: options.signal } : {}),
        })
      ).datas,
  };
}
