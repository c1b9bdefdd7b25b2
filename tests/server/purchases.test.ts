import { randomUUID } from 'node:crypto';
import type { Actor } from '@server/context';
import { coupons, files, messages, wallets } from '@server/db/schema/index';
import { createAccount } from '@server/modules/accounts/accounts.service';
import { grantCoupon } from '@server/modules/coupons/coupons.service';
import { verifyLedger } from '@server/modules/wallet/ledger-verify';
import { recharge } from '@server/modules/wallet/wallet.service';
import { openWarehouse } from '@server/modules/warehouses/warehouses.service';
import { API_CLIENTS, basicClientAuth, HEADERS } from '@shared/contracts/protocol';
import { grantableMenus, routerInfoListFor } from '@shared/permissions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeSeller, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
let purchaser: string;
let storekeeper: string;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-10T03:00:00.000Z'));
  purchaser = await operator('PURCHASER');
  storekeeper = await operator('STOREKEEPER');
});
afterAll(() => t.close());

async function operator(role: 'PURCHASER' | 'STOREKEEPER') {
  const email = `${role.toLowerCase()}-${randomUUID()}@example.com`;
  await createAccount(t, null, { email, password: 'Operator-pass1', name: role, role, site: 'th' });
  return login(t, email, 'Operator-pass1');
}

/** A seller with two shops, 10,000 THB and a normal Bangkok warehouse. */
async function seller(options: { warehouse?: boolean } = {}) {
  const made = await makeSeller(t, `po-${randomUUID()}@example.com`, ['Shop A', 'Shop B']);
  await recharge({ db: t.db, clock: t.clock }, null, {
    ownerId: made.user.id,
    currency: 'THB',
    amount: 1_000_000,
    reference: { type: 'recharge', id: randomUUID() },
    idempotencyKey: randomUUID(),
  });
  const actor: Actor = {
    userId: made.user.id,
    sessionId: randomUUID(),
    roles: ['BUYER'],
    parentId: null,
    ownerId: made.user.id,
    isMain: true,
    routes: [],
    shopIds: null,
  };
  const opened =
    options.warehouse === false
      ? null
      : await openWarehouse(t.deps, actor, {
          site: 'th',
          volume: 1,
          pay: true,
          idempotencyKey: randomUUID(),
          language: 'en',
        });
  const [wallet] = await t.db
    .select()
    .from(wallets)
    .where(and(eq(wallets.ownerId, made.user.id), eq(wallets.currency, 'THB')));
  return {
    ...made,
    warehouseId: opened?.warehouse?.id ?? '',
    startBalance: wallet?.available ?? 0,
  };
}

type Seller = Awaited<ReturnType<typeof seller>>;

function request(s: Seller, overrides: Record<string, unknown> = {}) {
  return {
    type: 'crossStoreSupplement',
    shopId: s.shops[0]?.id,
    warehouseId: s.warehouseId,
    expressType: 'ocean',
    shippingType: 'homeDelivery',
    serviceNo: 'SV2026110009',
    address: {
      province: 'Bangkok',
      area: 'Bang Na',
      detail: '99 Bangna-Trad Rd',
      postalCode: '10260',
      consigneeName: 'Somchai',
      mobile: '+66 81 234 5678',
    },
    items: [
      {
        sku: 'MUG-01',
        link: 'https://detail.1688.com/offer/1.html',
        estimatedPrice: 2_000,
        quantity: 10,
      },
      {
        sku: 'LID-02',
        link: 'https://detail.1688.com/offer/2.html',
        estimatedPrice: 500,
        quantity: 20,
      },
    ],
    // Items 30,000; fees 5,000 + 8,000 + 2,000: 45,000 in all.
    fees: { domesticFreight: 5_000, internationalFreight: 8_000, serviceFee: 2_000 },
    floatAmount: 3_000,
    remark: 'Fragile',
    ...overrides,
  };
}

const post = (path: string, token: string, json: unknown, key = randomUUID()) =>
  t.call('POST', path, { token, json, headers: { 'Idempotency-Key': key } });

async function money(s: Seller) {
  const [row] = await t.db
    .select({ available: wallets.available, frozen: wallets.frozen })
    .from(wallets)
    .where(and(eq(wallets.ownerId, s.user.id), eq(wallets.currency, 'THB')));
  const check = await verifyLedger(t, null);
  expect(check.violations).toEqual([]);
  return {
    spent: s.startBalance - (row?.available ?? 0) - (row?.frozen ?? 0),
    frozen: row?.frozen ?? 0,
  };
}

