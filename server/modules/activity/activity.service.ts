import type { ActivityReport } from '@shared/contracts/activity';
import type { Actor, AppDeps } from '../../context';
import { activityEvents } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { minutesUntil, take } from '../../lib/rate-limit';

/**
 * Reports one address may send a minute: a tab reports every 5 s (12 a minute), so this leaves
 * room for an office of sellers behind one address, and stops a script filling the table.
 */
export const ACTIVITY_LIMIT = { max: 240, windowMs: 60_000 };

/** Stores one activity report (spec section 4), for the signed-in account when there is one. */
export async function saveActivity(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId'> | null,
  input: { report: ActivityReport; address: string | null },
): Promise<void> {
  const key = `activity:ip:${input.address ?? 'unknown'}`;
  const limit = await take(deps.db, deps.clock, { key, ...ACTIVITY_LIMIT });
  if (!limit.counted)
    throw new AppError('RATE_LIMITED', { params: { minutes: minutesUntil(limit.retryAfterMs) } });
  const { page, seconds, clicks, scrolls, active } = input.report;
  await deps.db.insert(activityEvents).values({
    userId: actor?.userId ?? null,
    page,
    seconds,
    clicks,
    scrolls,
    active,
    createdAt: deps.clock.now(),
  });
}
