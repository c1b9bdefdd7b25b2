import {
  type CollectServiceDeps,
  collectSender,
  createCollectService,
  isCollectMessage,
  RECENT_MAX,
} from '@entrypoints/background/collect-service';
import type { BulkQueue, ExtractOutcome, RecentCollection } from '@extension/messaging/schemas';
import { ApiError } from '@shared/api/errors';
import type { CollectRequest } from '@shared/contracts/collector';
import type { Language } from '@shared/contracts/languages';
import type { ProductDraft } from '@shared/contracts/product-draft';
import type { SessionSnapshot } from '@shared/contracts/session';
import { SIGNED_OUT } from '@shared/session/snapshot';
import { describe, expect, it } from 'vitest';
import { demoUser } from '../support/fixtures';
import { readLocale } from '../support/locales';

const ids = {
  extensionId: 'abcdefghijklmnop',
  extensionOrigin: 'chrome-extension://abcdefghijklmnop',
  consoleOrigin: 'http://localhost:8080',
};

const popup = { id: ids.extensionId, url: `${ids.extensionOrigin}/popup.html` };
const inPagePanel = {
  id: ids.extensionId,
  url: `${ids.extensionOrigin}/sidepanel.html?tab=7&inpage=1`,
  tab: { id: 7 },
  frameId: 4,
};
const bridge = {
  id: ids.extensionId,
  url: 'http://localhost:8080/cmp/product/collectorList',
  origin: 'http://localhost:8080',
  frameId: 0,
  tab: { id: 4 },
};
const offerPage = {
  id: ids.extensionId,
  url: 'https://detail.1688.com/offer/612345678901.html',
  origin: 'https://detail.1688.com',
  frameId: 0,
  tab: { id: 7 },
};

const draft: ProductDraft = {
  site: '1688',
  itemId: '612345678901',
  url: 'https://detail.1688.com/offer/612345678901.html',
  title: 'Glass cup 500ml',
  currency: 'CNY',
  price: { min: 830, max: 1200 },
  tiers: [],
  skuProperties: [],
  skus: [],
  images: ['https://cbu01.alicdn.com/img/ibank/cup.jpg'],
  description: { url: 'https://itemcdn.tmall.com/1688offer/icoss612345678901' },
  shop: { id: null, name: 'Yiwu Glassworks', url: null },
  categoryPath: [],
  weightGrams: null,
  dimensionsCm: null,
  attributes: [],
  minOrderQuantity: 2,
  raw: null,
  confidence: {},
};

const signedIn: SessionSnapshot = {
  session: { token: 'tok', routes: [], user: demoUser, onboarded: true },
  updatedAt: 1,
};

const emptyQueue: BulkQueue = { state: 'idle', items: [], nextAt: null };

interface SetupOptions {
  snapshot?: SessionSnapshot;
  language?: Language;
  description?: string | null;
  collect?: (input: CollectRequest) => Promise<{
    records: { id: string; site: '1688'; itemId: string; title: string; created: boolean }[];
  }>;
  readings?: Record<number, ExtractOutcome | null>;
  recent?: unknown;
}

function setup(options: SetupOptions = {}) {
  const calls = {
    collect: [] as CollectRequest[],
    sessions: [] as string[],
    fetched: [] as string[],
    bulkAdds: [] as [string[], string | null][],
    bulk: [] as string[],
  };
  let recent: unknown = options.recent ?? null;
  const deps: CollectServiceDeps = {
    ids,
    session: async () => options.snapshot ?? signedIn,
    storedLanguage: async () => options.language ?? null,
    language: async () => options.language ?? 'en',
    collectApi: (session) => ({
      collect: async (input) => {
        calls.collect.push(input);
        calls.sessions.push(session.token);
        if (options.collect) return options.collect(input);
        return {
          records: [
            { id: 'row-1', site: '1688', itemId: draft.itemId, title: draft.title, created: true },
          ],
        };
      },
    }),
    fetchDescription: async (url) => {
      calls.fetched.push(url);
      return options.description === undefined ? '<p>Cup</p>' : options.description;
    },
    readTab: async (tabId) => options.readings?.[tabId] ?? null,
    targetTab: async (_sender, tabId) => tabId ?? 7,
    recent: {
      get: async () => recent,
      set: async (list) => {
        recent = structuredClone(list);
      },
    },
    sidePanel: false,
    bulk: {
      add: async (urls, requestId) => {
        calls.bulkAdds.push([urls, requestId]);
        return { ...emptyQueue, state: 'running' };
      },
      get: async () => {
        calls.bulk.push('get');
        return emptyQueue;
      },
      pause: async () => {
        calls.bulk.push('pause');
        return emptyQueue;
      },
      resume: async () => {
        calls.bulk.push('resume');
        return emptyQueue;
      },
      clear: async () => {
        calls.bulk.push('clear');
        return emptyQueue;
      },
    },
    now: () => new Date('2026-11-21T10:00:00.000Z'),
  };
  return { service: createCollectService(deps), calls, recent: () => recent };
}

