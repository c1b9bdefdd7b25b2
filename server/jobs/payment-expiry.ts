import { and, asc, eq, lte } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { paymentOrders } from '../db/schema/index';
import { closeUnpaid } from '../modules/payments/payment-orders.service';
import { recoverWalletPayment } from '../modules/payments/trade-orders.service';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'logger'>;

/** Orders looked at per round; the rest wait for the next round (every 30 seconds). */
const BATCH = 200;

/**
 * Closes unpaid payment orders past their expiry: a QR payment closes as expired (its coupon back
 * to unused, its trade order back to pending; a payment that still arrives is credited to the
 * wallet). A wallet payment still unpaid by then was interrupted between its steps and is
 * finished or undone. Each order is closed under its own row lock after reading it again, so any
 * number of processes may run this side by side. Answers how many orders it settled.
 */
export async function expirePaymentOrders(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .select({ orderNo: paymentOrders.orderNo, channel: paymentOrders.channel })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.status, 'unpaid'), lte(paymentOrders.expiresAt, now)))
    .orderBy(asc(paymentOrders.expiresAt))
    .limit(BATCH);
  let settled = 0;
  for (const order of due) {
    try {
      const status =
        order.channel === null
          ? await recoverWalletPayment(deps, null, order.orderNo)
          : (
              await closeUnpaid(deps, null, {
                orderNo: order.orderNo,
                reason: 'expired',
                onlyExpired: true,
              })
            )?.status;
      if (status && status !== 'unpaid') settled += 1;
    } catch (error) {
      // One order that cannot be closed now must not keep the others open; it is tried again.
      deps.logger.error('payment order expiry failed', { orderNo: order.orderNo, error });
    }
  }
  return settled;
}
