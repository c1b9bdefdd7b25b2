import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppConfig } from '../config';

/**
 * A random value the browser keeps in an HttpOnly, SameSite=Lax cookie, so that a flow that leaves
 * the site and comes back (WeChat sign-in, a binding QR code) completes only in the browser that
 * started it: the server keeps the value's hash beside the flow's state and compares it on return.
 * A code and state carried to another browser come back without it.
 */
export const BROWSER_KEY_COOKIE = 'cmp_browser_key';
/** Longer than any flow that uses it (a sign-in state lives 10 minutes, a binding QR code 5). */
const BROWSER_KEY_MAX_AGE_SECONDS = 60 * 60;
const KEY_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The browser's key from its cookie, or null when it has none (or not one of ours). */
export function browserKeyOf(c: Context): string | null {
  const held = getCookie(c, BROWSER_KEY_COOKIE);
  return held && KEY_SHAPE.test(held) ? held : null;
}

/**
 * The key of the browser starting a flow: the one it holds, else a fresh one; either way the
 * cookie is (re)set, so flows started in several tabs of one browser all come back with it.
 */
export function startBrowserKey(c: Context, config: Pick<AppConfig, 'publicUrl'>): string {
  const key = browserKeyOf(c) ?? randomBytes(32).toString('base64url');
  setCookie(c, BROWSER_KEY_COOKIE, key, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: BROWSER_KEY_MAX_AGE_SECONDS,
    secure: config.publicUrl.startsWith('https:'),
  });
  return key;
}

/** What the server keeps of a browser key. */
export const browserKeyHash = (key: string) => createHash('sha256').update(key).digest('hex');

/** Whether the browser's key is the one whose hash the flow kept (constant time). */
export function sameBrowser(key: string | null, keptHash: string | null): boolean {
  if (!key || !keptHash) return false;
  const given = Buffer.from(browserKeyHash(key), 'hex');
  const kept = Buffer.from(keptHash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}
