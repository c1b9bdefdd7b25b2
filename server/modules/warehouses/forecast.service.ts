import type { InventoryLine, WarehouseForecast } from '@shared/contracts/warehouses';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import { products, shops, warehouseStock, warehouseUsage } from '../../db/schema/index';
import { daysLeft, prorate, zoneOf } from './billing';
import { addDays, projectUsage } from './forecast';
import { ownedWarehouse, warehousePrices } from './warehouses.service';

const HISTORY_DAYS = 30;

/** Units to buy to cover the next 30 days of sales, beyond what is there and on its way. */
const replenishment = (sold30: number, available: number, inTransit: number) =>
  Math.max(0, sold30 - available - inTransit);

/** GET /warehouse/inventory: the stock lines with their sales links and replenishment. */
export async function warehouseInventory(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  input: { id: string },
): Promise<{ records: InventoryLine[] }> {
  const { db } = deps;
  const warehouse = await ownedWarehouse(db, actor, input.id);
  const lines = await db
    .select()
    .from(warehouseStock)
    .where(eq(warehouseStock.warehouseId, warehouse.id))
    .orderBy(asc(warehouseStock.sku));
  const productIds = [...new Set(lines.flatMap((line) => line.productIds))];
  const linked =
    productIds.length === 0
      ? []
      : await db
          .select({
            id: products.id,
            platform: products.platform,
            title: products.title,
            externalId: products.externalId,
            shopName: shops.alias,
            shopId: shops.id,
          })
          .from(products)
          .innerJoin(shops, eq(shops.id, products.shopId))
          .where(and(inArray(products.id, productIds), eq(products.ownerId, actor.ownerId)));
  // A sub-account sees the sales links of its own shops only.
  const visible = linked.filter(
    (product) => !actor.shopIds || actor.shopIds.includes(product.shopId),
  );
  const byId = new Map(visible.map((product) => [product.id, product]));
  return {
    records: lines.map((line) => ({
      sku: line.sku,
      name: line.name,
      available: line.available,
      inTransit: line.inTransit,
      occupied: line.occupied,
      occupiedLitres: line.occupied * line.unitLitres,
      dailySales: Math.round((line.sold30 * 100) / 30),
      replenishment: replenishment(line.sold30, line.available, line.inTransit),
      salesLinks: line.productIds.flatMap((id) => {
        const product = byId.get(id);
        return product
          ? [
              {
                platform: product.platform,
                shopName: product.shopName,
                title: product.title,
                externalId: product.externalId ?? '',
              },
            ]
          : [];
      }),
    })),
  };
}

/** GET /warehouse/forecast: usage and cost 30, 60 and 90 days out, run-out day, a suggestion. */
export async function warehouseForecast(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Actor,
  input: { id: string },
): Promise<WarehouseForecast> {
  const { db, clock } = deps;
  const warehouse = await ownedWarehouse(db, actor, input.id);
  const now = clock.now();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zoneOf(warehouse.site) }).format(now);
  const history = await db
    .select({ day: warehouseUsage.day, litres: warehouseUsage.litres })
    .from(warehouseUsage)
    .where(
      and(
        eq(warehouseUsage.warehouseId, warehouse.id),
        gte(warehouseUsage.day, addDays(today, -HISTORY_DAYS)),
      ),
    )
    .orderBy(asc(warehouseUsage.day));
  const lines = await db
    .select()
    .from(warehouseStock)
    .where(eq(warehouseStock.warehouseId, warehouse.id));
  const currentLitres = lines.reduce((sum, line) => sum + line.occupied * line.unitLitres, 0);
  const inTransitLitres = lines.reduce((sum, line) => sum + line.inTransit * line.unitLitres, 0);
  const salesLitresPerDay = lines.reduce(
    (sum, line) => sum + (line.sold30 * line.unitLitres) / 30,
    0,
  );
  const price =
    (await warehousePrices(deps, null)).find((entry) => entry.site === warehouse.site)
      ?.pricePerCbm ?? 0;
  const projection = projectUsage({
    history,
    today,
    currentLitres,
    inTransitLitres,
    salesLitresPerDay,
    capacityCbm: warehouse.volume,
    pricePerCbm: price,
  });
  const left = daysLeft(warehouse.site, now);
  const suggestion = projection.suggestion
    ? {
        ...projection.suggestion,
        amount:
          projection.suggestion.kind === 'upgrade'
            ? prorate(
                price,
                projection.suggestion.volume - warehouse.volume,
                left.days,
                left.daysInMonth,
              )
            : (warehouse.volume - projection.suggestion.volume) * price,
      }
    : null;
  return {
    currency: warehouse.currency,
    dailyChange: Math.round(projection.dailyChange * 100),
    history,
    points: projection.points,
    runOutDay: projection.runOutDay,
    suggestion,
  };
}
