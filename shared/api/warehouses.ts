import { endpoints } from '../contracts/endpoints';
import { IDEMPOTENCY_HEADER } from '../contracts/payments';
import type { WarehouseSite } from '../contracts/warehouses';
import type { Http } from './http';

type Options = { signal?: AbortSignal };
const calls = endpoints.warehouses;
const idempotent = (key: string) => ({ [IDEMPOTENCY_HEADER]: key });

/** Overseas warehouses. Calls that charge carry an idempotency key. */
export function createWarehousesApi(http: Http) {
  return {
    list: async (site: WarehouseSite | undefined, options: Options = {}) =>
      (await http.call(calls.list, { query: site ? { site } : {}, ...options })).datas,
    quote: async (site: WarehouseSite, volume: number, options: Options = {}) =>
      (await http.call(calls.quote, { query: { site, volume }, ...options })).datas,
    open: async (
      input: { site: WarehouseSite; volume: number; couponId?: string },
      idempotencyKey: string,
    ) =>
      (
        await http.call(calls.open, {
          json: { ...input, pay: true },
          headers: idempotent(idempotencyKey),
        })
      ).datas,
    upgrade: async (input: { id: string; volume: number; couponId?: string }, key: string) =>
      (await http.call(calls.upgrade, { json: { ...input, pay: true }, headers: idempotent(key) }))
        .datas,
    renew: async (input: { id: string; couponId?: string }, key: string) =>
      (await http.call(calls.renew, { json: { ...input, pay: true }, headers: idempotent(key) }))
        .datas,
    downgrade: async (id: string, volume: number) =>
      (await http.call(calls.downgrade, { json: { id, volume } })).datas,
    cancelMonthly: async (id: string) =>
      (await http.call(calls.cancelMonthly, { json: { id } })).datas,
    resumeMonthly: async (id: string) =>
      (await http.call(calls.resumeMonthly, { json: { id } })).datas,
    inventory: async (id: string, options: Options = {}) =>
      (await http.call(calls.inventory, { query: { id }, ...options })).datas,
    forecast: async (id: string, options: Options = {}) =>
      (await http.call(calls.forecast, { query: { id }, ...options })).datas,
  };
}
