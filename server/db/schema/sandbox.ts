import { pgSchema, text, timestamp } from 'drizzle-orm/pg-core';

/** The sandbox's own data, apart from the product's: it plays the outside platforms. */
export const sandbox = pgSchema('sandbox');

/** WeChat users a tester can sign in or scan as. */
export const sandboxWechatUsers = sandbox.table('wechat_users', {
  openId: text('open_id').primaryKey(),
  unionId: text('union_id').notNull(),
  nickname: text('nickname').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** OAuth codes handed to a redirect_uri, exchanged once for an access token. */
export const sandboxWechatCodes = sandbox.table('wechat_codes', {
  code: text('code').primaryKey(),
  appId: text('app_id').notNull(),
  openId: text('open_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Access tokens: a user's (sns) or an app's (cgi-bin, client credential). */
export const sandboxWechatTokens = sandbox.table('wechat_tokens', {
  token: text('token').primaryKey(),
  appId: text('app_id').notNull(),
  openId: text('open_id'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Temporary QR codes of the official account, and who scanned them. */
export const sandboxWechatQrTickets = sandbox.table('wechat_qr_tickets', {
  ticket: text('ticket').primaryKey(),
  appId: text('app_id').notNull(),
  sceneStr: text('scene_str').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  scannedBy: text('scanned_by'),
});
