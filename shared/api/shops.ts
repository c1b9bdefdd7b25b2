import { endpoints } from '../contracts/endpoints';
import {
  type AuthorizeCallbackRequest,
  type AuthorizeUrlRequest,
  PlatformTypeListSchema,
} from '../contracts/shops';
import { type Http, narrowDatas } from './http';

type Options = { signal?: AbortSignal };

/** What starts an order sync: some shops (all normal ones when absent), a range (the default when absent). */
export interface OrderSyncInput {
  shopIds?: readonly string[];
  startTime?: string;
  endTime?: string;
}

const calls = endpoints.shops;

export function createShopsApi(http: Http) {
  return {
    /** The marketplaces a shop can be authorized on. */
    platforms: async (options: Options = {}) =>
      narrowDatas(PlatformTypeListSchema, (await http.call(calls.platforms, options)).datas),
    /** The shops the signed-in account may see, with their state. */
    list: async (options: Options = {}) => (await http.call(calls.list, options)).datas,
    setAlias: (input: { shopId: string; alias: string }) =>
      http.call(calls.setAlias, { json: input }),
    /** Where the seller gives consent on the platform (re-authorization when a shop is named). */
    authorizeUrl: async (input: AuthorizeUrlRequest) =>
      (
        await (input.shopId
          ? http.call(calls.reauthorizeUrl, { json: input })
          : http.call(calls.authorizeUrl, { json: input }))
      ).datas,
    /**
     * What the platform sent back, as it came. Sent without a session: the state alone names the
     * attempt, whoever's browser this is.
     */
    authorizeCallback: async (input: AuthorizeCallbackRequest) =>
      (await http.call(calls.authorizeCallback, { json: input })).datas,
    /** The answer carries nothing the console needs. */
    unbind: (input: { shopId: string }) => http.call(calls.unbind, { json: input }),
    /** Queues a sync of the shop's orders and products now. */
    retrySync: (input: { shopId: string }) => http.call(calls.retrySync, { json: input }),
    /** Starts pulling orders from the platforms. */
    startOrderSync: async (input: OrderSyncInput) =>
      (
        await http.call(calls.startOrderSync, {
          query: {
            shopIds: input.shopIds?.length ? input.shopIds.join(',') : undefined,
            startTime: input.startTime,
            endTime: input.endTime,
          },
        })
      ).datas,
    /** Where a sync run stands. */
    orderSyncStatus: async (runId: string, options: Options = {}) =>
      (await http.call(calls.orderSyncStatus, { query: { runId }, ...options })).datas,
    cancelOrderSync: async (runId: string) =>
      (await http.call(calls.cancelOrderSync, { json: { runId } })).datas,
  };
}
