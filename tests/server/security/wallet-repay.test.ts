import { randomUUID } from 'node:crypto';
import { paymentOrders, tradeOrders, walletFreezes, wallets } from '@server/db/schema/index';
import { expirePaymentOrders } from '@server/jobs/payment-expiry';
import { AppError } from '@server/lib/errors';
import { createAccount } from '@server/modules/accounts/accounts.service';
import { grantCoupon, verifyCoupons } from '@server/modules/coupons/coupons.service';
import {
  cancelOrder,
  freezeForOrder,
  settleOrder,
} from '@server/modules/payments/checkout.service';
import { createTradeOrder } from '@server/modules/payments/trade-orders.service';
import { requestHash } from '@server/modules/wallet/idempotency';
import { verifyLedger } from '@server/modules/wallet/ledger-verify';
import { type LedgerDeps, recharge } from '@server/modules/wallet/wallet.service';
import {
  IDEMPOTENCY_HEADER,
  PAYMENT_QR_TTL_SECONDS,
  PayTradeResultSchema,
} from '@shared/contracts/payments';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../support/accounts';
import { createTestApp, type TestApp } from '../../support/app';

/**
 * A wallet payment of a trade order that stopped after its freeze is undone by the expiry job
 * (the freeze released); the order can then be paid again, exactly once, with the money exact.
 */

let t: TestApp;
let ledger: LedgerDeps;

beforeAll(async () => {
  t = await createTestApp();
  ledger = { db: t.db, clock: t.clock };
});
afterAll(() => t.close());

const newKey = () => `key-${randomUUID()}`;

async function seller() {
  const email = `repay-${randomUUID()}@example.com`;
  const user = await createAccount(t, null, {
    email,
    password: 'Seller-pass1',
    name: 'Repayer',
    role: 'BUYER',
    site: 'th',
  });
  return { id: user.id, token: await login(t, email, 'Seller-pass1') };
}

async function walletOf(ownerId: string) {
  const [row] = await t.db
    .select({ available: wallets.available, frozen: wallets.frozen })
    .from(wallets)
    .where(and(eq(wallets.ownerId, ownerId), eq(wallets.currency, 'THB')));
  return row ?? { available: 0, frozen: 0 };
}

function pay(token: string, json: Record<string, unknown>, key: string) {
  return t.call('POST', '/api-user/pay/orderTrading', {
    token,
    json,
    language: 'en',
    headers: { [IDEMPOTENCY_HEADER]: key },
  });
}

async function freezesOf(tradeNo: string) {
  return t.db
    .select({ state: walletFreezes.state, amount: walletFreezes.amount })
    .from(walletFreezes)
    .where(and(eq(walletFreezes.referenceType, 'trade'), eq(walletFreezes.referenceId, tradeNo)))
    .orderBy(asc(walletFreezes.createdAt), asc(walletFreezes.state));
}

async function expectLedgerSound() {
  expect((await verifyLedger(t, null)).violations).toEqual([]);
  expect((await verifyCoupons(t, null)).violations).toEqual([]);
}

/**
 * A wallet payment as `payTrade` starts it (the payment claimed under the client's key, the order
 * paying, the amount less the coupon frozen under the payment's freeze key), then the process
 * stopped; the expiry job finds it once its time is over.
 */
async function interruptedAfterFreeze(who: { id: string }, couponId: string) {
  const order = await createTradeOrder(t, null, {
    ownerId: who.id,
    title: { zh: '翻译服务', th: 'บริการแปล', en: 'Translation service' },
    scope: 'serviceFee',
    currency: 'THB',
    lines: [
      {
        name: { zh: '每百字', th: 'ต่อ 100 ตัวอักษร', en: 'Per 100 characters' },
        quantity: 2,
        unitPrice: 50_000,
      },
    ],
  });
  const key = newKey();
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
    idempotencyKey: key,
    requestHash: requestHash('orderTrading', {
      tradeNo: order.tradeNo,
      method: 'wallet',
      couponId,
    }),
    createdAt: now,
  });
  await t.db
    .update(tradeOrders)
    .set({ status: 'paying', paymentOrderNo: orderNo })
    .where(eq(tradeOrders.id, order.id));
  await freezeForOrder(ledger, null, {
    ownerId: who.id,
    reference: { type: 'trade', id: order.tradeNo },
    currency: 'THB',
    estimate: order.amount,
    couponId,
    scope: 'serviceFee',
    idempotencyKey: `${orderNo}:freeze`,
  });
  return { order, key, orderNo };
}

