import { and, asc, count, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimitHits } from '../db/schema/index';
import type { Clock } from './clock';

/** At most `max` counted events under `key` in any `windowMs`. */
export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/** Whether a limit is reached, and when it frees again. Kept in the database so every server process shares it. */
export async function checkLimit(
  db: Database,
  clock: Clock,
  limit: Limit,
): Promise<{ reached: boolean; retryAfterMs: number }> {
  const now = clock.now().getTime();
  const since = new Date(now - limit.windowMs);
  const [row] = await db
    .select({ total: count() })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, limit.key), gte(rateLimitHits.at, since)));
  const total = row?.total ?? 0;
  if (total < limit.max) return { reached: false, retryAfterMs: 0 };
  // Free again when enough of the oldest counted events leave the window.
  const [oldest] = await db
    .select({ at: rateLimitHits.at })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, limit.key), gte(rateLimitHits.at, since)))
    .orderBy(asc(rateLimitHits.at))
    .offset(total - limit.max)
    .limit(1);
  const freeAt = (oldest?.at.getTime() ?? now) + limit.windowMs;
  return { reached: true, retryAfterMs: Math.max(1000, freeAt - now) };
}

/** Counts one event under a key. */
export async function hit(db: Database, clock: Clock, key: string): Promise<void> {
  await db.insert(rateLimitHits).values({ key, at: clock.now() });
}

/** Forgets a key's events (a successful login resets the account's failures). */
export async function clearHits(db: Database, key: string): Promise<void> {
  await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
}

/** Drops events older than any window we keep (a day), so the table stays small. */
export async function pruneHits(db: Database, clock: Clock): Promise<void> {
  await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.at, new Date(clock.now().getTime() - 24 * 60 * 60 * 1000)));
}

export const minutesUntil = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));
