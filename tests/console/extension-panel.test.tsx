import { PopupApp } from '@entrypoints/popup/popup-app';
import { SidePanelApp } from '@entrypoints/sidepanel/sidepanel-app';
import { SETTLE_MS } from '@entrypoints/sidepanel/use-watched-tab';
import { backgroundMessenger, notify } from '@extension/messaging/messengers';
import {
  type BackgroundReply,
  type BackgroundRequest,
  RefusedError,
} from '@extension/messaging/protocol';
import type {
  BulkQueue,
  ClaimOutcome,
  CollectOutcome,
  ExtractOutcome,
  RecentCollection,
} from '@extension/messaging/schemas';
import { createApiClient } from '@shared/api/client';
import type { ProductDraft } from '@shared/contracts/product-draft';
import { API_CLIENTS } from '@shared/contracts/protocol';
import type { ShopDetail } from '@shared/contracts/shops';
import { createI18n } from '@shared/i18n/i18n';
import { createSessionStore } from '@shared/session/store';
import { AppProviders } from '@shared/ui/app-providers';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { demoSession } from '../support/fixtures';
import { readLocale } from '../support/locales';

/**
 * The side panel and the popup against a stand-in for the extension's background, answering the
 * requests of extension/messaging/protocol.ts through the real messengers, and for the API
 * (shops and plug-in settings answered in the server's envelope; a claim from the panel itself
 * would be recorded there, and must not happen: the background claims).
 */
const fake = vi.hoisted(() => {
  type Listener = (...args: never[]) => unknown;
  const listeners = {
    message: new Set<Listener>(),
    activated: new Set<Listener>(),
    updated: new Set<Listener>(),
  };
  const event = (set: Set<Listener>) => ({
    addListener: (listener: Listener) => set.add(listener),
    removeListener: (listener: Listener) => set.delete(listener),
  });
  const state = {
    tab: {
      id: 7,
      windowId: 1,
      url: 'https://detail.1688.com/offer/745512380921.html',
      status: 'complete',
    },
  };
  /** The page's own address, as the browser names an extension page's messages. */
  const sender = { id: 'test-extension', url: 'chrome-extension://test-extension/sidepanel.html' };
  const browser = {
    runtime: {
      id: 'test-extension',
      // As webextension-polyfill does: every listener hears a copy; the first that answers with a
      // promise answers the sender, and without one the sender hears nothing.
      sendMessage: async (message: unknown) => {
        for (const listener of [...listeners.message]) {
          const answer = (listener as (message: unknown, sender: unknown) => unknown)(
            structuredClone(message),
            sender,
          );
          if (answer instanceof Promise) return structuredClone(await answer);
        }
        return undefined;
      },
      onMessage: event(listeners.message),
      getManifest: () => ({ version: '1.4.0' }),
      getURL: (path: string) => `chrome-extension://test-extension${path}`,
    },
    tabs: {
      query: async () => [state.tab],
      get: async () => state.tab,
      create: async () => ({}),
      onActivated: event(listeners.activated),
      onUpdated: event(listeners.updated),
    },
    i18n: { getUILanguage: () => 'en' },
  };
  return { browser, state, listeners };
});
// The extension's code reaches the browser through wxt/browser, the messengers through the polyfill.
vi.mock('wxt/browser', () => ({ browser: fake.browser }));
vi.mock('webextension-polyfill', () => ({ default: fake.browser }));
vi.mock('@extension/config', () => ({
  extensionConfig: { consoleOrigin: 'http://console.test' },
}));

const en = {
  extension: readLocale('en', 'extension'),
  collector: readLocale('en', 'collector'),
};

const COLLECT_ID = '0b5cf1de-7f3a-4d55-9b1c-3b7f4c8f2a10';
const SHOPS = {
  bangkok: '5d6f7a10-1111-4c2e-8a5e-000000000001',
  kualaLumpur: '5d6f7a10-1111-4c2e-8a5e-000000000002',
  expired: '5d6f7a10-1111-4c2e-8a5e-000000000003',
};

function shop(id: string, alias: string, status: 'normal' | 'abnormal'): ShopDetail {
  const sync = {
    lastSyncedAt: null,
    nextSyncAt: null,
    running: false,
    lastCount: 0,
    lastFailure: null,
  };
  return {
    id,
    name: `${alias} official`,
    alias,
    platform: 'lazada',
    site: 'th',
    type: 'local',
    status,
    defaultLogistics: null,
    authorizedAt: '2026-10-01T00:00:00.000Z',
    authorizationExpiresAt: null,
    abnormalReason: null,
    sync: { orders: sync, products: sync },
  };
}

