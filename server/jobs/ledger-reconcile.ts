import { and, eq, inArray, lte } from 'drizzle-orm';
import type { AppDeps } from '../context';
import { coupons, ledgerAccountChecks, ledgerChecks } from '../db/schema/index';
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

/** Account checks written per statement. */
const CHECKS_PER_STATEMENT = 500;

interface AccountPart {
  wallets: number;
  entries: number;
  violations: number;
}

/**
 * Keeps each account's part of the run (its wallets and entries checked, the violations in its
 * wallets and coupons) for what the account is shown, in place of the last run's. An account
 * with no wallet and nothing found has no part: it is shown the run's time alone.
 */
async function recordAccountChecks(
  deps: Deps,
  now: Date,
  ledger: LedgerVerification,
  couponViolations: readonly CouponViolation[],
) {
  const parts = new Map<string, AccountPart>();
  const partOf = (ownerId: string) => {
    let part = parts.get(ownerId);
    if (!part) {
      part = { wallets: 0, entries: 0, violations: 0 };
      parts.set(ownerId, part);
    }
    return part;
  };
  const ownerOfWallet = new Map<string, string>();
  for (const wallet of ledger.wallets) {
    ownerOfWallet.set(wallet.walletId, wallet.ownerId);
    const part = partOf(wallet.ownerId);
    part.wallets += 1;
    part.entries += wallet.entries;
  }
  for (const violation of ledger.violations) {
    const owner = violation.walletId ? ownerOfWallet.get(violation.walletId) : undefined;
    if (owner) partOf(owner).violations += 1;
  }
  const couponIds = [...new Set(couponViolations.map((violation) => violation.subject))];
  const ownerOfCoupon = new Map<string, string>();
  for (let start = 0; start < couponIds.length; start += CHECKS_PER_STATEMENT) {
    const rows = await deps.db
      .select({ id: coupons.id, ownerId: coupons.ownerId })
      .from(coupons)
      .where(inArray(coupons.id, couponIds.slice(start, start + CHECKS_PER_STATEMENT)));
    for (const row of rows) ownerOfCoupon.set(row.id, row.ownerId);
  }
  for (const violation of couponViolations) {
    const owner = ownerOfCoupon.get(violation.subject);
    if (owner) partOf(owner).violations += 1;
  }

  const rows = [...parts].map(([ownerId, part]) => ({
    ownerId,
    checkedAt: now,
    walletsChecked: part.wallets,
    entriesChecked: part.entries,
    violationCount: part.violations,
  }));
  // The run's parts replace the last run's at once: an account it found nothing of has no part.
  await deps.db.transaction(async (tx) => {
    await tx.delete(ledgerAccountChecks);
    for (let start = 0; start < rows.length; start += CHECKS_PER_STATEMENT)
      await tx.insert(ledgerAccountChecks).values(rows.slice(start, start + CHECKS_PER_STATEMENT));
  });
}

/** What a reconciliation found: the ledger's violations, then the coupons'. */
export interface Reconciliation extends Omit<LedgerVerification, 'violations' | 'wallets'> {
  violations: (LedgerVerification['violations'][number] | CouponViolation)[];
}

/**
 * Reconciles every wallet with the journal (verifyLedger) and the coupons with the orders that
 * used them (verifyCoupons), and keeps the result: each wallet's part for its account's "ledger
 * verified at ..." in the console, the whole for the operators (logged, violations as errors). Also forgets idempotency keys past their retention. Runs when
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
  const couponCheck = await verifyCoupons(deps, null);
  const result: Reconciliation = {
    walletsChecked: ledger.walletsChecked,
    entriesChecked: ledger.entriesChecked,
    violations: [...ledger.violations, ...couponCheck.violations],
  };
  await recordAccountChecks(deps, now, ledger, couponCheck.violations);
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
