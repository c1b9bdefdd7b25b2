import * as z from 'zod/mini';
import {
  CouponListQuerySchema,
  CouponPageSchema,
  UsableCouponSchema,
  UsableCouponsQuerySchema,
} from './coupons';
import { defineEndpoint } from './define-endpoint';

/** The coupon centre and the coupons that fit an order. */
export const couponsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api-user/coupon/list',
    access: 'session',
    query: CouponListQuerySchema,
    permission: { menu: '/other/couponCenter' },
    response: CouponPageSchema,
    summary:
      "One tab of the coupon centre (unused, used, expired, freezing) of the main account's coupons, one page, with every tab's count",
  }),
  /** Both paying pages offer coupons (paying an order, recharging): holding either is enough. */
  usable: defineEndpoint({
    method: 'GET',
    path: '/api-user/coupon/usable',
    access: 'session',
    query: UsableCouponsQuerySchema,
    permission: { anyOf: [{ menu: '/pay/orderTrading' }, { menu: '/pay/recharge' }] },
    response: z.array(UsableCouponSchema),
    summary:
      'The coupons an order of this scope, currency and amount can use now, the biggest discount first.',
  }),
};
