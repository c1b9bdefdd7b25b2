import type { LedgerCheck } from '@shared/contracts/wallet';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../context';
import type { Database } from '../../db/client';
import { ledgerAccountChecks, ledgerChecks, wallets } from '../../db/schema/index';
import type { LedgerTx } from './idempotency';

/** The rules of the ledger; a violation names one. */
const LEDGER_RULES = [
  /** The wallet's cached available or frozen differs from the sum of its journal postings. */
  'cachedBalance',
  /** Available or frozen is negative, now or after any entry of the journal. */
  'negativeBalance',
  /** An entry's postings do not sum to zero, are fewer than two, or do not match its amount. */
  'unbalancedEntry',
  /** The wallet's entries are not numbered 1, 2, 3, ... without gaps. */
  'sequenceGap',
  /** Frozen money that belongs to no freeze, or open freezes that differ from the frozen balance. */
  'frozenWithoutFreeze',
  /** A freeze whose record disagrees with its journal entries. */
  'freezeMismatch',
  /** A freeze settled or released more than once. */
  'freezeResolvedTwice',
  /** An order refunded more than it was deducted, or a withholding returned beyond what was withheld. */
  'refundExceedsCharged',
] as const;
type LedgerRule = (typeof LEDGER_RULES)[number];

interface LedgerViolation {
  rule: LedgerRule;
  walletId: string | null;
  /** What broke the rule: a wallet, entry, freeze or order reference. */
  subject: string;
  detail: string;
}

export interface LedgerVerification {
  walletsChecked: number;
  entriesChecked: number;
  /** Every wallet checked, whose it is, and the journal entries it had in the snapshot read. */
  wallets: { walletId: string; ownerId: string; entries: number }[];
  violations: LedgerViolation[];
}

