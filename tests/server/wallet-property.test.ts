import { randomUUID } from 'node:crypto';
import { users, walletFreezes, wallets } from '@server/db/schema/index';
import { AppError } from '@server/lib/errors';
import { verifyLedger } from '@server/modules/wallet/ledger-verify';
import {
  type AmountInput,
  cancel,
  compensation,
  freeze,
  type LedgerDeps,
  recharge,
  refund,
  settle,
  withdraw,
  withholding,
  withholdingReturn,
} from '@server/modules/wallet/wallet.service';
import type { ErrorKey } from '@shared/contracts/errors';
import type { Currency } from '@shared/contracts/money';
import type { WalletOperationResult } from '@shared/contracts/wallet';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

/**
 * Model-based tests of the wallet ledger: random sequences of every operation, with requests
 * repeated under their key and keys reused for other requests, run against the database and
 * against a plain in-memory model. Small by default; WALLET_PROPERTY_SCALE=10 runs ten times as
 * many cases (and longer ones); WALLET_PROPERTY_SEED replays a failure.
 */
const SCALE = Math.max(1, Number(process.env.WALLET_PROPERTY_SCALE ?? 1));
const SEED = process.env.WALLET_PROPERTY_SEED
  ? Number(process.env.WALLET_PROPERTY_SEED)
  : undefined;

let t: TestApp;
let deps: LedgerDeps;
beforeAll(async () => {
  t = await createTestApp();
  deps = { db: t.db, clock: t.clock };
});
afterAll(() => t.close());

const USED_CURRENCIES = ['THB', 'CNY'] as const satisfies readonly Currency[];
const REFS = ['A', 'B', 'C', 'D'];
/** A reference resolved when the calls are made: the order the client worked on last (a fresh one for a freeze). */
const RECENT = '*';

type AmountOp =
  | 'recharge'
  | 'compensation'
  | 'withdraw'
  | 'withholding'
  | 'withholdingReturn'
  | 'refund'
  | 'freeze';
type Request =
  | { type: AmountOp; currency: Currency; amount: number; ref: string }
  | { type: 'settle'; ref: string; actual: number }
  | { type: 'cancel'; ref: string };

const AMOUNT_OPS: Record<
  AmountOp,
  (deps: LedgerDeps, actor: null, input: AmountInput) => Promise<WalletOperationResult>
> = { recharge, compensation, withdraw, withholding, withholdingReturn, refund, freeze };

type Step =
  | { kind: 'new'; request: Request }
  | { kind: 'repeat'; back: number }
  | { kind: 'reuseKey'; back: number; request: Request };

const amountArb = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 300 }) },
  { weight: 1, arbitrary: fc.integer({ min: 301, max: 3_000 }) },
);
const refArb = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(...REFS) },
  { weight: 3, arbitrary: fc.constant(RECENT) },
);
const requestArb: fc.Arbitrary<Request> = fc.oneof(
  {
    weight: 7,
    arbitrary: fc.record({
      type: fc.constantFrom<AmountOp>(
        'recharge',
        'recharge',
        'compensation',
        'withdraw',
        'withholding',
        'withholdingReturn',
        'refund',
        'freeze',
        'freeze',
        'freeze',
      ),
      currency: fc.constantFrom<Currency>(...USED_CURRENCIES),
      amount: amountArb,
      ref: refArb,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('settle' as const),
      ref: refArb,
      actual: fc.oneof(fc.constant(0), amountArb),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('cancel' as const), ref: refArb }) },
);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: requestArb.map((request) => ({ kind: 'new' as const, request })) },
  { weight: 2, arbitrary: fc.nat(12).map((back) => ({ kind: 'repeat' as const, back })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.nat(12), requestArb)
      .map(([back, request]) => ({ kind: 'reuseKey' as const, back, request })),
  },
);

