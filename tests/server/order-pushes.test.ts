import { orderPushes, platformOrders } from '@server/db/schema/index';
import { lazadaPushSignature } from '@server/integrations/lazada/lazada.sign';
import { sandboxMarketplaces } from '@server/integrations/marketplace/marketplace.config';
import { shopeePushSignature } from '@server/integrations/shopee/shopee.sign';
import { tiktokPushSignature } from '@server/integrations/tiktok/tiktok.sign';
import { runDueSyncs } from '@server/jobs/shop-sync';
import {
  expectedPushSignature,
  orderPushUrl,
  PUSH_WINDOW_MS,
} from '@server/modules/orders/pushes.service';
import { SANDBOX_PLATFORMS } from '@server/sandbox/app';
import { placeSandboxOrder } from '@server/sandbox/marketplace/data';
import { signedOrderPush } from '@server/sandbox/marketplace/pushes';
import { shopById } from '@server/sandbox/marketplace/store';
import { orderStatusOf } from '@shared/contracts/orders';
import type { Platform } from '@shared/contracts/shops';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createProductionTestApp, createTestApp, type TestApp } from '../support/app';
import { callbackBody, consentAt } from '../support/shop-consent';
import { setSyncState, syncStateOf } from '../support/shops';

/**
 * Order pushes end to end: the sandbox plays each platform placing or moving an order and pushing
 * it, signed as that platform signs; the app verifies, binds it to the authorized shop and shows the
 * order in the list, while the clock stays before the shop's next poll and no sync runs.
 */
let t: TestApp;
let seller: Awaited<ReturnType<typeof makeSeller>>;
let other: Awaited<ReturnType<typeof makeSeller>>;
/** Our shop ids, and the platform's, per platform. */
const shops = {} as Record<Platform, { id: string; external: string; site: string }>;
const HOUR = 3_600_000;

const SELLERS: Record<Platform, { sellerId: string; external: string; country?: string }> = {
  lazada: { sellerId: 'lazada-demo-th', external: '1000110001' },
  shopee: { sellerId: 'shopee-demo-th', external: '220000101' },
  tiktok: { sellerId: 'tiktok-demo', external: '7494000101' },
};

async function authorize(token: string, platform: Platform, sellerId: string) {
  const url = await t.call('POST', '/api-user/shop/authorize/url', {
    token,
    json: { platform, sites: ['th'] },
  });
  expect(url.body.resp_code, url.text).toBe(0);
  const back = await consentAt(t, url.body.datas.url, { sellerId });
  const result = await t.call('POST', '/api-user/shop/authorize/callback', {
    json: callbackBody(back),
    token,
  });
  expect(result.body.datas.success, result.text).toBe(true);
  return result.body.datas.shops[0].id as string;
}

beforeAll(async () => {
  t = await createTestApp({ sandboxShops: true });
  seller = await makeSeller(t, 'push-seller@example.com', []);
  other = await makeSeller(t, 'push-other@example.com', []);
  for (const platform of ['lazada', 'shopee', 'tiktok'] as const) {
    const id = await authorize(seller.token, platform, SELLERS[platform].sellerId);
    shops[platform] = { id, external: SELLERS[platform].external, site: 'th' };
    // The shop's poll is an hour away and the clock never gets there.
    for (const resource of ['orders', 'products'] as const)
      await setSyncState(t, id, resource, {
        nextSyncAt: new Date(t.clock.now().getTime() + HOUR),
      });
  }
});
afterAll(() => t.close());

/** The seller's list, as the console asks for it (the last 14 days). */
async function listed(token = seller.token) {
  const from = new Date(t.clock.now().getTime() - 14 * 24 * HOUR)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ');
  const res = await t.call(
    'GET',
    `/order/order/list?limit=100&beginTime=${encodeURIComponent(from)}`,
    {
      token,
    },
  );
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas.records as { orderNo: string; platformStatus: string }[];
}

