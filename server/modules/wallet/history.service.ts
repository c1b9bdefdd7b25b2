import type { Currency } from '@shared/contracts/money';
import { dayIn, isSiteCode, SITE_TIME_ZONES } from '@shared/contracts/site-codes';
import {
  type BalanceRecord,
  type BalanceRecordPage,
  type BalanceRecordQuery,
  EXPORT_ROW_LIMIT,
  type FreezeRecord,
  type FreezeRecordPage,
  type FreezeRecordQuery,
  type LedgerEntryKind,
} from '@shared/contracts/wallet';
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import type { Database } from '../../db/client';
import { sites, users, walletFreezes, wallets } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { type KeysetQuery, keyset } from '../../lib/keyset';
import { addDays, instantOf, parseDateTime } from '../../lib/zoned-time';
import type { LedgerTx } from './idempotency';

/**
 * The wallet history of spec section 7 (balance_record/list and its export, the freeze details
 * and exportFreeze): the journal as the seller reads it. Each list is of one wallet (one
 * currency, the account's site currency unless another is asked for), so the totals add up
 * amounts of one currency; the dates are days in the reader's time zone.
 */

/** The days of the spec's default range: the last 14 days from 00:00:00, today included. */
const DEFAULT_DAYS = 14;

/** What a list or an export reads: one wallet's currency, a time range and the zone it is in. */
export interface HistoryRange {
  currency: Currency;
  zone: string;
  /** Inclusive start, exclusive end. */
  from: Date;
  to: Date;
  /** The first and last calendar day of the range in `zone` (the export's file name). */
  firstDay: string;
  lastDay: string;
}

type RangeQuery = Pick<BalanceRecordQuery, 'currency' | 'beginTime' | 'endTime' | 'timeZone'>;

/**
 * The range a query names: its begin and end (YYYY-MM-DD HH:mm:ss in the reader's zone, the end
 * second included), by default the last 14 days from 00:00:00 up to the end of today. The zone is
 * the one sent, else the account's site zone; the currency the one sent, else the main account's
 * site currency.
 */
async function historyRange(
  db: Database,
  clock: Clock,
  actor: Pick<Actor, 'userId' | 'ownerId'>,
  query: RangeQuery,
): Promise<HistoryRange> {
  const [reader] = await db
    .select({ site: users.site })
    .from(users)
    .where(eq(users.id, actor.userId))
    .limit(1);
  const zone =
    query.timeZone ?? (reader && isSiteCode(reader.site) ? SITE_TIME_ZONES[reader.site] : 'UTC');
  let currency = query.currency;
  if (!currency) {
    const [owner] = await db
      .select({ currency: sites.currency })
      .from(users)
      .leftJoin(sites, eq(sites.code, users.site))
      .where(eq(users.id, actor.ownerId))
      .limit(1);
    currency = (owner?.currency ?? 'CNY') as Currency;
  }
  const today = dayIn(zone, clock.now());
  const from = query.beginTime
    ? parseDateTime(zone, query.beginTime)
    : instantOf(zone, addDays(today, 1 - DEFAULT_DAYS));
  const to = query.endTime
    ? new Date(parseDateTime(zone, query.endTime).getTime() + 1000)
    : instantOf(zone, addDays(today, 1));
  if (from.getTime() >= to.getTime())
    throw new AppError('VALIDATION_FAILED', { params: { fields: 'endTime' } });
  return {
    currency,
    zone,
    from,
    to,
    firstDay: dayIn(zone, from),
    lastDay: dayIn(zone, new Date(to.getTime() - 1)),
  };
}

