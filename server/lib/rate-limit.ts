import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema/index';
import type { Clock } from './clock';

/** At most `max` counted events under `key` in any `windowMs`. */
export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/** What offering one event to a limit did. */
export interface Taken {
  /** Whether it was counted: fewer than `max` were in the window before it. */
  counted: boolean;
  /** The events in the window now (this one included when counted). */
  count: number;
  /** When it was not counted: how long until the window has room again. */
  retryAfterMs: number;
  /** When it was offered: what `giveBack` takes back. */
  at: Date;
}

/** How many events a key keeps at most, whatever its limit (`hit` counts past a limit up to this). */
const MAX_KEPT = 1000;

/**
 * Counts one event under a key if the limit has room, in one statement: the key's row is locked
 * by the upsert while the window is trimmed, counted and appended to, so parallel requests are
 * counted one after the other and never more than `max` of them pass (on PGlite and PostgreSQL).
 * Kept in the database so every server process shares it.
 */
export async function take(db: Database, clock: Clock, limit: Limit): Promise<Taken> {
  const now = clock.now();
  const at = now.toISOString();
  const since = new Date(now.getTime() - limit.windowMs).toISOString();
  const max = Math.min(limit.max, MAX_KEPT);
  const inWindow = sql`(select count(*) from unnest(${rateLimits}.hits) as h where h > ${since}::timestamptz)`;
  const query = sql`
    insert into ${rateLimits} (key, hits, last_counted, updated_at)
    values (${limit.key}, array[${at}::timestamptz], ${max > 0}, ${at}::timestamptz)
    on conflict (key) do update set
      hits = coalesce(
          (select array_agg(h order by h) from unnest(${rateLimits}.hits) as h where h > ${since}::timestamptz),
          '{}'::timestamptz[]
        ) || case when ${inWindow} < ${max}::int then array[${at}::timestamptz] else '{}'::timestamptz[] end,
      last_counted = ${inWindow} < ${max}::int,
      updated_at = ${at}::timestamptz
    returning
      last_counted as counted,
      cardinality(hits) as count,
      extract(epoch from hits[greatest(1, cardinality(hits) - ${max}::int + 1)]) * 1000 as free_from`;
  const result = (await db.execute(query)) as unknown as {
    rows: { counted: boolean; count: number | string; free_from: number | string | null }[];
  };
  const row = result.rows[0];
  const count = Number(row?.count ?? 0);
  if (!row || row.counted)
    return { counted: row?.counted ?? true, count, retryAfterMs: 0, at: now };
  const freeAt = Number(row.free_from ?? now.getTime()) + limit.windowMs;
  return { counted: false, count, retryAfterMs: Math.max(1000, freeAt - now.getTime()), at: now };
}

/**
 * Counts one event under a key whatever its count (a failure past a limit still counts toward
 * what follows it), and answers the events now in the window.
 */
export async function hit(
  db: Database,
  clock: Clock,
  limit: Pick<Limit, 'key' | 'windowMs'>,
): Promise<number> {
  return (await take(db, clock, { ...limit, max: MAX_KEPT })).count;
}

/** Takes back one event counted at `at` (an attempt that turned out not to count, a success). */
export async function giveBack(db: Database, key: string, at: Date): Promise<void> {
  const time = sql`${at.toISOString()}::timestamptz`;
  await db.execute(sql`
    update ${rateLimits}
    set hits = hits[:array_position(hits, ${time}) - 1] || hits[array_position(hits, ${time}) + 1:]
    where key = ${key} and array_position(hits, ${time}) is not null`);
}

/** Forgets a key's events (a successful login resets the account's failures). */
export async function clearHits(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Drops keys untouched for longer than any window we keep (a day), so the table stays small. */
export async function pruneHits(db: Database, clock: Clock): Promise<void> {
  await db
    .delete(rateLimits)
    .where(lt(rateLimits.updatedAt, new Date(clock.now().getTime() - 24 * 60 * 60 * 1000)));
}

export const minutesUntil = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));