const ship = (
  purchaseNo: string,
  prices: number[],
  fees = { domesticFreight: 4_000, internationalFreight: 8_000, serviceFee: 2_000 },
) =>
  post('/order/purchaseorder/ship', purchaser, {
    purchaseNo,
    tracking: 'SF123456789CN',
    actualPrices: prices,
    actualFees: fees,
  });

describe('a purchase request from submission to settlement', () => {
  it('freezes the estimate less the coupon, and settles the actual cost below it', async () => {
    const s = await seller();
    const coupon = await grantCoupon(t, null, {
      ownerId: s.user.id,
      name: { zh: '采购', th: 'จัดซื้อ', en: 'Purchase' },
      type: 'cash',
      scope: 'purchaseFee',
      currency: 'THB',
      threshold: 10_000,
      maxOffset: 1_500,
      percentOff: null,
      validFrom: new Date('2026-11-01T00:00:00Z'),
      validTo: new Date('2026-12-31T00:00:00Z'),
    });
    const key = randomUUID();
    const created = await post(
      '/order/purchaseorder/create',
      s.token,
      request(s, { couponId: coupon.id }),
      key,
    );
    expect(created.body.resp_code, created.text).toBe(0);
    const po = created.body.datas;
    expect(po).toMatchObject({
      status: 'waitAudit',
      estimatedTotal: 45_000,
      discount: 1_500,
      frozen: 43_500,
      estimatedFees: {
        purchaseFee: 30_000,
        domesticFreight: 5_000,
        internationalFreight: 8_000,
        serviceFee: 2_000,
      },
      warehouseName: 'WH-BKK',
      shopName: 'Shop A',
    });
    expect(po.purchaseNo).toMatch(/^PO202611\d{4}$/);
    expect(await money(s)).toEqual({ spent: 0, frozen: 43_500 });
    // The same key: the same request, nothing frozen twice.
    const again = await post(
      '/order/purchaseorder/create',
      s.token,
      request(s, { couponId: coupon.id }),
      key,
    );
    expect(again.body.datas.purchaseNo).toBe(po.purchaseNo);
    expect(await money(s)).toEqual({ spent: 0, frozen: 43_500 });

    const approved = await post('/order/purchaseorder/audit/approve', purchaser, {
      purchaseNo: po.purchaseNo,
    });
    expect(approved.body.datas).toMatchObject({
      status: 'waitShip',
      auditor: { name: 'PURCHASER' },
    });
    const shipped = await ship(po.purchaseNo, [1_800, 500]);
    // Actual: 18,000 + 10,000 + 4,000 + 8,000 + 2,000 = 42,000.
    expect(shipped.body.datas).toMatchObject({
      status: 'shipping',
      actualTotal: 42_000,
      tracking: 'SF123456789CN',
    });
    const received = await post('/order/purchaseorder/receive', storekeeper, {
      purchaseNo: po.purchaseNo,
    });
    expect(received.body.datas).toMatchObject({
      status: 'complete',
      frozen: 0,
      discount: 1_500,
      settlementRatio: 9_333,
      receiver: { name: 'STOREKEEPER' },
    });
    expect(await money(s)).toEqual({ spent: 40_500, frozen: 0 });
    const told = await t.db.select().from(messages).where(eq(messages.userId, s.user.id));
    expect(
      told
        .filter((m) => m.jumpId === po.purchaseNo)
        .map((m) => [m.type, m.titleKey])
        .sort(),
    ).toEqual([
      [2, 'purchaseApproved'],
      [2, 'purchaseCompleted'],
      [2, 'purchaseShipped'],
      [2, 'purchaseSubmitted'],
    ]);
  });

  it('returns a request above the estimate plus the float amount; accepted, the difference is frozen and settled', async () => {
    const s = await seller();
    const po = (await post('/order/purchaseorder/create', s.token, request(s))).body.datas;
    await post('/order/purchaseorder/audit/approve', purchaser, { purchaseNo: po.purchaseNo });
    // Actual 2,400 × 10 + 500 × 20 + 14,000 fees = 48,000 > 45,000 + 3,000? No: equal is allowed.
    const within = await ship(po.purchaseNo, [2_400, 500]);
    expect(within.body.datas).toMatchObject({ status: 'shipping', actualTotal: 48_000 });

    const over = (await post('/order/purchaseorder/create', s.token, request(s))).body.datas;
    await post('/order/purchaseorder/audit/approve', purchaser, { purchaseNo: over.purchaseNo });
    const returned = await ship(over.purchaseNo, [2_401, 500]);
    expect(returned.body.datas).toMatchObject({ status: 'beWait', actualTotal: 48_010 });
    const frozenBefore = (await money(s)).frozen;
    const accepted = await post('/order/purchaseorder/accept', s.token, {
      purchaseNo: over.purchaseNo,
    });
    expect(accepted.body.datas).toMatchObject({ status: 'shipping', frozen: 48_010 });
    expect((await money(s)).frozen).toBe(frozenBefore + 3_010);
    await post('/order/purchaseorder/receive', storekeeper, { purchaseNo: over.purchaseNo });
    await post('/order/purchaseorder/receive', storekeeper, { purchaseNo: po.purchaseNo });
    expect(await money(s)).toEqual({ spent: 48_010 + 48_000, frozen: 0 });
  });

  it('releases everything when the creator cancels a returned request, or the auditor rejects one', async () => {
    const s = await seller();
    const a = (await post('/order/purchaseorder/create', s.token, request(s))).body.datas;
    await post('/order/purchaseorder/audit/approve', purchaser, { purchaseNo: a.purchaseNo });
    await ship(a.purchaseNo, [5_000, 500]);
    const cancelled = await post('/order/purchaseorder/cancel', s.token, {
      purchaseNo: a.purchaseNo,
    });
    expect(cancelled.body.datas).toMatchObject({ status: 'cancel', frozen: 0 });
    const b = (await post('/order/purchaseorder/create', s.token, request(s))).body.datas;
    const rejected = await post('/order/purchaseorder/audit/reject', purchaser, {
      purchaseNo: b.purchaseNo,
      reason: 'Supplier out of stock',
    });
    expect(rejected.body.datas).toMatchObject({
      status: 'abort',
      rejectReason: 'Supplier out of stock',
    });
    expect(await money(s)).toEqual({ spent: 0, frozen: 0 });
    // A request no longer waiting cannot be cancelled or approved again.
    expect(
      (await post('/order/purchaseorder/cancel', s.token, { purchaseNo: b.purchaseNo })).body.key,
    ).toBe('PURCHASE_STATUS_INVALID');
  });
});

