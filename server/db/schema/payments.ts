import { COUPON_SCOPES } from '@shared/contracts/coupons';
import { CURRENCIES } from '@shared/contracts/money';
import {
  PAYMENT_CHANNELS,
  PAYMENT_ORDER_KINDS,
  PAYMENT_ORDER_STATES,
  TRADE_ORDER_STATES,
} from '@shared/contracts/payments';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { coupons } from './coupons';
import { users } from './users';

const listed = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

/**
 * An order waiting to be paid: a service, a warehouse, a fee. Paid once, from the wallet or by a
 * QR payment order; the coupon it used is held while it is paying.
 */
export const tradeOrders = pgTable(
  'trade_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tradeNo: text('trade_no').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What it is for, per language ({ zh, th, en }). */
    title: jsonb('title').$type<Record<string, string>>().notNull(),
    scope: text('scope', { enum: COUPON_SCOPES }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    status: text('status', { enum: TRADE_ORDER_STATES }).notNull().default('pending'),
    /** The lines: name per language, quantity, unit price and amount in minor units. */
    lines: jsonb('lines')
      .$type<
        { name: Record<string, string>; quantity: number; unitPrice: number; amount: number }[]
      >()
      .notNull(),
    paidBy: text('paid_by'),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'restrict' }),
    /** The payment order paying it (QR) or recording its wallet payment. */
    paymentOrderNo: text('payment_order_no'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('trade_orders_trade_no_key').on(t.tradeNo),
    index('trade_orders_owner_status_idx').on(t.ownerId, t.status, t.createdAt),
    uniqueIndex('trade_orders_paid_coupon_key')
      .on(t.couponId)
      .where(sql`${t.couponId} is not null and ${t.status} = 'paid'`),
    check('trade_orders_amount_positive', sql`${t.amount} > 0`),
    check('trade_orders_status_known', listed('status', TRADE_ORDER_STATES)),
    check('trade_orders_discount_valid', sql`${t.discount} >= 0 and ${t.discount} <= ${t.amount}`),
  ],
);

/**
 * A payment order: a recharge, or the payment of a trade order, by QR code through a provider (or
 * from the wallet for a trade). The provider's transaction number is unique per channel, so one
 * payment is credited once.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNo: text('order_no').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The account that opened it (a sub-account, for the record). */
    createdBy: uuid('created_by'),
    kind: text('kind', { enum: PAYMENT_ORDER_KINDS }).notNull(),
    /** Null for a trade paid from the wallet. */
    channel: text('channel', { enum: PAYMENT_CHANNELS }),
    status: text('status', { enum: PAYMENT_ORDER_STATES }).notNull().default('unpaid'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    payAmount: bigint('pay_amount', { mode: 'number' }).notNull(),
    payCurrency: text('pay_currency', { enum: CURRENCIES }).notNull(),
    /** The conversion from wallet to pay currency and the rate it used. */
    conversion: jsonb('conversion'),
    qrContent: text('qr_content'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    tradeNo: text('trade_no'),
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'restrict' }),
    providerTradeNo: text('provider_trade_no'),
    /** The request's idempotency key and the hash of its input. */
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    closeReason: text('close_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_orders_order_no_key').on(t.orderNo),
    uniqueIndex('payment_orders_owner_idempotency_key').on(t.ownerId, t.idempotencyKey),
    uniqueIndex('payment_orders_provider_trade_key')
      .on(t.channel, t.providerTradeNo)
      .where(sql`${t.providerTradeNo} is not null`),
    index('payment_orders_owner_kind_created_idx').on(t.ownerId, t.kind, t.createdAt),
    index('payment_orders_unpaid_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'unpaid'`),
    check('payment_orders_status_known', listed('status', PAYMENT_ORDER_STATES)),
    check('payment_orders_kind_known', listed('kind', PAYMENT_ORDER_KINDS)),
    check(
      'payment_orders_amounts_valid',
      sql`${t.amount} > 0 and ${t.payAmount} >= 0 and ${t.discount} >= 0`,
    ),
  ],
);

/** Every payment notification received, verified or not: what came, and what was done with it. */
export const paymentCallbacks = pgTable(
  'payment_callbacks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: PAYMENT_CHANNELS }).notNull(),
    orderNo: text('order_no'),
    verified: boolean('verified').notNull(),
    /** credited, duplicate, ignored, rejected, failed. */
    outcome: text('outcome').notNull(),
    detail: text('detail'),
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    body: text('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('payment_callbacks_order_idx').on(t.orderNo, t.receivedAt)],
);
