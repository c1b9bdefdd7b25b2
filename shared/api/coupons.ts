import type { CouponListQuery, UsableCouponsQuery } from '../contracts/coupons';
import { endpoints } from '../contracts/endpoints';
import type { Http } from './http';

type Options = { signal?: AbortSignal };

/** The coupon centre and the coupons that fit an order. */
export function createCouponsApi(http: Http) {
  return {
    /** One tab of the coupon centre with every tab's count. */
    list: async (query: Partial<CouponListQuery>, options: Options = {}) =>
      (await http.call(endpoints.coupons.list, { query, ...options })).datas,
    /** Coupons that fit an order, the best first. */
    usable: async (query: UsableCouponsQuery, options: Options = {}) =>
      (await http.call(endpoints.coupons.usable, { query, ...options })).datas,
  };
}
