import { randomUUID } from 'node:crypto';
import {
  coupons,
  ledgerEntries,
  messages,
  orderReturns,
  platformOrders,
  serviceOrders,
  walletFreezes,
  wallets,
} from '@server/db/schema/index';
import { createAccount } from '@server/modules/accounts/accounts.service';
import { grantCoupon } from '@server/modules/coupons/coupons.service';
import { verifyLedger } from '@server/modules/wallet/ledger-verify';
import { recharge } from '@server/modules/wallet/wallet.service';
import type { CouponScope } from '@shared/contracts/coupons';
import { LANGUAGES } from '@shared/contracts/languages';
import { API_CLIENTS, basicClientAuth, HEADERS } from '@shared/contracts/protocol';
import { type PricedItem, servicePriceIn } from '@shared/contracts/service-prices';
import type { ServiceLine } from '@shared/contracts/services';
import { XLSX_MEDIA_TYPE } from '@shared/contracts/wallet';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeSeller, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { fillWords, readLocale } from '../support/locales';
import { jpeg } from '../support/media-files';

let t: TestApp;
let operatorA: string;
let operatorB: string;
let purchaser: string;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-10T03:00:00.000Z'));
  operatorA = await operator('SERVICE_OPERATOR');
  operatorB = await operator('SERVICE_OPERATOR');
  purchaser = await operator('PURCHASER');
});
afterAll(() => t.close());

async function operator(role: string) {
  const email = `${role.toLowerCase()}-${randomUUID()}@example.com`;
  await createAccount(t, null, { email, password: 'Operator-pass1', name: role, role, site: 'th' });
  return login(t, email, 'Operator-pass1');
}

/** A Thai seller (a THB wallet) with two shops and `balance` satang available. */
async function seller(balance = 1_000_000) {
  const made = await makeSeller(t, `sv-${randomUUID()}@example.com`, ['Shop A', 'Shop B']);
  if (balance > 0)
    await recharge({ db: t.db, clock: t.clock }, null, {
      ownerId: made.user.id,
      currency: 'THB',
      amount: balance,
      reference: { type: 'recharge', id: randomUUID() },
      idempotencyKey: randomUUID(),
    });
  return made;
}
type Seller = Awaited<ReturnType<typeof seller>>;

const post = (path: string, token: string, json: unknown, key: string = randomUUID()) =>
  t.call('POST', path, { token, json, headers: { 'Idempotency-Key': key } });
const get = (path: string, token: string) => t.call('GET', path, { token });

const wrap = (lengthCm: number): ServiceLine => ({ code: 'bubbleWrap', quantities: { lengthCm } });

async function buy(
  s: Seller,
  line: ServiceLine,
  extra: Record<string, unknown> = {},
  key?: string,
) {
  return post('/order/service/market/buy', s.token, { line, ...extra }, key ?? randomUUID());
}

async function wallet(s: Seller) {
  const [row] = await t.db
    .select({ available: wallets.available, frozen: wallets.frozen })
    .from(wallets)
    .where(and(eq(wallets.ownerId, s.user.id), eq(wallets.currency, 'THB')));
  // The whole ledger's invariants hold after every step.
  expect((await verifyLedger(t, null)).violations).toEqual([]);
  return { available: row?.available ?? 0, frozen: row?.frozen ?? 0 };
}

async function coupon(s: Seller, scope: CouponScope, extra: Record<string, unknown> = {}) {
  return grantCoupon(t, null, {
    ownerId: s.user.id,
    name: { zh: '服务', th: 'บริการ', en: 'Service' },
    type: 'cash',
    scope,
    currency: 'THB',
    threshold: 1_000,
    maxOffset: 500,
    percentOff: null,
    validFrom: new Date('2026-11-01T00:00:00Z'),
    validTo: new Date('2026-12-31T00:00:00Z'),
    ...extra,
  } as Parameters<typeof grantCoupon>[2]);
}

const move = (
  token: string,
  serviceNo: string,
  step: string,
  extra: Record<string, unknown> = {},
) => post('/order/service/operate/move', token, { serviceNo, step, ...extra });

const fees = (service: number, consumables = 0) => ({
  purchase: 0,
  domesticFreight: 0,
  internationalFreight: 0,
  service,
  consumables,
});

/** Moves a market service through every step of its type. */
async function throughSteps(serviceNo: string) {
  for (const step of ['purchaseReview', 'domesticWarehouseIn', 'domesticWarehouseOut']) {
    const moved = await move(operatorA, serviceNo, step);
    expect(moved.body.resp_code, moved.text).toBe(0);
  }
}

