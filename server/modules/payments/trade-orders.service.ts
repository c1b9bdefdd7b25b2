import { COUPON_SCOPES, type CouponScope } from '@shared/contracts/coupons';
import { LANGUAGES, type Language } from '@shared/contracts/languages';
import { CURRENCIES, type Currency } from '@shared/contracts/money';
import {
  PAYMENT_QR_TTL_SECONDS,
  type PaymentOrder,
  type PayTradeRequest,
  type PayTradeResult,
  type TradeListQuery,
  type TradeOrder,
  type TradePage,
} from '@shared/contracts/payments';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import type { Database } from '../../db/client';
import { ledgerEntries, paymentOrders, tradeOrders, walletFreezes } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { translator } from '../../lib/i18n';
import { keyset } from '../../lib/keyset';
import {
  couponOrderRef,
  releaseCoupon,
  // Named apart from React's hooks, which the linter takes any use* call to be.
  useCoupon as spendCoupon,
} from '../coupons/coupons.service';
import { requestHash } from '../wallet/idempotency';
import { cancelOrder, freezeForOrder, settleOrder } from './checkout.service';
import { newOrderNumber } from './payment-numbers';
import {
  closeExpiredOf,
  closeLocked,
  lockOrder,
  lockTradeForPayment,
  orderOfKey,
  type PaymentOrderRow,
  paymentOrderView,
  type TradeOrderRow,
} from './payment-orders.service';
import { openQrPayment } from './qr-payments.service';
import { fieldError } from './recharge.service';

type PaymentDeps = Pick<AppDeps, 'db' | 'clock' | 'logger' | 'payments'>;
type Names = Record<Language, string>;

interface TradeLineInput {
  name: Names;
  quantity: number;
  /** Integer minor units of the order's currency. */
  unitPrice: number;
}

export interface CreateTradeOrderInput {
  /** The main account that is to pay it. */
  ownerId: string;
  title: Names;
  /** The coupon scope it falls under (spec section 9). */
  scope: CouponScope;
  currency: Currency;
  lines: TradeLineInput[];
}

function invalid(field: string): AppError {
  return new AppError('VALIDATION_FAILED', { params: { fields: field } });
}

function checkNames(names: Names | undefined, field: string): void {
  for (const language of LANGUAGES)
    if (typeof names?.[language] !== 'string' || names[language].trim() === '')
      throw invalid(field);
}

/**
 * Records an order waiting to be paid (a service, a warehouse, a fee): its title and lines in
 * every language, its amount the sum of its lines. Features that sell something call this, then
 * send the seller to pay it. No actor: the selling feature names the account (`ownerId`).
 */
