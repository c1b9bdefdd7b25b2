import { CURRENCIES } from '@shared/contracts/money';
import {
  EXPRESS_TYPES,
  PURCHASE_STATUSES,
  PURCHASE_TYPES,
  type PurchaseAddress,
  type PurchaseFees,
  SHIPPING_TYPES,
} from '@shared/contracts/purchases';
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { shops } from './shops';
import { users } from './users';
import { warehouses } from './warehouses';

const listed = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

/** An item as stored: actual price once the purchaser bought it. */
export interface StoredPurchaseItem {
  sku: string;
  link: string;
  estimatedPrice: number;
  actualPrice: number | null;
  quantity: number;
}

export interface StoredAttachment {
  id: string;
  name: string;
  size: number;
}

/**
 * A purchase request of a main account's shop. Money: the estimate less the coupon is frozen in
 * the owner's wallet under reference `purchase:<purchase_no>` from submission (or, opened by order
 * processing, the service order's freeze stands for it: `funded_by_service`); an accepted
 * overrun is frozen apart (`purchaseExtra:<purchase_no>`) until the goods arrive and the actual
 * total is settled. Each step names who did it and when.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseNo: text('purchase_no').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    /** The overseas warehouse receiving the goods; none for a cross-border sale whose seller has none on the site. */
    warehouseId: uuid('warehouse_id').references(() => warehouses.id, { onDelete: 'restrict' }),
    type: text('type', { enum: PURCHASE_TYPES }).notNull(),
    status: text('status', { enum: PURCHASE_STATUSES }).notNull(),
    expressType: text('express_type', { enum: EXPRESS_TYPES }).notNull(),
    shippingType: text('shipping_type', { enum: SHIPPING_TYPES }).notNull(),
    serviceNo: text('service_no'),
    /**
     * Opened by order processing for its crossSale service order `service_no`: the request holds
     * no freeze of its own but the service order's (`service:<service_no>`), released under the
     * service's key when either is withdrawn and settled by the service's completion.
     */
    fundedByService: boolean('funded_by_service').notNull().default(false),
    platformNo: text('platform_no'),
    address: jsonb('address').$type<PurchaseAddress>().notNull(),
    items: jsonb('items').$type<StoredPurchaseItem[]>().notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    estimatedFees: jsonb('estimated_fees').$type<PurchaseFees>().notNull(),
    actualFees: jsonb('actual_fees').$type<PurchaseFees>(),
    estimatedTotal: bigint('estimated_total', { mode: 'number' }).notNull(),
    actualTotal: bigint('actual_total', { mode: 'number' }),
    floatAmount: bigint('float_amount', { mode: 'number' }).notNull(),
    couponId: uuid('coupon_id'),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    /** What the wallet holds for it now (main freeze plus an accepted overrun). */
    frozen: bigint('frozen', { mode: 'number' }).notNull().default(0),
    extraFrozen: bigint('extra_frozen', { mode: 'number' }).notNull().default(0),
    tracking: text('tracking'),
    remark: text('remark').notNull().default(''),
    rejectReason: text('reject_reason'),
    failReason: text('fail_reason'),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    auditedBy: uuid('audited_by').references(() => users.id, { onDelete: 'set null' }),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
    shippedBy: uuid('shipped_by').references(() => users.id, { onDelete: 'set null' }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    receivedBy: uuid('received_by').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    rejectedBy: uuid('rejected_by').references(() => users.id, { onDelete: 'set null' }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    failedBy: uuid('failed_by').references(() => users.id, { onDelete: 'set null' }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** The submission's idempotency key: a repeat answers the same request. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('purchases_no_key').on(t.purchaseNo),
    uniqueIndex('purchases_owner_idempotency_key').on(t.ownerId, t.idempotencyKey),
    uniqueIndex('purchases_funding_service_key')
      .on(t.ownerId, t.serviceNo)
      .where(sql`${t.fundedByService}`),
    index('purchases_owner_status_idx').on(t.ownerId, t.status, t.createdAt, t.purchaseNo),
    index('purchases_status_idx').on(t.status, t.createdAt, t.purchaseNo),
    check('purchases_status_known', listed('status', PURCHASE_STATUSES)),
    check('purchases_type_known', listed('type', PURCHASE_TYPES)),
    check(
      'purchases_amounts_valid',
      sql`${t.estimatedTotal} > 0 and ${t.floatAmount} >= 0 and ${t.discount} >= 0 and ${t.frozen} >= 0 and ${t.extraFrozen} >= 0`,
    ),
  ],
);
