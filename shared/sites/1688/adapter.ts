import type { SiteAdapter } from '../common/draft';
import { extract1688 } from './extract';

const HOSTS = ['1688.com'];

/** 1688.com offer pages: `window.__INIT_DATA` (2021-24) and `window.context` (2025-26). */
export const site1688Adapter: SiteAdapter = {
  site: '1688',
  matches: (url) =>
    HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`)),
  extract: extract1688,
};
