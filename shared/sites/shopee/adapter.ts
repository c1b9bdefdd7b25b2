import { hostIn, SOURCE_SITE_HOSTS } from '@shared/contracts/source-sites';
import type { SiteAdapter } from '../common/draft';
import { extractShopee } from './extract';

/** Shopee: the PDP answer the page received (or embedded), never the rendered DOM. */
export const shopeeAdapter: SiteAdapter = {
  site: 'shopee',
  matches: (url) => hostIn(url.hostname, SOURCE_SITE_HOSTS.shopee),
  extract: extractShopee,
};
