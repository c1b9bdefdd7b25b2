import {
  type CollectServiceDeps,
  collectSender,
  createCollectService,
  RECENT_MAX,
} from '@entrypoints/background/collect-service';
import type { BulkQueue, ExtractOutcome, RecentCollection } from '@extension/messaging/schemas';
import { ApiError } from '@shared/api/errors';
import type { ClaimRequest, ClaimResult, CollectRequest } from '@shared/contracts/collector';
import type { Language } from '@shared/contracts/languages';
import type { ProductDraft } from '@shared/contracts/product-draft';
import type { SessionSnapshot } from '@shared/contracts/session';
import { SIGNED_OUT } from '@shared/session/snapshot';
import { describe, expect, it } from 'vitest';
import { refused } from '../support/extension-messaging';
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
  claim?: (input: ClaimRequest) => Promise<ClaimResult>;
  readings?: Record<number, ExtractOutcome | null>;
  recent?: unknown;
}

const SHOP = '5d6f7a10-1111-4c2e-8a5e-000000000001';

function setup(options: SetupOptions = {}) {
  const calls = {
    collect: [] as CollectRequest[],
    claims: [] as ClaimRequest[],
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
      claim: async (input) => {
        calls.claims.push(input);
        calls.sessions.push(session.token);
        if (options.claim) return options.claim(input);
        return {
          products: input.shopIds.map((shopId) => ({
            collectId: input.ids[0] ?? '',
            shopId,
            productId: `p-${shopId.slice(-1)}`,
            status: 'wait' as const,
            readiness: { errors: 0, warnings: 0 },
          })),
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
    panels: {
      issue: async () => 'n'.repeat(32),
      attach: async () => false,
    },
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

  it('serves the collector’s requests, and none of the session hub’s', () => {
    const { service } = setup();
    expect(Object.keys(service.handlers).sort()).toEqual([
      'bulk:add',
      'bulk:clear',
      'bulk:get',
      'bulk:pause',
      'bulk:resume',
      'collect:claim',
      'collect:context',
      'collect:draft',
      'collect:extract',
      'collect:recent',
      'collect:tab',
      'panel:attach',
      'panel:open',
    ]);
  });
});

describe('collect service: who may do what', () => {
  it('takes a draft from a content script on its own site or from an extension page, never from the bridge', async () => {
    const { service, calls } = setup();
    const collect = service.handlers['collect:draft'];
    await expect(collect(draft, offerPage)).resolves.toEqual({
      ok: true,
      id: 'row-1',
      title: draft.title,
      created: true,
    });
    // The side panel sends the draft it shows (with the seller's edits).
    const edited = { ...draft, title: 'Glass cup 500ml, gift box' };
    await expect(collect(edited, popup)).resolves.toMatchObject({ ok: true, id: 'row-1' });
    await expect(collect(edited, inPagePanel)).resolves.toMatchObject({ ok: true });
    const elsewhere = { ...draft, site: 'aliexpress' as const };
    await expect(collect(elsewhere, offerPage)).rejects.toMatchObject(refused('forbidden'));
    await expect(collect(elsewhere, popup)).rejects.toMatchObject(refused('forbidden'));
    const foreignUrl = { ...draft, url: 'https://example.com/offer/612345678901.html' };
    await expect(collect(foreignUrl, offerPage)).rejects.toMatchObject(refused('forbidden'));
    await expect(collect(foreignUrl, popup)).rejects.toMatchObject(refused('forbidden'));
    for (const sender of [bridge, { ...offerPage, frameId: 1 }]) {
      await expect(collect(draft, sender)).rejects.toMatchObject(refused('forbidden'));
    }
    expect(calls.collect.map((call) => call.drafts[0]?.title)).toEqual([
      draft.title,
      edited.title,
      edited.title,
    ]);
  });

  it('lets only extension pages read or collect tabs, claim, list recent collections and steer the queue', async () => {
    const reading: ExtractOutcome = { ok: true, draft };
    const { service, calls } = setup({ readings: { 7: reading } });
    const pageOnly: [string, () => Promise<unknown>, () => Promise<unknown>][] = (
      [
        ['collect:extract', {}],
        ['collect:tab', { tabId: 7 }],
        ['collect:claim', { id: 'row-1', shopIds: [SHOP] }],
        ['collect:recent', undefined],
        ['bulk:get', undefined],
        ['bulk:pause', undefined],
        ['bulk:resume', undefined],
        ['bulk:clear', undefined],
      ] as const
    ).map(([type, data]) => [
      type,
      () => service.handlers[type](data, offerPage),
      () => service.handlers[type](data, bridge),
    ]);
    for (const [type, fromSourcePage, fromBridge] of pageOnly) {
      await expect(fromSourcePage(), type).rejects.toMatchObject(refused('forbidden'));
      await expect(fromBridge(), type).rejects.toMatchObject(refused('forbidden'));
    }
    expect(calls.collect).toEqual([]);
    expect(calls.claims).toEqual([]);
    expect(calls.bulk).toEqual([]);
    await expect(service.handlers['collect:extract']({}, popup)).resolves.toEqual(reading);
    await expect(service.handlers['collect:extract']({ tabId: 7 }, inPagePanel)).resolves.toEqual(
      reading,
    );
    await expect(service.handlers['bulk:pause'](undefined, popup)).resolves.toEqual(emptyQueue);
    expect(calls.bulk).toEqual(['pause']);
  });

  it('queues console addresses only from the bridge, with its request id', async () => {
    const { service, calls } = setup();
    const add = service.handlers['bulk:add'];
    const urls = ['https://detail.1688.com/offer/612345678901.html'];
    await expect(add({ urls }, bridge)).rejects.toMatchObject(refused('forbidden'));
    await expect(add({ urls, requestId: 'r1' }, popup)).rejects.toMatchObject(refused('forbidden'));
    await expect(add({ urls, requestId: 'r1' }, offerPage)).rejects.toMatchObject(
      refused('forbidden'),
    );
    await expect(add({ urls, requestId: 'r1' }, bridge)).resolves.toMatchObject({
      state: 'running',
    });
    expect(calls.bulkAdds).toEqual([[urls, 'r1']]);
  });

  it('queues a list page’s addresses of its own site only', async () => {
    const { service, calls } = setup();
    await service.handlers['bulk:add'](
      {
        urls: [
          'https://detail.1688.com/offer/612345678901.html',
          'https://www.aliexpress.com/item/1005001.html',
        ],
      },
      offerPage,
    );
    await service.handlers['bulk:add'](
      { urls: ['https://www.aliexpress.com/item/1005001.html'] },
      offerPage,
    );
    expect(calls.bulkAdds).toEqual([[['https://detail.1688.com/offer/612345678901.html'], null]]);
    expect(calls.bulk).toEqual(['get']);
  });

  it('answers a source page its context and its tab for the in-page panel', async () => {
    const { service } = setup({ language: 'th' });
    await expect(service.handlers['collect:context'](undefined, offerPage)).resolves.toEqual({
      language: 'th',
      sidePanel: false,
    });
    await expect(service.handlers['panel:open'](undefined, offerPage)).resolves.toEqual({
      tabId: 7,
      nonce: 'n'.repeat(32),
    });
    await expect(service.handlers['panel:open'](undefined, bridge)).rejects.toMatchObject(
      refused('forbidden'),
    );
    await expect(service.handlers['collect:context'](undefined, popup)).rejects.toMatchObject(
      refused('forbidden'),
    );
  });

  it('refuses malformed requests and strangers', async () => {
    const { service, calls } = setup();
    await expect(
      service.handlers['collect:draft']({ site: '1688' }, offerPage),
    ).rejects.toMatchObject(refused('invalid'));
    await expect(service.handlers['collect:tab']({ tabId: 'seven' }, popup)).rejects.toMatchObject(
      refused('invalid'),
    );
    await expect(
      service.handlers['collect:claim']({ id: 'row-1', shopIds: [] }, popup),
    ).rejects.toMatchObject(refused('invalid'));
    await expect(
      service.handlers['collect:claim']({ id: 'row-1', shopIds: ['not-a-shop'] }, popup),
    ).rejects.toMatchObject(refused('invalid'));
    await expect(service.handlers['bulk:add']({ urls: [] }, popup)).rejects.toMatchObject(
      refused('invalid'),
    );
    await expect(
      service.handlers['collect:recent'](undefined, { ...popup, id: 'another-extension' }),
    ).rejects.toMatchObject(refused('forbidden'));
    expect(calls.collect).toEqual([]);
    expect(calls.claims).toEqual([]);
    expect(calls.bulkAdds).toEqual([]);
  });
});

describe('collect service: collecting', () => {
  it('fetches a lazy description before collecting, with the hub session', async () => {
    const { service, calls } = setup();
    await service.handlers['collect:draft'](draft, offerPage);
    expect(calls.fetched).toEqual([
      draft.description && 'url' in draft.description ? draft.description.url : '',
    ]);
    expect(calls.collect[0]?.drafts[0]?.description).toEqual({ html: '<p>Cup</p>' });
    expect(calls.sessions).toEqual(['tok']);
  });

  it('keeps the description address when it cannot be fetched, and still collects', async () => {
    const { service, calls } = setup({ description: null });
    const outcome = await service.handlers['collect:draft'](draft, offerPage);
    expect(outcome).toMatchObject({ ok: true });
    expect(calls.collect[0]?.drafts[0]?.description).toEqual(draft.description);
  });

  it('asks to sign in first, in the extension language, without calling the API', async () => {
    const { service, calls } = setup({ snapshot: SIGNED_OUT, language: 'zh' });
    const outcome = await service.handlers['collect:draft'](draft, offerPage);
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
    await expect(business.service.handlers['collect:draft'](draft, offerPage)).resolves.toEqual({
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
    await expect(offline.service.handlers['collect:draft'](draft, offerPage)).resolves.toEqual({
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
    await expect(service.handlers['collect:tab']({ tabId: 7 }, popup)).resolves.toMatchObject({
      ok: true,
      id: 'row-1',
    });
    await expect(service.handlers['collect:tab']({ tabId: 8 }, popup)).resolves.toEqual({
      ok: false,
      failure: 'captcha',
      errorKey: null,
      message: (readLocale('en', 'collector') as { failures: { captcha: { message: string } } })
        .failures.captcha.message,
    });
    // A tab no content script answers in is no product page of a source site.
    await expect(service.handlers['collect:extract']({ tabId: 9 }, popup)).resolves.toEqual({
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
      await service.handlers['collect:draft'](draft, offerPage);
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
    await service.handlers['collect:draft'](draft, offerPage);
    list = recent() as RecentCollection[];
    expect(list[0]?.id).toBe('row-10');
    expect(list.filter((entry) => entry.id === 'row-10')).toHaveLength(1);
    await expect(service.handlers['collect:recent'](undefined, popup)).resolves.toEqual(list);
  });
});

describe('collect service: claiming', () => {
  const claim = (service: ReturnType<typeof setup>['service'], shopIds = [SHOP]) =>
    service.handlers['collect:claim']({ id: 'row-1', shopIds }, popup);

  it('claims a collected product into the chosen shops with the hub session', async () => {
    const { service, calls } = setup();
    await expect(claim(service)).resolves.toEqual({
      status: 'claimed',
      result: {
        products: [
          {
            collectId: 'row-1',
            shopId: SHOP,
            productId: 'p-1',
            status: 'wait',
            readiness: { errors: 0, warnings: 0 },
          },
        ],
      },
    });
    expect(calls.claims).toEqual([{ ids: ['row-1'], shopIds: [SHOP] }]);
    expect(calls.sessions).toEqual(['tok']);
  });

  it('names the shops a product was already claimed into', async () => {
    const conflicts = [
      { collectId: 'row-1', title: draft.title, shopId: SHOP, shopName: 'KL Living' },
    ];
    const { service } = setup({
      claim: async () => {
        throw new ApiError({
          kind: 'business',
          key: 'COLLECT_ALREADY_CLAIMED',
          code: 5004,
          serverMessage: 'Already claimed',
          datas: { conflicts },
        });
      },
    });
    await expect(claim(service)).resolves.toEqual({ status: 'conflict', conflicts });
  });

  it('passes on the server’s refusal, words what the client knows, and asks to sign in first', async () => {
    const unavailable = setup({
      claim: async () => {
        throw new ApiError({
          kind: 'business',
          key: 'COLLECT_SHOP_UNAVAILABLE',
          code: 5005,
          serverMessage: 'ร้านค้านี้รับสินค้าไม่ได้',
        });
      },
    });
    await expect(claim(unavailable.service)).resolves.toEqual({
      status: 'failed',
      errorKey: 'COLLECT_SHOP_UNAVAILABLE',
      message: 'ร้านค้านี้รับสินค้าไม่ได้',
    });
    const offline = setup({
      language: 'zh',
      claim: async () => {
        throw new ApiError({ kind: 'network', key: 'NETWORK_ERROR' });
      },
    });
    await expect(claim(offline.service)).resolves.toEqual({
      status: 'failed',
      errorKey: 'NETWORK_ERROR',
      message: readLocale('zh', 'errors').NETWORK_ERROR,
    });
    const broken = setup({
      language: 'th',
      claim: async () => {
        throw new Error('nothing the client knows');
      },
    });
    await expect(claim(broken.service)).resolves.toEqual({
      status: 'failed',
      errorKey: 'OPERATION_FAILED',
      message: readLocale('th', 'errors').OPERATION_FAILED,
    });
    const signedOut = setup({ snapshot: SIGNED_OUT, language: 'en' });
    await expect(claim(signedOut.service)).resolves.toEqual({
      status: 'failed',
      errorKey: 'TOKEN_MISSING',
      message: (readLocale('en', 'extension') as { collect: { signInFirst: string } }).collect
        .signInFirst,
    });
    expect(signedOut.calls.claims).toEqual([]);
  });
});
