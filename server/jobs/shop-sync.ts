import type { SyncResource } from '@shared/contracts/shops';
import { and, asc, eq, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import { shopSync, shops } from '../db/schema/index';
import { MarketplaceError } from '../integrations/marketplace/marketplace.errors';
import { AppError } from '../lib/errors';
import {
  describeFailure,
  LEASE_MS,
  LeaseLost,
  type SyncDeps,
  syncRange,
} from '../modules/shops/shop-sync.service';
import { reportAbnormal } from './shop-notices';

/**
 * The scheduled sync of every shop: each shop's orders and products are due every few minutes
 * (`config.shops`), and each due sync pulls from the shop's high-water mark (less an overlap) to
 * now through the shops module's `syncRange`.
 *
 * Work on a shop is claimed in the database (a row lock with SKIP LOCKED, then a lease renewed
 * after every page), so several server processes can run the job at once and never work on the
 * same shop together.
 */

/** Each sync re-reads this much before the high-water mark, for records the platform dated late. */
const OVERLAP_MS = 10 * 60 * 1000;
/** A shop's first sync reaches this far back (the order sync default of spec section 9). */
const FIRST_SYNC_MS = 15 * 24 * 60 * 60 * 1000;

/**
 * Claims up to `limit` shop syncs that are due, for `owner`: a row lock skipping rows another
 * process holds, then a lease written in the same transaction.
 */
async function claimDueSyncs(
  deps: Pick<SyncDeps, 'db' | 'clock'>,
  owner: string,
  limit: number,
): Promise<Array<{ shopId: string; resource: SyncResource }>> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ shopId: shopSync.shopId, resource: shopSync.resource })
      .from(shopSync)
      .innerJoin(shops, eq(shops.id, shopSync.shopId))
      .where(
        and(
          lte(shopSync.nextSyncAt, now),
          or(isNull(shopSync.leaseUntil), lt(shopSync.leaseUntil, now)),
          eq(shops.status, 'normal'),
          isNotNull(shops.authorizationId),
        ),
      )
      .orderBy(asc(shopSync.nextSyncAt))
      .limit(limit)
      .for('update', { of: shopSync, skipLocked: true });
    for (const claim of due) {
      await tx
        .update(shopSync)
        .set({ leaseOwner: owner, leaseUntil: new Date(now.getTime() + LEASE_MS) })
        .where(and(eq(shopSync.shopId, claim.shopId), eq(shopSync.resource, claim.resource)));
    }
    return due;
  });
}

/** Minutes until the next try after `failures` failures in a row: 1, 2, 4, ... up to an hour. */
const retryMinutes = (failures: number) => Math.min(60, 2 ** Math.max(0, failures - 1));

/**
 * One claimed sync, from the high-water mark (less the overlap) to now. Success moves the mark
 * and schedules the next run; a failure is kept with its reason and retried with backoff; a
 * token failure turns the shop's authorization abnormal and tells the seller.
 */
async function runClaimedSync(
  deps: SyncDeps,
  owner: string,
  target: { shopId: string; resource: SyncResource },
): Promise<void> {
  const [state] = await deps.db
    .select()
    .from(shopSync)
    .where(and(eq(shopSync.shopId, target.shopId), eq(shopSync.resource, target.resource)));
  if (!state || state.leaseOwner !== owner) return;
  const started = deps.clock.now();
  const from = state.highWaterMark
    ? new Date(state.highWaterMark.getTime() - OVERLAP_MS)
    : new Date(started.getTime() - FIRST_SYNC_MS);
  const mine = and(
    eq(shopSync.shopId, target.shopId),
    eq(shopSync.resource, target.resource),
    eq(shopSync.leaseOwner, owner),
  );
  const interval =
    (target.resource === 'orders'
      ? deps.config.shops.orderSyncMinutes
      : deps.config.shops.productSyncMinutes) * 60_000;
  try {
    const count = await syncRange(deps, null, {
      ...target,
      range: { from, to: started },
      control: { leaseOwner: owner },
    });
    await deps.db
      .update(shopSync)
      .set({
        highWaterMark: started,
        lastSyncedAt: deps.clock.now(),
        nextSyncAt: new Date(started.getTime() + interval),
        leaseOwner: null,
        leaseUntil: null,
        lastCount: count,
        failures: 0,
        lastErrorKey: null,
        lastErrorCode: null,
        lastErrorMessage: null,
        lastErrorAt: null,
      })
      .where(mine);
  } catch (error) {
    if (error instanceof LeaseLost) return;
    const failure = describeFailure(error);
    const failures = state.failures + 1;
    const now = deps.clock.now();
    await deps.db
      .update(shopSync)
      .set({
        leaseOwner: null,
        leaseUntil: null,
        failures,
        lastErrorKey: failure.key,
        lastErrorCode: failure.code,
        lastErrorMessage: failure.message,
        lastErrorAt: now,
        nextSyncAt: new Date(now.getTime() + retryMinutes(failures) * 60_000),
      })
      .where(mine);
    if (error instanceof MarketplaceError && error.failure === 'token')
      await reportAbnormal(deps, target.shopId, failure);
    else if (!(error instanceof MarketplaceError || error instanceof AppError))
      deps.logger.error('shop sync failed', { shopId: target.shopId, error });
  }
}

/** Claims and runs due syncs until none is left or `limit` ran; answers how many ran. */
export async function runDueSyncs(deps: SyncDeps, owner: string, limit = 10): Promise<number> {
  let ran = 0;
  while (ran < limit) {
    const claims = await claimDueSyncs(deps, owner, Math.min(3, limit - ran));
    if (claims.length === 0) break;
    for (const claim of claims) await runClaimedSync(deps, owner, claim);
    ran += claims.length;
  }
  return ran;
}
