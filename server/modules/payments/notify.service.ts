import { createHash } from 'node:crypto';
import type { PaymentChannel } from '@shared/contracts/payments';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { paymentCallbacks, paymentOrders, tradeOrders } from '../../db/schema/index';
import {
  type IncomingNotification,
  type NotificationReply,
  PaymentNotificationRejected,
  type VerifiedNotification,
} from '../../integrations/payments/payment-provider';
import { redactHeaders } from '../../lib/logger';
import { take } from '../../lib/rate-limit';
// Named apart from React's hooks, which the linter takes any use* call to be.
import { useCoupon as spendCoupon } from '../coupons/coupons.service';
import { compensation, recharge } from '../wallet/wallet.service';
import { moneyText } from './payment-numbers';
import {
  closeLocked,
  couponRefOf,
  lockOrder,
  type PaymentOrderRow,
  paidLate,
} from './payment-orders.service';

type NotifyDeps = Pick<AppDeps, 'db' | 'clock' | 'logger' | 'payments'>;

/** What was done with a notification, as payment_callbacks records it. */
type CallbackOutcome = 'credited' | 'duplicate' | 'ignored' | 'rejected' | 'failed';

interface Handled {
  outcome: CallbackOutcome;
  detail: string;
  /** Whether the provider gets its success reply (otherwise it sends the notification again). */
  ok: boolean;
}

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const failure = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (failure.code === UNIQUE_VIOLATION && failure.constraint === constraint) return true;
    current = failure.cause;
  }
  return false;
}

const rejected = (detail: string): Handled => ({ outcome: 'rejected', detail, ok: false });
const ignored = (detail: string): Handled => ({ outcome: 'ignored', detail, ok: true });

/**
 * The first step of a payment: under the order's lock (and its trade order's), checks that what
 * the provider says was paid is exactly what the order asked for, in its currency, and marks it
 * paid with the provider's number (unique per channel: one payment is never credited to two
 * orders). A trade order paid on time is paid and completed in this same transaction, so it is
 * never paid twice. Answers the order as it now stands, or why nothing was done.
 */
async function markPaid(
  deps: NotifyDeps,
  channel: PaymentChannel,
  notice: VerifiedNotification,
): Promise<PaymentOrderRow | Handled> {
  try {
    return await deps.db.transaction(async (tx): Promise<PaymentOrderRow | Handled> => {
      const locked = await lockOrder({ db: tx }, null, notice.orderNo);
      if (!locked) return ignored('no such payment order');
      const { order, trade } = locked;
      if (order.channel !== channel) return rejected(`the order is paid by ${order.channel}`);
      if (notice.amount !== order.payAmount || notice.currency !== order.payCurrency)
        return rejected(
          `paid ${moneyText(notice.amount, notice.currency)} (${notice.currency}), the order asks ${moneyText(order.payAmount, order.payCurrency)} (${order.payCurrency})`,
        );
      if (order.providerTradeNo && order.providerTradeNo !== notice.providerTradeNo)
        return rejected(
          `already paid as ${order.providerTradeNo}, now again as ${notice.providerTradeNo}`,
        );
      if (order.status === 'completed') return { outcome: 'duplicate', detail: '', ok: true };
      if (order.status === 'paid') return order;

      const now = deps.clock.now();
      // A trade order that no longer waits for this payment (paid another way, withdrawn) takes
      // none of it: like a payment of a closed order, the money goes to the wallet.
      const tradeMoved =
        order.kind === 'trade' &&
        !(trade?.status === 'paying' && trade.paymentOrderNo === order.orderNo);
      const late = order.status === 'closed' || tradeMoved;
      const paid = {
        status: 'paid' as const,
        providerTradeNo: notice.providerTradeNo,
        paidAt: notice.paidAt ?? now,
      };
      if (late) {
        // The money is real though the order had closed (and its coupon gone back): the wallet
        // gets what was paid, as a recharge; a trade order stays as it is, payable from there.
        const [updated] = await tx
          .update(paymentOrders)
          .set({
            ...paid,
            closedAt: order.closedAt ?? now,
            closeReason: order.closeReason ?? 'closed',
            ...(order.kind === 'recharge'
              ? { amount: order.amount - order.discount, discount: 0, couponId: null }
              : {}),
          })
          .where(eq(paymentOrders.id, order.id))
          .returning();
        return updated ?? order;
      }
      if (order.kind === 'trade' && trade) {
        if (order.couponId)
          await spendCoupon({ db: tx }, null, {
            ownerId: order.ownerId,
            orderRef: couponRefOf(order),
            now,
          });
        await tx
          .update(tradeOrders)
          .set({
            status: 'paid',
            paidBy: channel,
            paidAt: paid.paidAt,
            discount: order.discount,
            couponId: order.couponId,
            paymentOrderNo: order.orderNo,
          })
          .where(eq(tradeOrders.id, trade.id));
        const [completed] = await tx
          .update(paymentOrders)
          .set({ ...paid, status: 'completed', completedAt: now })
          .where(eq(paymentOrders.id, order.id))
          .returning();
        return completed ?? order;
      }
      const [updated] = await tx
        .update(paymentOrders)
        .set(paid)
        .where(eq(paymentOrders.id, order.id))
        .returning();
      return updated ?? order;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'payment_orders_provider_trade_key'))
      return rejected(`${notice.providerTradeNo} was already credited to another order`);
    throw error;
  }
}

