import { createHash, timingSafeEqual } from 'node:crypto';
import { ORDER_PUSH_PATH } from '@shared/contracts/order-pushes.endpoints';
import { PLATFORMS, type Platform } from '@shared/contracts/shops';
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { orderPushes, shops } from '../../db/schema/index';
import { lazadaPushSignature } from '../../integrations/lazada/lazada.sign';
import type { MarketplacesConfig } from '../../integrations/marketplace/marketplace.config';
import { MarketplaceError } from '../../integrations/marketplace/marketplace.errors';
import { shopeePushSignature } from '../../integrations/shopee/shopee.sign';
import { tiktokPushSignature } from '../../integrations/tiktok/tiktok.sign';
import { queueShopSync, shopAccess, upsertPlatformOrders } from '../shops/shop-sync.service';

/**
 * Order pushes: Lazada, Shopee and TikTok Shop tell us within seconds that an order was placed or
 * moved, so the seller sees it without waiting for the next poll (which stays as the safety net).
 *
 * A push is taken only when it is the platform's: its `Authorization` header is the platform's
 * HMAC over the raw body, keyed with our app's secret (integrations.md §1.9, §2.9, §3.8); its
 * timestamp is within PUSH_WINDOW_MS of our clock; and its id (TikTok's notification id, else the
 * SHA-256 of the body) was not taken before. It is bound to the shop it names, which must be one
 * of our authorized shops, and the order is read back from the platform with that shop's token:
 * an order of another shop is not found there, so nothing changes. The order is then upserted
 * exactly as a sync would (newest platform update time wins), so a push taken late, or the poll
 * bringing the same order, leaves the same row.
 */

export type PushDeps = Pick<
  AppDeps,
  'db' | 'clock' | 'config' | 'marketplaces' | 'logger' | 'mailer' | 'kickJobs'
>;

/** A push older than this (or this far ahead of our clock, for skew) is refused as a replay. */
export const PUSH_WINDOW_MS = 5 * 60 * 1000;
const FUTURE_SKEW_MS = 60 * 1000;
/** Pushes are small; anything larger is not one. */
const PUSH_MAX_BYTES = 64 * 1024;
/** Taken push ids are kept this long: well past the window, after which a replay is refused by time. */
const KEEP_PUSH_IDS_MS = 24 * 60 * 60 * 1000;

export const isPushPlatform = (value: string): value is Platform =>
  (PLATFORMS as readonly string[]).includes(value);

/** The address a platform is registered to push to (Shopee signs it with the body). */
export function orderPushUrl(publicUrl: string, platform: Platform): string {
  return `${publicUrl.replace(/\/+$/, '')}${ORDER_PUSH_PATH.replace(':platform', platform)}`;
}

/** The `Authorization` header the platform puts on a push of `rawBody`. */
export function expectedPushSignature(
  config: MarketplacesConfig,
  publicUrl: string,
  platform: Platform,
  rawBody: string,
): string {
  switch (platform) {
    case 'lazada':
      return lazadaPushSignature(config.lazada.appKey, config.lazada.appSecret, rawBody);
    case 'shopee':
      return shopeePushSignature(
        config.shopee.partnerKey,
        orderPushUrl(publicUrl, 'shopee'),
        rawBody,
      );
    case 'tiktok':
      return tiktokPushSignature(config.tiktok.appKey, config.tiktok.appSecret, rawBody);
  }
}

