import {
  applyPricing,
  type ClaimConflicts,
  type ClaimRequest,
  type ClaimResult,
  type PluginSettingsInput,
} from '@shared/contracts/collector';
import type { ProductDraft } from '@shared/contracts/product-draft';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import { collectedProducts, products, shops } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { heldSources } from '../products/held-sources';
import { refreshProduct } from '../products/products.service';
import { priceRange, type Queryable, shopNameOf, visibleShops } from './collector.service';
import { settingsOf } from './plugin-settings.service';

type CollectedRow = typeof collectedProducts.$inferSelect;
type ShopRow = typeof shops.$inferSelect;

/** A draft with the pricing template applied to every price in it. */
function pricedDraft(draft: ProductDraft, pricing: PluginSettingsInput['pricing']): ProductDraft {
  const price = (minor: number | null) =>
    minor === null ? null : applyPricing(minor, draft.currency, pricing);
  return {
    ...draft,
    price: { min: price(draft.price.min), max: price(draft.price.max) },
    tiers: draft.tiers.map((tier) => ({
      ...tier,
      price: applyPricing(tier.price, draft.currency, pricing),
    })),
    skus: draft.skus.map((sku) => ({
      ...sku,
      price: price(sku.price),
      originalPrice: price(sku.originalPrice),
    })),
  };
}

/** Whether a database failure (or one it caused) has this SQLSTATE. */
function hasSqlState(error: unknown, state: string): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === 'object' && (current as { code?: unknown }).code === state) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';

/** The (product, shop) pairs of a claim that a shop already holds: the same source item, claimed before. */
async function conflictsOf(
  db: Queryable,
  rows: readonly CollectedRow[],
  targets: readonly ShopRow[],
): Promise<ClaimConflicts['conflicts']> {
  const held = await heldSources(db, rows, targets, (row) => ({
    site: row.site,
    itemId: row.itemId,
  }));
  return held.map(({ item, shop }) => ({
    collectId: item.id,
    title: item.title,
    shopId: shop.id,
    shopName: shopNameOf(shop),
  }));
}

function alreadyClaimed(conflicts: ClaimConflicts['conflicts']): AppError {
  const datas: ClaimConflicts = { conflicts };
  return new AppError('COLLECT_ALREADY_CLAIMED', { datas });
}

/**
 * POST /api-product/collect/claim: every product into every shop, as shop products waiting to be
 * edited and published, priced with the main account's pricing template. All or nothing: a
 * product not in the box refuses the claim (RECORD_NOT_FOUND), so does a shop the actor may not
 * act on or that is not authorized (COLLECT_SHOP_UNAVAILABLE), and so does a product already in
 * one of the shops (COLLECT_ALREADY_CLAIMED, naming every such pair).
 */
export async function claimCollected(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'marketplaces'>,
  actor: Actor,
  input: ClaimRequest,
): Promise<ClaimResult> {
  const claimed = await claimIntoShops(deps, actor, input);
  return { products: await priceAndCheck(deps, claimed) };
}

/**
 * Each claimed product priced in its shop's currency (its CNY cost through the shop's landed-cost
 * template, or its price at the dated rate) and checked for publishing in its shop, at once: the
 * list shows what blocks it from the first moment.
 */
async function priceAndCheck(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'marketplaces'>,
  claimed: Omit<ClaimResult['products'][number], 'readiness'>[],
): Promise<ClaimResult['products']> {
  if (claimed.length === 0) return [];
  const rows = await deps.db
    .select({ product: products, shop: shops })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(
      inArray(
        products.id,
        claimed.map((one) => one.productId),
      ),
    );
  const byId = new Map(rows.map((row) => [row.product.id, row]));
  const result: ClaimResult['products'] = [];
  for (const one of claimed) {
    const row = byId.get(one.productId);
    const refreshed = row ? await refreshProduct(deps, row.product, row.shop) : null;
    result.push({
      ...one,
      readiness: {
        errors: refreshed?.readinessErrors ?? 0,
        warnings: refreshed?.readinessWarnings ?? 0,
      },
    });
  }
  return result;
}

