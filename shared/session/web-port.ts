import type { SessionSnapshot } from '../contracts/session';
import type { SessionPort } from './port';
import { SIGNED_OUT } from './snapshot';

/** Cookie that holds the token (spec sections 4 and 9). */
const TOKEN_COOKIE = 'access_token';
/** localStorage key of the cached routes and userInfo that auto-login restores from. */
const SESSION_CACHE_KEY = 'cmp-session';
/** localStorage key the spec's logout removes. */
const CATEGORY_LIST_KEY = 'categoryList';

export function readCookie(doc: Document, name: string): string | null {
  for (const part of doc.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function writeCookie(
  doc: Document,
  name: string,
  value: string | null,
  options: { maxAgeSeconds?: number } = {},
): void {
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  if (value === null) {
    doc.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
    return;
  }
  const age = options.maxAgeSeconds === undefined ? '' : `; Max-Age=${options.maxAgeSeconds}`;
  doc.cookie = `${name}=${encodeURIComponent(value)}; Path=/${age}; SameSite=Lax${secure}`;
}

/**
 * The console's session persistence: the token in the `access_token` cookie, the routes and
 * userInfo cached in localStorage. Auto-login needs the token and the cached routes; anything
 * less loads as signed out. Changes from other tabs arrive through the storage event. The cache
 * is checked against the contract by code loaded only when there is a cache to check.
 */
export function createWebSessionPort(
  win: Window,
  options: { tokenMaxAgeSeconds: number },
): SessionPort {
  const doc = win.document;
  const read = (): SessionSnapshot | Promise<SessionSnapshot> => {
    const raw = win.localStorage.getItem(SESSION_CACHE_KEY);
    if (raw === null) return SIGNED_OUT;
    const token = readCookie(doc, TOKEN_COOKIE);
    return import('./session-cache').then(({ parseSessionCache }) => parseSessionCache(raw, token));
  };
  return {
    load: read,
    save: (snapshot) => {
      const { session, updatedAt } = snapshot;
      writeCookie(doc, TOKEN_COOKIE, session?.token ?? null, {
        maxAgeSeconds: options.tokenMaxAgeSeconds,
      });
      win.localStorage.setItem(
        SESSION_CACHE_KEY,
        JSON.stringify({
          updatedAt,
          routes: session?.routes ?? null,
          user: session?.user ?? null,
          onboarded: session?.onboarded ?? false,
        }),
      );
      if (!session) win.localStorage.removeItem(CATEGORY_LIST_KEY);
    },
    subscribe: (listener) => {
      const onStorage = (event: StorageEvent) => {
        if (event.key === SESSION_CACHE_KEY) void Promise.resolve(read()).then(listener);
      };
      win.addEventListener('storage', onStorage);
      return () => win.removeEventListener('storage', onStorage);
    },
  };
}
