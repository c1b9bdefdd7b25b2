import { ORDER_SOURCES, ORDER_STATUSES, ORDER_TYPES } from '@shared/contracts/orders';
import {
  PLATFORMS,
  SHOP_STATUSES,
  SHOP_TYPES,
  SYNC_RESOURCES,
  SYNC_RUN_STATUSES,
} from '@shared/contracts/shops';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
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

/**
 * One consent a seller gave on a marketplace: the platform account, its token pair (encrypted
 * with the key from the environment) and when it ends. It reaches one or more shops (a Lazada
 * cross-border account reaches every venture; a TikTok seller several shops).
 */
export const shopAuthorizations = pgTable(
  'shop_authorizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: PLATFORMS }).notNull(),
    /** The platform's account: Lazada login, Shopee shop or main account id, TikTok open_id. */
    accountId: text('account_id').notNull(),
    accountName: text('account_name').notNull(),
    crossBorder: boolean('cross_border').notNull().default(false),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token').notNull(),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }),
    /** When the authorization itself ends and the seller must consent again. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    status: text('status', { enum: SHOP_STATUSES }).notNull().default('normal'),
    /** Why it turned abnormal: an error key with the platform's code and message. */
    failureKey: text('failure_key'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    /** When the refresh job next looks at it (before the access token expires, later after a transient failure). */
    nextRefreshAt: timestamp('next_refresh_at', { withTimezone: true }).notNull(),
    refreshFailures: integer('refresh_failures').notNull().default(0),
    /**
     * Which token pair is stored: every store (a consent, a refresh) moves it on by one. A refresh
     * stores its pair, or its failure, only over the generation it started from (compare-and-set),
     * so a refresh that outlived its claim, or met a new consent, never overwrites a newer pair.
     */
    tokenGeneration: integer('token_generation').notNull().default(0),
    /** The expiry warning was sent for this expiry (cleared when the expiry moves). */
    expiryWarnedAt: timestamp('expiry_warned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('shop_authorizations_platform_account_key').on(t.platform, t.accountId),
    index('shop_authorizations_owner_id_idx').on(t.ownerId),
    index('shop_authorizations_next_refresh_idx').on(t.nextRefreshAt),
  ],
);

/** A marketplace shop a main account authorized. */
export const shops = pgTable(
  'shops',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: PLATFORMS }).notNull(),
    site: text('site').notNull(),
    /** The platform's own shop (seller) id. */
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    alias: text('alias').notNull(),
    shopType: text('shop_type', { enum: SHOP_TYPES }).notNull(),
    status: text('status', { enum: SHOP_STATUSES }).notNull().default('normal'),
    defaultLogistics: text('default_logistics'),
    authorizationId: uuid('authorization_id').references((): AnyPgColumn => shopAuthorizations.id, {
      onDelete: 'set null',
    }),
    /** TikTok's shop_cipher. */
    cipher: text('cipher'),
    authorizedAt: timestamp('authorized_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('shops_owner_id_idx').on(t.ownerId),
    uniqueIndex('shops_platform_site_external_key').on(t.platform, t.site, t.externalId),
  ],
);

/** The shops a sub-account sees and acts on (per-shop data permission). */
export const userShops = pgTable(
  'user_shops',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.shopId] }),
    index('user_shops_shop_id_idx').on(t.shopId),
  ],
);

/** A consent started from the console: the state sent to the platform and what it was for. Single use. */
export const shopAuthStates = pgTable('shop_auth_states', {
  stateHash: text('state_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  platform: text('platform', { enum: PLATFORMS }).notNull(),
  sites: jsonb('sites').$type<string[]>().notNull(),
  crossBorder: boolean('cross_border').notNull(),
  /** The shop being re-authorized, if any. */
  shopId: uuid('shop_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * Where the sync of one shop's orders or products stands: the high-water mark (platform update
 * time up to which everything is in), when it runs next, the last failure, and the lease of the
 * process working on it (claimed with a row lock, so two processes never work on one shop).
 */
export const shopSync = pgTable(
  'shop_sync',
  {
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    resource: text('resource', { enum: SYNC_RESOURCES }).notNull(),
    highWaterMark: timestamp('high_water_mark', { withTimezone: true }),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }).notNull(),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastCount: integer('last_count').notNull().default(0),
    failures: integer('failures').notNull().default(0),
    lastErrorKey: text('last_error_key'),
    lastErrorCode: text('last_error_code'),
    lastErrorMessage: text('last_error_message'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.resource] }),
    index('shop_sync_next_sync_idx').on(t.nextSyncAt),
  ],
);

/** A sync a person asked for (asyncOrder): its range, progress and outcome; cancellable. */
export const syncRuns = pgTable(
  'sync_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resource: text('resource', { enum: SYNC_RESOURCES }).notNull(),
    shopIds: jsonb('shop_ids').$type<string[]>().notNull(),
    rangeFrom: timestamp('range_from', { withTimezone: true }).notNull(),
    rangeTo: timestamp('range_to', { withTimezone: true }).notNull(),
    status: text('status', { enum: SYNC_RUN_STATUSES }).notNull(),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    shopsDone: integer('shops_done').notNull().default(0),
    itemCount: integer('item_count').notNull().default(0),
    /** Per-shop failures: shop id -> { key, code, message }. */
    failures: jsonb('failures')
      .$type<Record<string, { key: string; code: string | null; message: string | null }>>()
      .notNull()
      .default({}),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('sync_runs_owner_idx').on(t.ownerId, t.createdAt)],
);

/** A shop's order as the platform last reported it, kept by its platform update time. */
export const platformOrders = pgTable(
  'platform_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: PLATFORMS }).notNull(),
    externalId: text('external_id').notNull(),
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    buyerName: text('buyer_name'),
    receiver: jsonb('receiver').$type<{
      name: string | null;
      phone: string | null;
      address: string | null;
    }>(),
    paymentMethod: text('payment_method'),
    items: jsonb('items').$type<unknown[]>().notNull(),
    platformCreatedAt: timestamp('platform_created_at', { withTimezone: true }).notNull(),
    platformUpdatedAt: timestamp('platform_updated_at', { withTimezone: true }).notNull(),
    raw: jsonb('raw'),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
    /**
     * The console's status of the raw one (shared/contracts/orders.ts, ORDER_STATUS_MAP), worked
     * out by the database function of the same table so that tabs filter and count on an index.
     */
    orderStatus: text('order_status', { enum: ORDER_STATUSES }).generatedAlwaysAs(
      sql`cmp_order_status(platform, status)`,
    ),
    /** A synced order (`platform`) or one the seller typed in (`manual`). */
    source: text('source', { enum: ORDER_SOURCES }).notNull().default('platform'),
    /** A manual order's type; a synced order's follows its shop (local or cross-border). */
    orderType: text('order_type', { enum: ORDER_TYPES }),
  },
  (t) => [
    uniqueIndex('platform_orders_shop_external_key').on(t.platform, t.shopId, t.externalId),
    // The list's keyset order as it reads (newest first, `desc nulls last`, as `.desc()` makes
    // it), so that a page is read from the index at its position, the first or a million down.
    index('platform_orders_owner_created_idx').on(
      t.ownerId,
      t.platformCreatedAt.desc(),
      t.id.desc(),
    ),
    index('platform_orders_owner_status_created_idx').on(
      t.ownerId,
      t.orderStatus,
      t.platformCreatedAt.desc(),
      t.id.desc(),
    ),
    index('platform_orders_shop_created_idx').on(t.shopId, t.platformCreatedAt.desc(), t.id.desc()),
  ],
);
