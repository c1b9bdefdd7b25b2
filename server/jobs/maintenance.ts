import { lt } from 'drizzle-orm';
import type { AppDeps } from '../context';
import {
  captchaChallenges,
  oauthStates,
  verificationCodes,
  verificationTickets,
  wechatBindTickets,
} from '../db/schema/index';
import { pruneHits } from '../lib/rate-limit';
import { moveImagesToStorage } from '../modules/files/files.service';
import { pruneOrderPushes } from '../modules/orders/pushes.service';
import { pruneUnverifiedNotifications } from '../modules/payments/notify.service';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes what has expired for good: counted limit events older than any window, and codes,
 * tickets, puzzles, sign-in states and binding codes expired a day ago, and the unverified payment
 * notifications kept for investigation once their week is over, and order push ids a day old; and
 * moves images uploaded before the Storage into it. Both are safe when several server processes
 * run them at once.
 */
export async function pruneExpired(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>): Promise<void> {
  const cutoff = new Date(deps.clock.now().getTime() - DAY_MS);
  await pruneHits(deps.db, deps.clock);
  await deps.db.delete(verificationCodes).where(lt(verificationCodes.expiresAt, cutoff));
  await deps.db.delete(verificationTickets).where(lt(verificationTickets.expiresAt, cutoff));
  await deps.db.delete(captchaChallenges).where(lt(captchaChallenges.expiresAt, cutoff));
  await deps.db.delete(oauthStates).where(lt(oauthStates.expiresAt, cutoff));
  await deps.db.delete(wechatBindTickets).where(lt(wechatBindTickets.expiresAt, cutoff));
  await pruneUnverifiedNotifications(deps, null);
  await pruneOrderPushes(deps);
  while ((await moveImagesToStorage(deps)) > 0);
}
