import { randomUUID } from 'node:crypto';
import type { Actor } from '@server/context';
import { platformOrders, serviceOrders, walletFreezes } from '@server/db/schema/index';
import { createAccount } from '@server/modules/accounts/accounts.service';
import { grantCoupon } from '@server/modules/coupons/coupons.service';
import { orderStatistics } from '@server/modules/orders/orders.service';
import { recharge } from '@server/modules/wallet/wallet.service';
import {
  ORDER_COUNT_LIMIT,
  ORDER_STATUS_MAP,
  ORDER_TABS,
  type OrderStatus,
  orderStatusOf,
  statusesOfTab,
  tabOf,
} from '@shared/contracts/orders';
import { PLATFORMS, type Platform } from '@shared/contracts/shops';
import { and, count, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeSeller, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { insertWaitingOrder } from '../support/platform-orders';

let t: TestApp;
let seller: Awaited<ReturnType<typeof makeSeller>>;
let other: Awaited<ReturnType<typeof makeSeller>>;
let storekeeper: string;

beforeAll(async () => {
  t = await createTestApp();
  seller = await makeSeller(t, 'orders-seller@example.com', [
    'Lazada shop',
    'Shopee shop',
    'TikTok shop',
  ]);
  other = await makeSeller(t, 'orders-other@example.com', ['Other shop']);
  await createAccount(t, null, {
    email: 'orders-warehouse@example.com',
    password: 'Operator-pass1',
    name: 'Warehouse',
    role: 'STOREKEEPER',
    site: 'th',
  });
  storekeeper = await login(t, 'orders-warehouse@example.com', 'Operator-pass1');
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const shopOf = (platform: Platform) => {
  const shop = seller.shops.find((s) => s.platform === platform);
  if (!shop) throw new Error(`no ${platform} shop`);
  return shop;
};

/** A synced order of one of the seller's shops, placed `hoursAgo` before the clock. */
async function addOrder(
  shop: { id: string; platform: Platform },
  status: string,
  options: { hoursAgo?: number; ownerId?: string; quantity?: number; price?: number } = {},
) {
  return insertWaitingOrder(t, shop, options.ownerId ?? seller.user.id, {
    status,
    hoursAgo: options.hoursAgo,
    line: {
      sellerSku: 'SKU-1',
      variation: 'Colour: white',
      quantity: options.quantity ?? 2,
      unitPriceMinor: options.price ?? 12_500,
    },
  });
}

/** A `beginTime` `hours` before the clock, in UTC. */
const pastHours = (hours: number) =>
  new Date(t.clock.now().getTime() - hours * HOUR).toISOString().slice(0, 19).replace('T', ' ');

const call = (method: string, path: string, token: string, json?: unknown) =>
  t.call(method, path, { token, ...(json === undefined ? {} : { json }) });

describe('the status map', () => {
  it('maps every platform status of the table, whatever its case and separators', () => {
    for (const row of ORDER_STATUS_MAP) {
      expect(orderStatusOf(row.platform, row.raw)).toBe(row.status);
      expect(orderStatusOf(row.platform, ` ${row.raw.toUpperCase().replace(/_/g, '-')} `)).toBe(
        row.status,
      );
    }
  });

  it('lists every known status under its own tab and an unknown one under other, keeping the raw value', async () => {
    const shop = shopOf('shopee');
    const id = await addOrder(shop, 'SOMETHING_NEW');
    expect(orderStatusOf('shopee', 'SOMETHING_NEW')).toBe('unknown');
    expect(tabOf('unknown')).toBe('other');
    const res = await call('GET', '/order/order/list?tab=other&limit=100', seller.token);
    const found = res.body.datas.records.find((r: { id: string }) => r.id === id);
    expect(found).toMatchObject({ status: 'unknown', platformStatus: 'SOMETHING_NEW' });
  });

  it('the database works out the same status as the contract for any raw value (property)', async () => {
    const known = ORDER_STATUS_MAP.map((row) => row.raw);
    const part = fc.oneof(
      fc.constantFrom(...known),
      fc.constantFrom(...known).map((raw) => raw.toUpperCase()),
      fc.string({ maxLength: 12 }),
    );
    const raw = fc.array(part, { minLength: 0, maxLength: 4 }).map((parts) => parts.join(','));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PLATFORMS), raw, async (platform, value) => {
        const clean = value.split(String.fromCharCode(0)).join('');
        const result = await t.db.execute(
          sql`select cmp_order_status(${platform}, ${clean}) as status`,
        );
        const [row] = (result as unknown as { rows: { status: OrderStatus }[] }).rows;
        expect(row?.status).toBe(orderStatusOf(platform, clean));
      }),
      { numRuns: 150 },
    );
  });
});

