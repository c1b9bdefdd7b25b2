import { endpoints } from '@shared/contracts/endpoints';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import {
  orderStatusSummary,
  orderTrend,
  productStatusSummary,
  purchaseStatusSummary,
} from './dashboard.service';

export const dashboardRoutes = [
  defineRoute(endpoints.dashboard.productSummary, async ({ c, deps, actor, query }) =>
    ok(c, await productStatusSummary(deps, actor, query)),
  ),
  defineRoute(endpoints.dashboard.orderSummary, async ({ c, deps, actor, query }) =>
    ok(c, await orderStatusSummary(deps, actor, query)),
  ),
  defineRoute(endpoints.dashboard.purchaseSummary, async ({ c, deps, actor }) =>
    ok(c, await purchaseStatusSummary(deps, actor)),
  ),
  defineRoute(endpoints.dashboard.orderTrend, async ({ c, deps, actor, query }) =>
    ok(c, await orderTrend(deps, actor, { timeZone: query.timeZone })),
  ),
];
