import { sandboxHosts } from '@server/integrations/marketplace/marketplace.config';
import { HEADERS } from '@shared/contracts/protocol';
import type { Platform } from '@shared/contracts/shops';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, interceptRequests, type TestApp } from '../support/app';
import { renderSignedIn } from '../support/console';
import { fillWords, readLocale } from '../support/locales';
import { consentAs } from '../support/shops';

export const en = {
  shops: readLocale('en', 'shops'),
  common: readLocale('en', 'common'),
  errors: readLocale('en', 'errors'),
  validation: readLocale('en', 'validation'),
};
export const PAGE = '/cmp/thirdPartyPlatform/authorizeList';
export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;
export const SANDBOX = sandboxHosts('http://sandbox.test');
/** The switch is named by its label (its description is read after it). */
export const crossBorderSwitch = new RegExp(`^${en.shops.authorize.crossBorder}`);

export let t: TestApp;
/** Requests the app received from the console, with their JSON bodies and the token they carried. */
export let requests: { method: string; path: string; body: unknown; token: string | null }[] = [];

/** The calls of the shop callback among them: the console's completion of a consent. */
export const callbacksSent = () =>
  requests.filter((request) => request.path === '/api-user/shop/authorize/callback');

export let current: { close(): Promise<void> } | undefined;

export let sellers = 0;
/** A main account of its own, onboarded, with shops on Lazada, Shopee and TikTok (in that order). */
export async function seller(
  names: string[],
  email = `shops-authorize-${sellers + 1}@example.com`,
) {
  sellers += 1;
  const made = await makeSeller(t, email, names);
  const onboarded = await t.call('POST', '/api-user/user/onboarding', {
    token: made.token,
    json: { site: 'th', businessType: 'crossBorder' },
  });
  expect(onboarded.body.resp_code, onboarded.text).toBe(0);
  return { ...made, email };
}

export async function openList(username: string, password: string) {
  const running = await renderSignedIn(PAGE, { username, password }, { app: t });
  current = running;
  await screen.findByRole('heading', { name: en.shops.title });
  return { running, user: userEvent.setup({ delay: null }) };
}

export async function rowOf(name: string) {
  const rows = await screen.findAllByTestId('shop-row');
  const row = rows.find((candidate) => within(candidate).queryByText(name) !== null);
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

export const fill = fillWords;

/**
 * A consent started by the account of `token` and approved on the sandbox's page as `sellerId`:
 * the console address the platform then sends the browser back to (the callback page's path and
 * query), in whichever browser the consent was finished.
 */
export async function consentBack(
  token: string,
  request: { platform: Platform; sites: string[] },
  sellerId: string,
): Promise<string> {
  const started = await t.call('POST', '/api-user/shop/authorize/url', {
    token,
    json: { ...request, crossBorder: false },
  });
  expect(started.body.resp_code, started.text).toBe(0);
  const back = await consentAs(t, started.body.datas.url, sellerId);
  return `${back.pathname}${back.search}`;
}

/** The names of the shops an account lists. */
export async function shopNamesOf(token: string): Promise<string[]> {
  const list = await t.call('GET', '/api-user/shop/list', { token });
  expect(list.body.resp_code, list.text).toBe(0);
  return (list.body.datas as { name: string }[]).map((shop) => shop.name);
}

/** Sets `current` from a test file (an import cannot be assigned). */
export function setCurrent(value: typeof current) {
  current = value;
}

/** The hooks every file of these tests registers: its app, and what each test leaves reset. */
export function registerShopsAuthorizeTests() {
  beforeAll(async () => {
    t = await createTestApp({ sandboxShops: true });
    // "x minutes ago" is read against the browser's clock: the server's starts at the same time.
    t.clock.set(new Date());
    interceptRequests(t.app, async (request, next) => {
      const json = (request.headers.get('content-type') ?? '').includes('application/json');
      // Only the console's JSON bodies (WeChat's pushes to the app are XML).
      const text = request.method === 'POST' && json ? await request.clone().text() : '';
      requests.push({
        method: request.method,
        path: new URL(request.url).pathname,
        body: text ? JSON.parse(text) : null,
        token: request.headers.get(HEADERS.token),
      });
      return next(request);
    });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await current?.close();
    current = undefined;
    requests = [];
    vi.restoreAllMocks();
  });
}
