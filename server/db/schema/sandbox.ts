import {
  bigint,
  index,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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

/** One attempt at delivering a payment notification to the merchant. */
export interface SandboxPaymentDelivery {
  at: string;
  /** The HTTP status answered, null when the request failed. */
  status: number | null;
  /** Whether the answer was the provider's success reply. */
  ok: boolean;
  /** What came back (cut short), or why the request failed. */
  answer: string;
}

/**
 * Payments the sandbox's providers know: an Alipay precreate or WeChat Pay native order as the
 * merchant placed it, or a PromptPay QR as a payer scanned it. `token` is what the QR content
 * carries (Alipay's qr_code URL, WeChat's code_url); the notification is kept to send it again.
 */
export const sandboxPayments = sandbox.table(
  'payments',
  {
    token: text('token').primaryKey(),
    channel: text('channel', { enum: ['wechat', 'alipay', 'promptpay'] }).notNull(),
    /** The merchant: Alipay app_id, WeChat Pay mchid, PromptPay biller ID. */
    merchantId: text('merchant_id').notNull(),
    outTradeNo: text('out_trade_no').notNull(),
    /** Minor units of `currency`. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    subject: text('subject').notNull(),
    qrContent: text('qr_content').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'closed'] }).notNull(),
    /** The order as the merchant sent it (biz_content, the native order body, the QR's references). */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    notifyUrl: text('notify_url'),
    providerTradeNo: text('provider_trade_no'),
    /** The last notification sent (content type and body), null before the payer acted. */
    notification: jsonb('notification').$type<{ contentType: string; body: string }>(),
    deliveries: jsonb('deliveries').$type<SandboxPaymentDelivery[]>().notNull().default([]),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_trade_key').on(t.channel, t.merchantId, t.outTradeNo),
    index('payments_status_idx').on(t.status, t.createdAt),
  ],
);
