import { endpoints } from '@shared/contracts/endpoints';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { listCoupons, usableCoupons } from './coupons.service';

export const couponsRoutes = [
  defineRoute(endpoints.coupons.list, async ({ c, deps, actor, query }) =>
    ok(c, await listCoupons(deps, actor, { ...query, language: c.var.t.language })),
  ),
  // Both paying pages offer coupons: the declaration lets either one through.
  defineRoute(endpoints.coupons.usable, async ({ c, deps, actor, query }) =>
    ok(c, await usableCoupons(deps, actor, { ...query, language: c.var.t.language })),
  ),
];
