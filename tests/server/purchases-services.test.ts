import { randomUUID } from 'node:crypto';
import {
  ledgerEntries,
  purchases,
  serviceOrders,
  walletFreezes,
  wallets,
} from '@server/db/schema/index';
import { createAccount } from '@server/modules/accounts/accounts.service';
import { verifyLedger } from '@server/modules/wallet/ledger-verify';
import { recharge, withdraw } from '@server/modules/wallet/wallet.service';
import { grantableMenus } from '@shared/permissions';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeSeller, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { readLocale } from '../support/locales';
import { insertWaitingOrder } from '../support/platform-orders';

/**
 * A crossSale service order made by processing a platform order opens its crossSale purchase
 * request, which takes over the service order's freeze: one freeze, released once whoever
 * withdraws first (the service's cancel or abort cancels the request with it, or is refused once
 * the request is bought), settled once by the service's completion, which waits for the goods'
 * arrival and takes the purchaser's actual costs.
 */

let t: TestApp;
let purchaser: string;
let storekeeper: string;
let serviceOperator: string;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-10T03:00:00.000Z'));
  purchaser = await operator('PURCHASER');
  storekeeper = await operator('STOREKEEPER');
  serviceOperator = await operator('SERVICE_OPERATOR');
});
afterAll(() => t.close());

async function operator(role: string) {
  const email = `${role.toLowerCase()}-${randomUUID()}@example.com`;
  await createAccount(t, null, { email, password: 'Operator-pass1', name: role, role, site: 'th' });
  return login(t, email, 'Operator-pass1');
}

const post = (path: string, token: string, json: unknown) =>
  t.call('POST', path, { token, json, headers: { 'Idempotency-Key': randomUUID() } });
const get = (path: string, token: string) => t.call('GET', path, { token });

/** A Thai seller with two shops and 10,000 THB, and one waiting Lazada order with a purchase link. */
async function sellerWithOrder() {
  const s = await makeSeller(t, `psv-${randomUUID()}@example.com`, ['Shop A', 'Shop B']);
  await recharge({ db: t.db, clock: t.clock }, null, {
    ownerId: s.user.id,
    currency: 'THB',
    amount: 1_000_000,
    reference: { type: 'recharge', id: randomUUID() },
    idempotencyKey: randomUUID(),
  });
  const shop = s.shops[0];
  if (!shop) throw new Error('no shop');
  const orderNo = `O${randomUUID().slice(0, 13)}`;
  const orderId = await insertWaitingOrder(t, shop, s.user.id, { externalId: orderNo });
  const link = await post('/order/order/purchaseLink', s.token, {
    orderId,
    orderItemId: 'i1',
    url: 'https://detail.1688.com/offer/610000000001.html',
    price: 5_000,
  });
  expect(link.body.resp_code, link.text).toBe(0);
  return { ...s, shop, orderId, orderNo };
}
type Seller = Awaited<ReturnType<typeof sellerWithOrder>>;

async function money(s: Seller) {
  const [row] = await t.db
    .select({ available: wallets.available, frozen: wallets.frozen })
    .from(wallets)
    .where(and(eq(wallets.ownerId, s.user.id), eq(wallets.currency, 'THB')));
  expect((await verifyLedger(t, null)).violations).toEqual([]);
  return { available: row?.available ?? 0, frozen: row?.frozen ?? 0 };
}

/** Processes the order as one crossSale service order; answers the service and its purchase. */
async function processed(s: Seller, key = randomUUID()) {
  const res = await post('/order/order/dealOrder', s.token, {
    orderId: s.orderId,
    items: [{ orderItemId: 'i1', type: 'crossSale' }],
    idempotencyKey: key,
  });
  expect(res.body.resp_code, res.text).toBe(0);
  const service = res.body.datas.serviceOrders[0];
  const rows = await t.db
    .select()
    .from(purchases)
    .where(and(eq(purchases.ownerId, s.user.id), eq(purchases.serviceNo, service.serviceNo)));
  expect(rows).toHaveLength(1);
  return { service, purchaseNo: rows[0]?.purchaseNo ?? '', result: res.body.datas };
}

