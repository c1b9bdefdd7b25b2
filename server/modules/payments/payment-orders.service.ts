import type { Conversion as ConversionView, PaymentOrder } from '@shared/contracts/payments';
import type { LedgerReference, WalletBalance } from '@shared/contracts/wallet';
import { and, eq, inArray, lte, max, ne, sql } from 'drizzle-orm';
import type { Actor } from '../../context';
import type { Database } from '../../db/client';
import {
  ledgerEntries,
  ledgerPostings,
  paymentOrders,
  tradeOrders,
  wallets,
} from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { couponOrderRef, releaseCoupon } from '../coupons/coupons.service';
import type { Conversion } from '../wallet/exchange-rates';
import type { LedgerTx } from '../wallet/idempotency';

/**
 * Payment orders as every part of payments sees them: the rows, how they read in the API, how an
 * unpaid one closes (its coupon released, its trade order back to pending), and how a repeated
 * request finds the order its idempotency key opened.
 */

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
export type TradeOrderRow = typeof tradeOrders.$inferSelect;
/** A database handle or a transaction: the reads and writes here run in either. */
export type Db = Database | LedgerTx;
export type CloseReason = NonNullable<PaymentOrder['closeReason']>;

/** What `payment_orders.conversion` holds: the conversion to the pay currency, and the limit's. */
export interface StoredConversions {
  pay: Conversion;
  /** USD 300 in the wallet currency, for a custom recharge. */
  limit?: Conversion;
}

/** Whom the coupon of a payment is held for: a recharge itself, or the trade order it pays. */
export function couponRefOf(row: Pick<PaymentOrderRow, 'kind' | 'orderNo' | 'tradeNo'>): string {
  return row.kind === 'trade' && row.tradeNo
    ? couponOrderRef('trade', row.tradeNo)
    : couponOrderRef('recharge', row.orderNo);
}

/** When a conversion's rate took effect: its latest stored rate; now, for the same currency. */
export function rateDateOf(conversion: Conversion): string {
  return conversion.legs.reduce(
    (latest, leg) => (leg.effectiveFrom > latest ? leg.effectiveFrom : latest),
    conversion.legs.length > 0 ? '' : conversion.at,
  );
}

function conversionView(stored: unknown): ConversionView | null {
  const pay = (stored as StoredConversions | null)?.pay;
  if (!pay) return null;
  return {
    from: pay.from,
    to: pay.to,
    amount: pay.amount,
    converted: pay.converted,
    rate: pay.rate,
    rateDate: rateDateOf(pay),
  };
}

/**
 * Whether a payment was paid late: it had been closed (expired, replaced, closed, failed) when
 * the provider told us the money arrived. Such money is credited to the wallet as a recharge.
 */
export function paidLate(row: PaymentOrderRow): boolean {
  return row.closedAt !== null && (row.status === 'paid' || row.status === 'completed');
}

/**
 * The journal reference of the money a payment order moved in the wallet: the trade order for a
 * wallet payment; the payment order itself for a recharge and for a late QR payment of a trade.
 */
function walletReferenceOf(row: PaymentOrderRow): LedgerReference | null {
  if (row.status !== 'paid' && row.status !== 'completed') return null;
  if (row.kind === 'trade' && row.channel === null && row.tradeNo)
    return { type: 'trade', id: row.tradeNo };
  if (row.kind === 'recharge' || paidLate(row)) return { type: 'recharge', id: row.orderNo };
  return null;
}

/**
 * The wallet right after the payment's last entry, summed from the journal (so it stays exact
 * however long ago it was); null when the payment moved no money in the wallet.
 */
