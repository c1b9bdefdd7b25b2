import {
  ORDER_SUMMARY_KEYS,
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
import { dayIn, isSiteCode, SITE_TIME_ZONES } from '@shared/contracts/site-codes';
import { and, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import type { Database } from '../../db/client';
import { shops, sites, users } from '../../db/schema/index';
import { addDays, instantOf, parseDateTime } from '../../lib/zoned-time';

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
 * The counting queries. The product, order and purchase tables arrive with their features; each
 * count then becomes one grouped query here (status -> count(*)) over the rows given, and the
 * rest of this module stays as it is.
 */

/** Products of these shops by status. (`select status, count(*) from products where shop_id in … group by status`) */
async function countProducts(
  _db: Database,
  _shopIds: readonly string[],
  _paid: PaidRange,
): Promise<Partial<ProductStatusSummary>> {
  return {};
}

/** Orders of these shops by summary status (pending, processing, logistics), paid in the range. */
async function countOrders(
  _db: Database,
  _shopIds: readonly string[],
  _paid: PaidRange,
): Promise<Partial<OrderStatusSummary>> {
  return {};
}

/** Purchases of the actor's main account by status. */
async function countPurchases(
  _db: Database,
  _actor: Actor,
): Promise<Partial<PurchaseStatusSummary>> {
  return {};
}

/** Orders and sales of these shops per shop and day (days in `zone`) within [from, to). */
async function ordersPerShopDay(
  _db: Database,
  _shopIds: readonly string[],
  _range: { from: Date; to: Date; zone: string },
): Promise<{ shopId: string; day: string; orders: number; sales: number }[]> {
  return [];
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
    scope.map((s) => s.id),
    await paidRange(db, actor, query),
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
