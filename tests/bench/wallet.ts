/**
 * The wallet ledger under load: many clients at once (WALLET_BENCH_CLIENTS, default 64) run
 * random operations of every kind through wallet.service.ts (recharge, freeze, settle, cancel,
 * refund, withdraw, withholding, withholding return, compensation), resend earlier requests with
 * their idempotency keys, and send some new requests twice at the same moment. Against a fresh
 * PostgreSQL database when DATABASE_URL is set (created beside the one named, dropped after),
 * else an embedded one.
 *
 * Prints operations per second, p50/p99 latency per operation, what was refused and why, and the
 * invariant violations found: verifyLedger while the load runs (every WALLET_BENCH_VERIFY_EVERY
 * operations) and at the end, plus the wallets' final figures against a tally of every answer the
 * clients got. Any violation or unexpected failure exits non-zero.
 *
 * WALLET_BENCH_OPS (default 20,000), WALLET_BENCH_ACCOUNTS (default 32: clients share accounts, so
 * they contend for the same wallet rows), WALLET_BENCH_POOL (PostgreSQL connections, default 16).
 */
import { randomUUID } from 'node:crypto';
import { openDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema/index';
import { systemClock } from '../../server/lib/clock';
import { AppError } from '../../server/lib/errors';
import { verifyLedger } from '../../server/modules/wallet/ledger-verify';
import {
  type AmountInput,
  cancel,
  compensation,
  freeze,
  type LedgerDeps,
  recharge,
  refund,
  settle,
  walletBalance,
  withdraw,
  withholding,
  withholdingReturn,
} from '../../server/modules/wallet/wallet.service';
import { seededRandom } from '../../server/sandbox/marketplace/data';
import type { Currency } from '../../shared/contracts/money';
import { WALLET_OPERATIONS, type WalletOperationResult } from '../../shared/contracts/wallet';
import { adminQuery, withDatabase } from '../support/database-config';
import { type Print, round } from './figures';

const positive = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive integer`);
  return value;
};

const OPS = positive('WALLET_BENCH_OPS', 20_000);
const CLIENTS = positive('WALLET_BENCH_CLIENTS', 64);
const ACCOUNTS = positive('WALLET_BENCH_ACCOUNTS', 32);
const POOL = positive('WALLET_BENCH_POOL', 16);
const VERIFY_EVERY = positive('WALLET_BENCH_VERIFY_EVERY', Math.max(Math.ceil(OPS / 5), 1000));
const SEED = process.env.WALLET_BENCH_SEED ?? 'wallet-bench';

/** The kinds of request a client sends: the nine operations, a resent request, a doubled one. */
const KINDS = [...WALLET_OPERATIONS, 'replay', 'double'] as const;
type Kind = (typeof KINDS)[number];

/** How often each is picked (a kind with nothing to act on falls back to recharge or freeze). */
const WEIGHTS: Record<Kind, number> = {
  recharge: 12,
  freeze: 18,
  settle: 13,
  cancel: 6,
  refund: 7,
  withdraw: 7,
  withholding: 10,
  withholdingReturn: 6,
  compensation: 5,
  replay: 12,
  double: 4,
};

/**
 * The one refusal this load expects: money short of what an operation needs (-10). The clients
 * settle and cancel only open freezes and give back only what was charged, so any other refusal
 * is the ledger getting it wrong.
 */
const EXPECTED_REFUSALS = new Set(['WALLET_INSUFFICIENT_BALANCE']);
/** At most this many failure messages are kept (all are counted). */
const KEPT_FAILURES = 100;

const CREDITS = new Set(['recharge', 'compensation', 'refund', 'withholdingReturn']);
const DEBITS = new Set(['withdraw', 'withholding']);

/** One account as the clients see it: what they may act on, and the figures their answers add up to. */
interface Account {
  ownerId: string;
  /** Open freezes: reference id -> amount. A client takes one out before settling or cancelling it. */
  open: Map<string, number>;
  /** What may still be given back: reference id -> amount. */
  refundable: Map<string, number>;
  returnable: Map<string, number>;
  /** The tally of every first answer (replays add nothing), per currency. */
  tally: Map<Currency, { available: number; frozen: number }>;
}

/** A request that succeeded, kept to send again with its key. */
interface Sent {
  call: () => Promise<WalletOperationResult>;
  first: WalletOperationResult;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** A fresh database for the run: a new PostgreSQL database next to DATABASE_URL's, or an embedded one. */
async function benchDatabase() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = await openDatabase({ kind: 'pglite' });
    await handle.migrate();
    return { handle, target: 'pglite', drop: async () => {} };
  }
  const name = `cmp_bench_wallet_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const handle = await openDatabase({
    kind: 'postgres',
    url: withDatabase(url, name),
    maxConnections: POOL,
  });
  await handle.migrate();
  const drop = () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  // A run stopped halfway still leaves no database behind.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      drop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  return { handle, target: 'postgres', drop };
}

