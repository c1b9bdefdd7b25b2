import { PRICE_ROUNDINGS } from '@shared/contracts/collector';
import { type ProductDraft, SOURCE_SITES } from '@shared/contracts/product-draft';
import { PLATFORMS } from '@shared/contracts/shops';
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
import { shops } from './shops';
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

/**
 * A shop's product made by claiming a collected product: waiting (`wait`) to be edited and
 * published. One source item goes into one shop once: the database refuses a second.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: PLATFORMS }).notNull(),
    /** The collected product it was claimed from; kept when that is deleted from the box. */
    collectId: uuid('collect_id').references(() => collectedProducts.id, {
      onDelete: 'set null',
    }),
    sourceSite: text('source_site', { enum: SOURCE_SITES }).notNull(),
    sourceItemId: text('source_item_id').notNull(),
    sourceUrl: text('source_url').notNull(),
    title: text('title').notNull(),
    currency: text('currency').notNull(),
    priceMinMinor: bigint('price_min_minor', { mode: 'number' }),
    priceMaxMinor: bigint('price_max_minor', { mode: 'number' }),
    status: text('status').notNull().default('wait'),
    /** The draft with the seller's pricing template applied to every price. */
    data: jsonb('data').$type<ProductDraft>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('products_shop_source_key').on(t.shopId, t.sourceSite, t.sourceItemId),
    index('products_owner_created_idx').on(t.ownerId, t.createdAt),
    index('products_collect_id_idx').on(t.collectId),
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
