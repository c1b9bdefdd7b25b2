/** Where a Lazada or Daraz page is: the item id of a product address, and the site's currency. */

/** `/products/<slug>-i<itemId>-s<skuId>.html` (the `-s` part optional); null for other pages. */
export function itemIdFromUrl(url: URL): string | null {
  return /(?:^|[-/])i(\d+)(?:-s\d+)?\.html$/.exec(url.pathname)?.[1] ?? null;
}

const CURRENCY_BY_DOMAIN: [string, string][] = [
  ['lazada.co.th', 'THB'],
  ['lazada.com.my', 'MYR'],
  ['lazada.sg', 'SGD'],
  ['lazada.com.ph', 'PHP'],
  ['lazada.vn', 'VND'],
  ['lazada.co.id', 'IDR'],
  ['daraz.com.np', 'NPR'],
  ['daraz.pk', 'PKR'],
  ['daraz.com.bd', 'BDT'],
  ['daraz.lk', 'LKR'],
];

/** The currency a Lazada or Daraz site prices in, for when the page does not say. */
export function currencyOfHost(url: URL): string | null {
  const host = url.hostname;
  return (
    CURRENCY_BY_DOMAIN.find(([domain]) => host === domain || host.endsWith(`.${domain}`))?.[1] ??
    null
  );
}
