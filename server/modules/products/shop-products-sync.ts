import { and, eq, gte, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import { products } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { upsertSyncedProducts } from '../shops/product-upsert';
import { shopAccess, syncRange } from '../shops/shop-sync.service';
import { productOf, shopOf } from './product-access';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'marketplaces' | 'logger' | 'mailer'>;

/** A full sync reads back this far; products last changed before it are not judged missing. */
const FULL_SYNC_MS = 180 * 24 * 60 * 60 * 1000;
/** Statuses a platform never lists (never published, or already missing). */
const NOT_LISTED = ['wait', 'del'];

/**
 * POST /product/product/sync: a shop's products read from its platform now (every product changed
 * in the last 180 days), and those published products the platform no longer lists (changed in
 * that time, not read back) marked `del`, suspected deleted; or one product read again.
 */
export async function syncFromShop(
  deps: Deps,
  actor: Pick<Actor, 'ownerId' | 'shopIds'>,
  input: { shopId: string } | { id: string },
): Promise<{ synced: number; missing: number }> {
  if ('id' in input) {
    const { product, shop } = await productOf(deps, actor, input.id);
    if (!product.externalId) throw new AppError('RECORD_NOT_FOUND');
    const { access } = await shopAccess(deps, shop.id);
    const read = await deps.marketplaces[shop.platform].getProduct(access, product.externalId);
    await upsertSyncedProducts(deps, shop, [read]);
    return { synced: 1, missing: 0 };
  }
  const shop = await shopOf(deps, actor, input.shopId);
  const now = deps.clock.now();
  const from = new Date(now.getTime() - FULL_SYNC_MS);
  const seen = new Set<string>();
  const synced = await syncRange(deps, null, {
    shopId: shop.id,
    resource: 'products',
    range: { from, to: now },
    control: {
      onProducts: async (items) => {
        for (const item of items) seen.add(item.externalId);
      },
    },
  });
  const missing = await deps.db
    .update(products)
    .set({ status: 'del', updatedAt: now })
    .where(
      and(
        eq(products.shopId, shop.id),
        isNotNull(products.externalId),
        isNull(products.job),
        notInArray(products.status, NOT_LISTED),
        gte(products.platformUpdatedAt, from),
        seen.size > 0 ? notInArray(products.externalId, [...seen]) : sql`true`,
      ),
    )
    .returning({ id: products.id });
  return { synced, missing: missing.length };
}