async function walletAfter(db: Db, row: PaymentOrderRow): Promise<WalletBalance | null> {
  const reference = walletReferenceOf(row);
  if (!reference) return null;
  const [last] = await db
    .select({ walletId: wallets.id, sequence: max(ledgerEntries.sequence) })
    .from(ledgerEntries)
    .innerJoin(wallets, eq(wallets.id, ledgerEntries.walletId))
    .where(
      and(
        eq(wallets.ownerId, row.ownerId),
        eq(wallets.currency, row.currency),
        eq(ledgerEntries.referenceType, reference.type),
        eq(ledgerEntries.referenceId, reference.id),
        inArray(ledgerEntries.operation, ['recharge', 'compensation', 'settle']),
      ),
    )
    .groupBy(wallets.id);
  if (!last?.sequence) return null;
  const [sums] = await db
    .select({
      available: sql<string>`coalesce(sum(${ledgerPostings.amount}) filter (where ${ledgerPostings.bucket} = 'available'), 0)`,
      frozen: sql<string>`coalesce(sum(${ledgerPostings.amount}) filter (where ${ledgerPostings.bucket} = 'frozen'), 0)`,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .where(
      and(eq(ledgerEntries.walletId, last.walletId), lte(ledgerEntries.sequence, last.sequence)),
    );
  const available = Number(sums?.available ?? 0);
  const frozen = Number(sums?.frozen ?? 0);
  return { currency: row.currency, balance: available + frozen, frozen, available };
}

/**
 * A payment order as the API answers it: the QR code and its expiry only while it is unpaid. No
 * actor: the caller found the row as its actor's (ownedOrder) or as the provider's notice named it.
 */
export async function paymentOrderView(
  deps: { db: Db },
  _actor: null,
  row: PaymentOrderRow,
): Promise<PaymentOrder> {
  const { db } = deps;
  const unpaid = row.status === 'unpaid';
  return {
    orderNo: row.orderNo,
    kind: row.kind,
    channel: row.channel,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    discount: row.discount,
    payAmount: row.payAmount,
    payCurrency: row.payCurrency,
    conversion: conversionView(row.conversion),
    qrContent: unpaid ? row.qrContent : null,
    expiresAt: unpaid ? (row.expiresAt?.toISOString() ?? null) : null,
    tradeNo: row.tradeNo,
    couponId: row.couponId,
    providerTradeNo: row.providerTradeNo,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    closeReason: (row.closeReason as CloseReason | null) ?? null,
    wallet: await walletAfter(db, row),
  };
}

/** One payment order by number, of this owner only (another account's is not found). */
export async function ownedOrder(deps: { db: Db }, actor: Pick<Actor, 'ownerId'>, orderNo: string) {
  const { db } = deps;
  const { ownerId } = actor;
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.orderNo, orderNo), eq(paymentOrders.ownerId, ownerId)));
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return row;
}

/**
 * Locks a payment order and, first, the trade order it pays: every path that changes both takes
 * the trade's lock before the payment's, so two of them never wait on each other.
 */
export async function lockOrder(
  deps: { db: LedgerTx },
  _actor: null,
  orderNo: string,
): Promise<{ order: PaymentOrderRow; trade: TradeOrderRow | null } | null> {
  const tx = deps.db;
  const [peek] = await tx
    .select({ tradeNo: paymentOrders.tradeNo })
    .from(paymentOrders)
    .where(eq(paymentOrders.orderNo, orderNo));
  if (!peek) return null;
  let trade: TradeOrderRow | null = null;
  if (peek.tradeNo) {
    const [row] = await tx
      .select()
      .from(tradeOrders)
      .where(eq(tradeOrders.tradeNo, peek.tradeNo))
      .for('update');
    trade = row ?? null;
  }
  const [order] = await tx
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.orderNo, orderNo))
    .for('update');
  return order ? { order, trade } : null;
}

/**
 * Closes a locked unpaid payment order: its coupon goes back to unused and the trade order it
 * was paying goes back to pending. Anything but an unpaid order is left as it is.
 */
export async function closeLocked(
  deps: { db: LedgerTx },
  _actor: null,
  input: {
    order: PaymentOrderRow;
    trade: TradeOrderRow | null;
    reason: CloseReason;
    now: Date;
  },
): Promise<PaymentOrderRow> {
  const tx = deps.db;
  const { order, trade, reason, now } = input;
  if (order.status !== 'unpaid') return order;
  const [closed] = await tx
    .update(paymentOrders)
    .set({ status: 'closed', closeReason: reason, closedAt: now })
    .where(eq(paymentOrders.id, order.id))
    .returning();
  if (order.couponId)
    await releaseCoupon({ db: tx }, null, { ownerId: order.ownerId, orderRef: couponRefOf(order) });
  if (trade && trade.status === 'paying' && trade.paymentOrderNo === order.orderNo)
    await tx
      .update(tradeOrders)
      .set({ status: 'pending', paymentOrderNo: null, couponId: null, discount: 0 })
      .where(eq(tradeOrders.id, trade.id));
  return closed ?? order;
}

/**
 * Closes an unpaid payment order by number, if it still is unpaid (and, with `onlyExpired`, past
 * its expiry). A wallet payment of a trade order is never closed this way: it finishes or is
 * rolled back by the expiry job, which knows how far its wallet steps went.
 */
export async function closeUnpaid(
  deps: { db: Database; clock: Clock },
  _actor: null,
  input: { orderNo: string; reason: CloseReason; onlyExpired?: boolean },
): Promise<PaymentOrderRow | null> {
  const { orderNo, reason } = input;
  return deps.db.transaction(async (tx) => {
    const locked = await lockOrder({ db: tx }, null, orderNo);
    if (!locked) return null;
    const { order, trade } = locked;
    const now = deps.clock.now();
    if (order.status !== 'unpaid' || order.channel === null) return order;
    if (input.onlyExpired && (!order.expiresAt || order.expiresAt > now)) return order;
    return closeLocked({ db: tx }, null, { order, trade, reason, now });
  });
}

/** Whether an unpaid QR payment's time is up. */
export function isExpired(row: PaymentOrderRow, now: Date): boolean {
  return row.status === 'unpaid' && row.channel !== null && !!row.expiresAt && row.expiresAt <= now;
}

