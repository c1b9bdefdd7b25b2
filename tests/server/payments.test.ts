import { randomUUID } from 'node:crypto';
import {
  coupons,
  exchangeRates,
  ledgerEntries,
  paymentCallbacks,
  paymentOrders,
  wallets,
} from '@server/db/schema/index';
import { expirePaymentOrders } from '@server/jobs/payment-expiry';
import { grantCoupon, verifyCoupons } from '@server/modules/coupons/coupons.service';
import { verifyLedger } from '@server/modules/wallet/ledger-verify';
import type { Currency } from '@shared/contracts/money';
import {
  IDEMPOTENCY_HEADER,
  PAYMENT_QR_TTL_SECONDS,
  type PaymentChannel,
  PaymentOrderSchema,
  RechargeOptionsSchema,
  RechargePageSchema,
} from '@shared/contracts/payments';
import type { SiteCode } from '@shared/contracts/site-codes';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Seller {
  id: string;
  token: string;
}

/** A main account on a site (its wallet currency is the site's), signed in. */
async function seller(site: SiteCode = 'th'): Promise<Seller> {
  const { createAccount } = await import('@server/modules/accounts/accounts.service');
  const email = `pay-${randomUUID()}@example.com`;
  const user = await createAccount(t, null, {
    email,
    password: 'Seller-pass1',
    name: 'Payer',
    role: 'BUYER',
    site,
  });
  return { id: user.id, token: await login(t, email, 'Seller-pass1') };
}

const newKey = () => `key-${randomUUID()}`;

function recharge(who: Seller, json: Record<string, unknown>, key: string | null = newKey()) {
  return t.call('POST', '/api-user/pay/recharge', {
    token: who.token,
    json,
    headers: key === null ? {} : { [IDEMPOTENCY_HEADER]: key },
  });
}

/** Opens a recharge and answers its payment order, checked against the contract. */
async function opened(who: Seller, json: Record<string, unknown>, key = newKey()) {
  const res = await recharge(who, json, key);
  expect(res.body.resp_code, res.text).toBe(0);
  return PaymentOrderSchema.parse(res.body.datas);
}