async function rowsOf<T>(tx: LedgerTx, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const n = (value: unknown): number => Number(value ?? 0);
const iso = (value: unknown): string => new Date(value as string | Date).toISOString();

/** One journal entry with its changes and the wallet's figures after it, as the query reads it. */
interface EntryRow {
  id: string;
  sequence: unknown;
  kind: LedgerEntryKind;
  currency: Currency;
  amount: unknown;
  reference_type: string;
  reference_id: string;
  memo: string | null;
  created_at: unknown;
  d_available: unknown;
  d_frozen: unknown;
  available_after: unknown;
  frozen_after: unknown;
}

/**
 * The owner's entries in the range, with the wallet's figures after each. The figure after an
 * entry is the wallet now less every later entry's postings: the window runs only over entries
 * from the range's first one on, not over the whole journal (the cached figures equal the
 * journal's sums; the reconciliation holds them to it, and one statement reads both at once).
 */
function entriesInRange(ownerId: string, range: HistoryRange, billType?: LedgerEntryKind): SQL {
  return sql`
    with w as (
      select id, available, frozen from wallets
      where owner_id = ${ownerId} and currency = ${range.currency}
    ),
    first as (
      select min(e.sequence) as sequence from ledger_entries e
      where e.wallet_id = (select id from w)
        and e.created_at >= ${range.from.toISOString()}::timestamptz
        and e.created_at < ${range.to.toISOString()}::timestamptz
    ),
    tail as (
      select e.id, e.sequence, e.kind, e.currency, e.amount, e.reference_type, e.reference_id,
        e.memo, e.created_at,
        coalesce(sum(p.amount) filter (where p.bucket = 'available'), 0) as d_available,
        coalesce(sum(p.amount) filter (where p.bucket = 'frozen'), 0) as d_frozen
      from ledger_entries e
      join ledger_postings p on p.entry_id = e.id and p.wallet_id = e.wallet_id
      where e.wallet_id = (select id from w) and e.sequence >= (select sequence from first)
      group by e.id
    ),
    running as (
      select tail.*,
        (select available from w) - coalesce(sum(d_available) over later, 0) as available_after,
        (select frozen from w) - coalesce(sum(d_frozen) over later, 0) as frozen_after
      from tail
      window later as (order by sequence desc rows between unbounded preceding and 1 preceding)
    )
    select * from running
    where created_at >= ${range.from.toISOString()}::timestamptz
      and created_at < ${range.to.toISOString()}::timestamptz
      ${billType ? sql`and kind = ${billType}` : sql``}`;
}

function toBalanceRecord(row: EntryRow): BalanceRecord {
  const availableChange = n(row.d_available);
  const frozenChange = n(row.d_frozen);
  const availableAfter = n(row.available_after);
  const frozenAfter = n(row.frozen_after);
  return {
    id: row.id,
    sequence: n(row.sequence),
    billType: row.kind,
    currency: row.currency,
    change: availableChange + frozenChange,
    availableChange,
    amount: n(row.amount),
    balanceAfter: availableAfter + frozenAfter,
    availableAfter,
    frozenAfter,
    reference: { type: row.reference_type, id: row.reference_id },
    memo: row.memo,
    createdAt: iso(row.created_at),
  };
}

/** Reads a list's rows and its totals from one snapshot, so they agree with each other. */
function snapshot<T>(db: Database, body: (tx: LedgerTx) => Promise<T>): Promise<T> {
  return db.transaction(body, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

async function balanceRecords(
  db: Database,
  ownerId: string,
  range: HistoryRange,
  billType: LedgerEntryKind | undefined,
  position: KeysetQuery,
): Promise<BalanceRecordPage> {
  const page = keyset([{ column: sql`sequence`, type: 'bigint', order: 'desc' }], position);
  return snapshot(db, async (tx) => {
    const base = entriesInRange(ownerId, range, billType);
    // The count and totals ride along the page's rows (window sums over the whole filtered set,
    // taken before the limit): one pass over the journal instead of two.
    // With a cursor the sums are taken over the whole range before the position narrows it.
    const found = await rowsOf<
      EntryRow & { total: unknown; income: unknown; expense: unknown; cursorKey: string }
    >(
      tx,
      sql`select * from (
          select listed.*, ${page.key} as "cursorKey",
            count(*) over () as total,
            sum(greatest(d_available + d_frozen, 0)) over () as income,
            sum(greatest(-(d_available + d_frozen), 0)) over () as expense
          from (${base}) listed
        ) summed
        ${page.where ? sql`where ${page.where}` : sql``}
        order by ${sql.join(page.orderBy, sql`, `)} limit ${page.limit} offset ${page.offset}`,
    );
    const { rows, next, previous } = page.finish(found);
    let sums: { total: unknown; income: unknown; expense: unknown } | undefined = found[0];
    // A page past the end has no rows to carry them.
    if (!sums && (page.offset > 0 || position.cursor))
      [sums] = await rowsOf<{ total: unknown; income: unknown; expense: unknown }>(
        tx,
        sql`select count(*) as total,
            sum(greatest(d_available + d_frozen, 0)) as income,
            sum(greatest(-(d_available + d_frozen), 0)) as expense
          from (${base}) listed`,
      );
    return {
      records: rows.map(toBalanceRecord),
      total: n(sums?.total),
      totals: { income: n(sums?.income), expense: n(sums?.expense) },
      next,
      previous,
    };
  });
}

/**
 * GET /api-user/user/balance_record/list: the journal entries of the main account's wallet in one
 * currency, newest first, each with its change of balance and of available and the wallet's
 * figures right after it, filtered by bill type and dates; totals of money in and out over the
 * whole filtered range.
 */
export async function listBalanceRecords(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId' | 'ownerId'>,
  query: BalanceRecordQuery,
): Promise<BalanceRecordPage> {
  const { db, clock } = deps;
  const range = await historyRange(db, clock, actor, query);
  return balanceRecords(db, actor.ownerId, range, query.billType, query);
}

/** The rows of a balance export: the newest EXPORT_ROW_LIMIT of the filtered range, and how many there are. */
export async function balanceRecordsForExport(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId' | 'ownerId'>,
  query: Omit<BalanceRecordQuery, 'page' | 'limit'> & { maxRows?: number },
): Promise<BalanceRecordPage & { range: HistoryRange }> {
  const { db, clock } = deps;
  const limit = query.maxRows ?? EXPORT_ROW_LIMIT;
  const range = await historyRange(db, clock, actor, query);
  const page = await balanceRecords(db, actor.ownerId, range, query.billType, { limit });
  return { ...page, range };
}

type FreezeRow = typeof walletFreezes.$inferSelect & { currency: Currency };

function toFreezeRecord(row: FreezeRow): FreezeRecord {
  const deducted = row.state === 'settled' ? (row.deducted ?? 0) : null;
  const released =
    row.state === 'released'
      ? row.amount
      : row.state === 'settled'
        ? Math.max(row.amount - (deducted ?? 0), 0)
        : null;
  return {
    id: row.id,
    currency: row.currency,
    reference: { type: row.referenceType, id: row.referenceId },
    amount: row.amount,
    state: row.state,
    deducted,
    released,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

async function freezeRecords(
  db: Database,
  ownerId: string,
  range: HistoryRange,
  state: FreezeRecordQuery['state'],
  position: KeysetQuery,
): Promise<FreezeRecordPage> {
  const page = keyset(
    [
      { column: walletFreezes.createdAt, order: 'desc' },
      { column: walletFreezes.id, order: 'desc' },
    ],
    position,
  );
  return snapshot(db, async (tx) => {
    const inRange = and(
      eq(walletFreezes.ownerId, ownerId),
      eq(wallets.currency, range.currency),
      gte(walletFreezes.createdAt, range.from),
      lt(walletFreezes.createdAt, range.to),
    );
    const listed = and(inRange, state ? eq(walletFreezes.state, state) : undefined);
    const [sums] = await tx
      .select({
        total: sql<number>`(count(*) filter (where ${listed}))::int`,
        openTotal: sql<string>`coalesce(sum(${walletFreezes.amount}) filter (where ${walletFreezes.state} = 'open'), 0)`,
      })
      .from(walletFreezes)
      .innerJoin(wallets, eq(wallets.id, walletFreezes.walletId))
      .where(inRange);
    const found = await tx
      .select({ freeze: walletFreezes, currency: wallets.currency, cursorKey: page.key })
      .from(walletFreezes)
      .innerJoin(wallets, eq(wallets.id, walletFreezes.walletId))
      .where(and(listed, page.where))
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset);
    const { rows, next, previous } = page.finish(found);
    return {
      records: rows.map((row) => toFreezeRecord({ ...row.freeze, currency: row.currency })),
      total: n(sums?.total),
      openTotal: n(sums?.openTotal),
      next,
      previous,
    };
  });
}

/**
 * GET /api-user/user/freeze_record/list: the freezes of the main account's wallet in one
 * currency, newest first, filtered by state and dates, each with what was deducted and what went
 * back to available; `openTotal` is what the range's open freezes still hold.
 */
export async function listFreezeRecords(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId' | 'ownerId'>,
  query: FreezeRecordQuery,
): Promise<FreezeRecordPage> {
  const { db, clock } = deps;
  const range = await historyRange(db, clock, actor, query);
  return freezeRecords(db, actor.ownerId, range, query.state, query);
}

/** The rows of a freeze export: the newest EXPORT_ROW_LIMIT of the filtered range, and how many there are. */
export async function freezeRecordsForExport(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId' | 'ownerId'>,
  query: Omit<FreezeRecordQuery, 'page' | 'limit'> & { maxRows?: number },
): Promise<FreezeRecordPage & { range: HistoryRange }> {
  const { db, clock } = deps;
  const limit = query.maxRows ?? EXPORT_ROW_LIMIT;
  const range = await historyRange(db, clock, actor, query);
  const page = await freezeRecords(db, actor.ownerId, range, query.state, { limit });
  return { ...page, range };
}
