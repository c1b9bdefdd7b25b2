import type { CouponScope } from '@shared/contracts/coupons';
import type { Currency } from '@shared/contracts/money';
import type { LedgerReference, WalletOperationResult } from '@shared/contracts/wallet';
import { and, eq } from 'drizzle-orm';
import { walletFreezes } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { holdCoupon, releaseCoupon, settleCoupon } from '../coupons/coupons.service';
import { cancel, freeze, type LedgerDeps, settle } from '../wallet/wallet.service';

/**
 * Paying for an order from the wallet, with a coupon: what services, purchases and warehouses
 * call when an order is submitted (freeze the estimate), completed (settle the actual amount) or
 * withdrawn (cancel). The coupon is held under the order's reference ("<type>:<id>") from
 * submission to completion. Each call is idempotent by its key, like the ledger underneath; like
 * it, they take no actor: the feature that calls them names the owner and who asked.
 */

interface CheckoutInput {
  /** The main account whose wallet it is. */
  ownerId: string;
  /** The order, as the journal names it: `{ type: 'trade', id: tradeNo }`, a service order... */
  reference: LedgerReference;
  idempotencyKey: string;
  /** The account that asked (a sub-account, an operator), for the record. */
  actorId?: string | null | undefined;
}

export interface FreezeForOrderInput extends CheckoutInput {
  currency: Currency;
  /** The estimated amount, integer minor units. */
  estimate: number;
  couponId?: string | undefined;
  /** The coupon scope the order falls under; required with a coupon. */
  scope?: CouponScope | undefined;
}

export interface SettleOrderInput extends CheckoutInput {
  /** The actual amount before the coupon, integer minor units. */
  actual: number;
}

/** The coupon's hold of an order: its journal reference, written the way coupons record it. */
function orderRefOf(reference: LedgerReference): string {
  return `${reference.type}:${reference.id}`;
}

/** Whether the order has a freeze still open (a repeat of its submission under another key). */
async function hasOpenFreeze(deps: LedgerDeps, ownerId: string, reference: LedgerReference) {
  const [row] = await deps.db
    .select({ id: walletFreezes.id })
    .from(walletFreezes)
    .where(
      and(
        eq(walletFreezes.ownerId, ownerId),
        eq(walletFreezes.referenceType, reference.type),
        eq(walletFreezes.referenceId, reference.id),
        eq(walletFreezes.state, 'open'),
      ),
    );
  return !!row;
}

/**
 * An order submitted: holds the coupon on the estimate, then freezes the estimate less its
 * discount. When the freeze is refused (-10 with the shortfall, most often) the coupon goes back
 * to unused and the error goes through unchanged. A coupon that would leave nothing to freeze is
 * refused: the wallet keeps one freeze per order, and an order it never froze cannot be settled.
 */
export async function freezeForOrder(
  deps: LedgerDeps,
  _actor: null,
  input: FreezeForOrderInput,
): Promise<{
  discount: number;
  frozen: number;
  couponId: string | null;
  result: WalletOperationResult;
}> {
  const orderRef = orderRefOf(input.reference);
  let discount = 0;
  if (input.couponId) {
    if (!input.scope) throw new AppError('COUPON_SCENE_INVALID');
    const hold = await holdCoupon(deps, null, {
      ownerId: input.ownerId,
      couponId: input.couponId,
      orderRef,
      scope: input.scope,
      currency: input.currency,
      amount: input.estimate,
      now: deps.clock.now(),
    });
    discount = hold.discount;
  }
  const frozen = input.estimate - discount;
  try {
    if (frozen < 1) throw new AppError('COUPON_NOT_AVAILABLE');
    const result = await freeze(deps, null, {
      ownerId: input.ownerId,
      currency: input.currency,
      amount: frozen,
      reference: input.reference,
      idempotencyKey: input.idempotencyKey,
      actorId: input.actorId,
    });
    return { discount, frozen, couponId: input.couponId ?? null, result };
  } catch (error) {
    // The coupon stays with a freeze the order already has open, else it goes back.
    if (input.couponId && !(await hasOpenFreeze(deps, input.ownerId, input.reference)))
      await releaseCoupon(deps, null, { ownerId: input.ownerId, orderRef });
    throw error;
  }
}

/**
 * An order completed: the coupon is judged on the actual amount (used with its discount, or back
 * to unused and nothing off when the actual misses its threshold), then the wallet deducts the
 * actual amount less the discount and releases the rest of the freeze. A repeat answers the same.
 */
export async function settleOrder(
  deps: LedgerDeps,
  _actor: null,
  input: SettleOrderInput,
): Promise<{ discount: number; charged: number; result: WalletOperationResult }> {
  const discount = await settleCoupon(deps, null, {
    ownerId: input.ownerId,
    orderRef: orderRefOf(input.reference),
    actual: input.actual,
    now: deps.clock.now(),
  });
  const charged = Math.max(input.actual - discount, 0);
  const result = await settle(deps, null, {
    ownerId: input.ownerId,
    actual: charged,
    reference: input.reference,
    idempotencyKey: input.idempotencyKey,
    actorId: input.actorId,
  });
  return { discount, charged, result };
}

/** An order withdrawn: the whole freeze goes back to available and the coupon back to unused. */
export async function cancelOrder(
  deps: LedgerDeps,
  _actor: null,
  input: CheckoutInput,
): Promise<{ result: WalletOperationResult }> {
  const result = await cancel(deps, null, {
    ownerId: input.ownerId,
    reference: input.reference,
    idempotencyKey: input.idempotencyKey,
    actorId: input.actorId,
  });
  await releaseCoupon(deps, null, {
    ownerId: input.ownerId,
    orderRef: orderRefOf(input.reference),
  });
  return { result };
}