async function sandbox(path: string, json: unknown) {
  const response = await t.sandbox.fetch(
    new Request(`http://sandbox.test${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(json),
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** The payer scans the QR code and pays (or fails) it; the provider notifies the app. */
const payerConfirms = (qrContent: string | null, outcome: 'paid' | 'failed' = 'paid') =>
  sandbox('/pay/api/confirm', { qrContent, outcome });
const providerResends = (qrContent: string | null) => sandbox('/pay/api/resend', { qrContent });

async function order(who: Seller, orderNo: string) {
  const res = await t.call('GET', `/api-user/pay/order?orderNo=${orderNo}`, { token: who.token });
  expect(res.body.resp_code, res.text).toBe(0);
  return PaymentOrderSchema.parse(res.body.datas);
}

async function walletOf(ownerId: string, currency: Currency = 'THB') {
  const [row] = await t.db
    .select()
    .from(wallets)
    .where(and(eq(wallets.ownerId, ownerId), eq(wallets.currency, currency)));
  return row ? { available: row.available, frozen: row.frozen } : { available: 0, frozen: 0 };
}

async function entriesOf(orderNo: string) {
  return t.db
    .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.referenceType, 'recharge'), eq(ledgerEntries.referenceId, orderNo)))
    .orderBy(ledgerEntries.sequence);
}

async function callbacksOf(orderNo: string | null) {
  return t.db
    .select()
    .from(paymentCallbacks)
    .where(orderNo ? eq(paymentCallbacks.orderNo, orderNo) : undefined)
    .orderBy(paymentCallbacks.id);
}

/** The journal balances, and no coupon went to two orders or to none. */
async function expectLedgerSound() {
  expect((await verifyLedger(t, null)).violations).toEqual([]);
  expect((await verifyCoupons(t, null)).violations).toEqual([]);
}

async function couponFor(owner: string, input: Partial<Parameters<typeof grantCoupon>[2]> = {}) {
  const now = t.clock.now();
  return grantCoupon(t, null, {
    ownerId: owner,
    name: { zh: '充值券', th: 'คูปองเติมเงิน', en: 'Recharge coupon' },
    type: 'cash',
    scope: 'recharge',
    currency: 'THB',
    threshold: 0,
    maxOffset: 5_000,
    percentOff: null,
    validFrom: new Date(now.getTime() - 86_400_000),
    validTo: new Date(now.getTime() + 30 * 86_400_000),
    ...input,
  });
}

async function couponState(id: string) {
  const [row] = await t.db.select().from(coupons).where(eq(coupons.id, id));
  return row ? { status: row.status, orderRef: row.orderRef } : null;
}

describe('GET /api-user/pay/recharge/options', () => {
  it('offers the site currency, presets, the custom range at the current rate and each channel', async () => {
    const th = await seller('th');
    const res = await t.call('GET', '/api-user/pay/recharge/options', { token: th.token });
    expect(res.body.resp_code, res.text).toBe(0);
    const options = RechargeOptionsSchema.parse(res.body.datas);
    // USD 300 at 32.5 baht: 9,750 baht.
    expect(options).toMatchObject({
      currency: 'THB',
      presets: [50_000, 100_000, 300_000, 500_000],
      customMin: 100,
      customMax: 975_000,
      sandboxPayerUrl: 'http://sandbox.test/pay',
    });
    expect(options.channels).toEqual([
      {
        channel: 'wechat',
        currency: 'CNY',
        rate: expect.any(String),
        rateDate: expect.any(String),
        stale: true,
        sandbox: true,
      },
      {
        channel: 'alipay',
        currency: 'CNY',
        rate: expect.any(String),
        rateDate: expect.any(String),
        stale: true,
        sandbox: true,
      },
      {
        channel: 'promptpay',
        currency: 'THB',
        rate: '1',
        rateDate: expect.any(String),
        stale: false,
        sandbox: true,
      },
    ]);
    // Through USD: 7.12 / 32.5 yuan per baht, dated when the opening rates took effect.
    expect(Number(options.channels[0]?.rate)).toBeCloseTo(7.12 / 32.5, 10);
    expect(options.channels[0]?.rateDate).toBe('2025-01-01T00:00:00.000Z');

    const cn = await seller('cn');
    const yuan = RechargeOptionsSchema.parse(
      (await t.call('GET', '/api-user/pay/recharge/options', { token: cn.token })).body.datas,
    );
    expect(yuan).toMatchObject({
      currency: 'CNY',
      presets: [10_000, 20_000, 50_000, 100_000],
      customMin: 100,
      customMax: 213_600,
    });
    expect(yuan.channels.map((c) => c.rate)).toEqual(['1', '1', expect.any(String)]);

    const vn = await seller('vn');
    const dong = RechargeOptionsSchema.parse(
      (await t.call('GET', '/api-user/pay/recharge/options', { token: vn.token })).body.datas,
    );
    expect(dong).toMatchObject({ currency: 'VND', customMin: 1000, customMax: 7_830_000 });
    for (const preset of dong.presets) expect(preset).toBeLessThanOrEqual(dong.customMax);
  });

  it('marks a rate older than a day stale, and a newer stored rate current', async () => {
    // Singapore dollars: no other test here pays in them, so a new rate changes none of theirs.
    const sg = await seller('sg');
    const read = async () =>
      RechargeOptionsSchema.parse(
        (await t.call('GET', '/api-user/pay/recharge/options', { token: sg.token })).body.datas,
      ).channels.find((c) => c.channel === 'alipay');
    expect(await read()).toMatchObject({ rateDate: '2025-01-01T00:00:00.000Z', stale: true });
    const now = t.clock.now();
    const effective = new Date(now.getTime() - 23 * 60 * 60 * 1000);
    await t.db.insert(exchangeRates).values({
      base: 'SGD',
      quote: 'CNY',
      rate: '5.412345678901',
      effectiveFrom: effective,
      source: 'test',
    });
    expect(await read()).toMatchObject({
      rate: '5.412345678901',
      rateDate: effective.toISOString(),
      stale: false,
    });
    // A day and a minute on, it is stale again.
    t.clock.set(new Date(effective.getTime() + 24 * 60 * 60 * 1000 + 60_000));
    try {
      expect(await read()).toMatchObject({ rateDate: effective.toISOString(), stale: true });
    } finally {
      t.clock.set(now);
    }
  });

  it('needs a session', async () => {
    const res = await t.call('GET', '/api-user/pay/recharge/options');
    expect(res.status).toBe(401);
  });
});

describe('recharge through each channel, end to end through the sandbox', () => {
  const cases: [PaymentChannel, Currency, number][] = [
    // 1,000 baht: 1000 / 32.5 * 7.12 = 219.08 yuan.
    ['wechat', 'CNY', 21_908],
    ['alipay', 'CNY', 21_908],
    ['promptpay', 'THB', 100_000],
  ];
  for (const [channel, payCurrency, payAmount] of cases) {
    it(`${channel}: the payer pays, the provider notifies, the wallet is credited exactly once`, async () => {
      const who = await seller('th');
      const created = await opened(who, {
        channel,
        amount: 100_000,
        currency: 'THB',
        preset: true,
      });
      expect(created).toMatchObject({
        kind: 'recharge',
        channel,
        status: 'unpaid',
        amount: 100_000,
        currency: 'THB',
        discount: 0,
        payAmount,
        payCurrency,
        wallet: null,
        closeReason: null,
      });
      expect(created.orderNo).toMatch(/^R[0-9A-Z]{19}$/);
      expect(created.qrContent).toBeTruthy();
      expect(created.conversion).toMatchObject({
        from: 'THB',
        to: payCurrency,
        amount: 100_000,
        converted: payAmount,
      });
      expect(new Date(created.expiresAt ?? 0).getTime() - t.clock.now().getTime()).toBe(
        PAYMENT_QR_TTL_SECONDS * 1000,
      );

      const paid = await payerConfirms(created.qrContent);
      expect(paid.body, JSON.stringify(paid.body)).toMatchObject({
        status: 'paid',
        delivered: true,
      });

      const done = await order(who, created.orderNo);
      expect(done).toMatchObject({
        status: 'completed',
        qrContent: null,
        expiresAt: null,
        providerTradeNo: expect.any(String),
        paidAt: expect.any(String),
        wallet: { currency: 'THB', balance: 100_000, available: 100_000, frozen: 0 },
      });
      expect(await walletOf(who.id)).toEqual({ available: 100_000, frozen: 0 });
      expect(await entriesOf(created.orderNo)).toEqual([{ kind: 'recharge', amount: 100_000 }]);
      const logged = await callbacksOf(created.orderNo);
      expect(logged.map((c) => [c.channel, c.verified, c.outcome])).toEqual([
        [channel, true, 'credited'],
      ]);

      // The provider sends the same notification again: acknowledged, not credited again.
      const again = await providerResends(created.qrContent);
      expect(again.body).toMatchObject({ delivered: true });
      expect(await walletOf(who.id)).toEqual({ available: 100_000, frozen: 0 });
      expect(await entriesOf(created.orderNo)).toHaveLength(1);
      expect((await callbacksOf(created.orderNo)).map((c) => c.outcome)).toEqual([
        'credited',
        'duplicate',
      ]);
      await expectLedgerSound();

      const list = await t.call('GET', `/api-user/pay/recharge/list?channel=${channel}`, {
        token: who.token,
      });
      const page = RechargePageSchema.parse(list.body.datas);
      expect(page.total).toBe(1);
      expect(page.records[0]).toMatchObject({ orderNo: created.orderNo, status: 'completed' });
    });

    it(`${channel}: a tampered notification is refused, logged and changes nothing`, async () => {
      const who = await seller('th');
      const created = await opened(who, { channel, amount: 50_000, currency: 'THB', preset: true });
      expect((await payerConfirms(created.qrContent)).body).toMatchObject({ delivered: true });
      const [genuine] = await callbacksOf(created.orderNo);
      if (!genuine) throw new Error('no notification arrived');
      const before = await walletOf(who.id);
      const rejectedBefore = (await callbacksOf(null)).filter((c) => !c.verified).length;

      // One digit changed: the signature no longer matches what it signed.
      const tampered = genuine.body.replace(/\d/, (digit) => String((Number(digit) + 1) % 10));
      expect(tampered).not.toBe(genuine.body);
      const response = await t.app.request(`/api-user/pay/notify/${channel}`, {
        method: 'POST',
        headers: genuine.headers,
        body: tampered,
      });
      const reply = await response.text();
      const success = channel === 'alipay' ? reply.trim() === 'success' : response.ok;
      expect(success, `${response.status} ${reply}`).toBe(false);

      const unverified = (await callbacksOf(null)).filter((c) => !c.verified);
      expect(unverified).toHaveLength(rejectedBefore + 1);
      expect(unverified.at(-1)).toMatchObject({
        channel,
        orderNo: null,
        outcome: 'rejected',
        body: tampered,
      });
      expect(
        t.logs.some(
          (line) =>
            line.level === 'warn' &&
            line.message === 'payment notification rejected' &&
            line.channel === channel,
        ),
      ).toBe(true);
      expect(await walletOf(who.id)).toEqual(before);
      expect(await entriesOf(created.orderNo)).toHaveLength(1);
    });
  }

  it('refuses a payment whose amount differs from the order, crediting nothing', async () => {
    const who = await seller('th');
    const created = await opened(who, {
      channel: 'promptpay',
      amount: 100_000,
      currency: 'THB',
      preset: true,
    });
    // The order asks one satang more than the QR code the payer pays.
    await t.db
      .update(paymentOrders)
      .set({ payAmount: created.payAmount + 1 })
      .where(eq(paymentOrders.orderNo, created.orderNo));
    const paid = await payerConfirms(created.qrContent);
    expect(paid.body).toMatchObject({ status: 'paid', delivered: false });

    const logged = await callbacksOf(created.orderNo);
    expect(logged[0]).toMatchObject({ verified: true, outcome: 'rejected' });
    expect(logged[0]?.detail).toContain('1,000.00');
    expect(await walletOf(who.id)).toEqual({ available: 0, frozen: 0 });
    expect(await entriesOf(created.orderNo)).toEqual([]);
    expect((await order(who, created.orderNo)).status).toBe('unpaid');
  });

  // What each provider calls a payment the payer did not complete.
  const failures: [PaymentChannel, 'failed' | 'closed'][] = [
    ['wechat', 'failed'],
    ['alipay', 'closed'],
    ['promptpay', 'failed'],
  ];
  for (const [channel, reason] of failures)
    it(`${channel}: a failed payment closes the order, releases the coupon, credits nothing`, async () => {
      const who = await seller('th');
      const coupon = await couponFor(who.id);
      const created = await opened(who, {
        channel,
        amount: 100_000,
        currency: 'THB',
        preset: true,
        couponId: coupon.id,
      });
      expect(await couponState(coupon.id)).toMatchObject({ status: 'freezing' });
      const failed = await payerConfirms(created.qrContent, 'failed');
      expect(failed.body).toMatchObject({ status: 'failed', delivered: true });
      expect(await order(who, created.orderNo)).toMatchObject({
        status: 'closed',
        closeReason: reason,
      });
      expect((await callbacksOf(created.orderNo)).map((c) => c.outcome)).toEqual(['failed']);
      expect(await couponState(coupon.id)).toEqual({ status: 'unused', orderRef: null });
      expect(await walletOf(who.id)).toEqual({ available: 0, frozen: 0 });
    });
});

describe('the recharge limits', () => {
  it('holds a custom amount to USD 300 at the current rate, and a rate change moves it', async () => {
    const who = await seller('my');
    // USD 300 at 4.25 ringgit: RM 1,275.00.
    const over = await recharge(who, { channel: 'alipay', amount: 127_501, currency: 'MYR' });
    expect(over.body).toMatchObject({ resp_code: 2201, key: 'RECHARGE_LIMIT_EXCEEDED' });
    expect(over.body.resp_msg).toContain('RM1,275.00');
    expect(over.body.datas).toEqual({ limit: 127_500, currency: 'MYR' });
    const limit = await opened(who, { channel: 'alipay', amount: 127_500, currency: 'MYR' });
    expect(limit.amount).toBe(127_500);

    // The ringgit weakens to 4.5 per dollar: the same USD 300 is now RM 1,350.00.
    await t.db.insert(exchangeRates).values({
      base: 'USD',
      quote: 'MYR',
      rate: '4.5',
      effectiveFrom: t.clock.now(),
      source: 'test',
    });
    const options = await t.call('GET', '/api-user/pay/recharge/options', { token: who.token });
    expect(options.body.datas.customMax).toBe(135_000);
    const now = await opened(who, { channel: 'alipay', amount: 127_501, currency: 'MYR' });
    expect(now.status).toBe('unpaid');
    const [stored] = await t.db
      .select({ conversion: paymentOrders.conversion })
      .from(paymentOrders)
      .where(eq(paymentOrders.orderNo, now.orderNo));
    // The limit's conversion is kept with the order it checked.
    expect(stored?.conversion).toMatchObject({
      limit: { from: 'USD', to: 'MYR', amount: 30_000, converted: 135_000, rate: '4.5' },
    });
    const beyond = await recharge(who, { channel: 'alipay', amount: 135_001, currency: 'MYR' });
    expect(beyond.body.key).toBe('RECHARGE_LIMIT_EXCEEDED');
  });

  it('takes a preset only from the presets, a custom amount from the minimum up, in the wallet currency', async () => {
    const who = await seller('th');
    const preset = await opened(who, {
      channel: 'promptpay',
      amount: 500_000,
      currency: 'THB',
      preset: true,
    });
    expect(preset.amount).toBe(500_000);
    const notPreset = await recharge(who, {
      channel: 'promptpay',
      amount: 123_400,
      currency: 'THB',
      preset: true,
    });
    expect(notPreset.body).toMatchObject({ key: 'VALIDATION_FAILED' });
    expect(notPreset.body.datas.fields[0].field).toBe('amount');
    const custom = await opened(who, { channel: 'promptpay', amount: 123_400, currency: 'THB' });
    expect(custom.amount).toBe(123_400);
    const small = await recharge(who, { channel: 'promptpay', amount: 99, currency: 'THB' });
    expect(small.body).toMatchObject({ resp_code: 2208, key: 'RECHARGE_AMOUNT_TOO_SMALL' });
    expect(small.body.resp_msg).toContain('฿1.00');
    const otherCurrency = await recharge(who, {
      channel: 'wechat',
      amount: 10_000,
      currency: 'CNY',
    });
    expect(otherCurrency.body.key).toBe('VALIDATION_FAILED');
    expect(otherCurrency.body.datas.fields[0].field).toBe('currency');
  });

  it('words the limit in the reader language', async () => {
    const who = await seller('th');
    for (const language of ['zh', 'th', 'en']) {
      const res = await t.call('POST', '/api-user/pay/recharge', {
        token: who.token,
        language,
        json: { channel: 'promptpay', amount: 975_001, currency: 'THB' },
        headers: { [IDEMPOTENCY_HEADER]: newKey() },
      });
      expect(res.body.key).toBe('RECHARGE_LIMIT_EXCEEDED');
      expect(res.body.resp_msg).toContain('฿9,750.00');
    }
  });
});

describe('idempotent creation', () => {
  it('needs the Idempotency-Key header', async () => {
    const who = await seller('th');
    const res = await recharge(
      who,
      { channel: 'promptpay', amount: 10_000, currency: 'THB' },
      null,
    );
    expect(res.body).toMatchObject({ resp_code: 400, key: 'VALIDATION_FAILED' });
    expect(res.body.datas.fields).toEqual([
      { field: IDEMPOTENCY_HEADER, message: expect.any(String) },
    ]);
    const [rows] = await t.db
      .select({ n: count() })
      .from(paymentOrders)
      .where(eq(paymentOrders.ownerId, who.id));
    expect(rows?.n).toBe(0);
  });

  it('answers the same order for the same key and input, and refuses the key with other input', async () => {
    const who = await seller('th');
    const key = newKey();
    const input = { channel: 'wechat', amount: 30_000, currency: 'THB' };
    const first = await opened(who, input, key);
    const second = await opened(who, input, key);
    expect(second.orderNo).toBe(first.orderNo);
    expect(second.qrContent).toBe(first.qrContent);
    const other = await recharge(who, { ...input, amount: 30_100 }, key);
    expect(other.body).toMatchObject({ resp_code: 1009, key: 'IDEMPOTENCY_KEY_REUSED' });
    // Keys are per account: another seller may use the same one.
    const stranger = await seller('th');
    const theirs = await opened(stranger, input, key);
    expect(theirs.orderNo).not.toBe(first.orderNo);
  });

  it('opens one order for 20 parallel requests with one key', async () => {
    const who = await seller('th');
    const key = newKey();
    const input = { channel: 'alipay', amount: 20_000, currency: 'THB' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => recharge(who, input, key)));
    for (const answer of answers) expect(answer.body.resp_code, answer.text).toBe(0);
    const numbers = new Set(answers.map((answer) => answer.body.datas.orderNo));
    expect(numbers.size).toBe(1);
    expect(answers.every((answer) => answer.body.datas.qrContent)).toBe(true);
    const [rows] = await t.db
      .select({ n: count() })
      .from(paymentOrders)
      .where(eq(paymentOrders.ownerId, who.id));
    expect(rows?.n).toBe(1);
  });
});

describe('expiry, refresh and close', () => {
  it('closes an unpaid order once its QR code expires, releasing the coupon; refresh opens a fresh one', async () => {
    const who = await seller('th');
    const coupon = await couponFor(who.id);
    const created = await opened(who, {
      channel: 'wechat',
      amount: 100_000,
      currency: 'THB',
      preset: true,
      couponId: coupon.id,
    });
    expect(await couponState(coupon.id)).toEqual({
      status: 'freezing',
      orderRef: `recharge:${created.orderNo}`,
    });
    t.clock.advance(PAYMENT_QR_TTL_SECONDS * 1000 - 1000);
    expect((await order(who, created.orderNo)).status).toBe('unpaid');
    t.clock.advance(1000);
    expect(await order(who, created.orderNo)).toMatchObject({
      status: 'closed',
      closeReason: 'expired',
      qrContent: null,
    });
    expect(await couponState(coupon.id)).toEqual({ status: 'unused', orderRef: null });

    const key = newKey();
    const refresh = () =>
      t.call('POST', '/api-user/pay/order/refresh', {
        token: who.token,
        json: { orderNo: created.orderNo },
        headers: { [IDEMPOTENCY_HEADER]: key },
      });
    const res = await refresh();
    expect(res.body.resp_code, res.text).toBe(0);
    const fresh = PaymentOrderSchema.parse(res.body.datas);
    expect(fresh).toMatchObject({
      status: 'unpaid',
      amount: 100_000,
      channel: 'wechat',
      discount: 5_000,
      couponId: coupon.id,
    });
    expect(fresh.orderNo).not.toBe(created.orderNo);
    expect(fresh.qrContent).toBeTruthy();
    expect(await couponState(coupon.id)).toEqual({
      status: 'freezing',
      orderRef: `recharge:${fresh.orderNo}`,
    });
    expect((await order(who, created.orderNo)).closeReason).toBe('refreshed');
    // The same key answers the same fresh order; the old one cannot be refreshed twice.
    expect((await refresh()).body.datas.orderNo).toBe(fresh.orderNo);
    const twice = await t.call('POST', '/api-user/pay/order/refresh', {
      token: who.token,
      json: { orderNo: created.orderNo },
      headers: { [IDEMPOTENCY_HEADER]: newKey() },
    });
    expect(twice.body.key).toBe('PAYMENT_ORDER_CLOSED');

    // Refreshing the unpaid fresh order replaces it in turn.
    const third = await t.call('POST', '/api-user/pay/order/refresh', {
      token: who.token,
      json: { orderNo: fresh.orderNo },
      headers: { [IDEMPOTENCY_HEADER]: newKey() },
    });
    expect(third.body.resp_code, third.text).toBe(0);
    expect(await order(who, fresh.orderNo)).toMatchObject({
      status: 'closed',
      closeReason: 'refreshed',
    });
    expect(await couponState(coupon.id)).toEqual({
      status: 'freezing',
      orderRef: `recharge:${third.body.datas.orderNo}`,
    });
  });

  it('the expiry job closes what nobody looked at', async () => {
    const who = await seller('th');
    const coupon = await couponFor(who.id);
    const created = await opened(who, {
      channel: 'alipay',
      amount: 100_000,
      currency: 'THB',
      preset: true,
      couponId: coupon.id,
    });
    await expirePaymentOrders(t.deps);
    const statusOf = async () =>
      (
        await t.db
          .select({ status: paymentOrders.status, closeReason: paymentOrders.closeReason })
          .from(paymentOrders)
          .where(eq(paymentOrders.orderNo, created.orderNo))
      )[0];
    expect(await statusOf()).toEqual({ status: 'unpaid', closeReason: null });
    t.clock.advance(PAYMENT_QR_TTL_SECONDS * 1000);
    expect(await expirePaymentOrders(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await statusOf()).toEqual({ status: 'closed', closeReason: 'expired' });
    expect(await couponState(coupon.id)).toEqual({ status: 'unused', orderRef: null });
    // The QR code expired at the provider too: the payer can no longer pay it.
    expect((await payerConfirms(created.qrContent)).body).toMatchObject({ error: 'expired' });
  });

  it('credits a payment that arrives after the order expired: the money is real', async () => {
    const who = await seller('th');
    const coupon = await couponFor(who.id);
    // A PromptPay QR code names no expiry: a banking app still pays it after ours.
    const created = await opened(who, {
      channel: 'promptpay',
      amount: 100_000,
      currency: 'THB',
      preset: true,
      couponId: coupon.id,
    });
    t.clock.advance(PAYMENT_QR_TTL_SECONDS * 1000);
    expect(await expirePaymentOrders(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await couponState(coupon.id)).toEqual({ status: 'unused', orderRef: null });
    expect((await payerConfirms(created.qrContent)).body).toMatchObject({ delivered: true });
    // The payer paid 950 baht: that is what arrives; the coupon stayed unused for another time.
    expect(await order(who, created.orderNo)).toMatchObject({
      status: 'completed',
      amount: 95_000,
      discount: 0,
      couponId: null,
      closeReason: 'expired',
      wallet: { balance: 95_000 },
    });
    expect(await entriesOf(created.orderNo)).toEqual([{ kind: 'recharge', amount: 95_000 }]);
    expect((await callbacksOf(created.orderNo)).map((c) => c.outcome)).toEqual(['credited']);
    expect(await couponState(coupon.id)).toEqual({ status: 'unused', orderRef: null });
    await expectLedgerSound();
  });

  it('closes an unpaid order on request; a payment that still arrives is credited as it was paid', async () => {
    const who = await seller('th');
    const coupon = await couponFor(who.id);
    const created = await opened(who, {
      channel: 'wechat',
      amount: 100_000,
      currency: 'THB',
      preset: true,
      couponId: coupon.id,
    });
    const closed = await t.call('POST', '/api-user/pay/order/close', {
      token: who.token,
      json: { orderNo: created.orderNo },
    });
    expect(closed.body.datas).toMatchObject({ status: 'closed', closeReason: 'closed' });
    expect(await couponState(coupon.id)).toEqual({ status: 'unused', orderRef: null });

    // The payer had the QR code open and paid its 208.13 yuan (950 baht) anyway.
    expect((await payerConfirms(created.qrContent)).body).toMatchObject({ delivered: true });
    expect(await order(who, created.orderNo)).toMatchObject({
      status: 'completed',
      amount: 95_000,
      discount: 0,
      couponId: null,
      wallet: { balance: 95_000 },
    });
    expect(await entriesOf(created.orderNo)).toEqual([{ kind: 'recharge', amount: 95_000 }]);
    expect(await couponState(coupon.id)).toEqual({ status: 'unused', orderRef: null });
    await expectLedgerSound();

    const again = await t.call('POST', '/api-user/pay/order/close', {
      token: who.token,
      json: { orderNo: created.orderNo },
    });
    expect(again.body.key).toBe('PAYMENT_ORDER_PAID');
  });

  it('shows an order to its owner only', async () => {
    const who = await seller('th');
    const created = await opened(who, { channel: 'alipay', amount: 10_000, currency: 'THB' });
    const stranger = await seller('th');
    for (const [method, path, json] of [
      ['GET', `/api-user/pay/order?orderNo=${created.orderNo}`, undefined],
      ['POST', '/api-user/pay/order/close', { orderNo: created.orderNo }],
    ] as const) {
      const res = await t.call(method, path, {
        token: stranger.token,
        ...(json ? { json } : {}),
      });
      expect(res.body).toMatchObject({ key: 'RECORD_NOT_FOUND', datas: null });
    }
    const refresh = await t.call('POST', '/api-user/pay/order/refresh', {
      token: stranger.token,
      json: { orderNo: created.orderNo },
      headers: { [IDEMPOTENCY_HEADER]: newKey() },
    });
    expect(refresh.body.key).toBe('RECORD_NOT_FOUND');
    expect((await order(who, created.orderNo)).status).toBe('unpaid');
  });
});

describe('recharge with a coupon', () => {
  it('the payer pays less, the wallet receives the full amount: recharge plus compensation', async () => {
    const who = await seller('th');
    const coupon = await couponFor(who.id, { maxOffset: 10_000 });
    const created = await opened(who, {
      channel: 'promptpay',
      amount: 300_000,
      currency: 'THB',
      preset: true,
      couponId: coupon.id,
    });
    expect(created).toMatchObject({
      amount: 300_000,
      discount: 10_000,
      payAmount: 290_000,
      couponId: coupon.id,
      conversion: { amount: 290_000, converted: 290_000 },
    });
    expect((await payerConfirms(created.qrContent)).body).toMatchObject({ delivered: true });
    expect(await order(who, created.orderNo)).toMatchObject({
      status: 'completed',
      wallet: { balance: 300_000, available: 300_000 },
    });
    expect(await entriesOf(created.orderNo)).toEqual([
      { kind: 'recharge', amount: 290_000 },
      { kind: 'compensation', amount: 10_000 },
    ]);
    expect(await couponState(coupon.id)).toEqual({
      status: 'used',
      orderRef: `recharge:${created.orderNo}`,
    });
    expect(await walletOf(who.id)).toEqual({ available: 300_000, frozen: 0 });

    // The coupon went to that order: another recharge cannot take it again.
    const reuse = await recharge(who, {
      channel: 'promptpay',
      amount: 300_000,
      currency: 'THB',
      preset: true,
      couponId: coupon.id,
    });
    expect(reuse.body.key).toBe('COUPON_USED');
    expect((await providerResends(created.qrContent)).body).toMatchObject({ delivered: true });
    expect(await walletOf(who.id)).toEqual({ available: 300_000, frozen: 0 });
    await expectLedgerSound();
  });

  it('refuses a coupon of another scope or account, opening nothing', async () => {
    const who = await seller('th');
    const service = await couponFor(who.id, { scope: 'serviceFee' });
    const wrong = await recharge(who, {
      channel: 'promptpay',
      amount: 100_000,
      currency: 'THB',
      preset: true,
      couponId: service.id,
    });
    expect(wrong.body.key).toBe('COUPON_SCENE_INVALID');
    const stranger = await seller('th');
    const theirs = await couponFor(stranger.id);
    const notMine = await recharge(who, {
      channel: 'promptpay',
      amount: 100_000,
      currency: 'THB',
      preset: true,
      couponId: theirs.id,
    });
    expect(notMine.body.key).toBe('COUPON_NOT_FOUND');
    const [rows] = await t.db
      .select({ n: count() })
      .from(paymentOrders)
      .where(eq(paymentOrders.ownerId, who.id));
    expect(rows?.n).toBe(0);
  });
});

describe('sub-accounts', () => {
  it("recharge the main account's wallet with the grant, and are refused without it", async () => {
    const main = await seller('th');
    const granted = await makeSubAccount(
      t,
      main.token,
      `sub-${randomUUID()}@example.com`,
      [],
      [{ url: '/pay/recharge', buttons: ['recharge'] }],
    );
    const sub = { id: granted.id, token: granted.token };
    const created = await opened(sub, {
      channel: 'promptpay',
      amount: 50_000,
      currency: 'THB',
      preset: true,
    });
    expect((await payerConfirms(created.qrContent)).body).toMatchObject({ delivered: true });
    expect(await walletOf(main.id)).toEqual({ available: 50_000, frozen: 0 });
    const [row] = await t.db
      .select({ ownerId: paymentOrders.ownerId, createdBy: paymentOrders.createdBy })
      .from(paymentOrders)
      .where(eq(paymentOrders.orderNo, created.orderNo));
    expect(row).toEqual({ ownerId: main.id, createdBy: sub.id });
    // The main account sees it as its own.
    expect((await order(main, created.orderNo)).status).toBe('completed');

    const viewer = await makeSubAccount(
      t,
      main.token,
      `sub-${randomUUID()}@example.com`,
      [],
      [{ url: '/pay/recharge', buttons: [] }],
    );
    const refused = await recharge(
      { id: viewer.id, token: viewer.token },
      { channel: 'promptpay', amount: 50_000, currency: 'THB', preset: true },
    );
    expect(refused.body.key).toBe('PERMISSION_DENIED');
    const options = await t.call('GET', '/api-user/pay/recharge/options', { token: viewer.token });
    expect(options.body.resp_code).toBe(0);
  });
});

describe('GET /api-user/pay/recharge/list', () => {
  it('filters by status, channel and a date range in the reader time zone', async () => {
    // 02:00 UTC is 09:00 in Bangkok, 21:00 the day before in New York; 18:00 UTC is 01:00 the
    // next day in Bangkok, 13:00 in New York.
    t.clock.set(new Date('2026-12-01T02:00:00.000Z'));
    const who = await seller('th');
    const a = await opened(who, { channel: 'promptpay', amount: 10_000, currency: 'THB' });
    t.clock.advance(8 * 3600_000);
    expect((await order(who, a.orderNo)).status).toBe('closed');
    t.clock.advance(8 * 3600_000);
    const b = await opened(who, { channel: 'alipay', amount: 20_000, currency: 'THB' });
    expect((await payerConfirms(b.qrContent)).body).toMatchObject({ delivered: true });

    const list = async (query: string) => {
      const res = await t.call('GET', `/api-user/pay/recharge/list?${query}`, { token: who.token });
      expect(res.body.resp_code, res.text).toBe(0);
      return RechargePageSchema.parse(res.body.datas);
    };
    const all = await list('');
    expect(all.total).toBe(2);
    expect(all.records.map((r) => r.orderNo)).toEqual([b.orderNo, a.orderNo]);
    expect((await list('status=completed')).records.map((r) => r.orderNo)).toEqual([b.orderNo]);
    expect((await list('status=closed')).records.map((r) => r.orderNo)).toEqual([a.orderNo]);
    expect((await list('channel=promptpay')).records.map((r) => r.orderNo)).toEqual([a.orderNo]);
    const range = new URLSearchParams({
      beginTime: '2026-12-01 00:00:00',
      endTime: '2026-12-01 23:59:59',
      timeZone: 'Asia/Bangkok',
    });
    expect((await list(range.toString())).records.map((r) => r.orderNo)).toEqual([a.orderNo]);
    // The same wall-clock day in New York starts 12 hours later: only the second order is in it.
    range.set('timeZone', 'America/New_York');
    expect((await list(range.toString())).records.map((r) => r.orderNo)).toEqual([b.orderNo]);
    expect((await list('limit=1&page=2')).records.map((r) => r.orderNo)).toEqual([a.orderNo]);
  });
});
