import { OrderTrendQuerySchema, StatusSummaryQuerySchema } from '@shared/contracts/dashboard';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import {
  orderStatusSummary,
  orderTrend,
  productStatusSummary,
  purchaseStatusSummary,
} from './dashboard.service';

/** Each count is of a list page's rows: holding that page is what lets its counts be read. */
const PRODUCTS = '/thirdPartyPlatform/platformProductManage';
const ORDERS = '/thirdPartyPlatform/orderManage';
const PURCHASES = '/purchaseAndWarehouse/purchaseManage';

export const dashboardRoutes = [
  defineRoute(
    {
      method: 'GET',
      path: '/product/product/status/summary',
      access: 'session',
      query: StatusSummaryQuerySchema,
      permission: { menu: PRODUCTS },
    },
    async ({ c, deps, actor, query }) => ok(c, await productStatusSummary(deps, actor, query)),
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/order/order/status/summary',
      access: 'session',
      query: StatusSummaryQuerySchema,
      permission: { menu: ORDERS },
    },
    async ({ c, deps, actor, query }) => ok(c, await orderStatusSummary(deps, actor, query)),
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/order/purchaseorder/status/summary',
      access: 'session',
      permission: { menu: PURCHASES },
    },
    async ({ c, deps, actor }) => ok(c, await purchaseStatusSummary(deps, actor)),
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/order/order/trend',
      access: 'session',
      query: OrderTrendQuerySchema,
      permission: { menu: ORDERS },
    },
    async ({ c, deps, actor, query }) =>
      ok(c, await orderTrend(deps, actor, { timeZone: query.timeZone })),
  ),
];