describe('paying a trade order again after an interrupted wallet payment was undone', () => {
  it('freezes and settles anew once; retries of either key answer as before; the ledger stays sound', async () => {
    const who = await seller();
    await recharge(ledger, null, {
      ownerId: who.id,
      currency: 'THB',
      amount: 200_000,
      reference: { type: 'recharge', id: `TOPUP${randomUUID().slice(0, 8)}` },
      idempotencyKey: newKey(),
    });
    const now = t.clock.now();
    const coupon = await grantCoupon(t, null, {
      ownerId: who.id,
      name: { zh: '服务券', th: 'คูปองบริการ', en: 'Service coupon' },
      type: 'cash',
      scope: 'serviceFee',
      currency: 'THB',
      threshold: 0,
      maxOffset: 10_000,
      percentOff: null,
      validFrom: new Date(now.getTime() - 86_400_000),
      validTo: new Date(now.getTime() + 30 * 86_400_000),
    });
    const first = await interruptedAfterFreeze(who, coupon.id);
    expect(await walletOf(who.id)).toEqual({ available: 110_000, frozen: 90_000 });

    t.clock.advance(PAYMENT_QR_TTL_SECONDS * 1000);
    await expirePaymentOrders(t.deps);
    expect(await walletOf(who.id)).toEqual({ available: 200_000, frozen: 0 });
    expect(await freezesOf(first.order.tradeNo)).toEqual([{ state: 'released', amount: 90_000 }]);

    const json = { tradeNo: first.order.tradeNo, method: 'wallet', couponId: coupon.id };
    const key = newKey();
    const again = await pay(who.token, json, key);
    expect(again.body.key, again.text).toBeUndefined();
    expect(again.body.resp_code, again.text).toBe(0);
    const result = PayTradeResultSchema.parse(again.body.datas);
    expect(result.trade).toMatchObject({ status: 'paid', paidBy: 'wallet', discount: 10_000 });
    expect(result.payment).toMatchObject({ status: 'completed', payAmount: 90_000 });
    expect(result.payment.orderNo).not.toBe(first.orderNo);
    expect(await walletOf(who.id)).toEqual({ available: 110_000, frozen: 0 });
    expect(await freezesOf(first.order.tradeNo)).toEqual([
      { state: 'released', amount: 90_000 },
      { state: 'settled', amount: 90_000 },
    ]);

    // The same key again: the same answer, nothing moves.
    const replay = await pay(who.token, json, key);
    expect(replay.body.resp_code, replay.text).toBe(0);
    expect(PayTradeResultSchema.parse(replay.body.datas).payment).toEqual(result.payment);
    // The interrupted payment's key again: its own payment, closed as failed, nothing moves.
    const old = await pay(who.token, json, first.key);
    expect(old.body.resp_code, old.text).toBe(0);
    expect(PayTradeResultSchema.parse(old.body.datas).payment).toMatchObject({
      orderNo: first.orderNo,
      status: 'closed',
      closeReason: 'failed',
    });
    // Another key: the order is paid, nothing more to pay.
    const twice = await pay(who.token, json, newKey());
    expect(twice.body.key).toBe('PAYMENT_ORDER_PAID');
    expect(await walletOf(who.id)).toEqual({ available: 110_000, frozen: 0 });
    await expectLedgerSound();
  });
});

