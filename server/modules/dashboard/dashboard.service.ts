import {
  ORDER_SUMMARY_KEYS,
  ORDER_SUMMARY_STATUSES,
  type OrderStatusSummary,
  type OrderTrend,
  type OrderTrendSeries,
  PRODUCT_SUMMARY_KEYS,
  type ProductStatusSummary,
  PURCHASE_SUMMARY_KEYS,
  type PurchaseStatusSummary,
  type StatusSummaryQuery,
  TREND_DAYS,
} from '@shared/contracts/dashboard';
import { type OrderStatus, orderStatusOf, SOLD_ORDER_STATUSES } from '@shared/contracts/orders';
import { isProductStatus, type ProductStatus } from '@shared/contracts/products';
import { dayIn, isSiteCode, SITE_TIME_ZONES } from '@shared/contracts/site-codes';
import { and, count, eq, gte, ilike, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import type { Database } from '../../db/client';
import { platformOrders, productStatusCounts, shops, sites, users } from '../../db/schema/index';
import { addDays, instantOf, parseDateTime } from '../../lib/zoned-time';
import { countPurchasesByStatus } from '../purchases/purchases.service';

/** Every key at 0, then the counts found. */
function fill<K extends string>(keys: readonly K[], found: Partial<Record<K, number>>) {
  return Object.fromEntries(keys.map((key) => [key, found[key] ?? 0])) as Record<K, number>;
}

/** The reader's zone when it sent one, else its site's (the zone its account lives in). */
async function zoneOf(db: Database, actor: Actor, timeZone: string | undefined): Promise<string> {
  if (timeZone) return timeZone;
  const [row] = await db
    .select({ site: users.site })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  return row && isSiteCode(row.site) ? SITE_TIME_ZONES[row.site] : 'UTC';
}

/**
 * The shops whose products and orders the actor may count: its main account's, for a
 * sub-account only those it was given, narrowed to a shop name or alias when one is asked for.
 */
async function shopsInScope(db: Database, actor: Actor, shopName?: string) {
  const conditions: (SQL | undefined)[] = [eq(shops.ownerId, actor.ownerId)];
  if (actor.shopIds !== null) {
    if (actor.shopIds.length === 0) return [];
    conditions.push(inArray(shops.id, actor.shopIds));
  }
  if (shopName) {
    const pattern = `%${shopName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(shops.name, pattern), ilike(shops.alias, pattern)));
  }
  return db
    .select({
      id: shops.id,
      name: shops.name,
      alias: shops.alias,
      platform: shops.platform,
      currency: sites.currency,
    })
    .from(shops)
    .leftJoin(sites, eq(sites.code, shops.site))
    .where(and(...conditions));
}

/** A payment-time range of the summaries' query, as instants in the reader's zone. */
interface PaidRange {
  from: Date | null;
  to: Date | null;
}

async function paidRange(db: Database, actor: Actor, query: StatusSummaryQuery) {
  if (!query.payBeginTime && !query.payEndTime) return { from: null, to: null };
  const zone = await zoneOf(db, actor, query.timeZone);
  return {
    from: query.payBeginTime ? parseDateTime(zone, query.payBeginTime) : null,
    to: query.payEndTime ? parseDateTime(zone, query.payEndTime) : null,
  } satisfies PaidRange;
}

/*
 * The counting queries: each groups the rows of the shops in scope by their raw status (a few
 * distinct values per platform) and maps them with the tables of shared/contracts, so a status
 * the tables do not know is counted nowhere rather than guessed.
 */

/**
 * Products of these shops by status: one table holds every product, claimed or synced, each
 * with the console's status (a synced one's is mapped from its platform's when stored). Read from
 * the counts kept per shop and status (statement triggers on products, migration 0025): a few rows
 * per shop instead of every product. A product's owner is its shop's, so the owner's key narrows
 * the kept rows to the actor's without changing the sum.
 */
async function countProducts(
  db: Database,
  ownerId: string,
  shopIds: readonly string[],
): Promise<Partial<ProductStatusSummary>> {
  if (shopIds.length === 0) return {};
  const kept = productStatusCounts;
  const rows = await db
    .select({ status: kept.status, count: sql<number>`sum(${kept.count})::int` })
    .from(kept)
    .where(and(eq(kept.ownerId, ownerId), inArray(kept.shopId, [...shopIds])))
    .groupBy(kept.status);
  const found: Partial<Record<ProductStatus, number>> = {};
  for (const row of rows)
    if (isProductStatus(row.status))
      found[row.status] = (found[row.status] ?? 0) + Number(row.count);
  return found;
}

/**
 * The synced orders of these shops by the console's status, created in the range. The platform
 * order keeps no payment time of its own yet, so its creation time stands for it.
 */
async function ordersByStatus(
  db: Database,
  shopIds: readonly string[],
  paid: PaidRange,
): Promise<Map<OrderStatus, number>> {
  const found = new Map<OrderStatus, number>();
  if (shopIds.length === 0) return found;
  const rows = await db
    .select({ platform: platformOrders.platform, status: platformOrders.status, count: count() })
    .from(platformOrders)
    .where(
      and(
        inArray(platformOrders.shopId, [...shopIds]),
        paid.from ? gte(platformOrders.platformCreatedAt, paid.from) : undefined,
        paid.to ? lte(platformOrders.platformCreatedAt, paid.to) : undefined,
      ),
    )
    .groupBy(platformOrders.platform, platformOrders.status);
  for (const row of rows) {
    const status = orderStatusOf(row.platform, row.status);
    found.set(status, (found.get(status) ?? 0) + row.count);
  }
  return found;
}

/** Orders of these shops by summary status (pending, processing, logistics), paid in the range. */
async function countOrders(
  db: Database,
  shopIds: readonly string[],
  paid: PaidRange,
): Promise<Partial<OrderStatusSummary>> {
  const found = await ordersByStatus(db, shopIds, paid);
  return Object.fromEntries(
    ORDER_SUMMARY_KEYS.map((key) => [key, found.get(ORDER_SUMMARY_STATUSES[key]) ?? 0]),
  );
}

/** Purchases the actor sees (its shops; every seller's for an operator) by status. */
async function countPurchases(db: Database, actor: Actor): Promise<Partial<PurchaseStatusSummary>> {
  const counts = await countPurchasesByStatus({ db }, actor);
  return Object.fromEntries(PURCHASE_SUMMARY_KEYS.map((key) => [key, counts[key]]));
}

/**
 * Orders sold (SOLD_ORDER_STATUSES) and their totals, of these shops per shop and day (days in
 * `zone`, by the order's creation on the platform) within [from, to).
 */
async function ordersPerShopDay(
  db: Database,
  shopIds: readonly string[],
  range: { from: Date; to: Date; zone: string },
): Promise<{ shopId: string; day: string; orders: number; sales: number }[]> {
  if (shopIds.length === 0) return [];
  // The day is worked out in a subquery, so the grouping names a column, not an expression.
  const placed = db
    .select({
      shopId: platformOrders.shopId,
      platform: platformOrders.platform,
      status: platformOrders.status,
      total: platformOrders.totalMinor,
      day: sql<string>`to_char(${platformOrders.platformCreatedAt} at time zone ${range.zone}, 'YYYY-MM-DD')`.as(
        'day',
      ),
    })
    .from(platformOrders)
    .where(
      and(
        inArray(platformOrders.shopId, [...shopIds]),
        gte(platformOrders.platformCreatedAt, range.from),
        lt(platformOrders.platformCreatedAt, range.to),
      ),
    )
    .as('placed');
  const rows = await db
    .select({
      shopId: placed.shopId,
      platform: placed.platform,
      status: placed.status,
      day: placed.day,
      orders: count(),
      sales: sql<string>`sum(${placed.total})`,
    })
    .from(placed)
    .groupBy(placed.shopId, placed.platform, placed.status, placed.day);
  const sold = new Set<OrderStatus>(SOLD_ORDER_STATUSES);
  return rows
    .filter((row) => sold.has(orderStatusOf(row.platform, row.status)))
    .map((row) => ({
      shopId: row.shopId,
      day: row.day,
      orders: row.orders,
      sales: Number(row.sales ?? 0),
    }));
}

/** GET /product/product/status/summary: the actor's products per status. */
export async function productStatusSummary(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  query: StatusSummaryQuery,
): Promise<ProductStatusSummary> {
  const { db } = deps;
  const scope = await shopsInScope(db, actor, query.oauthName);
  const found = await countProducts(
    db,
    actor.ownerId,
    scope.map((s) => s.id),
  );
  return fill(PRODUCT_SUMMARY_KEYS, found);
}

/** GET /order/order/status/summary: the actor's orders waiting on the seller, per stage. */
export async function orderStatusSummary(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  query: StatusSummaryQuery,
): Promise<OrderStatusSummary> {
  const { db } = deps;
  const scope = await shopsInScope(db, actor, query.oauthName);
  const found = await countOrders(
    db,
    scope.map((s) => s.id),
    await paidRange(db, actor, query),
  );
  return fill(ORDER_SUMMARY_KEYS, found);
}

/** GET /order/purchaseorder/status/summary: the actor's purchases that still need someone. */
export async function purchaseStatusSummary(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
): Promise<PurchaseStatusSummary> {
  const { db } = deps;
  return fill(PURCHASE_SUMMARY_KEYS, await countPurchases(db, actor));
}

/**
 * The dashboard chart: orders and sales per shop per day over the last 14 days from 00:00:00 in
 * the reader's time zone, today included.
 */
export async function orderTrend(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Actor,
  input: { timeZone?: string | undefined },
): Promise<OrderTrend> {
  const { db, clock } = deps;
  const { timeZone } = input;
  const zone = await zoneOf(db, actor, timeZone);
  const today = dayIn(zone, clock.now());
  const days = Array.from({ length: TREND_DAYS }, (_, i) => addDays(today, i - (TREND_DAYS - 1)));
  const from = instantOf(zone, days[0] ?? today);
  const to = instantOf(zone, addDays(today, 1));
  const scope = await shopsInScope(db, actor);
  const rows = await ordersPerShopDay(
    db,
    scope.map((s) => s.id),
    { from, to, zone },
  );
  const index = new Map(days.map((day, i) => [day, i]));
  const series = new Map<string, OrderTrendSeries>();
  for (const row of rows) {
    const shop = scope.find((s) => s.id === row.shopId);
    const at = index.get(row.day);
    if (!shop || at === undefined) continue;
    let entry = series.get(shop.id);
    if (!entry) {
      entry = {
        shopId: shop.id,
        shopName: shop.alias || shop.name,
        platform: shop.platform,
        currency: (shop.currency ?? null) as OrderTrendSeries['currency'],
        orders: days.map(() => 0),
        sales: days.map(() => 0),
      };
      series.set(shop.id, entry);
    }
    entry.orders[at] = (entry.orders[at] ?? 0) + row.orders;
    entry.sales[at] = (entry.sales[at] ?? 0) + row.sales;
  }
  return {
    timeZone: zone,
    from: from.toISOString(),
    to: to.toISOString(),
    days,
    series: [...series.values()],
  };
}
