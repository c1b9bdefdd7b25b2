import type { SiteAdapter } from '../common/draft';
import { extractAliexpress } from './extract';

const HOSTS = ['aliexpress.com', 'aliexpress.us', 'aliexpress.ru'];

/** AliExpress item pages: runParams (2018 to 2024) and the mtop pdp answer (2024 on). */
export const aliexpressAdapter: SiteAdapter = {
  site: 'aliexpress',
  matches: (url) =>
    HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`)),
  extract: extractAliexpress,
};
