import { CATALOGUE_SOURCES, MALL_SOURCE_SITES } from '@shared/contracts/catalogue';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { shops } from './shops';
import { users } from './users';

/**
 * The category tree of the catalogue and the mall: three levels (top, secondary, leaf), named in
 * zh and, where known, th and en. Shops follow secondary categories.
 */
export const catalogueCategories = pgTable(
  'catalogue_categories',
  {
    id: uuid('id').primaryKey(),
    parentId: uuid('parent_id'),
    level: smallint('level').notNull(),
    nameZh: text('name_zh').notNull(),
    nameTh: text('name_th'),
    nameEn: text('name_en'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    check('catalogue_categories_level_check', sql`${t.level} between 1 and 3`),
    check('catalogue_categories_parent_check', sql`(${t.level} = 1) = (${t.parentId} is null)`),
    index('catalogue_categories_parent_idx').on(t.parentId, t.sort),
  ],
);

/** A supplier: of supplier products, and the source-site shop of a mall product. */
export const catalogueSuppliers = pgTable('catalogue_suppliers', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  site: text('site').notNull().default('cn'),
  /** Stars out of 50, null when unrated. */
  rating: integer('rating'),
  productCount: integer('product_count').notNull().default(0),
});

/**
 * A product of the catalogue (supplier, direct sale, third party) or the mall, one table with its
 * `source`. `tokens` is what search reads (server/lib/search-tokens.ts over the titles: Chinese
 * and Thai characters and bigrams, Latin words and their prefixes) under a GIN index, and
 * `search_text` the normalised titles every candidate is checked against. The category path is
 * kept on the row (top, secondary, leaf) so any level filters from an index.
 */
export const catalogueProducts = pgTable(
  'catalogue_products',
  {
    id: uuid('id').primaryKey(),
    source: text('source', { enum: CATALOGUE_SOURCES }).notNull(),
    sourceSite: text('source_site', { enum: MALL_SOURCE_SITES }),
    sourceUrl: text('source_url'),
    supplierId: uuid('supplier_id').references(() => catalogueSuppliers.id),
    categoryL1: uuid('category_l1').notNull(),
    categoryL2: uuid('category_l2').notNull(),
    categoryL3: uuid('category_l3')
      .notNull()
      .references(() => catalogueCategories.id),
    titleZh: text('title_zh'),
    titleTh: text('title_th'),
    titleEn: text('title_en'),
    brand: text('brand'),
    model: text('model'),
    cover: text('cover'),
    images: jsonb('images').$type<string[]>(),
    videoUrl: text('video_url'),
    descriptionHtml: text('description_html'),
    shortDescription: text('short_description'),
    currency: text('currency').notNull(),
    priceMin: bigint('price_min', { mode: 'number' }).notNull(),
    priceMax: bigint('price_max', { mode: 'number' }).notNull(),
    stock: integer('stock').notNull().default(0),
    /** Direct sale: stock per warehouse site ({ th: 12 }). */
    stockBySite: jsonb('stock_by_site').$type<Record<string, number>>(),
    shipsFrom: text('ships_from').notNull(),
    salesCount: integer('sales_count').notNull().default(0),
    skuCount: integer('sku_count').notNull().default(0),
    weightGrams: integer('weight_grams'),
    dimensionsCm: jsonb('dimensions_cm').$type<{ length: number; width: number; height: number }>(),
    variations: jsonb('variations').$type<{ name: string; options: string[] }[]>(),
    /** The marketplaces it may be chosen into. */
    platforms: text('platforms').array().notNull(),
    listedAt: timestamp('listed_at', { withTimezone: true }).notNull(),
    searchText: text('search_text').notNull(),
    tokens: text('tokens').array().notNull(),
  },
  (t) => [
    index('catalogue_products_sales_idx').on(t.source, t.salesCount.desc(), t.id.desc()),
    index('catalogue_products_listed_idx').on(t.source, t.listedAt.desc(), t.id.desc()),
    index('catalogue_products_price_idx').on(t.source, t.priceMin, t.id),
    /** Price high to low as the keyset orders it (descending, nulls last: the other, read backwards, gives nulls first). */
    index('catalogue_products_price_desc_idx').on(t.source, t.priceMin.desc(), t.id.desc()),
    index('catalogue_products_l2_sales_idx').on(t.categoryL2, t.salesCount.desc(), t.id.desc()),
    index('catalogue_products_l3_sales_idx').on(t.categoryL3, t.salesCount.desc(), t.id.desc()),
    index('catalogue_products_supplier_idx').on(t.supplierId),
  ],
);