/** One sequence that goes through every operation, a repeat and a reused key, besides the random ones. */
const EVERY_OPERATION: Step[] = [
  { kind: 'new', request: { type: 'freeze', currency: 'THB', amount: 500, ref: RECENT } },
  { kind: 'new', request: { type: 'settle', ref: RECENT, actual: 300 } },
  { kind: 'new', request: { type: 'refund', currency: 'THB', amount: 100, ref: RECENT } },
  { kind: 'repeat', back: 0 },
  { kind: 'new', request: { type: 'freeze', currency: 'THB', amount: 100, ref: RECENT } },
  { kind: 'new', request: { type: 'settle', ref: RECENT, actual: 180 } },
  { kind: 'new', request: { type: 'withholding', currency: 'CNY', amount: 200, ref: RECENT } },
  { kind: 'new', request: { type: 'withholdingReturn', currency: 'CNY', amount: 50, ref: RECENT } },
  { kind: 'new', request: { type: 'freeze', currency: 'CNY', amount: 100, ref: RECENT } },
  { kind: 'new', request: { type: 'cancel', ref: RECENT } },
  { kind: 'new', request: { type: 'withdraw', currency: 'THB', amount: 10, ref: 'A' } },
  {
    kind: 'reuseKey',
    back: 0,
    request: { type: 'recharge', currency: 'THB', amount: 5, ref: 'A' },
  },
  { kind: 'new', request: { type: 'compensation', currency: 'THB', amount: 7, ref: 'B' } },
  { kind: 'new', request: { type: 'recharge', currency: 'CNY', amount: 9, ref: 'C' } },
  { kind: 'new', request: { type: 'withdraw', currency: 'CNY', amount: 99_999, ref: 'C' } },
  // An order frozen, cancelled, frozen again and settled.
  { kind: 'new', request: { type: 'freeze', currency: 'THB', amount: 50, ref: 'D' } },
  { kind: 'new', request: { type: 'cancel', ref: 'D' } },
  { kind: 'new', request: { type: 'freeze', currency: 'THB', amount: 60, ref: 'D' } },
  { kind: 'new', request: { type: 'freeze', currency: 'THB', amount: 70, ref: 'D' } },
  { kind: 'new', request: { type: 'settle', ref: 'D', actual: 60 } },
];

/** A request with its idempotency key, as a client sends it. */
interface Call {
  key: string;
  request: Request;
}

/** What the client worked on last, for requests about "the recent order". */
interface Recent {
  fresh: number;
  /** Orders frozen and not yet settled or cancelled, the latest last. */
  open: string[];
  frozen?: { ref: string; currency: Currency };
  settled?: { ref: string; currency: Currency };
  withheld?: { ref: string; currency: Currency };
  currencyOf: Map<string, Currency>;
}

function newRecent(): Recent {
  return { fresh: 0, open: [], currencyOf: new Map() };
}

/** A request with "the recent order" made concrete: the order last frozen, settled or withheld. */
function concrete(request: Request, recent: Recent): Request {
  let resolved = request;
  if (request.ref === RECENT) {
    const fresh = () => `N${++recent.fresh}`;
    if (request.type === 'settle' || request.type === 'cancel')
      resolved = { ...request, ref: recent.open.pop() ?? recent.frozen?.ref ?? fresh() };
    else if (request.type === 'refund' && recent.settled)
      resolved = { ...request, ...recent.settled };
    else if (request.type === 'withholdingReturn' && recent.withheld)
      resolved = { ...request, ...recent.withheld };
    else resolved = { ...request, ref: fresh() };
  }
  if (resolved.type === 'freeze') {
    recent.frozen = { ref: resolved.ref, currency: resolved.currency };
    recent.open.push(resolved.ref);
    recent.currencyOf.set(resolved.ref, resolved.currency);
  }
  if (resolved.type === 'settle')
    recent.settled = { ref: resolved.ref, currency: recent.currencyOf.get(resolved.ref) ?? 'THB' };
  if (resolved.type === 'withholding')
    recent.withheld = { ref: resolved.ref, currency: resolved.currency };
  return resolved;
}

