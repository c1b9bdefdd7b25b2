import {
  OrderStatusSummarySchema,
  OrderTrendSchema,
  ProductStatusSummarySchema,
  PurchaseStatusSummarySchema,
  type StatusSummaryQuery,
} from '../contracts/dashboard';
import type { Http } from './http';

type Options = { signal?: AbortSignal };

export function createDashboardApi(http: Http) {
  return {
    /** GET /product/product/status/summary: products per status. */
    productSummary: async (query: StatusSummaryQuery = {}, options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/product/product/status/summary',
          query,
          schema: ProductStatusSummarySchema,
          ...options,
        })
      ).datas,
    /** GET /order/order/status/summary: orders pending, processing and in transit. */
    orderSummary: async (query: StatusSummaryQuery = {}, options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/order/order/status/summary',
          query,
          schema: OrderStatusSummarySchema,
          ...options,
        })
      ).datas,
    /** GET /order/purchaseorder/status/summary: purchases per status. */
    purchaseSummary: async (options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/order/purchaseorder/status/summary',
          schema: PurchaseStatusSummarySchema,
          ...options,
        })
      ).datas,
    /** GET /order/order/trend: orders and sales per shop per day, last 14 days in `timeZone`. */
    orderTrend: async (timeZone: string | undefined, options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/order/order/trend',
          query: { timeZone },
          schema: OrderTrendSchema,
          ...options,
        })
      ).datas,
  };
}
