import type { CallOptions, TestApp } from './app';

/** The part of tough-cookie's jar (jsdom's) these helpers use. */
interface CookieJarLike {
  getCookieStringSync(url: string): string;
  setCookieSync(cookie: string, url: string): unknown;
  removeAllCookiesSync(): void;
}

/**
 * jsdom's own cookie jar: the page's cookies, HttpOnly ones included (which `document.cookie`
 * neither shows nor sets). Vitest's jsdom environment exposes the JSDOM instance as `jsdom`.
 */
function jsdomJar(): CookieJarLike | null {
  const dom = (globalThis as { jsdom?: { cookieJar?: CookieJarLike } }).jsdom;
  return dom?.cookieJar ?? null;
}

/**
 * The console's requests in jsdom as a browser sends them to its own origin: with the cookies the
 * browser holds for the address, and keeping the ones the answer sets (the server's HttpOnly
 * browser key among them).
 */
export function fetchWithBrowserCookies(
  send: (request: Request) => Response | Promise<Response>,
): (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const request = new Request(input, init);
    const jar = jsdomJar();
    const held = jar?.getCookieStringSync(request.url);
    if (held) request.headers.set('cookie', held);
    const response = await send(request);
    for (const cookie of response.headers.getSetCookie()) jar?.setCookieSync(cookie, request.url);
    return response;
  };
}

/** Forgets every cookie of the jsdom page, HttpOnly ones included (a new browser). */
export function clearBrowserCookies(): void {
  jsdomJar()?.removeAllCookiesSync();
}

/**
 * One browser as the server sees it, in server tests: each call carries the cookies earlier
 * answers set (the HttpOnly browser key of WeChat sign-in and binding), as a browser would.
 */
export function cookieBrowser(t: Pick<TestApp, 'call'>) {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  return {
    /** The Cookie header this browser sends ('' when it holds none). */
    cookie,
    async call(method: string, path: string, options: CallOptions = {}) {
      const held = cookie();
      const response = await t.call(method, path, {
        ...options,
        headers: { ...options.headers, ...(held ? { cookie: held } : {}) },
      });
      for (const set of response.headers.getSetCookie()) {
        const [pair = ''] = set.split(';');
        const at = pair.indexOf('=');
        if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
      }
      return response;
    },
  };
}
export type CookieBrowser = ReturnType<typeof cookieBrowser>;
