import type { SiteAdapter } from '../common/draft';
import { extractPinduoduo } from './extract';

const HOSTS = ['pinduoduo.com', 'yangkeduo.com'];

/** Pinduoduo (yangkeduo): the inlined rawData initDataObj, else the rendered goods page. */
export const pinduoduoAdapter: SiteAdapter = {
  site: 'pinduoduo',
  matches: (url) =>
    HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`)),
  extract: extractPinduoduo,
};
