import * as z from 'zod/mini';
import { SITE_CODES } from './site-codes';

export const PLATFORMS = ['lazada', 'shopee', 'tiktok'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Shop types of spec section 3. */
export const SHOP_TYPES = ['local', 'general', 'crossBorder', 'global'] as const;
/** Authorization status of spec section 4. */
export const SHOP_STATUSES = ['normal', 'abnormal'] as const;

export const ShopSchema = z.object({
  id: z.string(),
  name: z.string(),
  alias: z.string(),
  platform: z.enum(PLATFORMS),
  site: z.enum(SITE_CODES),
  type: z.enum(SHOP_TYPES),
  status: z.enum(SHOP_STATUSES),
  defaultLogistics: z.nullable(z.string()),
  authorizedAt: z.string(),
});
export type Shop = z.infer<typeof ShopSchema>;

export const ShopIdQuerySchema = z.object({ shopId: z.uuid({ error: 'invalid' }) });

/** Shop alias cannot be empty (spec section 5). */
export const ShopAliasRequestSchema = z.object({
  shopId: z.uuid({ error: 'invalid' }),
  alias: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)),
});

/** The sites each marketplace sells on (among ours); a shop lives on one of them. */
export const PLATFORM_SITES = {
  lazada: ['my', 'th', 'vn', 'sg', 'id', 'ph'],
  shopee: ['my', 'th', 'vn', 'sg', 'id', 'ph', 'tw', 'br', 'pl'],
  tiktok: ['th', 'my', 'vn', 'sg', 'id', 'ph', 'gb'],
} as const satisfies Record<Platform, readonly (typeof SITE_CODES)[number][]>;

/** platformTypeList of spec section 3 (GET /admin/pluginmanage/platform/list). */
const PlatformTypeSchema = z.object({
  name: z.string(),
  label: z.string(),
  platformType: z.enum(PLATFORMS),
  iconUrl: z.string(),
  sites: z.array(z.enum(SITE_CODES)),
  /** Whether the sandbox plays this platform (no credentials configured). */
  sandbox: z.boolean(),
});
export type PlatformType = z.infer<typeof PlatformTypeSchema>;
/** `collect` asks for the source sites the collector reads, `shop` (the default) for the marketplaces. */
export const PlatformListQuerySchema = z.object({
  type: z.optional(z.enum(['shop', 'collect'])),
});
export const PlatformTypeListSchema = z.array(PlatformTypeSchema);

export const SYNC_RESOURCES = ['orders', 'products'] as const;
export type SyncResource = (typeof SYNC_RESOURCES)[number];

const FailureSchema = z.object({
  /** An error key of shared/contracts/errors.ts; the message is translated by the server. */
  key: z.string(),
  message: z.string(),
  /** The platform's own code, kept. */
  platformCode: z.nullable(z.string()),
  at: z.nullable(z.string()),
});
export type ShopFailure = z.infer<typeof FailureSchema>;

/** Where one shop's orders or products sync stands. */
const ShopSyncStateSchema = z.object({
  lastSyncedAt: z.nullable(z.string()),
  nextSyncAt: z.nullable(z.string()),
  running: z.boolean(),
  lastCount: z.number(),
  lastFailure: z.nullable(FailureSchema),
});
export type ShopSyncState = z.infer<typeof ShopSyncStateSchema>;

/** A shop with its authorization and sync state, as the authorize list shows it. */
export const ShopDetailSchema = z.extend(ShopSchema, {
  /** When the authorization ends (the seller is warned before). */
  authorizationExpiresAt: z.nullable(z.string()),
  /** Why the authorization is abnormal. */
  abnormalReason: z.nullable(FailureSchema),
  sync: z.object({ orders: ShopSyncStateSchema, products: ShopSyncStateSchema }),
});
export type ShopDetail = z.infer<typeof ShopDetailSchema>;
export const ShopDetailListSchema = z.array(ShopDetailSchema);

/** Start a consent: platform, its sites (at least one, spec section 5), cross-border or local. */
export const AuthorizeUrlRequestSchema = z
  .object({
    platform: z.enum(PLATFORMS),
    sites: z.array(z.enum(SITE_CODES)).check(z.minLength(1, { error: 'chooseSite' })),
    crossBorder: z._default(z.boolean(), false),
    /** Re-authorize this (abnormal) shop. */
    shopId: z.optional(z.uuid({ error: 'invalid' })),
  })
  .check(
    z.refine(
      (value) =>
        value.sites.every((site) =>
          (PLATFORM_SITES[value.platform] as readonly string[]).includes(site),
        ),
      { error: 'invalidOption', path: ['sites'] },
    ),
  );
