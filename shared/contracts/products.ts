import { indexStatuses, statusKey } from './orders';
import type { Platform } from './shops';

/**
 * A shop product's status (spec section 4): `wait` to be released, `pushing` being published or
 * reviewed by the platform, `intervalPushing` timed, `online`, `offline`, `del` (deleted, or
 * suspected so), `forbid` (banned by the platform), `fail` (publishing refused), `freeze`
 * (Lazada, TikTok Shop). A claimed product starts as `wait`.
 */
export const PRODUCT_STATUSES = [
  'wait',
  'pushing',
  'intervalPushing',
  'online',
  'offline',
  'del',
  'forbid',
  'fail',
  'freeze',
] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/**
 * Each platform's raw product status (docs: Lazada's product `status`, Shopee's `item_status`,
 * TikTok Shop's product `status`) as one of PRODUCT_STATUSES. A raw value not listed is `unknown`.
 */
const PLATFORM_PRODUCT_STATUSES = {
  lazada: {
    Active: 'online',
    live: 'online',
    'sold-out': 'online',
    InActive: 'offline',
    'Pending QC': 'pushing',
    pending: 'pushing',
    Rejected: 'fail',
    Suspended: 'forbid',
    Deleted: 'del',
    Freeze: 'freeze',
  },
  shopee: {
    NORMAL: 'online',
    UNLIST: 'offline',
    REVIEWING: 'pushing',
    BANNED: 'forbid',
    SELLER_DELETE: 'del',
    SHOPEE_DELETE: 'del',
  },
  tiktok: {
    DRAFT: 'wait',
    PENDING: 'pushing',
    ACTIVATE: 'online',
    SELLER_DEACTIVATED: 'offline',
    PLATFORM_DEACTIVATED: 'forbid',
    FAILED: 'fail',
    FREEZE: 'freeze',
    DELETED: 'del',
  },
} as const satisfies Record<Platform, Record<string, ProductStatus>>;

const PRODUCT_INDEX = indexStatuses<ProductStatus>(PLATFORM_PRODUCT_STATUSES);

/** The console's status of a synced product from its platform's raw status, whatever its case. */
export function productStatusOf(platform: Platform, raw: string): ProductStatus | 'unknown' {
  return PRODUCT_INDEX[platform].get(statusKey(raw)) ?? 'unknown';
}

/** Whether a stored status (of a claimed product) is one of PRODUCT_STATUSES. */
export const isProductStatus = (value: string): value is ProductStatus =>
  (PRODUCT_STATUSES as readonly string[]).includes(value);
