import { storedStatus } from '@server/modules/shops/product-upsert';
import {
  ORDER_SUMMARY_KEYS,
  PRODUCT_SUMMARY_KEYS,
  PURCHASE_SUMMARY_KEYS,
} from '@shared/contracts/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
let seller: Awaited<ReturnType<typeof makeSeller>>;

beforeAll(async () => {
  t = await createTestApp();
  seller = await makeSeller(t, 'dashboard@example.com', ['Siam Shop', 'Gadget Hub']);
});
afterAll(() => t.close());

const zeros = (keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, 0]));

describe('status summaries', () => {
  it('count every product, order and purchase status, zero while there are none', async () => {
    const products = await t.call('GET', '/product/product/status/summary', {
      token: seller.token,
    });
    expect(products.body.resp_code, products.text).toBe(0);
    expect(products.body.datas).toEqual(zeros(PRODUCT_SUMMARY_KEYS));
    expect(Object.keys(products.body.datas)).toEqual(
      expect.arrayContaining(['wait', 'pushing', 'online', 'offline', 'fail']),
    );

    const orders = await t.call('GET', '/order/order/status/summary', { token: seller.token });
    expect(orders.body.datas).toEqual({ pending: 0, processing: 0, logistics: 0 });
    expect(Object.keys(orders.body.datas).sort()).toEqual([...ORDER_SUMMARY_KEYS].sort());

    const purchases = await t.call('GET', '/order/purchaseorder/status/summary', {
      token: seller.token,
    });
    expect(purchases.body.datas).toEqual(zeros(PURCHASE_SUMMARY_KEYS));
    expect(purchases.body.datas).toMatchObject({ waitAudit: 0, waitShip: 0, shipping: 0 });
  });

  it('take the shop name and payment range of spec section 3, and check them', async () => {
    const query = new URLSearchParams({
      oauthName: 'Siam',
      payBeginTime: '2026-10-20 00:00:00',
      payEndTime: '2026-11-02 23:59:59',
      timeZone: 'Asia/Bangkok',
    });
    const ok = await t.call('GET', `/order/order/status/summary?${query}`, {
      token: seller.token,
    });
    expect(ok.body.resp_code, ok.text).toBe(0);
    expect(ok.body.datas).toEqual({ pending: 0, processing: 0, logistics: 0 });

    const bad = await t.call(
      'GET',
      '/product/product/status/summary?payBeginTime=2026-10-20&timeZone=Mars%2FOlympus',
      { token: seller.token },
    );
    expect(bad.body.key).toBe('VALIDATION_FAILED');
    expect(bad.body.datas.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'payBeginTime',
      'timeZone',
    ]);
  });

  it('need a session, and the list page the counts are of', async () => {
    const anonymous = await t.call('GET', '/order/order/status/summary');
    expect(anonymous.status).toBe(401);
    const sub = await makeSubAccount(
      t,
      seller.token,
      'dashboard-sub@example.com',
      [],
      [{ url: '/purchaseAndWarehouse/purchaseManage', buttons: [] }],
    );
    const orders = await t.call('GET', '/order/order/status/summary', { token: sub.token });
    expect(orders.body.key).toBe('PERMISSION_DENIED');
    const products = await t.call('GET', '/product/product/status/summary', { token: sub.token });
    expect(products.body.key).toBe('PERMISSION_DENIED');
    const purchases = await t.call('GET', '/order/purchaseorder/status/summary', {
      token: sub.token,
    });
    expect(purchases.body.resp_code, purchases.text).toBe(0);
  });
});