/** A 1688 offer in CNY: two colours, two SKUs, a guessed weight and a description to fetch. */
function offer(): ProductDraft {
  return {
    site: '1688',
    itemId: '745512380921',
    url: 'https://detail.1688.com/offer/745512380921.html',
    title: 'Stainless steel vacuum flask 500ml',
    currency: 'CNY',
    price: { min: 1520, max: 2350 },
    tiers: [],
    skuProperties: [
      {
        id: 'colour',
        name: 'Colour',
        values: [
          { id: 'white', name: 'Ivory', image: 'https://img.example/white.jpg' },
          { id: 'navy', name: 'Navy', image: null },
        ],
      },
    ],
    skus: [
      {
        id: 'sku-white',
        values: { colour: 'white' },
        price: 1520,
        originalPrice: null,
        stock: 120,
        available: true,
        image: null,
      },
      {
        id: 'sku-navy',
        values: { colour: 'navy' },
        price: 2350,
        originalPrice: null,
        stock: 80,
        available: true,
        image: null,
      },
    ],
    images: ['https://img.example/1.jpg', 'https://img.example/2.jpg'],
    description: { url: 'https://desc.1688.com/offer/745512380921.html' },
    shop: { id: 's1', name: 'Yongkang Flask Factory', url: null },
    categoryPath: ['Kitchen', 'Drinkware'],
    weightGrams: 350,
    dimensionsCm: null,
    attributes: [{ name: 'Material', value: '304 stainless steel' }],
    minOrderQuantity: 2,
    raw: null,
    confidence: {
      title: { level: 'high' },
      price: { level: 'medium', reason: 'sale prices read from the display strings' },
      weightGrams: { level: 'low', reason: 'read from the attribute text, grams assumed' },
    },
  };
}

/** What the panel asked the API stand-in to claim: nothing, ever (the background claims). */
let apiClaims: unknown[] = [];

function envelope(datas: unknown) {
  return { resp_code: 0, resp_msg: 'ok', datas };
}

async function apiFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const url = new URL(request.url);
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  if (url.pathname === '/api-user/shop/list') {
    return json(
      envelope([
        shop(SHOPS.bangkok, 'Bangkok Home', 'normal'),
        shop(SHOPS.kualaLumpur, 'KL Living', 'normal'),
        shop(SHOPS.expired, 'Old Shop', 'abnormal'),
      ]),
    );
  }
  if (url.pathname === '/admin/pluginmanage/getByTenantId') {
    return json(
      envelope({
        defaultShopIds: [SHOPS.kualaLumpur, SHOPS.expired],
        pricing: { markupPercent: 20, rounding: 'none' },
        bulkPerMinute: 12,
        version: '1.4.0',
        downloadUrl: 'http://localhost/extension.zip',
      }),
    );
  }
  if (url.pathname === '/api-product/collect/claim') {
    apiClaims.push(await request.json());
    return json({ resp_code: 500, resp_msg: 'not here', key: 'INTERNAL_ERROR' });
  }
  return json({ resp_code: 404, resp_msg: 'not found', key: 'NOT_FOUND' });
}

/** What the background stand-in answers; a request it has no answer for is refused. */
interface Answers {
  extract?: ExtractOutcome;
  /** What collecting a tab or a draft gives (collected and created by default). */
  collect?: CollectOutcome;
  /** What claiming gives (claimed into every shop asked by default). */
  claim?: ClaimOutcome;
  recent?: RecentCollection[];
  bulk?: Partial<Record<'get' | 'pause' | 'resume' | 'clear', BulkQueue>>;
}
let answers: Answers = {};
/** Every request the background stand-in received, in order: its type and its data. */
let sent: { type: BackgroundRequest; data: unknown }[] = [];

const collected = (): CollectOutcome =>
  answers.collect ?? {
    ok: true,
    id: COLLECT_ID,
    title: 'Stainless steel vacuum flask 500ml',
    created: true,
  };

