import type { ProductStatus } from '@shared/contracts/products';
import type { Platform } from '@shared/contracts/shops';
import { cursorParam, keywordParam, oneOf } from '../../components/list-search';

// Read by the route table on the console's first load: no schema library here.

const PLATFORM_LIST: readonly Platform[] = ['lazada', 'shopee', 'tiktok'];

/** `all` and `pushFail` are Shopee's filters (spec section 4); the rest are product statuses. */
export type ProductTab = ProductStatus | 'all' | 'pushFail';

/**
 * Each platform's status tabs, the first one the default. Lazada (and TikTok Shop, whose statuses
 * are the same) list every status; Shopee filters all, wait, online, pushing and pushFail, with
 * the other statuses as chips of their own (decisions.md).
 */
export const PLATFORM_TABS = {
  lazada: [
    'wait',
    'pushing',
    'intervalPushing',
    'online',
    'offline',
    'del',
    'forbid',
    'fail',
    'freeze',
  ],
  shopee: ['all', 'wait', 'online', 'pushing', 'pushFail'],
  tiktok: [
    'wait',
    'pushing',
    'intervalPushing',
    'online',
    'offline',
    'del',
    'forbid',
    'fail',
    'freeze',
  ],
} as const satisfies Record<Platform, readonly ProductTab[]>;

/** Shopee's further statuses, shown under "all" and as chips of their own. */
export const SHOPEE_CHIPS = ['intervalPushing', 'offline', 'del', 'forbid'] as const;

const ALL_TABS: readonly ProductTab[] = [
  ...new Set<ProductTab>([...PLATFORM_TABS.lazada, ...PLATFORM_TABS.shopee]),
];

/** The product list's platform, shop, status tab, keyword and keyset position. */
export interface ProductListSearch {
  /** Absent for the default, Lazada. */
  platform?: Exclude<Platform, 'lazada'>;
  shopId?: string;
  status?: ProductTab;
  keyword?: string;
  cursor?: string;
}

/** The platform the address names, Lazada by default. */
export const platformOf = (search: ProductListSearch): Platform => search.platform ?? 'lazada';

/**
 * The router's validateSearch for /thirdPartyPlatform/platformProductManage: a known platform, a
 * shop id, a status the platform lists (its first one is left out), a keyword and a cursor.
 */
export function validateProductListSearch(search: Record<string, unknown>): ProductListSearch {
  const platform = oneOf(PLATFORM_LIST, search.platform) ?? 'lazada';
  const tabs: readonly ProductTab[] =
    platform === 'shopee' ? [...PLATFORM_TABS.shopee, ...SHOPEE_CHIPS] : PLATFORM_TABS[platform];
  const status = oneOf(ALL_TABS, search.status);
  const kept = status !== undefined && tabs.includes(status) && status !== tabs[0];
  const shopId = typeof search.shopId === 'string' && search.shopId !== '' ? search.shopId : null;
  return {
    ...(platform === 'lazada' ? {} : { platform }),
    ...(shopId ? { shopId } : {}),
    ...(kept ? { status } : {}),
    ...keywordParam(search.keyword),
    ...cursorParam(search.cursor),
  };
}

/** An editor's address: the product's id. */
export function validateProductDetailSearch(search: Record<string, unknown>): {
  id?: string;
} {
  return typeof search.id === 'string' && search.id !== '' ? { id: search.id } : {};
}
