import { PRICE_ROUNDINGS } from '@shared/contracts/collector';
import { type ProductDraft, SOURCE_SITES } from '@shared/contracts/product-draft';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The collection box: a product the extension read from a source page, kept per main account.
 * `original` is the draft as last read; `draft` is what the seller works with (the same until the
 * seller edits it). The listing columns (title, prices, image, SKU count) follow `draft`.
 */
export const collectedProducts = pgTable(
  'collected_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The main account whose box it is. */
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who last collected it (the main account or one of its sub-accounts). */
    collectedBy: uuid('collected_by').references(() => users.id, { onDelete: 'set null' }),
    site: text('site', { enum: SOURCE_SITES }).notNull(),
    itemId: text('item_id').notNull(),
    url: text('url').notNull(),
    title: text('title').notNull(),
    currency: text('currency').notNull(),
    priceMinMinor: bigint('price_min_minor', { mode: 'number' }),
    priceMaxMinor: bigint('price_max_minor', { mode: 'number' }),
    image: text('image'),
    skuCount: integer('sku_count').notNull().default(0),
    draft: jsonb('draft').$type<ProductDraft>().notNull(),
    original: jsonb('original').$type<ProductDraft>().notNull(),
    /** The seller changed the draft: collecting the item again keeps the seller's draft. */
    edited: boolean('edited').notNull().default(false),
    /** When it was first claimed into a shop; unclaimed while null. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** When the extension last read it. */
    collectedAt: timestamp('collected_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('collected_products_owner_item_key').on(t.ownerId, t.site, t.itemId),
    // The two tabs (unclaimed, claimed), newest first.
    index('collected_products_owner_list_idx').on(
      t.ownerId,
      sql`(${t.claimedAt} is null)`,
      t.updatedAt.desc().nullsFirst(),
      t.id,
    ),
  ],
);

/** A main account's plug-in settings: default shops, pricing template, bulk collection pace. */
export const pluginSettings = pgTable('plugin_settings', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  defaultShopIds: jsonb('default_shop_ids').$type<string[]>().notNull().default([]),
  markupPercent: integer('markup_percent').notNull().default(0),
  rounding: text('rounding', { enum: PRICE_ROUNDINGS }).notNull().default('none'),
  bulkPerMinute: integer('bulk_per_minute').notNull().default(12),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
