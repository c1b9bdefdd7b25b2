import * as z from 'zod/mini';
import { isValidMobile } from './accounts';
import { DateTimeSchema, TimeZoneSchema } from './date-range';
import { CURRENCIES } from './money';
import {
  ORDER_SERVICE_TYPES,
  SERVICE_STATUSES,
  SERVICE_TYPES,
  ServiceFeesSchema,
  ServiceOrderSchema,
} from './service-orders';
import { PLATFORMS, type Platform } from './shops';
import { SITE_CODES, type SiteCode } from './site-codes';

/**
 * A platform order's status as the console names it (spec section 4): `waitDeal` paid and waiting
 * on the seller, `waitShip` packed or its shipment arranged and waiting for the carrier,
 * `shipping` handed over or in transit, `shipped` delivered and waiting for the buyer's
 * confirmation, `complete`, `fail` (abnormal: failed delivery, lost, returned, a cancellation or
 * return asked for), `cancel`, `other` (known to the platform but none of these: unpaid, on hold),
 * and `unknown` (a platform status this table does not know; the raw value is kept beside it).
 */
export const ORDER_STATUSES = [
  'waitDeal',
  'waitShip',
  'shipping',
  'shipped',
  'complete',
  'fail',
  'cancel',
  'other',
  'unknown',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Each platform's raw order status (docs: Lazada GetOrders' item statuses, Shopee's OrderStatus,
 * TikTok Shop's order statuses) as one of ORDER_STATUSES. A raw value not listed is `unknown`.
 */
export const PLATFORM_ORDER_STATUSES = {
  lazada: {
    unpaid: 'other',
    pending: 'waitDeal',
    topack: 'waitDeal',
    repacked: 'waitDeal',
    packed: 'waitShip',
    ready_to_ship: 'waitShip',
    toship: 'waitShip',
    shipping: 'shipping',
    shipped: 'shipping',
    delivered: 'shipped',
    confirmed: 'complete',
    canceled: 'cancel',
    returned: 'fail',
    failed: 'fail',
    failed_delivery: 'fail',
    lost: 'fail',
    lost_by_3pl: 'fail',
    damaged_by_3pl: 'fail',
    shipped_back: 'fail',
    shipped_back_success: 'fail',
    shipped_back_failed: 'fail',
    package_scrapped: 'fail',
  },
  shopee: {
    UNPAID: 'other',
    PENDING: 'other',
    INVOICE_PENDING: 'other',
    READY_TO_SHIP: 'waitDeal',
    PROCESSED: 'waitShip',
    RETRY_SHIP: 'waitShip',
    SHIPPED: 'shipping',
    TO_CONFIRM_RECEIVE: 'shipped',
    COMPLETED: 'complete',
    IN_CANCEL: 'fail',
    TO_RETURN: 'fail',
    CANCELLED: 'cancel',
  },
  tiktok: {
    UNPAID: 'other',
    ON_HOLD: 'other',
    AWAITING_SHIPMENT: 'waitDeal',
    AWAITING_COLLECTION: 'waitShip',
    PARTIALLY_SHIPPING: 'shipping',
    IN_TRANSIT: 'shipping',
    DELIVERED: 'shipped',
    COMPLETED: 'complete',
    CANCELLED: 'cancel',
  },
} as const satisfies Record<Platform, Record<string, Exclude<OrderStatus, 'unknown'>>>;

/**
 * Which status an order of several parts takes (Lazada keeps a status per item): the first of
 * this list that one of its parts has, so what still needs the seller wins over what is done;
 * `cancel` only when every part is cancelled.
 */
const PRECEDENCE: readonly OrderStatus[] = [
  'unknown',
  'fail',
  'other',
  'waitDeal',
  'waitShip',
  'shipping',
  'shipped',
  'complete',
  'cancel',
];

/** A raw status as the tables are looked up: case, spaces, `_` and `-` do not matter. */
export const statusKey = (raw: string) => raw.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Each platform's table by `statusKey`. */
export function indexStatuses<S extends string>(
  tables: Record<Platform, Readonly<Record<string, S>>>,
): Record<Platform, ReadonlyMap<string, S>> {
  const index = (table: Readonly<Record<string, S>>) =>
    new Map(Object.entries(table).map(([raw, status]) => [statusKey(raw), status]));
  return {
    lazada: index(tables.lazada),
    shopee: index(tables.shopee),
    tiktok: index(tables.tiktok),
  };
}

const ORDER_INDEX = indexStatuses<OrderStatus>(PLATFORM_ORDER_STATUSES);

/**
 * The console's status of an order from its platform's raw status (Lazada: the order's item
 * statuses joined by ","), whatever its case. Unlisted or empty: `unknown`.
 */
export function orderStatusOf(platform: Platform, raw: string): OrderStatus {
  const mapping = ORDER_INDEX[platform];
  const parts = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return 'unknown';
  const found = new Set(parts.map((part) => mapping.get(statusKey(part)) ?? 'unknown'));
  return PRECEDENCE.find((status) => found.has(status)) ?? 'unknown';
}

/** Statuses of an order that was sold: the dashboard's orders and sales count these. */
export const SOLD_ORDER_STATUSES = [
  'waitDeal',
  'waitShip',
  'shipping',
  'shipped',
  'complete',
] as const satisfies readonly OrderStatus[];

/**
 * The status map as one table: every platform status of each marketplace's documentation
 * (integrations reference, order APIs) with the console status it lands on. An order's row is
 * shown under the tab of its status; `unknown` keeps the raw value and is listed under `other`.
 */
export const ORDER_STATUS_MAP: readonly {
  platform: Platform;
  raw: string;
  status: Exclude<OrderStatus, 'unknown'>;
}[] = (
  Object.entries(PLATFORM_ORDER_STATUSES) as [Platform, Record<string, OrderStatus>][]
).flatMap(([platform, table]) =>
  Object.entries(table).map(([raw, status]) => ({
    platform,
    raw,
    status: status as Exclude<OrderStatus, 'unknown'>,
  })),
);

/** The list's tabs (spec section 2): every status but `unknown`, which `other` shows. */
export const ORDER_TABS = [
  'all',
  'waitDeal',
  'waitShip',
  'shipping',
  'shipped',
  'complete',
  'fail',
  'cancel',
  'other',
] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

/** The tab an order of this status is listed under. */
export function tabOf(status: OrderStatus): Exclude<OrderTab, 'all'> {
  return status === 'unknown' ? 'other' : status;
}

/** The statuses a tab lists. */
export function statusesOfTab(tab: OrderTab): readonly OrderStatus[] {
  if (tab === 'all') return ORDER_STATUSES;
  if (tab === 'other') return ['other', 'unknown'];
  return [tab];
}

/** Order type: sold across the border (bought and shipped by us) or from the seller's local stock. */
export const ORDER_TYPES = ['crossBorder', 'local'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** Whether the buyer has paid: unpaid while the platform says so, else paid. */
const PAYMENT_STATUSES = ['unpaid', 'paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Where an order came from: a marketplace's sync, or typed in by the seller (a manual order). */
export const ORDER_SOURCES = ['platform', 'manual'] as const;

/** The orders pages' menus. */
export const ORDERS_MENU = '/thirdPartyPlatform/orderManage';
export const RETURNS_MENU = '/thirdPartyPlatform/returnManage';

const Uuid = z.uuid({ error: 'invalid' });
const Limit = z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 50);

/**
 * The list's filters (spec section 2): shop, site, platform, order type, order number (a part of
 * it), creation time (YYYY-MM-DD HH:mm:ss in the reader's zone; default the last 14 days from
 * 00:00:00, the end second included). The tab counts take the same filters.
 */
export const OrderFiltersSchema = z.object({
  shopId: z.optional(Uuid),
  site: z.optional(z.enum(SITE_CODES)),
  platform: z.optional(z.enum(PLATFORMS)),
  orderType: z.optional(z.enum(ORDER_TYPES)),
  orderNo: z.optional(z.string().check(z.trim(), z.maxLength(64))),
  beginTime: z.optional(DateTimeSchema),
  endTime: z.optional(DateTimeSchema),
  timeZone: z.optional(TimeZoneSchema),
});
export type OrderFilters = z.infer<typeof OrderFiltersSchema>;

/** GET /order/order/list: one tab's orders, newest first, by keyset (`cursor` from the last page). */
export const OrderListQuerySchema = z.object({
  ...OrderFiltersSchema.shape,
  tab: z._default(z.enum(ORDER_TABS), 'all'),
  cursor: z.optional(z.string().check(z.maxLength(200))),
  limit: Limit,
});
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

const OrderItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.nullable(z.string()),
  /** Variation as the platform shows it ("Color: Red, Size: M"). */
  attributes: z.nullable(z.string()),
  sku: z.nullable(z.string()),
  productId: z.nullable(z.string()),
  skuId: z.nullable(z.string()),
  quantity: z.int(),
  /** One unit, minor units of the order's currency. */
  unitPrice: z.int(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

/** The service an order is under (the latest of its service orders). */
const OrderServiceInfoSchema = z.object({
  serviceNo: z.string(),
  type: z.enum(SERVICE_TYPES),
  status: z.enum(SERVICE_STATUSES),
  progress: z.int(),
});

/** A platform order (spec section 3). */
const PlatformOrderSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  source: z.enum(ORDER_SOURCES),
  platform: z.enum(PLATFORMS),
  /** The platform's status as it sent it. */
  platformStatus: z.string(),
  status: z.enum(ORDER_STATUSES),
  orderType: z.enum(ORDER_TYPES),
  site: z.enum(SITE_CODES),
  shopId: z.string(),
  shopName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.nullable(z.string()),
  currency: z.enum(CURRENCIES),
  total: z.int(),
  service: z.nullable(OrderServiceInfoSchema),
  receiver: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  address: z.nullable(z.string()),
  items: z.array(OrderItemSchema),
});
export type PlatformOrder = z.infer<typeof PlatformOrderSchema>;

export const OrderPageSchema = z.object({
  records: z.array(PlatformOrderSchema),
  /** The next page's cursor; null on the last page. */
  nextCursor: z.nullable(z.string()),
});
export type OrderPage = z.infer<typeof OrderPageSchema>;

/** Tab counts are exact up to this many orders; a tab holding more says "10,000+". */
export const ORDER_COUNT_LIMIT = 10_000;

/**
 * POST /order/order/status_statistics: each tab's count with the filters (the list's pages carry
 * none). A count is exact up to ORDER_COUNT_LIMIT; `more` names the tabs holding more than that,
 * whose count then is the limit.
 */
export const OrderStatisticsSchema = z.object({
  all: z.int(),
  waitDeal: z.int(),
  waitShip: z.int(),
  shipping: z.int(),
  shipped: z.int(),
  complete: z.int(),
  fail: z.int(),
  cancel: z.int(),
  other: z.int(),
  more: z.array(z.enum(ORDER_TABS)),
} satisfies Record<OrderTab | 'more', unknown>);
export type OrderStatistics = z.infer<typeof OrderStatisticsSchema>;

export const OrderIdQuerySchema = z.object({ orderId: Uuid });

/** One event of an order's history: what the platform said (a status) or what we did. */
const OrderEventSchema = z.object({
  at: z.string(),
  kind: z.enum(['created', 'platformStatus', 'synced', 'service', 'return', 'manual']),
  /** The status, service number or return number the event is about. */
  detail: z.nullable(z.string()),
});

/** GET /order/order/orderDetail (and virtualOrderDetail for a manual order). */
export const OrderDetailSchema = z.object({
  order: PlatformOrderSchema,
  serviceOrders: z.array(ServiceOrderSchema),
  history: z.array(OrderEventSchema),
  /** The platform cancelled it: a pending service order on it can be cancelled. */
  cancelledOnPlatform: z.boolean(),
  /** Pieces of each item that can still be returned (item id -> pieces). */
  returnable: z.record(z.string(), z.int()),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

/**
 * The fee rules of an estimate, integer fen (CNY minor units), converted into the wallet's
 * currency at the rate in force: domestic freight per purchase link, international freight,
 * service and consumables per piece. Restocking ships by sea: a lower freight per piece.
 */
export const FEE_RULES = {
  domesticFreightPerLink: 800,
  internationalFreightPerPiece: { crossSale: 1500, crossSupplement: 600 },
  servicePerPiece: 300,
  consumablesPerPiece: 100,
  giftServicePerPiece: 200,
} as const;

/** A purchase link remembered for a product SKU. */
export const PurchaseLinkSchema = z.object({
  url: z.string(),
  /** The supplier's SKU text. */
  supplierSku: z.nullable(z.string()),
  /** One unit, fen. */
  price: z.int(),
});
export type PurchaseLink = z.infer<typeof PurchaseLinkSchema>;

/** GET /order/order/dealOrderDetail: what processing an order needs, item by item. */
export const DealOrderDetailSchema = z.object({
  order: PlatformOrderSchema,
  walletCurrency: z.enum(CURRENCIES),
  items: z.array(
    z.object({
      item: OrderItemSchema,
      purchaseLink: z.nullable(PurchaseLinkSchema),
      /** The type offered first: from stock on a local order, bought otherwise. */
      suggestedType: z.enum(ORDER_SERVICE_TYPES),
    }),
  ),
  /** Whether the order can be processed now, and why not. */
  blocked: z.nullable(z.enum(['processed', 'notWaiting', 'cancelled'])),
});
export type DealOrderDetail = z.infer<typeof DealOrderDetailSchema>;

const ProcessItemSchema = z.object({
  orderItemId: z.string().check(z.minLength(1), z.maxLength(120)),
  type: z.enum(['crossSale', 'crossSupplement', 'crossStoreSale']),
});

const GiftSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  quantity: z.int().check(z.minimum(1), z.maximum(999)),
});

/** The processing dialog's choices; `estimateOnly` prices them without submitting. */
export const ProcessOrderRequestSchema = z.object({
  orderId: Uuid,
  items: z.array(ProcessItemSchema).check(z.minLength(1), z.maxLength(100)),
  gifts: z._default(z.array(GiftSchema).check(z.maxLength(20)), []),
  couponId: z.optional(Uuid),
  /** One submission: repeated with the same key it answers the same service orders. */
  idempotencyKey: z.string().check(z.minLength(8), z.maxLength(80)),
  estimateOnly: z._default(z.boolean(), false),
});
export type ProcessOrderRequest = z.input<typeof ProcessOrderRequestSchema>;

export const ProcessOrderResultSchema = z.object({
  currency: z.enum(CURRENCIES),
  /** Per service type: its fees and estimate. */
  estimates: z.array(
    z.object({ type: z.enum(ORDER_SERVICE_TYPES), fees: ServiceFeesSchema, estimate: z.int() }),
  ),
  estimate: z.int(),
  discount: z.int(),
  frozen: z.int(),
  serviceOrders: z.array(ServiceOrderSchema),
});
export type ProcessOrderResult = z.infer<typeof ProcessOrderResultSchema>;

/** POST /order/order/purchaseLink: remember a purchase link for an item's product SKU. */
export const SavePurchaseLinkSchema = z.object({
  orderId: Uuid,
  orderItemId: z.string().check(z.minLength(1), z.maxLength(120)),
  url: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)),
  supplierSku: z.optional(z.string().check(z.trim(), z.maxLength(120))),
  /** One unit, fen; at most 1,000,000 yuan. */
  price: z.int().check(z.minimum(1), z.maximum(100_000_000)),
});

