/** Where a Pinduoduo (yangkeduo) page is: the goods id of a goods page, or the login page. */

/** `goods.html?goods_id=<id>` (also goods1.html, goods2.html); null for any other page. */
export function goodsIdFromUrl(url: URL): string | null {
  if (!/^\/goods\d*\.html$/.test(url.pathname)) return null;
  const id = url.searchParams.get('goods_id');
  return id && /^\d+$/.test(id) ? id : null;
}

/** The login page PDD redirects visitors without a session to. */
export function isLoginUrl(url: URL): boolean {
  return url.pathname === '/login.html';
}
