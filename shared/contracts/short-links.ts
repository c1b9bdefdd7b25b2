import * as z from 'zod/mini';

/** A short link's id: random, URL-safe (base64url), at least 10 characters. */
export const SHORT_LINK_ID_PATTERN = /^[A-Za-z0-9_-]{10,64}$/;

/** GET /api-user/public/shortUrl?id= */
export const ShortLinkQuerySchema = z.object({
  id: z.string().check(z.regex(SHORT_LINK_ID_PATTERN, { error: 'invalid' })),
});

/** What a short link opens: a console path (starting with /cmp/ or /) or an allowed https address. */
export const ShortLinkSchema = z.object({ target: z.string() });

/** A short link issued to share: its id, the address to give out, and when it stops opening. */
export const SharedLinkSchema = z.object({
  id: z.string(),
  url: z.string(),
  expiresAt: z.nullable(z.string()),
});
export type SharedLink = z.infer<typeof SharedLinkSchema>;

/** The console's router base (spec section 2). */
const CONSOLE_BASE = '/cmp';

/**
 * Hosts an https short link may lead to (each with its subdomains): the supplier sites the
 * collector works on and the marketplaces' shops and seller centres. Anything else is refused,
 * so a short link is never an open redirect.
 */
export const SHORT_LINK_HOSTS = [
  '1688.com',
  'aliexpress.com',
  'yangkeduo.com',
  'pinduoduo.com',
  'lazada.co.th',
  'lazada.com.my',
  'lazada.vn',
  'lazada.sg',
  'lazada.co.id',
  'lazada.com.ph',
  'shopee.co.th',
  'shopee.com.my',
  'shopee.vn',
  'shopee.sg',
  'shopee.co.id',
  'shopee.ph',
  'tiktok.com',
] as const;

const MAX_TARGET_LENGTH = 2048;
/** Whitespace, control characters and backslashes (browsers read `\` as `/`) never belong in a target. */
function hasUnsafeCharacter(target: string): boolean {
  for (const character of target) {
    const code = character.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || character === '\\' || /\s/.test(character)) return true;
  }
  return false;
}

/** Where a short link leads: a path inside the console's router (without /cmp), or an address outside. */
export type ShortLinkTarget = { kind: 'console'; path: string } | { kind: 'external'; url: string };

function consolePath(target: string): string | null {
  if (!target.startsWith('/') || target.startsWith('//')) return null;
  const origin = 'https://console.invalid';
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  let path = url.pathname;
  if (path === CONSOLE_BASE) path = '/';
  else if (path.startsWith(`${CONSOLE_BASE}/`)) path = path.slice(CONSOLE_BASE.length);
  // `//host` would leave the console once the base is put back in front.
  if (path.includes('//')) return null;
  return `${path}${url.search}${url.hash}`;
}

function externalUrl(target: string): string | null {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const allowed = SHORT_LINK_HOSTS.some((known) => host === known || host.endsWith(`.${known}`));
  return allowed ? url.href : null;
}

/**
 * Reads a short link's target, or null when it is not one a short link may lead to. The server
 * checks it when it issues a link and when it resolves one; the console checks it again before
 * it leaves the page.
 */
export function readShortLinkTarget(target: string): ShortLinkTarget | null {
  if (target.length === 0 || target.length > MAX_TARGET_LENGTH) return null;
  if (hasUnsafeCharacter(target)) return null;
  if (target.startsWith('/')) {
    const path = consolePath(target);
    return path === null ? null : { kind: 'console', path };
  }
  const url = externalUrl(target);
  return url === null ? null : { kind: 'external', url };
}
