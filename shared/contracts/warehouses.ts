import * as z from 'zod/mini';
import type { CouponScope } from './coupons';
import { CURRENCIES } from './money';

/** The sites warehouse lists offer (spec section 1: tw, pl, br and gb besides the seller sites). */
export const WAREHOUSE_SITES = [
  'my',
  'th',
  'vn',
  'sg',
  'id',
  'ph',
  'cn',
  'tw',
  'pl',
  'br',
  'gb',
] as const;
export type WarehouseSite = (typeof WAREHOUSE_SITES)[number];

/**
 * A warehouse's state (spec section 4): `normal`; `expired` (a monthly fee went unpaid: renew);
 * `insufficient` (what it holds needs more room than it has: upgrade); `closed` (its monthly
 * subscription was cancelled and has run out). `pending`: ordered, waiting to be paid.
 */
const WAREHOUSE_STATES = ['pending', 'normal', 'expired', 'insufficient', 'closed'] as const;
export type WarehouseState = (typeof WAREHOUSE_STATES)[number];

/** The least a warehouse holds, in cubic metres (spec section 9). 1 CBM counts as 350 kg. */
export const WAREHOUSE_MIN_CBM = 1;
const WAREHOUSE_MAX_CBM = 500;
/** Volumes are kept in litres: 1 CBM = 1000 L. */
export const LITRES_PER_CBM = 1000;

/** What a charge was for. */
export const WAREHOUSE_CHARGE_KINDS = ['open', 'upgrade', 'renew', 'monthly'] as const;
export type WarehouseChargeKind = (typeof WAREHOUSE_CHARGE_KINDS)[number];

/**
 * The coupon scope of each paid change (spec section 9 names open and upgrade warehouse): renewing
 * an expired warehouse opens it again for the rest of the month, so it takes opening coupons. The
 * server prices the trade order under it and judges the coupon on that amount; the console offers
 * the same scope's coupons on the same amount.
 */
export const WAREHOUSE_COUPON_SCOPES = {
  open: 'openWarehouse',
  upgrade: 'upgradeWarehouse',
  renew: 'openWarehouse',
} as const satisfies Record<Exclude<WarehouseChargeKind, 'monthly'>, CouponScope>;

/** A site's price: per CBM and month, minor units; null where the site names no currency yet. */
const WarehousePriceSchema = z.object({
  site: z.enum(WAREHOUSE_SITES),
  currency: z.nullable(z.enum(CURRENCIES)),
  pricePerCbm: z.nullable(z.int()),
  /** Whether a warehouse can be opened there now. */
  available: z.boolean(),
});
export type WarehousePrice = z.infer<typeof WarehousePriceSchema>;

const WarehouseChargeSchema = z.object({
  kind: z.enum(WAREHOUSE_CHARGE_KINDS),
  /** The month it pays for, YYYY-MM in the site's time zone. */
  month: z.string(),
  /** CBM charged for (the difference, for an upgrade). */
  volume: z.int(),
  /** The price per CBM and month it used. */
  unitPrice: z.int(),
  /** Days charged of the days of the month (whole months: equal). */
  days: z.int(),
  daysInMonth: z.int(),
  amount: z.int(),
  discount: z.int(),
  currency: z.enum(CURRENCIES),
  /** The trade order it was paid by, or the fee's reference. */
  reference: z.string(),
  createdAt: z.string(),
});
export type WarehouseCharge = z.infer<typeof WarehouseChargeSchema>;

export const WarehouseSchema = z.object({
  id: z.string(),
  code: z.string(),
  site: z.enum(WAREHOUSE_SITES),
  /** CBM held now. */
  volume: z.int(),
  /** CBM from next month (a downgrade); null when unchanged. */
  nextVolume: z.nullable(z.int()),
  paymentModel: z.literal('monthly'),
  currency: z.enum(CURRENCIES),
  pricePerCbm: z.int(),
  /** What next month costs at the volume it will have. */
  monthlyPayment: z.int(),
  state: z.enum(WAREHOUSE_STATES),
  /** False once the monthly subscription is cancelled: it ends at the start of next month. */
  autoRenew: z.boolean(),
  /** Occupied volume over capacity, in basis points (10000 = full). */
  usageRatio: z.int(),
  occupiedLitres: z.int(),
  /** The last month paid, YYYY-MM. */
  paidThrough: z.nullable(z.string()),
  openedAt: z.nullable(z.string()),
  charges: z.array(WarehouseChargeSchema),
});
export type Warehouse = z.infer<typeof WarehouseSchema>;

/** GET /api-user/warehouse/list: the account's warehouses of a site tab, with every site's price. */
export const WarehouseListQuerySchema = z.object({
  site: z.optional(z.enum(WAREHOUSE_SITES)),
});
export const WarehouseListSchema = z.object({
  records: z.array(WarehouseSchema),
  prices: z.array(WarehousePriceSchema),
  /** How many warehouses each site tab holds. */
  counts: z.record(z.string(), z.int()),
});
export type WarehouseList = z.infer<typeof WarehouseListSchema>;