/**
 * The claim itself (every product into every shop, as described above), without pricing and
 * checking: the demo seed prices its claimed product once the shop's template is set.
 */
export async function claimIntoShops(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Actor,
  input: ClaimRequest,
): Promise<Omit<ClaimResult['products'][number], 'readiness'>[]> {
  const { db, clock } = deps;
  const ids = [...new Set(input.ids)];
  const shopIds = [...new Set(input.shopIds)];
  const now = clock.now();
  try {
    return await db.transaction(async (tx) => {
      // Locked, so two claims of one product take turns and the second sees the first's products.
      const rows = await tx
        .select()
        .from(collectedProducts)
        .where(
          and(eq(collectedProducts.ownerId, actor.ownerId), inArray(collectedProducts.id, ids)),
        )
        .orderBy(asc(collectedProducts.id))
        .for('update');
      if (rows.length !== ids.length) throw new AppError('RECORD_NOT_FOUND');
      const found = await tx
        .select()
        .from(shops)
        .where(and(inArray(shops.id, shopIds), visibleShops(actor)));
      const unavailable = shopIds.filter(
        (id) => !found.some((shop) => shop.id === id && shop.status === 'normal'),
      );
      if (unavailable.length > 0)
        throw new AppError('COLLECT_SHOP_UNAVAILABLE', { datas: { shopIds: unavailable } });
      // In the order asked for.
      const collected = ids.flatMap((id) => rows.find((row) => row.id === id) ?? []);
      const targets = shopIds.flatMap((id) => found.find((shop) => shop.id === id) ?? []);

      const conflicts = await conflictsOf(tx, collected, targets);
      if (conflicts.length > 0) throw alreadyClaimed(conflicts);

      const { pricing } = await settingsOf({ db: tx }, actor);
      const values = collected.flatMap((row) => {
        const data = pricedDraft(row.draft, pricing);
        const range = priceRange(data);
        return targets.map((shop) => ({
          ownerId: actor.ownerId,
          shopId: shop.id,
          platform: shop.platform,
          collectId: row.id,
          sourceSite: row.site,
          sourceItemId: row.itemId,
          sourceUrl: row.url,
          title: row.title,
          currency: data.currency,
          priceMinMinor: range.min,
          priceMaxMinor: range.max,
          status: 'wait' as const,
          data,
          createdBy: actor.userId,
          createdAt: now,
          updatedAt: now,
        }));
      });
      const created = await tx
        .insert(products)
        .values(values)
        .onConflictDoNothing({
          target: [products.shopId, products.sourceSite, products.sourceItemId],
        })
        .returning({ id: products.id, collectId: products.collectId, shopId: products.shopId });
      // A shop took one of the items since the check (another request): refuse it all (rolled back).
      if (created.length !== values.length)
        throw alreadyClaimed(await conflictsOf(tx, collected, targets));
      await tx
        .update(collectedProducts)
        .set({
          claimedAt: sql`coalesce(${collectedProducts.claimedAt}, ${now.toISOString()}::timestamptz)`,
          updatedAt: now,
        })
        .where(
          inArray(
            collectedProducts.id,
            collected.map((row) => row.id),
          ),
        );
      return created.map((product) => ({
        collectId: product.collectId ?? '',
        shopId: product.shopId,
        productId: product.id,
        status: 'wait' as const,
      }));
    });
  } catch (error) {
    if (hasSqlState(error, UNIQUE_VIOLATION)) {
      const rows = await db
        .select()
        .from(collectedProducts)
        .where(
          and(eq(collectedProducts.ownerId, actor.ownerId), inArray(collectedProducts.id, ids)),
        );
      const targets = await db
        .select()
        .from(shops)
        .where(and(inArray(shops.id, shopIds), visibleShops(actor)));
      throw alreadyClaimed(await conflictsOf(db, rows, targets));
    }
    // A shop removed meanwhile (unbound).
    if (hasSqlState(error, FOREIGN_KEY_VIOLATION))
      throw new AppError('COLLECT_SHOP_UNAVAILABLE', { cause: error });
    throw error;
  }
}