async function tester(path: string, json: unknown) {
  const res = await t.sandbox.request(`/tester/api/orders/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function storedOrder(platform: Platform, externalId: string) {
  const [row] = await t.db
    .select()
    .from(platformOrders)
    .where(
      and(eq(platformOrders.shopId, shops[platform].id), eq(platformOrders.externalId, externalId)),
    );
  return row ?? null;
}

/** Posts a push as the platform would, to the app's push address. */
async function post(platform: Platform, body: string, authorization?: string) {
  const res = await t.app.request(
    new URL(orderPushUrl(t.deps.config.publicUrl, platform)).pathname,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(authorization === undefined ? {} : { authorization }),
      },
      body,
    },
  );
  return { status: res.status, text: await res.text() };
}

describe('a push from the sandbox', () => {
  it.each(['lazada', 'shopee', 'tiktok'] as const)(
    '%s: a new order lands in the list at once, its status change follows, and no sync ran',
    async (platform) => {
      const before = await syncStateOf(t, shops[platform].id, 'orders');
      const placed = await tester('place', { platform, shopId: shops[platform].external });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      expect(placed.body.pushed).toBe(200);
      const orderId = placed.body.orderId as string;
      // A shop the sandbox does not have places nothing.
      expect((await tester('place', { platform, shopId: 'no-such-shop' })).status).toBe(400);

      const row = await storedOrder(platform, orderId);
      expect(row?.ownerId).toBe(seller.user.id);
      expect(orderStatusOf(platform, row?.status ?? '')).toBe('waitDeal');
      expect((await listed()).map((order) => order.orderNo)).toContain(orderId);
      // Another seller sees nothing of it.
      expect((await listed(other.token)).map((order) => order.orderNo)).not.toContain(orderId);

      // A later status, pushed when the tester moves it (the clock moves a minute, still before the poll).
      t.clock.advance(60_000);
      const next = { lazada: 'canceled', shopee: 'CANCELLED', tiktok: 'CANCELLED' }[platform];
      const moved = await tester('move', {
        platform,
        shopId: shops[platform].external,
        orderId,
        status: next,
      });
      expect(moved.body).toEqual({ ok: true, pushed: 200 });
      const after = await storedOrder(platform, orderId);
      expect(orderStatusOf(platform, after?.status ?? '')).toBe('cancel');
      expect(after?.id).toBe(row?.id);

      // The poll was never due and no sync ran: the shop's sync state is as it was.
      const state = await syncStateOf(t, shops[platform].id, 'orders');
      expect(state?.nextSyncAt).toEqual(before?.nextSyncAt);
      expect(state?.lastSyncedAt).toBeNull();
      expect(await runDueSyncs(t.deps, 'push-test')).toBe(0);
    },
  );
});

describe('what a push must be', () => {
  /** A fresh sandbox order of the platform's shop, not yet known to the app. */
  async function freshOrder(platform: Platform) {
    // Placed straight in the sandbox (no push), so the app does not know it yet.
    const sandboxPlatform = SANDBOX_PLATFORMS.find((p) => p.platform === platform);
    const shop = await shopById(t.db, platform, shops[platform].external);
    if (!sandboxPlatform || !shop) throw new Error('no sandbox shop');
    const status = sandboxPlatform.orderStatuses.find(
      (s) => orderStatusOf(platform, s) === 'waitDeal',
    );
    const id = await placeSandboxOrder(t.db, t.clock, sandboxPlatform, shop, status ?? '');
    if (!id) throw new Error('not placed');
    return {
      id,
      push: (overrides: { at?: Date; shopId?: string } = {}) =>
        signedOrderPush(
          t.deps.config.marketplaces,
          t.deps.config.publicUrl,
          platform,
          {
            shopId: overrides.shopId ?? shops[platform].external,
            site: 'th',
            orderId: id,
            status: status ?? '',
            updatedAt: t.clock.now(),
          },
          overrides.at ?? t.clock.now(),
        ),
    };
  }

  it.each(['lazada', 'shopee', 'tiktok'] as const)(
    '%s: a bad, absent or other-key signature, an old or future timestamp, another shop or a replay changes nothing',
    async (platform) => {
      const order = await freshOrder(platform);
      const good = order.push();
      const pushesBefore = await t.db.select().from(orderPushes);

      // No signature, a wrong one, one over another body, one with another app's secret.
      expect((await post(platform, good.body)).status).toBe(401);
      expect((await post(platform, good.body, 'f'.repeat(64))).status).toBe(401);
      expect(
        (
          await post(
            platform,
            good.body,
            order.push({ at: new Date(t.clock.now().getTime() - 1000) }).authorization,
          )
        ).status,
      ).toBe(401);
      expect((await post(platform, `${good.body} `, good.authorization)).status).toBe(401);
      const otherKey = {
        lazada: lazadaPushSignature('100101', 'not-the-secret', good.body),
        shopee: shopeePushSignature(
          'not-the-key',
          orderPushUrl(t.deps.config.publicUrl, 'shopee'),
          good.body,
        ),
        tiktok: tiktokPushSignature('6sbxtt01', 'not-the-secret', good.body),
      }[platform];
      expect((await post(platform, good.body, otherKey)).status).toBe(401);
      // Signed right for another platform's address.
      const elsewhere = platform === 'shopee' ? 'lazada' : 'shopee';
      expect((await post(elsewhere, good.body, good.authorization)).status).toBe(401);

      // Signed, but sent longer ago than the window, or from the future.
      const old = order.push({ at: new Date(t.clock.now().getTime() - PUSH_WINDOW_MS - 2000) });
      expect((await post(platform, old.body, old.authorization)).status).toBe(401);
      const ahead = order.push({ at: new Date(t.clock.now().getTime() + 10 * 60_000) });
      expect((await post(platform, ahead.body, ahead.authorization)).status).toBe(401);

      expect(await storedOrder(platform, order.id)).toBeNull();
      expect(await t.db.select().from(orderPushes)).toEqual(pushesBefore);

      // Signed and fresh, naming a shop the order is not in (another platform shop id of ours,
      // or one nobody authorized): the platform finds no such order with that shop's token.
      const foreign = order.push({ shopId: '99999999' });
      expect((await post(platform, foreign.body, foreign.authorization)).status).toBe(200);
      expect(await storedOrder(platform, order.id)).toBeNull();

      // The right push lands it once; the same push again (a replay inside the window) is taken
      // as already done and changes nothing.
      expect((await post(platform, good.body, good.authorization)).status).toBe(200);
      const landed = await storedOrder(platform, order.id);
      expect(landed).not.toBeNull();
      await t.db
        .update(platformOrders)
        .set({ status: 'changed-since' })
        .where(eq(platformOrders.id, landed?.id ?? ''));
      expect((await post(platform, good.body, good.authorization)).status).toBe(200);
      expect((await storedOrder(platform, order.id))?.status).toBe('changed-since');
      const taken = await t.db
        .select()
        .from(orderPushes)
        .where(and(eq(orderPushes.platform, platform), eq(orderPushes.orderExternalId, order.id)));
      expect(taken.map((row) => row.outcome).sort()).toEqual(['ignored', 'updated']);
      await t.db
        .update(platformOrders)
        .set({ status: landed?.status ?? '' })
        .where(eq(platformOrders.id, landed?.id ?? ''));
    },
  );

  it('an order of another seller’s shop is never bound to ours, even when the push names our shop', async () => {
    // The other seller authorizes TikTok's cross-border shop; a push that names the seller's
    // TikTok shop with an order of the other shop finds no such order there.
    const otherShop = await authorize(other.token, 'tiktok', 'tiktok-cb');
    const placed = await tester('place', { platform: 'tiktok', shopId: '7494000301' });
    expect(placed.body.pushed).toBe(200);
    const orderId = placed.body.orderId as string;
    const [theirs] = await t.db
      .select()
      .from(platformOrders)
      .where(eq(platformOrders.externalId, orderId));
    expect(theirs?.shopId).toBe(otherShop);
    expect(theirs?.ownerId).toBe(other.user.id);

    const forged = signedOrderPush(
      t.deps.config.marketplaces,
      t.deps.config.publicUrl,
      'tiktok',
      {
        shopId: shops.tiktok.external,
        site: 'th',
        orderId,
        status: 'AWAITING_SHIPMENT',
        updatedAt: t.clock.now(),
      },
      t.clock.now(),
    );
    expect((await post('tiktok', forged.body, forged.authorization)).status).toBe(200);
    expect(await storedOrder('tiktok', orderId)).toBeNull();
    expect((await listed()).map((order) => order.orderNo)).not.toContain(orderId);
  });
});

describe('push signatures (integrations.md §7)', () => {
  it('V-LZ-5 and V-SP-4 verify with the platforms’ algorithms as the receiving side computes them', () => {
    const lazadaBody =
      '{"seller_id":"1234567","message_type":0,"data":{"order_status":"unpaid","status_update_time":1603698638,"trade_order_id":"260422900198363","trade_order_line_id":"260422900298363"},"timestamp":1603766859530,"site":"lazada_vn"}';
    const shopeeBody =
      '{"shop_id":123,"code":3,"data":{"ordersn":"2204215JYEEFW0","status":"READY_TO_SHIP","update_time":1650000000},"timestamp":1650000001}';
    const config = {
      ...t.deps.config.marketplaces,
      lazada: {
        ...t.deps.config.marketplaces.lazada,
        appKey: '123456',
        appSecret: '3412gyo124goi3124',
      },
      shopee: { ...t.deps.config.marketplaces.shopee, partnerKey: 'test_partner_key' },
    };
    expect(expectedPushSignature(config, 'https://example.com', 'lazada', lazadaBody)).toBe(
      '64ffc8b10a9921ded17f88bb861dd1c2d879514c51c6731946becba319ec6b63',
    );
    // Shopee signs the URL it pushes to: ours is https://example.com + the push path.
    expect(
      shopeePushSignature('test_partner_key', 'https://example.com/shopee/push', shopeeBody),
    ).toBe('60ecc17f4f2664b9b50193a6154f5c9566b811ee675ca84ba80eb3ad86ab6680');
    expect(expectedPushSignature(config, 'https://example.com', 'shopee', shopeeBody)).toBe(
      shopeePushSignature(
        'test_partner_key',
        'https://example.com/api-user/order/push/shopee',
        shopeeBody,
      ),
    );
  });
});

describe('a production server', () => {
  it('refuses pushes signed with the sandbox’s public credentials, and reaches no platform for them', async () => {
    const production = await createProductionTestApp();
    try {
      const at = production.clock.now();
      for (const platform of ['lazada', 'shopee', 'tiktok'] as const) {
        const forged = signedOrderPush(
          sandboxMarketplaces('http://sandbox.test'),
          production.deps.config.publicUrl,
          platform,
          {
            shopId: SELLERS[platform].external,
            site: 'th',
            orderId: '1',
            status: 'pending',
            updatedAt: at,
          },
          at,
        );
        const res = await production.app.request(`/api-user/order/push/${platform}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: forged.authorization },
          body: forged.body,
        });
        expect(res.status, platform).toBe(401);
      }
      expect(production.outbound).toEqual([]);
      expect(await production.db.select().from(orderPushes)).toEqual([]);
    } finally {
      await production.close();
    }
  });
});