export async function walletBench(print: Print): Promise<void> {
  const { handle, target, drop } = await benchDatabase();
  const deps: LedgerDeps = { db: handle.db, clock: systemClock };
  const random = seededRandom(SEED);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const amount = (max: number) => 1 + Math.floor(random() * max);
  const totalWeight = KINDS.reduce((sum, kind) => sum + WEIGHTS[kind], 0);
  const chooseKind = (): Kind => {
    let left = random() * totalWeight;
    for (const kind of KINDS) {
      left -= WEIGHTS[kind];
      if (left < 0) return kind;
    }
    return 'recharge';
  };

  try {
    const now = new Date();
    const rows = await handle.db
      .insert(users)
      .values(
        Array.from({ length: ACCOUNTS }, (_, i) => ({
          email: `wallet-bench-${i}-${randomUUID()}@example.com`,
          passwordHash: 'not-used',
          name: `Bench ${i}`,
          role: 'BUYER',
          site: 'th',
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: users.id });
    const accounts: Account[] = rows.map((row) => ({
      ownerId: row.id,
      open: new Map(),
      refundable: new Map(),
      returnable: new Map(),
      tally: new Map(),
    }));

    const latencies = new Float64Array(OPS * 2);
    const perKind = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]));
    let measured = 0;
    const refusals: Record<string, number> = {};
    const failures: string[] = [];
    let failureCount = 0;
    const replayProblems: string[] = [];
    const recent: Sent[] = [];
    const counts: Record<string, number> = {};
    let next = 0;
    let verifyRuns = 0;
    let verifyViolations = 0;
    let verifying: Promise<void> = Promise.resolve();
    let nextVerify = VERIFY_EVERY;

    /**
     * Adds a first answer's effect to the account's tally. A settlement's deduction comes out of
     * the freeze (`held`) and, beyond it, out of available.
     */
    const apply = (account: Account, result: WalletOperationResult, held = 0) => {
      if (result.replayed) return;
      const figures = account.tally.get(result.currency) ?? { available: 0, frozen: 0 };
      account.tally.set(result.currency, figures);
      for (const { kind, amount: value } of result.entries) {
        if (CREDITS.has(kind)) figures.available += value;
        if (DEBITS.has(kind)) figures.available -= value;
        if (kind === 'freeze') {
          figures.available -= value;
          figures.frozen += value;
        }
        if (kind === 'release') {
          figures.available += value;
          figures.frozen -= value;
        }
        if (kind === 'deduct') {
          const fromFrozen = Math.min(value, held);
          figures.frozen -= fromFrozen;
          figures.available -= value - fromFrozen;
        }
      }
    };

    const timed = async (kind: Kind, call: () => Promise<WalletOperationResult>) => {
      const started = performance.now();
      try {
        return await call();
      } finally {
        const ms = performance.now() - started;
        if (measured < latencies.length) latencies[measured++] = ms;
        perKind.get(kind)?.push(ms);
      }
    };

    const remember = (sent: Sent) => {
      if (recent.length < 512) recent.push(sent);
      else recent[Math.floor(random() * recent.length)] = sent;
    };

    /** One request of a kind on an account; answers false when there was nothing to act on. */
    const run = async (kind: Kind, account: Account): Promise<boolean> => {
      const ownerId = account.ownerId;
      const key = `bench-${randomUUID()}`;
      const currency: Currency = random() < 0.9 ? 'THB' : 'CNY';
      const money = (id: string, value: number): AmountInput => ({
        ownerId,
        currency,
        amount: value,
        reference: { type: 'benchOrder', id },
        idempotencyKey: key,
      });
      let call: (() => Promise<WalletOperationResult>) | null = null;
      let undo = () => {};
      let after = (_result: WalletOperationResult) => {};
      let held = 0;
      switch (kind) {
        case 'recharge': {
          const input = money(`R-${key}`, amount(500_00));
          call = () => recharge(deps, null, input);
          break;
        }
        case 'compensation': {
          const input = money(`C-${key}`, amount(50_00));
          call = () => compensation(deps, null, input);
          break;
        }
        case 'withdraw': {
          const input = money(`W-${key}`, amount(200_00));
          call = () => withdraw(deps, null, input);
          break;
        }
        case 'withholding': {
          const id = `H-${key}`;
          const value = amount(100_00);
          const input = money(id, value);
          call = () => withholding(deps, null, input);
          after = () => account.returnable.set(`${currency}:${id}`, value);
          break;
        }
        case 'freeze': {
          const id = `F-${key}`;
          const value = amount(300_00);
          const input = money(id, value);
          call = () => freeze(deps, null, input);
          after = () => account.open.set(`${currency}:${id}`, value);
          break;
        }
        case 'settle':
        case 'cancel': {
          const [found] = account.open;
          if (!found) return false;
          const [tagged, frozen] = found;
          held = frozen;
          account.open.delete(tagged);
          undo = () => account.open.set(tagged, frozen);
          const id = tagged.slice(tagged.indexOf(':') + 1);
          const reference = { type: 'benchOrder', id };
          if (kind === 'cancel') {
            call = () => cancel(deps, null, { ownerId, reference, idempotencyKey: key });
          } else {
            // Mostly below the estimate, sometimes above it (the rest from available), sometimes 0.
            const actual = random() < 0.1 ? 0 : Math.floor(frozen * (0.5 + random()));
            call = () => settle(deps, null, { ownerId, reference, actual, idempotencyKey: key });
            after = () => {
              if (actual > 0) account.refundable.set(tagged, actual);
            };
          }
          break;
        }
        case 'refund':
        case 'withholdingReturn': {
          const pool = kind === 'refund' ? account.refundable : account.returnable;
          const [found] = pool;
          if (!found) return false;
          const [tagged, left] = found;
          const value = amount(left);
          const tagCurrency = tagged.slice(0, tagged.indexOf(':')) as Currency;
          const id = tagged.slice(tagged.indexOf(':') + 1);
          if (value === left) pool.delete(tagged);
          else pool.set(tagged, left - value);
          undo = () => pool.set(tagged, (pool.get(tagged) ?? 0) + value);
          const input = { ...money(id, value), currency: tagCurrency };
          call = () =>
            kind === 'refund' ? refund(deps, null, input) : withholdingReturn(deps, null, input);
          break;
        }
        case 'replay': {
          if (recent.length === 0) return false;
          const sent = pick(recent);
          try {
            const again = await timed(kind, sent.call);
            if (!again.replayed || again.operationId !== sent.first.operationId)
              replayProblems.push(`${sent.first.operationId} answered ${again.operationId}`);
          } catch (error) {
            replayProblems.push(`${sent.first.operationId}: ${String(error)}`);
          }
          return true;
        }
        case 'double': {
          // The same new request twice at once: one effect, one answer.
          const value = amount(100_00);
          const input = money(`D-${key}`, value);
          const send = () => recharge(deps, null, input);
          try {
            const [a, b] = await Promise.all([timed(kind, send), timed(kind, send)]);
            if (a.operationId !== b.operationId || Number(a.replayed) + Number(b.replayed) !== 1)
              replayProblems.push(`doubled ${key}: ${a.operationId}/${b.operationId}`);
            apply(account, a.replayed ? b : a);
            remember({ call: send, first: a.replayed ? b : a });
          } catch (error) {
            failureCount += 1;
            if (failures.length < KEPT_FAILURES) failures.push(`double: ${String(error)}`);
          }
          return true;
        }
      }
      if (!call) return false;
      const send = call;
      try {
        const result = await timed(kind, send);
        apply(account, result, held);
        after(result);
        remember({ call: send, first: result });
      } catch (error) {
        undo();
        if (error instanceof AppError && EXPECTED_REFUSALS.has(error.key))
          refusals[`${kind}:${error.key}`] = (refusals[`${kind}:${error.key}`] ?? 0) + 1;
        else {
          failureCount += 1;
          if (failures.length < KEPT_FAILURES)
            failures.push(`${kind}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      return true;
    };

    const verify = async (label: string) => {
      const started = performance.now();
      const found = await verifyLedger(handle, null);
      verifyRuns += 1;
      verifyViolations += found.violations.length;
      print({
        bench: 'wallet_verify',
        at: label,
        entries: found.entriesChecked,
        wallets: found.walletsChecked,
        violations: found.violations.length,
        first_violations: found.violations.slice(0, 3),
        seconds: round((performance.now() - started) / 1000, 2),
      });
    };

    // Every account starts with money, so most operations can go through.
    for (const account of accounts)
      for (const currency of ['THB', 'CNY'] as const) {
        const result = await recharge(deps, null, {
          ownerId: account.ownerId,
          currency,
          amount: 1_000_00,
          reference: { type: 'benchOrder', id: `seed-${currency}` },
          idempotencyKey: `seed-${account.ownerId}-${currency}`,
        });
        apply(account, result);
      }

    const started = performance.now();
    const client = async () => {
      while (next < OPS) {
        next += 1;
        const done = next;
        let kind = chooseKind();
        const account = pick(accounts);
        if (!(await run(kind, account))) {
          kind = random() < 0.5 ? 'recharge' : 'freeze';
          await run(kind, account);
        }
        counts[kind] = (counts[kind] ?? 0) + 1;
        if (done >= nextVerify) {
          nextVerify += VERIFY_EVERY;
          // While the load goes on: the verifier reads one snapshot.
          verifying = verifying.then(() => verify(`${done} operations`));
          const elapsed = (performance.now() - started) / 1000;
          print({
            bench: 'wallet_progress',
            operations: done,
            ops_per_second: round(done / elapsed, 1),
          });
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));
    const seconds = (performance.now() - started) / 1000;
    await verifying;
    await verify('end');

    // The wallets against what the clients were told.
    const tallyMismatches: string[] = [];
    for (const account of accounts)
      for (const [currency, figures] of account.tally) {
        const wallet = await walletBalance(handle, account, currency);
        if (wallet.available !== figures.available || wallet.frozen !== figures.frozen)
          tallyMismatches.push(
            `${account.ownerId} ${currency}: wallet ${wallet.available}/${wallet.frozen} (available/frozen), answers ${figures.available}/${figures.frozen}`,
          );
      }

    const sorted = latencies.slice(0, measured).sort();
    const byOperation = Object.fromEntries(
      KINDS.map((kind) => {
        const values = Float64Array.from(perKind.get(kind) ?? []).sort();
        return [
          kind,
          {
            requests: values.length,
            p50_ms: round(percentile(values, 50), 2),
            p99_ms: round(percentile(values, 99), 2),
          },
        ];
      }),
    );
    const violations =
      verifyViolations + tallyMismatches.length + replayProblems.length + failureCount;
    print({
      bench: 'wallet',
      database: target,
      clients: CLIENTS,
      accounts: ACCOUNTS,
      pool: target === 'postgres' ? POOL : 1,
      operations: OPS,
      requests: measured,
      seconds: round(seconds, 1),
      ops_per_second: round(OPS / seconds, 1),
      p50_ms: round(percentile(sorted, 50), 2),
      p99_ms: round(percentile(sorted, 99), 2),
      by_operation: byOperation,
      picked: counts,
      refusals,
      verify_runs: verifyRuns,
      ledger_violations: verifyViolations,
      tally_mismatches: tallyMismatches.length,
      first_tally_mismatches: tallyMismatches.slice(0, 3),
      replay_problems: replayProblems.slice(0, 5),
      failures: failures.slice(0, 5),
      failure_count: failureCount,
      violations,
    });
    if (violations > 0) process.exitCode = 1;
  } finally {
    await handle.close();
    await drop();
  }
}