describe('list and counts', () => {
  it('counts each tab as the list totals it, for random orders and filters (property)', async () => {
    const fresh = await makeSeller(t, `counts-${randomUUID()}@example.com`, ['A', 'B']);
    const raws = ORDER_STATUS_MAP.map((row) => row);
    for (let i = 0; i < 30; i++) {
      const row = raws[(i * 7) % raws.length];
      const shop = fresh.shops[i % 2];
      if (!row || !shop) continue;
      const platform = shop.platform as Platform;
      const status =
        i % 9 === 0
          ? 'NOT_A_STATUS'
          : (ORDER_STATUS_MAP.find((r) => r.platform === platform && r.status === row.status)
              ?.raw ?? 'x');
      await addOrder({ id: shop.id, platform }, status, {
        hoursAgo: 1 + i * 13,
        ownerId: fresh.user.id,
      });
    }
    const filters = fc.record({
      shop: fc.constantFrom(undefined, 0, 1),
      days: fc.constantFrom(undefined, 3, 10, 20),
      orderNo: fc.constantFrom(undefined, 'O', 'zz'),
    });
    await fc.assert(
      fc.asyncProperty(filters, async (f) => {
        const query: Record<string, string> = {};
        const shopId = f.shop === undefined ? undefined : fresh.shops[f.shop]?.id;
        if (shopId) query.shopId = shopId;
        if (f.orderNo) query.orderNo = f.orderNo;
        if (f.days) {
          const from = new Date(t.clock.now().getTime() - f.days * 24 * HOUR);
          query.beginTime = from.toISOString().slice(0, 19).replace('T', ' ');
          query.timeZone = 'UTC';
        }
        const stats = await call('POST', '/order/order/status_statistics', fresh.token, query);
        expect(stats.body.resp_code, stats.text).toBe(0);
        let sum = 0;
        for (const tab of ORDER_TABS) {
          let cursor: string | null = null;
          let listed = 0;
          do {
            const params = new URLSearchParams({
              ...query,
              tab,
              limit: '7',
              ...(cursor ? { cursor } : {}),
            });
            const page = await call('GET', `/order/order/list?${params}`, fresh.token);
            expect(page.body.resp_code, page.text).toBe(0);
            for (const record of page.body.datas.records)
              expect(statusesOfTab(tab)).toContain(record.status);
            listed += page.body.datas.records.length;
            cursor = page.body.datas.nextCursor;
          } while (cursor);
          expect(stats.body.datas[tab], tab).toBe(listed);
          if (tab !== 'all') sum += listed;
        }
        expect(sum).toBe(stats.body.datas.all);
        expect(stats.body.datas.more).toEqual([]);
      }),
      { numRuns: 8 },
    );
  });

  it('defaults to the last 14 days from 00:00:00 in the reader time zone', async () => {
    const fresh = await makeSeller(t, `range-${randomUUID()}@example.com`, ['A']);
    const shop = fresh.shops[0];
    if (!shop) throw new Error('no shop');
    await addOrder({ id: shop.id, platform: 'lazada' }, 'pending', {
      ownerId: fresh.user.id,
      hoursAgo: 2,
    });
    await addOrder({ id: shop.id, platform: 'lazada' }, 'pending', {
      ownerId: fresh.user.id,
      hoursAgo: 15 * 24 + 1,
    });
    const res = await call('GET', '/order/order/list?timeZone=Asia/Bangkok', fresh.token);
    expect(res.body.datas.records).toHaveLength(1);
    expect(res.body.datas.nextCursor).toBeNull();
  });

  it('counts a tab exactly up to the limit and names the tabs past it; the pages carry no count', async () => {
    const fresh = await makeSeller(t, `many-${randomUUID()}@example.com`, ['Lazada shop']);
    const shop = fresh.shops[0];
    if (!shop) throw new Error('no shop');
    // Six pending and three cancelled, counted with a limit of 5 (the app's is 10,000).
    for (let i = 1; i <= 9; i++)
      await addOrder({ id: shop.id, platform: 'lazada' }, i <= 3 ? 'canceled' : 'pending', {
        hoursAgo: i,
        ownerId: fresh.user.id,
      });
    const actor: Actor = {
      userId: fresh.user.id,
      sessionId: 'test',
      roles: ['BUYER'],
      parentId: null,
      ownerId: fresh.user.id,
      isMain: true,
      routes: [],
      shopIds: null,
    };
    expect(await orderStatistics(t, actor, { timeZone: 'UTC' }, 5)).toMatchObject({
      all: 5,
      waitDeal: 5,
      cancel: 3,
      waitShip: 0,
      other: 0,
      more: ['all', 'waitDeal'],
    });
    // Three cancelled and two pending: every tab under the limit, all past it.
    expect(
      await orderStatistics(t, actor, { timeZone: 'UTC', beginTime: pastHours(5.5) }, 4),
    ).toMatchObject({ all: 4, waitDeal: 2, cancel: 3, more: ['all'] });
    expect(await orderStatistics(t, actor, { timeZone: 'UTC' }, 9)).toMatchObject({
      all: 9,
      waitDeal: 6,
      cancel: 3,
      more: [],
    });
    // Over HTTP with the app's limit: exact.
    const stats = await call('POST', '/order/order/status_statistics', fresh.token, {});
    expect(stats.body.datas).toMatchObject({ all: 9, waitDeal: 6, cancel: 3, more: [] });
    expect(ORDER_COUNT_LIMIT).toBe(10_000);
    const page = await call('GET', '/order/order/list?tab=cancel&limit=2', fresh.token);
    expect(page.body.datas.records).toHaveLength(2);
    expect(page.body.datas).not.toHaveProperty('total');
    const rest = await call(
      'GET',
      `/order/order/list?tab=cancel&limit=2&cursor=${encodeURIComponent(page.body.datas.nextCursor)}`,
      fresh.token,
    );
    expect(rest.body.datas.records).toHaveLength(1);
    expect(rest.body.datas.nextCursor).toBeNull();
  });

  it('refuses a cursor that is not one of its own, naming it', async () => {
    const res = await call('GET', '/order/order/list?cursor=bm9wZQ', seller.token);
    expect(res.body.key).toBe('VALIDATION_FAILED');
    expect(res.body.resp_msg).toContain('cursor');
  });
});

