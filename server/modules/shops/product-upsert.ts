import { type ProductStatus, productStatusOf } from '@shared/contracts/products';
import type { Platform } from '@shared/contracts/shops';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { products, type shops } from '../../db/schema/index';
import type { PlatformProduct } from '../../integrations/marketplace/marketplace.types';

/** What a synced product keeps of its platform's record (`products.raw`). */
export interface SyncedRecord {
  images: string[];
  skus: PlatformProduct['skus'];
  categoryId?: string | null;
  record: unknown;
}

/** The listing columns of a synced row from its platform record. */
function syncedListing(product: PlatformProduct) {
  const prices = product.skus.map((sku) => sku.salePriceMinor ?? sku.priceMinor);
  return {
    priceMinMinor: prices.length ? Math.min(...prices) : 0,
    priceMaxMinor: prices.length ? Math.max(...prices) : 0,
    stock: product.skus.reduce((sum, sku) => sum + sku.stock, 0),
    skuCount: product.skus.length,
    cover: product.images[0] ?? null,
    sku: product.skus[0]?.sellerSku ?? '',
  };
}

/** Platform records above this size keep only their SKUs and images, not the rest. */
const RAW_LIMIT = 32_000;

/**
 * The console's status of a platform status (the table of shared/contracts/products.ts). A status
 * the table does not know counts as `offline`: not selling, as far as we can tell; the raw value
 * is kept beside it.
 */
export function storedStatus(platform: Platform, raw: string): ProductStatus {
  const status = productStatusOf(platform, raw);
  return status === 'unknown' ? 'offline' : status;
}

function recordOf(product: PlatformProduct): SyncedRecord {
  const record = JSON.stringify(product.raw ?? null).length <= RAW_LIMIT ? product.raw : null;
  return { images: product.images, skus: product.skus, categoryId: product.categoryId, record };
}

/** The newest version of each record of a page (a statement may not update one row twice). */
function newestById(items: PlatformProduct[]): PlatformProduct[] {
  const byId = new Map<string, PlatformProduct>();
  for (const item of items) {
    const known = byId.get(item.externalId);
    if (!known || known.updatedAt <= item.updatedAt) byId.set(item.externalId, item);
  }
  return [...byId.values()];
}

/**
 * Stores a page of a shop's products as the platform reported them, by (platform, shop, external
 * id): a product published from here is the same row. A record is kept only if it is not older
 * than the stored one; a product whose job is running keeps its status until the job ends.
 * No actor: the shop sync calls it for a shop it already holds.
 */
export async function upsertSyncedProducts(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  shop: typeof shops.$inferSelect,
  items: PlatformProduct[],
): Promise<void> {
  if (items.length === 0) return;
  const now = deps.clock.now();
  await deps.db
    .insert(products)
    .values(
      newestById(items).map((product) => ({
        ownerId: shop.ownerId,
        shopId: shop.id,
        platform: shop.platform,
        origin: 'synced' as const,
        externalId: product.externalId,
        platformStatus: product.status,
        status: storedStatus(shop.platform, product.status),
        title: product.title,
        currency: product.currency,
        categoryId: product.categoryId,
        ...syncedListing(product),
        raw: recordOf(product),
        platformCreatedAt: product.createdAt,
        platformUpdatedAt: product.updatedAt,
        syncedAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [products.platform, products.shopId, products.externalId],
      set: {
        platformStatus: sql`excluded.platform_status`,
        status: sql`case when ${products.job} is null then excluded.status else ${products.status} end`,
        title: sql`excluded.title`,
        currency: sql`excluded.currency`,
        categoryId: sql`coalesce(excluded.category_id, ${products.categoryId})`,
        priceMinMinor: sql`excluded.price_min_minor`,
        priceMaxMinor: sql`excluded.price_max_minor`,
        stock: sql`excluded.stock`,
        skuCount: sql`excluded.sku_count`,
        cover: sql`coalesce(excluded.cover, ${products.cover})`,
        raw: sql`excluded.raw`,
        platformCreatedAt: sql`excluded.platform_created_at`,
        platformUpdatedAt: sql`excluded.platform_updated_at`,
        syncedAt: sql`excluded.synced_at`,
        updatedAt: sql`excluded.updated_at`,
      },
      setWhere: sql`coalesce(${products.platformUpdatedAt}, '-infinity'::timestamptz) <= excluded.platform_updated_at`,
    });
}