async function rowsOf<T>(tx: LedgerTx, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const n = (value: unknown): number => Number(value ?? 0);

/**
 * Checks the ledger's invariants against the journal, for every wallet or one: each wallet's
 * cached available and frozen equal the sums of its postings (so balance = available + frozen is
 * the journal's sum), neither is negative at any point of the journal, every entry balances, the
 * entries of a wallet are numbered without gaps, frozen money is exactly the open freezes, each
 * freeze resolved at most once and as its record says, and no order got back more than it was
 * charged. Reads one snapshot (repeatable read), so it may run while operations go on. No actor:
 * the reconciliation job and the tests check the whole ledger.
 */
export async function verifyLedger(
  deps: { db: Database },
  _actor: null,
  walletId?: string,
): Promise<LedgerVerification> {
  const { db } = deps;
  return db.transaction(
    async (tx) => {
      const violations: LedgerViolation[] = [];
      const add = (rule: LedgerRule, wallet: unknown, subject: unknown, detail: string) =>
        violations.push({
          rule,
          walletId: wallet == null ? null : String(wallet),
          subject: String(subject),
          detail,
        });
      const only = (column: string) =>
        walletId ? sql`and ${sql.raw(column)} = ${walletId}` : sql``;

      const checked = (
        await rowsOf<{ id: unknown; owner_id: unknown; entries: unknown }>(
          tx,
          sql`select w.id, w.owner_id, count(e.id) as entries
          from wallets w left join ledger_entries e on e.wallet_id = w.id
          where true ${only('w.id')}
          group by w.id`,
        )
      ).map((row) => ({
        walletId: String(row.id),
        ownerId: String(row.owner_id),
        entries: n(row.entries),
      }));

      const walletRows = await rowsOf<Record<string, unknown>>(
        tx,
        sql`select * from (
          select w.id, w.available, w.frozen, w.last_sequence,
            coalesce(j.available, 0) as journal_available,
            coalesce(j.frozen, 0) as journal_frozen,
            coalesce(f.remaining, 0) as open_frozen,
            coalesce(s.entries, 0) as entries,
            coalesce(s.last, 0) as last
          from wallets w
          left join (
            select wallet_id,
              sum(amount) filter (where bucket = 'available') as available,
              sum(amount) filter (where bucket = 'frozen') as frozen
            from ledger_postings group by wallet_id
          ) j on j.wallet_id = w.id
          left join (
            select wallet_id, sum(remaining) as remaining
            from wallet_freezes where state = 'open' group by wallet_id
          ) f on f.wallet_id = w.id
          left join (
            select wallet_id, count(*) as entries, max(sequence) as last
            from ledger_entries group by wallet_id
          ) s on s.wallet_id = w.id
          where true ${only('w.id')}
        ) x
        where available <> journal_available or frozen <> journal_frozen
          or available < 0 or frozen < 0 or frozen <> open_frozen
          or entries <> last_sequence or last <> last_sequence`,
      );
      for (const row of walletRows) {
        const [available, frozen] = [n(row.available), n(row.frozen)];
        const [journalAvailable, journalFrozen] = [n(row.journal_available), n(row.journal_frozen)];
        if (available !== journalAvailable || frozen !== journalFrozen)
          add(
            'cachedBalance',
            row.id,
            row.id,
            `cached ${available}/${frozen}, journal ${journalAvailable}/${journalFrozen} (available/frozen)`,
          );
        if (available < 0 || frozen < 0)
          add('negativeBalance', row.id, row.id, `available ${available}, frozen ${frozen}`);
        if (frozen !== n(row.open_frozen))
          add(
            'frozenWithoutFreeze',
            row.id,
            row.id,
            `frozen ${frozen}, open freezes ${n(row.open_frozen)}`,
          );
        if (n(row.entries) !== n(row.last_sequence) || n(row.last) !== n(row.last_sequence))
          add(
            'sequenceGap',
            row.id,
            row.id,
            `${n(row.entries)} entries up to ${n(row.last)}, wallet at ${n(row.last_sequence)}`,
          );
      }

      const runningRows = await rowsOf<Record<string, unknown>>(
        tx,
        sql`select wallet_id, min(run_available) as low_available, min(run_frozen) as low_frozen
        from (
          select e.wallet_id,
            sum(coalesce(d.available, 0)) over w as run_available,
            sum(coalesce(d.frozen, 0)) over w as run_frozen
          from ledger_entries e
          join (
            select entry_id,
              sum(amount) filter (where bucket = 'available') as available,
              sum(amount) filter (where bucket = 'frozen') as frozen
            from ledger_postings group by entry_id
          ) d on d.entry_id = e.id
          where true ${only('e.wallet_id')}
          window w as (partition by e.wallet_id order by e.sequence)
        ) r
        group by wallet_id
        having min(run_available) < 0 or min(run_frozen) < 0`,
      );
      for (const row of runningRows)
        add(
          'negativeBalance',
          row.wallet_id,
          row.wallet_id,
          `the journal goes down to available ${n(row.low_available)}, frozen ${n(row.low_frozen)}`,
        );

      const entryRows = await rowsOf<Record<string, unknown>>(
        tx,
        sql`select e.id, e.wallet_id, e.amount,
          coalesce(sum(p.amount), 0) as total,
          coalesce(sum(p.amount) filter (where p.amount > 0), 0) as credited,
          count(p.id) as lines,
          count(p.id) filter (where p.wallet_id <> e.wallet_id) as strays
        from ledger_entries e
        left join ledger_postings p on p.entry_id = e.id
        where true ${only('e.wallet_id')}
        group by e.id
        having coalesce(sum(p.amount), 0) <> 0 or count(p.id) < 2
          or coalesce(sum(p.amount) filter (where p.amount > 0), 0) <> e.amount
          or count(p.id) filter (where p.wallet_id <> e.wallet_id) > 0`,
      );
      for (const row of entryRows)
        add(
          'unbalancedEntry',
          row.wallet_id,
          row.id,
          `sum ${n(row.total)}, ${n(row.lines)} postings (${n(row.strays)} elsewhere), credits ${n(row.credited)} for amount ${n(row.amount)}`,
        );

      const strayFrozen = await rowsOf<Record<string, unknown>>(
        tx,
        sql`select e.id, e.wallet_id from ledger_entries e
        join ledger_postings p on p.entry_id = e.id
        where p.bucket = 'frozen' and e.freeze_id is null ${only('e.wallet_id')}
        group by e.id`,
      );
      for (const row of strayFrozen)
        add('frozenWithoutFreeze', row.wallet_id, row.id, 'moves frozen money without a freeze');

      const freezeRows = await rowsOf<Record<string, unknown>>(
        tx,
        sql`select * from (
          select f.id, f.wallet_id, f.state, f.amount, f.remaining, f.deducted,
            (select count(*) from ledger_entries e where e.freeze_id = f.id and e.kind = 'freeze') as freezes,
            (select count(distinct e.operation_id) from ledger_entries e
              where e.freeze_id = f.id and e.kind <> 'freeze') as resolutions,
            (select coalesce(sum(p.amount), 0) from ledger_postings p
              join ledger_entries e on e.id = p.entry_id
              where e.freeze_id = f.id and p.bucket = 'frozen') as frozen_net,
            (select coalesce(sum(e.amount), 0) from ledger_entries e
              where e.freeze_id = f.id and e.kind = 'deduct') as deducted_journal
          from wallet_freezes f
          where true ${only('f.wallet_id')}
        ) x
        where freezes <> 1 or resolutions > 1
          or (state = 'open') <> (resolutions = 0)
          or frozen_net <> remaining
          or (state <> 'open' and deducted_journal <> coalesce(deducted, -1))`,
      );
      for (const row of freezeRows) {
        if (n(row.resolutions) > 1)
          add(
            'freezeResolvedTwice',
            row.wallet_id,
            row.id,
            `${n(row.resolutions)} resolutions of one freeze`,
          );
        else
          add(
            'freezeMismatch',
            row.wallet_id,
            row.id,
            `${row.state}: amount ${n(row.amount)}, remaining ${n(row.remaining)}, journal frozen ${n(row.frozen_net)}, ${n(row.freezes)} freeze entries, ${n(row.resolutions)} resolutions, deducted ${n(row.deducted)} (journal ${n(row.deducted_journal)})`,
          );
      }

      const orderRows = await rowsOf<Record<string, unknown>>(
        tx,
        sql`select * from (
          select wallet_id, reference_type, reference_id,
            coalesce(sum(amount) filter (where kind = 'deduct'), 0) as deducted,
            coalesce(sum(amount) filter (where kind = 'refund'), 0) as refunded,
            coalesce(sum(amount) filter (where kind = 'withholding'), 0) as withheld,
            coalesce(sum(amount) filter (where kind = 'withholdingReturn'), 0) as returned
          from ledger_entries
          where kind in ('deduct', 'refund', 'withholding', 'withholdingReturn') ${only('wallet_id')}
          group by wallet_id, reference_type, reference_id
        ) x
        where refunded > deducted or returned > withheld`,
      );
      for (const row of orderRows)
        add(
          'refundExceedsCharged',
          row.wallet_id,
          `${row.reference_type}:${row.reference_id}`,
          `refunded ${n(row.refunded)} of ${n(row.deducted)} deducted; returned ${n(row.returned)} of ${n(row.withheld)} withheld`,
        );

      return {
        walletsChecked: checked.length,
        entriesChecked: checked.reduce((sum, wallet) => sum + wallet.entries, 0),
        wallets: checked,
        violations,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The reconciliation row's name. */
export const LEDGER_CHECK_NAME = 'ledger';

/**
 * GET /api-user/wallet/ledgerCheck: the actor's own part (its main account's) of the last
 * reconciliation that saw it: when, its wallets and their entries checked, and the violations in
 * its wallets and coupons. An account the runs have not seen yet (nothing of its own to check) is
 * told when the last run was. The platform's totals are no account's business.
 */
export async function lastLedgerCheck(
  deps: { db: Database },
  actor: Pick<Actor, 'ownerId'>,
): Promise<LedgerCheck> {
  const { db } = deps;
  const [own] = await db
    .select()
    .from(ledgerAccountChecks)
    .where(eq(ledgerAccountChecks.ownerId, actor.ownerId));
  if (own)
    return {
      checkedAt: own.checkedAt.toISOString(),
      walletsChecked: own.walletsChecked,
      entriesChecked: own.entriesChecked,
      violations: own.violationCount,
      healthy: own.violationCount === 0,
    };
  const [run] = await db
    .select({ checkedAt: ledgerChecks.checkedAt })
    .from(ledgerChecks)
    .where(eq(ledgerChecks.name, LEDGER_CHECK_NAME));
  const [wallet] = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(eq(wallets.ownerId, actor.ownerId))
    .limit(1);
  // A wallet opened since the last run has not been verified yet.
  const checkedAt = wallet ? null : (run?.checkedAt ?? null);
  return {
    checkedAt: checkedAt?.toISOString() ?? null,
    walletsChecked: 0,
    entriesChecked: 0,
    violations: 0,
    healthy: checkedAt !== null,
  };
}
