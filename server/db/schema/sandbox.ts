import { index, jsonb, pgSchema, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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

/**
 * Marketplace seller accounts the sandbox knows (Lazada, Shopee, TikTok Shop): who can log in on
 * its consent pages. `country` is the venture of a Lazada account, "cb" for a cross-border one
 * (the Malaysia-site account), a region for the others.
 */
export const sandboxSellers = sandbox.table('marketplace_sellers', {
  id: text('id').primaryKey(),
  platform: text('platform').notNull(),
  login: text('login').notNull(),
  name: text('name').notNull(),
  country: text('country').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** The shops of those sellers, one per site (a Lazada cross-border seller has one per venture). */
export const sandboxShops = sandbox.table(
  'marketplace_shops',
  {
    platform: text('platform').notNull(),
    shopId: text('shop_id').notNull(),
    sellerId: text('seller_id').notNull(),
    site: text('site').notNull(),
    name: text('name').notNull(),
    /** TikTok's shop_cipher; Lazada's short_code. */
    cipher: text('cipher'),
    /** Anything else the platform reports of the shop (type, region, status). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.platform, t.shopId] })],
);

/** Consent codes handed to an app's redirect, single use. */
export const sandboxMarketplaceCodes = sandbox.table('marketplace_codes', {
  code: text('code').primaryKey(),
  platform: text('platform').notNull(),
  appKey: text('app_key').notNull(),
  sellerId: text('seller_id').notNull(),
  /** Shopee: the shop that authorized. */
  shopId: text('shop_id'),
  redirectUri: text('redirect_uri').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Access and refresh tokens issued to an app for a seller (Shopee: for a shop). */
export const sandboxMarketplaceTokens = sandbox.table(
  'marketplace_tokens',
  {
    token: text('token').primaryKey(),
    kind: text('kind', { enum: ['access', 'refresh'] }).notNull(),
    platform: text('platform').notNull(),
    appKey: text('app_key').notNull(),
    sellerId: text('seller_id').notNull(),
    shopId: text('shop_id'),
    /** Lazada: the token's country ("cb" reaches every venture). */
    country: text('country'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the authorization itself ends (a refresh does not move it). */
    authorizationExpiresAt: timestamp('authorization_expires_at', { withTimezone: true }).notNull(),
    /** A refresh token used once (Shopee: single use), or an access token superseded. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('marketplace_tokens_seller_idx').on(t.platform, t.sellerId)],
);

/** Products of the sandbox's shops, in the platform's own record shape. */
export const sandboxProducts = sandbox.table(
  'marketplace_products',
  {
    platform: text('platform').notNull(),
    shopId: text('shop_id').notNull(),
    productId: text('product_id').notNull(),
    status: text('status').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.platform, t.shopId, t.productId] }),
    index('marketplace_products_updated_idx').on(t.platform, t.shopId, t.updatedAt),
  ],
);

/** Orders of the sandbox's shops, in the platform's own record shape; a tester moves their status. */
export const sandboxOrders = sandbox.table(
  'marketplace_orders',
  {
    platform: text('platform').notNull(),
    shopId: text('shop_id').notNull(),
    orderId: text('order_id').notNull(),
    status: text('status').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.platform, t.shopId, t.orderId] }),
    index('marketplace_orders_updated_idx').on(t.platform, t.shopId, t.updatedAt),
  ],
);