/**
 * The wallet side of a paid recharge (or a late payment): the recharge of what the payer paid
 * (key `notify:<orderNo>`), our compensation of the coupon's discount so the wallet receives the
 * whole amount (key `coupon:<orderNo>`), the coupon used, the order completed. Every step is
 * idempotent, so a retry of the notification finishes what a crash interrupted.
 */
async function creditWallet(deps: NotifyDeps, order: PaymentOrderRow): Promise<void> {
  const late = paidLate(order);
  const reference = { type: 'recharge', id: order.orderNo };
  const common = { ownerId: order.ownerId, currency: order.currency, reference };
  await recharge(deps, null, {
    ...common,
    amount: order.amount - order.discount,
    idempotencyKey: `notify:${order.orderNo}`,
    actorId: order.createdBy,
  });
  if (!late && order.discount > 0)
    await compensation(deps, null, {
      ...common,
      amount: order.discount,
      idempotencyKey: `coupon:${order.orderNo}`,
      actorId: order.createdBy,
    });
  const now = deps.clock.now();
  if (!late && order.couponId)
    await spendCoupon(deps, null, { ownerId: order.ownerId, orderRef: couponRefOf(order), now });
  await deps.db
    .update(paymentOrders)
    .set({ status: 'completed', completedAt: now })
    .where(eq(paymentOrders.id, order.id));
}

/** A verified notification that the payer failed or the provider closed the payment. */
async function closeByProvider(
  deps: NotifyDeps,
  channel: PaymentChannel,
  notice: VerifiedNotification,
): Promise<Handled> {
  return deps.db.transaction(async (tx) => {
    const locked = await lockOrder({ db: tx }, null, notice.orderNo);
    if (!locked) return ignored('no such payment order');
    const { order, trade } = locked;
    if (order.channel !== channel) return rejected(`the order is paid by ${order.channel}`);
    if (order.status !== 'unpaid') return ignored(`the order is ${order.status}`);
    const reason = notice.outcome === 'failed' ? 'failed' : 'closed';
    await closeLocked({ db: tx }, null, { order, trade, reason, now: deps.clock.now() });
    return { outcome: 'failed', detail: `payment ${notice.outcome}: order closed`, ok: true };
  });
}

/**
 * What a verified notification does to its order: a paid one credits it once, a failed or closed
 * one closes it. The demo data confirms its payments through here too. No actor: the provider
 * tells, and the order it names says whose money it is.
 */
export async function applyVerifiedNotification(
  deps: NotifyDeps,
  _actor: null,
  input: { channel: PaymentChannel; notice: VerifiedNotification },
): Promise<Handled> {
  const { channel, notice } = input;
  if (notice.outcome === 'pending') return ignored('payment pending');
  if (notice.outcome !== 'paid') return closeByProvider(deps, channel, notice);
  const marked = await markPaid(deps, channel, notice);
  if ('outcome' in marked) return marked;
  if (marked.status === 'paid') await creditWallet(deps, marked);
  return {
    outcome: 'credited',
    detail: paidLate(marked) ? 'paid after the order had closed: credited to the wallet' : '',
    ok: true,
  };
}

/** How many unverified notifications of one channel are kept per window, and for how long. */
const UNVERIFIED_KEPT = { perWindow: 10, windowMs: 60 * 60 * 1000, days: 7 } as const;
/** How much of an unverified notification is kept: the start of its body, a few short headers. */
const UNVERIFIED_BODY_CHARS = 4096;
const UNVERIFIED_HEADERS = 32;
const UNVERIFIED_HEADER_CHARS = 512;

/**
 * An unverified notification (anyone can post one) kept for an operator to investigate, within
 * bounds: at most UNVERIFIED_KEPT.perWindow per channel in the last window (the last one kept
 * says the limit was reached), the body cut to its first 4096 characters (its size and SHA-256
 * noted), at most 32 headers of at most 512 characters, secrets redacted. Beyond the limit
 * nothing is stored or logged above debug; maintenance deletes them after UNVERIFIED_KEPT.days.
 */
