import type { CatalogueSort, MallSort, MallSourceSite } from '@shared/contracts/catalogue';
import type { SiteCode } from '@shared/contracts/site-codes';
import { cursorParam, keywordParam, oneOf, wholeNumber } from '../../components/list-search';

// Read by the route table on the console's first load: no schema library here.

/** The page's tabs: the mall first (the default), then the catalogue's own sources. */
export const CATALOGUE_TABS = ['mall', 'supplier', 'directSale', 'thirdParty'] as const;
export type CatalogueTab = (typeof CATALOGUE_TABS)[number];

const SORTS: readonly CatalogueSort[] = ['newest', 'sales', 'priceAsc', 'priceDesc'];
const MALL_SORT_LIST: readonly MallSort[] = ['relevance', ...SORTS];
/** Typed by the contract: a new site fails to compile until it is listed. */
const SOURCE_SITES: Record<MallSourceSite, true> = {
  '1688': true,
  taobao: true,
  tmall: true,
  pinduoduo: true,
  jd: true,
  aliexpress: true,
  shopee: true,
  lazada: true,
};
const SITES: Record<SiteCode, true> = {
  my: true,
  th: true,
  vn: true,
  sg: true,
  id: true,
  ph: true,
  cn: true,
  tw: true,
  gb: true,
  pl: true,
  br: true,
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The contract's bound of a price (minor units). */
const PRICE_MAX = 1_000_000_000_00;

/** The page's tab, filters, sort and keyset position, as its address carries them. */
export interface CatalogueSearch {
  /** Absent for the default, the mall. */
  source?: Exclude<CatalogueTab, 'mall'>;
  /** The mall's search words. */
  keyword?: string;
  /** A category of any level. */
  categoryId?: string;
  /** Minor units of the list's currency. */
  priceMin?: number;
  priceMax?: number;
  inStock?: true;
  /** Mall: the marketplace a product was listed on; where it ships from. */
  sourceSite?: MallSourceSite;
  shipsFrom?: SiteCode;
  /** Supplier products: one supplier's. */
  supplierId?: string;
  /** Direct sale: the warehouse site holding stock. */
  site?: SiteCode;
  /** Third-party products: the shop whose follows they come from. */
  shopId?: string;
  /** Absent for the tab's default (relevance in the mall, newest elsewhere). */
  sort?: MallSort;
  cursor?: string;
}

/** Every filter key, per tab: a tab change drops the ones the next tab lacks. */
export const TAB_FILTERS = {
  mall: ['keyword', 'categoryId', 'priceMin', 'priceMax', 'inStock', 'sourceSite', 'shipsFrom'],
  supplier: ['categoryId', 'priceMin', 'priceMax', 'inStock', 'supplierId'],
  directSale: ['categoryId', 'priceMin', 'priceMax', 'inStock', 'site'],
  thirdParty: ['categoryId', 'priceMin', 'priceMax', 'inStock'],
} as const satisfies Record<CatalogueTab, readonly (keyof CatalogueSearch)[]>;

/** The sorts a tab offers, its default first. */
export const TAB_SORTS: Record<CatalogueTab, readonly MallSort[]> = {
  mall: MALL_SORT_LIST,
  supplier: SORTS,
  directSale: SORTS,
  thirdParty: SORTS,
};

function known<K extends string>(list: Record<K, true>, value: unknown): K | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && Object.hasOwn(list, text) ? (text as K) : undefined;
}

function price(value: unknown): number | undefined {
  const number = wholeNumber(value);
  return number !== undefined && number >= 0 && number <= PRICE_MAX ? number : undefined;
}

const id = (value: unknown) =>
  typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : undefined;

/**
 * The router's validateSearch for /product/thirdProductList: a known tab, then only the filters
 * and sorts that tab has, each a valid value; anything else is dropped, so a hand-edited address
 * still opens the page.
 */
export function validateCatalogueSearch(search: Record<string, unknown>): CatalogueSearch {
  const tab = oneOf(CATALOGUE_TABS, search.source) ?? 'mall';
  const keys = new Set<string>(TAB_FILTERS[tab]);
  const sort = oneOf(TAB_SORTS[tab], search.sort);
  const values: CatalogueSearch = {
    ...(tab === 'mall' ? {} : { source: tab }),
    ...(keys.has('keyword') ? keywordParam(search.keyword) : {}),
    categoryId: id(search.categoryId),
    priceMin: price(search.priceMin),
    priceMax: price(search.priceMax),
    inStock: search.inStock === true || search.inStock === 'true' ? true : undefined,
    sourceSite: keys.has('sourceSite') ? known(SOURCE_SITES, search.sourceSite) : undefined,
    shipsFrom: keys.has('shipsFrom') ? known(SITES, search.shipsFrom) : undefined,
    site: keys.has('site') ? known(SITES, search.site) : undefined,
    supplierId: keys.has('supplierId') ? id(search.supplierId) : undefined,
    shopId: tab === 'thirdParty' ? id(search.shopId) : undefined,
    sort: sort !== undefined && sort !== TAB_SORTS[tab][0] ? sort : undefined,
    ...cursorParam(search.cursor),
  };
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as CatalogueSearch;
}

/** The router's validateSearch for /product/thirdDetails: the product's id. */
export function validateCatalogueDetailsSearch(search: Record<string, unknown>): { id?: string } {
  const value = id(search.id);
  return value ? { id: value } : {};
}
