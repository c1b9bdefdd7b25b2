/** Where a Shopee page is: the item and shop ids of a product address, and the country's defaults. */

export interface ShopeeIds {
  shopId: string;
  itemId: string;
}

/** `/<slug>-i.<shopId>.<itemId>` or `/product/<shopId>/<itemId>`; null for any other page. */
export function idsFromUrl(url: URL): ShopeeIds | null {
  const match =
    /-i\.(\d+)\.(\d+)\/?$/.exec(url.pathname) ?? /^\/product\/(\d+)\/(\d+)\/?$/.exec(url.pathname);
  if (!match?.[1] || !match[2]) return null;
  return { shopId: match[1], itemId: match[2] };
}

/** The traffic verification pages Shopee sends suspicious sessions to. */
export function isVerificationUrl(url: URL): boolean {
  return /^\/verify\/(?:traffic|captcha)/.test(url.pathname);
}

/** Country code of a Shopee host: the last label (shopee.co.th -> th). */
function countryOf(url: URL): string {
  return url.hostname.split('.').pop() ?? 'sg';
}

const CURRENCY_BY_COUNTRY: Record<string, string> = {
  vn: 'VND',
  th: 'THB',
  my: 'MYR',
  sg: 'SGD',
  id: 'IDR',
  ph: 'PHP',
  tw: 'TWD',
  br: 'BRL',
  cn: 'CNY',
};

/** The currency a Shopee site prices in, when an answer does not say. */
export function currencyOfHost(url: URL): string | null {
  return CURRENCY_BY_COUNTRY[countryOf(url)] ?? null;
}

/** The address of an image hash on the country's CDN (addresses are kept as they are). */
export function imageUrl(hash: string, url: URL): string {
  if (/^https?:\/\//.test(hash)) return hash;
  if (hash.startsWith('//')) return `https:${hash}`;
  return `https://down-${countryOf(url)}.img.susercontent.com/file/${hash}`;
}