const SalesLinkSchema = z.object({
  platform: z.string(),
  shopName: z.string(),
  title: z.string(),
  externalId: z.string(),
});

const InventoryLineSchema = z.object({
  sku: z.string(),
  name: z.string(),
  available: z.int(),
  inTransit: z.int(),
  occupied: z.int(),
  /** Litres the line takes in the warehouse. */
  occupiedLitres: z.int(),
  /** Units sold per day over the last 30 days, in hundredths. */
  dailySales: z.int(),
  /** How many to buy to cover the next 30 days of sales. */
  replenishment: z.int(),
  salesLinks: z.array(SalesLinkSchema),
});
export type InventoryLine = z.infer<typeof InventoryLineSchema>;

export const WarehouseIdQuerySchema = z.object({ id: z.string().check(z.maxLength(64)) });

/** GET /api-user/warehouse/inventory. */
export const InventoryPageSchema = z.object({ records: z.array(InventoryLineSchema) });

/** One horizon of the forecast. */
const ForecastPointSchema = z.object({
  days: z.int(),
  /** Projected occupied litres. */
  litres: z.int(),
  /** CBM needed then (at least 1) and what a month of it costs. */
  neededCbm: z.int(),
  monthlyCost: z.int(),
});

/** GET /api-user/warehouse/forecast: usage and cost 30, 60 and 90 days out. */
export const WarehouseForecastSchema = z.object({
  currency: z.enum(CURRENCIES),
  /** Litres per day the usage moves by (history, arrivals and sales together), in hundredths. */
  dailyChange: z.int(),
  history: z.array(z.object({ day: z.string(), litres: z.int() })),
  points: z.array(ForecastPointSchema),
  /** The day (YYYY-MM-DD) usage passes capacity, or null within the 90 days. */
  runOutDay: z.nullable(z.string()),
  /** A change worth making, with what it costs now (an upgrade) or saves per month (a downgrade). */
  suggestion: z.nullable(
    z.object({
      kind: z.enum(['upgrade', 'downgrade']),
      volume: z.int(),
      amount: z.int(),
    }),
  ),
});
export type WarehouseForecast = z.infer<typeof WarehouseForecastSchema>;

const cbm = () => z.int().check(z.minimum(WAREHOUSE_MIN_CBM), z.maximum(WAREHOUSE_MAX_CBM));

/** GET /api-user/warehouse/quote: what opening or upgrading costs now, before paying. */
export const WarehouseQuoteQuerySchema = z.object({
  site: z.enum(WAREHOUSE_SITES),
  volume: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(WAREHOUSE_MAX_CBM)),
});
export const WarehouseQuoteSchema = z.object({
  site: z.enum(WAREHOUSE_SITES),
  currency: z.enum(CURRENCIES),
  pricePerCbm: z.int(),
  volume: z.int(),
  days: z.int(),
  daysInMonth: z.int(),
  amount: z.int(),
  month: z.string(),
});
export type WarehouseQuote = z.infer<typeof WarehouseQuoteSchema>;

/**
 * POST /api-user/warehouse/open: orders a warehouse (or renews an expired one, or upgrades) as a trade
 * order; paid from the wallet at once when `pay` says so (with the coupon), else left to pay at
 * /pay/orderTrading. The warehouse changes once the order is paid.
 */
export const WarehouseOpenSchema = z.object({
  site: z.enum(WAREHOUSE_SITES),
  volume: cbm(),
  couponId: z.optional(z.string().check(z.maxLength(64))),
  pay: z._default(z.boolean(), true),
});
export const WarehouseUpgradeSchema = z.object({
  id: z.string().check(z.maxLength(64)),
  volume: cbm(),
  couponId: z.optional(z.string().check(z.maxLength(64))),
  pay: z._default(z.boolean(), true),
});
export const WarehouseRenewSchema = z.object({
  id: z.string().check(z.maxLength(64)),
  couponId: z.optional(z.string().check(z.maxLength(64))),
  pay: z._default(z.boolean(), true),
});
export const WarehouseDowngradeSchema = z.object({
  id: z.string().check(z.maxLength(64)),
  volume: cbm(),
});
export const WarehouseIdSchema = z.object({ id: z.string().check(z.maxLength(64)) });

/** What an order for capacity answered: the trade order, and the warehouse when it was paid. */
export const WarehouseOrderResultSchema = z.object({
  tradeNo: z.string(),
  paid: z.boolean(),
  amount: z.int(),
  discount: z.int(),
  currency: z.enum(CURRENCIES),
  warehouse: z.nullable(WarehouseSchema),
});
export type WarehouseOrderResult = z.infer<typeof WarehouseOrderResultSchema>;
