import {
  OrderStatusSummarySchema,
  OrderTrendQuerySchema,
  OrderTrendSchema,
  ProductStatusSummarySchema,
  PurchaseStatusSummarySchema,
  StatusSummaryQuerySchema,
} from './dashboard';
import { defineEndpoint } from './define-endpoint';

/** The dashboard's counts: each is of a list page's rows, so holding that page lets them be read. */
export const dashboardEndpoints = {
  /** Products per status. */
  productSummary: defineEndpoint({
    method: 'GET',
    path: '/product/product/status/summary',
    access: 'session',
    query: StatusSummaryQuerySchema,
    permission: { menu: '/thirdPartyPlatform/platformProductManage' },
    response: ProductStatusSummarySchema,
  }),
  /** Orders pending, processing and in transit. */
  orderSummary: defineEndpoint({
    method: 'GET',
    path: '/order/order/status/summary',
    access: 'session',
    query: StatusSummaryQuerySchema,
    permission: { menu: '/thirdPartyPlatform/orderManage' },
    response: OrderStatusSummarySchema,
  }),
  /** Purchases per status. */
  purchaseSummary: defineEndpoint({
    method: 'GET',
    path: '/order/purchaseorder/status/summary',
    access: 'session',
    permission: { menu: '/purchaseAndWarehouse/purchaseManage' },
    response: PurchaseStatusSummarySchema,
  }),
  /** Orders and sales per shop per day, the last 14 days in the given time zone. */
  orderTrend: defineEndpoint({
    method: 'GET',
    path: '/order/order/trend',
    access: 'session',
    query: OrderTrendQuerySchema,
    permission: { menu: '/thirdPartyPlatform/orderManage' },
    response: OrderTrendSchema,
  }),
};
