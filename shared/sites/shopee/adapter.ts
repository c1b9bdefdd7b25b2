import type { SiteAdapter } from '../common/draft';
import { extractShopee } from './extract';

const HOSTS = [
  'shopee.sg',
  'shopee.co.th',
  'shopee.com.my',
  'shopee.vn',
  'shopee.co.id',
  'shopee.ph',
  'shopee.tw',
  'shopee.com.br',
  'shopee.cn',
];

/** Shopee: the PDP answer the page received (or embedded), never the rendered DOM. */
export const shopeeAdapter: SiteAdapter = {
  site: 'shopee',
  matches: (url) =>
    HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`)),
  extract: extractShopee,
};
