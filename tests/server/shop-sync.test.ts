import {
  messages,
  platformOrders,
  sandboxShops,
  shopAuthorizations,
  shopSync,
  shops,
} from '@server/db/schema/index';
import {
  createMarketplaceClients,
  type MarketplaceClients,
} from '@server/integrations/marketplace/clients';
import { MarketplaceError } from '@server/integrations/marketplace/marketplace.errors';
import type { MarketplaceClient } from '@server/integrations/marketplace/marketplace.types';
import { warnExpiringAuthorizations } from '@server/jobs/shop-notices';
import { runDueSyncs } from '@server/jobs/shop-sync';
import { refreshDueTokens } from '@server/jobs/token-refresh';
import { queueShopSync, type SyncDeps, syncRange } from '@server/modules/shops/shop-sync.service';
import { addSandboxOrders, seededRandom } from '@server/sandbox/marketplace/data';
import { revokeSellerTokens } from '@server/sandbox/marketplace/store';
import { shopeeSandbox } from '@server/sandbox/shopee/shopee.sandbox';
import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { callbackBody, consentAt } from '../support/shop-consent';

/** What the tests make the platforms do: fail after some pages, answer slowly, and who asked. */
interface Control {
  failAfterPages: number | null;
  pages: number;
  delayMs: number;
  refreshFails: boolean;
  seen: string[];
}

const control: Control = {
  failAfterPages: null,
  pages: 0,
  delayMs: 0,
  refreshFails: false,
  seen: [],
};

function controlled(client: MarketplaceClient, state: Control): MarketplaceClient {
  const page = async () => {
    state.pages += 1;
    if (state.failAfterPages !== null && state.pages > state.failAfterPages)
      throw new MarketplaceError({
        platform: client.platform,
        failure: 'unavailable',
        platformCode: 'injected',
        retryable: true,
      });
    if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
  };
  return {
    ...client,
    listOrders: async (shop, window, cursor, signal) => {
      await page();
      state.seen.push(`${shop.shopId}:orders`);
      return client.listOrders(shop, window, cursor, signal);
    },
    listProducts: async (shop, window, cursor, signal) => {
      await page();
      state.seen.push(`${shop.shopId}:products`);
      return client.listProducts(shop, window, cursor, signal);
    },
    refresh: async (input) => {
      if (state.refreshFails)
        throw new MarketplaceError({
          platform: client.platform,
          failure: 'unavailable',
          platformCode: 'HTTP 503',
          retryable: true,
        });
      return client.refresh(input);
    },
  };
}

const wrap = (clients: MarketplaceClients, state: Control): MarketplaceClients => ({
  lazada: controlled(clients.lazada, state),
  shopee: controlled(clients.shopee, state),
  tiktok: controlled(clients.tiktok, state),
});

let t: TestApp;
let seller: Awaited<ReturnType<typeof makeSeller>>;
/** Our shop for the sandbox's shopee-demo-th, which gets 300 orders over 12 days. */
let shopeeShopId: string;
const HOUR = 3_600_000;

async function authorize(token: string, platform: string, site: string, sellerId: string) {
  const url = await t.call('POST', '/api-user/shop/authorize/url', {
    token,
    json: { platform, sites: [site] },
  });
  const back = await consentAt(t, url.body.datas.url, { sellerId });
  const result = await t.call('POST', '/api-user/shop/authorize/callback', {
    json: callbackBody(back),
    token,
  });
  expect(result.body.datas.success, result.text).toBe(true);
  return result.body.datas.shops[0].id as string;
}