let i18n: Awaited<ReturnType<typeof createI18n>>;
beforeAll(async () => {
  // jsdom has no font loading; the growing title field listens to it.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
  i18n = await createI18n('en', ['auth', 'extension', 'errors', 'collector']);

  // The background, answering through the same messenger the extension's background serves on.
  const answer = <K extends BackgroundRequest>(
    type: K,
    reply: (data: unknown) => BackgroundReply<K> | undefined,
  ) =>
    backgroundMessenger.onMessage(type, (message) => {
      sent.push({ type, data: message.data });
      const given = reply(message.data);
      if (given === undefined) throw new RefusedError('invalid');
      return given as never;
    });
  answer('collect:extract', () => answers.extract);
  answer('collect:tab', collected);
  answer('collect:draft', collected);
  answer(
    'collect:claim',
    (data) =>
      answers.claim ?? {
        status: 'claimed',
        result: {
          products: (data as { shopIds: string[] }).shopIds.map((shopId) => ({
            collectId: COLLECT_ID,
            shopId,
            productId: `p-${shopId.slice(-1)}`,
            status: 'wait',
            readiness: { errors: 0, warnings: 0 },
          })),
        },
      },
  );
  answer('collect:recent', () => answers.recent);
  for (const action of ['get', 'pause', 'resume', 'clear'] as const) {
    answer(`bulk:${action}`, () => answers.bulk?.[action]);
  }
});

function renderPanel(given: Answers) {
  return renderPage(<SidePanelApp search="" />, given);
}

function renderPage(page: ReactNode, given: Answers) {
  sent = [];
  answers = given;
  apiClaims = [];
  const session = createSessionStore({
    load: () => ({ session: demoSession(), updatedAt: 1 }),
    save: () => undefined,
  });
  const client = createApiClient({
    baseUrl: 'http://api.test',
    client: API_CLIENTS.extension,
    getToken: () => 't1',
    getLocale: () => ({ site: 'th', language: 'en' }),
    fetch: apiFetch as typeof fetch,
  });
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AppProviders i18n={i18n} api={client} session={session}>
      <QueryClientProvider client={queries}>{page}</QueryClientProvider>
    </AppProviders>,
  );
}

/** The requests of one type the background received, their data in order. */
const sentOf = (type: BackgroundRequest) =>
  sent.filter((message) => message.type === type).map((message) => message.data);

afterEach(() => {
  // The messengers' own listeners stay: each page's listeners go as it unmounts.
  fake.listeners.activated.clear();
  fake.listeners.updated.clear();
});

