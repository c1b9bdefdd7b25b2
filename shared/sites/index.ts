import { site1688Adapter } from './1688/adapter';
import { aliexpressAdapter } from './aliexpress/adapter';
import type { ExtractInput, ExtractResult, SiteAdapter } from './common/draft';
import { failure } from './common/draft';
import { lazadaAdapter } from './lazada/adapter';
import { pinduoduoAdapter } from './pinduoduo/adapter';
import { shopeeAdapter } from './shopee/adapter';

/** Every source site's adapter. */
const SITE_ADAPTERS: readonly SiteAdapter[] = [
  site1688Adapter,
  aliexpressAdapter,
  shopeeAdapter,
  lazadaAdapter,
  pinduoduoAdapter,
];

/** The adapter of the site an address belongs to, or null for any other site. */
function adapterFor(url: string): SiteAdapter | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  return SITE_ADAPTERS.find((adapter) => adapter.matches(parsed)) ?? null;
}

/**
 * Reads a product from a page of one of the source sites: a ProductDraft, or why there is none
 * (not a product page, a login wall, a captcha, an error page, a layout not understood).
 */
export function extract(input: ExtractInput): ExtractResult {
  const adapter = adapterFor(input.url);
  if (!adapter) return failure('notProduct', null);
  return adapter.extract(input);
}