/** A SKU of a catalogue product. */
export const catalogueSkus = pgTable(
  'catalogue_skus',
  {
    id: uuid('id').primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => catalogueProducts.id, { onDelete: 'cascade' }),
    skuCode: text('sku_code').notNull(),
    options: text('options').array().notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    originalPrice: bigint('original_price', { mode: 'number' }),
    stock: integer('stock').notNull().default(0),
    stockBySite: jsonb('stock_by_site').$type<Record<string, number>>(),
    image: text('image'),
    weightGrams: integer('weight_grams'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('catalogue_skus_product_idx').on(t.productId, t.sort)],
);

/** How many products hold each search token: the search's selectivity guard reads it. */
export const catalogueTokenStats = pgTable('catalogue_token_stats', {
  token: text('token').primaryKey(),
  df: bigint('df', { mode: 'number' }).notNull(),
});

/**
 * The search's inverted index: for each token, the mall products holding it, in the order of
 * their sales (the static rank), cut to the first SEARCH_POSTINGS_DEPTH (server/lib/search-tokens.ts)
 * once a token is held by more. A token held by few products lists them all; a common one lists
 * its best sellers, so a broad search reads a page from here without touching the rest.
 */
export const catalogueTokenTop = pgTable(
  'catalogue_token_top',
  {
    token: text('token').notNull(),
    sales: integer('sales').notNull(),
    productId: uuid('product_id').notNull(),
  },
  // Unique, in the order pages read it (sales and id descending, as the keyset orders them).
  (t) => [uniqueIndex('catalogue_token_top_idx').on(t.token, t.sales.desc(), t.productId.desc())],
);

/**
 * The search's postings of a common token (one held by more than SEARCH_POSTINGS_DEPTH products)
 * in the newest order: its SEARCH_POSTINGS_DEPTH newest mall products, so a broad search sorted by
 * newest reads its page here (the sales postings of a rarer token list all its products, which
 * are sorted whole). Kept with the sales postings when products are written.
 */
export const catalogueTokenNewest = pgTable(
  'catalogue_token_newest',
  {
    token: text('token').notNull(),
    listedAt: timestamp('listed_at', { withTimezone: true }).notNull(),
    productId: uuid('product_id').notNull(),
  },
  (t) => [
    uniqueIndex('catalogue_token_newest_idx').on(t.token, t.listedAt.desc(), t.productId.desc()),
  ],
);

/**
 * The same for prices: a common token's SEARCH_POSTINGS_DEPTH cheapest mall products (`dearest`
 * false, read in ascending order) and its SEARCH_POSTINGS_DEPTH dearest (`dearest` true, read
 * backwards), so both price orders of a broad search read their page here.
 */
export const catalogueTokenPrice = pgTable(
  'catalogue_token_price',
  {
    token: text('token').notNull(),
    dearest: boolean('dearest').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    productId: uuid('product_id').notNull(),
  },
  (t) => [uniqueIndex('catalogue_token_price_idx').on(t.token, t.dearest, t.price, t.productId)],
);

/** The secondary categories a shop follows (a follow is never changed; at most the configured limit). */
export const catalogueFollows = pgTable(
  'catalogue_follows',
  {
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => catalogueCategories.id),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.categoryId] })],
);

/** An account's cart: catalogue and mall SKUs with quantities (userInfo.skuList). */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    skuId: uuid('sku_id')
      .notNull()
      .references(() => catalogueSkus.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.skuId] }),
    check('cart_items_quantity_check', sql`${t.quantity} between 1 and 9999`),
  ],
);
