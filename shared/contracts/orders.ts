import type { Platform } from './shops';

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
