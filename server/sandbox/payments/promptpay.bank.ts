import { minorToDecimal } from '@shared/contracts/money';
import { eq } from 'drizzle-orm';
import { sandboxPayments } from '../../db/schema/sandbox';
import { paymentNotifyUrl } from '../../integrations/payments/payments.config';
import {
  PromptpayPayloadError,
  parsePromptpay,
  promptpayWebhookSignature,
} from '../../integrations/payments/promptpay';
import type { SandboxPaymentsContext } from './context';
import { paymentToken, placePayment, randomDigits, type SandboxPayment } from './store';

/** Why a scanned PromptPay QR cannot be paid here. */
export type PromptpayScanError = 'invalid' | 'not-ours' | 'no-amount';

/**
 * A payer's banking app scanning a PromptPay QR: the payload is read with its CRC checked, and a
 * bill payment to the biller the sandbox bank serves becomes (or finds) a payment keyed by ref1.
 * A payload that differs only in amount from a still-pending one replaces it (a refreshed QR).
 */
export async function scanPromptpay(
  context: SandboxPaymentsContext,
  payload: string,
): Promise<{ payment: SandboxPayment } | { error: PromptpayScanError; detail: string }> {
  let parsed: ReturnType<typeof parsePromptpay>;
  try {
    parsed = parsePromptpay(payload);
  } catch (error) {
    if (error instanceof PromptpayPayloadError) return { error: 'invalid', detail: error.message };
    throw error;
  }
  const { account } = parsed;
  if (account.type !== 'bill' || account.billerId !== context.config.promptpay.billerId)
    return { error: 'not-ours', detail: 'not a bill payment to the sandbox biller' };
  if (parsed.amount === null || parsed.currency !== '764')
    return { error: 'no-amount', detail: 'no amount in THB' };
  const now = context.clock.now();
  const subject = [account.ref1, account.ref2].filter(Boolean).join(' / ');
  const { payment, created } = await placePayment(context.db, {
    token: paymentToken(),
    channel: 'promptpay',
    merchantId: account.billerId,
    outTradeNo: account.ref1,
    amount: parsed.amount,
    currency: 'THB',
    subject,
    qrContent: payload.trim(),
    status: 'pending',
    request: { ref2: account.ref2, ref3: account.ref3 },
    notifyUrl: paymentNotifyUrl(context.merchantUrl, 'promptpay'),
    expiresAt: null,
    createdAt: now,
  });
  if (created || payment.status !== 'pending' || payment.qrContent === payload.trim())
    return { payment };
  const [updated] = await context.db
    .update(sandboxPayments)
    .set({ amount: parsed.amount, qrContent: payload.trim(), subject })
    .where(eq(sandboxPayments.token, payment.token))
    .returning();
  return { payment: updated ?? payment };
}

/** The bank's webhook body (see promptpay.provider.ts for the protocol). */
export function promptpayNotification(
  context: SandboxPaymentsContext,
  payment: SandboxPayment,
  outcome: 'paid' | 'failed',
  transactionId: string,
): { contentType: string; body: string } {
  const body = JSON.stringify({
    event: outcome === 'paid' ? 'payment.received' : 'payment.failed',
    billerId: payment.merchantId,
    ref1: payment.outTradeNo,
    transactionId,
    amount: minorToDecimal(payment.amount, 'THB'),
    currency: 'THB',
    paidAt: context.clock.now().toISOString(),
  });
  return { contentType: 'application/json', body };
}

/** X-Bank-Timestamp and X-Bank-Signature for a webhook sent now. */
export function promptpayHeaders(context: SandboxPaymentsContext, body: string) {
  const timestamp = String(Math.floor(context.clock.now().getTime() / 1000));
  return {
    'X-Bank-Timestamp': timestamp,
    'X-Bank-Signature': promptpayWebhookSignature(
      context.config.promptpay.webhookSecret,
      timestamp,
      body,
    ),
  };
}

/** The bank's reference of a transfer: the date, then digits. */
export function promptpayTransactionId(now: Date): string {
  return `${now.toISOString().slice(0, 10).replaceAll('-', '')}${randomDigits(12)}`;
}
