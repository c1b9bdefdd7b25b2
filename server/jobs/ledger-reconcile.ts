import { and, eq, lte } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { ledgerChecks } from '../db/schema/index';
import { type CouponViolation, verifyCoupons } from '../modules/coupons/coupons.service';
import { pruneIdempotencyKeys } from '../modules/wallet/idempotency';
import {
  LEDGER_CHECK_NAME,
  type LedgerVerification,
  verifyLedger,
} from '../modules/wallet/ledger-verify';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'logger'>;

/** How often every wallet is reconciled with the journal. */
export const LEDGER_RECONCILE_INTERVAL_MS = 15 * 60 * 1000;
/** At most this many violations are kept with the result (all are counted and logged). */
const KEPT_VIOLATIONS = 50;

/** Claims the next run: a row lock skipping a process that holds it, then the next run moved on. */
async function claimRun(deps: Deps, now: Date, force: boolean): Promise<boolean> {
  await deps.db
    .insert(ledgerChecks)
    .values({ name: LEDGER_CHECK_NAME, nextRunAt: now })
    .onConflictDoNothing();
  return deps.db.transaction(async (tx) => {
    const [due] = await tx
      .select({ name: ledgerChecks.name })
      .from(ledgerChecks)
      .where(
        and(
          eq(ledgerChecks.name, LEDGER_CHECK_NAME),
          force ? undefined : lte(ledgerChecks.nextRunAt, now),
        ),
      )
      .for('update', { skipLocked: true });
    if (!due) return false;
    await tx
      .update(ledgerChecks)
      .set({ nextRunAt: new Date(now.getTime() + LEDGER_RECONCILE_INTERVAL_MS) })
      .where(eq(ledgerChecks.name, LEDGER_CHECK_NAME));
    return true;
  });
}

/** What a reconciliation found: the ledger's violations, then the coupons'. */
export interface Reconciliation extends Omit<LedgerVerification, 'violations'> {
  violations: (LedgerVerification['violations'][number] | CouponViolation)[];
}

/**
 * Reconciles every wallet with the journal (verifyLedger) and the coupons with the orders that
 * used them (verifyCoupons), and keeps the result for the console's "ledger verified at ...";
 * violations are logged as errors. Also forgets idempotency keys past their retention. Runs when
 * due (every 15 minutes), in one server process at a time; `force` runs it now.
 */
export async function reconcileLedger(
  deps: Deps,
  options: { force?: boolean } = {},
): Promise<Reconciliation | null> {
  const now = deps.clock.now();
  const claimed = await claimRun(deps, now, options.force ?? false);
  if (!claimed) return null;
  const started = performance.now();
  const ledger = await verifyLedger(deps, null);
  const coupons = await verifyCoupons(deps, null);
  const result: Reconciliation = {
    ...ledger,
    violations: [...ledger.violations, ...coupons.violations],
  };
  await deps.db
    .update(ledgerChecks)
    .set({
      checkedAt: now,
      walletsChecked: result.walletsChecked,
      entriesChecked: result.entriesChecked,
      violationCount: result.violations.length,
      violations: result.violations.slice(0, KEPT_VIOLATIONS),
      durationMs: Math.round(performance.now() - started),
    })
    .where(eq(ledgerChecks.name, LEDGER_CHECK_NAME));
  if (result.violations.length > 0)
    deps.logger.error('ledger reconciliation found violations', {
      count: result.violations.length,
      violations: result.violations.slice(0, 10),
    });
  await pruneIdempotencyKeys(deps, null);
  return result;
}