const FORBIDDEN = { ok: false, error: 'forbidden' };

describe('collect senders', () => {
  it('knows the extension pages (the in-page panel too), the bridge and source pages', () => {
    expect(collectSender(popup, ids)).toEqual({ role: 'extension-page' });
    expect(collectSender(inPagePanel, ids)).toEqual({ role: 'extension-page' });
    expect(collectSender(bridge, ids)).toEqual({ role: 'console-bridge' });
    expect(collectSender(offerPage, ids)).toEqual({ role: 'source-page', site: '1688', tabId: 7 });
    expect(
      collectSender(
        { ...offerPage, url: 'https://shopee.co.th/Cup-i.1.2', origin: 'https://shopee.co.th' },
        ids,
      ),
    ).toEqual({ role: 'source-page', site: 'shopee', tabId: 7 });
  });

  it.each([
    ['another extension on a source page', { ...offerPage, id: 'zzzzzzzzzzzzzzzz' }],
    ['a frame inside a source page', { ...offerPage, frameId: 2 }],
    ['a source page without a tab', { ...offerPage, tab: undefined }],
    ['a page of another site', { ...offerPage, url: 'https://example.com/offer/1.html' }],
    ['a look-alike host', { ...offerPage, url: 'https://detail.1688.com.evil.test/offer/1.html' }],
  ])('refuses %s', (_name, sender) => {
    expect(collectSender(sender, ids)).toBeNull();
  });

  it('routes only the collector messages to the collect service', () => {
    expect(isCollectMessage({ type: 'collect:draft' })).toBe(true);
    expect(isCollectMessage({ type: 'bulk:get' })).toBe(true);
    expect(isCollectMessage({ type: 'panel:open' })).toBe(true);
    expect(isCollectMessage({ type: 'session:get' })).toBe(false);
    expect(isCollectMessage({ type: 'language:get' })).toBe(false);
    expect(isCollectMessage(null)).toBe(false);
  });
});