async function ledgerCount(serviceNo: string) {
  const freezes = await t.db
    .select()
    .from(walletFreezes)
    .where(
      and(eq(walletFreezes.referenceType, 'service'), eq(walletFreezes.referenceId, serviceNo)),
    );
  return freezes;
}

describe('the market: exact prices, coupons and the freeze', () => {
  it('serves the price list in force and freezes the exact total less a consumables coupon', async () => {
    const s = await seller();
    const list = await get('/order/service/price/list', s.token);
    expect(list.body.resp_code, list.text).toBe(0);
    expect(list.body.datas.walletCurrency).toBe('THB');
    const item = list.body.datas.items.find((entry: PricedItem) => entry.code === 'bubbleWrap');
    expect(item).toEqual({ code: 'bubbleWrap', currency: 'THB', rates: { perMetre: 750 } });
    const before = await wallet(s);
    const granted = await coupon(s, 'consumablesFee');
    const key = randomUUID();
    const bought = await buy(s, wrap(333), { couponId: granted.id }, key);
    expect(bought.body.resp_code, bought.text).toBe(0);
    const service = bought.body.datas;
    // 3.33 m x 7.50 = 24.975 -> 24.98 THB; the coupon takes 5.00 off.
    expect(service).toMatchObject({
      type: 'valueAdded',
      status: 'pending',
      currency: 'THB',
      amounts: { estimate: 2_498, discount: 500, frozen: 1_998, actual: null },
      fees: fees(0, 2_498),
      nextStep: 'purchaseReview',
      cancellable: true,
    });
    expect(service.priceRecord).toMatchObject({
      priceListId: list.body.datas.id,
      price: 2_498,
      charged: 2_498,
      rate: null,
      line: wrap(333),
    });
    expect(await wallet(s)).toEqual({
      available: before.available - 1_998,
      frozen: before.frozen + 1_998,
    });
    // The same key: the same service, nothing frozen twice.
    const again = await buy(s, wrap(333), { couponId: granted.id }, key);
    expect(again.body.datas.serviceNo).toBe(service.serviceNo);
    expect(await wallet(s)).toEqual({
      available: before.available - 1_998,
      frozen: before.frozen + 1_998,
    });
    // The seller was told, with the service to open.
    const told = await t.db.select().from(messages).where(eq(messages.userId, s.user.id));
    expect(told.filter((m) => m.type === 3 && m.jumpId === service.serviceNo)).toHaveLength(1);
  });

  it('answers every coupon error of section 8 and leaves nothing behind', async () => {
    const s = await seller();
    const before = await wallet(s);
    const serviceFee = await coupon(s, 'serviceFee');
    const expired = await coupon(s, 'consumablesFee', {
      validFrom: new Date('2026-10-01T00:00:00Z'),
      validTo: new Date('2026-10-31T00:00:00Z'),
    });
    const later = await coupon(s, 'consumablesFee', {
      validFrom: new Date('2026-12-01T00:00:00Z'),
    });
    const high = await coupon(s, 'consumablesFee', { threshold: 1_000_000 });
    const baht = await coupon(s, 'consumablesFee');
    await t.db.update(coupons).set({ currency: 'CNY' }).where(eq(coupons.id, baht.id));
    const used = await coupon(s, 'consumablesFee');
    await t.db
      .update(coupons)
      .set({ status: 'used', orderRef: 'service:SVUSED', discount: 500, usedAt: t.clock.now() })
      .where(eq(coupons.id, used.id));
    const other = await seller();
    const others = await coupon(other, 'consumablesFee');
    const cases: [string | undefined, string][] = [
      [serviceFee.id, 'COUPON_SCENE_INVALID'],
      [expired.id, 'COUPON_EXPIRED'],
      [later.id, 'COUPON_NOT_AVAILABLE'],
      [high.id, 'COUPON_THRESHOLD_NOT_MET'],
      [baht.id, 'COUPON_TYPE_INVALID'],
      [used.id, 'COUPON_USED'],
      [others.id, 'COUPON_NOT_FOUND'],
      [randomUUID(), 'COUPON_NOT_FOUND'],
    ];
    for (const [couponId, key] of cases) {
      const res = await buy(s, wrap(500), { couponId });
      expect(res.body.key, `${key}: ${res.text}`).toBe(key);
      expect(res.body.resp_msg).toBeTruthy();
    }
    // A service-fee coupon fits a service (translation), and a coupon held by one order is in use.
    const held = await buy(
      s,
      { code: 'translation', quantities: { characters: 250 } },
      {
        couponId: serviceFee.id,
      },
    );
    expect(held.body.datas.amounts).toMatchObject({ estimate: 44_700, discount: 500 });
    const inUse = await buy(
      s,
      { code: 'storage', quantities: { volumeCm3: 400_000, days: 3 } },
      {
        couponId: serviceFee.id,
      },
    );
    expect(inUse.body.key).toBe('COUPON_IN_USE');
    const rows = await t.db
      .select()
      .from(serviceOrders)
      .where(eq(serviceOrders.ownerId, s.user.id));
    expect(rows.map((row) => row.serviceNo)).toEqual([held.body.datas.serviceNo]);
    expect((await wallet(s)).available).toBe(before.available - 44_200);
  });

  it('answers -10 with the shortfall when the balance is short, keeping nothing', async () => {
    const s = await seller(10_000);
    const res = await buy(s, { code: 'factoryAudit', quantities: { days: 2, tenthsKm: 355 } });
    expect(res.body.resp_code, res.text).toBe(-10);
    expect(
      await t.db.select().from(serviceOrders).where(eq(serviceOrders.ownerId, s.user.id)),
    ).toEqual([]);
    expect(await wallet(s)).toEqual({ available: 10_000, frozen: 0 });
  });

  it('prices what the form prices: random quantities cost the price function at the served rates', async () => {
    const s = await seller(100_000_000);
    const list = (await get('/order/service/price/list', s.token)).body.datas;
    const lines = fc.sample(
      fc.oneof(
        fc.integer({ min: 1, max: 5_000 }).map((lengthCm) => wrap(lengthCm)),
        fc
          .tuple(
            fc.integer({ min: 1, max: 300 }),
            fc.integer({ min: 1, max: 300 }),
            fc.integer({ min: 1, max: 300 }),
          )
          .map(
            ([lengthCm, widthCm, heightCm]): ServiceLine => ({
              code: 'woodenFrame',
              quantities: { lengthCm, widthCm, heightCm },
            }),
          ),
        fc.integer({ min: 1, max: 3_000 }).map(
          (characters): ServiceLine => ({
            code: 'translation',
            quantities: { characters },
          }),
        ),
      ),
      { numRuns: 6, seed: 20 },
    );
    for (const line of lines) {
      const item = list.items.find((entry: PricedItem) => entry.code === line.code) as PricedItem;
      const res = await buy(s, line);
      expect(res.body.resp_code, res.text).toBe(0);
      expect(res.body.datas.amounts.estimate).toBe(
        servicePriceIn(item, line.quantities, list.walletCurrency, '1'),
      );
    }
  });

  it('attaches a purchase to one of the seller’s open services only', async () => {
    const s = await seller();
    const parent = (await buy(s, { code: 'storage', quantities: { volumeCm3: 400_000, days: 3 } }))
      .body.datas;
    expect(parent.amounts.estimate).toBe(4_500);
    const child = await buy(
      s,
      { code: 'stretchFilm', quantities: { lengthCm: 250 } },
      {
        attachTo: parent.serviceNo,
      },
    );
    expect(child.body.datas).toMatchObject({
      attachedTo: parent.serviceNo,
      amounts: { estimate: 1_250 },
    });
    const detail = await get(
      `/order/service/progress/detail?serviceNo=${parent.serviceNo}`,
      s.token,
    );
    expect(detail.body.datas.attached).toEqual([child.body.datas.serviceNo]);
    const other = await seller();
    const refused = await buy(other, wrap(100), { attachTo: parent.serviceNo });
    expect(refused.body.key).toBe('SERVICE_ATTACH_INVALID');
  });
});

