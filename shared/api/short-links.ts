import { endpoints } from '../contracts/endpoints';
import type { Http } from './http';

export function createShortLinksApi(http: Http) {
  return {
    /** Where a short link leads; SHORT_LINK_NOT_FOUND when unknown or expired. */
    resolve: async (id: string, options: { signal?: AbortSignal } = {}) =>
      (
        await http.call(endpoints.shortLinks.resolve, {
          query: { id },
          ...(options.signal ? { signal: options.signal } : {}),
        })
      ).datas,
  };
}