describe('collect service: who may do what', () => {
  it('takes a draft only from a content script on the same site, never from pages or the bridge', async () => {
    const { service, calls } = setup();
    await expect(service.handle({ type: 'collect:draft', draft }, offerPage)).resolves.toEqual({
      ok: true,
      id: 'row-1',
      title: draft.title,
      created: true,
    });
    const elsewhere = { ...draft, site: 'aliexpress' as const };
    await expect(
      service.handle({ type: 'collect:draft', draft: elsewhere }, offerPage),
    ).resolves.toEqual(FORBIDDEN);
    const foreignUrl = { ...draft, url: 'https://example.com/offer/612345678901.html' };
    await expect(
      service.handle({ type: 'collect:draft', draft: foreignUrl }, offerPage),
    ).resolves.toEqual(FORBIDDEN);
    for (const sender of [popup, bridge, { ...offerPage, frameId: 1 }]) {
      await expect(service.handle({ type: 'collect:draft', draft }, sender)).resolves.toEqual(
        FORBIDDEN,
      );
    }
    expect(calls.collect).toHaveLength(1);
  });

  it('lets only extension pages read or collect tabs, list recent collections and steer the queue', async () => {
    const reading: ExtractOutcome = { ok: true, draft };
    const { service, calls } = setup({ readings: { 7: reading } });
    for (const message of [
      { type: 'collect:extract' },
      { type: 'collect:tab', tabId: 7 },
      { type: 'collect:edited', draft },
      { type: 'collect:recent' },
      { type: 'bulk:get' },
      { type: 'bulk:pause' },
      { type: 'bulk:resume' },
      { type: 'bulk:clear' },
    ]) {
      await expect(service.handle(message, offerPage), message.type).resolves.toEqual(FORBIDDEN);
      await expect(service.handle(message, bridge), message.type).resolves.toEqual(FORBIDDEN);
    }
    expect(calls.collect).toEqual([]);
    expect(calls.bulk).toEqual([]);
    await expect(service.handle({ type: 'collect:extract' }, popup)).resolves.toEqual(reading);
    await expect(
      service.handle({ type: 'collect:extract', tabId: 7 }, inPagePanel),
    ).resolves.toEqual(reading);
    await expect(service.handle({ type: 'bulk:pause' }, popup)).resolves.toEqual(emptyQueue);
    expect(calls.bulk).toEqual(['pause']);
  });

  it('queues console addresses only from the bridge, with its request id', async () => {
    const { service, calls } = setup();
    const urls = ['https://detail.1688.com/offer/612345678901.html'];
    await expect(service.handle({ type: 'bulk:add', urls }, bridge)).resolves.toEqual(FORBIDDEN);
    await expect(
      service.handle({ type: 'bulk:add', urls, requestId: 'r1' }, popup),
    ).resolves.toEqual(FORBIDDEN);
    await expect(
      service.handle({ type: 'bulk:add', urls, requestId: 'r1' }, offerPage),
    ).resolves.toEqual(FORBIDDEN);
    await expect(
      service.handle({ type: 'bulk:add', urls, requestId: 'r1' }, bridge),
    ).resolves.toMatchObject({ state: 'running' });
    expect(calls.bulkAdds).toEqual([[urls, 'r1']]);
  });

  it('queues a list page’s addresses of its own site only', async () => {
    const { service, calls } = setup();
    await service.handle(
      {
        type: 'bulk:add',
        urls: [
          'https://detail.1688.com/offer/612345678901.html',
          'https://www.aliexpress.com/item/1005001.html',
        ],
      },
      offerPage,
    );
    await service.handle(
      { type: 'bulk:add', urls: ['https://www.aliexpress.com/item/1005001.html'] },
      offerPage,
    );
    expect(calls.bulkAdds).toEqual([[['https://detail.1688.com/offer/612345678901.html'], null]]);
    expect(calls.bulk).toEqual(['get']);
  });

  it('answers a source page its context and its tab for the in-page panel', async () => {
    const { service } = setup({ language: 'th' });
    await expect(service.handle({ type: 'collect:context' }, offerPage)).resolves.toEqual({
      language: 'th',
      sidePanel: false,
    });
    await expect(service.handle({ type: 'panel:open' }, offerPage)).resolves.toEqual({ tabId: 7 });
    await expect(service.handle({ type: 'panel:open' }, bridge)).resolves.toEqual(FORBIDDEN);
  });

  it('refuses malformed messages and strangers', async () => {
    const { service } = setup();
    await expect(
      service.handle({ type: 'collect:draft', draft: { site: '1688' } }, offerPage),
    ).resolves.toEqual({ ok: false, error: 'invalid' });
    await expect(service.handle({ type: 'collect:nonsense' }, popup)).resolves.toEqual({
      ok: false,
      error: 'invalid',
    });
    await expect(
      service.handle({ type: 'collect:recent' }, { ...popup, id: 'another-extension' }),
    ).resolves.toEqual(FORBIDDEN);
  });
});

