import type { Currency } from '@shared/contracts/money';
import type { PaymentChannel } from '@shared/contracts/payments';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';

/**
 * One payment provider (WeChat Pay v3 Native, Alipay precreate, PromptPay): it turns a payment
 * order into the content of a QR code, and turns a provider's notification into a verified
 * statement about one order, or refuses it. Clients sign and verify exactly as the provider
 * documents; without credentials they talk to the local sandbox, which checks the same way.
 */
export interface CreateQrInput {
  /** Our payment order number (the provider's out_trade_no). */
  orderNo: string;
  /** What the payer is charged, integer minor units of `currency`. */
  amount: number;
  currency: Currency;
  /** What the payment is for, shown to the payer (≤ 127 characters). */
  subject: string;
  /** When the QR code stops working. */
  expiresAt: Date;
}

export interface CreatedQr {
  /** PromptPay EMVCo payload, WeChat Pay `code_url` or Alipay `qr_code`. */
  qrContent: string;
}

/** A notification as it arrived: raw body bytes as text, header names lower-cased. */
export interface IncomingNotification {
  headers: Record<string, string>;
  body: string;
  contentType: string;
}

/** What a verified notification says about one of our orders. */
export interface VerifiedNotification {
  orderNo: string;
  /** The provider's own transaction number. */
  providerTradeNo: string;
  /** `paid` once the money is in; `failed`/`closed` when the payer failed or it was closed. */
  outcome: 'paid' | 'failed' | 'closed' | 'pending';
  /** What the provider says was paid, integer minor units of `currency`. */
  amount: number;
  currency: Currency;
  paidAt: Date | null;
}

/** The answer the provider expects back: its success reply, or a refusal it will retry. */
export interface NotificationReply {
  status: number;
  body: string;
  contentType: string;
}

export interface PaymentProvider {
  readonly channel: PaymentChannel;
  createQr(input: CreateQrInput): Promise<CreatedQr>;
  /**
   * Checks the notification's signature (and decrypts it where the provider encrypts); throws a
   * `PaymentNotificationRejected` when it does not verify: such a notification changes nothing.
   */
  verifyNotification(notification: IncomingNotification): Promise<VerifiedNotification>;
  /** The reply for a notification we handled (`ok`) or refused. */
  reply(ok: boolean): NotificationReply;
}

/** A notification whose signature, timestamp or content did not verify. */
export class PaymentNotificationRejected extends Error {
  constructor(
    readonly reason: string,
    options: { cause?: unknown } = {},
  ) {
    super(reason, options);
    this.name = 'PaymentNotificationRejected';
  }
}

/** A provider refused to create a payment, with its own code. */
export class PaymentProviderError extends Error {
  constructor(
    readonly channel: PaymentChannel,
    readonly providerCode: string,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

/** The providers by channel, built once from configuration (or the sandbox's). */
export type PaymentProviders = Record<PaymentChannel, PaymentProvider>;

/** What every provider is built with. */
export interface PaymentProviderDeps {
  /** Outbound HTTP to the provider (tests route it to the sandbox in-process). */
  fetch: typeof fetch;
  clock: Clock;
  logger: Logger;
  /** Where the provider sends its notifications about our payments on a channel. */
  notifyUrl: (channel: PaymentChannel) => string;
}