// Every test starts from the same shop with the same 300 orders, whichever ran before it: the
// tests move the clock, sync, cancel and refuse tokens.
beforeEach(async () => {
  resetControl();
  t = await createTestApp({
    sandboxShops: 'records',
    marketplaces: (clients) => wrap(clients, control),
  });
  seller = await makeSeller(t, 'sync-seller@example.com', []);
  const [sandboxShop] = await t.db
    .select()
    .from(sandboxShops)
    .where(and(eq(sandboxShops.platform, 'shopee'), eq(sandboxShops.shopId, '220000101')));
  if (!sandboxShop) throw new Error('sandbox shop missing');
  const random = seededRandom('sync-property');
  const now = t.clock.now().getTime();
  const specs = Array.from({ length: 300 }, (_, i) => {
    const updatedAt = new Date(now - 12 * 24 * HOUR + Math.floor(random() * 12 * 24) * HOUR + i);
    return {
      status: shopeeSandbox.orderStatuses[i % shopeeSandbox.orderStatuses.length] ?? 'UNPAID',
      createdAt: new Date(updatedAt.getTime() - 2 * HOUR),
      updatedAt,
    };
  });
  await addSandboxOrders(t.db, shopeeSandbox, sandboxShop, specs, random);
  shopeeShopId = await authorize(seller.token, 'shopee', 'th', 'shopee-demo-th');
});
afterEach(() => t.close());

async function snapshot(shopId: string) {
  const rows = await t.db
    .select({
      externalId: platformOrders.externalId,
      status: platformOrders.status,
      currency: platformOrders.currency,
      totalMinor: platformOrders.totalMinor,
      items: platformOrders.items,
      buyerName: platformOrders.buyerName,
      receiver: platformOrders.receiver,
      platformCreatedAt: platformOrders.platformCreatedAt,
      platformUpdatedAt: platformOrders.platformUpdatedAt,
      raw: platformOrders.raw,
    })
    .from(platformOrders)
    .where(eq(platformOrders.shopId, shopId))
    .orderBy(asc(platformOrders.externalId));
  return rows;
}

const resetControl = () =>
  Object.assign(control, {
    failAfterPages: null,
    pages: 0,
    delayMs: 0,
    refreshFails: false,
    seen: [],
  });

