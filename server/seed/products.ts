import { and, asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { products, shops } from '../db/schema/index';
import {
  applyDefaultLogistics,
  refreshProduct,
  saveShopPricing,
  shopLogistics,
} from '../modules/products/products.service';
import { sellerActor } from './actor';

/**
 * The demo seller's products, one story: the 1688 flask it claimed into its Shopee shop is priced
 * from its CNY cost by the shop's landed-cost template (35 CNY per chargeable kg, a 6 % fee, a
 * 25 % margin, a strike-through price 30 % above), at the recorded rate; each shop's default
 * logistics is one of its own channels; the synced products (online, offline, in review, banned)
 * came from the first sync. The claimed flask still waits: its readiness check asks for the
 * category and its required attributes before it can be published.
 */
export async function seedProducts(
  deps: Pick<AppDeps, 'db' | 'clock'> & Partial<Pick<AppDeps, 'config' | 'marketplaces'>>,
  sellerId: string,
): Promise<void> {
  const actor = sellerActor(sellerId);
  const owned = await deps.db
    .select()
    .from(shops)
    .where(and(eq(shops.ownerId, sellerId), eq(shops.status, 'normal')))
    .orderBy(asc(shops.platform), asc(shops.name));
  const { config, marketplaces } = deps;
  const full = config && marketplaces ? { ...deps, config, marketplaces } : null;
  for (const shop of owned) {
    if (shop.platform === 'shopee')
      await saveShopPricing(full ?? (deps as never), actor, {
        shopId: shop.id,
        template: {
          markupPercent: 30,
          rounding: 'ninetyNine',
          shippingPerKg: 3500,
          handling: 150,
          platformFeeBps: 600,
          marginBps: 2500,
          strikeThroughBps: 3000,
        },
      });
    // The default logistics is one of the shop's own channels, as its platform reports them.
    if (full && shop.authorizationId) {
      const { channels } = await shopLogistics(full, actor, shop.id);
      const first = channels.find((channel) => channel.enabled);
      if (first) await applyDefaultLogistics(full, shop.id, first);
    }
  }
  if (!full) return;
  const claimed = await deps.db
    .select({ product: products, shop: shops })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(eq(products.ownerId, sellerId), eq(products.origin, 'claimed')));
  for (const { product, shop } of claimed) await refreshProduct(full, product, shop);
}