describe('a purchase coupon', () => {
  const couponOf = async (
    s: Seller,
    scope: 'purchaseFee' | 'domesticFreight' | 'internationalFreight',
    threshold: number,
    maxOffset: number,
  ) =>
    grantCoupon(t, null, {
      ownerId: s.user.id,
      name: { zh: '运费', th: 'ค่าขนส่ง', en: `${scope} ${threshold}` },
      type: 'cash',
      scope,
      currency: 'THB',
      threshold,
      maxOffset,
      percentOff: null,
      validFrom: new Date('2026-11-01T00:00:00Z'),
      validTo: new Date('2026-12-31T00:00:00Z'),
    });
  const stateOf = async (id: string) =>
    (
      await t.db
        .select({ status: coupons.status, orderRef: coupons.orderRef, discount: coupons.discount })
        .from(coupons)
        .where(eq(coupons.id, id))
    )[0];

  it('judges a freight coupon’s threshold on the whole estimate at submission, and on the whole actual cost at settlement', async () => {
    const s = await seller();
    // 40,000: above the 5,000 of domestic freight and the 30,000 of goods, below the 45,000 estimate.
    const freight = await couponOf(s, 'domesticFreight', 40_000, 1_000);
    const usable = (amount: number) =>
      t.call('GET', `/api-user/coupon/usable?scope=domesticFreight&currency=THB&amount=${amount}`, {
        token: s.token,
      });
    expect(
      (await usable(45_000)).body.datas.map((u: { coupon: { id: string } }) => u.coupon.id),
    ).toEqual([freight.id]);
    expect((await usable(39_999)).body.datas).toEqual([]);
    const po = (
      await post('/order/purchaseorder/create', s.token, request(s, { couponId: freight.id }))
    ).body.datas;
    expect(po).toMatchObject({ estimatedTotal: 45_000, discount: 1_000, frozen: 44_000 });
    expect(await stateOf(freight.id)).toEqual({
      status: 'freezing',
      orderRef: `purchase:${po.purchaseNo}`,
      discount: 1_000,
    });
    await post('/order/purchaseorder/audit/approve', purchaser, { purchaseNo: po.purchaseNo });
    // Actual 42,000 (domestic freight 4,000 of it): still above the threshold.
    await ship(po.purchaseNo, [1_800, 500]);
    const done = await post('/order/purchaseorder/receive', storekeeper, {
      purchaseNo: po.purchaseNo,
    });
    expect(done.body.datas).toMatchObject({ status: 'complete', discount: 1_000, frozen: 0 });
    expect(await money(s)).toEqual({ spent: 41_000, frozen: 0 });
    expect(await stateOf(freight.id)).toMatchObject({ status: 'used', discount: 1_000 });
  });

  it('gives the coupon back when the actual cost misses its threshold, and charges the whole actual cost', async () => {
    const s = await seller();
    const coupon = await couponOf(s, 'internationalFreight', 44_000, 2_000);
    const po = (
      await post('/order/purchaseorder/create', s.token, request(s, { couponId: coupon.id }))
    ).body.datas;
    expect(po).toMatchObject({ discount: 2_000, frozen: 43_000 });
    await post('/order/purchaseorder/audit/approve', purchaser, { purchaseNo: po.purchaseNo });
    await ship(po.purchaseNo, [1_800, 500]);
    const done = await post('/order/purchaseorder/receive', storekeeper, {
      purchaseNo: po.purchaseNo,
    });
    expect(done.body.datas).toMatchObject({
      status: 'complete',
      actualTotal: 42_000,
      discount: 0,
      frozen: 0,
    });
    expect(await money(s)).toEqual({ spent: 42_000, frozen: 0 });
    expect(await stateOf(coupon.id)).toEqual({ status: 'unused', orderRef: null, discount: null });
  });

  it('refuses a coupon whose threshold the whole estimate misses, in the reader’s language, and keeps nothing', async () => {
    const s = await seller();
    const coupon = await couponOf(s, 'purchaseFee', 45_001, 1_000);
    const words = {
      en: /does not reach this coupon's threshold/,
      zh: /未达到优惠券使用门槛/,
      th: /ยังไม่ถึงเงื่อนไขขั้นต่ำของคูปองนี้/,
    } as const;
    for (const language of ['en', 'zh', 'th'] as const) {
      const res = await t.call('POST', '/order/purchaseorder/create', {
        token: s.token,
        language,
        json: request(s, { couponId: coupon.id }),
        headers: { 'Idempotency-Key': randomUUID() },
      });
      expect(res.body.key, res.text).toBe('COUPON_THRESHOLD_NOT_MET');
      expect(res.body.resp_msg).toMatch(words[language]);
    }
    const listed = await t.call('GET', '/order/purchaseorder/list?tab=waitAudit', {
      token: s.token,
    });
    expect(listed.body.datas.counts.waitAudit).toBe(0);
    expect(await money(s)).toEqual({ spent: 0, frozen: 0 });
    expect(await stateOf(coupon.id)).toEqual({ status: 'unused', orderRef: null, discount: null });
    // Without the coupon the same request goes through.
    const plain = await post('/order/purchaseorder/create', s.token, request(s));
    expect(plain.body.datas).toMatchObject({ discount: 0, frozen: 45_000 });
  });
});

