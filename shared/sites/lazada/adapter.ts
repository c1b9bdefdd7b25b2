import type { SiteAdapter } from '../common/draft';
import { extractLazada } from './extract';

const HOSTS = [
  'lazada.sg',
  'lazada.co.th',
  'lazada.com.my',
  'lazada.vn',
  'lazada.co.id',
  'lazada.com.ph',
  'daraz.pk',
  'daraz.com.np',
  'daraz.com.bd',
  'daraz.lk',
];

/** Lazada and Daraz (the same Alibaba PDP platform): `data.root.fields` of the page script. */
export const lazadaAdapter: SiteAdapter = {
  site: 'lazada',
  matches: (url) =>
    HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`)),
  extract: extractLazada,
};