describe('processing', () => {
  async function fund(ownerId: string, amount: number) {
    await recharge(t, null, {
      ownerId,
      currency: 'THB',
      amount,
      reference: { type: 'payment', id: randomUUID() },
      idempotencyKey: randomUUID(),
    });
  }

  async function withLink(orderId: string, price = 5_000) {
    const res = await call('POST', '/order/order/purchaseLink', seller.token, {
      orderId,
      orderItemId: 'i1',
      url: 'https://detail.1688.com/offer/610000000001.html',
      price,
    });
    expect(res.body.resp_code, res.text).toBe(0);
  }

  it('says "missing purchase link" without one, and refuses a link of an unsupported site', async () => {
    const orderId = await addOrder(shopOf('lazada'), 'pending');
    const res = await call('POST', '/order/order/dealOrder', seller.token, {
      orderId,
      items: [{ orderItemId: 'i1', type: 'crossSale' }],
      idempotencyKey: randomUUID(),
    });
    expect(res.body.key).toBe('ORDER_PURCHASE_LINK_MISSING');
    const bad = await call('POST', '/order/order/purchaseLink', seller.token, {
      orderId,
      orderItemId: 'i1',
      url: 'https://example.com/item',
      price: 100,
    });
    expect(bad.body.key).toBe('PURCHASE_LINK_UNSUPPORTED');
  });

  it('100 parallel submits with one key make one service order and one freeze', async () => {
    await fund(seller.user.id, 1_000_000);
    const orderId = await addOrder(shopOf('lazada'), 'pending');
    await withLink(orderId);
    const key = randomUUID();
    const body = {
      orderId,
      items: [{ orderItemId: 'i1', type: 'crossSale' }],
      idempotencyKey: key,
    };
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => call('POST', '/order/order/dealOrder', seller.token, body)),
    );
    const serviceNos = new Set<string>();
    for (const res of answers) {
      expect(res.body.resp_code, res.text).toBe(0);
      for (const service of res.body.datas.serviceOrders) serviceNos.add(service.serviceNo);
    }
    expect(serviceNos.size).toBe(1);
    const [made] = await t.db
      .select({ n: count() })
      .from(serviceOrders)
      .where(eq(serviceOrders.orderId, orderId));
    expect(made?.n).toBe(1);
    const [serviceNo] = [...serviceNos];
    const freezes = await t.db
      .select()
      .from(walletFreezes)
      .where(
        and(
          eq(walletFreezes.referenceType, 'service'),
          eq(walletFreezes.referenceId, serviceNo ?? ''),
        ),
      );
    expect(freezes).toHaveLength(1);
    const first = answers[0]?.body.datas;
    expect(freezes[0]?.amount).toBe(first.frozen);
    expect(first.serviceOrders[0]).toMatchObject({
      status: 'pending',
      type: 'crossSale',
      platformOrderNo: expect.any(String),
    });
    // The order now shows its service, and a second processing is refused.
    const again = await call('POST', '/order/order/dealOrder', seller.token, {
      ...body,
      idempotencyKey: randomUUID(),
    });
    expect(again.body.key).toBe('ORDER_ALREADY_PROCESSED');
    const detail = await call('GET', `/order/order/orderDetail?orderId=${orderId}`, seller.token);
    expect(detail.body.datas.order.service).toMatchObject({ serviceNo, status: 'pending' });
    // The same key with another request is refused.
    const reused = await call('POST', '/order/order/dealOrder', seller.token, {
      ...body,
      gifts: [{ name: 'Sticker', quantity: 1 }],
    });
    expect(reused.body.key).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('-10 carries the shortfall and leaves no service order behind', async () => {
    const poor = await makeSeller(t, `poor-${randomUUID()}@example.com`, ['Poor shop']);
    const shop = poor.shops[0];
    if (!shop) throw new Error('no shop');
    await fund(poor.user.id, 100);
    const orderId = await addOrder({ id: shop.id, platform: 'lazada' }, 'pending', {
      ownerId: poor.user.id,
    });
    await call('POST', '/order/order/purchaseLink', poor.token, {
      orderId,
      orderItemId: 'i1',
      url: 'https://detail.1688.com/offer/1.html',
      price: 5_000,
    });
    const estimate = await call('POST', '/order/order/dealOrder', poor.token, {
      orderId,
      items: [{ orderItemId: 'i1', type: 'crossSale' }],
      idempotencyKey: randomUUID(),
      estimateOnly: true,
    });
    expect(estimate.body.resp_code, estimate.text).toBe(0);
    const needed = estimate.body.datas.estimate;
    expect(needed).toBeGreaterThan(100);
    const res = await call('POST', '/order/order/dealOrder', poor.token, {
      orderId,
      items: [{ orderItemId: 'i1', type: 'crossSale' }],
      idempotencyKey: randomUUID(),
    });
    expect(res.body.resp_code).toBe(-10);
    expect(JSON.stringify(res.body.datas)).toContain(String(needed - 100));
    const [made] = await t.db
      .select({ n: count() })
      .from(serviceOrders)
      .where(eq(serviceOrders.orderId, orderId));
    expect(made?.n).toBe(0);
  });

  it('holds the coupon at submit, and releases freeze and coupon when a cancelled order is withdrawn', async () => {
    await fund(seller.user.id, 1_000_000);
    const now = t.clock.now().getTime();
    const coupon = await grantCoupon(t, null, {
      ownerId: seller.user.id,
      name: { zh: '券', th: 'คูปอง', en: 'Service 20 off' },
      type: 'cash',
      scope: 'serviceFee',
      currency: 'THB',
      threshold: 0,
      maxOffset: 20_00,
      percentOff: null,
      validFrom: new Date(now - HOUR),
      validTo: new Date(now + 240 * HOUR),
    });
    const orderId = await addOrder(shopOf('lazada'), 'pending');
    await withLink(orderId);
    const res = await call('POST', '/order/order/dealOrder', seller.token, {
      orderId,
      items: [{ orderItemId: 'i1', type: 'crossSale' }],
      couponId: coupon.id,
      idempotencyKey: randomUUID(),
    });
    expect(res.body.resp_code, res.text).toBe(0);
    expect(res.body.datas.discount).toBe(20_00);
    expect(res.body.datas.frozen).toBe(res.body.datas.estimate - 20_00);
    const coupons = await call('GET', '/api-user/coupon/list?status=freezing', seller.token);
    expect(JSON.stringify(coupons.body.datas)).toContain(coupon.id);
    // The platform cancels the order: it is marked and its pending service order can be cancelled.
    await t.db
      .update(platformOrders)
      .set({ status: 'canceled' })
      .where(eq(platformOrders.id, orderId));
    const detail = await call('GET', `/order/order/orderDetail?orderId=${orderId}`, seller.token);
    expect(detail.body.datas.cancelledOnPlatform).toBe(true);
    const serviceNo = res.body.datas.serviceOrders[0].serviceNo;
    const cancelled = await call('POST', '/order/order/cancelService', seller.token, {
      orderId,
      serviceNo,
    });
    expect(cancelled.body.datas.status).toBe('cancelled');
    const [freeze] = await t.db
      .select()
      .from(walletFreezes)
      .where(eq(walletFreezes.referenceId, serviceNo));
    expect(freeze?.state).toBe('released');
    const unused = await call('GET', '/api-user/coupon/list?status=unused', seller.token);
    expect(JSON.stringify(unused.body.datas)).toContain(coupon.id);
  });

  it('a local order without an overseas warehouse asks to open one', async () => {
    const orderId = await addOrder(shopOf('tiktok'), 'AWAITING_SHIPMENT');
    const res = await call('POST', '/order/order/dealOrder', seller.token, {
      orderId,
      items: [{ orderItemId: 'i1', type: 'crossStoreSale' }],
      idempotencyKey: randomUUID(),
    });
    expect(res.body.key).toBe('WAREHOUSE_NOT_BUY');
  });
});

