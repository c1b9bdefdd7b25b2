import { type Language, parseLanguage } from '@shared/contracts/languages';
import {
  DEFAULT_SITE,
  isSiteCode,
  SITE_LANGUAGES,
  type SiteCode,
} from '@shared/contracts/site-codes';
import { readCookie, writeCookie } from '@shared/session/web-port';

const LANGUAGE_COOKIE = 'cmp-language';
const SITE_COOKIE = 'cmp-site';
const TARGET_COOKIE = 'cmp-targetUrl';
const YEAR = 365 * 24 * 60 * 60;
/** Set before the reload that a language change causes, so the new page can confirm it. */
const LANGUAGE_CHANGED_FLAG = 'cmp-language-changed';

/** A site the user chose: the `site` query parameter, then the cmp-site cookie; null when neither. */
function chosenSite(win: Window): SiteCode | null {
  const fromQuery = new URL(win.location.href).searchParams.get('site');
  if (isSiteCode(fromQuery)) return fromQuery;
  const fromCookie = readCookie(win.document, SITE_COOKIE);
  return isSiteCode(fromCookie) ? fromCookie : null;
}

/**
 * The site sent with every request and shown in the header (spec section 4): the chosen one,
 * else the signed-in account's own site (the one it chose at onboarding), else the default.
 */
export function resolveSite(win: Window, accountSite?: SiteCode | null): SiteCode {
  return chosenSite(win) ?? accountSite ?? DEFAULT_SITE;
}

/**
 * The interface language (decisions.md): the cmp-language cookie, then the chosen site's
 * language, then the browser's, then English.
 */
export function resolveLanguage(win: Window): Language {
  const fromCookie = parseLanguage(readCookie(win.document, LANGUAGE_COOKIE));
  if (fromCookie) return fromCookie;
  const site = chosenSite(win);
  if (site) return SITE_LANGUAGES[site];
  for (const candidate of win.navigator.languages ?? [win.navigator.language]) {
    const language = parseLanguage(candidate);
    if (language) return language;
  }
  return 'en';
}

/** Stores the language and reloads, as spec section 2 says; the next page confirms the change. */
export function switchLanguage(win: Window, language: Language): void {
  writeCookie(win.document, LANGUAGE_COOKIE, language, { maxAgeSeconds: YEAR });
  win.sessionStorage.setItem(LANGUAGE_CHANGED_FLAG, '1');
  win.location.reload();
}

/**
 * Stores an explicitly chosen site and reloads (spec section 4): the explicit value wins over the
 * query parameter, which is dropped; the new site brings its language unless one was chosen.
 */
export function switchSite(win: Window, site: SiteCode): void {
  writeCookie(win.document, SITE_COOKIE, site, { maxAgeSeconds: YEAR });
  const url = new URL(win.location.href);
  url.searchParams.delete('site');
  win.location.replace(url.toString());
}

/** True once after a language switch reloaded the page. */
export function takeLanguageChanged(win: Window): boolean {
  const changed = win.sessionStorage.getItem(LANGUAGE_CHANGED_FLAG) === '1';
  win.sessionStorage.removeItem(LANGUAGE_CHANGED_FLAG);
  return changed;
}

/** A path inside the console, never another origin ("//evil.example" or "https://..."). */
export function safeConsolePath(value: unknown): string | null {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.includes('\\')
  ) {
    return null;
  }
  return value;
}

/** Remembers where the user was when the session ended, for after the next login. */
export function rememberTarget(win: Window, path: string): void {
  writeCookie(win.document, TARGET_COOKIE, path, { maxAgeSeconds: 60 * 60 });
}

/** The remembered target, read once. */
export function takeTarget(win: Window): string | null {
  const target = safeConsolePath(readCookie(win.document, TARGET_COOKIE));
  writeCookie(win.document, TARGET_COOKIE, null);
  return target;
}
