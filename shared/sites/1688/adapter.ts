import { hostIn, SOURCE_SITE_HOSTS } from '@shared/contracts/source-sites';
import { type SiteAdapter, withMissingReported } from '../common/draft';
import { extract1688 } from './extract';

/** 1688.com offer pages: `window.__INIT_DATA` (2021-24) and `window.context` (2025-26). */
export const site1688Adapter: SiteAdapter = {
  site: '1688',
  matches: (url) => hostIn(url.hostname, SOURCE_SITE_HOSTS['1688']),
  extract: (input) => withMissingReported(extract1688(input)),
};