/** Every ledger entry of the service's freeze and of the purchase's own references. */
async function entries(serviceNo: string, purchaseNo: string) {
  return t.db
    .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.referenceId, [serviceNo, purchaseNo]))
    .orderBy(ledgerEntries.createdAt, ledgerEntries.sequence);
}

const STEPS = [
  'purchaseReview',
  'purchaseDelivery',
  'domesticWarehouseIn',
  'domesticWarehouseOut',
  'overseasWarehouseIn',
  'overseasWarehouseOut',
];

describe('a crossSale service order opens its purchase', () => {
  it('opens exactly one crossSale purchase, even when the processing is repeated, with no second freeze', async () => {
    const s = await sellerWithOrder();
    const start = await money(s);
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => processed(s, key)));
    const { service, purchaseNo, result } = answers[0] ?? (await processed(s, key));
    expect(new Set(answers.map((a) => a.purchaseNo)).size).toBe(1);
    const again = await post('/order/order/dealOrder', s.token, {
      orderId: s.orderId,
      items: [{ orderItemId: 'i1', type: 'crossSale' }],
      idempotencyKey: randomUUID(),
    });
    expect(again.body.key).toBe('ORDER_ALREADY_PROCESSED');
    expect(
      await t.db
        .select({ no: purchases.purchaseNo })
        .from(purchases)
        .where(eq(purchases.ownerId, s.user.id)),
    ).toEqual([{ no: purchaseNo }]);

    // One freeze, the service order's: the wallet holds its estimate once.
    const freezes = await t.db
      .select({ type: walletFreezes.referenceType, amount: walletFreezes.amount })
      .from(walletFreezes)
      .where(eq(walletFreezes.ownerId, s.user.id));
    expect(freezes).toEqual([{ type: 'service', amount: result.frozen }]);
    expect(await money(s)).toEqual({
      available: start.available - result.frozen,
      frozen: start.frozen + result.frozen,
    });

    const detail = await get(`/order/purchaseorder/detail?purchaseNo=${purchaseNo}`, s.token);
    expect(detail.body.resp_code, detail.text).toBe(0);
    const fees = service.fees;
    expect(detail.body.datas).toMatchObject({
      type: 'crossSale',
      status: 'waitAudit',
      serviceNo: service.serviceNo,
      platformNo: s.orderNo,
      fundedByService: true,
      shopId: s.shop.id,
      warehouseId: null,
      estimatedFees: {
        purchaseFee: fees.purchase,
        domesticFreight: fees.domesticFreight,
        internationalFreight: fees.internationalFreight,
        serviceFee: fees.service + fees.consumables,
      },
      estimatedTotal: service.estimate,
      frozen: result.frozen,
      address: { consigneeName: 'Somchai', mobile: '0812345678' },
      items: [
        {
          sku: 'RICE-1',
          link: 'https://detail.1688.com/offer/610000000001.html',
          quantity: 2,
        },
      ],
    });
    // The list finds it by the platform order's number.
    const listed = await get(
      `/order/purchaseorder/list?tab=waitAudit&keyword=${s.orderNo}`,
      s.token,
    );
    expect(listed.body.datas.records.map((r: { purchaseNo: string }) => r.purchaseNo)).toEqual([
      purchaseNo,
    ]);
  });

  it('another seller, and a sub-account without the shop, cannot see it; one with the shop can', async () => {
    const s = await sellerWithOrder();
    const { purchaseNo } = await processed(s);
    const stranger = await makeSeller(t, `psv-other-${randomUUID()}@example.com`, ['Other']);
    for (const token of [stranger.token]) {
      expect(
        (await get(`/order/purchaseorder/detail?purchaseNo=${purchaseNo}`, token)).body.key,
      ).toBe('RECORD_NOT_FOUND');
      const list = await get(
        `/order/purchaseorder/list?tab=waitAudit&keyword=${purchaseNo}`,
        token,
      );
      expect(list.body.datas.records).toEqual([]);
      expect((await post('/order/purchaseorder/cancel', token, { purchaseNo })).body.key).toBe(
        'RECORD_NOT_FOUND',
      );
    }
    const grants = grantableMenus();
    const without = await makeSubAccount(
      t,
      s.token,
      `psv-sub-${randomUUID()}@example.com`,
      [s.shops[1]?.id ?? ''],
      grants,
    );
    expect(
      (await get(`/order/purchaseorder/detail?purchaseNo=${purchaseNo}`, without.token)).body.key,
    ).toBe('RECORD_NOT_FOUND');
    const withShop = await makeSubAccount(
      t,
      s.token,
      `psv-sub2-${randomUUID()}@example.com`,
      [s.shop.id],
      grants,
    );
    const seen = await get(`/order/purchaseorder/detail?purchaseNo=${purchaseNo}`, withShop.token);
    expect(seen.body.datas?.purchaseNo, seen.text).toBe(purchaseNo);
  });

  it('settles once: the purchase arrives without moving money, the service completion deducts once', async () => {
    const s = await sellerWithOrder();
    const start = await money(s);
    const { service, purchaseNo, result } = await processed(s);
    expect(
      (await post('/order/purchaseorder/audit/approve', purchaser, { purchaseNo })).body.resp_code,
    ).toBe(0);
    const shipped = await post('/order/purchaseorder/ship', purchaser, {
      purchaseNo,
      tracking: 'SF100',
      actualPrices: [4_000],
      actualFees: { domesticFreight: 0, internationalFreight: 0, serviceFee: 0 },
    });
    expect(shipped.body.datas?.status, shipped.text).toBe('shipping');
    const received = await post('/order/purchaseorder/receive', storekeeper, { purchaseNo });
    expect(received.body.datas?.status, received.text).toBe('complete');
    // Nothing settled yet: the service's freeze stands, shown on the purchase.
    expect(await money(s)).toEqual({
      available: start.available - result.frozen,
      frozen: start.frozen + result.frozen,
    });
    expect(received.body.datas.frozen).toBe(result.frozen);

    for (const step of STEPS) {
      const moved = await post('/order/service/operate/move', serviceOperator, {
        serviceNo: service.serviceNo,
        step,
      });
      expect(moved.body.resp_code, moved.text).toBe(0);
    }
    // The form's goods and freight give way to the purchaser's actual costs (8,000 of goods, no
    // freight); the service operator's own fees are taken as entered (100 less service fee).
    const entered = {
      ...service.fees,
      purchase: service.fees.purchase - 100,
      service: service.fees.service - 100,
    };
    const actualFees = {
      ...entered,
      purchase: 2 * 4_000,
      domesticFreight: 0,
      internationalFreight: 0,
    };
    const actual = Object.values(actualFees as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(actual).toBeLessThan(service.estimate);
    for (let round = 0; round < 2; round++) {
      const done = await post('/order/service/operate/complete', serviceOperator, {
        serviceNo: service.serviceNo,
        actualFees: entered,
      });
      expect(done.body.resp_code, done.text).toBe(0);
      expect(done.body.datas).toMatchObject({
        status: 'completed',
        actualFees,
        amounts: { actual, charged: actual, released: result.frozen - actual },
      });
    }
    expect(await money(s)).toEqual({ available: start.available - actual, frozen: start.frozen });
    expect(await entries(service.serviceNo, purchaseNo)).toEqual([
      { kind: 'freeze', amount: result.frozen },
      { kind: 'deduct', amount: actual },
      { kind: 'release', amount: result.frozen - actual },
    ]);
    const after = await get(`/order/purchaseorder/detail?purchaseNo=${purchaseNo}`, s.token);
    expect(after.body.datas).toMatchObject({ status: 'complete', frozen: 0 });
    // A settled service's purchase is not undone.
    expect(
      (await post('/order/purchaseorder/fail', storekeeper, { purchaseNo, reason: 'x' })).body.key,
    ).toBe('PURCHASE_STATUS_INVALID');
  });

  it('an overrun the seller accepts is frozen apart and settled with the service on the actual costs, exactly once', async () => {
    const s = await sellerWithOrder();
    const start = await money(s);
    const { service, purchaseNo, result } = await processed(s);
    await post('/order/purchaseorder/audit/approve', purchaser, { purchaseNo });
    const over = await post('/order/purchaseorder/ship', purchaser, {
      purchaseNo,
      tracking: 'SF101',
      actualPrices: [service.items[0].purchasePrice * 10],
      actualFees: { domesticFreight: 0, internationalFreight: 0, serviceFee: 0 },
    });
    expect(over.body.datas?.status, over.text).toBe('beWait');
    const extra = over.body.datas.actualTotal - service.estimate;
    expect(extra).toBeGreaterThan(0);
    const accepted = await post('/order/purchaseorder/accept', s.token, { purchaseNo });
    expect(accepted.body.datas?.status, accepted.text).toBe('shipping');
    expect(await money(s)).toEqual({
      available: start.available - result.frozen - extra,
      frozen: start.frozen + result.frozen + extra,
    });
    // The arrival moves no money: both freezes wait for the service's completion.
    for (let round = 0; round < 2; round++)
      await post('/order/purchaseorder/receive', storekeeper, { purchaseNo });
    expect(await money(s)).toEqual({
      available: start.available - result.frozen - extra,
      frozen: start.frozen + result.frozen + extra,
    });
    for (const step of STEPS)
      await post('/order/service/operate/move', serviceOperator, {
        serviceNo: service.serviceNo,
        step,
      });
    // The service's own fees 50 below their estimate: the actual is the estimate plus the overrun
    // less those 50, taken from the two freezes, the 50 released.
    const entered = { ...service.fees, consumables: service.fees.consumables - 50 };
    for (let round = 0; round < 2; round++) {
      const done = await post('/order/service/operate/complete', serviceOperator, {
        serviceNo: service.serviceNo,
        actualFees: entered,
      });
      expect(done.body.resp_code, done.text).toBe(0);
      expect(done.body.datas.amounts).toMatchObject({
        actual: service.estimate + extra - 50,
        charged: service.estimate + extra - 50,
        released: 50,
      });
    }
    expect(await money(s)).toEqual({
      available: start.available - service.estimate - extra + 50,
      frozen: start.frozen,
    });
    expect(await entries(service.serviceNo, purchaseNo)).toEqual([
      { kind: 'freeze', amount: result.frozen },
      { kind: 'freeze', amount: extra },
      { kind: 'deduct', amount: extra - 50 },
      { kind: 'release', amount: 50 },
      { kind: 'deduct', amount: result.frozen },
    ]);
    const after = await get(`/order/purchaseorder/detail?purchaseNo=${purchaseNo}`, s.token);
    expect(after.body.datas).toMatchObject({ status: 'complete', frozen: 0 });
  });

  it('cancel releases once, whoever withdraws first: the purchase, then the service', async () => {
    const s = await sellerWithOrder();
    const start = await money(s);
    const { service, purchaseNo } = await processed(s);
    for (let round = 0; round < 2; round++) {
      const cancelled = await post('/order/purchaseorder/cancel', s.token, { purchaseNo });
      expect(cancelled.body.datas?.status ?? cancelled.body.key, cancelled.text).toBe(
        round === 0 ? 'cancel' : 'PURCHASE_STATUS_INVALID',
      );
    }
    expect(await money(s)).toEqual(start);
    // The service withdrawn afterwards replays the same release: nothing moves again.
    const withdrawn = await post('/order/service/progress/cancel', s.token, {
      serviceNo: service.serviceNo,
    });
    expect(withdrawn.body.resp_code, withdrawn.text).toBe(0);
    expect(await money(s)).toEqual(start);
    const kinds = (await entries(service.serviceNo, purchaseNo)).map((e) => e.kind);
    expect(kinds).toEqual(['freeze', 'release']);
  });

  it('cancel releases once the other way: the service withdrawn by the operator, then the purchase', async () => {
    const s = await sellerWithOrder();
    const start = await money(s);
    const { service, purchaseNo } = await processed(s);
    const aborted = await post('/order/service/operate/abort', serviceOperator, {
      serviceNo: service.serviceNo,
      reason: 'Out of stock at the supplier',
    });
    expect(aborted.body.resp_code, aborted.text).toBe(0);
    expect(await money(s)).toEqual(start);
    // Its purchase was cancelled with it, by the operator, in the same transaction.
    const closed = await get(`/order/purchaseorder/detail?purchaseNo=${purchaseNo}`, s.token);
    expect(closed.body.datas).toMatchObject({ status: 'cancel', frozen: 0 });
    expect(closed.body.datas.canceller?.name).toBe('SERVICE_OPERATOR');
    // It can no longer go on nor be closed again; nothing moves.
    expect(
      (await post('/order/purchaseorder/audit/approve', purchaser, { purchaseNo })).body.key,
    ).toBe('PURCHASE_STATUS_INVALID');
    const rejected = await post('/order/purchaseorder/audit/reject', purchaser, {
      purchaseNo,
      reason: 'Service aborted',
    });
    expect(rejected.body.key, rejected.text).toBe('PURCHASE_STATUS_INVALID');
    const again = await post('/order/service/operate/abort', serviceOperator, {
      serviceNo: service.serviceNo,
      reason: 'Again',
    });
    expect(again.body.datas?.status, again.text).toBe('aborted');
    expect(await money(s)).toEqual(start);
    expect((await entries(service.serviceNo, purchaseNo)).map((e) => e.kind)).toEqual([
      'freeze',
      'release',
    ]);
  });

  it('withdrawing the service from the order cancels its purchase; a bought purchase stops the withdrawal', async () => {
    const s = await sellerWithOrder();
    const start = await money(s);
    const { service, purchaseNo } = await processed(s);
    const withdrawn = await post('/order/order/cancelService', s.token, {
      orderId: s.orderId,
      serviceNo: service.serviceNo,
    });
    expect(withdrawn.body.resp_code, withdrawn.text).toBe(0);
    const detail = await get(`/order/purchaseorder/detail?purchaseNo=${purchaseNo}`, s.token);
    expect(detail.body.datas).toMatchObject({ status: 'cancel', frozen: 0 });
    expect(await money(s)).toEqual(start);
    expect((await entries(service.serviceNo, purchaseNo)).map((e) => e.kind)).toEqual([
      'freeze',
      'release',
    ]);

    const other = await sellerWithOrder();
    const otherStart = await money(other);
    const bought = await processed(other);
    await post('/order/purchaseorder/audit/approve', purchaser, { purchaseNo: bought.purchaseNo });
    await post('/order/purchaseorder/ship', purchaser, {
      purchaseNo: bought.purchaseNo,
      tracking: 'SF102',
      actualPrices: [1_000],
      actualFees: { domesticFreight: 0, internationalFreight: 0, serviceFee: 0 },
    });
    const refused = await post('/order/order/cancelService', other.token, {
      orderId: other.orderId,
      serviceNo: bought.service.serviceNo,
    });
    expect(refused.body.key).toBe('PURCHASE_STATUS_INVALID');
    expect(await money(other)).toEqual({
      available: otherStart.available - bought.result.frozen,
      frozen: otherStart.frozen + bought.result.frozen,
    });
  });
});

