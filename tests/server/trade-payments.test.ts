import { randomUUID } from 'node:crypto';
import {
  coupons,
  ledgerEntries,
  paymentOrders,
  tradeOrders,
  walletFreezes,
  wallets,
} from '@server/db/schema/index';
import { expirePaymentOrders } from '@server/jobs/payment-expiry';
import { AppError } from '@server/lib/errors';
import { grantCoupon, verifyCoupons } from '@server/modules/coupons/coupons.service';
import {
  cancelOrder,
  freezeForOrder,
  settleOrder,
} from '@server/modules/payments/checkout.service';
import { createTradeOrder } from '@server/modules/payments/trade-orders.service';
import { verifyLedger } from '@server/modules/wallet/ledger-verify';
import { type LedgerDeps, recharge } from '@server/modules/wallet/wallet.service';
import type { CouponScope } from '@shared/contracts/coupons';
import type { Currency } from '@shared/contracts/money';
import {
  IDEMPOTENCY_HEADER,
  PAYMENT_QR_TTL_SECONDS,
  PayTradeResultSchema,
  TradeOrderSchema,
  TradePageSchema,
} from '@shared/contracts/payments';
import type { SiteCode } from '@shared/contracts/site-codes';
import { InsufficientBalanceDataSchema } from '@shared/contracts/wallet';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
let ledger: LedgerDeps;

beforeAll(async () => {
  t = await createTestApp();
  ledger = { db: t.db, clock: t.clock };
});
afterAll(() => t.close());

interface Seller {
  id: string;
  token: string;
}

async function seller(site: SiteCode = 'th'): Promise<Seller> {
  const { createAccount } = await import('@server/modules/accounts/accounts.service');
  const email = `trade-${randomUUID()}@example.com`;
  const user = await createAccount(t, null, {
    email,
    password: 'Seller-pass1',
    name: 'Trader',
    role: 'BUYER',
    site,
  });
  return { id: user.id, token: await login(t, email, 'Seller-pass1') };
}

const newKey = () => `key-${randomUUID()}`;

/** Money in the wallet the way a recharge puts it there. */
async function topUp(ownerId: string, amount: number, currency: Currency = 'THB') {
  await recharge(ledger, null, {
    ownerId,
    currency,
    amount,
    reference: { type: 'recharge', id: `TOPUP${randomUUID().slice(0, 8)}` },
    idempotencyKey: newKey(),
  });
}

async function walletOf(ownerId: string, currency: Currency = 'THB') {
  const [row] = await t.db
    .select()
    .from(wallets)
    .where(and(eq(wallets.ownerId, ownerId), eq(wallets.currency, currency)));
  return row ? { available: row.available, frozen: row.frozen } : { available: 0, frozen: 0 };
}

async function trade(
  ownerId: string,
  options: { currency?: Currency; unitPrice?: number; quantity?: number; scope?: CouponScope } = {},
) {
  return createTradeOrder(t, null, {
    ownerId,
    title: { zh: '翻译服务', th: 'บริการแปล', en: 'Translation service' },
    scope: options.scope ?? 'serviceFee',
    currency: options.currency ?? 'THB',
    lines: [
      {
        name: { zh: '每百字', th: 'ต่อ 100 ตัวอักษร', en: 'Per 100 characters' },
        quantity: options.quantity ?? 2,
        unitPrice: options.unitPrice ?? 50_000,
      },
    ],
  });
}

async function couponFor(ownerId: string, input: Partial<Parameters<typeof grantCoupon>[2]> = {}) {
  const now = t.clock.now();
  return grantCoupon(t, null, {
    ownerId,
    name: { zh: '服务券', th: 'คูปองบริการ', en: 'Service coupon' },
    type: 'cash',
    scope: 'serviceFee',
    currency: 'THB',
    threshold: 0,
    maxOffset: 10_000,
    percentOff: null,
    validFrom: new Date(now.getTime() - 86_400_000),
    validTo: new Date(now.getTime() + 30 * 86_400_000),
    ...input,
  });
}

async function couponState(id: string) {
  const [row] = await t.db.select().from(coupons).where(eq(coupons.id, id));
  return row ? { status: row.status, orderRef: row.orderRef, discount: row.discount } : null;
}

