import * as z from 'zod/mini';
import {
  type CouponListQuery,
  CouponPageSchema,
  UsableCouponSchema,
  type UsableCouponsQuery,
} from '../contracts/coupons';
import type { Http } from './http';

type Options = { signal?: AbortSignal };

/** The coupon centre and the coupons that fit an order. */
export function createCouponsApi(http: Http) {
  return {
    /** GET /api-user/coupon/list: one tab of the coupon centre with every tab's count. */
    list: async (query: Partial<CouponListQuery>, options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/coupon/list',
          query,
          schema: CouponPageSchema,
          ...options,
        })
      ).datas,
    /** GET /api-user/coupon/usable: coupons that fit an order, the best first. */
    usable: async (query: UsableCouponsQuery, options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/coupon/usable',
          query,
          schema: z.array(UsableCouponSchema),
          ...options,
        })
      ).datas,
  };
}
