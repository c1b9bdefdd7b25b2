import * as z from 'zod/mini';
import { CURRENCIES } from './money';

/**
 * A purchase request (spec sections 3 and 4): our purchasers buy goods for a seller and ship them
 * to one of the seller's overseas warehouses. Statuses: `waitAudit` submitted, `waitShip`
 * approved, `shipping` bought and on its way, `complete` arrived and settled, `abort` rejected by
 * the auditor, `cancel` withdrawn by the seller, `fail` abnormal, `beWait` returned to its creator
 * because the actual cost exceeds the estimate plus the float amount (decisions.md).
 */
export const PURCHASE_STATUSES = [
  'waitAudit',
  'waitShip',
  'shipping',
  'complete',
  'abort',
  'cancel',
  'fail',
  'beWait',
] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/** The list's tabs and the statuses each shows (beWait under "to be audited", with a badge). */
export const PURCHASE_TABS = {
  waitAudit: ['waitAudit', 'beWait'],
  waitShip: ['waitShip'],
  shipping: ['shipping'],
  complete: ['complete'],
  abort: ['abort'],
  cancel: ['cancel'],
  fail: ['fail'],
} as const satisfies Record<string, readonly PurchaseStatus[]>;
export type PurchaseTab = keyof typeof PURCHASE_TABS;
export const PURCHASE_TAB_KEYS = Object.keys(PURCHASE_TABS) as PurchaseTab[];

/** crossSale: for a cross-border sale (from order processing); crossStoreSupplement: daily stock. */
export const PURCHASE_TYPES = ['crossSale', 'crossStoreSupplement'] as const;
export type PurchaseType = (typeof PURCHASE_TYPES)[number];
/** The numbers `purchaseManageDetail?type=` carries: 1 crossSale, 2 crossStoreSupplement. */
export const PURCHASE_TYPE_NUMBERS = { 1: 'crossSale', 2: 'crossStoreSupplement' } as const;

export const EXPRESS_TYPES = ['ocean', 'land', 'land_fast', 'sky'] as const;
export type ExpressType = (typeof EXPRESS_TYPES)[number];

/** homeDelivery: delivered to the warehouse; selfPickup: the warehouse collects it. */
export const SHIPPING_TYPES = ['homeDelivery', 'selfPickup'] as const;
export type ShippingType = (typeof SHIPPING_TYPES)[number];

/** The fees of a purchase, integer minor units of the purchase's currency. */
export const PURCHASE_FEE_KEYS = [
  'purchaseFee',
  'domesticFreight',
  'internationalFreight',
  'serviceFee',
] as const;

/** Coupon scopes a purchase may use (spec section 9). */
export const PURCHASE_COUPON_SCOPES = [
  'purchaseFee',
  'domesticFreight',
  'internationalFreight',
] as const;

/** At most this many items, and this many attachments, per purchase. */
const PURCHASE_ITEMS_MAX = 50;
const PURCHASE_ATTACHMENTS_MAX = 5;
/** PDF attachments at most 2 MB (spec section 9, decisions.md). */
export const PDF_LIMIT_BYTES = 2 * 1024 * 1024;

const minor = () => z.int().check(z.nonnegative(), z.maximum(1_000_000_000_00));
const text = (max: number) => z.string().check(z.trim(), z.maxLength(max));
const required = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

const PurchaseFeesSchema = z.object({
  purchaseFee: minor(),
  domesticFreight: minor(),
  internationalFreight: minor(),
  serviceFee: minor(),
});
export type PurchaseFees = z.infer<typeof PurchaseFeesSchema>;

const PurchaseAddressSchema = z.object({
  province: required(100),
  area: required(100),
  detail: required(300),
  postalCode: required(20),
  consigneeName: required(100),
  mobile: z.string().check(z.trim(), z.regex(/^\+?[0-9 -]{5,20}$/, { error: 'invalidFormat' })),
});
export type PurchaseAddress = z.infer<typeof PurchaseAddressSchema>;

