import { PLATFORMS, SHOP_STATUSES, SHOP_TYPES } from '@shared/contracts/shops';
import {
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

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