/** GET /order/order/productChoices: the seller's products and collected products to match an item with. */
export const ProductChoicesQuerySchema = z.object({
  orderId: Uuid,
  keyword: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});
export const ProductChoiceSchema = z.object({
  kind: z.enum(['product', 'collected']),
  id: z.string(),
  title: z.string(),
  image: z.nullable(z.string()),
  /** Where it is bought (a collected product's source page). */
  url: z.nullable(z.string()),
  /** Lowest price, fen, when known. */
  price: z.nullable(z.int()),
});

/**
 * Manual order numbers: each platform's own format, so that the order reads as one of theirs:
 * Lazada digits (9 to 20), Shopee its order SN (6 digits of date and 8 of letters and digits),
 * TikTok Shop 18 digits. The seller may prefix nothing else.
 */
const ORDER_NUMBER_FORMATS: Record<Platform, RegExp> = {
  lazada: /^\d{9,20}$/,
  shopee: /^\d{6}[0-9A-Z]{8}$/,
  tiktok: /^\d{18}$/,
};

/** Each site's dialling code: a manual order's phone follows the site's rule. */
const SITE_TEL_CODES: Partial<Record<SiteCode, string>> = {
  th: '+66',
  ph: '+63',
  my: '+60',
  vn: '+84',
  sg: '+65',
  id: '+62',
  cn: '+86',
  tw: '+886',
};

