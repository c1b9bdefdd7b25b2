import { and, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products } from '../../db/schema/index';

type SourceSite = NonNullable<(typeof products.$inferSelect)['sourceSite']>;

/** Where a product comes from, as products are keyed: (shop, source site, source item). */
export interface SourceItem {
  site: SourceSite;
  itemId: string;
}

/**
 * The (item, shop) pairs whose shop already holds the item: a product of that shop with the same
 * source site and item, the key products are unique on (`products_shop_source_key`). In the order
 * of `items`, then of `shops`. What a claim from the collector and a choice from the catalogue
 * refuse.
 */
export async function heldSources<Item, Shop extends { id: string }>(
  db: Pick<Database, 'select'>,
  items: readonly Item[],
  shops: readonly Shop[],
  sourceOf: (item: Item) => SourceItem,
): Promise<{ item: Item; shop: Shop }[]> {
  if (items.length === 0 || shops.length === 0) return [];
  const held = await db
    .select({
      shopId: products.shopId,
      sourceSite: products.sourceSite,
      sourceItemId: products.sourceItemId,
    })
    .from(products)
    .where(
      and(
        inArray(
          products.shopId,
          shops.map((shop) => shop.id),
        ),
        or(
          ...items.map((item) => {
            const source = sourceOf(item);
            return and(
              eq(products.sourceSite, source.site),
              eq(products.sourceItemId, source.itemId),
            );
          }),
        ),
      ),
    );
  const taken = new Set(held.map((p) => `${p.shopId} ${p.sourceSite} ${p.sourceItemId}`));
  return items.flatMap((item) => {
    const source = sourceOf(item);
    return shops
      .filter((shop) => taken.has(`${shop.id} ${source.site} ${source.itemId}`))
      .map((shop) => ({ item, shop }));
  });
}
