import type { Currency } from '@shared/contracts/money';
import {
  type CreateOrder,
  ORDER_COUNT_LIMIT,
  ORDER_TABS,
  type OrderDetail,
  type OrderFilters,
  type OrderItem,
  type OrderListQuery,
  type OrderPage,
  type OrderStatistics,
  type OrderStatus,
  type OrderTab,
  type OrderType,
  type PaymentStatus,
  type PlatformOrder,
  statusesOfTab,
  statusKey,
} from '@shared/contracts/orders';
import { decodeCursor } from '@shared/contracts/paging';
import { progressOf, type ServiceOrder } from '@shared/contracts/service-orders';
import type { Platform } from '@shared/contracts/shops';
import { dayIn, isSiteCode, SITE_TIME_ZONES, type SiteCode } from '@shared/contracts/site-codes';
import { and, count, desc, eq, gte, ilike, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import type { Database } from '../../db/client';
import {
  orderReturns,
  platformOrders,
  serviceOrders,
  shops,
  sites,
  users,
} from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { keyset } from '../../lib/keyset';
import { addDays, instantOf, parseDateTime } from '../../lib/zoned-time';
import { InputIssues } from './input-issues';
import { stockOfSkus } from './order-sources';

type OrderRow = typeof platformOrders.$inferSelect;
type ServiceRow = typeof serviceOrders.$inferSelect;

/** The list's default range: the last 14 days from 00:00:00 (spec section 9). */
const DEFAULT_DAYS = 14;

/** The orders an actor sees: its main account's, and a sub-account only those of its shops. */
function orderScope(actor: Pick<Actor, 'ownerId' | 'shopIds'>): SQL | undefined {
  const owned = eq(platformOrders.ownerId, actor.ownerId);
  if (actor.shopIds === null) return owned;
  if (actor.shopIds.length === 0) return sql`false`;
  return and(owned, inArray(platformOrders.shopId, actor.shopIds));
}

/** A synced order's type follows its shop: a local shop's orders are local, the rest cross-border. */
const orderTypeExpr = sql<OrderType>`coalesce(${platformOrders.orderType}, case when ${shops.shopType} = 'local' then 'local' else 'crossBorder' end)`;

export interface OrderRange {
  zone: string;
  from: Date;
  to: Date;
  firstDay: string;
  lastDay: string;
}

/**
 * The creation range a query names (YYYY-MM-DD HH:mm:ss in the reader's zone, the end second
 * included), by default the last 14 days from 00:00:00 to the end of today; the zone is the one
 * sent, else the reader's site's.
 */
async function orderRange(
  db: Database,
  clock: Clock,
  actor: Pick<Actor, 'userId'>,
  filters: Pick<OrderFilters, 'beginTime' | 'endTime' | 'timeZone'>,
): Promise<OrderRange> {
  const bounds = await orderBounds(db, clock, actor, filters);
  return {
    ...bounds,
    firstDay: dayIn(bounds.zone, bounds.from),
    lastDay: dayIn(bounds.zone, new Date(bounds.to.getTime() - 1)),
  };
}

/**
 * The default range of a zone (the last 14 days from 00:00:00 to the end of today), kept for the
 * day it holds: worked out with Intl (a formatter made by `dayIn`, two offsets) it was most of a
 * list request's processor time.
 */
const defaultRanges = new Map<string, { dayFrom: number; from: Date; to: Date }>();

function defaultBounds(zone: string, now: Date): { from: Date; to: Date } {
  const kept = defaultRanges.get(zone);
  if (kept && kept.dayFrom <= now.getTime() && now.getTime() < kept.to.getTime()) return kept;
  const today = dayIn(zone, now);
  const range = {
    dayFrom: instantOf(zone, today).getTime(),
    from: instantOf(zone, addDays(today, 1 - DEFAULT_DAYS)),
    to: instantOf(zone, addDays(today, 1)),
  };
  defaultRanges.set(zone, range);
  return range;
}

/**
 * The instants of the wall-clock times lists ask for, by zone and text: a reader paging on or
 * polling asks with the same range again and again. Bounded: emptied when full.
 */
const wallTimes = new Map<string, Date>();
const WALL_TIMES_KEPT = 1000;

function wallTime(zone: string, value: string): Date {
  const key = `${zone} ${value}`;
  let instant = wallTimes.get(key);
  if (!instant) {
    instant = parseDateTime(zone, value);
    if (wallTimes.size >= WALL_TIMES_KEPT) wallTimes.clear();
    wallTimes.set(key, instant);
  }
  return instant;
}

/** The range's zone and instants alone (what the list and the counts need: no calendar days). */
async function orderBounds(
  db: Database,
  clock: Clock,
  actor: Pick<Actor, 'userId'>,
  filters: Pick<OrderFilters, 'beginTime' | 'endTime' | 'timeZone'>,
): Promise<Pick<OrderRange, 'zone' | 'from' | 'to'>> {
  let zone = filters.timeZone;
  if (!zone) {
    const [reader] = await db
      .select({ site: users.site })
      .from(users)
      .where(eq(users.id, actor.userId))
      .limit(1);
    zone = reader && isSiteCode(reader.site) ? SITE_TIME_ZONES[reader.site] : 'UTC';
  }
  const from = filters.beginTime
    ? wallTime(zone, filters.beginTime)
    : defaultBounds(zone, clock.now()).from;
  const to = filters.endTime
    ? new Date(wallTime(zone, filters.endTime).getTime() + 1000)
    : defaultBounds(zone, clock.now()).to;
  if (from.getTime() >= to.getTime()) throw new InputIssues([{ field: 'endTime', key: 'invalid' }]);
  return { zone, from, to };
}

/** The conditions of the list's filters (not the tab). */
function filterConditions(
  actor: Actor,
  filters: OrderFilters,
  range: Pick<OrderRange, 'from' | 'to'>,
): SQL[] {
  const conditions: (SQL | undefined)[] = [
    orderScope(actor),
    gte(platformOrders.platformCreatedAt, range.from),
    lt(platformOrders.platformCreatedAt, range.to),
    filters.shopId ? eq(platformOrders.shopId, filters.shopId) : undefined,
    filters.platform ? eq(platformOrders.platform, filters.platform) : undefined,
    filters.site ? eq(shops.site, filters.site) : undefined,
    filters.orderType ? sql`${orderTypeExpr} = ${filters.orderType}` : undefined,
    filters.orderNo
      ? ilike(platformOrders.externalId, `%${filters.orderNo.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      : undefined,
  ];
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

function tabCondition(tab: OrderTab): SQL | undefined {
  if (tab === 'all') return undefined;
  return inArray(platformOrders.orderStatus, [...statusesOfTab(tab)]);
}

/** Whether the buyer paid, from the platform's status: unpaid while it says so. */
function paymentStatusOf(row: Pick<OrderRow, 'status' | 'source'>): PaymentStatus {
  if (row.source === 'manual') return 'paid';
  return row.status.split(',').some((part) => statusKey(part) === 'unpaid') ? 'unpaid' : 'paid';
}

interface StoredItem {
  externalId: string;
  productExternalId: string | null;
  skuExternalId: string | null;
  sellerSku: string | null;
  name: string;
  variation: string | null;
  image: string | null;
  quantity: number;
  unitPriceMinor: number;
}

export function itemsOf(row: Pick<OrderRow, 'items'>): OrderItem[] {
  return (row.items as StoredItem[]).map((item) => ({
    id: item.externalId,
    name: item.name,
    image: item.image,
    attributes: item.variation,
    sku: item.sellerSku,
    productId: item.productExternalId,
    skuId: item.skuExternalId,
    quantity: item.quantity,
    unitPrice: item.unitPriceMinor,
  }));
}

const orderColumns = {
  order: platformOrders,
  shopName: sql<string>`coalesce(nullif(${shops.alias}, ''), ${shops.name})`,
  site: shops.site,
  orderType: orderTypeExpr,
};

type ListedRow = { order: OrderRow; shopName: string; site: string; orderType: OrderType };

/** The order's columns a list shows (not the platform's raw payload). */
type ShownOrder = Pick<
  OrderRow,
  | 'id'
  | 'externalId'
  | 'source'
  | 'platform'
  | 'status'
  | 'orderStatus'
  | 'shopId'
  | 'platformCreatedAt'
  | 'platformUpdatedAt'
  | 'paymentMethod'
  | 'currency'
  | 'totalMinor'
  | 'receiver'
  | 'buyerName'
  | 'items'
>;

/** What the list shows of an order's service. */
type ShownService = Pick<ServiceRow, 'serviceNo' | 'type' | 'status' | 'steps'>;

export function toPlatformOrder(
  row: Omit<ListedRow, 'order'> & { order: ShownOrder },
  service: ShownService | null | undefined,
): PlatformOrder {
  const { order } = row;
  return {
    id: order.id,
    orderNo: order.externalId,
    source: order.source,
    platform: order.platform,
    platformStatus: order.status,
    status: (order.orderStatus ?? 'unknown') as OrderStatus,
    orderType: row.orderType,
    site: row.site as SiteCode,
    shopId: order.shopId,
    shopName: row.shopName,
    createdAt: order.platformCreatedAt.toISOString(),
    updatedAt: order.platformUpdatedAt.toISOString(),
    paymentStatus: paymentStatusOf(order),
    paymentMethod: order.paymentMethod,
    currency: order.currency as Currency,
    total: order.totalMinor,
    service: service
      ? {
          serviceNo: service.serviceNo,
          type: service.type,
          status: service.status,
          progress: progressOf(service.steps),
        }
      : null,
    receiver: order.receiver?.name ?? order.buyerName,
    phone: order.receiver?.phone ?? null,
    address: order.receiver?.address ?? null,
    items: itemsOf(order),
  };
}

export function toServiceOrder(row: ServiceRow): ServiceOrder {
  return {
    id: row.id,
    serviceNo: row.serviceNo,
    type: row.type,
    status: row.status,
    currency: row.currency as Currency,
    estimate: row.estimateMinor,
    fees: row.fees,
    discount: row.discountMinor,
    frozen: row.frozenMinor,
    couponId: row.couponId,
    actual: row.actualMinor,
    orderId: row.orderId,
    platformOrderNo: row.platformOrderNo,
    shopId: row.shopId,
    items: row.items,
    steps: row.steps,
    progress: progressOf(row.steps),
    remark: row.remark,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The service each order is under: its newest service order that is not cancelled, else its newest. */
async function servicesOf(db: Database, orderIds: string[]): Promise<Map<string, ServiceRow>> {
  const found = new Map<string, ServiceRow>();
  if (orderIds.length === 0) return found;
  const rows = await db
    .select()
    .from(serviceOrders)
    .where(inArray(serviceOrders.orderId, orderIds))
    .orderBy(desc(serviceOrders.createdAt), desc(serviceOrders.id));
  for (const row of rows) {
    if (!row.orderId) continue;
    const kept = found.get(row.orderId);
    if (!kept || (kept.status === 'cancelled' && row.status !== 'cancelled'))
      found.set(row.orderId, row);
  }
  return found;
}

const listKeys = [
  { column: platformOrders.platformCreatedAt, order: 'desc' },
  { column: platformOrders.id, order: 'desc' },
] as const;

/** The list's columns: what a row shows, its service (one row each), and its keyset position. */
const listColumns = {
  order: {
    id: platformOrders.id,
    externalId: platformOrders.externalId,
    source: platformOrders.source,
    platform: platformOrders.platform,
    status: platformOrders.status,
    orderStatus: platformOrders.orderStatus,
    shopId: platformOrders.shopId,
    platformCreatedAt: platformOrders.platformCreatedAt,
    platformUpdatedAt: platformOrders.platformUpdatedAt,
    paymentMethod: platformOrders.paymentMethod,
    currency: platformOrders.currency,
    totalMinor: platformOrders.totalMinor,
    receiver: platformOrders.receiver,
    buyerName: platformOrders.buyerName,
    items: platformOrders.items,
  },
  shopName: orderColumns.shopName,
  site: orderColumns.site,
  orderType: orderColumns.orderType,
  // The service the order is under (as servicesOf chooses it), read beside the row.
  service: sql<ShownService | null>`(
    select json_build_object('serviceNo', ${serviceOrders.serviceNo}, 'type', ${serviceOrders.type},
      'status', ${serviceOrders.status}, 'steps', ${serviceOrders.steps})
    from ${serviceOrders} where ${serviceOrders.orderId} = ${platformOrders.id}
    order by ${serviceOrders.status} = 'cancelled', ${serviceOrders.createdAt} desc, ${serviceOrders.id} desc
    limit 1)`,
};

/**
 * Which statement a list query takes: its tab, the filters it has (not their values) and whether
 * it reads after a cursor. Each shape is prepared once per database (and by PostgreSQL once per
 * connection): a request only binds its values.
 */
interface ListShape {
  tab: OrderTab;
  scoped: boolean;
  shopId: boolean;
  platform: boolean;
  site: boolean;
  orderType: boolean;
  orderNo: boolean;
  after: boolean;
}

const placeholder = sql.placeholder;
const createdAt = platformOrders.platformCreatedAt;

function prepareList(db: Database, shape: ListShape, name: string) {
  const at = sql`${placeholder('afterAt')}::timestamptz`;
  const conditions = [
    eq(platformOrders.ownerId, placeholder('ownerId')),
    shape.scoped
      ? sql`${platformOrders.shopId} = any(${placeholder('shopIds')}::uuid[])`
      : undefined,
    sql`${createdAt} >= ${placeholder('from')}::timestamptz`,
    sql`${createdAt} < ${placeholder('to')}::timestamptz`,
    shape.shopId ? sql`${platformOrders.shopId} = ${placeholder('shopId')}::uuid` : undefined,
    shape.platform ? sql`${platformOrders.platform} = ${placeholder('platform')}` : undefined,
    shape.site ? sql`${shops.site} = ${placeholder('site')}` : undefined,
    shape.orderType ? sql`${orderTypeExpr} = ${placeholder('orderType')}` : undefined,
    shape.orderNo ? sql`${platformOrders.externalId} ilike ${placeholder('orderNo')}` : undefined,
    // The tab's statuses are written into the statement: the planner sees them as constants.
    tabCondition(shape.tab),
    // Past the cursor's position (as lib/keyset writes it): the first key's bound on its own too.
    shape.after
      ? sql`(${createdAt} <= ${at} and (${createdAt} < ${at} or (${createdAt} = ${at} and ${platformOrders.id} < ${placeholder('afterId')}::uuid)))`
      : undefined,
  ];
  const keys = keyset(listKeys, { limit: 0 });
  return db
    .select({ ...listColumns, cursorKey: keys.key })
    .from(platformOrders)
    .innerJoin(shops, eq(shops.id, platformOrders.shopId))
    .where(and(...conditions))
    .orderBy(...keys.orderBy)
    .limit(placeholder('limit'))
    .prepare(name);
}

type PreparedList = ReturnType<typeof prepareList>;
const preparedLists = new WeakMap<Database, Map<string, PreparedList>>();

function listStatement(db: Database, shape: ListShape): PreparedList {
  let statements = preparedLists.get(db);
  if (!statements) {
    statements = new Map();
    preparedLists.set(db, statements);
  }
  const flags = [
    shape.scoped,
    shape.shopId,
    shape.platform,
    shape.site,
    shape.orderType,
    shape.orderNo,
    shape.after,
  ];
  const name = `orders_list_${shape.tab}_${flags.map(Number).join('')}`;
  let statement = statements.get(name);
  if (!statement) {
    statement = prepareList(db, shape, name);
    statements.set(name, statement);
  }
  return statement;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One tab of orders, newest first, by keyset: the rows after the cursor's position read from the
 * index at that position, so a page deep in the list costs what the first one does. The page
 * carries no count (counting the whole filtered total on every page grew with the table); the
 * tabs' counts come from orderStatistics. The first page and the pages after a cursor run a
 * statement prepared for the query's shape, each row with its service in the same statement; a
 * page before a cursor (no list of the console asks for one) is built for the request.
 */
export async function listOrders(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Actor,
  query: OrderListQuery,
): Promise<OrderPage> {
  const { db } = deps;
  const range = await orderBounds(db, deps.clock, actor, query);
  // Validates the cursor (another list's, or tampered with, is refused) and finishes the page.
  const keys = keyset(listKeys, query);
  const position = query.cursor ? decodeCursor(query.cursor) : null;
  if (actor.shopIds !== null && actor.shopIds.length === 0)
    return { records: [], nextCursor: null };
  if (position?.direction === 'p') return listBuilt(db, actor, query, range, keys);
  const statement = listStatement(db, {
    tab: query.tab,
    scoped: actor.shopIds !== null,
    shopId: Boolean(query.shopId),
    platform: Boolean(query.platform),
    site: Boolean(query.site),
    orderType: Boolean(query.orderType),
    orderNo: Boolean(query.orderNo),
    after: position !== null,
  });
  const rows = await statement.execute({
    ownerId: actor.ownerId,
    shopIds: actor.shopIds,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    shopId: query.shopId,
    platform: query.platform,
    site: query.site,
    orderType: query.orderType,
    orderNo: query.orderNo ? `%${escapeLike(query.orderNo)}%` : undefined,
    afterAt: position?.key[0],
    afterId: position?.key[1],
    limit: keys.limit,
  });
  const page = keys.finish(rows);
  return {
    records: page.rows.map((row) => toPlatformOrder(row, row.service)),
    nextCursor: page.next,
  };
}

/** A page built for its request (before a cursor), its services read after it. */
async function listBuilt(
  db: Database,
  actor: Actor,
  query: OrderListQuery,
  range: Pick<OrderRange, 'from' | 'to'>,
  keys: ReturnType<typeof keyset>,
): Promise<OrderPage> {
  const where = and(...filterConditions(actor, query, range), tabCondition(query.tab));
  const rows = await db
    .select({ ...orderColumns, cursorKey: keys.key })
    .from(platformOrders)
    .innerJoin(shops, eq(shops.id, platformOrders.shopId))
    .where(and(where, keys.where))
    .orderBy(...keys.orderBy)
    .limit(keys.limit);
  const page = keys.finish(rows);
  const services = await servicesOf(
    db,
    page.rows.map((row) => row.order.id),
  );
  return {
    records: page.rows.map((row) => toPlatformOrder(row, services.get(row.order.id))),
    nextCursor: page.next,
  };
}

/**
 * Each tab's count with the list's filters, exact up to ORDER_COUNT_LIMIT: every tab's orders are
 * read from the (owner, status, creation time) index and the reading stops one past the limit, so
 * the call costs at most that many index entries a tab however many orders there are. A tab that
 * holds more is named in `more` and counted as the limit. The tabs part every order between them,
 * so `all` is their sum, past the limit as soon as one of them is.
 */
export async function orderStatistics(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Actor,
  filters: OrderFilters,
  limit = ORDER_COUNT_LIMIT,
): Promise<OrderStatistics> {
  const { db } = deps;
  const range = await orderBounds(db, deps.clock, actor, filters);
  const conditions = filterConditions(actor, filters, range);
  // The shop's columns only where a filter asks for them (its site, or the type a shop gives).
  const joinShops = filters.site !== undefined || filters.orderType !== undefined;
  const tabs = ORDER_TABS.filter((tab) => tab !== 'all');
  const counted = tabs.map((tab) => {
    const from = db.select({ one: sql`1` }).from(platformOrders);
    const rows = (joinShops ? from.innerJoin(shops, eq(shops.id, platformOrders.shopId)) : from)
      .where(and(...conditions, tabCondition(tab)))
      .limit(limit + 1);
    return sql`select ${tab}::text as tab, count(*)::int as count from (${rows}) as counted`;
  });
  const result = (await db.execute(sql.join(counted, sql` union all `))) as unknown as {
    rows: { tab: OrderTab; count: number }[];
  };
  const counts = Object.fromEntries(ORDER_TABS.map((tab) => [tab, 0])) as Record<OrderTab, number>;
  const more: OrderTab[] = [];
  for (const row of result.rows) {
    const count = Number(row.count);
    if (count > limit) more.push(row.tab);
    counts[row.tab] = Math.min(count, limit);
    counts.all += counts[row.tab];
  }
  if (more.length > 0 || counts.all > limit) {
    more.unshift('all');
    counts.all = limit;
  }
  return { ...counts, more };
}

/** An order the actor sees, with its shop's name, site and the order's type; RECORD_NOT_FOUND otherwise. */
export async function findOrder(
  db: Database,
  actor: Pick<Actor, 'ownerId' | 'shopIds'>,
  orderId: string,
  options: { lock?: boolean } = {},
): Promise<ListedRow> {
  const query = db
    .select(orderColumns)
    .from(platformOrders)
    .innerJoin(shops, eq(shops.id, platformOrders.shopId))
    .where(and(eq(platformOrders.id, orderId), orderScope(actor)))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: platformOrders }) : await query;
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return row;
}

/** Pieces of each item still returnable: ordered, less what returns not cancelled hold. */
export async function returnableOf(
  db: Database,
  order: Pick<OrderRow, 'id' | 'items'>,
): Promise<Record<string, number>> {
  const returns = await db
    .select({ items: orderReturns.items })
    .from(orderReturns)
    .where(and(eq(orderReturns.orderId, order.id), ne(orderReturns.status, 'cancelled')));
  const left: Record<string, number> = {};
  for (const item of itemsOf(order)) left[item.id] = (left[item.id] ?? 0) + item.quantity;
  for (const row of returns)
    for (const item of row.items)
      left[item.orderItemId] = (left[item.orderItemId] ?? 0) - item.quantity;
  for (const key of Object.keys(left)) left[key] = Math.max(left[key] ?? 0, 0);
  return left;
}

/** An order with its service orders, its returnable pieces and what happened to it. */
export async function orderDetail(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  input: { orderId: string; manual?: boolean },
): Promise<OrderDetail> {
  const { db } = deps;
  const row = await findOrder(db, actor, input.orderId);
  if (input.manual && row.order.source !== 'manual') throw new AppError('RECORD_NOT_FOUND');
  return detailOf(db, row);
}

async function detailOf(db: Database, row: ListedRow): Promise<OrderDetail> {
  const services = await db
    .select()
    .from(serviceOrders)
    .where(eq(serviceOrders.orderId, row.order.id))
    .orderBy(desc(serviceOrders.createdAt), desc(serviceOrders.id));
  const returns = await db
    .select({
      returnNo: orderReturns.returnNo,
      createdAt: orderReturns.createdAt,
      status: orderReturns.status,
    })
    .from(orderReturns)
    .where(eq(orderReturns.orderId, row.order.id));
  const { order } = row;
  const history: OrderDetail['history'] = [
    {
      at: order.platformCreatedAt.toISOString(),
      kind: order.source === 'manual' ? ('manual' as const) : ('created' as const),
      detail: null,
    },
    ...(order.source === 'platform'
      ? [
          {
            at: order.platformUpdatedAt.toISOString(),
            kind: 'platformStatus' as const,
            detail: order.status,
          },
          { at: order.syncedAt.toISOString(), kind: 'synced' as const, detail: null },
        ]
      : []),
    ...services.map((service) => ({
      at: service.createdAt.toISOString(),
      kind: 'service' as const,
      detail: service.serviceNo,
    })),
    ...returns.map((entry) => ({
      at: entry.createdAt.toISOString(),
      kind: 'return' as const,
      detail: entry.returnNo,
    })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  const kept = services.find((service) => service.status !== 'cancelled') ?? services[0];
  return {
    order: toPlatformOrder(row, kept),
    serviceOrders: services.map(toServiceOrder),
    history,
    cancelledOnPlatform: order.source === 'platform' && order.orderStatus === 'cancel',
    returnable: await returnableOf(db, order),
  };
}

/** The status a manual order starts in on each platform: paid and waiting for the seller. */
const MANUAL_START_STATUS: Record<Platform, string> = {
  lazada: 'pending',
  shopee: 'READY_TO_SHIP',
  tiktok: 'AWAITING_SHIPMENT',
};

/**
 * A manual order (spec section 5): in a shop the actor sees, on that shop's platform and site,
 * with a number not yet taken in the shop; a local order only with items in stock. It is paid and
 * waiting to be processed.
 */
export async function createManualOrder(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Actor,
  input: CreateOrder,
): Promise<OrderDetail> {
  const { db, clock } = deps;
  const [shop] = await db
    .select()
    .from(shops)
    .where(
      and(
        eq(shops.id, input.shopId),
        eq(shops.ownerId, actor.ownerId),
        actor.shopIds === null
          ? undefined
          : actor.shopIds.length
            ? inArray(shops.id, actor.shopIds)
            : sql`false`,
      ),
    )
    .limit(1);
  if (!shop) throw new AppError('RECORD_NOT_FOUND');
  const issues: { field: string; key: 'invalidOption' }[] = [];
  if (shop.platform !== input.platform) issues.push({ field: 'platform', key: 'invalidOption' });
  if (shop.site !== input.site) issues.push({ field: 'site', key: 'invalidOption' });
  if (input.orderType === 'local' && shop.shopType !== 'local')
    issues.push({ field: 'orderType', key: 'invalidOption' });
  if (issues.length) throw new InputIssues(issues);
  if (input.orderType === 'local') {
    const stock = await stockOfSkus(
      db,
      shop.id,
      input.items.map((item) => item.sku),
    );
    const wanted = new Map<string, number>();
    for (const item of input.items)
      wanted.set(item.sku, (wanted.get(item.sku) ?? 0) + item.quantity);
    const short = input.items.flatMap((item, index) =>
      (stock.get(item.sku) ?? 0) < (wanted.get(item.sku) ?? 0) ? [`items.${index}.sku`] : [],
    );
    if (short.length)
      throw new AppError('ORDER_ITEM_OUT_OF_STOCK', {
        params: { fields: short.join(', ') },
        datas: { fields: short },
      });
  }
  const [site] = await db
    .select({ currency: sites.currency })
    .from(sites)
    .where(eq(sites.code, shop.site));
  const now = clock.now();
  const inserted = await db
    .insert(platformOrders)
    .values({
      shopId: shop.id,
      ownerId: shop.ownerId,
      platform: shop.platform,
      externalId: input.orderNo,
      status: MANUAL_START_STATUS[shop.platform],
      currency: site?.currency ?? 'CNY',
      totalMinor: input.items.reduce((sum, item) => sum + item.price * item.quantity, 0),
      buyerName: input.receiver,
      receiver: { name: input.receiver, phone: input.phone, address: input.address },
      paymentMethod: null,
      items: input.items.map((item, index) => ({
        externalId: `M${index + 1}`,
        productExternalId: null,
        skuExternalId: null,
        sellerSku: item.sku,
        name: item.name,
        variation: null,
        image: null,
        quantity: item.quantity,
        unitPriceMinor: item.price,
      })),
      platformCreatedAt: now,
      platformUpdatedAt: now,
      raw: null,
      syncedAt: now,
      source: 'manual',
      orderType: input.orderType,
    })
    .onConflictDoNothing()
    .returning({ id: platformOrders.id });
  const created = inserted[0];
  if (!created) throw new AppError('ORDER_NUMBER_TAKEN', { datas: { fields: ['orderNo'] } });
  return detailOf(db, await findOrder(db, actor, created.id));
}

/** Rows of an export: the tab with the filters, newest first, at most `limit`. */
export async function ordersForExport(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Actor,
  query: OrderFilters & { tab: OrderTab },
  limit: number,
): Promise<{ records: PlatformOrder[]; total: number; range: OrderRange }> {
  const { db } = deps;
  const range = await orderRange(db, deps.clock, actor, query);
  const where = and(...filterConditions(actor, query, range), tabCondition(query.tab));
  const rows = await db
    .select(orderColumns)
    .from(platformOrders)
    .innerJoin(shops, eq(shops.id, platformOrders.shopId))
    .where(where)
    .orderBy(desc(platformOrders.platformCreatedAt), desc(platformOrders.id))
    .limit(limit);
  const [total] = await db
    .select({ total: count() })
    .from(platformOrders)
    .innerJoin(shops, eq(shops.id, platformOrders.shopId))
    .where(where);
  const services = await servicesOf(
    db,
    rows.map((row) => row.order.id),
  );
  return {
    records: rows.map((row) => toPlatformOrder(row, services.get(row.order.id))),
    total: total?.total ?? 0,
    range,
  };
}
