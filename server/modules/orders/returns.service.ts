import type {
  CreateReturn,
  Return,
  ReturnListQuery,
  ReturnOutcome,
  ReturnPage,
  ReturnStatus,
} from '@shared/contracts/returns';
import { RETURN_STATUSES } from '@shared/contracts/returns';
import type { Platform } from '@shared/contracts/shops';
import { and, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import type { Database } from '../../db/client';
import { orderReturns, platformOrders, shops } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { keyset } from '../../lib/keyset';
import { chargeReturnFee } from '../services/services.service';
import { InputIssues } from './input-issues';
import { findOrder, itemsOf, returnableOf } from './orders.service';
import { documentNo } from './processing.service';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type ReturnRow = typeof orderReturns.$inferSelect;

/** The warehouse's staff sign for returns of every seller (decisions.md: an operator role). */
function isWarehouse(actor: Pick<Actor, 'roles'>): boolean {
  return actor.roles.includes('STOREKEEPER');
}

/** The returns an actor sees: the warehouse every seller's; a seller its own, a sub-account its shops'. */
function returnScope(actor: Actor): SQL | undefined {
  if (isWarehouse(actor)) return undefined;
  const owned = eq(orderReturns.ownerId, actor.ownerId);
  if (actor.shopIds === null) return owned;
  if (actor.shopIds.length === 0) return sql`false`;
  return and(owned, inArray(orderReturns.shopId, actor.shopIds));
}

const returnColumns = {
  entry: orderReturns,
  orderNo: platformOrders.externalId,
  platform: platformOrders.platform,
  items: platformOrders.items,
  shopName: sql<string>`coalesce(nullif(${shops.alias}, ''), ${shops.name})`,
};

type ListedReturn = {
  entry: ReturnRow;
  orderNo: string;
  platform: Platform;
  items: unknown[];
  shopName: string;
};

function toReturn(row: ListedReturn): Return {
  const { entry } = row;
  const ordered = new Map(itemsOf({ items: row.items }).map((item) => [item.id, item]));
  return {
    id: entry.id,
    returnNo: entry.returnNo,
    status: entry.status,
    outcome: entry.outcome,
    orderId: entry.orderId,
    orderNo: row.orderNo,
    platform: row.platform,
    shopId: entry.shopId,
    shopName: row.shopName,
    express: entry.express,
    trackingNo: entry.trackingNo,
    items: entry.items.map((item) => {
      const source = ordered.get(item.orderItemId);
      return {
        orderItemId: item.orderItemId,
        sku: source?.sku ?? source?.name ?? item.orderItemId,
        name: source?.name ?? item.orderItemId,
        image: source?.image ?? null,
        quantity: item.quantity,
        remark: item.remark,
      };
    }),
    createdAt: entry.createdAt.toISOString(),
    signedAt: entry.signedAt?.toISOString() ?? null,
    completedAt: entry.completedAt?.toISOString() ?? null,
    cancelledAt: entry.cancelledAt?.toISOString() ?? null,
  };
}

function joined(db: Database) {
  return db
    .select(returnColumns)
    .from(orderReturns)
    .innerJoin(platformOrders, eq(platformOrders.id, orderReturns.orderId))
    .innerJoin(shops, eq(shops.id, orderReturns.shopId));
}

/** One tab of returns, newest first, by keyset, with every tab's count. */
export async function listReturns(
  deps: Deps,
  actor: Actor,
  query: ReturnListQuery,
): Promise<ReturnPage> {
  const { db } = deps;
  const keyword = query.keyword
    ? `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    : undefined;
  const filters = and(
    returnScope(actor),
    query.shopId ? eq(orderReturns.shopId, query.shopId) : undefined,
    keyword
      ? or(
          ilike(orderReturns.returnNo, keyword),
          ilike(orderReturns.trackingNo, keyword),
          ilike(platformOrders.externalId, keyword),
        )
      : undefined,
  );
  const keys = keyset(
    [
      { column: orderReturns.createdAt, order: 'desc' },
      { column: orderReturns.id, order: 'desc' },
    ],
    query,
  );
  const rows = await db
    .select({ ...returnColumns, cursorKey: keys.key })
    .from(orderReturns)
    .innerJoin(platformOrders, eq(platformOrders.id, orderReturns.orderId))
    .innerJoin(shops, eq(shops.id, orderReturns.shopId))
    .where(and(filters, eq(orderReturns.status, query.status), keys.where))
    .orderBy(...keys.orderBy)
    .limit(keys.limit);
  const page = keys.finish(rows);
  const counted = await db
    .select({ status: orderReturns.status, count: count() })
    .from(orderReturns)
    .innerJoin(platformOrders, eq(platformOrders.id, orderReturns.orderId))
    .where(filters)
    .groupBy(orderReturns.status);
  const counts = Object.fromEntries(RETURN_STATUSES.map((status) => [status, 0])) as Record<
    ReturnStatus,
    number
  >;
  for (const row of counted) counts[row.status] = row.count;
  return { records: page.rows.map(toReturn), nextCursor: page.next, counts };
}

async function returnById(
  db: Database,
  actor: Actor,
  returnId: string,
  lock = false,
): Promise<ListedReturn> {
  const query = joined(db)
    .where(and(eq(orderReturns.id, returnId), returnScope(actor)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: orderReturns }) : await query;
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return row;
}

/**
 * Registers a return of an order (spec section 5, return sign): its logistics company and
 * shipment number, and at least one item, each at most what is still returnable of it (the
 * order's row is locked, so two registrations never return the same piece twice).
 */
export async function createReturn(deps: Deps, actor: Actor, input: CreateReturn): Promise<Return> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const row = await findOrder(txDb, actor, input.orderId, { lock: true });
    const left = await returnableOf(txDb, row.order);
    const asked = new Map<string, number>();
    const issues: ConstructorParameters<typeof InputIssues>[0][number][] = [];
    input.items.forEach((item, index) => {
      if (!(item.orderItemId in left)) {
        issues.push({ field: `items.${index}.orderItemId`, key: 'invalidOption' });
        return;
      }
      const total = (asked.get(item.orderItemId) ?? 0) + item.quantity;
      asked.set(item.orderItemId, total);
      const maximum = left[item.orderItemId] ?? 0;
      if (total > maximum)
        issues.push({ field: `items.${index}.quantity`, key: 'tooBig', params: { maximum } });
    });
    if (issues.length) throw new InputIssues(issues);
    const now = clock.now();
    const [created] = await tx
      .insert(orderReturns)
      .values({
        returnNo: documentNo('RT', now),
        ownerId: row.order.ownerId,
        shopId: row.order.shopId,
        orderId: row.order.id,
        express: input.express,
        trackingNo: input.trackingNo,
        items: input.items.map((item) => ({
          orderItemId: item.orderItemId,
          quantity: item.quantity,
          remark: item.remark || null,
        })),
        status: 'toSign',
        createdBy: actor.userId,
        createdAt: now,
      })
      .returning({ id: orderReturns.id });
    if (!created) throw new Error('return not written');
    return toReturn(await returnById(txDb, actor, created.id));
  });
}

/** Moves a return from one state to the next, once: a repeat answers it as it is; another state is refused. */
async function move(
  deps: Deps,
  actor: Actor,
  returnId: string,
  from: ReturnStatus,
  to: ReturnStatus,
  set: (now: Date) => Partial<ReturnRow>,
): Promise<Return> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Database;
    const row = await returnById(txDb, actor, returnId, true);
    if (row.entry.status === to) return toReturn(row);
    if (row.entry.status !== from)
      throw new AppError('RETURN_STATE_CHANGED', { datas: { status: row.entry.status } });
    await tx
      .update(orderReturns)
      .set({ status: to, ...set(clock.now()) })
      .where(eq(orderReturns.id, returnId));
    return toReturn(await returnById(txDb, actor, returnId));
  });
}

/** The warehouse signs for an arrived return: it waits for the seller. */
export function signReturn(deps: Deps, actor: Actor, returnId: string): Promise<Return> {
  if (!isWarehouse(actor)) throw new AppError('PERMISSION_DENIED');
  return move(deps, actor, returnId, 'toSign', 'pending', (now) => ({
    signedAt: now,
    signedBy: actor.userId,
  }));
}

/** The seller restocks or disposes of a signed return: completed, and charged the returns fee. */
export async function processReturn(
  deps: Deps,
  actor: Actor,
  input: { returnId: string; outcome: ReturnOutcome },
): Promise<Return> {
  if (isWarehouse(actor)) throw new AppError('PERMISSION_DENIED');
  const done = await move(deps, actor, input.returnId, 'pending', 'completed', (now) => ({
    outcome: input.outcome,
    completedAt: now,
  }));
  await chargeReturnFee(deps, null, { returnId: input.returnId, actorId: actor.userId });
  return done;
}

/** The seller withdraws a return the warehouse has not signed for. */
export function cancelReturn(deps: Deps, actor: Actor, returnId: string): Promise<Return> {
  if (isWarehouse(actor)) throw new AppError('PERMISSION_DENIED');
  return move(deps, actor, returnId, 'toSign', 'cancelled', (now) => ({ cancelledAt: now }));
}