describe('order trend', () => {
  it('covers the last 14 days from 00:00:00 in the reader’s time zone, today last', async () => {
    // 20:00 UTC on 10 March is already 03:00 on 11 March in Bangkok (UTC+7).
    t.clock.set(new Date('2026-03-10T20:00:00.000Z'));
    const bangkok = await t.call('GET', '/order/order/trend?timeZone=Asia%2FBangkok', {
      token: seller.token,
    });
    expect(bangkok.body.resp_code, bangkok.text).toBe(0);
    const trend = bangkok.body.datas;
    expect(trend.timeZone).toBe('Asia/Bangkok');
    expect(trend.days).toHaveLength(14);
    expect(trend.days[0]).toBe('2026-02-26');
    expect(trend.days.at(-1)).toBe('2026-03-11');
    expect(trend.from).toBe('2026-02-25T17:00:00.000Z');
    expect(trend.to).toBe('2026-03-11T17:00:00.000Z');
    expect(trend.series).toEqual([]);

    const utc = await t.call('GET', '/order/order/trend?timeZone=UTC', { token: seller.token });
    expect(utc.body.datas.days[0]).toBe('2026-02-25');
    expect(utc.body.datas.days.at(-1)).toBe('2026-03-10');
    expect(utc.body.datas.from).toBe('2026-02-25T00:00:00.000Z');
  });

  it('counts days, not 24-hour steps, across a clock change', async () => {
    // London moves to summer time on 29 March 2026: that day has 23 hours.
    t.clock.set(new Date('2026-04-02T12:00:00.000Z'));
    const london = await t.call('GET', '/order/order/trend?timeZone=Europe%2FLondon', {
      token: seller.token,
    });
    const { days, from, to } = london.body.datas;
    expect(days).toHaveLength(14);
    expect(new Set(days).size).toBe(14);
    expect(days[0]).toBe('2026-03-20');
    expect(from).toBe('2026-03-20T00:00:00.000Z');
    expect(to).toBe('2026-04-02T23:00:00.000Z');
  });

  it('uses the account’s site zone when the reader sends none', async () => {
    t.clock.set(new Date('2026-03-10T20:00:00.000Z'));
    const res = await t.call('GET', '/order/order/trend', { token: seller.token });
    expect(res.body.datas.timeZone).toBe('Asia/Bangkok');
    expect(res.body.datas.days.at(-1)).toBe('2026-03-11');
  });
});