describe('the sync engine', () => {
  it('leaves exactly the same rows after any windows, repeated, out of order or interrupted at a random page', async () => {
    resetControl();
    const deps: SyncDeps = t.deps;
    const target = { shopId: shopeeShopId, resource: 'orders' as const };
    const now = t.clock.now();
    const range = { from: new Date(now.getTime() - 13 * 24 * HOUR), to: now };

    await t.db.delete(platformOrders).where(eq(platformOrders.shopId, shopeeShopId));
    const started = performance.now();
    const total = await syncRange(deps, null, { ...target, range });
    const fullMs = performance.now() - started;
    expect(total).toBeGreaterThanOrEqual(300);
    const reference = await snapshot(shopeeShopId);
    expect(reference).toHaveLength(total);
    const instants = reference.map((row) => row.platformUpdatedAt.getTime());

    for (let run = 0; run < 8; run += 1) {
      const random = seededRandom(`scenario-${run}`);
      await t.db.delete(platformOrders).where(eq(platformOrders.shopId, shopeeShopId));
      // Cut points at random order update times (so windows end exactly on a record).
      const cuts = Array.from(
        { length: 1 + Math.floor(random() * 5) },
        () => instants[Math.floor(random() * instants.length)] ?? now.getTime(),
      ).sort((a, b) => a - b);
      const edges = [range.from.getTime(), ...cuts, range.to.getTime()];
      const windows = edges
        .slice(1)
        .map((to, i) => ({ from: new Date(edges[i] ?? 0), to: new Date(to) }));
      // Some windows twice, all in a random order.
      const plan = [...windows, ...windows.filter(() => random() < 0.4)].sort(() => random() - 0.5);
      for (const window of plan) {
        control.pages = 0;
        control.failAfterPages = random() < 0.5 ? Math.floor(random() * 3) : null;
        await syncRange(deps, null, { ...target, range: window }).catch((error: unknown) => {
          if (!(error instanceof MarketplaceError && error.platformCode === 'injected'))
            throw error;
        });
        if (control.failAfterPages !== null) {
          // The engine's retry of the interrupted window.
          control.failAfterPages = null;
          await syncRange(deps, null, { ...target, range: window });
        }
      }
      expect(await snapshot(shopeeShopId), `scenario ${run}: ${plan.length} windows`).toEqual(
        reference,
      );
    }
    expect(fullMs).toBeGreaterThan(0);
  }, 120_000);

  it('keeps the newest version of an order whatever order the windows ran in', async () => {
    resetControl();
    const deps: SyncDeps = t.deps;
    const target = { shopId: shopeeShopId, resource: 'orders' as const };
    // The shop's orders as a first sync left them.
    await syncRange(deps, null, {
      ...target,
      range: {
        from: new Date(t.clock.now().getTime() - 13 * 24 * HOUR),
        to: t.clock.now(),
      },
    });
    const [first] = await snapshot(shopeeShopId);
    if (!first) throw new Error('no order');
    // The buyer cancels: the platform's record moves on.
    t.clock.advance(60_000);
    const moved = await t.sandbox.fetch(
      new Request('http://sandbox.test/tester/api/orders/move', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          platform: 'shopee',
          shopId: '220000101',
          orderId: first.externalId,
          status: 'CANCELLED',
        }),
      }),
    );
    expect(moved.status).toBe(200);
    const now = t.clock.now();
    await syncRange(deps, null, {
      ...target,
      range: {
        from: new Date(now.getTime() - HOUR),
        to: new Date(now.getTime() + 1000),
      },
    });
    // An older window run afterwards cannot bring the old state back.
    await syncRange(deps, null, {
      ...target,
      range: {
        from: new Date(now.getTime() - 13 * 24 * HOUR),
        to: new Date(now.getTime() - HOUR),
      },
    });
    const [row] = await t.db
      .select()
      .from(platformOrders)
      .where(
        and(
          eq(platformOrders.shopId, shopeeShopId),
          eq(platformOrders.externalId, first.externalId),
        ),
      );
    expect(row?.status).toBe('CANCELLED');
  });

  it('two engines running at once never work on the same shop', async () => {
    const shopIds = [
      shopeeShopId,
      await authorize(seller.token, 'lazada', 'th', 'lazada-demo-th'),
      await authorize(seller.token, 'lazada', 'my', 'lazada-my-local'),
      await authorize(seller.token, 'shopee', 'my', 'shopee-demo-my'),
    ];
    for (const shopId of shopIds) await queueShopSync(t, null, shopId);
    const fetchSandbox = ((input: RequestInfo | URL, init?: RequestInit) =>
      t.sandbox.fetch(new Request(input, init))) as typeof fetch;
    const engines = ['A', 'B'].map((name) => {
      const state: Control = {
        failAfterPages: null,
        pages: 0,
        delayMs: 20,
        refreshFails: false,
        seen: [],
      };
      const clients = createMarketplaceClients(t.deps.config.marketplaces, {
        fetch: fetchSandbox,
        now: () => t.clock.now(),
      });
      return { name, state, deps: { ...t.deps, marketplaces: wrap(clients, state) } };
    });
    const ran = await Promise.all(
      engines.map((engine) => runDueSyncs(engine.deps, engine.name, 100)),
    );
    const [a, b] = engines.map((engine) => new Set(engine.state.seen));
    const both = [...(a ?? [])].filter((key) => b?.has(key));
    expect(both).toEqual([]);
    expect((ran[0] ?? 0) + (ran[1] ?? 0)).toBe(shopIds.length * 2);
    expect(new Set([...(a ?? []), ...(b ?? [])]).size).toBe(shopIds.length * 2);
    const states = await t.db.select().from(shopSync);
    expect(
      states
        .filter((state) => shopIds.includes(state.shopId))
        .every((s) => s.lastSyncedAt && !s.leaseOwner),
    ).toBe(true);
  });

  it('a failed page is kept with its reason and retried later; the next success clears it', async () => {
    resetControl();
    await queueShopSync(t, null, shopeeShopId);
    control.failAfterPages = 0;
    await runDueSyncs(t.deps, 'engine', 100);
    const list = await t.call('GET', '/api-user/shop/list', {
      token: seller.token,
      language: 'zh',
    });
    const shop = list.body.datas.find((s: { id: string }) => s.id === shopeeShopId);
    expect(shop.sync.orders.lastFailure).toMatchObject({
      key: 'PLATFORM_UNAVAILABLE',
      platformCode: 'injected',
    });
    expect(shop.sync.orders.lastFailure.message).toContain('Shopee');
    expect(new Date(shop.sync.orders.nextSyncAt).getTime()).toBeGreaterThan(
      t.clock.now().getTime(),
    );
    control.failAfterPages = null;
    const retried = await t.call('POST', '/api-user/shop/sync/retry', {
      token: seller.token,
      json: { shopId: shopeeShopId },
    });
    expect(retried.body.resp_code, retried.text).toBe(0);
    await runDueSyncs(t.deps, 'engine', 100);
    const after = await t.call('GET', '/api-user/shop/list', { token: seller.token });
    expect(
      after.body.datas.find((s: { id: string }) => s.id === shopeeShopId).sync.orders.lastFailure,
    ).toBeNull();
  });
});