function pay(who: Seller, json: Record<string, unknown>, key = newKey(), language = 'en') {
  return t.call('POST', '/api-user/pay/orderTrading', {
    token: who.token,
    json,
    language,
    headers: { [IDEMPOTENCY_HEADER]: key },
  });
}

async function paid(who: Seller, json: Record<string, unknown>, key = newKey()) {
  const res = await pay(who, json, key);
  expect(res.body.resp_code, res.text).toBe(0);
  return PayTradeResultSchema.parse(res.body.datas);
}

async function tradeRow(tradeNo: string) {
  const [row] = await t.db.select().from(tradeOrders).where(eq(tradeOrders.tradeNo, tradeNo));
  if (!row) throw new Error(`no trade ${tradeNo}`);
  return row;
}

async function historyOf(type: string, id: string) {
  return t.db
    .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.referenceType, type), eq(ledgerEntries.referenceId, id)))
    .orderBy(ledgerEntries.sequence);
}

async function paymentsOfTrade(tradeNo: string) {
  return t.db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.tradeNo, tradeNo))
    .orderBy(paymentOrders.createdAt);
}

async function sandbox(path: string, json: unknown) {
  const response = await t.sandbox.fetch(
    new Request(`http://sandbox.test${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(json),
    }),
  );
  return (await response.json()) as Record<string, any>;
}
const payerConfirms = (qrContent: string | null, outcome: 'paid' | 'failed' = 'paid') =>
  sandbox('/pay/api/confirm', { qrContent, outcome });

/** The journal balances, and no coupon went to two orders or to none. */
async function expectLedgerSound() {
  expect((await verifyLedger(t, null)).violations).toEqual([]);
  expect((await verifyCoupons(t, null)).violations).toEqual([]);
}

/** The AppError a rejected promise carries. */
async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('trade orders', () => {
  it('records an order whose amount is the sum of its lines, read in the reader language', async () => {
    const who = await seller();
    const created = await createTradeOrder(t, null, {
      ownerId: who.id,
      title: { zh: '开仓', th: 'เปิดคลัง', en: 'Open a warehouse' },
      scope: 'openWarehouse',
      currency: 'THB',
      lines: [
        { name: { zh: '仓位', th: 'พื้นที่', en: 'Space' }, quantity: 3, unitPrice: 150_000 },
        { name: { zh: '手续费', th: 'ค่าธรรมเนียม', en: 'Fee' }, quantity: 1, unitPrice: 2_550 },
      ],
    });
    expect(created).toMatchObject({ amount: 452_550, status: 'pending', currency: 'THB' });
    expect(created.tradeNo).toMatch(/^T[0-9A-Z]{19}$/);

    const detail = await t.call('GET', `/api-user/pay/trade/detail?tradeNo=${created.tradeNo}`, {
      token: who.token,
      language: 'th',
    });
    expect(detail.body.resp_code, detail.text).toBe(0);
    expect(TradeOrderSchema.parse(detail.body.datas)).toMatchObject({
      title: 'เปิดคลัง',
      scope: 'openWarehouse',
      amount: 452_550,
      lines: [
        { name: 'พื้นที่', quantity: 3, unitPrice: 150_000, amount: 450_000 },
        { name: 'ค่าธรรมเนียม', quantity: 1, unitPrice: 2_550, amount: 2_550 },
      ],
      paidBy: null,
      discount: 0,
    });
    const zh = await t.call('GET', `/api-user/pay/trade/detail?tradeNo=${created.tradeNo}`, {
      token: who.token,
      language: 'zh',
    });
    expect(zh.body.datas.title).toBe('开仓');

    const stranger = await seller();
    const theirs = await t.call('GET', `/api-user/pay/trade/detail?tradeNo=${created.tradeNo}`, {
      token: stranger.token,
    });
    expect(theirs.body).toMatchObject({ key: 'RECORD_NOT_FOUND', datas: null });
    const steal = await pay(stranger, { tradeNo: created.tradeNo, method: 'wallet' });
    expect(steal.body.key).toBe('RECORD_NOT_FOUND');
  });

  it('refuses an order without lines, with a bad line or a missing language', async () => {
    const who = await seller();
    const base = {
      ownerId: who.id,
      title: { zh: '服务', th: 'บริการ', en: 'Service' },
      scope: 'serviceFee' as const,
      currency: 'THB' as const,
    };
    const line = { name: { zh: '项', th: 'รายการ', en: 'Item' }, quantity: 1, unitPrice: 100 };
    for (const input of [
      { ...base, lines: [] },
      { ...base, lines: [{ ...line, quantity: 0 }] },
      { ...base, lines: [{ ...line, unitPrice: 1.5 }] },
      { ...base, lines: [{ ...line, unitPrice: 0 }] },
      { ...base, title: { zh: '服务', th: '', en: 'Service' }, lines: [line] },
    ])
      expect((await failure(createTradeOrder(t, null, input))).key).toBe('VALIDATION_FAILED');
  });

  it('lists the orders still to pay first', async () => {
    const who = await seller();
    await topUp(who.id, 1_000_000);
    const first = await trade(who.id);
    t.clock.advance(1000);
    const second = await trade(who.id);
    t.clock.advance(1000);
    const third = await trade(who.id);
    await paid(who, { tradeNo: third.tradeNo, method: 'wallet' });
    const res = await t.call('GET', '/api-user/pay/trade/list', { token: who.token });
    const page = TradePageSchema.parse(res.body.datas);
    expect(page.total).toBe(3);
    expect(page.records.map((r) => [r.tradeNo, r.status])).toEqual([
      [second.tradeNo, 'pending'],
      [first.tradeNo, 'pending'],
      [third.tradeNo, 'paid'],
    ]);
    const pending = await t.call('GET', '/api-user/pay/trade/list?status=paid', {
      token: who.token,
    });
    expect(pending.body.datas.records.map((r: { tradeNo: string }) => r.tradeNo)).toEqual([
      third.tradeNo,
    ]);
  });
});

describe('POST /api-user/pay/orderTrading from the wallet', () => {
  it('pays with a coupon: the balance goes down by the amount less the discount, the coupon is used', async () => {
    const who = await seller();
    await topUp(who.id, 500_000);
    const order = await trade(who.id);
    const coupon = await couponFor(who.id);
    const key = newKey();
    const result = await paid(
      who,
      { tradeNo: order.tradeNo, method: 'wallet', couponId: coupon.id },
      key,
    );
    expect(result.trade).toMatchObject({
      tradeNo: order.tradeNo,
      status: 'paid',
      paidBy: 'wallet',
      amount: 100_000,
      discount: 10_000,
      couponId: coupon.id,
      paidAt: expect.any(String),
    });
    expect(result.payment).toMatchObject({
      kind: 'trade',
      channel: null,
      status: 'completed',
      amount: 100_000,
      discount: 10_000,
      payAmount: 90_000,
      payCurrency: 'THB',
      tradeNo: order.tradeNo,
      qrContent: null,
      wallet: { currency: 'THB', balance: 410_000, available: 410_000, frozen: 0 },
    });
    expect(await walletOf(who.id)).toEqual({ available: 410_000, frozen: 0 });
    expect(await couponState(coupon.id)).toEqual({
      status: 'used',
      orderRef: `trade:${order.tradeNo}`,
      discount: 10_000,
    });
    // The wallet history: the amount frozen, then deducted.
    expect(await historyOf('trade', order.tradeNo)).toEqual([
      { kind: 'freeze', amount: 90_000 },
      { kind: 'deduct', amount: 90_000 },
    ]);
    await expectLedgerSound();

    // The same key answers the first result again; another key finds the order paid.
    const again = await paid(
      who,
      { tradeNo: order.tradeNo, method: 'wallet', couponId: coupon.id },
      key,
    );
    expect(again.payment.orderNo).toBe(result.payment.orderNo);
    const twice = await pay(who, { tradeNo: order.tradeNo, method: 'wallet' });
    expect(twice.body).toMatchObject({ resp_code: 2205, key: 'PAYMENT_ORDER_PAID' });
    const otherInput = await pay(who, { tradeNo: order.tradeNo, method: 'wallet' }, key);
    expect(otherInput.body.key).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await walletOf(who.id)).toEqual({ available: 410_000, frozen: 0 });
    expect(await historyOf('trade', order.tradeNo)).toHaveLength(2);
  });

  it('answers -10 with the shortfall when the wallet is short; the coupon goes back to unused', async () => {
    const who = await seller();
    await topUp(who.id, 50_000);
    const order = await trade(who.id);
    const coupon = await couponFor(who.id);
    const key = newKey();
    const input = { tradeNo: order.tradeNo, method: 'wallet', couponId: coupon.id };
    const res = await pay(who, input, key);
    expect(res.body).toMatchObject({ resp_code: -10, key: 'WALLET_INSUFFICIENT_BALANCE' });
    // 100,000 less the 10,000 coupon: 90,000 needed, 50,000 there.
    expect(InsufficientBalanceDataSchema.parse(res.body.datas)).toEqual({
      messages: [order.tradeNo],
      shortfall: 40_000,
      currency: 'THB',
    });
    expect(await couponState(coupon.id)).toEqual({
      status: 'unused',
      orderRef: null,
      discount: null,
    });
    expect(await tradeRow(order.tradeNo)).toMatchObject({
      status: 'pending',
      paymentOrderNo: null,
      couponId: null,
    });
    expect(await paymentsOfTrade(order.tradeNo)).toEqual([]);
    expect(await walletOf(who.id)).toEqual({ available: 50_000, frozen: 0 });

    // Topped up, the same request pays.
    await topUp(who.id, 40_000);
    const result = await paid(who, input, key);
    expect(result.trade.status).toBe('paid');
    expect(await walletOf(who.id)).toEqual({ available: 0, frozen: 0 });
    await expectLedgerSound();
  });

  it('pays once for 20 parallel requests with one key', async () => {
    const who = await seller();
    await topUp(who.id, 1_000_000);
    const order = await trade(who.id);
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => pay(who, { tradeNo: order.tradeNo, method: 'wallet' }, key)),
    );
    for (const answer of answers) expect(answer.body.resp_code, answer.text).toBe(0);
    expect(new Set(answers.map((a) => a.body.datas.payment.orderNo)).size).toBe(1);
    expect(await walletOf(who.id)).toEqual({ available: 900_000, frozen: 0 });
    expect(await historyOf('trade', order.tradeNo)).toEqual([
      { kind: 'freeze', amount: 100_000 },
      { kind: 'deduct', amount: 100_000 },
    ]);
  });

  it('pays once when two different requests race for one order', async () => {
    const who = await seller();
    await topUp(who.id, 1_000_000);
    const order = await trade(who.id);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => pay(who, { tradeNo: order.tradeNo, method: 'wallet' })),
    );
    const codes = answers.map((a) => a.body.key ?? 'OK');
    expect(codes.filter((c) => c === 'OK')).toHaveLength(1);
    for (const code of codes.filter((c) => c !== 'OK'))
      expect(['PAYMENT_ORDER_PAID', 'TRADE_ORDER_NOT_PAYABLE']).toContain(code);
    expect(await walletOf(who.id)).toEqual({ available: 900_000, frozen: 0 });
    await expectLedgerSound();
  });

  it('refuses a cancelled order and a QR payment without a channel', async () => {
    const who = await seller();
    const order = await trade(who.id);
    const noChannel = await pay(who, { tradeNo: order.tradeNo, method: 'qr' });
    expect(noChannel.body.key).toBe('VALIDATION_FAILED');
    expect(noChannel.body.datas.fields[0].field).toBe('channel');
    await t.db
      .update(tradeOrders)
      .set({ status: 'cancelled' })
      .where(eq(tradeOrders.tradeNo, order.tradeNo));
    const cancelled = await pay(who, { tradeNo: order.tradeNo, method: 'wallet' });
    expect(cancelled.body).toMatchObject({ resp_code: 2206, key: 'TRADE_ORDER_NOT_PAYABLE' });
    const missing = await t.call('POST', '/api-user/pay/orderTrading', {
      token: who.token,
      json: { tradeNo: order.tradeNo, method: 'wallet' },
    });
    expect(missing.body.key).toBe('VALIDATION_FAILED');
  });
});

describe('POST /api-user/pay/orderTrading by QR code', () => {
  it('opens a QR payment; once paid the order is paid by the channel, the coupon used, the wallet untouched', async () => {
    const who = await seller();
    const order = await trade(who.id);
    const coupon = await couponFor(who.id);
    const result = await paid(who, {
      tradeNo: order.tradeNo,
      method: 'qr',
      channel: 'promptpay',
      couponId: coupon.id,
    });
    expect(result.trade).toMatchObject({ status: 'paying', discount: 10_000, couponId: coupon.id });
    expect(result.payment).toMatchObject({
      kind: 'trade',
      channel: 'promptpay',
      status: 'unpaid',
      amount: 100_000,
      discount: 10_000,
      payAmount: 90_000,
      payCurrency: 'THB',
      tradeNo: order.tradeNo,
    });
    expect(result.payment.orderNo).toMatch(/^P[0-9A-Z]{19}$/);
    expect(await couponState(coupon.id)).toMatchObject({
      status: 'freezing',
      orderRef: `trade:${order.tradeNo}`,
    });

    expect(await payerConfirms(result.payment.qrContent)).toMatchObject({ delivered: true });
    const detail = await t.call('GET', `/api-user/pay/trade/detail?tradeNo=${order.tradeNo}`, {
      token: who.token,
    });
    expect(detail.body.datas).toMatchObject({
      status: 'paid',
      paidBy: 'promptpay',
      discount: 10_000,
      couponId: coupon.id,
    });
    const payment = await t.call('GET', `/api-user/pay/order?orderNo=${result.payment.orderNo}`, {
      token: who.token,
    });
    expect(payment.body.datas).toMatchObject({ status: 'completed', wallet: null });
    expect(await couponState(coupon.id)).toMatchObject({ status: 'used' });
    expect(await walletOf(who.id)).toEqual({ available: 0, frozen: 0 });

    // The notification again: nothing changes.
    expect(await sandbox('/pay/api/resend', { qrContent: result.payment.qrContent })).toMatchObject(
      {
        delivered: true,
      },
    );
    expect((await tradeRow(order.tradeNo)).status).toBe('paid');
    expect(await walletOf(who.id)).toEqual({ available: 0, frozen: 0 });
  });

  it('puts the order back to pending and the coupon back when the QR payment expires or is closed', async () => {
    const who = await seller();
    const order = await trade(who.id);
    const coupon = await couponFor(who.id);
    const first = await paid(who, {
      tradeNo: order.tradeNo,
      method: 'qr',
      channel: 'alipay',
      couponId: coupon.id,
    });
    expect(first.payment.payCurrency).toBe('CNY');
    t.clock.advance(PAYMENT_QR_TTL_SECONDS * 1000);
    expect(await expirePaymentOrders(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await tradeRow(order.tradeNo)).toMatchObject({
      status: 'pending',
      paymentOrderNo: null,
      couponId: null,
      discount: 0,
    });
    expect(await couponState(coupon.id)).toMatchObject({ status: 'unused' });

    const second = await paid(who, {
      tradeNo: order.tradeNo,
      method: 'qr',
      channel: 'wechat',
      couponId: coupon.id,
    });
    const closed = await t.call('POST', '/api-user/pay/order/close', {
      token: who.token,
      json: { orderNo: second.payment.orderNo },
    });
    expect(closed.body.datas).toMatchObject({ status: 'closed', closeReason: 'closed' });
    expect((await tradeRow(order.tradeNo)).status).toBe('pending');
    expect(await couponState(coupon.id)).toMatchObject({ status: 'unused' });

    // A refreshed QR code pays the same order with the same coupon.
    const refreshed = await t.call('POST', '/api-user/pay/order/refresh', {
      token: who.token,
      json: { orderNo: first.payment.orderNo },
      headers: { [IDEMPOTENCY_HEADER]: newKey() },
    });
    expect(refreshed.body.resp_code, refreshed.text).toBe(0);
    expect(refreshed.body.datas).toMatchObject({
      kind: 'trade',
      channel: 'alipay',
      status: 'unpaid',
      tradeNo: order.tradeNo,
      couponId: coupon.id,
    });
    expect(await tradeRow(order.tradeNo)).toMatchObject({
      status: 'paying',
      paymentOrderNo: refreshed.body.datas.orderNo,
    });
    expect(await couponState(coupon.id)).toMatchObject({ status: 'freezing' });
  });

  it('switching to the wallet closes the open QR payment; a late payment of it lands in the wallet', async () => {
    const who = await seller();
    await topUp(who.id, 100_000);
    const order = await trade(who.id);
    const qr = await paid(who, { tradeNo: order.tradeNo, method: 'qr', channel: 'promptpay' });
    const wallet = await paid(who, { tradeNo: order.tradeNo, method: 'wallet' });
    expect(wallet.trade).toMatchObject({ status: 'paid', paidBy: 'wallet' });
    const [closed] = await t.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.orderNo, qr.payment.orderNo));
    expect(closed).toMatchObject({ status: 'closed', closeReason: 'closed' });
    expect(await walletOf(who.id)).toEqual({ available: 0, frozen: 0 });

    // The payer still pays the old QR code: the order is paid already, the money goes to the wallet.
    expect(await payerConfirms(qr.payment.qrContent)).toMatchObject({ delivered: true });
    expect(await walletOf(who.id)).toEqual({ available: 100_000, frozen: 0 });
    expect(await historyOf('recharge', qr.payment.orderNo)).toEqual([
      { kind: 'recharge', amount: 100_000 },
    ]);
    expect(await tradeRow(order.tradeNo)).toMatchObject({ status: 'paid', paidBy: 'wallet' });
    await expectLedgerSound();
  });

  it('a provider refusal closes the payment as failed and gives the coupon and order back', async () => {
    const who = await seller('cn');
    // 101 million yuan: more than Alipay takes in one payment (100 million).
    const order = await trade(who.id, {
      currency: 'CNY',
      unitPrice: 100_000_000,
      quantity: 101,
    });
    const coupon = await couponFor(who.id, { currency: 'CNY', scope: 'general' });
    const res = await pay(who, {
      tradeNo: order.tradeNo,
      method: 'qr',
      channel: 'alipay',
      couponId: coupon.id,
    });
    expect(res.body).toMatchObject({ resp_code: 2207, key: 'PAYMENT_PROVIDER_FAILED' });
    expect(res.body.resp_msg).toContain('Alipay');
    expect(res.body.datas).toMatchObject({ channel: 'alipay', code: expect.any(String) });
    const [payment] = await paymentsOfTrade(order.tradeNo);
    expect(payment).toMatchObject({ status: 'closed', closeReason: 'failed' });
    expect(await tradeRow(order.tradeNo)).toMatchObject({ status: 'pending', couponId: null });
    expect(await couponState(coupon.id)).toMatchObject({ status: 'unused' });
    expect(await walletOf(who.id, 'CNY')).toEqual({ available: 0, frozen: 0 });
  });
});

describe('checkout: freezeForOrder, settleOrder, cancelOrder', () => {
  const service = () => ({ type: 'serviceOrder', id: `S${randomUUID().slice(0, 12)}` });

  it('freezes the estimate less the coupon, then settles the actual less its discount', async () => {
    const who = await seller();
    await topUp(who.id, 200_000);
    // 10% off, at most 8,000, from 50,000 up.
    const coupon = await couponFor(who.id, {
      type: 'discount',
      percentOff: 10,
      maxOffset: 8_000,
      threshold: 50_000,
    });
    const reference = service();
    const frozen = await freezeForOrder(ledger, null, {
      ownerId: who.id,
      reference,
      currency: 'THB',
      estimate: 100_000,
      couponId: coupon.id,
      scope: 'serviceFee',
      idempotencyKey: newKey(),
    });
    expect(frozen).toMatchObject({ discount: 8_000, frozen: 92_000, couponId: coupon.id });
    expect(await walletOf(who.id)).toEqual({ available: 108_000, frozen: 92_000 });
    expect(await couponState(coupon.id)).toMatchObject({
      status: 'freezing',
      orderRef: `serviceOrder:${reference.id}`,
    });

    const key = newKey();
    const settled = await settleOrder(ledger, null, {
      ownerId: who.id,
      reference,
      actual: 60_000,
      idempotencyKey: key,
    });
    // 10% of 60,000: 6,000 off, 54,000 charged, the rest of the freeze released.
    expect(settled).toMatchObject({ discount: 6_000, charged: 54_000 });
    expect(await walletOf(who.id)).toEqual({ available: 146_000, frozen: 0 });
    expect(await couponState(coupon.id)).toMatchObject({ status: 'used', discount: 6_000 });
    expect(await historyOf(reference.type, reference.id)).toEqual([
      { kind: 'freeze', amount: 92_000 },
      { kind: 'deduct', amount: 54_000 },
      { kind: 'release', amount: 38_000 },
    ]);
    const again = await settleOrder(ledger, null, {
      ownerId: who.id,
      reference,
      actual: 60_000,
      idempotencyKey: key,
    });
    expect(again).toMatchObject({ discount: 6_000, charged: 54_000 });
    expect(again.result.replayed).toBe(true);
    expect(await walletOf(who.id)).toEqual({ available: 146_000, frozen: 0 });
    await expectLedgerSound();
  });

  it('gives the coupon back when the actual amount misses its threshold', async () => {
    const who = await seller();
    await topUp(who.id, 200_000);
    const coupon = await couponFor(who.id, { threshold: 50_000 });
    const reference = service();
    await freezeForOrder(ledger, null, {
      ownerId: who.id,
      reference,
      currency: 'THB',
      estimate: 80_000,
      couponId: coupon.id,
      scope: 'serviceFee',
      idempotencyKey: newKey(),
    });
    const settled = await settleOrder(ledger, null, {
      ownerId: who.id,
      reference,
      actual: 30_000,
      idempotencyKey: newKey(),
    });
    expect(settled).toMatchObject({ discount: 0, charged: 30_000 });
    expect(await couponState(coupon.id)).toEqual({
      status: 'unused',
      orderRef: null,
      discount: null,
    });
    expect(await walletOf(who.id)).toEqual({ available: 170_000, frozen: 0 });
  });

  it('cancels: the whole freeze back to available, the coupon back to unused', async () => {
    const who = await seller();
    await topUp(who.id, 100_000);
    const coupon = await couponFor(who.id);
    const reference = service();
    await freezeForOrder(ledger, null, {
      ownerId: who.id,
      reference,
      currency: 'THB',
      estimate: 50_000,
      couponId: coupon.id,
      scope: 'serviceFee',
      idempotencyKey: newKey(),
    });
    expect(await walletOf(who.id)).toEqual({ available: 60_000, frozen: 40_000 });
    await cancelOrder(ledger, null, { ownerId: who.id, reference, idempotencyKey: newKey() });
    expect(await walletOf(who.id)).toEqual({ available: 100_000, frozen: 0 });
    expect(await couponState(coupon.id)).toEqual({
      status: 'unused',
      orderRef: null,
      discount: null,
    });
    expect(await historyOf(reference.type, reference.id)).toEqual([
      { kind: 'freeze', amount: 40_000 },
      { kind: 'release', amount: 40_000 },
    ]);
    await expectLedgerSound();
  });

  it('a refused freeze gives the coupon back; a second freeze of the same order keeps the first one coupon', async () => {
    const who = await seller();
    await topUp(who.id, 30_000);
    const coupon = await couponFor(who.id);
    const reference = service();
    const short = await failure(
      freezeForOrder(ledger, null, {
        ownerId: who.id,
        reference,
        currency: 'THB',
        estimate: 50_000,
        couponId: coupon.id,
        scope: 'serviceFee',
        idempotencyKey: newKey(),
      }),
    );
    expect(short.key).toBe('WALLET_INSUFFICIENT_BALANCE');
    expect(short.datas).toEqual({ messages: [reference.id], shortfall: 10_000, currency: 'THB' });
    expect(await couponState(coupon.id)).toMatchObject({ status: 'unused' });

    await topUp(who.id, 20_000);
    const input = {
      ownerId: who.id,
      reference,
      currency: 'THB' as const,
      estimate: 50_000,
      couponId: coupon.id,
      scope: 'serviceFee' as const,
      idempotencyKey: newKey(),
    };
    await freezeForOrder(ledger, null, input);
    const replay = await freezeForOrder(ledger, null, input);
    expect(replay.result.replayed).toBe(true);
    const other = await failure(
      freezeForOrder(ledger, null, { ...input, idempotencyKey: newKey() }),
    );
    expect(other.key).toBe('WALLET_FREEZE_EXISTS');
    expect(await couponState(coupon.id)).toMatchObject({ status: 'freezing' });
    expect(await walletOf(who.id)).toEqual({ available: 10_000, frozen: 40_000 });
  });
});

describe('an interrupted wallet payment', () => {
  /** The first steps of a wallet payment, as if the process stopped right after them. */
  async function interrupted(who: Seller, steps: 'claim' | 'freeze' | 'settle') {
    await topUp(who.id, 200_000);
    const order = await trade(who.id);
    const coupon = await couponFor(who.id);
    const now = t.clock.now();
    const orderNo = `P${randomUUID().replaceAll('-', '').slice(0, 19).toUpperCase()}`;
    await t.db.insert(paymentOrders).values({
      orderNo,
      ownerId: who.id,
      kind: 'trade',
      channel: null,
      amount: order.amount,
      currency: 'THB',
      payAmount: order.amount,
      payCurrency: 'THB',
      expiresAt: new Date(now.getTime() + PAYMENT_QR_TTL_SECONDS * 1000),
      tradeNo: order.tradeNo,
      idempotencyKey: newKey(),
      requestHash: 'interrupted',
      createdAt: now,
    });
    await t.db
      .update(tradeOrders)
      .set({ status: 'paying', paymentOrderNo: orderNo })
      .where(eq(tradeOrders.id, order.id));
    const reference = { type: 'trade', id: order.tradeNo };
    if (steps !== 'claim')
      await freezeForOrder(ledger, null, {
        ownerId: who.id,
        reference,
        currency: 'THB',
        estimate: order.amount,
        couponId: coupon.id,
        scope: 'serviceFee',
        idempotencyKey: `${orderNo}:freeze`,
      });
    if (steps === 'settle')
      await settleOrder(ledger, null, {
        ownerId: who.id,
        reference,
        actual: order.amount,
        idempotencyKey: `${orderNo}:settle`,
      });
    return { order, coupon, orderNo };
  }

  it('the expiry job undoes one that froze but never settled', async () => {
    const who = await seller();
    const { order, coupon, orderNo } = await interrupted(who, 'freeze');
    expect(await walletOf(who.id)).toEqual({ available: 110_000, frozen: 90_000 });
    // Meanwhile the order cannot be paid again.
    const blocked = await pay(who, { tradeNo: order.tradeNo, method: 'qr', channel: 'wechat' });
    expect(blocked.body.key).toBe('TRADE_ORDER_NOT_PAYABLE');
    t.clock.advance(PAYMENT_QR_TTL_SECONDS * 1000);
    await expirePaymentOrders(t.deps);
    expect(await walletOf(who.id)).toEqual({ available: 200_000, frozen: 0 });
    expect(await couponState(coupon.id)).toMatchObject({ status: 'unused' });
    expect(await tradeRow(order.tradeNo)).toMatchObject({ status: 'pending' });
    const [payment] = await t.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.orderNo, orderNo));
    expect(payment).toMatchObject({ status: 'closed', closeReason: 'failed' });
    const [freeze] = await t.db
      .select({ state: walletFreezes.state })
      .from(walletFreezes)
      .where(eq(walletFreezes.referenceId, order.tradeNo));
    expect(freeze?.state).toBe('released');
    await expectLedgerSound();
  });

  it('the expiry job finishes one that settled', async () => {
    const who = await seller();
    const { order, coupon, orderNo } = await interrupted(who, 'settle');
    t.clock.advance(PAYMENT_QR_TTL_SECONDS * 1000);
    await expirePaymentOrders(t.deps);
    expect(await walletOf(who.id)).toEqual({ available: 110_000, frozen: 0 });
    expect(await tradeRow(order.tradeNo)).toMatchObject({
      status: 'paid',
      paidBy: 'wallet',
      discount: 10_000,
      couponId: coupon.id,
    });
    expect(await couponState(coupon.id)).toMatchObject({ status: 'used' });
    const [payment] = await t.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.orderNo, orderNo));
    expect(payment).toMatchObject({ status: 'completed', discount: 10_000, payAmount: 90_000 });
    const [left] = await t.db
      .select({ n: count() })
      .from(paymentOrders)
      .where(and(eq(paymentOrders.tradeNo, order.tradeNo), eq(paymentOrders.status, 'unpaid')));
    expect(left?.n).toBe(0);
  });

  it('the expiry job closes one that only claimed its key', async () => {
    const who = await seller();
    const { order, orderNo } = await interrupted(who, 'claim');
    t.clock.advance(PAYMENT_QR_TTL_SECONDS * 1000);
    await expirePaymentOrders(t.deps);
    expect(await tradeRow(order.tradeNo)).toMatchObject({ status: 'pending' });
    const [payment] = await t.db
      .select({ status: paymentOrders.status })
      .from(paymentOrders)
      .where(eq(paymentOrders.orderNo, orderNo));
    expect(payment?.status).toBe('closed');
    expect(await walletOf(who.id)).toEqual({ available: 200_000, frozen: 0 });
  });
});
