import type { Platform } from '@shared/contracts/shops';
import { and, eq, ilike, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { collectedProducts, products, purchaseLinks } from '../../db/schema/index';
import type { SyncedRecord } from '../shops/product-upsert';
import { warehouseCapacityOnSite } from '../warehouses/warehouses.service';

/**
 * What orders read of other features' tables, each through one small function here, so that when
 * those tables change (products and platform products become one table; warehouses arrive) only
 * this file follows them.
 */

/** An order item's product, as a purchase link is remembered under it. */
export interface ItemProductKey {
  platform: Platform;
  productKey: string;
  skuKey: string;
}

/** The product key of an order item: the platform's product and SKU ids, else its name. */
export function itemProductKey(
  platform: Platform,
  item: { productId: string | null; skuId: string | null; name: string },
): ItemProductKey {
  return { platform, productKey: item.productId ?? `name:${item.name}`, skuKey: item.skuId ?? '' };
}

/** The purchase link remembered for a product SKU, if any. */
export async function purchaseLinkOf(
  db: Database,
  ownerId: string,
  key: ItemProductKey,
): Promise<{ url: string; supplierSku: string | null; price: number } | null> {
  const [row] = await db
    .select()
    .from(purchaseLinks)
    .where(
      and(
        eq(purchaseLinks.ownerId, ownerId),
        eq(purchaseLinks.platform, key.platform),
        eq(purchaseLinks.productKey, key.productKey),
        eq(purchaseLinks.skuKey, key.skuKey),
      ),
    )
    .limit(1);
  return row ? { url: row.url, supplierSku: row.supplierSku, price: row.priceFen } : null;
}

/** Remembers (or replaces) a product SKU's purchase link. */
export async function savePurchaseLinkOf(
  db: Database,
  ownerId: string,
  key: ItemProductKey,
  link: { url: string; supplierSku: string | null; price: number },
  now: Date,
): Promise<void> {
  await db
    .insert(purchaseLinks)
    .values({
      ownerId,
      ...key,
      url: link.url,
      supplierSku: link.supplierSku,
      priceFen: link.price,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [
        purchaseLinks.ownerId,
        purchaseLinks.platform,
        purchaseLinks.productKey,
        purchaseLinks.skuKey,
      ],
      set: { url: link.url, supplierSku: link.supplierSku, priceFen: link.price, updatedAt: now },
    });
}

/**
 * Stock of a shop's seller SKUs, from its synced products (each SKU's `sellerSku` and `stock` as
 * the platform last reported them): a local order may only take what is in stock.
 */
export async function stockOfSkus(
  db: Database,
  shopId: string,
  skus: readonly string[],
): Promise<Map<string, number>> {
  const stock = new Map<string, number>();
  if (skus.length === 0) return stock;
  const rows = await db
    .select({ raw: products.raw })
    .from(products)
    .where(and(eq(products.shopId, shopId), isNotNull(products.syncedAt)));
  const wanted = new Set(skus);
  for (const row of rows)
    for (const sku of ((row.raw as SyncedRecord | null)?.skus ?? []) as {
      sellerSku?: string | null;
      stock?: number;
    }[]) {
      if (sku.sellerSku && wanted.has(sku.sellerSku))
        stock.set(sku.sellerSku, (stock.get(sku.sellerSku) ?? 0) + (sku.stock ?? 0));
    }
  return stock;
}

/** The seller's products and collected products matching a keyword (title), for the product-choice dialog. */
export async function productChoicesOf(db: Database, ownerId: string, keyword: string | undefined) {
  const like = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const collected = await db
    .select({
      id: collectedProducts.id,
      title: collectedProducts.title,
      image: collectedProducts.image,
      url: collectedProducts.url,
      price: collectedProducts.priceMinMinor,
      currency: collectedProducts.currency,
    })
    .from(collectedProducts)
    .where(
      and(
        eq(collectedProducts.ownerId, ownerId),
        like ? ilike(collectedProducts.title, like) : undefined,
      ),
    )
    .orderBy(sql`${collectedProducts.updatedAt} desc`)
    .limit(20);
  const owned = await db
    .select({
      id: products.id,
      title: products.title,
      cover: products.cover,
      price: products.priceMinMinor,
    })
    .from(products)
    .where(
      and(
        eq(products.ownerId, ownerId),
        like ? or(ilike(products.title, like), ilike(products.externalId, like)) : undefined,
      ),
    )
    .orderBy(sql`${products.updatedAt} desc`)
    .limit(20);
  return [
    ...owned.map((row) => ({
      kind: 'product' as const,
      id: row.id,
      title: row.title,
      image: row.cover,
      url: null,
      price: null,
    })),
    ...collected.map((row) => ({
      kind: 'collected' as const,
      id: row.id,
      title: row.title,
      image: row.image,
      url: row.url,
      // A purchase price is in fen: only a price the source site gave in yuan is one.
      price: row.currency === 'CNY' ? row.price : null,
    })),
  ];
}

/** Where the seller's overseas warehouse on a site stands, as processing needs it. */
export type WarehouseState = 'none' | 'active' | 'full' | 'expired';

/** The seller's overseas warehouse on a site, as an order that ships from it finds it. */
export async function warehouseStateOf(
  db: Database,
  ownerId: string,
  site: string,
): Promise<WarehouseState> {
  return warehouseCapacityOnSite(db, ownerId, site);
}