describe('operators move a service step by step to settlement', () => {
  it('moves one step at a time with photos, refuses skipping and undoing, and settles the actual', async () => {
    const s = await seller();
    const before = await wallet(s);
    const bought = (await buy(s, wrap(333), { couponId: (await coupon(s, 'consumablesFee')).id }))
      .body.datas;
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(jpeg(40, 30))], { type: 'image/jpeg' }), 'wrap.jpg');
    const proof = await t.call('POST', '/order/service/operate/proof', {
      token: operatorA,
      body: form,
    });
    expect(proof.body.datas, proof.text).toMatchObject({
      name: 'wrap.jpg',
      mimeType: 'image/jpeg',
    });
    const disguised = new FormData();
    disguised.set(
      'file',
      new Blob([new TextEncoder().encode('%PDF-1.7')], { type: 'image/png' }),
      'x.png',
    );
    const refusedFile = await t.call('POST', '/order/service/operate/proof', {
      token: operatorA,
      body: disguised,
    });
    expect(refusedFile.body.key).toBe('FILE_TYPE_UNSUPPORTED');

    // Skipping a step is refused; so is a step the type does not have.
    expect((await move(operatorA, bought.serviceNo, 'domesticWarehouseIn')).body.key).toBe(
      'SERVICE_STEP_OUT_OF_ORDER',
    );
    expect((await move(operatorA, bought.serviceNo, 'overseasWarehouseIn')).body.key).toBe(
      'SERVICE_STEP_OUT_OF_ORDER',
    );
    // A time in the future is refused.
    expect(
      (await move(operatorA, bought.serviceNo, 'purchaseReview', { at: '2026-11-11T00:00:00Z' }))
        .body.key,
    ).toBe('SERVICE_STEP_TIME_INVALID');
    t.clock.advance(2 * 60 * 60 * 1000);
    // Two operators press at once: one move, one message.
    const [a, b] = await Promise.all([
      move(operatorA, bought.serviceNo, 'purchaseReview', {
        remark: 'Checked',
        proofs: [proof.body.datas.id],
      }),
      move(operatorB, bought.serviceNo, 'purchaseReview'),
    ]);
    expect([a.body.resp_code, b.body.resp_code], `${a.text} ${b.text}`).toEqual([0, 0]);
    const review = a.body.datas.steps.find(
      (step: { step: string }) => step.step === 'purchaseReview',
    );
    expect(review).toMatchObject({
      done: true,
      applicable: true,
      remark: 'Checked',
      by: 'SERVICE_OPERATOR',
      targetHours: 24,
      spentMinutes: 120,
    });
    expect(review.proofs).toHaveLength(1);
    expect(a.body.datas.steps.map((step: { applicable: boolean }) => step.applicable)).toEqual([
      true,
      true,
      false,
      true,
      true,
      false,
      false,
    ]);
    // Undoing is refused.
    await move(operatorA, bought.serviceNo, 'domesticWarehouseIn');
    expect((await move(operatorA, bought.serviceNo, 'purchaseReview')).body.key).toBe(
      'SERVICE_STEP_OUT_OF_ORDER',
    );
    // Completing before the last step is refused.
    const early = await post('/order/service/operate/complete', operatorA, {
      serviceNo: bought.serviceNo,
      actualFees: fees(0, 2_000),
    });
    expect(early.body.key).toBe('SERVICE_STEP_OUT_OF_ORDER');
    await move(operatorA, bought.serviceNo, 'domesticWarehouseOut');
    const told = await t.db.select().from(messages).where(eq(messages.userId, s.user.id));
    expect(told.filter((m) => m.type === 3 && m.titleKey === 'serviceProgress')).toHaveLength(3);

    // The seller sees the photo; another seller does not.
    const photo = await t.call('GET', `/order/service/proof/${proof.body.datas.id}`, {
      token: s.token,
    });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    const stranger = await seller(0);
    const hidden = await t.call('GET', `/order/service/proof/${proof.body.datas.id}`, {
      token: stranger.token,
    });
    expect(hidden.body.key).toBe('RECORD_NOT_FOUND');

    // Above the estimate is refused; the actual (20.00) settles: 15.00 deducted after the coupon.
    const tooHigh = await post('/order/service/operate/complete', operatorA, {
      serviceNo: bought.serviceNo,
      actualFees: fees(0, 2_499),
    });
    expect(tooHigh.body.key).toBe('SERVICE_ACTUAL_TOO_HIGH');
    const [first, second] = await Promise.all([
      post('/order/service/operate/complete', operatorA, {
        serviceNo: bought.serviceNo,
        actualFees: fees(0, 2_000),
      }),
      post('/order/service/operate/complete', operatorB, {
        serviceNo: bought.serviceNo,
        actualFees: fees(0, 2_000),
      }),
    ]);
    expect([first.body.resp_code, second.body.resp_code]).toEqual([0, 0]);
    expect(first.body.datas.amounts).toEqual({
      estimate: 2_498,
      discount: 500,
      frozen: 1_998,
      actual: 2_000,
      charged: 1_500,
      released: 498,
    });
    expect(await wallet(s)).toEqual({ available: before.available - 1_500, frozen: before.frozen });
    const freezes = await ledgerCount(bought.serviceNo);
    expect(freezes.map((f) => [f.state, f.deducted])).toEqual([['settled', 1_500]]);
    const deductions = await t.db
      .select()
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.referenceType, 'service'),
          eq(ledgerEntries.referenceId, bought.serviceNo),
        ),
      );
    expect(deductions.filter((entry) => entry.kind === 'deduct')).toHaveLength(1);
    // Nothing moves a finished service; a repeat of its completion answers it as it is.
    expect((await move(operatorA, bought.serviceNo, 'overseasWarehouseIn')).body.key).toBe(
      'SERVICE_STATE_CHANGED',
    );
    const repeat = await post('/order/service/operate/complete', operatorA, {
      serviceNo: bought.serviceNo,
      actualFees: fees(0, 1_000),
    });
    expect(repeat.body.datas.amounts.charged).toBe(1_500);
  });

  it('aborts with a reason and releases everything once, under two operators at once', async () => {
    const s = await seller();
    const before = await wallet(s);
    const granted = await coupon(s, 'serviceFee');
    const bought = (
      await buy(
        s,
        { code: 'translation', quantities: { characters: 250 } },
        {
          couponId: granted.id,
        },
      )
    ).body.datas;
    await move(operatorA, bought.serviceNo, 'purchaseReview');
    const [a, b] = await Promise.all([
      post('/order/service/operate/abort', operatorA, {
        serviceNo: bought.serviceNo,
        reason: 'No translator',
      }),
      post('/order/service/operate/abort', operatorB, {
        serviceNo: bought.serviceNo,
        reason: 'No translator',
      }),
    ]);
    expect([a.body.resp_code, b.body.resp_code], `${a.text} ${b.text}`).toEqual([0, 0]);
    expect(a.body.datas).toMatchObject({
      status: 'aborted',
      abortReason: 'No translator',
      amounts: { frozen: 44_200, released: 44_200, charged: null },
    });
    expect(await wallet(s)).toEqual(before);
    const [back] = await t.db.select().from(coupons).where(eq(coupons.id, granted.id));
    expect(back?.status).toBe('unused');
    expect((await ledgerCount(bought.serviceNo)).map((f) => f.state)).toEqual(['released']);
    // Neither completed nor cancelled afterwards.
    const cancel = await post('/order/service/progress/cancel', s.token, {
      serviceNo: bought.serviceNo,
    });
    expect(cancel.body.key).toBe('SERVICE_NOT_CANCELLABLE');
  });
});

