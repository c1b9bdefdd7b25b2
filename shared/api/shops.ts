import * as z from 'zod/mini';
import {
  type AuthorizeCallbackRequest,
  AuthorizeResultSchema,
  type AuthorizeUrlRequest,
  AuthorizeUrlResponseSchema,
  PlatformTypeListSchema,
  ShopDetailListSchema,
  ShopDetailSchema,
  ShopSchema,
  SyncRunSchema,
} from '../contracts/shops';
import type { Http } from './http';

type Options = { signal?: AbortSignal };

/** What starts an order sync: some shops (all normal ones when absent), a range (the default when absent). */
export interface OrderSyncInput {
  shopIds?: readonly string[];
  startTime?: string;
  endTime?: string;
}

export function createShopsApi(http: Http) {
  return {
    /** GET /admin/pluginmanage/platform/list: the marketplaces a shop can be authorized on. */
    platforms: async (options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/admin/pluginmanage/platform/list',
          schema: PlatformTypeListSchema,
          tokenless: true,
          ...options,
        })
      ).datas,
    /** GET /api-user/shop/list: the shops the signed-in account may see, with their state. */
    list: async (options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/shop/list',
          schema: ShopDetailListSchema,
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
    /**
     * POST /api-user/shop/authorize/url (or reauthorize/url with a shopId): where the seller gives
     * consent on the platform.
     */
    authorizeUrl: async (input: AuthorizeUrlRequest) =>
      (
        await http.request({
          method: 'POST',
          path: input.shopId ? '/api-user/shop/reauthorize/url' : '/api-user/shop/authorize/url',
          json: input,
          schema: AuthorizeUrlResponseSchema,
        })
      ).datas,
    /**
     * POST /api-user/shop/authorize/callback: what the platform sent back, as it came. Sent
     * without a session: the state alone names the attempt, whoever's browser this is.
     */
    authorizeCallback: async (input: AuthorizeCallbackRequest) =>
      (
        await http.request({
          method: 'POST',
          path: '/api-user/shop/authorize/callback',
          json: input,
          schema: AuthorizeResultSchema,
          tokenless: true,
        })
      ).datas,
    /** POST /api-user/shop/unbind: the answer carries nothing the console needs. */
    unbind: (input: { shopId: string }) =>
      http.request({
        method: 'POST',
        path: '/api-user/shop/unbind',
        json: input,
        schema: z.unknown(),
      }),
    /** POST /api-user/shop/sync/retry: queues a sync of the shop's orders and products now. */
    retrySync: (input: { shopId: string }) =>
      http.request({
        method: 'POST',
        path: '/api-user/shop/sync/retry',
        json: input,
        schema: ShopDetailSchema,
      }),
    /** GET /order/order/asyncOrder: starts pulling orders from the platforms. */
    startOrderSync: async (input: OrderSyncInput) =>
      (
        await http.request({
          method: 'GET',
          path: '/order/order/asyncOrder',
          query: {
            shopIds: input.shopIds?.length ? input.shopIds.join(',') : undefined,
            startTime: input.startTime,
            endTime: input.endTime,
          },
          schema: SyncRunSchema,
        })
      ).datas,
    /** GET /order/order/asyncOrder/status: where a sync run stands. */
    orderSyncStatus: async (runId: string, options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/order/order/asyncOrder/status',
          query: { runId },
          schema: SyncRunSchema,
          ...options,
        })
      ).datas,
    /** POST /order/order/asyncOrder/cancel. */
    cancelOrderSync: async (runId: string) =>
      (
        await http.request({
          method: 'POST',
          path: '/order/order/asyncOrder/cancel',
          json: { runId },
          schema: SyncRunSchema,
        })
      ).datas,
  };
}
