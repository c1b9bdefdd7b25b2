import type { CouponScope } from '@shared/contracts/coupons';
import type { Language } from '@shared/contracts/languages';
import type { Currency } from '@shared/contracts/money';
import {
  CHANNEL_CURRENCY,
  PAYMENT_QR_TTL_SECONDS,
  type PaymentChannel,
  type PaymentOrderKind,
} from '@shared/contracts/payments';
import { eq } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import { paymentOrders, tradeOrders } from '../../db/schema/index';
import { PaymentProviderError } from '../../integrations/payments/payment-provider';
import { AppError } from '../../lib/errors';
import { type Translator, translator } from '../../lib/i18n';
import { holdCoupon } from '../coupons/coupons.service';
import { type Conversion, convert } from '../wallet/exchange-rates';
import { newOrderNumber } from './payment-numbers';
import {
  closeUnpaid,
  couponRefOf,
  lockTradeForPayment,
  type PaymentOrderRow,
  replaceOrder,
  type StoredConversions,
} from './payment-orders.service';

type QrDeps = Pick<AppDeps, 'db' | 'clock' | 'logger' | 'payments'>;

/** What a QR payment is opened with. */
export interface QrPaymentSpec {
  kind: PaymentOrderKind;
  channel: PaymentChannel;
  /** What arrives in the wallet (recharge) or what the trade costs, minor units of `currency`. */
  amount: number;
  currency: Currency;
  /** The trade order it pays (kind `trade`). */
  tradeNo?: string | undefined;
  couponId?: string | undefined;
  /** The coupon scope the payment falls under. */
  scope: CouponScope;
  idempotencyKey: string;
  requestHash: string;
  /** The custom recharge limit as converted when it was checked, kept with the order. */
  limit?: Conversion | undefined;
  /** What the payer sees the payment is for. */
  subject: string;
  /** The payment order this one replaces (a refreshed QR code). */
  replaces?: string | undefined;
  /** The reader's language, for a provider's refusal. */
  language: Language;
}

/** Another request holds the idempotency key: this transaction is undone, that request answers. */
class KeyTaken extends Error {}

/** The channel's name in the reader's language. */
function channelName(t: Translator, channel: PaymentChannel): string {
  const keys = {
    wechat: 'paymentChannelWechat',
    alipay: 'paymentChannelAlipay',
    promptpay: 'paymentChannelPromptpay',
  } as const;
  return t.message(keys[channel]);
}

/**
 * Opens a QR payment order. One transaction claims the idempotency key (the order row, unique
 * per owner and key), closes the order it replaces, holds the coupon, converts what is left to
 * the channel's currency and, for a trade order, marks it paying. Then the provider is asked for
 * the QR code outside any transaction (a provider may be slow, and the sandbox writes to the same
 * database). A provider refusal closes the order as failed, which releases the coupon and the
 * trade order again. Returns null when another request holds the key (the caller then answers
 * with that request's order).
 */
export async function openQrPayment(
  deps: QrDeps,
  actor: Pick<Actor, 'ownerId' | 'userId'>,
  spec: QrPaymentSpec,
): Promise<PaymentOrderRow | null> {
  const t = translator(spec.language);
  const now = deps.clock.now();
  const orderNo = newOrderNumber(spec.kind === 'recharge' ? 'R' : 'P', now);
  const payCurrency = CHANNEL_CURRENCY[spec.channel];
  const expiresAt = new Date(now.getTime() + PAYMENT_QR_TTL_SECONDS * 1000);
  const stored = (pay: Conversion): StoredConversions =>
    spec.limit ? { pay, limit: spec.limit } : { pay };

  let order: PaymentOrderRow;
  try {
    order = await deps.db.transaction(async (tx) => {
      const whole = await convert({ db: tx }, null, {
        amount: spec.amount,
        from: spec.currency,
        to: payCurrency,
        at: now,
      });
      // The claim comes first: a second request with the same key waits here for this one.
      const [claimed] = await tx
        .insert(paymentOrders)
        .values({
          orderNo,
          ownerId: actor.ownerId,
          createdBy: actor.userId,
          kind: spec.kind,
          channel: spec.channel,
          status: 'unpaid',
          amount: spec.amount,
          currency: spec.currency,
          discount: 0,
          payAmount: whole.converted,
          payCurrency,
          conversion: stored(whole),
          expiresAt,
          tradeNo: spec.tradeNo ?? null,
          idempotencyKey: spec.idempotencyKey,
          requestHash: spec.requestHash,
          createdAt: now,
        })
        .onConflictDoNothing({ target: [paymentOrders.ownerId, paymentOrders.idempotencyKey] })
        .returning();
      if (!claimed) throw new KeyTaken();
      if (spec.replaces) await replaceOrder({ db: tx }, actor, { orderNo: spec.replaces, now });
      const trade = spec.tradeNo
        ? await lockTradeForPayment({ db: tx }, actor, { tradeNo: spec.tradeNo, orderNo, now })
        : null;

      let discount = 0;
      if (spec.couponId) {
        const hold = await holdCoupon({ db: tx }, null, {
          ownerId: actor.ownerId,
          couponId: spec.couponId,
          orderRef: couponRefOf(claimed),
          scope: spec.scope,
          currency: spec.currency,
          amount: spec.amount,
          now,
        });
        discount = hold.discount;
      }
      const pay =
        discount > 0
          ? await convert({ db: tx }, null, {
              amount: spec.amount - discount,
              from: spec.currency,
              to: payCurrency,
              at: now,
            })
          : whole;
      // A coupon that leaves nothing to pay leaves nothing to scan either.
      if (spec.amount - discount < 1 || pay.converted < 1)
        throw new AppError('COUPON_NOT_AVAILABLE');
      const [ready] = await tx
        .update(paymentOrders)
        .set({
          discount,
          couponId: spec.couponId ?? null,
          payAmount: pay.converted,
          conversion: stored(pay),
        })
        .where(eq(paymentOrders.id, claimed.id))
        .returning();
      if (trade)
        await tx
          .update(tradeOrders)
          .set({
            status: 'paying',
            paymentOrderNo: orderNo,
            couponId: spec.couponId ?? null,
            discount,
          })
          .where(eq(tradeOrders.id, trade.id));
      return ready ?? claimed;
    });
  } catch (error) {
    if (error instanceof KeyTaken) return null;
    throw error;
  }

  try {
    const { qrContent } = await deps.payments[spec.channel].createQr({
      orderNo,
      amount: order.payAmount,
      currency: payCurrency,
      subject: spec.subject,
      expiresAt,
    });
    const [withQr] = await deps.db
      .update(paymentOrders)
      .set({ qrContent })
      .where(eq(paymentOrders.id, order.id))
      .returning();
    return withQr ?? order;
  } catch (error) {
    await closeUnpaid(deps, null, { orderNo, reason: 'failed' });
    const code = error instanceof PaymentProviderError ? error.providerCode : 'UNREACHABLE';
    deps.logger.warn('payment provider refused a QR code', {
      channel: spec.channel,
      orderNo,
      code,
      error,
    });
    throw new AppError('PAYMENT_PROVIDER_FAILED', {
      params: { channel: channelName(t, spec.channel), code },
      datas: { channel: spec.channel, code, orderNo },
      cause: error,
    });
  }
}
