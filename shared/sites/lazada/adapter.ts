import { hostIn, SOURCE_SITE_HOSTS } from '@shared/contracts/source-sites';
import { type SiteAdapter, withMissingReported } from '../common/draft';
import { extractLazada } from './extract';

/** Lazada and Daraz (the same Alibaba PDP platform): `data.root.fields` of the page script. */
export const lazadaAdapter: SiteAdapter = {
  site: 'lazada',
  matches: (url) => hostIn(url.hostname, SOURCE_SITE_HOSTS.lazada),
  extract: (input) => withMissingReported(extractLazada(input)),
};