describe('manual orders', () => {
  const valid = () => ({
    shopId: shopOf('shopee').id,
    site: 'th',
    orderType: 'crossBorder',
    platform: 'shopee',
    orderNo: `240612${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`,
    items: [{ sku: 'SKU-9', name: 'Lamp', quantity: 2, price: 19_900 }],
    receiver: 'Somchai',
    phone: '0812345678',
    address: '99 Sukhumvit Road, Bangkok 10110',
  });

  it('creates a paid order waiting to be processed, shown by virtualOrderDetail', async () => {
    const res = await call('POST', '/order/order/createOrder', seller.token, valid());
    expect(res.body.resp_code, res.text).toBe(0);
    expect(res.body.datas.order).toMatchObject({
      source: 'manual',
      status: 'waitDeal',
      total: 39_800,
    });
    const virtual = await call(
      'GET',
      `/order/order/virtualOrderDetail?orderId=${res.body.datas.order.id}`,
      seller.token,
    );
    expect(virtual.body.resp_code).toBe(0);
    const again = await call('POST', '/order/order/createOrder', seller.token, {
      ...valid(),
      orderNo: res.body.datas.order.orderNo,
    });
    expect(again.body.key).toBe('ORDER_NUMBER_TAKEN');
  });

  const rules: [string, (o: ReturnType<typeof valid>) => unknown, string][] = [
    ['order number format', (o) => ({ ...o, orderNo: '12345' }), 'orderNo'],
    ['shop', (o) => ({ ...o, shopId: undefined }), 'shopId'],
    ['site', (o) => ({ ...o, site: undefined }), 'site'],
    ['type', (o) => ({ ...o, orderType: 'x' }), 'orderType'],
    ['no items', (o) => ({ ...o, items: [] }), 'items'],
    ['item SKU', (o) => ({ ...o, items: [{ ...o.items[0], sku: '' }] }), 'items.0.sku'],
    [
      'item quantity',
      (o) => ({ ...o, items: [{ ...o.items[0], quantity: 0 }] }),
      'items.0.quantity',
    ],
    [
      'item price',
      (o) => ({ ...o, items: [{ ...o.items[0], price: undefined }] }),
      'items.0.price',
    ],
    ['receiver', (o) => ({ ...o, receiver: ' ' }), 'receiver'],
    ['phone by the site rule', (o) => ({ ...o, phone: '12345' }), 'phone'],
    ['address', (o) => ({ ...o, address: '' }), 'address'],
    ['site of the shop', (o) => ({ ...o, site: 'my' }), 'site'],
    [
      'platform of the shop',
      (o) => ({ ...o, platform: 'lazada', orderNo: '123456789' }),
      'platform',
    ],
    ['local order in a cross-border shop', (o) => ({ ...o, orderType: 'local' }), 'orderType'],
  ];
  for (const [rule, change, field] of rules)
    it(`fails the ${rule} rule naming ${field}`, async () => {
      const res = await call('POST', '/order/order/createOrder', seller.token, change(valid()));
      expect(res.body.key, res.text).toBe('VALIDATION_FAILED');
      expect(res.body.datas.fields.map((f: { field: string }) => f.field)).toContain(field);
    });

  it('takes only items in stock for a local order', async () => {
    const local = await makeSeller(t, `local-${randomUUID()}@example.com`, []);
    const { addShop } = await import('@server/modules/shops/shops.service');
    const shop = await addShop(
      t,
      { ownerId: local.user.id },
      {
        platform: 'shopee',
        site: 'th',
        externalId: `local-${randomUUID()}`,
        name: 'Local shop',
        shopType: 'local',
      },
    );
    const res = await call('POST', '/order/order/createOrder', local.token, {
      ...valid(),
      shopId: shop.id,
      orderType: 'local',
    });
    expect(res.body.key).toBe('ORDER_ITEM_OUT_OF_STOCK');
    expect(res.body.datas.fields).toEqual(['items.0.sku']);
  });
});

