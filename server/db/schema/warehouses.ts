import { CURRENCIES } from '@shared/contracts/money';
import {
  WAREHOUSE_CHARGE_KINDS,
  WAREHOUSE_MIN_CBM,
  WAREHOUSE_SITES,
} from '@shared/contracts/warehouses';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const listed = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

/** Stored states; `insufficient` is read off the stock (occupied over capacity). */
const WAREHOUSE_STORED_STATES = ['pending', 'normal', 'expired', 'closed'] as const;

/**
 * An overseas warehouse of a main account (several per site allowed), paid monthly by the CBM. `paid_through`
 * is the last month (YYYY-MM, site time) paid for; the monthly job charges the next one on the
 * 1st. `next_volume` is a downgrade waiting for next month (the month's last one).
 */
export const warehouses = pgTable(
  'warehouses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    site: text('site', { enum: WAREHOUSE_SITES }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    volume: integer('volume').notNull(),
    nextVolume: integer('next_volume'),
    state: text('state', { enum: WAREHOUSE_STORED_STATES }).notNull(),
    autoRenew: boolean('auto_renew').notNull().default(true),
    paidThrough: text('paid_through'),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('warehouses_owner_code_key').on(t.ownerId, t.code),
    index('warehouses_owner_site_idx').on(t.ownerId, t.site),
    index('warehouses_due_idx').on(t.state, t.paidThrough),
    check('warehouses_state_known', listed('state', WAREHOUSE_STORED_STATES)),
    check(
      'warehouses_volume_min',
      sql`${t.volume} >= ${sql.raw(String(WAREHOUSE_MIN_CBM))} and (${t.nextVolume} is null or ${t.nextVolume} >= ${sql.raw(String(WAREHOUSE_MIN_CBM))})`,
    ),
  ],
);

/**
 * Capacity ordered and waiting for its trade order to be paid: opening, an upgrade or a renewal.
 * Applied once (`applied_at`) when the trade order is paid, however it was paid.
 */
export const warehouseOrders = pgTable(
  'warehouse_orders',
  {
    tradeNo: text('trade_no').primaryKey(),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: WAREHOUSE_CHARGE_KINDS }).notNull(),
    /** The volume the warehouse has once applied. */
    volume: integer('volume').notNull(),
    /** CBM charged for (an upgrade: the difference). */
    chargedVolume: integer('charged_volume').notNull(),
    month: text('month').notNull(),
    days: integer('days').notNull(),
    daysInMonth: integer('days_in_month').notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('warehouse_orders_owner_key').on(t.ownerId, t.idempotencyKey),
    index('warehouse_orders_pending_idx').on(t.ownerId).where(sql`applied_at is null`),
  ],
);

/** Every charge of a warehouse with the price, days and proration it used. */
export const warehouseCharges = pgTable(
  'warehouse_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: WAREHOUSE_CHARGE_KINDS }).notNull(),
    month: text('month').notNull(),
    volume: integer('volume').notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    days: integer('days').notNull(),
    daysInMonth: integer('days_in_month').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    /** The trade order, or the monthly fee's reference (`<code>-<YYYY-MM>`). */
    reference: text('reference').notNull(),
    /** One charge per key: `warehouse:<id>:<YYYY-MM>` for a monthly fee, `trade:<no>` otherwise. */
    chargeKey: text('charge_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('warehouse_charges_key').on(t.chargeKey),
    index('warehouse_charges_warehouse_idx').on(t.warehouseId, t.createdAt),
    check('warehouse_charges_kind_known', listed('kind', WAREHOUSE_CHARGE_KINDS)),
    check('warehouse_charges_amounts_valid', sql`${t.amount} >= 0 and ${t.days} >= 1`),
  ],
);

/** A stock line of a warehouse (what the warehouse system reports). */
export const warehouseStock = pgTable(
  'warehouse_stock',
  {
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    available: integer('available').notNull(),
    inTransit: integer('in_transit').notNull(),
    occupied: integer('occupied').notNull(),
    /** Litres one unit takes. */
    unitLitres: integer('unit_litres').notNull(),
    /** Units sold over the last 30 days. */
    sold30: integer('sold_30').notNull().default(0),
    /** Platform products selling this SKU. */
    productIds: jsonb('product_ids').$type<string[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.warehouseId, t.sku] })],
);

/** Occupied litres per day (the warehouse system's daily count), for the forecast. */
export const warehouseUsage = pgTable(
  'warehouse_usage',
  {
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    litres: integer('litres').notNull(),
  },
  (t) => [primaryKey({ columns: [t.warehouseId, t.day] })],
);