/**
 * An address as shown: a request opened by order processing carries the platform order's
 * receiver as the platform gave it (a masked phone, no postal code), so nothing is required here.
 */
const StoredAddressSchema = z.object({
  province: z.string(),
  area: z.string(),
  detail: z.string(),
  postalCode: z.string(),
  consigneeName: z.string(),
  mobile: z.string(),
});

/** An item as submitted: the link must be an https or http address. */
const PurchaseItemInputSchema = z.object({
  sku: required(100),
  /** Left empty, the request is refused with "missing purchase link". */
  link: text(1000),
  /** Estimated unit price, minor units. */
  estimatedPrice: z.int().check(z.minimum(1), z.maximum(1_000_000_000)),
  quantity: z.int().check(z.minimum(1), z.maximum(100_000)),
});

const PurchaseItemSchema = z.object({
  sku: z.string(),
  link: z.string(),
  estimatedPrice: z.int(),
  actualPrice: z.nullable(z.int()),
  quantity: z.int(),
});

/** Who did a step, and when. */
const StepSchema = z.nullable(z.object({ name: z.string(), at: z.string() }));

export const PurchaseAttachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.int(),
  url: z.string(),
});

export const PurchaseSchema = z.object({
  purchaseNo: z.string(),
  type: z.enum(PURCHASE_TYPES),
  /** The shop it buys for: a sub-account sees only its shops' purchases. */
  shopId: z.string(),
  shopName: z.string(),
  status: z.enum(PURCHASE_STATUSES),
  /** None for a cross-border sale whose seller has no warehouse on the order's site. */
  warehouseId: z.nullable(z.string()),
  warehouseName: z.string(),
  expressType: z.enum(EXPRESS_TYPES),
  shippingType: z.enum(SHIPPING_TYPES),
  /** The service order it serves. */
  serviceNo: z.nullable(z.string()),
  platformNo: z.nullable(z.string()),
  /**
   * Opened by order processing for its crossSale service order: paid from that service order's
   * freeze (no freeze of its own), settled when the service completes.
   */
  fundedByService: z.boolean(),
  address: StoredAddressSchema,
  items: z.array(PurchaseItemSchema),
  currency: z.enum(CURRENCIES),
  estimatedFees: PurchaseFeesSchema,
  actualFees: z.nullable(PurchaseFeesSchema),
  /** The most the actual total may exceed the estimate by before the request is returned. */
  floatAmount: z.int(),
  estimatedTotal: z.int(),
  actualTotal: z.nullable(z.int()),
  /** What the coupon took off, and what the wallet holds for it now. */
  discount: z.int(),
  frozen: z.int(),
  /** The wallet it is paid from (the main account's wallet in the currency). */
  debitAccount: z.string(),
  /** Actual total over the estimated, in basis points (10000 = as estimated); null before actual. */
  settlementRatio: z.nullable(z.int()),
  couponId: z.nullable(z.string()),
  tracking: z.nullable(z.string()),
  remark: z.string(),
  rejectReason: z.nullable(z.string()),
  failReason: z.nullable(z.string()),
  attachments: z.array(PurchaseAttachmentSchema),
  creator: StepSchema,
  auditor: StepSchema,
  shipper: StepSchema,
  receiver: StepSchema,
  rejector: StepSchema,
  canceller: StepSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Purchase = z.infer<typeof PurchaseSchema>;

/** One row of the list. */
const PurchaseRowSchema = z.object({
  purchaseNo: z.string(),
  type: z.enum(PURCHASE_TYPES),
  shopName: z.string(),
  status: z.enum(PURCHASE_STATUSES),
  warehouseName: z.string(),
  expressType: z.enum(EXPRESS_TYPES),
  serviceNo: z.nullable(z.string()),
  itemCount: z.int(),
  currency: z.enum(CURRENCIES),
  estimatedTotal: z.int(),
  actualTotal: z.nullable(z.int()),
  creatorName: z.string(),
  createdAt: z.string(),
});

/** GET /order/purchaseorder/list: one tab, filtered, one keyset page (newest first). */
export const PurchaseListQuerySchema = z.object({
  tab: z._default(z.enum(PURCHASE_TAB_KEYS as [PurchaseTab, ...PurchaseTab[]]), 'waitAudit'),
  /** Matches the purchase number, the service number, the platform number or an item's SKU. */
  keyword: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  type: z.optional(z.enum(PURCHASE_TYPES)),
  warehouseId: z.optional(z.string().check(z.maxLength(64))),
  shopId: z.optional(z.string().check(z.maxLength(64))),
  /** The page after this cursor (from the previous page's `next`). */
  cursor: z.optional(z.string().check(z.maxLength(200))),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
});
export type PurchaseListQuery = z.infer<typeof PurchaseListQuerySchema>;

export const PurchasePageSchema = z.object({
  records: z.array(PurchaseRowSchema),
  /** The cursor of the next page; null on the last. */
  next: z.nullable(z.string()),
  /** How many of the actor's purchases each tab holds (with the same filters), and beWait apart. */
  counts: z.object({
    waitAudit: z.int(),
    waitShip: z.int(),
    shipping: z.int(),
    complete: z.int(),
    abort: z.int(),
    cancel: z.int(),
    fail: z.int(),
    beWait: z.int(),
  }),
});
export type PurchasePage = z.infer<typeof PurchasePageSchema>;

export const PurchaseNoQuerySchema = z.object({ purchaseNo: required(40) });

/**
 * POST /order/purchaseorder/create. Every rule of spec section 5 answers its own message: base
 * info, fee info, quantity, estimated price, link, address, warehouse.
 */
export const PurchaseCreateSchema = z.object({
  type: z.enum(PURCHASE_TYPES),
  shopId: z.string().check(z.maxLength(64)),
  warehouseId: z.string().check(z.maxLength(64)),
  expressType: z.enum(EXPRESS_TYPES),
  shippingType: z.enum(SHIPPING_TYPES),
  serviceNo: z.optional(text(40)),
  platformNo: z.optional(text(60)),
  address: PurchaseAddressSchema,
  items: z.array(PurchaseItemInputSchema).check(z.maxLength(PURCHASE_ITEMS_MAX)),
  fees: z.object({
    domesticFreight: minor(),
    internationalFreight: minor(),
    serviceFee: minor(),
  }),
  floatAmount: minor(),
  couponId: z.optional(z.string().check(z.maxLength(64))),
  remark: z._default(text(500), ''),
  /** PDFs uploaded first with the attachment call, with the names they had. */
  attachments: z._default(
    z
      .array(z.object({ id: z.string().check(z.maxLength(64)), name: text(200) }))
      .check(z.maxLength(PURCHASE_ATTACHMENTS_MAX)),
    [],
  ),
});
export type PurchaseCreate = z.infer<typeof PurchaseCreateSchema>;

/** The steps of the flow, each its own call. */
export const PurchaseRejectSchema = z.object({ purchaseNo: required(40), reason: required(300) });
export const PurchaseShipSchema = z.object({
  purchaseNo: required(40),
  tracking: required(60),
  /** Actual unit prices, in item order. */
  actualPrices: z.array(z.int().check(z.nonnegative(), z.maximum(1_000_000_000))),
  actualFees: z.object({
    domesticFreight: minor(),
    internationalFreight: minor(),
    serviceFee: minor(),
  }),
});
export type PurchaseShip = z.infer<typeof PurchaseShipSchema>;
export const PurchaseFailSchema = z.object({ purchaseNo: required(40), reason: required(300) });

/** GET /app/public/getPurchaseCustomer: who answers purchase questions. */
export const PurchaseCustomerSchema = z.object({
  name: z.string(),
  phone: z.string(),
  wechat: z.string(),
  email: z.string(),
  hours: z.string(),
});
export type PurchaseCustomer = z.infer<typeof PurchaseCustomerSchema>;