describe('the wallet keeps one live freeze per order', () => {
  async function refusal(promise: Promise<unknown>) {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).key;
  }

  it('freezes again after a cancel, never beside an open or a settled freeze', async () => {
    const who = await seller();
    await recharge(ledger, null, {
      ownerId: who.id,
      currency: 'THB',
      amount: 100_000,
      reference: { type: 'recharge', id: `TOPUP${randomUUID().slice(0, 8)}` },
      idempotencyKey: newKey(),
    });
    const reference = { type: 'service', id: `S${randomUUID().slice(0, 8)}` };
    const freezeOnce = (key: string, estimate = 30_000) =>
      freezeForOrder(ledger, null, {
        ownerId: who.id,
        reference,
        currency: 'THB',
        estimate,
        idempotencyKey: key,
      });
    const firstKey = newKey();
    await freezeOnce(firstKey);
    expect(await refusal(freezeOnce(newKey()))).toBe('WALLET_FREEZE_EXISTS');
    await cancelOrder(ledger, null, { ownerId: who.id, reference, idempotencyKey: newKey() });
    expect(await walletOf(who.id)).toEqual({ available: 100_000, frozen: 0 });

    // The first freeze's key still answers its first answer, and moves nothing.
    const replayed = await freezeOnce(firstKey);
    expect(replayed.result.replayed).toBe(true);
    expect(await walletOf(who.id)).toEqual({ available: 100_000, frozen: 0 });

    const secondKey = newKey();
    const second = await freezeOnce(secondKey, 40_000);
    expect(second.result.replayed).toBe(false);
    expect(await walletOf(who.id)).toEqual({ available: 60_000, frozen: 40_000 });
    expect(await refusal(freezeOnce(newKey()))).toBe('WALLET_FREEZE_EXISTS');

    const settled = await settleOrder(ledger, null, {
      ownerId: who.id,
      reference,
      actual: 35_000,
      idempotencyKey: newKey(),
    });
    expect(settled.charged).toBe(35_000);
    expect(await walletOf(who.id)).toEqual({ available: 65_000, frozen: 0 });
    // A settled order is charged once: no freeze beside it, no second settlement.
    expect(await refusal(freezeOnce(newKey()))).toBe('WALLET_FREEZE_EXISTS');
    expect(
      await refusal(
        settleOrder(ledger, null, {
          ownerId: who.id,
          reference,
          actual: 35_000,
          idempotencyKey: newKey(),
        }),
      ),
    ).toBe('WALLET_FREEZE_RESOLVED');
    expect(
      await refusal(
        cancelOrder(ledger, null, { ownerId: who.id, reference, idempotencyKey: newKey() }),
      ),
    ).toBe('WALLET_FREEZE_RESOLVED');
    expect(await walletOf(who.id)).toEqual({ available: 65_000, frozen: 0 });
    await expectLedgerSound();
  });

  it('lets only one of two concurrent freezes of the order through, in any currency', async () => {
    const who = await seller();
    for (const currency of ['THB', 'CNY'] as const)
      await recharge(ledger, null, {
        ownerId: who.id,
        currency,
        amount: 50_000,
        reference: { type: 'recharge', id: `TOPUP${randomUUID().slice(0, 8)}` },
        idempotencyKey: newKey(),
      });
    const reference = { type: 'service', id: `S${randomUUID().slice(0, 8)}` };
    await freezeForOrder(ledger, null, {
      ownerId: who.id,
      reference,
      currency: 'THB',
      estimate: 10_000,
      idempotencyKey: newKey(),
    });
    await cancelOrder(ledger, null, { ownerId: who.id, reference, idempotencyKey: newKey() });
    const outcomes = await Promise.allSettled(
      (['THB', 'CNY', 'THB', 'CNY'] as const).map((currency) =>
        freezeForOrder(ledger, null, {
          ownerId: who.id,
          reference,
          currency,
          estimate: 20_000,
          idempotencyKey: newKey(),
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes)
      if (o.status === 'rejected') expect((o.reason as AppError).key).toBe('WALLET_FREEZE_EXISTS');
    const open = await t.db
      .select({ id: walletFreezes.id })
      .from(walletFreezes)
      .where(and(eq(walletFreezes.referenceId, reference.id), eq(walletFreezes.state, 'open')));
    expect(open).toHaveLength(1);
    await expectLedgerSound();
  });
});