describe('side panel', () => {
  it('shows each field with its confidence and the reason when it is not sure', async () => {
    renderPanel({ extract: { ok: true, draft: offer() } });
    await screen.findByTestId('panel-draft');
    expect(sent[0]).toEqual({ type: 'collect:extract', data: { tabId: 7 } });
    expect(screen.getByTestId('field-title').dataset.confidence).toBe('high');
    expect(screen.getByTestId('field-price').dataset.confidence).toBe('medium');
    expect(screen.getByTestId('field-price-reason').textContent).toBe(
      'sale prices read from the display strings',
    );
    expect(screen.getByTestId('field-weight').dataset.confidence).toBe('low');
    expect(screen.getByTestId('field-weight-reason').textContent).toContain('grams assumed');
    // CNY has two decimals: 1520 minor units are 15.20.
    expect(screen.getByTestId('panel-price-range').textContent).toBe('¥15.20 – ¥23.50');
    // The seller's pricing (20% markup) once the settings are in.
    expect((await screen.findByTestId('panel-price-preview')).textContent).toContain(
      '¥18.24 – ¥28.20',
    );
    expect(screen.getByTestId('panel-description').dataset.source).toBe('url');
    expect(screen.getByTestId('field-category').textContent).toContain('Kitchen › Drinkware');
  });

  it('collects the edited title and SKU price as an edited draft in minor units', async () => {
    const user = userEvent.setup();
    renderPanel({ extract: { ok: true, draft: offer() } });
    const title = await screen.findByTestId('edit-title');
    await user.clear(title);
    await user.type(title, 'Vacuum flask 500ml, 304 steel');
    const navy = screen.getByTestId('edit-sku-price-sku-navy');
    await user.clear(navy);
    await user.type(navy, '19.9');
    expect(screen.getByTestId('panel-edited')).toBeTruthy();
    // No shop ticked for this test: collecting only.
    for (const box of screen.getAllByRole('checkbox'))
      if ((box as HTMLInputElement).checked) await user.click(box);
    await user.click(screen.getByTestId('collect-and-claim'));
    await screen.findByTestId('collect-success');

    const [draft] = sentOf('collect:draft') as ProductDraft[];
    if (!draft) throw new Error('no draft collected');
    expect(draft.title).toBe('Vacuum flask 500ml, 304 steel');
    expect(draft.skus.map((sku) => [sku.id, sku.price])).toEqual([
      ['sku-white', 1520],
      ['sku-navy', 1990],
    ]);
    expect(draft.price).toEqual({ min: 1520, max: 1990 });
    expect(draft.confidence.title).toEqual({ level: 'high' });
    expect(draft.confidence.price).toEqual({ level: 'high' });
    // Everything else as read.
    expect(draft.weightGrams).toBe(350);
    expect(draft.confidence.weightGrams?.level).toBe('low');
    // The draft as shown is what is collected: the page is not read again, nothing is claimed.
    expect(sentOf('collect:tab')).toEqual([]);
    expect(sentOf('collect:extract')).toHaveLength(1);
    expect(sentOf('collect:claim')).toEqual([]);
    expect(apiClaims).toEqual([]);
    expect(screen.getByTestId('collect-open-console').getAttribute('href')).toBe(
      `http://console.test/cmp/product/collectorDetails?id=${COLLECT_ID}`,
    );
  });

  it('refuses a price that is not one, and collects an unchanged page as it shows it', async () => {
    const user = userEvent.setup();
    renderPanel({ extract: { ok: true, draft: offer() } });
    const white = await screen.findByTestId('edit-sku-price-sku-white');
    await user.clear(white);
    await user.type(white, '12,5x');
    expect(screen.getByText(en.extension.panel.errors.invalid)).toBeTruthy();
    expect((screen.getByTestId('collect-and-claim') as HTMLButtonElement).disabled).toBe(true);
    await user.clear(white);
    await user.type(white, '15.20');
    expect(screen.queryByTestId('panel-edited')).toBeNull();
    for (const box of screen.getAllByRole('checkbox'))
      if ((box as HTMLInputElement).checked) await user.click(box);
    await user.click(screen.getByTestId('collect-and-claim'));
    await screen.findByTestId('collect-success');
    // The draft the panel shows, sent as it is: no second reading of the page.
    expect(sent.at(-1)).toEqual({ type: 'collect:draft', data: offer() });
    expect(sentOf('collect:extract')).toHaveLength(1);
    expect(sentOf('collect:tab')).toEqual([]);
  });

  it('chooses the default shops from the settings (normal ones only) and claims into them', async () => {
    const user = userEvent.setup();
    renderPanel({ extract: { ok: true, draft: offer() } });
    await screen.findByTestId('panel-draft');
    await waitFor(() => expect(screen.getAllByTestId('panel-shop')).toHaveLength(2));
    const checked = () =>
      screen
        .getAllByTestId('panel-shop')
        .filter((element) => (element as HTMLInputElement).checked)
        .map((element) => element.dataset.shopId);
    // The expired shop is a default too, but cannot take products: it is not offered.
    expect(checked()).toEqual([SHOPS.kualaLumpur]);
    expect(screen.queryByText('Old Shop')).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: /Bangkok Home/ }));
    expect(checked()).toEqual([SHOPS.bangkok, SHOPS.kualaLumpur]);
    await user.click(screen.getByTestId('collect-and-claim'));
    const done = await screen.findByTestId('collect-success');
    // Collected as shown, then claimed through the background (never by the panel itself).
    expect(sent.map((message) => message.type)).toEqual([
      'collect:extract',
      'collect:draft',
      'collect:claim',
    ]);
    expect(sentOf('collect:claim')).toEqual([
      { id: COLLECT_ID, shopIds: [SHOPS.kualaLumpur, SHOPS.bangkok] },
    ]);
    expect(apiClaims).toEqual([]);
    expect(within(done).getByTestId('claim-shops').textContent).toContain('Bangkok Home');
    expect(within(done).getByTestId('claim-shops').textContent).toContain('KL Living');
  });

  it('shows the shops a product was already claimed into', async () => {
    const user = userEvent.setup();
    renderPanel({
      extract: { ok: true, draft: offer() },
      collect: {
        ok: true,
        id: COLLECT_ID,
        title: 'Stainless steel vacuum flask 500ml',
        created: false,
      },
      claim: {
        status: 'conflict',
        conflicts: [
          {
            collectId: COLLECT_ID,
            title: 'Stainless steel vacuum flask 500ml',
            shopId: SHOPS.kualaLumpur,
            shopName: 'KL Living',
          },
        ],
      },
    });
    await screen.findByTestId('panel-draft');
    await waitFor(() =>
      expect(screen.getByTestId('collect-and-claim').textContent).toBe(
        en.extension.panel.collectAndClaim.replace('{{count}}', '1'),
      ),
    );
    await user.click(screen.getByTestId('collect-and-claim'));
    const conflict = await screen.findByTestId('claim-conflict');
    expect(within(conflict).getByTestId('claim-conflict-shops').textContent).toBe('KL Living');
    expect(conflict.textContent).toContain(en.extension.panel.alreadyClaimedHint);
    expect(conflict.textContent).toContain(en.extension.popup.refreshed);
  });

  it('shows the background’s words when a claim is refused, the collection kept', async () => {
    const user = userEvent.setup();
    renderPanel({
      extract: { ok: true, draft: offer() },
      claim: {
        status: 'failed',
        errorKey: 'COLLECT_SHOP_UNAVAILABLE',
        message: 'A chosen shop cannot take products.',
      },
    });
    await screen.findByTestId('panel-draft');
    await waitFor(() => expect(screen.getAllByTestId('panel-shop')).toHaveLength(2));
    await user.click(screen.getByTestId('collect-and-claim'));
    const failed = await screen.findByTestId('claim-failed');
    expect(failed.textContent).toContain(en.extension.panel.claimFailed);
    expect(failed.textContent).toContain('A chosen shop cannot take products.');
    expect(within(failed).getByTestId('collect-open-console').getAttribute('href')).toBe(
      `http://console.test/cmp/product/collectorDetails?id=${COLLECT_ID}`,
    );
    expect(sentOf('collect:claim')).toEqual([{ id: COLLECT_ID, shopIds: [SHOPS.kualaLumpur] }]);
    expect(apiClaims).toEqual([]);
  });

  it('says why a page gave no product and what to do', async () => {
    renderPanel({ extract: { ok: false, failure: 'captcha', missing: [] } });
    const failure = await screen.findByTestId('collect-failure');
    expect(failure.dataset.failure).toBe('captcha');
    expect(failure.textContent).toContain(en.collector.failures.captcha.message);
    expect(screen.getByTestId('collect-failure-hint').textContent).toBe(
      en.collector.failures.captcha.hint,
    );
  });

  it('lists the supported sites on a page of another site, without asking the background', async () => {
    fake.state.tab = { ...fake.state.tab, url: 'https://www.example.com/' };
    try {
      renderPanel({ extract: { ok: false, failure: 'notProduct', missing: [] } });
      await screen.findByTestId('panel-unsupported');
      expect(screen.getAllByTestId('supported-site')).toHaveLength(5);
      expect(sentOf('collect:extract')).toEqual([]);
    } finally {
      fake.state.tab = {
        ...fake.state.tab,
        url: 'https://detail.1688.com/offer/745512380921.html',
      };
    }
  });

  it('reads the page again when the tab goes to another address', async () => {
    renderPanel({ extract: { ok: true, draft: offer() } });
    await screen.findByTestId('panel-draft');
    const reads = () => sentOf('collect:extract');
    expect(reads()).toHaveLength(1);
    const url = 'https://detail.1688.com/offer/1.html';
    for (const listener of fake.listeners.updated)
      (listener as (...args: unknown[]) => void)(7, { url, status: 'loading' }, { url });
    for (const listener of fake.listeners.updated)
      (listener as (...args: unknown[]) => void)(7, { status: 'complete' }, { url });
    await waitFor(() => expect(reads()).toHaveLength(2));
    // Another tab of the window changing is not this page: past the pause a read of this page
    // would wait, nothing has been asked for.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    for (const listener of fake.listeners.updated)
      (listener as (...args: unknown[]) => void)(8, { status: 'complete' }, { url });
    await vi.advanceTimersByTimeAsync(SETTLE_MS * 2);
    expect(reads()).toHaveLength(2);
  });
});

