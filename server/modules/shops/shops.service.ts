import type { ErrorKey } from '@shared/contracts/errors';
import type { Language } from '@shared/contracts/languages';
import type {
  Platform,
  Shop,
  ShopDetail,
  ShopFailure,
  ShopSyncState,
  SyncResource,
} from '@shared/contracts/shops';
import type { SiteCode } from '@shared/contracts/site-codes';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import type { Database } from '../../db/client';
import { shopAuthorizations, shopSync, shops } from '../../db/schema/index';
import { PLATFORM_NAMES } from '../../integrations/marketplace/marketplace.errors';
import { AppError } from '../../lib/errors';
import { translator } from '../../lib/i18n';

type ShopRow = typeof shops.$inferSelect;

export function toShop(row: ShopRow): Shop {
  return {
    id: row.id,
    name: row.name,
    alias: row.alias,
    platform: row.platform,
    site: row.site as SiteCode,
    type: row.shopType,
    status: row.status,
    defaultLogistics: row.defaultLogistics,
    authorizedAt: row.authorizedAt.toISOString(),
  };
}

/**
 * The condition every shop query carries: the actor's main account's shops, and for a sub-account
 * only the shops it was given. This is where per-shop data permission is enforced.
 */
function shopScope(actor: Actor): SQL | undefined {
  const owned = eq(shops.ownerId, actor.ownerId);
  if (actor.shopIds === null) return owned;
  if (actor.shopIds.length === 0) return sql`false`;
  return and(owned, inArray(shops.id, actor.shopIds));
}

/** The actor's shops as stored, in list order. */
export async function listShopRows(deps: Pick<AppDeps, 'db'>, actor: Actor): Promise<ShopRow[]> {
  const { db } = deps;
  return db
    .select()
    .from(shops)
    .where(shopScope(actor))
    .orderBy(asc(shops.platform), asc(shops.name));
}

const EMPTY_SYNC: ShopSyncState = {
  lastSyncedAt: null,
  nextSyncAt: null,
  running: false,
  lastCount: 0,
  lastFailure: null,
};

/**
 * The actor's shops with their authorization (expiry, why abnormal) and where the sync of their
 * orders and products stands, failures worded in the request's language with the platform's code.
 */
export async function listShopDetails(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Actor,
  input: {
    language: Language;
    /** Only this shop (after an action on it). */
    shopId?: string;
  },
): Promise<ShopDetail[]> {
  const { db, clock } = deps;
  const { shopId } = input;
  const t = translator(input.language);
  const rows = await db
    .select({ shop: shops, authorization: shopAuthorizations })
    .from(shops)
    .leftJoin(shopAuthorizations, eq(shopAuthorizations.id, shops.authorizationId))
    .where(and(shopScope(actor), shopId ? eq(shops.id, shopId) : undefined))
    .orderBy(asc(shops.platform), asc(shops.name));
  const ids = rows.map((row) => row.shop.id);
  const states = ids.length
    ? await db.select().from(shopSync).where(inArray(shopSync.shopId, ids))
    : [];
  const now = clock.now();
  const failure = (
    platform: Platform,
    key: string | null,
    code: string | null,
    message: string | null,
    at: Date | null,
  ): ShopFailure | null =>
    key
      ? {
          key,
          message: t.error(key as ErrorKey, {
            platform: PLATFORM_NAMES[platform],
            code: code ?? '',
            message: message ?? code ?? '',
          }),
          platformCode: code,
          at: at?.toISOString() ?? null,
        }
      : null;
  return rows.map(({ shop, authorization }) => {
    const sync = (resource: SyncResource): ShopSyncState => {
      const state = states.find((row) => row.shopId === shop.id && row.resource === resource);
      if (!state) return EMPTY_SYNC;
      return {
        lastSyncedAt: state.lastSyncedAt?.toISOString() ?? null,
        nextSyncAt: shop.status === 'normal' ? state.nextSyncAt.toISOString() : null,
        running: state.leaseUntil !== null && state.leaseUntil > now,
        lastCount: state.lastCount,
        lastFailure: failure(
          shop.platform,
          state.lastErrorKey,
          state.lastErrorCode,
          state.lastErrorMessage,
          state.lastErrorAt,
        ),
      };
    };
    return {
      ...toShop(shop),
      authorizationExpiresAt: authorization?.expiresAt?.toISOString() ?? null,
      abnormalReason:
        shop.status === 'abnormal' && authorization
          ? failure(
              shop.platform,
              authorization.failureKey ?? 'PLATFORM_OAUTH_ERROR',
              authorization.failureCode,
              authorization.failureMessage,
              authorization.updatedAt,
            )
          : null,
      sync: { orders: sync('orders'), products: sync('products') },
    };
  });
}

/** One shop the actor may see; anything else is "not found", whether it exists or not. */
export async function getShop(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  shopId: string,
): Promise<Shop> {
  return toShop(await getShopRow(deps, actor, shopId));
}

export async function getShopRow(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  shopId: string,
): Promise<ShopRow> {
  const { db } = deps;
  const [row] = await db
    .select()
    .from(shops)
    .where(and(eq(shops.id, shopId), shopScope(actor)))
    .limit(1);
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return row;
}

export async function setShopAlias(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Actor,
  input: { shopId: string; alias: string },
): Promise<Shop> {
  const { db, clock } = deps;
  const { shopId, alias } = input;
  const [row] = await db
    .update(shops)
    .set({ alias, updatedAt: clock.now() })
    .where(and(eq(shops.id, shopId), shopScope(actor)))
    .returning();
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return toShop(row);
}

/** Of the given shop ids, refuses any that is not one of the main account's shops. */
export async function assertOwnShops(
  deps: { db: Pick<Database, 'select'> },
  actor: Pick<Actor, 'ownerId'>,
  shopIds: readonly string[],
): Promise<void> {
  const { db } = deps;
  const { ownerId } = actor;
  if (shopIds.length === 0) return;
  const found = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.ownerId, ownerId), inArray(shops.id, [...shopIds])));
  if (found.length !== new Set(shopIds).size) throw new AppError('RECORD_NOT_FOUND');
}

export interface NewShop {
  platform: Platform;
  site: SiteCode;
  externalId: string;
  name: string;
  shopType: Shop['type'];
}

/** Records a shop for a main account, without an authorization behind it (the demo seed and tests). */
export async function addShop(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Pick<Actor, 'ownerId'>,
  input: NewShop,
): Promise<Shop> {
  const { db, clock } = deps;
  const { ownerId } = actor;
  const now = clock.now();
  const [row] = await db
    .insert(shops)
    .values({
      ...input,
      ownerId,
      alias: input.name,
      authorizedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new AppError('OPERATION_FAILED');
  return toShop(row);
}
