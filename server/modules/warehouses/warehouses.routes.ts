import { endpoints } from '@shared/contracts/endpoints';
import { requestIdempotencyKey } from '../../lib/idempotency-key';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { warehouseForecast, warehouseInventory } from './forecast.service';
import {
  downgradeWarehouse,
  listWarehouses,
  openWarehouse,
  quoteWarehouse,
  renewWarehouse,
  setAutoRenew,
  upgradeWarehouse,
} from './warehouses.service';

// A warehouse is found among the actor's main account's own (another's: RECORD_NOT_FOUND), and a
// coupon among its coupons, by the services.
const CHECKED_BY_SERVICE = { notObjects: ['id', 'couponId'] } as const;

export const warehousesRoutes = [
  defineRoute(endpoints.warehouses.list, async ({ c, deps, actor, query }) =>
    ok(c, await listWarehouses(deps, actor, query)),
  ),
  defineRoute(endpoints.warehouses.quote, async ({ c, deps, actor, query }) =>
    ok(c, await quoteWarehouse(deps, actor, query)),
  ),
  defineRoute(endpoints.warehouses.open, CHECKED_BY_SERVICE, async ({ c, deps, actor, json }) =>
    ok(
      c,
      await openWarehouse(deps, actor, {
        ...json,
        idempotencyKey: requestIdempotencyKey(c),
        language: c.var.t.language,
      }),
    ),
  ),
  defineRoute(endpoints.warehouses.upgrade, CHECKED_BY_SERVICE, async ({ c, deps, actor, json }) =>
    ok(
      c,
      await upgradeWarehouse(deps, actor, {
        ...json,
        idempotencyKey: requestIdempotencyKey(c),
        language: c.var.t.language,
      }),
    ),
  ),
  defineRoute(endpoints.warehouses.renew, CHECKED_BY_SERVICE, async ({ c, deps, actor, json }) =>
    ok(
      c,
      await renewWarehouse(deps, actor, {
        ...json,
        idempotencyKey: requestIdempotencyKey(c),
        language: c.var.t.language,
      }),
    ),
  ),
  defineRoute(
    endpoints.warehouses.downgrade,
    CHECKED_BY_SERVICE,
    async ({ c, deps, actor, json }) => ok(c, await downgradeWarehouse(deps, actor, json)),
  ),
  defineRoute(
    endpoints.warehouses.cancelMonthly,
    CHECKED_BY_SERVICE,
    async ({ c, deps, actor, json }) =>
      ok(c, await setAutoRenew(deps, actor, { id: json.id, autoRenew: false })),
  ),
  defineRoute(
    endpoints.warehouses.resumeMonthly,
    CHECKED_BY_SERVICE,
    async ({ c, deps, actor, json }) =>
      ok(c, await setAutoRenew(deps, actor, { id: json.id, autoRenew: true })),
  ),
  defineRoute(
    endpoints.warehouses.inventory,
    CHECKED_BY_SERVICE,
    async ({ c, deps, actor, query }) => ok(c, await warehouseInventory(deps, actor, query)),
  ),
  defineRoute(
    endpoints.warehouses.forecast,
    CHECKED_BY_SERVICE,
    async ({ c, deps, actor, query }) => ok(c, await warehouseForecast(deps, actor, query)),
  ),
];