describe('the seller cancels a service not past its purchase review', () => {
  it('releases the estimate and the coupon once, and refuses after the review', async () => {
    const s = await seller();
    const before = await wallet(s);
    const granted = await coupon(s, 'consumablesFee');
    const bought = (await buy(s, wrap(1_000), { couponId: granted.id })).body.datas;
    await move(operatorA, bought.serviceNo, 'purchaseReview');
    const [a, b] = await Promise.all([
      post('/order/service/progress/cancel', s.token, { serviceNo: bought.serviceNo }),
      post('/order/service/progress/cancel', s.token, { serviceNo: bought.serviceNo }),
    ]);
    expect([a.body.resp_code, b.body.resp_code], `${a.text} ${b.text}`).toEqual([0, 0]);
    expect(a.body.datas).toMatchObject({ status: 'cancelled', cancellable: false });
    expect(await wallet(s)).toEqual(before);
    const [back] = await t.db.select().from(coupons).where(eq(coupons.id, granted.id));
    expect(back?.status).toBe('unused');

    const later = (await buy(s, wrap(100))).body.datas;
    await throughSteps(later.serviceNo);
    const refused = await post('/order/service/progress/cancel', s.token, {
      serviceNo: later.serviceNo,
    });
    expect(refused.body.key).toBe('SERVICE_NOT_CANCELLABLE');
    const operatorCancel = await post('/order/service/progress/cancel', operatorA, {
      serviceNo: later.serviceNo,
    });
    expect(operatorCancel.body.resp_code).not.toBe(0);
  });
});