describe('side panel, read again', () => {
  it('keeps the seller’s edits when the same product is read again', async () => {
    const user = userEvent.setup();
    const given: Answers = { extract: { ok: true, draft: offer() } };
    renderPanel(given);
    const title = await screen.findByTestId('edit-title');
    await user.type(title, ' (gift box)');
    // The page read again has a new price: the seller's title stays, the new price shows.
    given.extract = { ok: true, draft: { ...offer(), price: { min: 1600, max: 2350 } } };
    const url = 'https://detail.1688.com/offer/745512380921.html';
    for (const listener of fake.listeners.updated)
      (listener as (...args: unknown[]) => void)(7, { status: 'complete' }, { url });
    await waitFor(() => expect(sentOf('collect:extract')).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByTestId('panel-price-range').textContent).toBe('¥16.00 – ¥23.50'),
    );
    expect((screen.getByTestId('edit-title') as HTMLTextAreaElement).value).toBe(
      'Stainless steel vacuum flask 500ml (gift box)',
    );
    expect(screen.getByTestId('panel-edited')).toBeTruthy();
  });
});

describe('popup', () => {
  const recent = [
    {
      id: COLLECT_ID,
      title: 'Stainless steel vacuum flask 500ml',
      site: '1688',
      url: 'https://detail.1688.com/offer/745512380921.html',
      image: 'https://img.example/1.jpg',
      at: new Date(Date.now() - 5 * 60_000).toISOString(),
    },
  ];
  const queue = (state: 'running' | 'paused'): BulkQueue => ({
    state,
    items: [
      {
        url: 'https://detail.1688.com/offer/1.html',
        requestId: null,
        status: 'done',
        outcome: null,
      },
      {
        url: 'https://detail.1688.com/offer/2.html',
        requestId: null,
        status: 'failed',
        outcome: null,
      },
      {
        url: 'https://detail.1688.com/offer/3.html',
        requestId: null,
        status: 'queued',
        outcome: null,
      },
    ],
    nextAt: null,
  });

  it('collects the active tab and links the result to the console', async () => {
    const user = userEvent.setup();
    renderPage(<PopupApp />, { recent });
    const item = await screen.findByTestId('recent-item');
    expect(item.getAttribute('href')).toBe(
      `http://console.test/cmp/product/collectorDetails?id=${COLLECT_ID}`,
    );
    expect(item.textContent).toContain('1688');
    expect(screen.getByTestId('open-collection-box').getAttribute('href')).toBe(
      'http://console.test/cmp/product/collectorList',
    );
    await user.click(screen.getByTestId('collect-page'));
    const done = await screen.findByTestId('collect-success');
    // The active tab: no tab named.
    expect(sentOf('collect:tab')).toEqual([{}]);
    expect(done.textContent).toContain(en.extension.popup.collected);
    expect(within(done).getByTestId('collect-open-console').getAttribute('href')).toBe(
      `http://console.test/cmp/product/collectorDetails?id=${COLLECT_ID}`,
    );
  });

  it('shows a failure with its hint', async () => {
    const user = userEvent.setup();
    renderPage(<PopupApp />, {
      collect: { ok: false, failure: 'loginWall', errorKey: null, message: 'Log in first' },
      recent: [],
    });
    await screen.findByTestId('recent-empty');
    await user.click(screen.getByTestId('collect-page'));
    await screen.findByTestId('collect-failure');
    expect(screen.getByTestId('collect-failure').textContent).toContain(
      en.collector.failures.loginWall.message,
    );
    expect(screen.getByTestId('collect-failure-hint').textContent).toBe(
      en.collector.failures.loginWall.hint,
    );
  });

  it('shows the bulk queue, pauses it, and follows its changes', async () => {
    const user = userEvent.setup();
    renderPage(<PopupApp />, {
      bulk: { get: queue('running'), pause: queue('paused') },
      recent: [],
    });
    const card = await screen.findByTestId('bulk-queue');
    expect(screen.getByTestId('bulk-progress').textContent).toBe('2 of 3 pages');
    expect(card.dataset.state).toBe('running');
    await user.click(screen.getByTestId('bulk-pause'));
    await waitFor(() => expect(screen.getByTestId('bulk-queue').dataset.state).toBe('paused'));
    expect(sentOf('bulk:pause')).toEqual([undefined]);
    expect(screen.getByTestId('bulk-resume')).toBeTruthy();

    // The background says the queue was cleared elsewhere: the card goes.
    await notify('bulk:changed', { state: 'idle', items: [], nextAt: null });
    await waitFor(() => expect(screen.queryByTestId('bulk-queue')).toBeNull());
  });
});
