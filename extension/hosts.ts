/**
 * The hosts (with their subdomains) that serve the descriptions AliExpress and 1688 pages load
 * lazily. The background fetches a draft's description only from these; wxt.config.ts grants
 * them as host permissions.
 */
export const DESCRIPTION_HOSTS = [
  'alicdn.com',
  'aliexpress-media.com',
  'aliexpress.com',
  'aliexpress.us',
  'aliexpress.ru',
  '1688.com',
  'tmall.com',
  'taobao.com',
] as const;

/** Match patterns of hosts and their subdomains, every scheme. */
export function hostPatterns(hosts: readonly string[]): string[] {
  return hosts.flatMap((host) => [`*://${host}/*`, `*://*.${host}/*`]);
}