describe('who reaches what', () => {
  it('keeps operator routes from sellers and the wallet from operators', async () => {
    const s = await seller();
    const bought = (await buy(s, wrap(100))).body.datas;
    for (const [path, json] of [
      ['/order/service/operate/move', { serviceNo: bought.serviceNo, step: 'purchaseReview' }],
      ['/order/service/operate/complete', { serviceNo: bought.serviceNo, actualFees: fees(0, 1) }],
      ['/order/service/operate/abort', { serviceNo: bought.serviceNo, reason: 'x' }],
    ] as const) {
      for (const token of [s.token, purchaser]) {
        const res = await post(path, token, json);
        expect(res.body.key, `${path}: ${res.text}`).toBe('PERMISSION_DENIED');
      }
    }
    for (const token of [s.token, purchaser]) {
      expect((await get('/order/service/operate/queue', token)).body.key).toBe('PERMISSION_DENIED');
      expect(
        (await get(`/order/service/operate/detail?serviceNo=${bought.serviceNo}`, token)).body.key,
      ).toBe('PERMISSION_DENIED');
    }
    // A seller's sub-account cannot be granted the operator's button.
    const sub = await makeSubAccount(t, s.token, `sv-sub-${randomUUID()}@example.com`, [
      s.shops[0]?.id ?? '',
    ]);
    expect(
      (
        await post('/order/service/operate/move', sub.token, {
          serviceNo: bought.serviceNo,
          step: 'purchaseReview',
        })
      ).body.key,
    ).toBe('PERMISSION_DENIED');
    // The operator reads no wallet, and buys nothing.
    for (const path of ['/api-user/wallet/summary', '/api-user/user/balance_record/list']) {
      const res = await get(path, operatorA);
      expect(res.body.resp_code, `${path}: ${res.text}`).not.toBe(0);
      expect(res.body.datas).toBeNull();
    }
    expect((await buy({ ...s, token: operatorA }, wrap(100))).body.resp_code).not.toBe(0);
    // The operator's queue holds every seller's open services, the longest waiting first.
    const queue = await get(
      '/order/service/operate/queue?step=purchaseReview&limit=100',
      operatorA,
    );
    const numbers = queue.body.datas.records.map((row: { serviceNo: string }) => row.serviceNo);
    expect(numbers).toContain(bought.serviceNo);
    const row = queue.body.datas.records.find(
      (r: { serviceNo: string }) => r.serviceNo === bought.serviceNo,
    );
    expect(row).toMatchObject({
      seller: s.user.email,
      nextStep: 'purchaseReview',
      targetHours: 24,
    });
  });

  it('shows a sub-account only the services of its shops', async () => {
    const s = await seller();
    const [shopA, shopB] = s.shops;
    const now = t.clock.now();
    const ofShop = async (shopId: string) => {
      const serviceNo = `SVT${randomUUID().slice(0, 8)}`;
      await t.db.insert(serviceOrders).values({
        serviceNo,
        ownerId: s.user.id,
        type: 'crossSale',
        status: 'pending',
        shopId,
        currency: 'THB',
        estimateMinor: 100,
        fees: fees(100),
        items: [],
        steps: [],
        createdAt: now,
        updatedAt: now,
      });
      return serviceNo;
    };
    const inA = await ofShop(shopA?.id ?? '');
    const inB = await ofShop(shopB?.id ?? '');
    const holder = await makeSubAccount(t, s.token, `sv-a-${randomUUID()}@example.com`, [
      shopA?.id ?? '',
    ]);
    const without = await makeSubAccount(t, s.token, `sv-none-${randomUUID()}@example.com`, []);
    const listed = async (token: string) =>
      (await get('/order/service/progress/list?limit=100', token)).body.datas.records.map(
        (row: { serviceNo: string }) => row.serviceNo,
      );
    expect((await listed(s.token)).sort()).toEqual([inA, inB].sort());
    expect(await listed(holder.token)).toEqual([inA]);
    expect(await listed(without.token)).toEqual([]);
    expect(
      (await get(`/order/service/progress/detail?serviceNo=${inB}`, holder.token)).body.key,
    ).toBe('RECORD_NOT_FOUND');
    expect(
      (await get(`/order/service/progress/detail?serviceNo=${inA}`, without.token)).body.key,
    ).toBe('RECORD_NOT_FOUND');
    expect(
      (await post('/order/service/progress/cancel', without.token, { serviceNo: inA })).body.key,
    ).toBe('RECORD_NOT_FOUND');
    const detail = await get(`/order/service/progress/detail?serviceNo=${inA}`, holder.token);
    expect(
      detail.body.datas.steps.filter((step: { applicable: boolean }) => step.applicable),
    ).toHaveLength(7);
  });
});

