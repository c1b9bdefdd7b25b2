import type { SandboxPaymentDelivery } from '../../db/schema/sandbox';
import type { SandboxPaymentsContext } from './context';
import { promptpayHeaders } from './promptpay.bank';
import { paymentByToken, recordDelivery, type SandboxPayment } from './store';
import { wechatpayHeaders } from './wechatpay.api';

const DEFAULT_RETRY_DELAYS = [1_000, 5_000, 30_000];
const TIMEOUT_MS = 10_000;

/** Whether the merchant's answer is the provider's success reply (anything else is retried). */
function accepted(channel: SandboxPayment['channel'], status: number, text: string): boolean {
  switch (channel) {
    case 'alipay':
      return text.trim() === 'success';
    case 'wechat':
      return status === 200 || status === 204;
    case 'promptpay':
      return status >= 200 && status < 300;
  }
}

export interface DeliveryResult {
  delivered: boolean;
  /** Attempts made for this payment so far, this one included. */
  attempts: number;
}

/**
 * Sends payments' notifications to the merchant as each provider does: headers signed afresh at
 * each attempt (WeChat Pay and the bank sign the time of sending), the same body every time.
 * Every attempt is recorded; one not answered with success is retried after the configured waits.
 */
export function createNotifier(context: SandboxPaymentsContext) {
  const delays = context.retryDelays ?? DEFAULT_RETRY_DELAYS;

  async function attempt(payment: SandboxPayment): Promise<DeliveryResult> {
    const { notification, notifyUrl } = payment;
    if (!notification || !notifyUrl)
      return { delivered: false, attempts: payment.deliveries.length };
    const signed =
      payment.channel === 'wechat'
        ? wechatpayHeaders(context, notification.body)
        : payment.channel === 'promptpay'
          ? promptpayHeaders(context, notification.body)
          : {};
    let delivery: SandboxPaymentDelivery;
    try {
      const response = await context.fetch(notifyUrl, {
        method: 'POST',
        headers: { 'content-type': notification.contentType, ...signed },
        body: notification.body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const text = await response.text();
      delivery = {
        at: context.clock.now().toISOString(),
        status: response.status,
        ok: accepted(payment.channel, response.status, text),
        answer: text.slice(0, 200),
      };
    } catch (cause) {
      delivery = {
        at: context.clock.now().toISOString(),
        status: null,
        ok: false,
        answer: cause instanceof Error ? cause.message : String(cause),
      };
    }
    const row = await recordDelivery(context.db, payment.token, delivery);
    if (!delivery.ok)
      context.logger.warn('sandbox: payment notification not accepted', {
        channel: payment.channel,
        outTradeNo: payment.outTradeNo,
        status: delivery.status,
        answer: delivery.answer,
      });
    return { delivered: delivery.ok, attempts: row?.deliveries.length ?? 0 };
  }

  function retry(token: string, index: number) {
    const wait = delays[index];
    if (wait === undefined) return;
    const timer = setTimeout(() => {
      void (async () => {
        const payment = await paymentByToken(context.db, token);
        // Accepted meanwhile (a resend): nothing left to retry.
        if (!payment || payment.deliveries.at(-1)?.ok) return;
        const result = await attempt(payment);
        if (!result.delivered) retry(token, index + 1);
      })().catch((error: unknown) =>
        context.logger.warn('sandbox: payment notification retry failed', { error }),
      );
    }, wait);
    timer.unref?.();
  }

  return {
    /** The first attempt, awaited; retries follow on their own when it is not accepted. */
    async deliver(payment: SandboxPayment): Promise<DeliveryResult> {
      const result = await attempt(payment);
      if (!result.delivered && payment.notification && payment.notifyUrl) retry(payment.token, 0);
      return result;
    },
    /** One more attempt with the last notification, as a provider's own retry would send it. */
    resend: attempt,
  };
}