describe('tokens', () => {
  it('are refreshed before they expire and stored anew', async () => {
    resetControl();
    const [before] = await t.db
      .select()
      .from(shopAuthorizations)
      .where(eq(shopAuthorizations.accountId, '220000101'));
    if (!before) throw new Error('no authorization');
    t.clock.set(new Date(before.nextRefreshAt.getTime() + 1000));
    expect(await refreshDueTokens(t.deps)).toBeGreaterThanOrEqual(1);
    const [after] = await t.db
      .select()
      .from(shopAuthorizations)
      .where(eq(shopAuthorizations.id, before.id));
    expect(after?.accessToken).not.toBe(before.accessToken);
    expect(after?.refreshToken).not.toBe(before.refreshToken);
    expect(after?.refreshedAt).not.toBeNull();
    expect(after?.accessExpiresAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(after?.nextRefreshAt.getTime()).toBe(
      (after?.accessExpiresAt.getTime() ?? 0) - 30 * 60_000,
    );
  });

  it('a transient refresh failure is tried again later; a refused one turns the shop abnormal and tells the seller', async () => {
    const [auth] = await t.db
      .select()
      .from(shopAuthorizations)
      .where(eq(shopAuthorizations.accountId, '220000101'));
    if (!auth) throw new Error('no authorization');
    t.clock.set(new Date(auth.nextRefreshAt.getTime() + 1000));
    control.refreshFails = true;
    await refreshDueTokens(t.deps);
    const [waiting] = await t.db
      .select()
      .from(shopAuthorizations)
      .where(eq(shopAuthorizations.id, auth.id));
    expect(waiting).toMatchObject({ status: 'normal', refreshFailures: 1 });
    expect(waiting?.nextRefreshAt.getTime()).toBe(t.clock.now().getTime() + 5 * 60_000);

    control.refreshFails = false;
    // The seller cancels the authorization on Shopee's side.
    await revokeSellerTokens(t.db, t.clock, { platform: 'shopee', sellerId: 'shopee-demo-th' });
    t.clock.advance(5 * 60_000 + 1000);
    await refreshDueTokens(t.deps);
    const [gone] = await t.db
      .select()
      .from(shopAuthorizations)
      .where(eq(shopAuthorizations.id, auth.id));
    expect(gone?.status).toBe('abnormal');
    const [shop] = await t.db.select().from(shops).where(eq(shops.id, shopeeShopId));
    expect(shop?.status).toBe('abnormal');
    const notes = await t.db.select().from(messages).where(eq(messages.userId, seller.user.id));
    expect(notes.map((note) => note.titleKey)).toContain('shopAuthorizationAbnormal');
    const list = await t.call('GET', '/api-user/shop/list', { token: seller.token });
    const listed = list.body.datas.find((s: { id: string }) => s.id === shopeeShopId);
    expect(listed.abnormalReason.platformCode).toBeTruthy();
    expect(listed.sync.orders.nextSyncAt).toBeNull();
    // Its orders cannot be synced until it is re-authorized: the console opens the authorization dialog.
    const sync = await t.call('GET', `/order/order/asyncOrder?shopIds=${shopeeShopId}`, {
      token: seller.token,
    });
    expect(sync.body.key).toBe('PLATFORM_OAUTH_ERROR');
    expect(sync.body.datas.shopIds).toEqual([shopeeShopId]);
    expect(sync.body.datas.shopNames).toEqual(['Bangkok Gadget Hub']);
  });

  it('warns once, a configured number of days before an authorization ends', async () => {
    const [auth] = await t.db
      .select()
      .from(shopAuthorizations)
      .where(eq(shopAuthorizations.accountId, 'demo.th@lazada.sandbox'));
    const target =
      auth ??
      (
        await t.db.select().from(shopAuthorizations).where(eq(shopAuthorizations.status, 'normal'))
      )[0];
    if (!target) throw new Error('no authorization');
    await t.db
      .update(shopAuthorizations)
      .set({ expiresAt: new Date(t.clock.now().getTime() + 3 * 24 * HOUR), expiryWarnedAt: null })
      .where(eq(shopAuthorizations.id, target.id));
    expect(await warnExpiringAuthorizations(t.deps)).toBe(1);
    expect(await warnExpiringAuthorizations(t.deps)).toBe(0);
    const notes = await t.db.select().from(messages).where(eq(messages.userId, seller.user.id));
    expect(notes.map((note) => note.titleKey)).toContain('shopAuthorizationExpiring');
  });
});

describe('asyncOrder', () => {
  async function status(runId: string) {
    const res = await t.call('GET', `/order/order/asyncOrder/status?runId=${runId}`, {
      token: seller.token,
    });
    expect(res.body.resp_code, res.text).toBe(0);
    return res.body.datas;
  }
  async function finished(runId: string) {
    for (let i = 0; i < 200; i += 1) {
      const run = await status(runId);
      if (run.status !== 'running') return run;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('run did not finish');
  }

  it('syncs the default last 15 days of every normal shop and reports progress', async () => {
    resetControl();
    const started = await t.call('GET', '/order/order/asyncOrder', { token: seller.token });
    expect(started.body.resp_code, started.text).toBe(0);
    const run = await finished(started.body.datas.id);
    expect(run.status, JSON.stringify(run)).toBe('done');
    expect(run.shopsDone).toBe(run.shopCount);
    expect(run.itemCount, JSON.stringify(run)).toBeGreaterThan(0);
    const days =
      (new Date(run.rangeTo).getTime() - new Date(run.rangeFrom).getTime()) / (24 * HOUR);
    expect(days).toBeGreaterThan(14);
    expect(days).toBeLessThanOrEqual(15);
  });

  it('can be cancelled while it runs, and refuses a second run on the same shops meanwhile', async () => {
    resetControl();
    control.delayMs = 150;
    const started = await t.call('GET', '/order/order/asyncOrder', { token: seller.token });
    const second = await t.call('GET', '/order/order/asyncOrder', { token: seller.token });
    expect(second.body.key).toBe('SYNC_ALREADY_RUNNING');
    expect(second.body.datas).toEqual({ runId: started.body.datas.id });
    const cancel = await t.call('POST', '/order/order/asyncOrder/cancel', {
      token: seller.token,
      json: { runId: started.body.datas.id },
    });
    expect(cancel.body.resp_code, cancel.text).toBe(0);
    const run = await finished(started.body.datas.id);
    expect(run.status).toBe('cancelled');
    expect(run.shopsDone).toBeLessThan(run.shopCount);
    resetControl();
  });

  it('answers a seller without shops, a reversed range and another seller’s run', async () => {
    const empty = await makeSeller(t, 'no-shops@example.com', []);
    const none = await t.call('GET', '/order/order/asyncOrder', { token: empty.token });
    expect(none.body.key).toBe('NO_AUTHORIZED_PLATFORM');
    const reversed = await t.call(
      'GET',
      `/order/order/asyncOrder?${new URLSearchParams({ startTime: '2026-11-01T00:00:00Z', endTime: '2026-10-01T00:00:00Z' })}`,
      { token: seller.token },
    );
    expect(reversed.body.key).toBe('VALIDATION_FAILED');
    const started = await t.call('GET', '/order/order/asyncOrder', { token: seller.token });
    const peek = await t.call(
      'GET',
      `/order/order/asyncOrder/status?runId=${started.body.datas.id}`,
      {
        token: empty.token,
      },
    );
    expect(peek.body.key).toBe('RECORD_NOT_FOUND');
    await finished(started.body.datas.id);
  });
});