describe('the progress list', () => {
  it('filters by tab, type, numbers and dates, counts each tab and pages by keyset', async () => {
    const s = await seller();
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      t.clock.advance(60_000);
      made.push((await buy(s, wrap(100 + i))).body.datas.serviceNo);
    }
    await post('/order/service/operate/abort', operatorA, { serviceNo: made[0], reason: 'r' });
    await post('/order/service/progress/cancel', s.token, { serviceNo: made[1] });
    const page1 = await get('/order/service/progress/list?tab=all&limit=2', s.token);
    expect(page1.body.datas.counts).toEqual({
      all: 5,
      pending: 3,
      complete: 0,
      cancel: 1,
      abort: 1,
    });
    expect(page1.body.datas.records.map((r: { serviceNo: string }) => r.serviceNo)).toEqual([
      made[4],
      made[3],
    ]);
    const page2 = await get(
      `/order/service/progress/list?tab=all&limit=2&cursor=${page1.body.datas.next}`,
      s.token,
    );
    expect(page2.body.datas.records.map((r: { serviceNo: string }) => r.serviceNo)).toEqual([
      made[2],
      made[1],
    ]);
    const pending = await get('/order/service/progress/list?tab=pending', s.token);
    expect(pending.body.datas.records).toHaveLength(3);
    expect(pending.body.datas.records[0]).toMatchObject({
      type: 'valueAdded',
      status: 'pending',
      currentStep: 'serviceSubmit',
      nextStep: 'purchaseReview',
    });
    const abort = await get('/order/service/progress/list?tab=abort', s.token);
    expect(abort.body.datas.records.map((r: { serviceNo: string }) => r.serviceNo)).toEqual([
      made[0],
    ]);
    const byNo = await get(`/order/service/progress/list?serviceNo=${made[2]}`, s.token);
    expect(byNo.body.datas.records.map((r: { serviceNo: string }) => r.serviceNo)).toEqual([
      made[2],
    ]);
    const otherType = await get('/order/service/progress/list?type=crossSale', s.token);
    expect(otherType.body.datas.records).toEqual([]);
    const past = await get(
      '/order/service/progress/list?beginTime=2026-10-01 00:00:00&endTime=2026-10-31 23:59:59&timeZone=Asia/Bangkok',
      s.token,
    );
    expect(past.body.datas.counts.all).toBe(0);
  });
});

