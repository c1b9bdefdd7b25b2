import { PLATFORMS } from '@shared/contracts/shops';
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { shops } from './shops';

/** What was done with a verified order push. */
const ORDER_PUSH_OUTCOMES = ['updated', 'queued', 'ignored'] as const;

/**
 * Every marketplace order push that verified, once: its id is the platform's notification id
 * (TikTok Shop) or the SHA-256 of its raw body (Lazada and Shopee send none), so the same push
 * delivered twice, or replayed inside the timestamp window, finds its row and changes nothing.
 * Rows older than the window are of no more use and are deleted by the maintenance job.
 */
export const orderPushes = pgTable(
  'order_pushes',
  {
    platform: text('platform', { enum: PLATFORMS }).notNull(),
    pushId: text('push_id').notNull(),
    /** The authorized shop the push named; null when it named none of ours. */
    shopId: uuid('shop_id').references(() => shops.id, { onDelete: 'cascade' }),
    orderExternalId: text('order_external_id'),
    outcome: text('outcome', { enum: ORDER_PUSH_OUTCOMES }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.platform, t.pushId] }),
    index('order_pushes_received_idx').on(t.receivedAt),
  ],
);
