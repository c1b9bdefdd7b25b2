import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One limit's counted events (failed logins of an account, codes sent to an address): the times
 * still in its window, oldest first. One row per key, so one statement counts an event and checks
 * the limit together (server/lib/rate-limit.ts).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: timestamp('hits', { withTimezone: true }).array().notNull(),
    /** Whether the last event offered was counted (the limit was not yet reached). */
    lastCounted: boolean('last_counted').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_updated_at_idx').on(t.updatedAt)],
);

/**
 * The state sent to a third-party sign-in; single use, only its hash kept, with the hash of the
 * starting browser's key (server/lib/browser-key.ts): the sign-in completes only in that browser.
 */
export const oauthStates = pgTable('oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  platform: text('platform').notNull(),
  browserHash: text('browser_hash'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * A WeChat binding QR code waiting to be scanned by the signed-in account's owner. A scan (pushed
 * by WeChat) is kept until the browser that made the code, holding the key whose hash is kept
 * here, asks how it stands: only then is the WeChat bound.
 */
export const wechatBindTickets = pgTable('wechat_bind_tickets', {
  sceneId: text('scene_id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  browserHash: text('browser_hash'),
  /** The WeChat that scanned the code, waiting for the browser that made it. */
  scannedOpenId: text('scanned_open_id'),
  scannedNickname: text('scanned_nickname'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** What the scan did: bound the account, or found that WeChat already bound to another. */
  outcome: text('outcome', { enum: ['bound', 'taken'] }),
  scannedAt: timestamp('scanned_at', { withTimezone: true }),
});
