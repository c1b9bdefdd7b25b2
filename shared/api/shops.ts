import { ShopListSchema, ShopSchema } from '../contracts/shops';
import type { Http } from './http';

export function createShopsApi(http: Http) {
  return {
    /** GET /api-user/shop/list: the shops the signed-in account may see. */
    list: async (options: { signal?: AbortSignal } = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/shop/list',
          schema: ShopListSchema,
          ...options,
        })
      ).datas,
    /** POST /api-user/shop/alias. */
    setAlias: (input: { shopId: string; alias: string }) =>
      http.request({
        method: 'POST',
        path: '/api-user/shop/alias',
        json: input,
        schema: ShopSchema,
      }),
  };
}