describe('counts of the rows there are', () => {
  type Seller = Awaited<ReturnType<typeof makeSeller>>;
  let ours: Seller;
  let theirs: Seller;
  let sub: Awaited<ReturnType<typeof makeSubAccount>>;

  const order = (
    shop: Seller['shops'][number],
    ownerId: string,
    status: string,
    createdAt: string,
    totalMinor = 10_000,
  ) => ({
    shopId: shop.id,
    ownerId,
    platform: shop.platform,
    externalId: `${shop.id}-${status}-${createdAt}-${Math.random()}`,
    status,
    currency: 'THB',
    totalMinor,
    items: [],
    platformCreatedAt: new Date(createdAt),
    platformUpdatedAt: new Date(createdAt),
    syncedAt: new Date(createdAt),
  });
  // A synced product is stored with the console's status, mapped from its platform's when read.
  const syncedProduct = (shop: Seller['shops'][number], ownerId: string, status: string) => ({
    shopId: shop.id,
    ownerId,
    platform: shop.platform,
    origin: 'synced' as const,
    externalId: `${shop.id}-${status}-${Math.random()}`,
    title: `A product ${status}`,
    platformStatus: status,
    status: storedStatus(shop.platform, status),
    currency: 'THB',
    priceMinMinor: 100,
    priceMaxMinor: 100,
    stock: 1,
    createdAt: new Date('2026-03-01T00:00:00Z'),
    updatedAt: new Date('2026-03-01T00:00:00Z'),
    platformCreatedAt: new Date('2026-03-01T00:00:00Z'),
    platformUpdatedAt: new Date('2026-03-01T00:00:00Z'),
    syncedAt: new Date('2026-03-01T00:00:00Z'),
  });
  const claimed = (shop: Seller['shops'][number], ownerId: string, itemId: string) => ({
    ownerId,
    shopId: shop.id,
    platform: shop.platform,
    sourceSite: '1688' as const,
    sourceItemId: itemId,
    sourceUrl: `https://detail.1688.com/offer/${itemId}.html`,
    title: `Claimed ${itemId}`,
    currency: 'THB',
    data: {} as never,
    createdAt: new Date('2026-03-01T00:00:00Z'),
    updatedAt: new Date('2026-03-01T00:00:00Z'),
  });

  beforeAll(async () => {
    const { platformOrders, products } = await import('@server/db/schema/index');
    // Shops: lazada, shopee, tiktok for us; the same for another seller.
    ours = await makeSeller(t, 'counts@example.com', ['Ours Lazada', 'Ours Shopee', 'Ours TikTok']);
    theirs = await makeSeller(t, 'counts-other@example.com', ['Their Lazada', 'Their Shopee']);
    const [lazada, shopee, tiktok] = ours.shops as [
      Seller['shops'][number],
      Seller['shops'][number],
      Seller['shops'][number],
    ];
    const [otherLazada, otherShopee] = theirs.shops as [
      Seller['shops'][number],
      Seller['shops'][number],
    ];
    const me = ours.user.id;
    const them = theirs.user.id;
    await t.db.insert(platformOrders).values([
      // waitDeal: 2 Lazada (one of several items), 1 Shopee, 1 TikTok
      order(lazada, me, 'pending', '2026-03-09T03:00:00Z', 12_000),
      order(lazada, me, 'pending,packed', '2026-03-09T05:00:00Z', 8_000),
      order(shopee, me, 'READY_TO_SHIP', '2026-03-08T10:00:00Z', 5_000),
      order(tiktok, me, 'AWAITING_SHIPMENT', '2026-01-02T10:00:00Z'),
      // waitShip: 1 Lazada, 1 Shopee
      order(lazada, me, 'ready_to_ship', '2026-03-10T01:00:00Z', 7_000),
      order(shopee, me, 'PROCESSED', '2026-03-10T02:00:00Z', 3_000),
      // shipping: 1 Shopee, 1 TikTok
      order(shopee, me, 'SHIPPED', '2026-03-05T02:00:00Z', 4_000),
      order(tiktok, me, 'IN_TRANSIT', '2026-03-05T02:00:00Z', 6_000),
      // neither of the three: delivered, complete, cancelled, abnormal, unpaid, unknown
      order(lazada, me, 'delivered', '2026-03-05T02:00:00Z', 9_000),
      order(shopee, me, 'COMPLETED', '2026-03-04T02:00:00Z', 1_000),
      order(shopee, me, 'CANCELLED', '2026-03-09T02:00:00Z', 50_000),
      order(tiktok, me, 'UNPAID', '2026-03-09T02:00:00Z', 50_000),
      order(lazada, me, 'failed_delivery', '2026-03-09T02:00:00Z', 50_000),
      order(shopee, me, 'SOMETHING_NEW', '2026-03-09T02:00:00Z', 50_000),
      // Another seller's: never ours.
      order(otherLazada, them, 'pending', '2026-03-09T03:00:00Z'),
      order(otherShopee, them, 'READY_TO_SHIP', '2026-03-09T03:00:00Z'),
      order(otherShopee, them, 'SHIPPED', '2026-03-09T03:00:00Z'),
    ]);
    await t.db
      .insert(products)
      .values([
        syncedProduct(lazada, me, 'Active'),
        syncedProduct(lazada, me, 'Pending QC'),
        syncedProduct(shopee, me, 'NORMAL'),
        syncedProduct(shopee, me, 'BANNED'),
        syncedProduct(tiktok, me, 'DRAFT'),
        syncedProduct(tiktok, me, 'FAILED'),
        syncedProduct(tiktok, me, 'SOMETHING_NEW'),
        syncedProduct(otherShopee, them, 'NORMAL'),
        syncedProduct(otherLazada, them, 'Active'),
      ]);
    await t.db
      .insert(products)
      .values([
        claimed(shopee, me, '1001'),
        claimed(shopee, me, '1002'),
        claimed(otherShopee, them, '1001'),
      ]);
    sub = await makeSubAccount(t, ours.token, 'counts-sub@example.com', [shopee.id]);
  });

  it('count the synced orders by their mapped status, the seller’s shops only', async () => {
    const res = await t.call('GET', '/order/order/status/summary', { token: ours.token });
    expect(res.body.resp_code, res.text).toBe(0);
    expect(res.body.datas).toEqual({ pending: 4, processing: 2, logistics: 2 });
    const theirsRes = await t.call('GET', '/order/order/status/summary', { token: theirs.token });
    expect(theirsRes.body.datas).toEqual({ pending: 2, processing: 0, logistics: 1 });
  });

  it('count the claimed and the synced products by status', async () => {
    const res = await t.call('GET', '/product/product/status/summary', { token: ours.token });
    expect(res.body.resp_code, res.text).toBe(0);
    expect(res.body.datas).toEqual({
      ...zeros(PRODUCT_SUMMARY_KEYS),
      // two claimed into Shopee, a TikTok draft
      wait: 3,
      pushing: 1,
      online: 2,
      forbid: 1,
      fail: 1,
      // a status the table does not know: not selling as far as we can tell
      offline: 1,
    });
  });

  it('count only a sub-account’s shops', async () => {
    const orders = await t.call('GET', '/order/order/status/summary', { token: sub.token });
    expect(orders.body.resp_code, orders.text).toBe(0);
    expect(orders.body.datas).toEqual({ pending: 1, processing: 1, logistics: 1 });
    const products = await t.call('GET', '/product/product/status/summary', { token: sub.token });
    expect(products.body.datas).toEqual({
      ...zeros(PRODUCT_SUMMARY_KEYS),
      wait: 2,
      online: 1,
      forbid: 1,
    });
  });

  it('narrow to a shop name and a payment range in the reader’s zone', async () => {
    const shopee = new URLSearchParams({ oauthName: 'ours shopee' });
    const byShop = await t.call('GET', `/order/order/status/summary?${shopee}`, {
      token: ours.token,
    });
    expect(byShop.body.datas).toEqual({ pending: 1, processing: 1, logistics: 1 });
    // 9 March in Bangkok: 8 March 17:00 to 9 March 17:00 UTC.
    const day = new URLSearchParams({
      payBeginTime: '2026-03-09 00:00:00',
      payEndTime: '2026-03-09 23:59:59',
      timeZone: 'Asia/Bangkok',
    });
    const byDay = await t.call('GET', `/order/order/status/summary?${day}`, { token: ours.token });
    expect(byDay.body.datas).toEqual({ pending: 2, processing: 0, logistics: 0 });
  });

  it('draw the orders sold and their sales per shop and day', async () => {
    t.clock.set(new Date('2026-03-10T05:00:00.000Z'));
    const res = await t.call('GET', '/order/order/trend?timeZone=Asia%2FBangkok', {
      token: ours.token,
    });
    expect(res.body.resp_code, res.text).toBe(0);
    const { days, series } = res.body.datas as {
      days: string[];
      series: { shopName: string; orders: number[]; sales: number[]; currency: string }[];
    };
    const on = (name: string, day: string) => {
      const entry = series.find((s) => s.shopName === name);
      const at = days.indexOf(day);
      return { orders: entry?.orders[at], sales: entry?.sales[at] };
    };
    // Lazada: two waiting on 9 March, one ready on 10 March, one delivered on 5 March; the
    // failed delivery is no sale.
    expect(on('Ours Lazada', '2026-03-09')).toEqual({ orders: 2, sales: 20_000 });
    expect(on('Ours Lazada', '2026-03-10')).toEqual({ orders: 1, sales: 7_000 });
    expect(on('Ours Lazada', '2026-03-05')).toEqual({ orders: 1, sales: 9_000 });
    // Shopee: cancelled and unknown orders are not sales.
    expect(on('Ours Shopee', '2026-03-09')).toEqual({ orders: 0, sales: 0 });
    // 10:00 UTC on 8 March is 17:00 in Bangkok, still the 8th.
    expect(on('Ours Shopee', '2026-03-08')).toEqual({ orders: 1, sales: 5_000 });
    const shopee = series.find((s) => s.shopName === 'Ours Shopee');
    expect(shopee?.orders.reduce((a, b) => a + b, 0)).toBe(4);
    expect(shopee?.currency).toBe('THB');
    // The TikTok order of January is outside the 14 days; the one in transit is in.
    const tiktok = series.find((s) => s.shopName === 'Ours TikTok');
    expect(tiktok?.orders.reduce((a, b) => a + b, 0)).toBe(1);
    expect(series.map((s) => s.shopName).sort()).toEqual([
      'Ours Lazada',
      'Ours Shopee',
      'Ours TikTok',
    ]);

    const subTrend = await t.call('GET', '/order/order/trend?timeZone=Asia%2FBangkok', {
      token: sub.token,
    });
    expect(subTrend.body.datas.series.map((s: { shopName: string }) => s.shopName)).toEqual([
      'Ours Shopee',
    ]);
  });
});