/** A push as read from its platform's body. */
interface ReadPush {
  /** The platform's notification id, when it sends one. */
  notificationId: string | null;
  /** The shop it is about, as the platform names it (Lazada seller_id, Shopee shop_id, TikTok shop_id). */
  shopExternalId: string;
  /** Lazada's venture (`lazada_th` -> th); the other platforms name a shop by its id alone. */
  site: string | null;
  /** When the platform sent it. */
  sentAt: Date;
  /** The order it is about, when it is an order event. */
  orderId: string | null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== ''
    ? value
    : typeof value === 'number' && Number.isSafeInteger(value)
      ? String(value)
      : null;
const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const seconds = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? new Date(value * 1000) : null;

/**
 * Lazada: `{seller_id, message_type, data{trade_order_id, order_status, ...}, timestamp (ms), site}`,
 * message_type 0 a trade order event. Shopee: `{shop_id, code, data{ordersn, status, ...},
 * timestamp (s)}`, code 3 an order status. TikTok Shop: `{type, tts_notification_id, shop_id,
 * timestamp (s), data{order_id, order_status, ...}}`, type 1 an order status change.
 */
function readPush(platform: Platform, body: Record<string, unknown>): ReadPush | null {
  const data = record(body.data);
  let push: ReadPush | null = null;
  if (platform === 'lazada') {
    const site = text(body.site)?.match(/^lazada_([a-z]{2})$/)?.[1] ?? null;
    const shopExternalId = text(body.seller_id);
    const sentAt = typeof body.timestamp === 'number' ? new Date(body.timestamp) : null;
    if (shopExternalId && site && sentAt)
      push = {
        notificationId: null,
        shopExternalId,
        site,
        sentAt,
        orderId: body.message_type === 0 ? text(data.trade_order_id) : null,
      };
  } else if (platform === 'shopee') {
    const shopExternalId = text(body.shop_id);
    const sentAt = seconds(body.timestamp);
    if (shopExternalId && sentAt)
      push = {
        notificationId: null,
        shopExternalId,
        site: null,
        sentAt,
        orderId: body.code === 3 ? text(data.ordersn) : null,
      };
  } else {
    const shopExternalId = text(body.shop_id);
    const sentAt = seconds(body.timestamp);
    if (shopExternalId && sentAt)
      push = {
        notificationId: text(body.tts_notification_id),
        shopExternalId,
        site: null,
        sentAt,
        orderId: body.type === 1 ? text(data.order_id) : null,
      };
  }
  return push && !Number.isNaN(push.sentAt.getTime()) ? push : null;
}

function sameSignature(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given.trim().toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What became of a push: refused (with its HTTP status), or taken and what it did. */
export type PushOutcome =
  | { status: 401 | 400 | 413; outcome: 'refused'; reason: string }
  | { status: 200; outcome: 'duplicate' | 'ignored' | 'updated' | 'queued' };

/** Our authorized shop the push names, if any (a shop with a live authorization). */
async function boundShop(deps: Pick<PushDeps, 'db'>, platform: Platform, push: ReadPush) {
  const [shop] = await deps.db
    .select({ id: shops.id })
    .from(shops)
    .where(
      and(
        eq(shops.platform, platform),
        eq(shops.externalId, push.shopExternalId),
        push.site ? eq(shops.site, push.site) : undefined,
        eq(shops.status, 'normal'),
        isNotNull(shops.authorizationId),
      ),
    )
    .limit(1);
  return shop ?? null;
}

async function setOutcome(
  deps: Pick<PushDeps, 'db'>,
  platform: Platform,
  pushId: string,
  outcome: 'updated' | 'queued' | 'ignored',
) {
  await deps.db
    .update(orderPushes)
    .set({ outcome })
    .where(and(eq(orderPushes.platform, platform), eq(orderPushes.pushId, pushId)));
}

/**
 * Takes one push as it came (raw body and its `Authorization` header). No actor: the platform
 * calls, and the shop the push names says whose order it is.
 */
export async function receiveOrderPush(
  deps: PushDeps,
  _actor: null,
  input: { platform: Platform; authorization: string | undefined; body: string },
): Promise<PushOutcome> {
  const { platform, body } = input;
  if (Buffer.byteLength(body, 'utf8') > PUSH_MAX_BYTES)
    return { status: 413, outcome: 'refused', reason: 'too large' };
  const expected = expectedPushSignature(
    deps.config.marketplaces,
    deps.config.publicUrl,
    platform,
    body,
  );
  if (!sameSignature(expected, input.authorization))
    return { status: 401, outcome: 'refused', reason: 'signature' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { status: 400, outcome: 'refused', reason: 'not JSON' };
  }
  const push = readPush(platform, record(parsed));
  if (!push) return { status: 400, outcome: 'refused', reason: 'not a push' };
  const now = deps.clock.now();
  const age = now.getTime() - push.sentAt.getTime();
  if (age > PUSH_WINDOW_MS || age < -FUTURE_SKEW_MS)
    return { status: 401, outcome: 'refused', reason: 'timestamp' };

  const shop = await boundShop(deps, platform, push);
  const pushId = push.notificationId ?? createHash('sha256').update(body, 'utf8').digest('hex');
  const taken = await deps.db
    .insert(orderPushes)
    .values({
      platform,
      pushId,
      shopId: shop?.id ?? null,
      orderExternalId: push.orderId,
      outcome: shop && push.orderId ? 'updated' : 'ignored',
      receivedAt: now,
    })
    .onConflictDoNothing()
    .returning({ pushId: orderPushes.pushId });
  if (taken.length === 0) return { status: 200, outcome: 'duplicate' };
  // Not one of our authorized shops, or not an order event: acknowledged, nothing to do.
  if (!shop || !push.orderId) return { status: 200, outcome: 'ignored' };

  try {
    const { shop: row, access } = await shopAccess(deps, shop.id);
    const order = await deps.marketplaces[platform].getOrder(access, push.orderId);
    await upsertPlatformOrders(deps, row, [order]);
    return { status: 200, outcome: 'updated' };
  } catch (error) {
    // The platform has no such order for this shop (an order of another shop is not found with
    // its token): nothing changes.
    if (error instanceof MarketplaceError && error.failure === 'request') {
      await setOutcome(deps, platform, pushId, 'ignored');
      return { status: 200, outcome: 'ignored' };
    }
    // The platform could not give the order now (or the shop lost its authorization between):
    // the shop's next sync is made due at once, and the push is still acknowledged.
    deps.logger.warn('order push: order not read, shop sync queued', {
      platform,
      shopId: shop.id,
      error,
    });
    await setOutcome(deps, platform, pushId, 'queued');
    await queueShopSync(deps, null, shop.id);
    deps.kickJobs();
    return { status: 200, outcome: 'queued' };
  }
}

/** Forgets taken push ids once no replay of them can pass the timestamp window. */
export async function pruneOrderPushes(deps: Pick<PushDeps, 'db' | 'clock'>): Promise<void> {
  const cutoff = new Date(deps.clock.now().getTime() - KEEP_PUSH_IDS_MS);
  await deps.db.delete(orderPushes).where(lt(orderPushes.receivedAt, cutoff));
}
