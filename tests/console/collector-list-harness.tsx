import type { ProductDraft } from '@shared/contracts/product-draft';
import { BRIDGE_CHANNEL } from '@shared/session/bridge-channel';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { collectDrafts } from '../support/collector';
import { renderSignedIn } from '../support/console';
import { fillWords, readLocale } from '../support/locales';
import { authorizeStoredShop } from '../support/shops';

export const en = {
  collector: readLocale('en', 'collector'),
  common: readLocale('en', 'common'),
};
export const PAGE = '/cmp/product/collectorList';

export let t: TestApp;

export let current: { close(): Promise<void> } | undefined;
export let stopExtension: (() => void) | undefined;

export const fill = fillWords;

export let sellers = 0;
/**
 * A main account of its own, onboarded, with a normal Lazada shop, an abnormal Shopee shop and a
 * normal TikTok shop.
 */
export async function seller() {
  sellers += 1;
  const email = `collector-list-${sellers}@example.com`;
  const made = await makeSeller(t, email, ['Lazada Home', 'Shopee Deals', 'TikTok Trends']);
  const onboarded = await t.call('POST', '/api-user/user/onboarding', {
    token: made.token,
    json: { site: 'th', businessType: 'crossBorder' },
  });
  expect(onboarded.body.resp_code, onboarded.text).toBe(0);
  const [home, deals, trends] = made.shops;
  if (!home || !deals || !trends) throw new Error('shops missing');
  await authorizeStoredShop(t, home.id);
  await authorizeStoredShop(t, deals.id, {
    abnormal: { key: 'PLATFORM_TOKEN_INVALID', code: 'invalid_token', message: null },
  });
  await authorizeStoredShop(t, trends.id);
  return { ...made, email, home, deals, trends };
}

/** A product as a site adapter reads it. */
export function draft(
  site: '1688' | 'aliexpress',
  itemId: string,
  title: string,
  overrides: Partial<ProductDraft> = {},
): ProductDraft {
  return {
    site,
    itemId,
    url:
      site === '1688'
        ? `https://detail.1688.com/offer/${itemId}.html`
        : `https://www.aliexpress.com/item/${itemId}.html`,
    title,
    currency: site === '1688' ? 'CNY' : 'USD',
    price: { min: 1250, max: 1890 },
    tiers: [],
    skuProperties: [],
    skus: [],
    images: [`https://img.example.com/${itemId}.jpg`],
    description: { html: `<p>${title}</p>` },
    shop: null,
    categoryPath: [],
    weightGrams: null,
    dimensionsCm: null,
    attributes: [],
    minOrderQuantity: null,
    raw: { itemId },
    confidence: {},
    ...overrides,
  };
}

/** Collects drafts as the extension does (it sends the plug-in header). */
export const collect = (token: string, drafts: ProductDraft[]) => collectDrafts(t, token, drafts);

export async function listOf(token: string, status: 'unclaimed' | 'claimed') {
  const res = await t.call('GET', `/api-product/collect/list?status=${status}&limit=100`, {
    token,
  });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas as { records: { id: string; title: string }[]; total: number };
}

export async function open(username: string, password: string, path = PAGE) {
  const running = await renderSignedIn(path, { username, password }, { app: t });
  current = running;
  await screen.findByRole('heading', { name: en.collector.title });
  return { running, user: userEvent.setup() };
}

export const rows = () => screen.queryAllByTestId('collect-row');
export const titles = () =>
  rows().map((row) => within(row).getByTestId('collect-title').textContent);
export async function rowOf(title: string) {
  await waitFor(() => expect(titles()).toContain(title));
  const row = rows().find((candidate) => within(candidate).queryByText(title) !== null);
  if (!row) throw new Error(`no row for ${title}`);
  return row;
}
export const count = (status: 'unclaimed' | 'claimed') =>
  screen.getByTestId(`collect-count-${status}`).textContent;

/**
 * The extension's bridge script as the console sees it on the window: it announces itself when
 * the console says hello, and answers `collect-urls` with progress and a result per address.
 */
export function fakeExtension(
  answer: (url: string) => Promise<{
    id: string | null;
    title: string | null;
    failure: string | null;
    message: string | null;
  }>,
) {
  const requests: { requestId: string; urls: string[] }[] = [];
  const send = (message: Record<string, unknown>) =>
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { channel: BRIDGE_CHANNEL, from: 'extension', ...message },
        origin: window.location.origin,
        source: window,
      }),
    );
  const listener = (event: MessageEvent) => {
    const data = event.data as Record<string, any> | null;
    if (data?.channel !== BRIDGE_CHANNEL || data.from !== 'console') return;
    if (data.type === 'hello') send({ type: 'presence', version: '1.0.0' });
    if (data.type !== 'collect-urls') return;
    requests.push({ requestId: data.requestId, urls: data.urls });
    void (async () => {
      for (const url of data.urls as string[]) {
        send({ type: 'collect-progress', requestId: data.requestId, url, state: 'queued' });
      }
      for (const url of data.urls as string[]) {
        for (const state of ['opening', 'reading', 'saving'])
          send({ type: 'collect-progress', requestId: data.requestId, url, state });
        const result = await answer(url);
        send({ type: 'collect-result', requestId: data.requestId, url, errorKey: null, ...result });
      }
    })();
  };
  window.addEventListener('message', listener);
  stopExtension = () => window.removeEventListener('message', listener);
  return { requests };
}

export function claimedRow() {
  const row = rows().find((candidate) => within(candidate).queryByText('Steel thermos cup'));
  if (!row) throw new Error('no claimed row');
  return row;
}

/** The hooks every file of these tests registers: its app, and what each test leaves reset. */
export function registerCollectorListTests() {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(async () => {
    stopExtension?.();
    stopExtension = undefined;
    await current?.close();
    current = undefined;
  });
}
