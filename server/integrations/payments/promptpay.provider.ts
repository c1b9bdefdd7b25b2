import { decimalToMinor } from '@shared/contracts/money';
import {
  type CreatedQr,
  type CreateQrInput,
  PaymentNotificationRejected,
  type PaymentProvider,
  type PaymentProviderDeps,
  PaymentProviderError,
} from './payment-provider';
import { promptpayPayload, verifyPromptpayWebhook } from './promptpay';

/** Our bill-payment registration with the receiving bank. */
export interface PromptpayConfig {
  /** Our biller ID at the bank (tax ID + suffix, 13 to 15 characters). */
  billerId: string;
  /** The secret the bank signs its webhook with. */
  webhookSecret: string;
}

/** The bank takes ref1 as up to 20 upper-case letters and digits: our order number goes there as is. */
const REF1 = /^[A-Z0-9]{1,20}$/;

interface BankWebhook {
  event?: string;
  billerId?: string;
  ref1?: string;
  transactionId?: string;
  amount?: string;
  currency?: string;
  paidAt?: string;
}

/**
 * PromptPay bill payment. The QR is built here, with no call to anyone: a dynamic Thai QR (tag 30)
 * with our biller ID, ref1 = our order number and the amount in baht. Any Thai banking app pays it;
 * the money lands at our receiving bank, which tells us.
 *
 * PromptPay has no public notification standard: each bank has its own. The one we integrate
 * with (and the sandbox plays) is:
 *
 *   POST <notify URL>   Content-Type: application/json
 *   X-Bank-Timestamp: <unix seconds>                      (refused beyond 5 minutes from our clock)
 *   X-Bank-Signature: hex(HMAC-SHA256(secret, `${timestamp}.${rawBody}`))
 *   { "event": "payment.received" | "payment.failed", "billerId": "...", "ref1": "<order number>",
 *     "transactionId": "...", "amount": "123.45", "currency": "THB", "paidAt": "<ISO 8601>" }
 *
 * answered 200 {"ok":true} when handled; anything else (we send 401 {"ok":false}) is retried.
 */
export function createPromptpayProvider(
  config: PromptpayConfig,
  deps: PaymentProviderDeps,
): PaymentProvider {
  function rejected(reason: string, cause?: unknown): never {
    throw new PaymentNotificationRejected(`PromptPay webhook: ${reason}`, { cause });
  }

  return {
    channel: 'promptpay',

    async createQr(input: CreateQrInput): Promise<CreatedQr> {
      if (input.currency !== 'THB')
        throw new RangeError(`PromptPay charges in THB, not ${input.currency}`);
      if (!REF1.test(input.orderNo))
        throw new PaymentProviderError(
          'promptpay',
          'INVALID_REFERENCE',
          `PromptPay ref1 must be 1 to 20 upper-case letters or digits: ${input.orderNo}`,
        );
      const payload = promptpayPayload(
        { type: 'bill', billerId: config.billerId, ref1: input.orderNo },
        { amount: input.amount },
      );
      return { qrContent: payload };
    },

    async verifyNotification(notification) {
      const verdict = verifyPromptpayWebhook({
        secret: config.webhookSecret,
        timestamp: notification.headers['x-bank-timestamp'],
        signature: notification.headers['x-bank-signature'],
        rawBody: notification.body,
        now: deps.clock.now(),
      });
      if (verdict !== 'ok') rejected(verdict);
      let hook: BankWebhook;
      try {
        hook = JSON.parse(notification.body) as BankWebhook;
      } catch (cause) {
        rejected('body is not JSON', cause);
      }
      if (hook.billerId !== config.billerId) rejected(`for biller ${hook.billerId}`);
      const outcome =
        hook.event === 'payment.received'
          ? 'paid'
          : hook.event === 'payment.failed'
            ? 'failed'
            : rejected(`event ${hook.event}`);
      const amount =
        typeof hook.amount === 'string' && /^\d+\.\d{2}$/.test(hook.amount)
          ? decimalToMinor(hook.amount, 'THB')
          : null;
      if (!hook.ref1 || !hook.transactionId || amount === null || hook.currency !== 'THB')
        rejected('no reference, transaction or amount in THB');
      const paidAt = hook.paidAt ? new Date(hook.paidAt) : null;
      return {
        orderNo: hook.ref1,
        providerTradeNo: hook.transactionId,
        outcome,
        amount,
        currency: 'THB',
        paidAt: outcome === 'paid' && paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : null,
      };
    },

    reply(ok) {
      return {
        status: ok ? 200 : 401,
        body: JSON.stringify({ ok }),
        contentType: 'application/json; charset=utf-8',
      };
    },
  };
}
