import { API_CLIENTS, basicClientAuth, HEADERS } from '@shared/contracts/protocol';
import type { Page } from 'puppeteer-core';

/** One call to the server, as the console makes it: the status-free part the login needs. */
export type SessionCall = (
  method: 'GET' | 'POST',
  path: string,
  options: { json?: unknown; token?: string },
) => Promise<{ body: Record<string, any>; text: string }>;

/** What the login screen leaves behind: the token cookie's value and the cached session. */
export interface StoredSession {
  token: string;
  /** The `cmp-session` entry of localStorage: routes and userInfo, as auto-login reads them. */
  cache: string;
}

/**
 * Signs in through the API and returns what the console's login screen would have stored, for
 * tests of other screens to put in place instead of typing into the login form.
 */
export async function signInByApi(
  call: SessionCall,
  credentials: { username: string; password: string },
): Promise<StoredSession> {
  const login = await call('POST', '/api-uaa/oauth/loginByPassword', { json: credentials });
  if (login.body.resp_code !== 0) throw new Error(`login failed: ${login.text}`);
  const token = login.body.datas.access_token as string;
  const [info, check] = await Promise.all([
    call('GET', '/api-user/user/userInfo', { token }),
    call('GET', '/api-user/user/loginCheck', { token }),
  ]);
  const cache = JSON.stringify({
    updatedAt: Date.now(),
    routes: login.body.datas.routerInfoList,
    user: info.body.datas,
    onboarded: check.body.datas !== null,
  });
  return { token, cache };
}

/** A SessionCall over HTTP to a running server. */
export function httpSessionCall(origin: string): SessionCall {
  return async (method, path, options) => {
    const headers: Record<string, string> = {
      [HEADERS.authorization]: basicClientAuth(API_CLIENTS.console),
    };
    if (options.token) headers[HEADERS.token] = options.token;
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${origin}${path}`, {
      method,
      headers,
      ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
    });
    const text = await response.text();
    return { body: JSON.parse(text) as Record<string, any>, text };
  };
}

/**
 * Opens the console at `path` in a Chromium page, signed in as the login screen would have left
 * it: the token cookie set and the cached session in localStorage before the console's code runs.
 */
export async function openSignedIn(
  page: Page,
  origin: string,
  credentials: { username: string; password: string },
  path: string,
): Promise<void> {
  const { token, cache } = await signInByApi(httpSessionCall(origin), credentials);
  await page.setCookie({ name: 'access_token', value: encodeURIComponent(token), url: origin });
  // Only for this page load: a later one (after signing out) finds what the console left.
  const placed = await page.evaluateOnNewDocument(
    (expected, value) => {
      if (location.origin === expected) localStorage.setItem('cmp-session', value);
    },
    origin,
    cache,
  );
  await page.goto(`${origin}${path}`);
  await page.removeScriptToEvaluateOnNewDocument(placed.identifier);
}
