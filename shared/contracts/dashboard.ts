import * as z from 'zod/mini';
import { DateTimeSchema, TimeZoneSchema } from './date-range';
import { CURRENCIES } from './money';
import type { OrderStatus } from './orders';
import { PRODUCT_STATUSES } from './products';
import { PLATFORMS } from './shops';

/** Product statuses the dashboard counts (spec section 4), each a key of the product summary. */
export const PRODUCT_SUMMARY_KEYS = PRODUCT_STATUSES;
export type ProductSummaryKey = (typeof PRODUCT_SUMMARY_KEYS)[number];

/**
 * The order status summary of spec section 3: pending (waiting to be processed: `waitDeal`),
 * processing (processed, waiting to ship: `waitShip`), logistics (shipped, in transit:
 * `shipping`). The statuses are those of `orderStatusOf` (shared/contracts/orders.ts).
 */
export const ORDER_SUMMARY_KEYS = ['pending', 'processing', 'logistics'] as const;
export type OrderSummaryKey = (typeof ORDER_SUMMARY_KEYS)[number];
/** The order status each key of the order summary counts. */
export const ORDER_SUMMARY_STATUSES = {
  pending: 'waitDeal',
  processing: 'waitShip',
  logistics: 'shipping',
} as const satisfies Record<OrderSummaryKey, OrderStatus>;

/** Purchase statuses that still need someone (spec section 4; beWait: returned to its creator). */
export const PURCHASE_SUMMARY_KEYS = [
  'waitAudit',
  'waitShip',
  'shipping',
  'beWait',
  'fail',
] as const;
export type PurchaseSummaryKey = (typeof PURCHASE_SUMMARY_KEYS)[number];

const count = () => z.int().check(z.nonnegative());

/** An object of one count per key, every count present (0 when nothing is in that status). */
function countsOf<const K extends readonly string[]>(keys: K) {
  const shape = {} as { [P in K[number]]: ReturnType<typeof count> };
  for (const key of keys) (shape as Record<string, ReturnType<typeof count>>)[key] = count();
  return z.object(shape);
}

export const ProductStatusSummarySchema = countsOf(PRODUCT_SUMMARY_KEYS);
export type ProductStatusSummary = z.infer<typeof ProductStatusSummarySchema>;
export const OrderStatusSummarySchema = countsOf(ORDER_SUMMARY_KEYS);
export type OrderStatusSummary = z.infer<typeof OrderStatusSummarySchema>;
export const PurchaseStatusSummarySchema = countsOf(PURCHASE_SUMMARY_KEYS);
export type PurchaseStatusSummary = z.infer<typeof PurchaseStatusSummarySchema>;

/** Query of the product and order summaries (spec section 3): shop name and payment time range. */
export const StatusSummaryQuerySchema = z.object({
  oauthName: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  payBeginTime: z.optional(DateTimeSchema),
  payEndTime: z.optional(DateTimeSchema),
  timeZone: z.optional(TimeZoneSchema),
});
export type StatusSummaryQuery = z.infer<typeof StatusSummaryQuerySchema>;

/** The dashboard chart covers the last 14 days from 00:00:00 (spec section 9, decisions.md). */
export const TREND_DAYS = 14;

export const OrderTrendQuerySchema = z.object({ timeZone: z.optional(TimeZoneSchema) });

/** One shop's orders and sales per day of the chart, in the order of `days`. */
const OrderTrendSeriesSchema = z.object({
  shopId: z.string(),
  shopName: z.string(),
  platform: z.enum(PLATFORMS),
  /** The currency of the shop's sales; null on a site that names none. */
  currency: z.nullable(z.enum(CURRENCIES)),
  orders: z.array(count()),
  /** Integer minor units of `currency`. */
  sales: z.array(z.int()),
});
export type OrderTrendSeries = z.infer<typeof OrderTrendSeriesSchema>;

export const OrderTrendSchema = z.object({
  /** The time zone the days are counted in. */
  timeZone: z.string(),
  /** 00:00:00 of the first day in that zone, as an ISO instant. */
  from: z.string(),
  /** 00:00:00 of the day after the last, as an ISO instant (exclusive). */
  to: z.string(),
  /** The calendar days (YYYY-MM-DD), oldest first, today last. */
  days: z.array(z.string()),
  /** Only shops with at least one order in the range have a series. */
  series: z.array(OrderTrendSeriesSchema),
});
export type OrderTrend = z.infer<typeof OrderTrendSchema>;
