import type { SourceSiteInfo } from '@shared/contracts/collector';
import { SOURCE_SITES, type SourceSite } from '@shared/contracts/product-draft';
import { SOURCE_SITE_HOSTS, SOURCE_SITE_NAMES } from '@shared/contracts/source-sites';

/** What a product page's address looks like on each site, for "collect by URL". */
const EXAMPLE_URLS: Record<SourceSite, string> = {
  '1688': 'https://detail.1688.com/offer/712345678901.html',
  aliexpress: 'https://www.aliexpress.com/item/1005006123456789.html',
  shopee: 'https://shopee.co.th/product/123456789/23456789012',
  lazada: 'https://www.lazada.co.th/products/i1234567890-s9876543210.html',
  pinduoduo: 'https://mobile.yangkeduo.com/goods.html?goods_id=123456789012',
};

/** The source sites the plug-in reads, with their icons (served with the console) and hosts. */
export function sourceSiteList(): SourceSiteInfo[] {
  return SOURCE_SITES.map((site) => ({
    site,
    name: SOURCE_SITE_NAMES[site],
    iconUrl: `/cmp/platforms/${site}.svg`,
    hosts: [...SOURCE_SITE_HOSTS[site]],
    example: EXAMPLE_URLS[site],
  }));
}
