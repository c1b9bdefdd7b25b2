import type { CollectStatus } from '@shared/contracts/collector';
import type { SourceSite } from '@shared/contracts/product-draft';
import { cursorParam, keywordParam } from '../../components/list-search';

// Read by the route table on the console's first load: no schema library here.

/** The source sites the address may name (typed by the contract: a new site fails to compile). */
const KNOWN_SITES: Record<SourceSite, true> = {
  '1688': true,
  aliexpress: true,
  shopee: true,
  lazada: true,
  pinduoduo: true,
};

/** The collection box's tab and position, keyword and site filter, as its address carries them. */
export interface CollectorListSearch {
  /** The claimed tab; absent for the default, unclaimed. */
  status?: Exclude<CollectStatus, 'unclaimed'>;
  /** The server's keyset position; none on the first page. */
  cursor?: string;
  keyword?: string;
  site?: SourceSite;
}

function isSite(value: unknown): value is SourceSite {
  // Digits-only ids ("1688") arrive from the address parsed as numbers.
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && Object.hasOwn(KNOWN_SITES, text);
}

/**
 * The router's validateSearch for /product/collectorList: keeps the claimed tab, a page's position (the server's cursor),
 * a keyword and a known site; drops anything else, so a hand-edited address still opens the page.
 */
export function validateCollectorListSearch(search: Record<string, unknown>): CollectorListSearch {
  const site = isSite(search.site) ? (String(search.site) as SourceSite) : undefined;
  return {
    ...(search.status === 'claimed' ? { status: 'claimed' as const } : {}),
    ...cursorParam(search.cursor),
    ...keywordParam(search.keyword),
    ...(site ? { site } : {}),
  };
}

/** The router's validateSearch for /product/collectorDetails: the product's id. */
export function validateCollectorDetailsSearch(search: Record<string, unknown>): { id?: string } {
  return typeof search.id === 'string' && search.id !== '' ? { id: search.id } : {};
}