describe('collect service: collecting', () => {
  it('fetches a lazy description before collecting, with the hub session', async () => {
    const { service, calls } = setup();
    await service.handle({ type: 'collect:draft', draft }, offerPage);
    expect(calls.fetched).toEqual([
      draft.description && 'url' in draft.description ? draft.description.url : '',
    ]);
    expect(calls.collect[0]?.drafts[0]?.description).toEqual({ html: '<p>Cup</p>' });
    expect(calls.sessions).toEqual(['tok']);
  });

  it('keeps the description address when it cannot be fetched, and still collects', async () => {
    const { service, calls } = setup({ description: null });
    const outcome = await service.handle({ type: 'collect:draft', draft }, offerPage);
    expect(outcome).toMatchObject({ ok: true });
    expect(calls.collect[0]?.drafts[0]?.description).toEqual(draft.description);
  });

  it('asks to sign in first, in the extension language, without calling the API', async () => {
    const { service, calls } = setup({ snapshot: SIGNED_OUT, language: 'zh' });
    const outcome = await service.handle({ type: 'collect:draft', draft }, offerPage);
    expect(outcome).toEqual({
      ok: false,
      failure: null,
      errorKey: 'TOKEN_MISSING',
      message: (readLocale('zh', 'extension') as { collect: { signInFirst: string } }).collect
        .signInFirst,
    });
    expect(calls.collect).toEqual([]);
    expect(calls.fetched).toEqual([]);
  });

  it('passes on the server’s key and translated message, and words network failures itself', async () => {
    const business = setup({
      collect: async () => {
        throw new ApiError({
          kind: 'business',
          key: 'COLLECT_URL_UNSUPPORTED',
          code: 5002,
          serverMessage: 'ที่อยู่นี้ไม่ใช่หน้าสินค้า',
        });
      },
    });
    await expect(
      business.service.handle({ type: 'collect:draft', draft }, offerPage),
    ).resolves.toEqual({
      ok: false,
      failure: null,
      errorKey: 'COLLECT_URL_UNSUPPORTED',
      message: 'ที่อยู่นี้ไม่ใช่หน้าสินค้า',
    });
    const offline = setup({
      language: 'th',
      collect: async () => {
        throw new ApiError({ kind: 'network', key: 'NETWORK_ERROR' });
      },
    });
    await expect(
      offline.service.handle({ type: 'collect:draft', draft }, offerPage),
    ).resolves.toEqual({
      ok: false,
      failure: null,
      errorKey: 'NETWORK_ERROR',
      message: readLocale('th', 'errors').NETWORK_ERROR,
    });
  });

  it('collects a tab through its content script, and words a page that gives no product', async () => {
    const { service, calls } = setup({
      language: 'en',
      readings: {
        7: { ok: true, draft },
        8: { ok: false, failure: 'captcha', missing: [] },
      },
    });
    await expect(service.handle({ type: 'collect:tab', tabId: 7 }, popup)).resolves.toMatchObject({
      ok: true,
      id: 'row-1',
    });
    await expect(service.handle({ type: 'collect:tab', tabId: 8 }, popup)).resolves.toEqual({
      ok: false,
      failure: 'captcha',
      errorKey: null,
      message: (readLocale('en', 'collector') as { failures: { captcha: { message: string } } })
        .failures.captcha.message,
    });
    // A tab no content script answers in is no product page of a source site.
    await expect(service.handle({ type: 'collect:extract', tabId: 9 }, popup)).resolves.toEqual({
      ok: false,
      failure: 'notProduct',
      missing: [],
    });
    expect(calls.collect).toHaveLength(1);
  });

  it('remembers the last collections, newest first, each product once', async () => {
    const records = Array.from({ length: RECENT_MAX + 3 }, (_, index) => `row-${index}`);
    let next = 0;
    const { service, recent } = setup({
      collect: async () => ({
        records: [
          {
            id: records[next++ % records.length] as string,
            site: '1688',
            itemId: draft.itemId,
            title: draft.title,
            created: true,
          },
        ],
      }),
    });
    for (let index = 0; index < RECENT_MAX + 3; index++) {
      await service.handle({ type: 'collect:draft', draft }, offerPage);
    }
    // row-22 was collected last; row-0 .. row-2 fell off the end.
    let list = recent() as RecentCollection[];
    expect(list).toHaveLength(RECENT_MAX);
    expect(list[0]).toEqual({
      id: `row-${RECENT_MAX + 2}`,
      title: draft.title,
      site: '1688',
      url: draft.url,
      image: draft.images[0],
      at: '2026-11-21T10:00:00.000Z',
    });
    next = 10;
    await service.handle({ type: 'collect:draft', draft }, offerPage);
    list = recent() as RecentCollection[];
    expect(list[0]?.id).toBe('row-10');
    expect(list.filter((entry) => entry.id === 'row-10')).toHaveLength(1);
    await expect(service.handle({ type: 'collect:recent' }, popup)).resolves.toEqual(list);
  });
});