/** Turns steps into calls: a repeat sends an earlier call again, a reuse sends another request under its key. */
function resolveSteps(steps: readonly Step[], sent: Call[], recent: Recent): Call[] {
  const calls: Call[] = [];
  for (const step of steps) {
    const earlier =
      step.kind !== 'new' && sent.length > 0
        ? sent[sent.length - 1 - (step.back % sent.length)]
        : undefined;
    let call: Call | undefined;
    if (step.kind === 'new')
      call = { key: `k-${randomUUID()}`, request: concrete(step.request, recent) };
    else if (earlier)
      call =
        step.kind === 'repeat'
          ? earlier
          : { key: earlier.key, request: concrete(step.request, recent) };
    else if (step.kind === 'reuseKey')
      call = { key: `k-${randomUUID()}`, request: concrete(step.request, recent) };
    if (!call) continue;
    sent.push(call);
    calls.push(call);
  }
  return calls;
}

const fingerprint = (request: Request) =>
  JSON.stringify(Object.entries(request).sort(([a], [b]) => a.localeCompare(b)));

type Outcome = { ok: true } | { ok: false; key: ErrorKey };

interface ModelWallet {
  available: number;
  frozen: number;
}

interface ModelFreeze {
  currency: Currency;
  amount: number;
  state: string;
}

/**
 * An order's freezes as the ledger must hold them: the one open or settled (at most one), and the
 * released ones in a fixed order (which of them came last shows nowhere).
 */
function orderFreezes(all: readonly ModelFreeze[]) {
  const released = all
    .filter((f) => f.state === 'released')
    .map((f) => ({ ...f }))
    .sort((a, b) => a.currency.localeCompare(b.currency) || a.amount - b.amount);
  return { live: all.filter((f) => f.state !== 'released'), released };
}

/** The ledger as a seller would explain it: plain numbers, one request at a time. */
class Model {
  wallets = new Map<Currency, ModelWallet>();
  /** Each order's latest freeze. */
  freezes = new Map<string, ModelFreeze>();
  /** Each order's earlier freezes, cancelled before it was frozen again. */
  earlier = new Map<string, ModelFreeze[]>();
  tallies = new Map<
    string,
    { deducted: number; refunded: number; withheld: number; returned: number }
  >();
  /** Keys of requests that went through: what they were, and the operation they made. */
  keys = new Map<string, { fingerprint: string; operationId: string }>();

  clone(): Model {
    const copy = new Model();
    for (const [c, w] of this.wallets) copy.wallets.set(c, { ...w });
    for (const [r, f] of this.freezes) copy.freezes.set(r, { ...f });
    for (const [r, list] of this.earlier)
      copy.earlier.set(
        r,
        list.map((f) => ({ ...f })),
      );
    for (const [k, v] of this.tallies) copy.tallies.set(k, { ...v });
    for (const [k, v] of this.keys) copy.keys.set(k, { ...v });
    return copy;
  }

  wallet(currency: Currency): ModelWallet {
    let wallet = this.wallets.get(currency);
    if (!wallet) {
      wallet = { available: 0, frozen: 0 };
      this.wallets.set(currency, wallet);
    }
    return wallet;
  }

  tally(currency: Currency, ref: string) {
    const id = `${currency}|${ref}`;
    let tally = this.tallies.get(id);
    if (!tally) {
      tally = { deducted: 0, refunded: 0, withheld: 0, returned: 0 };
      this.tallies.set(id, tally);
    }
    return tally;
  }