export type AuthorizeUrlRequest = z.input<typeof AuthorizeUrlRequestSchema>;
/** Re-authorization names the shop. */
export const ReauthorizeUrlRequestSchema = AuthorizeUrlRequestSchema.check(
  z.refine((value) => value.shopId !== undefined, { error: 'required', path: ['shopId'] }),
);
export const AuthorizeUrlResponseSchema = z.object({ url: z.string() });

/**
 * What the platform sent back to /authorize/authorizeCallback, passed on as it came: `code` and
 * `state` (all), `shop_id` or `main_account_id` (Shopee), `error` (TikTok when refused).
 */
export const AuthorizeCallbackRequestSchema = z.object({
  state: z.optional(z.string().check(z.maxLength(200))),
  code: z.optional(z.string().check(z.maxLength(500))),
  shop_id: z.optional(z.string().check(z.maxLength(40))),
  main_account_id: z.optional(z.string().check(z.maxLength(40))),
  error: z.optional(z.string().check(z.maxLength(200))),
});
export type AuthorizeCallbackRequest = z.infer<typeof AuthorizeCallbackRequestSchema>;

/**
 * Failure reasons the result page explains (spec sections 6 and 8). A consent completes only for
 * the account that started it: `signInRequired` (no session came with the callback) and
 * `otherAccount` (another account's session) change nothing and name the starting account, so
 * the callback page can ask to sign in as it and post the same code and state again.
 */
export const AUTHORIZE_FAILURES = [
  'authorizedByOther',
  'redirectFailed',
  'lazadaMultiSite',
  'stateInvalid',
  'stateUsed',
  'stateExpired',
  'signInRequired',
  'otherAccount',
  'reauthorizeMismatch',
  'noSite',
  'platform',
] as const;
export type AuthorizeFailure = (typeof AUTHORIZE_FAILURES)[number];

export const AuthorizeResultSchema = z.object({
  success: z.boolean(),
  platform: z.nullable(z.enum(PLATFORMS)),
  /** The shops now authorized (on success). */
  shops: z.array(ShopSchema),
  reason: z.nullable(z.enum(AUTHORIZE_FAILURES)),
  /** The translated explanation of a failure. */
  message: z.nullable(z.string()),
  platformCode: z.nullable(z.string()),
  /**
   * The account that started the consent, masked ("de***@example.com"), when the callback came
   * without its session (`signInRequired`, `otherAccount`); null otherwise.
   */
  account: z.nullable(z.string()),
});
export type AuthorizeResult = z.infer<typeof AuthorizeResultSchema>;

export const ShopActionRequestSchema = z.object({ shopId: z.uuid({ error: 'invalid' }) });
/** What unbinding answers: the shop that went. */
export const UnbindShopResultSchema = z.object({ shopId: z.string() });

/** GET /order/order/asyncOrder: the default last 15 days, or a custom range; some or all shops. */
export const AsyncOrderQuerySchema = z.object({
  /** Comma-separated shop ids; all the actor's normal shops when absent. */
  shopIds: z.optional(z.string().check(z.maxLength(4000))),
  startTime: z.optional(z.iso.datetime({ offset: true, error: 'invalid' })),
  endTime: z.optional(z.iso.datetime({ offset: true, error: 'invalid' })),
});

export const SYNC_RUN_STATUSES = ['running', 'done', 'failed', 'cancelled'] as const;
export const SyncRunSchema = z.object({
  id: z.string(),
  resource: z.enum(SYNC_RESOURCES),
  status: z.enum(SYNC_RUN_STATUSES),
  rangeFrom: z.string(),
  rangeTo: z.string(),
  shopCount: z.number(),
  shopsDone: z.number(),
  itemCount: z.number(),
  failures: z.array(z.object({ shopId: z.string(), failure: FailureSchema })),
  createdAt: z.string(),
  finishedAt: z.nullable(z.string()),
});
export type SyncRun = z.infer<typeof SyncRunSchema>;
export const SyncRunIdSchema = z.object({ runId: z.uuid({ error: 'invalid' }) });