export async function createTradeOrder(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  _actor: null,
  input: CreateTradeOrderInput,
): Promise<TradeOrderRow> {
  const { db, clock } = deps;
  checkNames(input.title, 'title');
  if (!(COUPON_SCOPES as readonly string[]).includes(input.scope)) throw invalid('scope');
  if (!(CURRENCIES as readonly string[]).includes(input.currency)) throw invalid('currency');
  if (!Array.isArray(input.lines) || input.lines.length === 0) throw invalid('lines');
  const lines = input.lines.map((line, index) => {
    checkNames(line.name, `lines.${index}.name`);
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1)
      throw invalid(`lines.${index}.quantity`);
    if (!Number.isSafeInteger(line.unitPrice) || line.unitPrice < 0)
      throw invalid(`lines.${index}.unitPrice`);
    const amount = line.quantity * line.unitPrice;
    if (!Number.isSafeInteger(amount)) throw invalid(`lines.${index}.unitPrice`);
    return {
      name: { zh: line.name.zh, th: line.name.th, en: line.name.en },
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      amount,
    };
  });
  const amount = lines.reduce((sum, line) => sum + line.amount, 0);
  if (!Number.isSafeInteger(amount) || amount < 1) throw invalid('lines');
  const now = clock.now();
  const [row] = await db
    .insert(tradeOrders)
    .values({
      tradeNo: newOrderNumber('T', now),
      ownerId: input.ownerId,
      title: { zh: input.title.zh, th: input.title.th, en: input.title.en },
      scope: input.scope,
      amount,
      currency: input.currency,
      status: 'pending',
      lines,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('trade order not written');
  return row;
}

const nameIn = (names: Record<string, string>, language: Language) =>
  names[language] ?? names.en ?? Object.values(names)[0] ?? '';

function tradeView(row: TradeOrderRow, language: Language): TradeOrder {
  return {
    tradeNo: row.tradeNo,
    title: nameIn(row.title, language),
    scope: row.scope,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    lines: row.lines.map((line) => ({
      name: nameIn(line.name, language),
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      amount: line.amount,
    })),
    paidBy: (row.paidBy as TradeOrder['paidBy']) ?? null,
    discount: row.discount,
    couponId: row.couponId,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  };
}

async function ownedTrade(db: Database, ownerId: string, tradeNo: string) {
  const [row] = await db
    .select()
    .from(tradeOrders)
    .where(and(eq(tradeOrders.tradeNo, tradeNo), eq(tradeOrders.ownerId, ownerId)));
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return row;
}

/** GET /api-user/pay/trade/list: the account's orders, those still to pay first, newest first. */
export async function listTrades(
  deps: PaymentDeps,
  actor: Actor,
  query: TradeListQuery & { language: Language },
): Promise<TradePage> {
  const { language } = query;
  await closeExpiredOf(deps, actor);
  const where = and(
    eq(tradeOrders.ownerId, actor.ownerId),
    query.status ? eq(tradeOrders.status, query.status) : undefined,
  );
  const [total] = await deps.db.select({ n: count() }).from(tradeOrders).where(where);
  const page = keyset(
    [
      {
        column: sql`(case when ${tradeOrders.status} in ('pending', 'paying') then 0 else 1 end)`,
        type: 'integer',
        order: 'asc',
      },
      { column: tradeOrders.createdAt, order: 'desc' },
      { column: tradeOrders.tradeNo, order: 'desc' },
    ],
    query,
  );
  const found = await deps.db
    .select({ trade: tradeOrders, cursorKey: page.key })
    .from(tradeOrders)
    .where(and(where, page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);
  const { rows, next, previous } = page.finish(found);
  return {
    records: rows.map((row) => tradeView(row.trade, language)),
    total: total?.n ?? 0,
    next,
    previous,
  };
}

/** GET /api-user/pay/trade/detail. */
export async function tradeDetail(
  deps: PaymentDeps,
  actor: Actor,
  input: { tradeNo: string; language: Language },
): Promise<TradeOrder> {
  const { tradeNo, language } = input;
  await closeExpiredOf(deps, actor);
  return tradeView(await ownedTrade(deps.db, actor.ownerId, tradeNo), language);
}

/** The idempotency key was claimed by another request in the meantime: nothing of ours is kept. */
class KeyTaken extends Error {}

const walletReference = (tradeNo: string) => ({ type: 'trade', id: tradeNo });
/** The idempotency key of a wallet payment's freeze, named by the payment order. */
const freezeKeyOf = (orderNo: string) => `${orderNo}:freeze`;

/** Marks a wallet payment done: the trade order paid from the wallet, the payment completed. */
async function completeWalletPayment(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  orderNo: string,
  coupon: { discount: number; couponId: string | null },
): Promise<PaymentOrderRow> {
  const { discount } = coupon;
  return deps.db.transaction(async (tx) => {
    const locked = await lockOrder({ db: tx }, null, orderNo);
    if (!locked) throw new Error(`payment order ${orderNo} vanished`);
    const { order, trade } = locked;
    if (order.status === 'completed') return order;
    const now = deps.clock.now();
    const couponId = discount > 0 ? coupon.couponId : null;
    if (trade)
      await tx
        .update(tradeOrders)
        .set({
          status: 'paid',
          paidBy: 'wallet',
          paidAt: now,
          discount,
          couponId,
          paymentOrderNo: order.orderNo,
        })
        .where(eq(tradeOrders.id, trade.id));
    const [done] = await tx
      .update(paymentOrders)
      .set({
        status: 'completed',
        discount,
        couponId,
        payAmount: order.amount - discount,
        paidAt: now,
        completedAt: now,
      })
      .where(eq(paymentOrders.id, order.id))
      .returning();
    return done ?? order;
  });
}

/**
 * Pays a trade order from the wallet: one transaction marks it paying and records the payment
 * (the idempotency key's claim); then the coupon is held and the amount less its discount frozen,
 * then settled (history: freeze, then deduct), and the order is paid. A wallet short of the
 * amount answers -10 with the shortfall unchanged: the coupon goes back to unused, the trade order
 * back to pending, and the claim is dropped so that the same key may pay once the wallet is
 * topped up. Should the process stop between the steps, the expiry job finishes or undoes them.
 */
async function payFromWallet(
  deps: PaymentDeps,
  actor: Actor,
  trade: TradeOrderRow,
  couponId: string | undefined,
  idempotencyKey: string,
  hash: string,
): Promise<PaymentOrderRow | null> {
  const now = deps.clock.now();
  const orderNo = newOrderNumber('P', now);
  try {
    await deps.db.transaction(async (tx) => {
      // The claim comes first: a second request with the same key waits here for this one.
      const [claimed] = await tx
        .insert(paymentOrders)
        .values({
          orderNo,
          ownerId: actor.ownerId,
          createdBy: actor.userId,
          kind: 'trade',
          channel: null,
          status: 'unpaid',
          amount: trade.amount,
          currency: trade.currency,
          discount: 0,
          payAmount: trade.amount,
          payCurrency: trade.currency,
          // The expiry job looks at a wallet payment still unpaid by then: it was interrupted.
          expiresAt: new Date(now.getTime() + PAYMENT_QR_TTL_SECONDS * 1000),
          tradeNo: trade.tradeNo,
          idempotencyKey,
          requestHash: hash,
          createdAt: now,
        })
        .onConflictDoNothing({ target: [paymentOrders.ownerId, paymentOrders.idempotencyKey] })
        .returning();
      if (!claimed) throw new KeyTaken();
      const locked = await lockTradeForPayment({ db: tx }, actor, {
        tradeNo: trade.tradeNo,
        orderNo,
        now,
      });
      await tx
        .update(tradeOrders)
        .set({ status: 'paying', paymentOrderNo: orderNo })
        .where(eq(tradeOrders.id, locked.id));
    });
  } catch (error) {
    if (error instanceof KeyTaken) return null;
    throw error;
  }

  const reference = walletReference(trade.tradeNo);
  let held: Awaited<ReturnType<typeof freezeForOrder>>;
  try {
    held = await freezeForOrder(deps, null, {
      ownerId: actor.ownerId,
      reference,
      currency: trade.currency,
      estimate: trade.amount,
      couponId,
      scope: trade.scope,
      idempotencyKey: freezeKeyOf(orderNo),
      actorId: actor.userId,
    });
  } catch (error) {
    await deps.db.transaction(async (tx) => {
      const locked = await lockOrder({ db: tx }, null, orderNo);
      if (locked?.order.status !== 'unpaid') return;
      await tx.delete(paymentOrders).where(eq(paymentOrders.id, locked.order.id));
      if (locked.trade?.paymentOrderNo === orderNo)
        await tx
          .update(tradeOrders)
          .set({ status: 'pending', paymentOrderNo: null, couponId: null, discount: 0 })
          .where(eq(tradeOrders.id, locked.trade.id));
    });
    throw error;
  }
  await deps.db
    .update(paymentOrders)
    .set({ discount: held.discount, couponId: held.couponId, payAmount: held.frozen })
    .where(eq(paymentOrders.orderNo, orderNo));
  const settled = await settleOrder(deps, null, {
    ownerId: actor.ownerId,
    reference,
    actual: trade.amount,
    idempotencyKey: `${orderNo}:settle`,
    actorId: actor.userId,
  });
  return completeWalletPayment(deps, orderNo, {
    discount: settled.discount,
    couponId: held.couponId,
  });
}

/** The fingerprint of a pay request, for its idempotency key. */
function payHash(input: PayTradeRequest): string {
  return requestHash('orderTrading', {
    tradeNo: input.tradeNo,
    method: input.method,
    channel: input.channel,
    couponId: input.couponId,
  });
}

async function payResult(
  db: Database,
  order: PaymentOrderRow,
  language: Language,
): Promise<PayTradeResult> {
  const trade = await ownedTrade(db, order.ownerId, order.tradeNo ?? '');
  return {
    trade: tradeView(trade, language),
    payment: await paymentOrderView({ db }, null, order),
  };
}

/**
 * POST /api-user/pay/orderTrading: pays a pending trade order from the wallet, or opens a QR
 * payment for it. The same idempotency key with the same request answers the first result.
 */
export async function payTrade(
  deps: PaymentDeps,
  actor: Actor,
  input: PayTradeRequest & { idempotencyKey: string; language: Language },
): Promise<PayTradeResult> {
  const t = translator(input.language);
  const { idempotencyKey } = input;
  const hash = payHash(input);
  for (;;) {
    const first = await orderOfKey(deps, actor, { idempotencyKey, hash });
    if (first) return payResult(deps.db, first, t.language);
    if (input.method === 'qr' && !input.channel) throw fieldError(t, 'channel', 'required');
    const trade = await ownedTrade(deps.db, actor.ownerId, input.tradeNo);
    const order =
      input.method === 'qr' && input.channel
        ? await openQrPayment(deps, actor, {
            kind: 'trade',
            channel: input.channel,
            amount: trade.amount,
            currency: trade.currency,
            tradeNo: trade.tradeNo,
            couponId: input.couponId,
            scope: trade.scope,
            idempotencyKey,
            requestHash: hash,
            subject: nameIn(trade.title, t.language).slice(0, 127),
            language: t.language,
          })
        : await payFromWallet(deps, actor, trade, input.couponId, idempotencyKey, hash);
    if (order) return payResult(deps.db, order, t.language);
  }
}

/** Opens a fresh QR payment for the trade order a closed one was paying (a refreshed QR code). */
export async function reopenTradePayment(
  deps: PaymentDeps,
  actor: Actor,
  reopen: { previous: PaymentOrderRow; idempotencyKey: string; hash: string; language: Language },
): Promise<PaymentOrderRow | null> {
  const { previous, language } = reopen;
  if (!previous.channel || !previous.tradeNo) throw new AppError('TRADE_ORDER_NOT_PAYABLE');
  const trade = await ownedTrade(deps.db, actor.ownerId, previous.tradeNo);
  return openQrPayment(deps, actor, {
    kind: 'trade',
    channel: previous.channel,
    amount: trade.amount,
    currency: trade.currency,
    tradeNo: trade.tradeNo,
    couponId: previous.couponId ?? undefined,
    scope: trade.scope,
    idempotencyKey: reopen.idempotencyKey,
    requestHash: reopen.hash,
    subject: nameIn(trade.title, language).slice(0, 127),
    replaces: previous.orderNo,
    language,
  });
}

/**
 * Finishes or undoes a wallet payment of a trade order that stopped between its steps (the
 * process ended): settled in the wallet, it completes (the settlement answered again, the order
 * paid); frozen but not settled, the freeze is cancelled; either way short of settled, the coupon
 * goes back and the trade order back to pending.
 */
export async function recoverWalletPayment(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  _actor: null,
  orderNo: string,
): Promise<PaymentOrder['status'] | null> {
  const [order] = await deps.db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.orderNo, orderNo));
  if (order?.status !== 'unpaid' || order.channel !== null || !order.tradeNo) return null;
  const reference = walletReference(order.tradeNo);
  const orderRef = couponOrderRef('trade', order.tradeNo);
  // This payment's own freeze (the one its freeze key made): an earlier attempt at the same
  // order may have left a released one beside it.
  const [held] = await deps.db
    .select({ state: walletFreezes.state })
    .from(walletFreezes)
    .innerJoin(ledgerEntries, eq(ledgerEntries.freezeId, walletFreezes.id))
    .where(
      and(
        eq(walletFreezes.ownerId, order.ownerId),
        eq(walletFreezes.referenceType, reference.type),
        eq(walletFreezes.referenceId, reference.id),
        eq(ledgerEntries.kind, 'freeze'),
        eq(ledgerEntries.idempotencyKey, freezeKeyOf(orderNo)),
      ),
    );
  if (held?.state === 'settled') {
    const settled = await settleOrder(deps, null, {
      ownerId: order.ownerId,
      reference,
      actual: order.amount,
      idempotencyKey: `${orderNo}:settle`,
    });
    // The coupon the settlement used, named again by its order (an answer that changes nothing).
    const couponId =
      settled.discount > 0
        ? (
            await spendCoupon(deps, null, {
              ownerId: order.ownerId,
              orderRef,
              now: deps.clock.now(),
            })
          ).couponId
        : null;
    return (await completeWalletPayment(deps, orderNo, { discount: settled.discount, couponId }))
      .status;
  }
  if (held?.state === 'open')
    await cancelOrder(deps, null, {
      ownerId: order.ownerId,
      reference,
      idempotencyKey: `${orderNo}:cancel`,
    });
  else await releaseCoupon(deps, null, { ownerId: order.ownerId, orderRef });
  return deps.db.transaction(async (tx) => {
    const locked = await lockOrder({ db: tx }, null, orderNo);
    if (!locked) return null;
    return (
      await closeLocked({ db: tx }, null, {
        order: locked.order,
        trade: locked.trade,
        reason: 'failed',
        now: deps.clock.now(),
      })
    ).status;
  });
}
