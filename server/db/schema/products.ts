import { CATALOGUE_SOURCES } from '@shared/contracts/catalogue';
import type { ProductDraft } from '@shared/contracts/product-draft';
import { SOURCE_SITES } from '@shared/contracts/product-draft';
import type {
  LogisticsChannel,
  ProductInput,
  PublishFailure,
  SiteListing,
} from '@shared/contracts/products';
import { PLATFORMS } from '@shared/contracts/shops';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
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
import { collectedProducts } from './collector';
import { shops } from './shops';
import { users } from './users';

/** What a publishing job does to the platform. */
const PRODUCT_JOBS = ['publish', 'delist', 'activate', 'delete'] as const;
export type ProductJob = (typeof PRODUCT_JOBS)[number];
const PRODUCT_ORIGINS = ['claimed', 'synced', 'copied', 'created'] as const;

/**
 * A shop's product, whatever brought it: claimed from the collection box (`wait` until
 * published), synced from the platform (its status read from the platform's), or copied from
 * another site. One row per product and shop; a product made here and published keeps its row
 * when the sync reads it back (by external id).
 *
 * `content` is what the editor shows and publishing sends (ProductInput). A claimed product keeps
 * the priced draft in `draft`, and a synced one the platform's record in `raw`, until its content
 * is first built (on first read or save). The listing columns follow the content.
 *
 * Work on the platform (publish, delist, activate, delete) is a job on the row: `job` and
 * `job_due_at`, claimed by a runner with a row lock (SKIP LOCKED) and a lease (`job_lease_until`).
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
    origin: text('origin', { enum: PRODUCT_ORIGINS }).notNull().default('claimed'),
    /** The collected product it was claimed from; kept when that is deleted from the box. */
    collectId: uuid('collect_id').references(() => collectedProducts.id, {
      onDelete: 'set null',
    }),
    /** A collector site, or the catalogue source a product was chosen from. */
    sourceSite: text('source_site', { enum: [...SOURCE_SITES, ...CATALOGUE_SOURCES] }),
    sourceItemId: text('source_item_id'),
    sourceUrl: text('source_url'),
    /** The platform's product id, once published or synced. */
    externalId: text('external_id'),
    /** The platform's status as it last reported it. */
    platformStatus: text('platform_status'),
    title: text('title').notNull(),
    sku: text('sku').notNull().default(''),
    cover: text('cover'),
    /** SHA-256 of the cover's bytes (duplicates across shops), when stored here. */
    coverHash: text('cover_hash'),
    currency: text('currency').notNull(),
    priceMinMinor: bigint('price_min_minor', { mode: 'number' }),
    priceMaxMinor: bigint('price_max_minor', { mode: 'number' }),
    stock: integer('stock').notNull().default(0),
    skuCount: integer('sku_count').notNull().default(0),
    categoryId: text('category_id'),
    status: text('status').notNull().default('wait'),
    /** The draft with the seller's pricing template applied to every price (claimed products). */
    data: jsonb('data').$type<ProductDraft>(),
    content: jsonb('content').$type<ProductInput>(),
    siteListings: jsonb('site_listings').$type<SiteListing[]>().notNull().default([]),
    failure: jsonb('failure').$type<PublishFailure>(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    job: text('job', { enum: PRODUCT_JOBS }),
    jobDueAt: timestamp('job_due_at', { withTimezone: true }),
    jobLeaseUntil: timestamp('job_lease_until', { withTimezone: true }),
    jobAttempts: integer('job_attempts').notNull().default(0),
    readinessErrors: integer('readiness_errors').notNull().default(0),
    readinessWarnings: integer('readiness_warnings').notNull().default(0),
    version: integer('version').notNull().default(1),
    platformCreatedAt: timestamp('platform_created_at', { withTimezone: true }),
    platformUpdatedAt: timestamp('platform_updated_at', { withTimezone: true }),
    raw: jsonb('raw'),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('products_shop_source_key').on(t.shopId, t.sourceSite, t.sourceItemId),
    uniqueIndex('products_shop_external_key').on(t.platform, t.shopId, t.externalId),
    index('products_owner_created_idx').on(t.ownerId, t.createdAt),
    index('products_collect_id_idx').on(t.collectId),
    // The list: a platform's products, newest change first, with and without a status.
    index('products_owner_platform_list_idx').on(
      t.ownerId,
      t.platform,
      t.updatedAt.desc(),
      t.id.desc(),
    ),
    index('products_owner_platform_status_list_idx').on(
      t.ownerId,
      t.platform,
      t.status,
      t.updatedAt.desc(),
      t.id.desc(),
    ),
    index('products_shop_list_idx').on(t.shopId, t.updatedAt.desc(), t.id.desc()),
    index('products_job_due_idx').on(t.jobDueAt).where(sql`${t.job} is not null`),
    // The list's search by a part of the title or SKU (`ilike '%term%'`): one trigram index
    // (pg_trgm, in PGlite a contrib extension) over both, a line break between them (a search box
    // has none, so no term matches across the two). The list's condition is this expression.
    index('products_search_trgm_idx').using(
      'gin',
      sql`(${t.title} || E'\\n' || ${t.sku}) gin_trgm_ops`,
    ),
    check(
      'products_source_site_check',
      sql`${t.sourceSite} in ('1688', 'aliexpress', 'shopee', 'lazada', 'pinduoduo', 'supplier', 'directSale', 'thirdParty', 'mall')`,
    ),
  ],
);

/** A shop's product settings: its pricing template and default logistics, its channels as last read. */
export const shopProductSettings = pgTable('shop_product_settings', {
  shopId: uuid('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  markupPercent: integer('markup_percent'),
  rounding: text('rounding'),
  shippingPerKg: integer('shipping_per_kg'),
  handling: integer('handling'),
  platformFeeBps: integer('platform_fee_bps'),
  marginBps: integer('margin_bps'),
  strikeThroughBps: integer('strike_through_bps'),
  defaultLogisticsId: text('default_logistics_id'),
  channels: jsonb('channels').$type<LogisticsChannel[]>(),
  channelsReadAt: timestamp('channels_read_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * A stored upload: its bytes live in the Storage under `key` (the SHA-256 of the bytes); one row
 * per main account that uploaded them, which alone may read them.
 */
export const media = pgTable(
  'media',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.key] }), index('media_key_idx').on(t.key)],
);

/**
 * How many products each shop has in each status, kept by statement triggers on `products`
 * (migration 0025): the list's tab counts read a few rows of it instead of counting a seller's
 * products. Keyed by the products' own owner and platform, so a sum over it is exactly a count of
 * `products` under the same owner, platform and shops.
 */
export const productStatusCounts = pgTable(
  'product_status_counts',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: PLATFORMS }).notNull(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.platform, t.shopId, t.status] })],
);

/**
 * A number each seller's products move on from whenever any of them is inserted, changed or
 * deleted (statement triggers on `products`, migration 0030): what the list's searched tab counts
 * were counted at, so a count is used again only while it is still what counting would say.
 */
export const productListVersions = pgTable('product_list_versions', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
});