async function keepUnverified(
  deps: NotifyDeps,
  input: {
    channel: PaymentChannel;
    incoming: IncomingNotification;
    handled: Handled;
    receivedAt: Date;
  },
): Promise<void> {
  const { channel, incoming, handled, receivedAt } = input;
  // Counted and checked in one statement, so notifications arriving at once keep no more.
  const kept = await take(deps.db, deps.clock, {
    key: `notify:unverified:${channel}`,
    max: UNVERIFIED_KEPT.perWindow,
    windowMs: UNVERIFIED_KEPT.windowMs,
  });
  if (!kept.counted) {
    deps.logger.debug('unverified payment notification not kept (limit reached)', { channel });
    return;
  }
  const last = kept.count === UNVERIFIED_KEPT.perWindow;
  const bytes = Buffer.byteLength(incoming.body);
  const cut = incoming.body.length > UNVERIFIED_BODY_CHARS;
  const notes = [
    handled.detail,
    cut
      ? `body cut to its first ${UNVERIFIED_BODY_CHARS} characters of ${bytes} bytes, sha256 ${createHash('sha256').update(incoming.body).digest('hex')}`
      : '',
    last
      ? `the last kept: at most ${UNVERIFIED_KEPT.perWindow} unverified ${channel} notifications an hour are kept`
      : '',
  ].filter(Boolean);
  const headers = Object.fromEntries(
    Object.entries(redactHeaders(incoming.headers))
      .slice(0, UNVERIFIED_HEADERS)
      .map(([name, value]) => [name.slice(0, 64), value.slice(0, UNVERIFIED_HEADER_CHARS)]),
  );
  deps.logger.warn('payment notification rejected', {
    channel,
    verified: false,
    reason: handled.detail,
    ...(last ? { limitReached: true } : {}),
  });
  await deps.db.insert(paymentCallbacks).values({
    channel,
    orderNo: null,
    verified: false,
    outcome: handled.outcome,
    detail: notes.join('; ') || null,
    headers,
    body: incoming.body.slice(0, UNVERIFIED_BODY_CHARS),
    receivedAt,
  });
}

/** Deletes the unverified notifications kept longer than UNVERIFIED_KEPT.days (maintenance). */
export async function pruneUnverifiedNotifications(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  _actor: null,
): Promise<void> {
  const cutoff = new Date(deps.clock.now().getTime() - UNVERIFIED_KEPT.days * 24 * 60 * 60 * 1000);
  await deps.db
    .delete(paymentCallbacks)
    .where(
      and(
        isNull(paymentCallbacks.orderNo),
        eq(paymentCallbacks.verified, false),
        lt(paymentCallbacks.receivedAt, cutoff),
      ),
    );
}

/**
 * POST /api-user/pay/notify/:channel: a provider's notification, its body exactly as it came. The
 * provider verifies it (signature, and decryption where it encrypts); a paid one credits the
 * order once however often it arrives, and the provider gets its success reply only once every
 * step is done. Every verified notification is kept whole with what was done; one that does not
 * verify changes nothing, gets the provider's refusal, and is kept within bounds (keepUnverified).
 */
export async function receiveNotification(
  deps: NotifyDeps,
  _actor: null,
  input: { channel: PaymentChannel; incoming: IncomingNotification },
): Promise<NotificationReply> {
  const { channel, incoming } = input;
  const provider = deps.payments[channel];
  const receivedAt = deps.clock.now();
  let notice: VerifiedNotification | null = null;
  let handled: Handled;
  try {
    notice = await provider.verifyNotification(incoming);
    handled = await applyVerifiedNotification(deps, null, { channel, notice });
  } catch (error) {
    if (error instanceof PaymentNotificationRejected) handled = rejected(error.reason);
    else {
      // A verified notification that fails is ours to fix; one that fails verification is
      // anyone's post, kept and logged within bounds below.
      if (notice)
        deps.logger.error('payment notification failed', {
          channel,
          orderNo: notice.orderNo,
          error,
        });
      handled = {
        outcome: 'failed',
        detail: `error: ${error instanceof Error ? error.message : String(error)}`,
        ok: false,
      };
    }
  }
  if (notice) {
    if (handled.outcome === 'rejected')
      deps.logger.warn('payment notification rejected', {
        channel,
        orderNo: notice.orderNo,
        verified: true,
        reason: handled.detail,
      });
    // Verified: the provider's own words about one of our orders, kept whole.
    await deps.db.insert(paymentCallbacks).values({
      channel,
      orderNo: notice.orderNo,
      verified: true,
      outcome: handled.outcome,
      detail: handled.detail || null,
      headers: incoming.headers,
      body: incoming.body,
      receivedAt,
    });
  } else await keepUnverified(deps, { channel, incoming, handled, receivedAt });
  return provider.reply(handled.ok);
}