/** The service order, its purchase, the wallet's freezes and its ledger, as the database holds them. */
async function snapshot(s: Seller, serviceNo: string, purchaseNo: string) {
  return {
    money: await money(s),
    service: await t.db.select().from(serviceOrders).where(eq(serviceOrders.serviceNo, serviceNo)),
    purchase: await t.db.select().from(purchases).where(eq(purchases.purchaseNo, purchaseNo)),
    freezes: await t.db
      .select({ state: walletFreezes.state, remaining: walletFreezes.remaining })
      .from(walletFreezes)
      .where(eq(walletFreezes.ownerId, s.user.id)),
    entries: await entries(serviceNo, purchaseNo),
  };
}

const errorText = (language: 'zh' | 'th' | 'en', key: string, params: Record<string, string>) =>
  Object.entries(params).reduce(
    (text, [name, value]) => text.replace(`{{${name}}}`, value),
    readLocale(language, 'errors')[key] as string,
  );

describe('the services screens withdraw, wait for and settle the purchase a service funds', () => {
  it('a seller cancelling the service cancels its purchase in the same step: released once, however often', async () => {
    const s = await sellerWithOrder();
    const start = await money(s);
    const { service, purchaseNo } = await processed(s);
    await post('/order/purchaseorder/audit/approve', purchaser, { purchaseNo });
    const cancels = await Promise.all(
      [1, 2].map(() =>
        post('/order/service/progress/cancel', s.token, { serviceNo: service.serviceNo }),
      ),
    );
    for (const res of cancels) expect(res.body.datas?.status, res.text).toBe('cancelled');
    const again = await post('/order/service/progress/cancel', s.token, {
      serviceNo: service.serviceNo,
    });
    expect(again.body.datas?.status, again.text).toBe('cancelled');
    expect(await money(s)).toEqual(start);
    const purchase = await get(`/order/purchaseorder/detail?purchaseNo=${purchaseNo}`, s.token);
    expect(purchase.body.datas).toMatchObject({ status: 'cancel', frozen: 0 });
    expect(purchase.body.datas.canceller?.at).toBeTruthy();
    expect(await entries(service.serviceNo, purchaseNo)).toEqual([
      { kind: 'freeze', amount: service.frozen },
      { kind: 'release', amount: service.frozen },
    ]);
    // The purchase's own cancel, afterwards, moves nothing more.
    expect((await post('/order/purchaseorder/cancel', s.token, { purchaseNo })).body.key).toBe(
      'PURCHASE_STATUS_INVALID',
    );
    expect(await money(s)).toEqual(start);
    const detail = await get(
      `/order/service/progress/detail?serviceNo=${service.serviceNo}`,
      s.token,
    );
    expect(detail.body.datas).toMatchObject({
      status: 'cancelled',
      cancellable: false,
      purchase: { purchaseNo, status: 'cancel', arrived: false },
      amounts: { released: service.frozen },
    });
  });

  it('once the purchase is bought, cancelling or aborting the service is refused in zh, th and en, and nothing changes', async () => {
    const s = await sellerWithOrder();
    const { service, purchaseNo } = await processed(s);
    await post('/order/purchaseorder/audit/approve', purchaser, { purchaseNo });
    const shipped = await post('/order/purchaseorder/ship', purchaser, {
      purchaseNo,
      tracking: 'SF200',
      actualPrices: [4_000],
      actualFees: { domesticFreight: 0, internationalFreight: 0, serviceFee: 0 },
    });
    expect(shipped.body.datas?.status, shipped.text).toBe('shipping');
    // The seller sees no cancel any more, and why.
    const seen = await get(
      `/order/service/progress/detail?serviceNo=${service.serviceNo}`,
      s.token,
    );
    expect(seen.body.datas).toMatchObject({
      cancellable: false,
      purchase: { purchaseNo, status: 'shipping', arrived: false, withdrawable: false },
    });
    const before = await snapshot(s, service.serviceNo, purchaseNo);
    for (const language of ['zh', 'th', 'en'] as const) {
      const cancel = await t.call('POST', '/order/service/progress/cancel', {
        token: s.token,
        language,
        json: { serviceNo: service.serviceNo },
      });
      expect(cancel.body.key, cancel.text).toBe('SERVICE_PURCHASE_SHIPPED');
      expect(cancel.body.resp_msg).toBe(
        errorText(language, 'SERVICE_PURCHASE_SHIPPED', { purchaseNo }),
      );
      const abort = await t.call('POST', '/order/service/operate/abort', {
        token: serviceOperator,
        language,
        json: { serviceNo: service.serviceNo, reason: 'Customer changed mind' },
      });
      expect(abort.body.key, abort.text).toBe('SERVICE_PURCHASE_SHIPPED');
      expect(abort.body.resp_msg).toBe(
        errorText(language, 'SERVICE_PURCHASE_SHIPPED', { purchaseNo }),
      );
    }
    expect(await snapshot(s, service.serviceNo, purchaseNo)).toEqual(before);
    // Arrived, it still refuses.
    await post('/order/purchaseorder/receive', storekeeper, { purchaseNo });
    const arrived = await snapshot(s, service.serviceNo, purchaseNo);
    const late = await post('/order/service/operate/abort', serviceOperator, {
      serviceNo: service.serviceNo,
      reason: 'Too late',
    });
    expect(late.body.key).toBe('SERVICE_PURCHASE_SHIPPED');
    expect(await snapshot(s, service.serviceNo, purchaseNo)).toEqual(arrived);
  });

  it('the arrival step and the completion wait for the goods: refused until the storekeeper receives them', async () => {
    const s = await sellerWithOrder();
    const { service, purchaseNo } = await processed(s);
    const move = (step: string, language: 'zh' | 'th' | 'en' = 'en') =>
      t.call('POST', '/order/service/operate/move', {
        token: serviceOperator,
        language,
        json: { serviceNo: service.serviceNo, step },
      });
    for (const step of ['purchaseReview', 'purchaseDelivery'])
      expect((await move(step)).body.resp_code).toBe(0);
    for (const language of ['zh', 'th', 'en'] as const) {
      const early = await move('domesticWarehouseIn', language);
      expect(early.body.key, early.text).toBe('SERVICE_PURCHASE_NOT_ARRIVED');
      expect(early.body.resp_msg).toBe(
        errorText(language, 'SERVICE_PURCHASE_NOT_ARRIVED', { purchaseNo }),
      );
    }
    await post('/order/purchaseorder/audit/approve', purchaser, { purchaseNo });
    await post('/order/purchaseorder/ship', purchaser, {
      purchaseNo,
      tracking: 'SF201',
      actualPrices: [4_000],
      actualFees: { domesticFreight: 500, internationalFreight: 0, serviceFee: 0 },
    });
    expect((await move('domesticWarehouseIn')).body.datas).toMatchObject({
      purchaseNo,
      status: 'shipping',
    });
    let detail = await get(
      `/order/service/progress/detail?serviceNo=${service.serviceNo}`,
      s.token,
    );
    expect(detail.body.datas).toMatchObject({
      nextStep: 'domesticWarehouseIn',
      purchase: { status: 'shipping', arrived: false },
    });
    expect(
      (await post('/order/purchaseorder/receive', storekeeper, { purchaseNo })).body.datas?.status,
    ).toBe('complete');
    for (const step of STEPS.slice(2)) expect((await move(step)).body.resp_code).toBe(0);
    detail = await get(`/order/service/progress/detail?serviceNo=${service.serviceNo}`, s.token);
    expect(detail.body.datas).toMatchObject({
      nextStep: null,
      purchase: { status: 'complete', arrived: true },
    });
    const done = await post('/order/service/operate/complete', serviceOperator, {
      serviceNo: service.serviceNo,
      actualFees: service.fees,
    });
    expect(done.body.datas?.actualFees, done.text).toEqual({
      ...service.fees,
      purchase: 8_000,
      domesticFreight: 500,
      internationalFreight: 0,
    });
  });

  it('an increase the wallet cannot cover is refused in zh, th and en with nothing moved; covered, it settles exactly', async () => {
    const s = await sellerWithOrder();
    const { service, purchaseNo, result } = await processed(s);
    await post('/order/purchaseorder/audit/approve', purchaser, { purchaseNo });
    const over = await post('/order/purchaseorder/ship', purchaser, {
      purchaseNo,
      tracking: 'SF202',
      actualPrices: [service.items[0].purchasePrice * 10],
      actualFees: { domesticFreight: 1_000, internationalFreight: 2_000, serviceFee: 99_999 },
    });
    expect(over.body.datas?.status, over.text).toBe('beWait');
    // The purchaser's service fee gives way to the service's own: the overrun is the goods' and freight's.
    expect(over.body.datas.actualFees.serviceFee).toBe(
      service.fees.service + service.fees.consumables,
    );
    const extra = over.body.datas.actualTotal - service.estimate;
    expect(extra).toBe(
      service.items[0].purchasePrice * 10 * 2 +
        3_000 -
        service.fees.purchase -
        service.fees.domesticFreight -
        service.fees.internationalFreight,
    );
    // The wallet keeps 1 less than the overrun.
    const spare = (await money(s)).available - (extra - 1);
    await withdraw({ db: t.db, clock: t.clock }, null, {
      ownerId: s.user.id,
      currency: 'THB',
      amount: spare,
      reference: { type: 'withdraw', id: randomUUID() },
      idempotencyKey: randomUUID(),
    });
    const before = await snapshot(s, service.serviceNo, purchaseNo);
    for (const language of ['zh', 'th', 'en'] as const) {
      const refused = await t.call('POST', '/order/purchaseorder/accept', {
        token: s.token,
        language,
        json: { purchaseNo },
      });
      expect(refused.body.resp_code, refused.text).toBe(-10);
      expect(refused.body.resp_msg).toBe(
        readLocale(language, 'errors').WALLET_INSUFFICIENT_BALANCE,
      );
      expect(refused.body.datas).toMatchObject({ shortfall: 1, currency: 'THB' });
    }
    expect(await snapshot(s, service.serviceNo, purchaseNo)).toEqual(before);

    // Recharged, the seller accepts; the service completes on the purchaser's costs, exactly.
    await recharge({ db: t.db, clock: t.clock }, null, {
      ownerId: s.user.id,
      currency: 'THB',
      amount: 1,
      reference: { type: 'recharge', id: randomUUID() },
      idempotencyKey: randomUUID(),
    });
    const accepted = await post('/order/purchaseorder/accept', s.token, { purchaseNo });
    expect(accepted.body.datas?.status, accepted.text).toBe('shipping');
    expect(await money(s)).toEqual({
      available: 0,
      frozen: before.money.frozen + extra,
    });
    await post('/order/purchaseorder/receive', storekeeper, { purchaseNo });
    for (const step of STEPS)
      await post('/order/service/operate/move', serviceOperator, {
        serviceNo: service.serviceNo,
        step,
      });
    const done = await post('/order/service/operate/complete', serviceOperator, {
      serviceNo: service.serviceNo,
      actualFees: service.fees,
    });
    expect(done.body.datas?.amounts, done.text).toMatchObject({
      actual: service.estimate + extra,
      charged: service.estimate + extra,
      released: 0,
    });
    expect(await money(s)).toEqual({ available: 0, frozen: before.money.frozen - result.frozen });
    expect((await entries(service.serviceNo, purchaseNo)).map((e) => e.kind)).toEqual([
      'freeze',
      'freeze',
      'deduct',
      'deduct',
    ]);
  });
});