describe('who may take each step', () => {
  it('lets only a purchaser audit and ship, only a storekeeper receive, and only the seller cancel or accept', async () => {
    const s = await seller();
    const sub = await makeSubAccount(
      t,
      s.token,
      `po-sub-${randomUUID()}@example.com`,
      [s.shops[0]?.id ?? ''],
      grantableMenus(),
    );
    const po = (await post('/order/purchaseorder/create', s.token, request(s))).body.datas;
    const no = { purchaseNo: po.purchaseNo };
    const refused = async (path: string, token: string, json: unknown = no) => {
      const res = await post(path, token, json);
      expect(res.body.resp_code, `${path}: ${res.text}`).not.toBe(0);
      expect(res.body.datas).toBeNull();
    };
    for (const token of [s.token, sub.token, storekeeper]) {
      await refused('/order/purchaseorder/audit/approve', token);
      await refused('/order/purchaseorder/audit/reject', token, { ...no, reason: 'no' });
    }
    await post('/order/purchaseorder/audit/approve', purchaser, no);
    for (const token of [s.token, sub.token, storekeeper])
      await refused('/order/purchaseorder/ship', token, {
        ...no,
        tracking: 'X1',
        actualPrices: [1, 1],
        actualFees: { domesticFreight: 0, internationalFreight: 0, serviceFee: 0 },
      });
    await ship(po.purchaseNo, [2_000, 500]);
    for (const token of [s.token, sub.token, purchaser])
      await refused('/order/purchaseorder/receive', token);
    for (const token of [purchaser, storekeeper])
      await refused('/order/purchaseorder/cancel', token);
    await refused('/order/purchaseorder/fail', s.token, { ...no, reason: 'lost' });
    const failed = await post('/order/purchaseorder/fail', storekeeper, {
      ...no,
      reason: 'Lost in transit',
    });
    expect(failed.body.datas).toMatchObject({
      status: 'fail',
      failReason: 'Lost in transit',
      frozen: 0,
    });
    expect(await money(s)).toEqual({ spent: 0, frozen: 0 });
  });

  it('keeps audit and ship out of what a seller holds or can grant', async () => {
    const s = await seller({ warehouse: false });
    const info = await t.call('GET', '/api-user/user/userInfo', { token: s.token });
    expect(info.body.datas.isWarehouse).toBe(false);
    const held = (roles: string[]) =>
      routerInfoListFor(roles).find((r) => r.url === '/purchaseAndWarehouse/purchaseManageDetail')
        ?.button;
    expect(held(['BUYER'])).toEqual(['cancel', 'accept']);
    // An operator is offered no seller step (the server refuses them anyway).
    expect(held(['PURCHASER'])).toEqual(['audit', 'ship', 'abnormal']);
    expect(held(['STOREKEEPER'])).toEqual(['receive', 'abnormal']);
    expect(
      routerInfoListFor(['PURCHASER']).find((r) => r.url === '/purchaseAndWarehouse/purchaseManage')
        ?.button,
    ).toEqual([]);
    expect(
      routerInfoListFor(['BUYER']).find((r) => r.url === '/purchaseAndWarehouse/purchaseManage')
        ?.button,
    ).toEqual(['create', 'cancel']);
    // A sub-account whose grant was saved with every button still holds no operator step.
    const everything = [
      { url: '/purchaseAndWarehouse/purchaseManageDetail', buttons: ['audit', 'ship', 'cancel'] },
    ];
    expect(
      routerInfoListFor(['BUYER_SUB'], everything).find(
        (r) => r.url === '/purchaseAndWarehouse/purchaseManageDetail',
      )?.button,
    ).toEqual(['cancel']);
    const grantable = grantableMenus().find(
      (m) => m.url === '/purchaseAndWarehouse/purchaseManageDetail',
    );
    expect(grantable?.buttons).toEqual(['cancel', 'accept']);
  });

  it('shows a sub-account only the purchases of its shops, and an operator every seller’s', async () => {
    const s = await seller();
    const mine = (await post('/order/purchaseorder/create', s.token, request(s))).body.datas;
    const withShop = await makeSubAccount(
      t,
      s.token,
      `po-with-${randomUUID()}@example.com`,
      [s.shops[0]?.id ?? ''],
      grantableMenus(),
    );
    const without = await makeSubAccount(
      t,
      s.token,
      `po-without-${randomUUID()}@example.com`,
      [s.shops[1]?.id ?? ''],
      grantableMenus(),
    );
    const list = (token: string) =>
      t.call('GET', '/order/purchaseorder/list?tab=waitAudit&limit=100', { token });
    expect((await list(without.token)).body.datas.records).toEqual([]);
    expect((await list(without.token)).body.datas.counts.waitAudit).toBe(0);
    expect(
      (
        await t.call('GET', `/order/purchaseorder/detail?purchaseNo=${mine.purchaseNo}`, {
          token: without.token,
        })
      ).body.key,
    ).toBe('RECORD_NOT_FOUND');
    expect(
      (await post('/order/purchaseorder/cancel', without.token, { purchaseNo: mine.purchaseNo }))
        .body.key,
    ).toBe('RECORD_NOT_FOUND');
    expect(
      (await list(withShop.token)).body.datas.records.map(
        (r: { purchaseNo: string }) => r.purchaseNo,
      ),
    ).toEqual([mine.purchaseNo]);
    const other = await seller();
    expect((await list(other.token)).body.datas.records).toEqual([]);
    const all = (await list(purchaser)).body.datas.records.map(
      (r: { purchaseNo: string }) => r.purchaseNo,
    );
    expect(all).toContain(mine.purchaseNo);
    const summary = await t.call('GET', '/order/purchaseorder/status/summary', {
      token: withShop.token,
    });
    expect(summary.body.datas).toMatchObject({ waitAudit: 1, waitShip: 0 });
    expect(
      (await t.call('GET', '/order/purchaseorder/status/summary', { token: without.token })).body
        .datas.waitAudit,
    ).toBe(0);
  });
});