/** An export's answer: its file name (the reader's language) and its first sheet's rows. */
async function exported(query: string, token: string, language = 'en') {
  const response = await t.app.request(`/order/service/progress/export?${query}`, {
    method: 'POST',
    headers: {
      [HEADERS.authorization]: basicClientAuth(API_CLIENTS.console),
      [HEADERS.token]: token,
      [HEADERS.language]: language,
    },
  });
  if (response.headers.get('content-type') !== XLSX_MEDIA_TYPE)
    return { response, body: await response.json(), name: '', rows: [] };
  const header = response.headers.get('content-disposition') ?? '';
  expect(header).toMatch(/^attachment; filename="services-[\x20-\x7e]+\.xlsx"; filename\*=UTF-8''/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ExcelJS.Buffer);
  const rows: ExcelJS.CellValue[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as ExcelJS.CellValue[]).slice(1));
  });
  return {
    response,
    body: null,
    name: decodeURIComponent(header.split("filename*=UTF-8''")[1] ?? ''),
    sheet: workbook.worksheets[0]?.name,
    rows,
  };
}

describe('the progress export', () => {
  it('answers the tab and filters as .xlsx in the reader language, every row as listed, to the export button only', async () => {
    const s = await seller();
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      t.clock.advance(60_000);
      made.push((await buy(s, wrap(100 + i))).body.datas.serviceNo);
    }
    await post('/order/service/operate/abort', operatorA, { serviceNo: made[0], reason: 'r' });
    const range = 'beginTime=2026-11-01 00:00:00&endTime=2026-11-30 23:59:59&timeZone=Asia/Bangkok';
    const listed = (
      await get(`/order/service/progress/list?tab=pending&limit=100&${range}`, s.token)
    ).body.datas.records as { serviceNo: string; estimate: number; currentStep: string }[];
    expect(listed.map((row) => row.serviceNo)).toEqual([made[2], made[1]]);
    for (const language of LANGUAGES) {
      const words = readLocale(language, 'services');
      const file = await exported(`tab=pending&${range}`, s.token, language);
      expect(file.response.status).toBe(200);
      expect(file.response.headers.get('x-total-count')).toBe('2');
      expect(file.response.headers.get('x-export-count')).toBe('2');
      expect(file.name).toBe(
        `${fillWords(words.export.file, { from: '2026-11-01', to: '2026-11-30' })}.xlsx`,
      );
      expect(file.sheet).toBe(words.export.sheet);
      const heads = words.columns;
      expect(file.rows[0]).toEqual([
        heads.serviceNo,
        fillWords(words.export.timeZone, { zone: 'Asia/Bangkok' }),
        heads.type,
        heads.status,
        heads.estimate,
        heads.actual,
        heads.platformOrderNo,
        heads.currentStep,
      ]);
      expect(file.rows.slice(1).map((row) => row[0])).toEqual(listed.map((row) => row.serviceNo));
      const first = file.rows[1] ?? [];
      expect(first[2]).toBe(words.types.valueAdded);
      expect(first[3]).toBe(words.status.pending);
      // Money as numbers in the currency's decimals (THB: 2), as listed.
      expect(first[4]).toBe((listed[0]?.estimate ?? 0) / 100);
      expect(first[7]).toBe(words.steps[listed[0]?.currentStep as keyof typeof words.steps]);
    }
    // The same filters as the list: another type, another tab, another period.
    expect((await exported(`type=crossSale&${range}`, s.token)).rows).toHaveLength(1);
    const aborted = await exported(`tab=abort&${range}`, s.token);
    expect(aborted.rows.slice(1).map((row) => row[0])).toEqual([made[0]]);
    const past = await exported(
      'beginTime=2026-10-01 00:00:00&endTime=2026-10-31 23:59:59&timeZone=Asia/Bangkok',
      s.token,
    );
    expect(past.response.headers.get('x-total-count')).toBe('0');
    // An end before the start is refused, as the list refuses it.
    const backwards = await exported(
      'beginTime=2026-11-30 00:00:00&endTime=2026-11-01 00:00:00&timeZone=Asia/Bangkok',
      s.token,
    );
    expect(backwards.body).toMatchObject({ key: 'VALIDATION_FAILED', datas: null });
    // Another seller's services are not in the file.
    const other = await seller(0);
    expect((await exported(range, other.token)).response.headers.get('x-total-count')).toBe('0');
    // A sub-account needs the export button, beside the menu.
    const menuOnly = await makeSubAccount(
      t,
      s.token,
      `sv-ex-${randomUUID()}@example.com`,
      [],
      [{ url: '/order/serviceProgress', buttons: ['cancel'] }],
    );
    expect((await exported(range, menuOnly.token)).body).toMatchObject({
      key: 'PERMISSION_DENIED',
      datas: null,
    });
    const granted = await makeSubAccount(
      t,
      s.token,
      `sv-ex-${randomUUID()}@example.com`,
      [],
      [{ url: '/order/serviceProgress', buttons: ['export'] }],
    );
    expect((await exported(range, granted.token)).response.status).toBe(200);
  });
});

