import { RETURN_EXPRESS, RETURN_OUTCOMES, RETURN_STATUSES } from '@shared/contracts/returns';
import {
  SERVICE_STATUSES,
  SERVICE_TYPES,
  type ServiceFees,
  type ServiceItem,
  type ServiceStep,
} from '@shared/contracts/service-orders';
import type { PriceRecord } from '@shared/contracts/services';
import {
  bigint,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { platformOrders, shops } from './shops';
import { users } from './users';

/**
 * One submission of the processing dialog, kept by its idempotency key: a repeat of the key
 * answers the service orders it made instead of making more.
 */
export const orderSubmissions = pgTable(
  'order_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => platformOrders.id, { onDelete: 'cascade' }),
    /** What was asked (items, gifts, coupon): the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('order_submissions_owner_key').on(t.ownerId, t.idempotencyKey)],
);

/**
 * A service order: what our staff do for the seller (buy and ship an order, restock, ship from
 * stock, send gifts, a service bought in the market), with its estimate frozen in the wallet, its
 * progress steps and, when done, its actual amount.
 */
export const serviceOrders = pgTable(
  'service_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceNo: text('service_no').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: SERVICE_TYPES }).notNull(),
    status: text('status', { enum: SERVICE_STATUSES }).notNull(),
    shopId: uuid('shop_id').references(() => shops.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => platformOrders.id, { onDelete: 'set null' }),
    platformOrderNo: text('platform_order_no'),
    submissionId: uuid('submission_id').references(() => orderSubmissions.id, {
      onDelete: 'set null',
    }),
    currency: text('currency').notNull(),
    estimateMinor: bigint('estimate_minor', { mode: 'number' }).notNull(),
    fees: jsonb('fees').$type<ServiceFees>().notNull(),
    discountMinor: bigint('discount_minor', { mode: 'number' }).notNull().default(0),
    frozenMinor: bigint('frozen_minor', { mode: 'number' }).notNull().default(0),
    couponId: uuid('coupon_id'),
    actualMinor: bigint('actual_minor', { mode: 'number' }),
    items: jsonb('items').$type<ServiceItem[]>().notNull(),
    steps: jsonb('steps').$type<ServiceStep[]>().notNull(),
    remark: text('remark'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    // Services (server/modules/services): the step reached and when, the prices a market purchase
    // used, the order it is attached to, how it ended and the money's outcome.
    currentStep: text('current_step').notNull().default('serviceSubmit'),
    currentStepAt: timestamp('current_step_at', { withTimezone: true }),
    priceRecord: jsonb('price_record').$type<PriceRecord>(),
    attachedTo: text('attached_to'),
    idempotencyKey: text('idempotency_key'),
    actualFees: jsonb('actual_fees').$type<ServiceFees>(),
    chargedMinor: bigint('charged_minor', { mode: 'number' }),
    releasedMinor: bigint('released_minor', { mode: 'number' }),
    abortReason: text('abort_reason'),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('service_orders_service_no_key').on(t.serviceNo),
    uniqueIndex('service_orders_owner_idempotency_key').on(t.ownerId, t.idempotencyKey),
    index('service_orders_queue_idx').on(t.status, t.currentStepAt, t.id),
    index('service_orders_owner_created_idx').on(t.ownerId, t.createdAt.desc(), t.id.desc()),
    index('service_orders_order_idx').on(t.orderId),
  ],
);

/** A return of an order's items to our warehouse: registered, signed for, then restocked or disposed of. */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    returnNo: text('return_no').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => platformOrders.id, { onDelete: 'cascade' }),
    express: text('express', { enum: RETURN_EXPRESS }).notNull(),
    trackingNo: text('tracking_no').notNull(),
    items: jsonb('items')
      .$type<{ orderItemId: string; quantity: number; remark: string | null }[]>()
      .notNull(),
    status: text('status', { enum: RETURN_STATUSES }).notNull(),
    outcome: text('outcome', { enum: RETURN_OUTCOMES }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    signedBy: uuid('signed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('order_returns_return_no_key').on(t.returnNo),
    index('order_returns_owner_status_idx').on(
      t.ownerId,
      t.status,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index('order_returns_status_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('order_returns_order_idx').on(t.orderId),
  ],
);

/** The purchase link a seller gave for one product SKU of a platform, remembered for its next orders. */
export const purchaseLinks = pgTable(
  'purchase_links',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull(),
    /** The platform's product id, or the item's name where the platform gave none. */
    productKey: text('product_key').notNull(),
    /** The platform's SKU id, or '' for a product without one. */
    skuKey: text('sku_key').notNull(),
    url: text('url').notNull(),
    supplierSku: text('supplier_sku'),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.platform, t.productKey, t.skuKey] })],
);
