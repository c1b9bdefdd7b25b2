import type { CollectStatus } from '@shared/contracts/collector';
import type { SourceSite } from '@shared/contracts/product-draft';

// Read by the route table on the console's first load: no schema library here.

/** The source sites the address may name (typed by the contract: a new site fails to compile). */
const KNOWN_SITES: Record<SourceSite, true> = {
  '1688': true,
  aliexpress: true,
  shopee: true,
  lazada: true,
  pinduoduo: true,
};

/** The collection box's tab, page, keyword and site filter, as its address carries them. */
export interface CollectorListSearch {
  /** The claimed tab; absent for the default, unclaimed. */
  status?: Exclude<CollectStatus, 'unclaimed'>;
  page?: number;
  keyword?: string;
  site?: SourceSite;
}

/** Past this, an address names no page the server serves. */
const MAX_PAGE = 10_000;
const MAX_KEYWORD = 200;

function wholeNumber(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) ? number : undefined;
}

function isSite(value: unknown): value is SourceSite {
  // Digits-only ids ("1688") arrive from the address parsed as numbers.
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && Object.hasOwn(KNOWN_SITES, text);
}

/**
 * The router's validateSearch for /product/collectorList: keeps the claimed tab, a page above 1,
 * a keyword and a known site; drops anything else, so a hand-edited address still opens the page.
 */
export function validateCollectorListSearch(search: Record<string, unknown>): CollectorListSearch {
  const page = wholeNumber(search.page);
  const keyword =
    typeof search.keyword === 'string' || typeof search.keyword === 'number'
      ? String(search.keyword).trim().slice(0, MAX_KEYWORD)
      : '';
  const site = isSite(search.site) ? (String(search.site) as SourceSite) : undefined;
  return {
    ...(search.status === 'claimed' ? { status: 'claimed' as const } : {}),
    ...(page !== undefined && page > 1 && page <= MAX_PAGE ? { page } : {}),
    ...(keyword ? { keyword } : {}),
    ...(site ? { site } : {}),
  };
}

/** The router's validateSearch for /product/collectorDetails: the product's id. */
export function validateCollectorDetailsSearch(search: Record<string, unknown>): { id?: string } {
  return typeof search.id === 'string' && search.id !== '' ? { id: search.id } : {};
}
