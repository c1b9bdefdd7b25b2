import {
  CouponListQuerySchema,
  CouponPageSchema,
  UsableCouponSchema,
  UsableCouponsQuerySchema,
} from '@shared/contracts/coupons';
import { allows } from '@shared/permissions';
import * as z from 'zod/mini';
import { AppError } from '../../lib/errors';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { listCoupons, usableCoupons } from './coupons.service';

/** The coupon centre (spec section 2, /other/couponCenter). */
const COUPON_CENTER = '/other/couponCenter';
/** The pages that spend coupons: paying an order, and recharging with a recharge coupon. */
const PAYING_PAGES = ['/pay/orderTrading', '/pay/recharge'] as const;

export const couponsRoutes = [
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/coupon/list',
      access: 'session',
      query: CouponListQuerySchema,
      permission: { menu: COUPON_CENTER },
      response: CouponPageSchema,
      summary:
        "One tab of the coupon centre (unused, used, expired, freezing) of the main account's coupons, one page, with every tab's count",
    },
    async ({ c, deps, actor, query }) =>
      ok(c, await listCoupons(deps, actor, { ...query, language: c.var.t.language })),
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/coupon/usable',
      access: 'session',
      query: UsableCouponsQuerySchema,
      response: z.array(UsableCouponSchema),
      summary:
        'The coupons an order of this scope, currency and amount can use now, the biggest discount first. Needs the menu /pay/orderTrading or /pay/recharge.',
    },
    async ({ c, deps, actor, query }) => {
      // Both paying pages offer coupons; holding either is enough, so the guard is here.
      if (!PAYING_PAGES.some((menu) => allows(actor.routes, menu)))
        throw new AppError('PERMISSION_DENIED');
      return ok(c, await usableCoupons(deps, actor, { ...query, language: c.var.t.language }));
    },
  ),
];
