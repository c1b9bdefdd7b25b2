import type { Platform, Shop } from '@shared/contracts/shops';
import type { SiteCode } from '@shared/contracts/site-codes';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../context';
import type { Database } from '../../db/client';
import { shops } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';

type ShopRow = typeof shops.$inferSelect;

function toShop(row: ShopRow): Shop {
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

export async function listShops(db: Database, actor: Actor): Promise<Shop[]> {
  const rows = await db
    .select()
    .from(shops)
    .where(shopScope(actor))
    .orderBy(asc(shops.platform), asc(shops.name));
  return rows.map(toShop);
}

/** One shop the actor may see; anything else is "not found", whether it exists or not. */
export async function getShop(db: Database, actor: Actor, shopId: string): Promise<Shop> {
  const [row] = await db
    .select()
    .from(shops)
    .where(and(eq(shops.id, shopId), shopScope(actor)))
    .limit(1);
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return toShop(row);
}

export async function setShopAlias(
  db: Database,
  clock: Clock,
  actor: Actor,
  shopId: string,
  alias: string,
): Promise<Shop> {
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
  db: Pick<Database, 'select'>,
  ownerId: string,
  shopIds: readonly string[],
): Promise<void> {
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

/** Records an authorized shop for a main account (the authorization flow and the demo seed call this). */
export async function addShop(
  db: Database,
  clock: Clock,
  ownerId: string,
  input: NewShop,
): Promise<Shop> {
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