describe('the returns fee', () => {
  async function completedReturn(s: Seller, quantity: number) {
    const now = t.clock.now();
    const [order] = await t.db
      .insert(platformOrders)
      .values({
        shopId: s.shops[0]?.id ?? '',
        ownerId: s.user.id,
        platform: 'shopee',
        externalId: `R${randomUUID().slice(0, 8)}`,
        status: 'COMPLETED',
        currency: 'THB',
        totalMinor: 12_000,
        buyerName: 'Buyer',
        receiver: { name: 'Buyer', phone: '0812345678', address: '1 Road' },
        paymentMethod: null,
        items: [],
        platformCreatedAt: now,
        platformUpdatedAt: now,
        raw: null,
        syncedAt: now,
        source: 'platform',
      })
      .returning({ id: platformOrders.id });
    const [entry] = await t.db
      .insert(orderReturns)
      .values({
        returnNo: `RT${randomUUID().slice(0, 8)}`,
        ownerId: s.user.id,
        shopId: s.shops[0]?.id ?? '',
        orderId: order?.id ?? '',
        express: 'flash',
        trackingNo: 'TH1',
        items: [{ orderItemId: 'item-1', quantity, remark: null }],
        status: 'pending',
        createdAt: now,
      })
      .returning({ id: orderReturns.id });
    return post('/order/return/process', s.token, { returnId: entry?.id, outcome: 'restock' });
  }

  it('charges 0.30 CNY a piece after the first 3, at the recorded rate, once', async () => {
    const s = await seller();
    const before = await wallet(s);
    const none = await completedReturn(s, 3);
    expect(none.body.resp_code, none.text).toBe(0);
    expect(await wallet(s)).toEqual(before);
    const ten = await completedReturn(s, 10);
    expect(ten.body.resp_code, ten.text).toBe(0);
    const [fee] = await t.db
      .select()
      .from(serviceOrders)
      .where(eq(serviceOrders.ownerId, s.user.id));
    // 2.10 CNY at 32.5 / 7.12 THB per CNY (through USD, recorded) = 9.5857 THB -> 9.59.
    expect(fee?.priceRecord).toMatchObject({
      price: 210,
      charged: 959,
      rate: { from: 'CNY', to: 'THB', rate: '4.564606741573' },
    });
    expect(fee).toMatchObject({ status: 'completed', chargedMinor: 959, type: 'valueAdded' });
    expect(await wallet(s)).toEqual({ available: before.available - 959, frozen: 0 });
    // Completing it again charges nothing more.
    const again = await post('/order/return/process', s.token, {
      returnId: (
        await t.db.select().from(orderReturns).where(eq(orderReturns.ownerId, s.user.id))
      ).find((r) => r.items[0]?.quantity === 10)?.id,
      outcome: 'restock',
    });
    expect(again.body.resp_code, again.text).toBe(0);
    expect(await wallet(s)).toEqual({ available: before.available - 959, frozen: 0 });
  });
});
