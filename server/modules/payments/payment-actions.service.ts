import type { Language } from '@shared/contracts/languages';
import type { PaymentOrder } from '@shared/contracts/payments';
import type { Actor, AppDeps } from '../../context';
import { AppError } from '../../lib/errors';
import { requestHash } from '../wallet/idempotency';
import {
  closeUnpaid,
  isExpired,
  orderOfKey,
  ownedOrder,
  paymentOrderView,
} from './payment-orders.service';
import { reopenRecharge } from './recharge.service';
import { reopenTradePayment } from './trade-orders.service';

type PaymentDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger' | 'payments'>;

/**
 * GET /api-user/pay/order: one of the account's payment orders as it stands (the pay page polls
 * it). An unpaid QR payment past its expiry is closed here and then, without waiting for the job.
 */
export async function paymentOrder(
  deps: PaymentDeps,
  actor: Actor,
  orderNo: string,
): Promise<PaymentOrder> {
  let row = await ownedOrder(deps, actor, orderNo);
  if (isExpired(row, deps.clock.now()))
    row = (await closeUnpaid(deps, null, { orderNo, reason: 'expired', onlyExpired: true })) ?? row;
  return paymentOrderView(deps, null, row);
}

/**
 * POST /api-user/pay/order/close: gives up an unpaid QR payment (its coupon back, its trade order
 * back to pending). Closing a closed order answers it as it is; a paid one cannot be closed.
 */
export async function closePaymentOrder(
  deps: PaymentDeps,
  actor: Actor,
  orderNo: string,
): Promise<PaymentOrder> {
  const row = await ownedOrder(deps, actor, orderNo);
  if (row.channel === null) throw new AppError('TRADE_ORDER_NOT_PAYABLE');
  const closed = (await closeUnpaid(deps, null, { orderNo, reason: 'closed' })) ?? row;
  if (closed.status === 'paid' || closed.status === 'completed')
    throw new AppError('PAYMENT_ORDER_PAID');
  return paymentOrderView(deps, null, closed);
}

/**
 * POST /api-user/pay/order/refresh: a fresh QR code for an unpaid or expired payment order. The
 * old order closes as refreshed in the same transaction that opens the new one with the same
 * input (a recharge is checked again at the current rate; the coupon is held again). The same
 * idempotency key answers the same fresh order.
 */
export async function refreshPaymentOrder(
  deps: PaymentDeps,
  actor: Actor,
  input: { orderNo: string; idempotencyKey: string; language: Language },
): Promise<PaymentOrder> {
  const { orderNo, idempotencyKey, language } = input;
  const hash = requestHash('refresh', { orderNo });
  for (;;) {
    const first = await orderOfKey(deps, actor, { idempotencyKey, hash });
    if (first) return paymentOrderView(deps, null, first);
    const previous = await ownedOrder(deps, actor, orderNo);
    if (previous.status === 'paid' || previous.status === 'completed')
      throw new AppError('PAYMENT_ORDER_PAID');
    const reopen = { previous, idempotencyKey, hash, language };
    const fresh =
      previous.kind === 'recharge'
        ? await reopenRecharge(deps, actor, reopen)
        : await reopenTradePayment(deps, actor, reopen);
    if (fresh) return paymentOrderView(deps, null, fresh);
  }
}
