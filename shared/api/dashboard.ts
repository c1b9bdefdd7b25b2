import type { StatusSummaryQuery } from '../contracts/dashboard';
import { endpoints } from '../contracts/endpoints';
import type { Http } from './http';

type Options = { signal?: AbortSignal };

const calls = endpoints.dashboard;

export function createDashboardApi(http: Http) {
  return {
    /** Products per status. */
    productSummary: async (query: StatusSummaryQuery = {}, options: Options = {}) =>
      (await http.call(calls.productSummary, { query, ...options })).datas,
    /** Orders pending, processing and in transit. */
    orderSummary: async (query: StatusSummaryQuery = {}, options: Options = {}) =>
      (await http.call(calls.orderSummary, { query, ...options })).datas,
    /** Purchases per status. */
    purchaseSummary: async (options: Options = {}) =>
      (await http.call(calls.purchaseSummary, options)).datas,
    /** Orders and sales per shop per day, last 14 days in `timeZone`. */
    orderTrend: async (timeZone: string | undefined, options: Options = {}) =>
      (await http.call(calls.orderTrend, { query: { timeZone }, ...options })).datas,
  };
}
