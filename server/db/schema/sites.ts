import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Sites and their language and currency; rows are data (see the sites migration), not code. */
export const sites = pgTable('sites', {
  code: text('code').primaryKey(),
  language: text('language').notNull(),
  currency: text('currency'),
  symbol: text('symbol'),
  opened: boolean('opened').notNull(),
  sortOrder: integer('sort_order').notNull(),
});
