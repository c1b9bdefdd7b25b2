import type { SourceSite } from './product-draft';

/** The hosts (with their subdomains) of each source site. */
export const SOURCE_SITE_HOSTS: Readonly<Record<SourceSite, readonly string[]>> = {
  '1688': ['1688.com'],
  aliexpress: ['aliexpress.com', 'aliexpress.us', 'aliexpress.ru'],
  shopee: [
    'shopee.sg',
    'shopee.co.th',
    'shopee.com.my',
    'shopee.vn',
    'shopee.co.id',
    'shopee.ph',
    'shopee.tw',
    'shopee.com.br',
    'shopee.cn',
  ],
  lazada: [
    'lazada.sg',
    'lazada.co.th',
    'lazada.com.my',
    'lazada.vn',
    'lazada.co.id',
    'lazada.com.ph',
    // Daraz runs the same product page platform.
    'daraz.pk',
    'daraz.com.np',
    'daraz.com.bd',
    'daraz.lk',
  ],
  pinduoduo: ['pinduoduo.com', 'yangkeduo.com'],
};

/** The source sites by their own names (brand names, the same in every language). */
export const SOURCE_SITE_NAMES: Readonly<Record<SourceSite, string>> = {
  '1688': '1688',
  aliexpress: 'AliExpress',
  shopee: 'Shopee',
  lazada: 'Lazada',
  pinduoduo: 'Pinduoduo',
};

/** Whether a host is one of these hosts or a subdomain of one. */
export function hostIn(hostname: string, hosts: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return hosts.some((known) => host === known || host.endsWith(`.${known}`));
}

/** The source site an address belongs to (an http(s) address on one of its hosts), or null. */
export function sourceSiteOf(url: string): SourceSite | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  for (const [site, hosts] of Object.entries(SOURCE_SITE_HOSTS) as [SourceSite, string[]][]) {
    if (hostIn(parsed.hostname, hosts)) return site;
  }
  return null;
}

/** The extension match patterns of a site's pages (every scheme, the host and its subdomains). */
export function matchPatternsOf(site: SourceSite): string[] {
  return SOURCE_SITE_HOSTS[site].flatMap((host) => [`*://${host}/*`, `*://*.${host}/*`]);
}
