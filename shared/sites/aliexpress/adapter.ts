import { hostIn, SOURCE_SITE_HOSTS } from '@shared/contracts/source-sites';
import { type SiteAdapter, withMissingReported } from '../common/draft';
import { extractAliexpress } from './extract';

/** AliExpress item pages: runParams (2018 to 2024) and the mtop pdp answer (2024 on). */
export const aliexpressAdapter: SiteAdapter = {
  site: 'aliexpress',
  matches: (url) => hostIn(url.hostname, SOURCE_SITE_HOSTS.aliexpress),
  extract: (input) => withMissingReported(extractAliexpress(input)),
};