describe('the rules of a request', () => {
  it('answers each broken rule with its own translated message, and keeps nothing', async () => {
    const s = await seller();
    const fails = async (
      overrides: Record<string, unknown>,
      key: string,
      language: 'en' | 'zh' = 'en',
    ) => {
      const res = await t.call('POST', '/order/purchaseorder/create', {
        token: s.token,
        language,
        json: request(s, overrides),
        headers: { 'Idempotency-Key': randomUUID() },
      });
      expect(res.body.key, res.text).toBe(key);
      return res.body.resp_msg as string;
    };
    const link = { sku: 'A', link: '', estimatedPrice: 100, quantity: 1 };
    expect(await fails({ items: [link] }, 'PURCHASE_LINK_MISSING')).toMatch(
      /Missing purchase link/,
    );
    expect(await fails({ items: [link] }, 'PURCHASE_LINK_MISSING', 'zh')).toMatch(/缺少采购链接/);
    expect(await fails({ items: [] }, 'PURCHASE_FIELDS_MISSING')).toMatch(
      /Warehouse, fee or item fields missing: items/,
    );
    expect(await fails({ warehouseId: '' }, 'PURCHASE_FIELDS_MISSING')).toMatch(/warehouse/);
    expect(
      await fails(
        { items: [{ ...link, link: 'https://x.test/1', quantity: 0 }] },
        'VALIDATION_FAILED',
      ),
    ).toMatch(/quantity/);
    expect(
      await fails(
        { items: [{ ...link, link: 'https://x.test/1', estimatedPrice: 0 }] },
        'VALIDATION_FAILED',
      ),
    ).toMatch(/estimatedPrice/);
    expect(
      await fails(
        { fees: { domesticFreight: -1, internationalFreight: 0, serviceFee: 0 } },
        'VALIDATION_FAILED',
      ),
    ).toMatch(/domesticFreight/);
    expect(await fails({ address: { province: 'Bangkok' } }, 'VALIDATION_FAILED')).toMatch(
      /address/,
    );
    expect(await fails({ shopId: randomUUID() }, 'RECORD_NOT_FOUND')).toBeTruthy();
    expect(await fails({ warehouseId: randomUUID() }, 'WAREHOUSE_STATE_INVALID')).toBeTruthy();
    const none = await seller({ warehouse: false });
    const res = await post(
      '/order/purchaseorder/create',
      none.token,
      request(none, { warehouseId: randomUUID() }),
    );
    expect(res.body.key).toBe('WAREHOUSE_NOT_BUY');
    // The console's form sends no warehouse when the seller has none: the store-open dialog's
    // key, not "fields missing".
    const unnamed = await post(
      '/order/purchaseorder/create',
      none.token,
      request(none, { warehouseId: '' }),
    );
    expect(unnamed.body.key).toBe('WAREHOUSE_NOT_BUY');
    const listed = await t.call('GET', '/order/purchaseorder/list?tab=waitAudit', {
      token: s.token,
    });
    expect(listed.body.datas.records).toEqual([]);
    expect(await money(s)).toEqual({ spent: 0, frozen: 0 });
  });

  it('removes a request its wallet cannot freeze, answering the shortfall', async () => {
    const s = await seller();
    const huge = {
      sku: 'BIG',
      link: 'https://detail.1688.com/offer/9.html',
      estimatedPrice: 1_000_000,
      quantity: 2,
    };
    const res = await post('/order/purchaseorder/create', s.token, request(s, { items: [huge] }));
    expect(res.body.key).toBe('WALLET_INSUFFICIENT_BALANCE');
    expect(res.body.datas.shortfall).toBe(2_015_000 - s.startBalance);
    const listed = await t.call('GET', '/order/purchaseorder/list?tab=waitAudit', {
      token: s.token,
    });
    expect(listed.body.datas.counts.waitAudit).toBe(0);
  });

  it('pages a tab by keyset, newest first, and finds by SKU', async () => {
    const s = await seller();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        (await post('/order/purchaseorder/create', s.token, request(s))).body.datas.purchaseNo,
      );
      t.clock.advance(1_000);
    }
    const first = await t.call('GET', '/order/purchaseorder/list?tab=waitAudit&limit=2', {
      token: s.token,
    });
    expect(first.body.datas.records.map((r: { purchaseNo: string }) => r.purchaseNo)).toEqual([
      made[4],
      made[3],
    ]);
    const second = await t.call(
      'GET',
      `/order/purchaseorder/list?tab=waitAudit&limit=2&cursor=${first.body.datas.next}`,
      { token: s.token },
    );
    expect(second.body.datas.records.map((r: { purchaseNo: string }) => r.purchaseNo)).toEqual([
      made[2],
      made[1],
    ]);
    const third = await t.call(
      'GET',
      `/order/purchaseorder/list?tab=waitAudit&limit=2&cursor=${second.body.datas.next}`,
      { token: s.token },
    );
    expect(third.body.datas).toMatchObject({ next: null });
    expect(third.body.datas.records.map((r: { purchaseNo: string }) => r.purchaseNo)).toEqual([
      made[0],
    ]);
    const bySku = await t.call('GET', '/order/purchaseorder/list?tab=waitAudit&keyword=lid-02', {
      token: s.token,
    });
    expect(bySku.body.datas.counts.waitAudit).toBe(5);
    const nothing = await t.call('GET', '/order/purchaseorder/list?tab=waitAudit&keyword=NOPE', {
      token: s.token,
    });
    expect(nothing.body.datas.records).toEqual([]);
  });

  it('filters by warehouse and by shop on the server, every tab count with them', async () => {
    const s = await seller();
    const actor: Actor = {
      userId: s.user.id,
      sessionId: randomUUID(),
      roles: ['BUYER'],
      parentId: null,
      ownerId: s.user.id,
      isMain: true,
      routes: [],
      shopIds: null,
    };
    const second = await openWarehouse(t.deps, actor, {
      site: 'th',
      volume: 2,
      pay: true,
      idempotencyKey: randomUUID(),
      language: 'en',
    });
    const otherWarehouse = second.warehouse?.id ?? '';
    const [shopA, shopB] = [s.shops[0]?.id ?? '', s.shops[1]?.id ?? ''];
    const made: Record<string, string> = {};
    for (const [name, shopId, warehouseId] of [
      ['aFirst', shopA, s.warehouseId],
      ['bFirst', shopB, s.warehouseId],
      ['aSecond', shopA, otherWarehouse],
    ] as const) {
      const res = await post(
        '/order/purchaseorder/create',
        s.token,
        request(s, { shopId, warehouseId }),
      );
      expect(res.body.resp_code, res.text).toBe(0);
      made[name] = res.body.datas.purchaseNo;
      t.clock.advance(1_000);
    }
    // One of them approved: the counts of another tab follow the filters too.
    await post('/order/purchaseorder/audit/approve', purchaser, { purchaseNo: made.aSecond });
    const list = async (filters: Record<string, string>, tab = 'waitAudit') => {
      const res = await t.call(
        'GET',
        `/order/purchaseorder/list?${new URLSearchParams({ tab, limit: '100', ...filters })}`,
        { token: s.token },
      );
      expect(res.body.resp_code, res.text).toBe(0);
      return {
        nos: res.body.datas.records.map((r: { purchaseNo: string }) => r.purchaseNo),
        counts: res.body.datas.counts,
      };
    };
    expect((await list({ warehouseId: s.warehouseId })).nos).toEqual([made.bFirst, made.aFirst]);
    const byOther = await list({ warehouseId: otherWarehouse }, 'waitShip');
    expect(byOther.nos).toEqual([made.aSecond]);
    expect(byOther.counts).toMatchObject({ waitAudit: 0, waitShip: 1 });
    const byShop = await list({ shopId: shopA });
    expect(byShop.nos).toEqual([made.aFirst]);
    expect(byShop.counts).toMatchObject({ waitAudit: 1, waitShip: 1 });
    expect((await list({ shopId: shopB, warehouseId: otherWarehouse })).counts).toMatchObject({
      waitAudit: 0,
      waitShip: 0,
    });
    expect((await list({ shopId: shopB, warehouseId: s.warehouseId })).nos).toEqual([made.bFirst]);
    // Another seller's shop or warehouse, or no id at all, finds nothing of this seller's.
    const other = await seller();
    expect((await list({ shopId: other.shops[0]?.id ?? '' })).counts.waitAudit).toBe(0);
    expect((await list({ warehouseId: other.warehouseId })).counts.waitAudit).toBe(0);
    expect((await list({ warehouseId: 'not-an-id' })).nos).toEqual([]);
  });
});