describe('returns', () => {
  it('goes from registered to signed by the warehouse to completed, each rule naming its field', async () => {
    const orderId = await addOrder(shopOf('shopee'), 'COMPLETED', { quantity: 3 });
    const base = {
      orderId,
      express: 'flash',
      trackingNo: 'TH123',
      items: [{ orderItemId: 'i1', quantity: 2 }],
    };
    for (const [change, field] of [
      [{ express: 'nope' }, 'express'],
      [{ trackingNo: '' }, 'trackingNo'],
      [{ items: [] }, 'items'],
      [{ items: [{ orderItemId: 'i1', quantity: 4 }] }, 'items.0.quantity'],
      [{ items: [{ orderItemId: 'zz', quantity: 1 }] }, 'items.0.orderItemId'],
    ] as const) {
      const bad = await call('POST', '/order/return/create', seller.token, { ...base, ...change });
      expect(bad.body.key, JSON.stringify(change)).toBe('VALIDATION_FAILED');
      expect(bad.body.datas.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    const created = await call('POST', '/order/return/create', seller.token, base);
    expect(created.body.datas).toMatchObject({ status: 'toSign', trackingNo: 'TH123' });
    // Only one piece is left to return.
    const over = await call('POST', '/order/return/create', seller.token, base);
    expect(over.body.datas.fields[0]).toMatchObject({ field: 'items.0.quantity' });
    const returnId = created.body.datas.id;
    // The seller cannot sign; the warehouse can, once.
    const bySeller = await call('POST', '/order/return/sign', seller.token, { returnId });
    expect(bySeller.body.key).toBe('PERMISSION_DENIED');
    const signed = await call('POST', '/order/return/sign', storekeeper, { returnId });
    expect(signed.body.datas.status).toBe('pending');
    const cancel = await call('POST', '/order/return/cancel', seller.token, { returnId });
    expect(cancel.body.key).toBe('RETURN_STATE_CHANGED');
    const done = await call('POST', '/order/return/process', seller.token, {
      returnId,
      outcome: 'restock',
    });
    expect(done.body.datas).toMatchObject({ status: 'completed', outcome: 'restock' });
    const tabs = await call('GET', '/order/return/list?status=completed', seller.token);
    expect(tabs.body.datas.records.map((r: { id: string }) => r.id)).toContain(returnId);
    expect(tabs.body.datas.counts.completed).toBeGreaterThanOrEqual(1);
  });

  it('cancels before signing, and gives the pieces back', async () => {
    const orderId = await addOrder(shopOf('shopee'), 'COMPLETED', { quantity: 1 });
    const body = {
      orderId,
      express: 'kerry',
      trackingNo: 'K1',
      items: [{ orderItemId: 'i1', quantity: 1 }],
    };
    const created = await call('POST', '/order/return/create', seller.token, body);
    const cancelled = await call('POST', '/order/return/cancel', seller.token, {
      returnId: created.body.datas.id,
    });
    expect(cancelled.body.datas.status).toBe('cancelled');
    const again = await call('POST', '/order/return/create', seller.token, body);
    expect(again.body.datas.status).toBe('toSign');
  });

  it('a main account cannot grant signing, and holds no sign button; the warehouse does', async () => {
    const { grantableMenus, routerInfoListFor } = await import('@shared/permissions');
    const returnsOf = (list: { url: string; button?: string[] | null }[]) =>
      list.find((m) => m.url === '/thirdPartyPlatform/returnManage')?.button ?? [];
    expect(returnsOf(routerInfoListFor(['BUYER']))).not.toContain('sign');
    expect(returnsOf(routerInfoListFor(['BUYER']))).toContain('register');
    expect(returnsOf(routerInfoListFor(['STOREKEEPER']))).toContain('sign');
    const grantable = grantableMenus().find((m) => m.url === '/thirdPartyPlatform/returnManage');
    expect(grantable?.buttons).not.toContain('sign');
    // Granting it anyway gives nothing.
    const sub = await makeSubAccount(
      t,
      seller.token,
      `sign-sub-${randomUUID()}@example.com`,
      [],
      [{ url: '/thirdPartyPlatform/returnManage', buttons: ['sign', 'register'] }],
    );
    const signed = await call('POST', '/order/return/sign', sub.token, { returnId: randomUUID() });
    expect(signed.body.key).toBe('PERMISSION_DENIED');
  });
});

describe('accounts', () => {
  it('a sub-account without the shop sees none of its orders, returns, counts or exports', async () => {
    const shop = shopOf('lazada');
    const orderId = await addOrder(shop, 'pending');
    await call('POST', '/order/return/create', seller.token, {
      orderId,
      express: 'flash',
      trackingNo: 'S1',
      items: [{ orderItemId: 'i1', quantity: 1 }],
    });
    const sub = await makeSubAccount(t, seller.token, `orders-sub-${randomUUID()}@example.com`, [
      shopOf('tiktok').id,
    ]);
    const list = await call('GET', '/order/order/list?limit=100', sub.token);
    expect(
      list.body.datas.records.every((r: { shopId: string }) => r.shopId === shopOf('tiktok').id),
    ).toBe(true);
    const stats = await call('POST', '/order/order/status_statistics', sub.token, {
      shopId: shop.id,
    });
    expect(stats.body.datas.all).toBe(0);
    const detail = await call('GET', `/order/order/orderDetail?orderId=${orderId}`, sub.token);
    expect(detail.body.datas).toBeNull();
    const returns = await call('GET', '/order/return/list?status=toSign', sub.token);
    expect(
      returns.body.datas.records.filter((r: { shopId: string }) => r.shopId === shop.id),
    ).toEqual([]);
    const exported = await t.call('POST', `/order/order/export?shopId=${shop.id}`, {
      token: sub.token,
    });
    expect(exported.headers.get('x-total-count')).toBe('0');
    const theirs = await call('GET', `/order/order/orderDetail?orderId=${orderId}`, other.token);
    expect(theirs.body.key).toBe('RECORD_NOT_FOUND');
  });

  it('exports the tab as .xlsx with its count', async () => {
    const res = await t.call('POST', '/order/order/export?tab=waitDeal', { token: seller.token });
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThan(0);
  });

  it('answers the dictionaries in the reader language', async () => {
    const th = await t.call('GET', '/order/dic/RETURN_EXPRESS', {
      token: seller.token,
      language: 'th',
    });
    expect(th.body.datas).toContainEqual({ value: 'thaipost', label: 'ไปรษณีย์ไทย' });
    const zh = await t.call('GET', '/order/dic/SITE_NAME', { token: seller.token, language: 'zh' });
    expect(zh.body.datas.length).toBeGreaterThan(5);
  });
});