  /** Applies a request as new (no idempotency): its outcome, and its effect when it succeeds. */
  apply(request: Request): Outcome & { currency?: Currency } {
    const fail = (key: ErrorKey): Outcome => ({ ok: false, key });
    if (request.type === 'settle' || request.type === 'cancel') {
      const held = this.freezes.get(request.ref);
      if (!held) return fail('WALLET_FREEZE_NOT_FOUND');
      if (held.state !== 'open') return fail('WALLET_FREEZE_RESOLVED');
      const wallet = this.wallet(held.currency);
      const actual = request.type === 'settle' ? request.actual : 0;
      const extra = Math.max(0, actual - held.amount);
      if (extra > wallet.available) return fail('WALLET_INSUFFICIENT_BALANCE');
      wallet.frozen -= held.amount;
      wallet.available += held.amount - actual;
      if (request.type === 'settle') this.tally(held.currency, request.ref).deducted += actual;
      held.state = request.type === 'settle' ? 'settled' : 'released';
      return { ok: true, currency: held.currency };
    }
    const { currency, amount, ref } = request;
    const wallet = this.wallet(currency);
    const tally = this.tally(currency, ref);
    switch (request.type) {
      case 'recharge':
      case 'compensation':
        wallet.available += amount;
        break;
      case 'withdraw':
      case 'withholding':
        if (wallet.available < amount) return fail('WALLET_INSUFFICIENT_BALANCE');
        wallet.available -= amount;
        if (request.type === 'withholding') tally.withheld += amount;
        break;
      case 'refund':
        if (tally.refunded + amount > tally.deducted) return fail('WALLET_REFUND_EXCEEDS_CHARGED');
        tally.refunded += amount;
        wallet.available += amount;
        break;
      case 'withholdingReturn':
        if (tally.returned + amount > tally.withheld) return fail('WALLET_REFUND_EXCEEDS_CHARGED');
        tally.returned += amount;
        wallet.available += amount;
        break;
      case 'freeze': {
        // One live freeze per order: a cancelled (released) one leaves it free to freeze again.
        const before = this.freezes.get(ref);
        if (before && before.state !== 'released') return fail('WALLET_FREEZE_EXISTS');
        if (wallet.available < amount) return fail('WALLET_INSUFFICIENT_BALANCE');
        wallet.available -= amount;
        wallet.frozen += amount;
        if (before) this.earlier.set(ref, [...(this.earlier.get(ref) ?? []), before]);
        this.freezes.set(ref, { currency, amount, state: 'open' });
        break;
      }
    }
    return { ok: true, currency };
  }
}

