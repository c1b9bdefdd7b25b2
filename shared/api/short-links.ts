import { ShortLinkSchema } from '../contracts/short-links';
import type { Http } from './http';

export function createShortLinksApi(http: Http) {
  return {
    /** GET /api-user/public/shortUrl: where a short link leads; SHORT_LINK_NOT_FOUND when unknown or expired. */
    resolve: async (id: string, options: { signal?: AbortSignal } = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/public/shortUrl',
          query: { id },
          schema: ShortLinkSchema,
          tokenless: true,
          ...(options.signal ? { signal: options.signal } : {}),
        })
      ).datas,
  };
}
