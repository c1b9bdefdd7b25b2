import { hostIn, SOURCE_SITE_HOSTS } from '@shared/contracts/source-sites';
import { type SiteAdapter, withMissingReported } from '../common/draft';
import { extractPinduoduo } from './extract';

/** Pinduoduo (yangkeduo): the inlined rawData initDataObj, else the rendered goods page. */
export const pinduoduoAdapter: SiteAdapter = {
  site: 'pinduoduo',
  matches: (url) => hostIn(url.hostname, SOURCE_SITE_HOSTS.pinduoduo),
  extract: (input) => withMissingReported(extractPinduoduo(input)),
};
