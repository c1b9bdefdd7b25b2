import * as z from 'zod/mini';
import { COUPON_SCOPES } from './coupons';
import { DateTimeSchema, TimeZoneSchema } from './date-range';
import { CURRENCIES, type Currency } from './money';
import { KeysetPageShape, KeysetQueryShape } from './paging';
import { WalletBalanceSchema } from './wallet';

/**
 * Payments (spec sections 2 to 9): recharging the wallet by WeChat Pay, Alipay or PromptPay, and
 * paying a pending order from the wallet (with a coupon) or by QR code. Every amount is integer
 * minor units with its currency; every conversion names the rate it used.
 */

/** The payment channels of the recharge panels. */
export const PAYMENT_CHANNELS = ['wechat', 'alipay', 'promptpay'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

/** The currency each channel charges in: WeChat Pay and Alipay in yuan, PromptPay in baht. */
export const CHANNEL_CURRENCY: Record<PaymentChannel, Currency> = {
  wechat: 'CNY',
  alipay: 'CNY',
  promptpay: 'THB',
};

/**
 * Payment order states (spec section 4): `unpaid` while its QR code waits, `closed` when it expired
 * or was closed unpaid, `paid` once the provider confirmed the money, `completed` once what it paid
 * for was done (the wallet credited, the order paid).
 */
export const PAYMENT_ORDER_STATES = ['unpaid', 'closed', 'paid', 'completed'] as const;
export type PaymentOrderState = (typeof PAYMENT_ORDER_STATES)[number];

/** What a payment order is for: a wallet recharge, or a pending order paid by QR code. */
export const PAYMENT_ORDER_KINDS = ['recharge', 'trade'] as const;
export type PaymentOrderKind = (typeof PAYMENT_ORDER_KINDS)[number];

/** A QR code lives this long; the page counts it down and offers a fresh one after. */
export const PAYMENT_QR_TTL_SECONDS = 15 * 60;

/** Spec sections 5 and 9: a single custom recharge is at most USD 300, checked in USD at the current rate. */
export const RECHARGE_LIMIT_USD_MINOR = 30_000;

/** The idempotency key header every money-moving request carries. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

const AmountSchema = z.int().check(z.positive(), z.maximum(Number.MAX_SAFE_INTEGER));

/** A conversion as recorded: from what, to what, at which rate, dated. */
const ConversionSchema = z.object({
  from: z.enum(CURRENCIES),
  to: z.enum(CURRENCIES),
  amount: z.int(),
  converted: z.int(),
  /** Units of `to` for one unit of `from`, a decimal string. */
  rate: z.string(),
  /** When the rate used took effect. */
  rateDate: z.string(),
});
export type Conversion = z.infer<typeof ConversionSchema>;

/** GET /api-user/pay/recharge/options: what the recharge page offers the account. */
export const RechargeOptionsSchema = z.object({
  /** The wallet's currency (the account's site currency): amounts are entered in it. */
  currency: z.enum(CURRENCIES),
  /** Preset amounts, minor units of `currency`. */
  presets: z.array(z.int()),
  /** The smallest custom amount, minor units. */
  customMin: z.int(),
  /** USD 300 at the current rate, minor units of `currency`. */
  customMax: z.int(),
  channels: z.array(
    z.object({
      channel: z.enum(PAYMENT_CHANNELS),
      /** What the payer is charged in. */
      currency: z.enum(CURRENCIES),
      /** Units of the channel currency for one unit of the wallet currency. */
      rate: z.string(),
      rateDate: z.string(),
      /** The rate took effect more than a day ago and no newer one is stored: shown as stale. */
      stale: z.boolean(),
      /** Played by the sandbox (no real credentials for it): its QR codes are paid on the payer page. */
      sandbox: z.boolean(),
    }),
  ),
  /** Where the sandbox's payer page is while it plays any channel; null when every channel is real. */
  sandboxPayerUrl: z.nullable(z.string()),
});
export type RechargeOptions = z.infer<typeof RechargeOptionsSchema>;

/** POST /api-user/pay/recharge (with an Idempotency-Key header): opens a recharge payment order. */
export const RechargeRequestSchema = z.object({
  channel: z.enum(PAYMENT_CHANNELS),
  /** What should arrive in the wallet, minor units of `currency`. */
  amount: AmountSchema,
  currency: z.enum(CURRENCIES),
  /** A preset amount is not held to the custom limit. */
  preset: z._default(z.boolean(), false),
  /** A recharge coupon lowers what the payer pays; the wallet still receives `amount`. */
  couponId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});
export type RechargeRequest = z.infer<typeof RechargeRequestSchema>;

/** A payment order and, while it is unpaid, its QR code. */
export const PaymentOrderSchema = z.object({
  orderNo: z.string(),
  kind: z.enum(PAYMENT_ORDER_KINDS),
  channel: z.nullable(z.enum(PAYMENT_CHANNELS)),
  status: z.enum(PAYMENT_ORDER_STATES),
  /** What arrives in the wallet (recharge) or what the order costs (trade), wallet currency. */
  amount: z.int(),
  currency: z.enum(CURRENCIES),
  /** What the coupon took off, wallet currency. */
  discount: z.int(),
  /** What the payer is charged, minor units of `payCurrency`. */
  payAmount: z.int(),
  payCurrency: z.enum(CURRENCIES),
  conversion: z.nullable(ConversionSchema),
  /** The QR code's content: a PromptPay EMVCo payload, a WeChat Pay code_url or an Alipay qr_code. */
  qrContent: z.nullable(z.string()),
  /** When the QR code stops working (ISO time); null once the order is no longer unpaid. */
  expiresAt: z.nullable(z.string()),
  /** The trade order it pays, for a trade payment. */
  tradeNo: z.nullable(z.string()),
  couponId: z.nullable(z.string()),
  /** The provider's own transaction number once paid. */
  providerTradeNo: z.nullable(z.string()),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
  /** Why it was closed: expired, replaced by a fresh QR code, closed by the seller, payment failed. */
  closeReason: z.nullable(z.enum(['expired', 'refreshed', 'closed', 'failed'])),
  /** The wallet after the payment was credited or charged. */
  wallet: z.nullable(WalletBalanceSchema),
});
export type PaymentOrder = z.infer<typeof PaymentOrderSchema>;

/** Query naming one payment order. */
export const PaymentOrderQuerySchema = z.object({
  orderNo: z.string().check(z.minLength(1), z.maxLength(64)),
});

/** GET /api-user/pay/recharge/list: recharge history (spec section 3, recharge record). */
export const RechargeListQuerySchema = z.object({
  ...KeysetQueryShape,
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
  status: z.optional(z.enum(PAYMENT_ORDER_STATES)),
  channel: z.optional(z.enum(PAYMENT_CHANNELS)),
  beginTime: z.optional(DateTimeSchema),
  endTime: z.optional(DateTimeSchema),
  timeZone: z.optional(TimeZoneSchema),
});
export type RechargeListQuery = z.infer<typeof RechargeListQuerySchema>;
export const RechargePageSchema = z.object({
  records: z.array(PaymentOrderSchema),
  total: z.int(),
  ...KeysetPageShape,
});
export type RechargePage = z.infer<typeof RechargePageSchema>;

/**
 * Trade order states: `pending` waits for payment, `paying` has a QR payment or a coupon in flight,
 * `paid` is done, `cancelled` was withdrawn unpaid.
 */
export const TRADE_ORDER_STATES = ['pending', 'paying', 'paid', 'cancelled'] as const;

/** An order waiting to be paid (a service, a warehouse, a purchase fee). */
export const TradeOrderSchema = z.object({
  tradeNo: z.string(),
  /** What it is for, in the reader's language. */
  title: z.string(),
  /** The coupon scope it falls under (spec section 9). */
  scope: z.enum(COUPON_SCOPES),
  amount: z.int(),
  currency: z.enum(CURRENCIES),
  status: z.enum(TRADE_ORDER_STATES),
  lines: z.array(
    z.object({ name: z.string(), quantity: z.int(), unitPrice: z.int(), amount: z.int() }),
  ),
  /** How it was paid once paid. */
  paidBy: z.nullable(z.enum(['wallet', ...PAYMENT_CHANNELS])),
  discount: z.int(),
  couponId: z.nullable(z.string()),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
});
export type TradeOrder = z.infer<typeof TradeOrderSchema>;

export const TradeOrderQuerySchema = z.object({
  tradeNo: z.string().check(z.minLength(1), z.maxLength(64)),
});

/** GET /api-user/pay/trade/list: the account's orders, pending first. */
export const TradeListQuerySchema = z.object({
  ...KeysetQueryShape,
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
  status: z.optional(z.enum(TRADE_ORDER_STATES)),
});
export const TradePageSchema = z.object({
  records: z.array(TradeOrderSchema),
  total: z.int(),
  ...KeysetPageShape,
});
export type TradePage = z.infer<typeof TradePageSchema>;

/**
 * POST /api-user/pay/orderTrading (with an Idempotency-Key header): pays a pending order from the
 * wallet (the coupon, if any, is frozen, then used when the payment completes) or opens a QR
 * payment order for it. A wallet short of the amount answers resp_code -10 with the shortfall.
 */
export const PayTradeRequestSchema = z.object({
  tradeNo: z.string().check(z.minLength(1), z.maxLength(64)),
  method: z.enum(['wallet', 'qr']),
  /** Required for `qr`. */
  channel: z.optional(z.enum(PAYMENT_CHANNELS)),
  couponId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});
export type PayTradeRequest = z.infer<typeof PayTradeRequestSchema>;

export const PayTradeResultSchema = z.object({
  trade: TradeOrderSchema,
  /** The QR payment order (method `qr`), or the record of the wallet payment. */
  payment: PaymentOrderSchema,
});
export type PayTradeResult = z.infer<typeof PayTradeResultSchema>;
export type TradeListQuery = z.infer<typeof TradeListQuerySchema>;