async function newOwner(): Promise<string> {
  const now = t.clock.now();
  const [row] = await t.db
    .insert(users)
    .values({
      email: `model-${randomUUID()}@example.com`,
      passwordHash: 'not-used',
      name: 'Model owner',
      role: 'BUYER',
      site: 'th',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  return row.id;
}

type Result = { ok: true; result: WalletOperationResult } | { ok: false; key: ErrorKey };

/** How often each operation went through, was answered again, or was refused (by key). */
const seen = new Map<string, number>();

/** The random sequences went through every operation, answered repeats and refused reused keys. */
function expectEveryOperation() {
  const ops = [
    'recharge',
    'compensation',
    'withdraw',
    'withholding',
    'withholdingReturn',
    'refund',
    'freeze',
    'settle',
    'cancel',
  ];
  for (const op of ops) expect(seen.get(`${op}:ok`) ?? 0, op).toBeGreaterThan(0);
  const total = (suffix: string) =>
    [...seen].filter(([tally]) => tally.endsWith(suffix)).reduce((sum, [, n]) => sum + n, 0);
  expect(total(':replayed')).toBeGreaterThan(0);
  expect(total(':IDEMPOTENCY_KEY_REUSED')).toBeGreaterThan(0);
  expect(total(':WALLET_INSUFFICIENT_BALANCE')).toBeGreaterThan(0);
}

/** Sends one call to the ledger; a refusal comes back as its error key. */
async function send(ownerId: string, call: Call): Promise<Result> {
  const got = await sendOnce(ownerId, call);
  const tally = `${call.request.type}:${got.ok ? (got.result.replayed ? 'replayed' : 'ok') : got.key}`;
  seen.set(tally, (seen.get(tally) ?? 0) + 1);
  return got;
}

async function sendOnce(ownerId: string, call: Call): Promise<Result> {
  const base = {
    ownerId,
    idempotencyKey: call.key,
    reference: { type: 'order', id: call.request.ref },
  };
  const { request } = call;
  try {
    const result =
      request.type === 'settle'
        ? await settle(deps, null, { ...base, actual: request.actual })
        : request.type === 'cancel'
          ? await cancel(deps, null, base)
          : await AMOUNT_OPS[request.type](deps, null, {
              ...base,
              currency: request.currency,
              amount: request.amount,
            });
    return { ok: true, result };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, key: error.key };
    throw error;
  }
}

/** Every run starts with some money in each currency, so that freezes and charges go through too. */
async function fund(ownerId: string, model: Model) {
  for (const currency of USED_CURRENCIES) {
    const request: Request = { type: 'recharge', currency, amount: 5_000, ref: 'opening' };
    const got = await send(ownerId, { key: `opening-${currency}`, request });
    expect(got.ok).toBe(true);
    model.apply(request);
  }
}

/** The database agrees with the model: wallets, freezes, and every invariant of the ledger. */
async function expectSameAsModel(ownerId: string, model: Model) {
  const rows = await t.db.select().from(wallets).where(eq(wallets.ownerId, ownerId));
  const zero = { available: 0, frozen: 0 };
  const currencies = new Set<Currency>([
    ...rows.map((row) => row.currency),
    ...model.wallets.keys(),
  ]);
  for (const currency of currencies) {
    const row = rows.find((w) => w.currency === currency);
    expect(row ? { available: row.available, frozen: row.frozen } : zero, currency).toEqual(
      model.wallets.get(currency) ?? zero,
    );
  }
  const freezes = await t.db.select().from(walletFreezes).where(eq(walletFreezes.ownerId, ownerId));
  const stored = new Map<string, ModelFreeze[]>();
  for (const f of freezes) {
    const currency = rows.find((w) => w.id === f.walletId)?.currency;
    if (!currency) throw new Error(`freeze ${f.id} of another owner's wallet`);
    stored.set(f.referenceId, [
      ...(stored.get(f.referenceId) ?? []),
      { currency, amount: f.amount, state: f.state },
    ]);
  }
  expect(Object.fromEntries([...stored].map(([ref, list]) => [ref, orderFreezes(list)]))).toEqual(
    Object.fromEntries(
      [...model.freezes].map(([ref, latest]) => [
        ref,
        orderFreezes([...(model.earlier.get(ref) ?? []), latest]),
      ]),
    ),
  );
  // Only this run's wallets: a failure of an earlier case must not fail the smaller ones tried after it.
  for (const row of rows) expect((await verifyLedger(t, null, row.id)).violations).toEqual([]);
}

const REFUSALS: readonly ErrorKey[] = [
  'WALLET_INSUFFICIENT_BALANCE',
  'WALLET_FREEZE_NOT_FOUND',
  'WALLET_FREEZE_RESOLVED',
  'WALLET_FREEZE_EXISTS',
  'WALLET_REFUND_EXCEEDS_CHARGED',
  'IDEMPOTENCY_KEY_REUSED',
];

describe('the wallet ledger against its model', () => {
  it(
    'agrees step by step on random sequences with repeated and reused keys, through every operation, answering repeats and refusing reused keys',
    async () => {
      seen.clear();
      await fc.assert(
        fc.asyncProperty(
          fc.array(stepArb, { minLength: 10, maxLength: 25 + 5 * SCALE, size: 'max' }),
          async (steps) => {
            const owner = await newOwner();
            const model = new Model();
            await fund(owner, model);
            const calls = resolveSteps(steps, [], newRecent());
            for (const call of calls) {
              const got = await send(owner, call);
              const known = model.keys.get(call.key);
              if (known && known.fingerprint === fingerprint(call.request)) {
                // The same request again: the first answer, and nothing changes.
                expect(got.ok && got.result.replayed && got.result.operationId).toBe(
                  known.operationId,
                );
              } else if (known) {
                expect(got).toEqual({ ok: false, key: 'IDEMPOTENCY_KEY_REUSED' });
              } else {
                const expected = model.apply(call.request);
                if (expected.ok) {
                  expect(got.ok ? 'ok' : got.key, JSON.stringify(call.request)).toBe('ok');
                  if (!got.ok) return;
                  expect(got.result.replayed).toBe(false);
                  const wallet = model.wallet(expected.currency ?? 'THB');
                  expect(got.result.wallet).toMatchObject(wallet);
                  model.keys.set(call.key, {
                    fingerprint: fingerprint(call.request),
                    operationId: got.result.operationId,
                  });
                } else {
                  expect(got.ok ? 'ok' : got.key, JSON.stringify(call.request)).toBe(expected.key);
                }
              }
              await expectSameAsModel(owner, model);
            }
          },
        ),
        {
          numRuns: 12 * SCALE,
          examples: [[EVERY_OPERATION]],
          ...(SEED === undefined ? {} : { seed: SEED }),
        },
      );
      expectEveryOperation();
    },
    60_000 * SCALE,
  );

  it(
    'stays serializable with many concurrent clients: every batch equals the model applied in commit order',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.array(stepArb, { minLength: 2, maxLength: 8 + SCALE, size: 'max' }), {
            minLength: 1,
            maxLength: 4 + SCALE,
            size: 'max',
          }),
          async (batches) => {
            const owner = await newOwner();
            let model = new Model();
            await fund(owner, model);
            const sent: Call[] = [];
            const recent = newRecent();
            for (const batch of batches) {
              const calls = resolveSteps(batch, sent, recent);
              const results = await Promise.all(calls.map((call) => send(owner, call)));
              const byKey = new Map<string, Set<string>>();
              const effects: { call: Call; result: WalletOperationResult }[] = [];
              results.forEach((got, i) => {
                const call = calls[i] as Call;
                if (!got.ok) {
                  expect(REFUSALS).toContain(got.key);
                  return;
                }
                const ids = byKey.get(call.key) ?? new Set();
                ids.add(got.result.operationId);
                byKey.set(call.key, ids);
                if (
                  !got.result.replayed &&
                  !effects.some((e) => e.result.operationId === got.result.operationId)
                )
                  effects.push({ call, result: got.result });
              });
              // One key, one effect: every answer under a key names the same operation.
              for (const [key, ids] of byKey) {
                expect(ids.size, key).toBe(1);
                const earlier = model.keys.get(key);
                if (earlier) expect([...ids]).toEqual([earlier.operationId]);
              }
              // The effects, replayed in the order the database committed them (per wallet, by
              // entry sequence; wallets are independent), all succeed in the model with the same figures.
              effects.sort((a, b) =>
                a.result.walletId === b.result.walletId
                  ? (a.result.entries[0]?.sequence ?? 0) - (b.result.entries[0]?.sequence ?? 0)
                  : a.result.walletId.localeCompare(b.result.walletId),
              );
              const next = model.clone();
              for (const { call, result } of effects) {
                expect(next.keys.has(call.key)).toBe(false);
                const outcome = next.apply(call.request);
                expect(outcome, JSON.stringify(call.request)).toMatchObject({ ok: true });
                expect(result.wallet).toMatchObject(next.wallet(result.currency));
                next.keys.set(call.key, {
                  fingerprint: fingerprint(call.request),
                  operationId: result.operationId,
                });
              }
              model = next;
              await expectSameAsModel(owner, model);
            }
          },
        ),
        { numRuns: 10 * SCALE, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
    },
    60_000 * SCALE,
  );
});