describe('attachments', () => {
  const upload = (
    token: string,
    bytes: Uint8Array,
    name = 'invoice.pdf',
    type = 'application/pdf',
  ) => {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
    return t.call('POST', '/order/purchaseorder/attachment', { token, body: form });
  };
  const pdf = (size: number) => {
    const bytes = new Uint8Array(size).fill(0x20);
    bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
    return bytes;
  };

  it('takes a PDF of at most 2 MB, read from its bytes, and refuses the rest', async () => {
    const s = await seller();
    const ok = await upload(s.token, pdf(2 * 1024 * 1024));
    expect(ok.body.datas, ok.text).toMatchObject({ name: 'invoice.pdf', size: 2 * 1024 * 1024 });
    expect((await upload(s.token, pdf(2 * 1024 * 1024 + 1))).body.key).toBe('FILE_TOO_LARGE');
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
    const disguised = await upload(s.token, png, 'invoice.pdf', 'application/pdf');
    expect(disguised.body.key).toBe('FILE_TYPE_UNSUPPORTED');
    expect(disguised.body.resp_msg).toMatch(/PDF/);
    const created = await post(
      '/order/purchaseorder/create',
      s.token,
      request(s, { attachments: [{ id: ok.body.datas.id, name: 'invoice.pdf' }] }),
    );
    expect(created.body.datas.attachments).toEqual([
      {
        id: ok.body.datas.id,
        name: 'invoice.pdf',
        size: 2 * 1024 * 1024,
        url: `/files/${ok.body.datas.id}`,
      },
    ]);
    const other = await seller();
    const theirs = await post(
      '/order/purchaseorder/create',
      other.token,
      request(other, { attachments: [{ id: ok.body.datas.id, name: 'x.pdf' }] }),
    );
    expect(theirs.body.key).toBe('PURCHASE_ATTACHMENT_INVALID');
  });

  it('serves an attachment to its seller’s accounts and the purchase’s operators, 404 to anyone else', async () => {
    const s = await seller();
    const other = await seller({ warehouse: false });
    const attached = await upload(s.token, pdf(1000));
    const created = await post(
      '/order/purchaseorder/create',
      s.token,
      request(s, { attachments: [{ id: attached.body.datas.id, name: 'invoice.pdf' }] }),
    );
    expect(created.body.resp_code, created.text).toBe(0);
    const fetchFile = (id: string, token: string) =>
      t.app.request(`/files/${id}`, {
        headers: {
          [HEADERS.authorization]: basicClientAuth(API_CLIENTS.console),
          [HEADERS.token]: token,
        },
      });
    for (const token of [s.token, purchaser, storekeeper]) {
      const served = await fetchFile(attached.body.datas.id, token);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('application/pdf');
      expect((await served.arrayBuffer()).byteLength).toBe(1000);
    }
    expect((await fetchFile(attached.body.datas.id, other.token)).status).toBe(404);
    // A PDF no purchase holds is its uploader's alone.
    const loose = await upload(s.token, pdf(1000));
    expect((await fetchFile(loose.body.datas.id, s.token)).status).toBe(200);
    expect((await fetchFile(loose.body.datas.id, purchaser)).status).toBe(404);
    // Its uploader gone (a deleted sub-account), the attachment is still its purchase's seller's.
    await t.db.update(files).set({ ownerId: null }).where(eq(files.id, attached.body.datas.id));
    expect((await fetchFile(attached.body.datas.id, s.token)).status).toBe(200);
    expect((await fetchFile(attached.body.datas.id, purchaser)).status).toBe(200);
    expect((await fetchFile(attached.body.datas.id, other.token)).status).toBe(404);
  });
});