/** Closes the owner's QR payments whose time is up, so lists and pages never show them unpaid. */
export async function closeExpiredOf(
  deps: { db: Database; clock: Clock },
  actor: Pick<Actor, 'ownerId'>,
): Promise<void> {
  const { ownerId } = actor;
  const due = await deps.db
    .select({ orderNo: paymentOrders.orderNo })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.ownerId, ownerId),
        eq(paymentOrders.status, 'unpaid'),
        lte(paymentOrders.expiresAt, deps.clock.now()),
      ),
    );
  for (const { orderNo } of due)
    await closeUnpaid(deps, null, { orderNo, reason: 'expired', onlyExpired: true });
}

/**
 * Locks a trade order for a new payment (`orderNo`, already written in this transaction): it must
 * be the owner's and still payable. Another unpaid QR payment of it is closed (the seller chose to
 * pay another way); a wallet payment in progress makes it not payable until that finishes.
 */
export async function lockTradeForPayment(
  deps: { db: LedgerTx },
  actor: Pick<Actor, 'ownerId'>,
  input: { tradeNo: string; orderNo: string; now: Date },
): Promise<TradeOrderRow> {
  const tx = deps.db;
  const { ownerId } = actor;
  const { tradeNo, orderNo, now } = input;
  const [trade] = await tx
    .select()
    .from(tradeOrders)
    .where(and(eq(tradeOrders.tradeNo, tradeNo), eq(tradeOrders.ownerId, ownerId)))
    .for('update');
  if (!trade) throw new AppError('RECORD_NOT_FOUND');
  if (trade.status === 'paid') throw new AppError('PAYMENT_ORDER_PAID');
  if (trade.status === 'cancelled') throw new AppError('TRADE_ORDER_NOT_PAYABLE');
  const open = await tx
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.tradeNo, tradeNo),
        eq(paymentOrders.status, 'unpaid'),
        ne(paymentOrders.orderNo, orderNo),
      ),
    )
    .for('update');
  if (open.some((order) => order.channel === null)) throw new AppError('TRADE_ORDER_NOT_PAYABLE');
  for (const order of open) await closeLocked(deps, null, { order, trade, reason: 'closed', now });
  return trade;
}

/**
 * Marks the payment order a fresh QR code replaces (refresh): an unpaid one closes as refreshed
 * (coupon released, trade order back to pending, for the new order to take up), one that expired
 * or failed is marked refreshed. A paid one cannot be replaced, nor one closed or replaced before.
 */
export async function replaceOrder(
  deps: { db: LedgerTx },
  actor: Pick<Actor, 'ownerId'>,
  input: { orderNo: string; now: Date },
): Promise<void> {
  const tx = deps.db;
  const { ownerId } = actor;
  const { orderNo, now } = input;
  const locked = await lockOrder(deps, null, orderNo);
  if (!locked || locked.order.ownerId !== ownerId) throw new AppError('RECORD_NOT_FOUND');
  const { order, trade } = locked;
  if (order.status === 'paid' || order.status === 'completed')
    throw new AppError('PAYMENT_ORDER_PAID');
  if (order.channel === null) throw new AppError('TRADE_ORDER_NOT_PAYABLE');
  if (order.status === 'unpaid') {
    await closeLocked(deps, null, { order, trade, reason: 'refreshed', now });
    return;
  }
  if (order.closeReason !== 'expired' && order.closeReason !== 'failed')
    throw new AppError('PAYMENT_ORDER_CLOSED');
  await tx
    .update(paymentOrders)
    .set({ closeReason: 'refreshed' satisfies CloseReason })
    .where(eq(paymentOrders.id, order.id));
}

/** How long a repeated request waits for the first one with its key to finish opening the order. */
const REPLAY_WAIT_MS = 20_000;

/** Whether the first request of a key is done with its order (a QR code, or a final state). */
function opened(row: PaymentOrderRow): boolean {
  return row.status !== 'unpaid' || (row.channel !== null && row.qrContent !== null);
}

/**
 * The order a previous request with this idempotency key opened. The same key with another request
 * is refused (IDEMPOTENCY_KEY_REUSED); with the same request, the answer waits until the first
 * request finished opening it (it may be running in another process right now). Null when the key
 * is new, or its first request failed and left nothing.
 */
export async function orderOfKey(
  deps: { db: Database },
  actor: Pick<Actor, 'ownerId'>,
  input: { idempotencyKey: string; hash: string },
): Promise<PaymentOrderRow | null> {
  const { db } = deps;
  const { ownerId } = actor;
  const { idempotencyKey: key, hash } = input;
  // Real time, not the clock: this waits for another request that is running right now.
  const deadline = Date.now() + REPLAY_WAIT_MS;
  for (let pause = 10; ; pause = Math.min(pause * 2, 250)) {
    const [row] = await db
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.ownerId, ownerId), eq(paymentOrders.idempotencyKey, key)));
    if (!row) return null;
    if (row.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    if (opened(row) || Date.now() >= deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
