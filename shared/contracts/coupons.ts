import * as z from 'zod/mini';
import { CURRENCIES } from './money';
import { KeysetPageShape, KeysetQueryShape } from './paging';

/**
 * Coupons (spec sections 3, 4, 8 and 9): a coupon lowers what one order of its scope costs, once,
 * within its validity, when the order reaches its threshold.
 */

/** Spec section 9: where a coupon may be used. `general` fits every scope. */
export const COUPON_SCOPES = [
  'general',
  'recharge',
  'openWarehouse',
  'upgradeWarehouse',
  'purchaseFee',
  'domesticFreight',
  'internationalFreight',
  'serviceFee',
  'consumablesFee',
] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];

/**
 * Coupon kinds: `cash` takes a fixed amount off; `discount` takes a percentage off, up to the
 * maximum offset.
 */
export const COUPON_TYPES = ['cash', 'discount'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/**
 * Spec section 4: `unused` can be used; `freezing` is held by a submitted order; `used` went to a
 * completed order; `expired` passed its validity unused. A frozen coupon goes back to unused when
 * its order is cancelled or its actual cost misses the threshold.
 */
export const COUPON_STATES = ['unused', 'used', 'expired', 'freezing'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

const CouponSchema = z.object({
  id: z.string(),
  /** The coupon's name in the reader's language. */
  name: z.string(),
  type: z.enum(COUPON_TYPES),
  scope: z.enum(COUPON_SCOPES),
  currency: z.enum(CURRENCIES),
  /** The order amount it needs, minor units; 0 for none. */
  threshold: z.int(),
  /** Cash: the amount taken off. Discount: the most it takes off. Minor units. */
  maxOffset: z.int(),
  /** Discount: percent off, 1 to 99; null for cash. */
  percentOff: z.nullable(z.int()),
  validFrom: z.string(),
  validTo: z.string(),
  status: z.enum(COUPON_STATES),
  /**
   * Whether its validity has begun (by the server's clock): an unused coupon valid from a later
   * day is listed as not yet usable, with its start date.
   */
  started: z.boolean(),
  /** The order that holds or used it. */
  orderRef: z.nullable(z.string()),
  /** What it took off that order. */
  discount: z.nullable(z.int()),
  usedAt: z.nullable(z.string()),
});
export type Coupon = z.infer<typeof CouponSchema>;

/** GET /api-user/coupon/list: one tab of the coupon centre, with every tab's count. */
export const CouponListQuerySchema = z.object({
  ...KeysetQueryShape,
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
  status: z._default(z.enum(COUPON_STATES), 'unused'),
  scope: z.optional(z.enum(COUPON_SCOPES)),
});
export type CouponListQuery = z.infer<typeof CouponListQuerySchema>;

export const CouponPageSchema = z.object({
  records: z.array(CouponSchema),
  total: z.int(),
  ...KeysetPageShape,
  counts: z.object({
    unused: z.int(),
    used: z.int(),
    expired: z.int(),
    freezing: z.int(),
  }),
});
export type CouponPage = z.infer<typeof CouponPageSchema>;

/** GET /api-user/coupon/usable: the coupons that fit an order of this scope and amount. */
export const UsableCouponsQuerySchema = z.object({
  scope: z.enum(COUPON_SCOPES),
  currency: z.enum(CURRENCIES),
  amount: z.coerce.number().check(z.int(), z.minimum(0)),
});
export type UsableCouponsQuery = z.infer<typeof UsableCouponsQuerySchema>;

/** Coupons usable for an order, with what each would take off. */
export const UsableCouponSchema = z.object({
  coupon: CouponSchema,
  /** What it takes off this order, minor units. */
  discount: z.int(),
});
export type UsableCoupon = z.infer<typeof UsableCouponSchema>;