const ManualItemSchema = z.object({
  sku: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  quantity: z.int().check(z.minimum(1), z.maximum(9999)),
  /** One unit, minor units of the site's currency. */
  price: z.int().check(z.minimum(1), z.maximum(1_000_000_000)),
});

/**
 * POST /order/order/createOrder (spec section 5): the order number in its platform's format; the
 * basics (shop, site, type); at least one complete item; the receiver, a phone by the site's rule
 * and the address. A local order takes only items the seller has in stock (checked by the server).
 */
export const CreateOrderSchema = z
  .object({
    shopId: Uuid,
    site: z.enum(SITE_CODES),
    orderType: z.enum(ORDER_TYPES),
    platform: z.enum(PLATFORMS),
    orderNo: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
    items: z
      .array(ManualItemSchema)
      .check(z.minLength(1, { error: 'tooFewItems' }), z.maxLength(50)),
    receiver: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
    phone: z.string().check(z.trim(), z.minLength(1), z.maxLength(30)),
    address: z.string().check(z.trim(), z.minLength(5), z.maxLength(500)),
  })
  .check(
    z.refine((order) => ORDER_NUMBER_FORMATS[order.platform].test(order.orderNo), {
      error: 'invalidFormat',
      path: ['orderNo'],
    }),
    z.refine(
      (order) => {
        const code = SITE_TEL_CODES[order.site];
        return code ? isValidMobile(code, order.phone) : /^\+?\d{6,15}$/.test(order.phone);
      },
      { error: 'phone', path: ['phone'] },
    ),
  );
export type CreateOrder = z.input<typeof CreateOrderSchema>;

/** POST /order/order/cancelService: withdraw a pending service order (its freeze released). */
export const CancelServiceSchema = z.object({
  orderId: Uuid,
  serviceNo: z.string().check(z.maxLength(40)),
});

/** POST /order/order/export: the list's filters and tab as an .xlsx file. */
export const OrderExportQuerySchema = z.object({
  ...OrderFiltersSchema.shape,
  tab: z._default(z.enum(ORDER_TABS), 'all'),
});

/** The dictionaries of spec section 7 (GET /order/dic/<name>). */
export const DICTIONARY_NAMES = [
  'RETURN_EXPRESS',
  'PLATFORM_TYPE',
  'SITE_NAME',
  'SHIPMENT_RECEIPT_TYPE',
  'MESSAGE_TYPE',
] as const;
export type DictionaryName = (typeof DICTIONARY_NAMES)[number];
export const DictionarySchema = z.array(z.object({ value: z.string(), label: z.string() }));
export type Dictionary = z.infer<typeof DictionarySchema>;