describe('the product counts kept beside the products', () => {
  it('equal a fresh count of the rows after inserts, moves between statuses and shops, and deletes', async () => {
    const { products } = await import('@server/db/schema/index');
    const { and, eq, inArray, sql } = await import('drizzle-orm');
    const kept = await makeSeller(t, 'kept-counts@example.com', ['Kept Lazada', 'Kept Shopee']);
    const [lazada, shopee] = kept.shops as [
      (typeof kept.shops)[number],
      (typeof kept.shops)[number],
    ];
    const me = kept.user.id;
    const product = (shop: typeof lazada, status: string, index: number) => ({
      ownerId: me,
      shopId: shop.id,
      platform: shop.platform,
      origin: 'created' as const,
      title: `Kept ${index}`,
      status,
      currency: 'THB',
      createdAt: new Date('2026-03-01T00:00:00Z'),
      updatedAt: new Date('2026-03-01T00:00:00Z'),
    });
    const summary = async (query = '') => {
      const res = await t.call('GET', `/product/product/status/summary${query}`, {
        token: kept.token,
      });
      expect(res.body.resp_code, res.text).toBe(0);
      return res.body.datas;
    };
    const fresh = async (shopIds: string[]) => {
      const rows = await t.db
        .select({ status: products.status, count: sql<number>`count(*)::int` })
        .from(products)
        .where(inArray(products.shopId, shopIds))
        .groupBy(products.status);
      const counts: Record<string, number> = zeros(PRODUCT_SUMMARY_KEYS);
      for (const row of rows) counts[row.status] = Number(row.count);
      return counts;
    };
    const both = [lazada.id, shopee.id];
    const statuses = ['wait', 'online', 'offline', 'fail', 'pushing'];
    await t.db
      .insert(products)
      .values(
        Array.from({ length: 23 }, (_, i) =>
          product(i % 2 ? lazada : shopee, statuses[i % statuses.length] ?? 'wait', i),
        ),
      );
    const afterInsert = await summary();
    expect(afterInsert).toEqual(await fresh(both));
    expect(Object.values(afterInsert).reduce((a, b) => Number(a) + Number(b), 0)).toBe(23);

    // Moved between statuses, some of them at once.
    await t.db
      .update(products)
      .set({ status: 'online' })
      .where(and(eq(products.ownerId, me), eq(products.status, 'wait')));
    await t.db
      .update(products)
      .set({ status: 'forbid' })
      .where(and(eq(products.shopId, lazada.id), eq(products.status, 'offline')));
    const afterMoves = await summary();
    expect(afterMoves).toEqual(await fresh(both));
    expect(afterMoves.wait).toBe(0);

    // Moved to the other shop: the shop's narrowed count follows it.
    await t.db
      .update(products)
      .set({ shopId: lazada.id, platform: lazada.platform })
      .where(and(eq(products.shopId, shopee.id), eq(products.status, 'online')));
    expect(await summary('?oauthName=Kept%20Lazada')).toEqual(await fresh([lazada.id]));
    expect(await summary('?oauthName=Kept%20Shopee')).toEqual(await fresh([shopee.id]));

    // Deleted: some, then a shop's all.
    await t.db.delete(products).where(and(eq(products.ownerId, me), eq(products.status, 'fail')));
    expect(await summary()).toEqual(await fresh(both));
    await t.db.delete(products).where(eq(products.shopId, shopee.id));
    const afterDeletes = await summary();
    expect(afterDeletes).toEqual(await fresh(both));
    expect(await summary('?oauthName=Kept%20Shopee')).toEqual(zeros(PRODUCT_SUMMARY_KEYS));
  });
});
