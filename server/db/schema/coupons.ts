import { COUPON_SCOPES, COUPON_TYPES } from '@shared/contracts/coupons';
import { CURRENCIES } from '@shared/contracts/money';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const listed = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

/** The states a coupon row is stored in; `expired` is an unused coupon past `valid_to`, read off the clock. */
const COUPON_STORED_STATES = ['unused', 'freezing', 'used'] as const;

/**
 * A coupon held by a main account. It is used at most once: `freezing` while an order holds it
 * (`order_ref`), `used` once that order completed; a release puts it back to `unused`. Every
 * change takes the row lock first.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The coupon's name per language ({ zh, th, en }). */
    name: jsonb('name').$type<Record<string, string>>().notNull(),
    type: text('type', { enum: COUPON_TYPES }).notNull(),
    scope: text('scope', { enum: COUPON_SCOPES }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    threshold: bigint('threshold', { mode: 'number' }).notNull().default(0),
    maxOffset: bigint('max_offset', { mode: 'number' }).notNull(),
    percentOff: integer('percent_off'),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
    status: text('status', { enum: COUPON_STORED_STATES }).notNull().default('unused'),
    /** The order holding or having used it ("trade:T123", "recharge:R123"). */
    orderRef: text('order_ref'),
    /** What it took off that order, minor units. */
    discount: bigint('discount', { mode: 'number' }),
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('coupons_owner_status_idx').on(t.ownerId, t.status, t.validTo),
    check('coupons_type_known', listed('type', COUPON_TYPES)),
    check('coupons_scope_known', listed('scope', COUPON_SCOPES)),
    check('coupons_status_known', listed('status', COUPON_STORED_STATES)),
    check('coupons_amounts_valid', sql`${t.threshold} >= 0 and ${t.maxOffset} > 0`),
    check(
      'coupons_percent_matches_type',
      sql`(${t.type} = 'cash' and ${t.percentOff} is null) or (${t.type} = 'discount' and ${t.percentOff} between 1 and 99)`,
    ),
    check('coupons_validity_ordered', sql`${t.validFrom} < ${t.validTo}`),
    check(
      'coupons_hold_matches_status',
      sql`(${t.status} = 'unused' and ${t.orderRef} is null and ${t.discount} is null and ${t.usedAt} is null)
        or (${t.status} = 'freezing' and ${t.orderRef} is not null and ${t.discount} is not null and ${t.usedAt} is null)
        or (${t.status} = 'used' and ${t.orderRef} is not null and ${t.discount} is not null and ${t.usedAt} is not null)`,
    ),
  ],
);
