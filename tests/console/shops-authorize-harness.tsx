import { sandboxHosts } from '@server/integrations/marketplace/marketplace.config';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, interceptRequests, type TestApp } from '../support/app';
import { renderSignedIn } from '../support/console';
import { fillWords, readLocale } from '../support/locales';

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
/** Requests the app received from the console, with their JSON bodies. */
export let requests: { method: string; path: string; body: unknown }[] = [];

export let current: { close(): Promise<void> } | undefined;

export let sellers = 0;
/** A main account of its own, onboarded, with shops on Lazada, Shopee and TikTok (in that order). */
export async function seller(names: string[]) {
  sellers += 1;
  const email = `shops-authorize-${sellers}@example.com`;
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
  return { running, user: userEvent.setup() };
}

export async function rowOf(name: string) {
  const rows = await screen.findAllByTestId('shop-row');
  const row = rows.find((candidate) => within(candidate).queryByText(name) !== null);
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

export const fill = fillWords;

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
      const text = request.method === 'POST' ? await request.clone().text() : '';
      requests.push({
        method: request.method,
        path: new URL(request.url).pathname,
        body: text ? JSON.parse(text) : null,
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
