import { hostIn, SOURCE_SITE_HOSTS } from '@shared/contracts/source-sites';
import { type SiteAdapter, withMissingReported } from '../common/draft';
import { extractShopee } from './extract';

/** Shopee: the PDP answer the page received (or embedded), never the rendered DOM. */
export const shopeeAdapter: SiteAdapter = {
  site: 'shopee',
  matches: (url) => hostIn(url.hostname, SOURCE_SITE_HOSTS.shopee),
  extract: (input) => withMissingReported(extractShopee(input)),
};
