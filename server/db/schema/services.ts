import type { PricedItem } from '@shared/contracts/service-prices';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { serviceOrders } from './orders';
import { users } from './users';

/**
 * A service price list, in force from its date until the next one's: a service order records the
 * list and the prices it used (service_orders.price_record).
 */
export const servicePriceLists = pgTable(
  'service_price_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    items: jsonb('items').$type<PricedItem[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('service_price_lists_effective_key').on(t.effectiveFrom)],
);

/** A step of a service done after its submission: when, by whom, with what remark. Once per step. */
export const serviceSteps = pgTable(
  'service_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceOrderId: uuid('service_order_id')
      .notNull()
      .references(() => serviceOrders.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('service_steps_order_step_key').on(t.serviceOrderId, t.step)],
);

/**
 * A photo proving a step (JPG or PNG read from its bytes), its bytes in the Storage of product
 * media under their SHA-256. Uploaded by an operator first, then bound to the step it proves.
 */
export const serviceProofs = pgTable(
  'service_proofs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    name: text('name').notNull(),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stepId: uuid('step_id').references(() => serviceSteps.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('service_proofs_step_idx').on(t.stepId)],
);
