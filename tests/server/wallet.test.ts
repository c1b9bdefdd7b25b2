import { randomUUID } from 'node:crypto';
import {
  exchangeRates,
  idempotencyKeys,
  ledgerEntries,
  ledgerPostings,
  users,
  walletFreezes,
  wallets,
} from '@server/db/schema/index';
import { LEDGER_RECONCILE_INTERVAL_MS, reconcileLedger } from '@server/jobs/ledger-reconcile';
import { AppError } from '@server/lib/errors';
import { convert } from '@server/modules/wallet/exchange-rates';
import { IDEMPOTENCY_RETENTION_MS, pruneIdempotencyKeys } from '@server/modules/wallet/idempotency';
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
import type { Currency } from '@shared/contracts/money';
import {
  InsufficientBalanceDataSchema,
  LedgerCheckSchema,
  WalletOperationResultSchema,
  WalletSummarySchema,
} from '@shared/contracts/wallet';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makeSeller, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
let deps: LedgerDeps;
const onPostgres = inject('database').kind === 'postgres';

beforeAll(async () => {
  t = await createTestApp();
  deps = { db: t.db, clock: t.clock };
});
afterAll(() => t.close());

/** A main account made straight in the database (the ledger needs nothing else of it). */
async function newOwner(site = 'th'): Promise<string> {
  const now = t.clock.now();
  const [row] = await t.db
    .insert(users)
    .values({
      email: `wallet-${randomUUID()}@example.com`,
      passwordHash: 'not-used',
      name: 'Wallet owner',
      role: 'BUYER',
      site,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  return row.id;
}

const order = (id: string) => ({ type: 'serviceOrder', id });
const key = () => `key-${randomUUID()}`;

function money(ownerId: string, amount: number, reference = order(`R-${randomUUID()}`)) {
  return {
    ownerId,
    currency: 'THB' as Currency,
    amount,
    reference,
    idempotencyKey: key(),
  } satisfies AmountInput;
}

async function walletOf(ownerId: string, currency: Currency = 'THB') {
  const [row] = await t.db
    .select()
    .from(wallets)
    .where(and(eq(wallets.ownerId, ownerId), eq(wallets.currency, currency)));
  return row ?? null;
}

async function expectLedgerSound() {
  const result = await verifyLedger(t, null);
  expect(result.violations).toEqual([]);
  return result;
}

/** The AppError a rejected promise carries. */
async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function journalCount(walletId: string) {
  const [entries] = await t.db
    .select({ n: count() })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.walletId, walletId));
  const [postings] = await t.db
    .select({ n: count() })
    .from(ledgerPostings)
    .where(eq(ledgerPostings.walletId, walletId));
  return { entries: entries?.n ?? 0, postings: postings?.n ?? 0 };
}

describe('recharge, compensation and withdraw', () => {
  it('credits the available balance with a balanced entry and answers the contract', async () => {
    const owner = await newOwner();
    const result = await recharge(
      deps,
      null,
      money(owner, 150_000, { type: 'payment', id: 'PAY-1' }),
    );
    expect(WalletOperationResultSchema.safeParse(result).success).toBe(true);
    expect(result).toMatchObject({
      operation: 'recharge',
      currency: 'THB',
      amount: 150_000,
      reference: { type: 'payment', id: 'PAY-1' },
      wallet: { currency: 'THB', balance: 150_000, available: 150_000, frozen: 0 },
      replayed: false,
    });
    expect(result.entries).toEqual([
      { id: expect.any(String), kind: 'recharge', amount: 150_000, sequence: 1 },
    ]);
    const postings = await t.db
      .select({ bucket: ledgerPostings.bucket, amount: ledgerPostings.amount })
      .from(ledgerPostings)
      .where(eq(ledgerPostings.entryId, result.entries[0]?.id ?? ''));
    expect(postings).toEqual(
      expect.arrayContaining([
        { bucket: 'external', amount: -150_000 },
        { bucket: 'available', amount: 150_000 },
      ]),
    );
    await expectLedgerSound();
  });

  it('keeps one wallet per currency', async () => {
    const owner = await newOwner();
    await recharge(deps, null, money(owner, 500));
    await recharge(deps, null, { ...money(owner, 300), currency: 'CNY' });
    await recharge(deps, null, money(owner, 200));
    expect((await walletOf(owner, 'THB'))?.available).toBe(700);
    expect((await walletOf(owner, 'CNY'))?.available).toBe(300);
    expect((await walletOf(owner, 'CNY'))?.lastSequence).toBe(1);
    await expectLedgerSound();
  });

  it('pays compensation into available and withdraws only what is available', async () => {
    const owner = await newOwner();
    await compensation(deps, null, money(owner, 1_000, { type: 'claim', id: 'LOST-7' }));
    const out = await withdraw(deps, null, money(owner, 400, { type: 'payout', id: 'W-1' }));
    expect(out.wallet).toMatchObject({ available: 600, balance: 600 });
    const refused = await failure(
      withdraw(deps, null, money(owner, 601, { type: 'payout', id: 'W-2' })),
    );
    expect(refused.key).toBe('WALLET_INSUFFICIENT_BALANCE');
    expect(refused.code).toBe(-10);
    expect(InsufficientBalanceDataSchema.parse(refused.datas)).toEqual({
      messages: ['W-2'],
      shortfall: 1,
      currency: 'THB',
    });
    expect((await walletOf(owner))?.available).toBe(600);
    await expectLedgerSound();
  });

  it('refuses amounts that are not positive safe integers, and unknown currencies', async () => {
    const owner = await newOwner();
    for (const amount of [0, -5, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      const error = await failure(recharge(deps, null, money(owner, amount)));
      expect(error.key, String(amount)).toBe('VALIDATION_FAILED');
    }
    const badCurrency = await failure(
      recharge(deps, null, { ...money(owner, 5), currency: 'EUR' as Currency }),
    );
    expect(badCurrency.key).toBe('VALIDATION_FAILED');
    const badKey = await failure(recharge(deps, null, { ...money(owner, 5), idempotencyKey: '' }));
    expect(badKey.params).toEqual({ fields: 'idempotencyKey' });
    const badReference = await failure(
      recharge(deps, null, { ...money(owner, 5), reference: { type: '', id: 'x' } }),
    );
    expect(badReference.params).toEqual({ fields: 'reference' });
    const badActual = await failure(
      settle(deps, null, {
        ownerId: owner,
        reference: order('X'),
        actual: -1,
        idempotencyKey: key(),
      }),
    );
    expect(badActual.params).toEqual({ fields: 'actual' });
    // A balance beyond the largest safe integer is refused too.
    await recharge(deps, null, money(owner, Number.MAX_SAFE_INTEGER - 10));
    const overflow = await failure(recharge(deps, null, money(owner, 11)));
    expect(overflow.key).toBe('VALIDATION_FAILED');
    expect(await walletOf(owner)).toMatchObject({ available: Number.MAX_SAFE_INTEGER - 10 });
    await expectLedgerSound();
  });
});

describe('freeze, settle and cancel', () => {
  it('settles below the estimate: deducts the actual amount and releases the rest', async () => {
    const owner = await newOwner();
    await recharge(deps, null, money(owner, 10_000));
    const frozen = await freeze(deps, null, money(owner, 4_000, order('SO-1')));
    expect(frozen.wallet).toEqual({
      currency: 'THB',
      balance: 10_000,
      available: 6_000,
      frozen: 4_000,
    });
    const settled = await settle(deps, null, {
      ownerId: owner,
      reference: order('SO-1'),
      actual: 3_250,
      idempotencyKey: key(),
    });
    expect(settled.entries.map((e) => [e.kind, e.amount, e.sequence])).toEqual([
      ['deduct', 3_250, 3],
      ['release', 750, 4],
    ]);
    expect(settled.wallet).toEqual({
      currency: 'THB',
      balance: 6_750,
      available: 6_750,
      frozen: 0,
    });
    const [row] = await t.db
      .select()
      .from(walletFreezes)
      .where(eq(walletFreezes.referenceId, 'SO-1'));
    expect(row).toMatchObject({ state: 'settled', remaining: 0, deducted: 3_250, amount: 4_000 });
    await expectLedgerSound();
  });

  it('settles above the estimate from available, or refuses with the shortfall', async () => {
    const owner = await newOwner();
    await recharge(deps, null, money(owner, 1_000));
    await freeze(deps, null, money(owner, 800, order('SO-2')));
    const refused = await failure(
      settle(deps, null, {
        ownerId: owner,
        reference: order('SO-2'),
        actual: 1_100,
        idempotencyKey: key(),
      }),
    );
    expect(refused.key).toBe('WALLET_INSUFFICIENT_BALANCE');
    expect(refused.datas).toEqual({ messages: ['SO-2'], shortfall: 100, currency: 'THB' });
    // Nothing moved, and the freeze is still open.
    expect(await walletOf(owner)).toMatchObject({ available: 200, frozen: 800 });
    const settled = await settle(deps, null, {
      ownerId: owner,
      reference: order('SO-2'),
      actual: 950,
      idempotencyKey: key(),
    });
    expect(settled.entries.map((e) => [e.kind, e.amount])).toEqual([['deduct', 950]]);
    expect(settled.wallet).toMatchObject({ available: 50, frozen: 0, balance: 50 });
    await expectLedgerSound();
  });

  it('settles at zero by releasing everything', async () => {
    const owner = await newOwner();
    await recharge(deps, null, money(owner, 500));
    await freeze(deps, null, money(owner, 500, order('SO-3')));
    const settled = await settle(deps, null, {
      ownerId: owner,
      reference: order('SO-3'),
      actual: 0,
      idempotencyKey: key(),
    });
    expect(settled.entries.map((e) => e.kind)).toEqual(['release']);
    expect(settled.wallet).toMatchObject({ available: 500, frozen: 0 });
    await expectLedgerSound();
  });

  it('cancels by releasing the freeze, which resolves only once', async () => {
    const owner = await newOwner();
    await recharge(deps, null, money(owner, 2_000));
    await freeze(deps, null, money(owner, 1_200, order('SO-4')));
    const cancelled = await cancel(deps, null, {
      ownerId: owner,
      reference: order('SO-4'),
      idempotencyKey: key(),
    });
    expect(cancelled).toMatchObject({ operation: 'cancel', amount: 1_200 });
    expect(cancelled.wallet).toMatchObject({ available: 2_000, frozen: 0 });
    for (const again of [
      () => cancel(deps, null, { ownerId: owner, reference: order('SO-4'), idempotencyKey: key() }),
      () =>
        settle(deps, null, {
          ownerId: owner,
          reference: order('SO-4'),
          actual: 10,
          idempotencyKey: key(),
        }),
    ])
      expect((await failure(again())).key).toBe('WALLET_FREEZE_RESOLVED');
    const unknown = await failure(
      cancel(deps, null, { ownerId: owner, reference: order('SO-404'), idempotencyKey: key() }),
    );
    expect(unknown.key).toBe('WALLET_FREEZE_NOT_FOUND');
    // Another account's order is not found either.
    const stranger = await newOwner();
    const foreign = await failure(
      cancel(deps, null, { ownerId: stranger, reference: order('SO-4'), idempotencyKey: key() }),
    );
    expect(foreign.key).toBe('WALLET_FREEZE_NOT_FOUND');
    await expectLedgerSound();
  });

  it('refuses a freeze beyond the available balance with -10 and the shortfall', async () => {
    const owner = await newOwner();
    await recharge(deps, null, money(owner, 300));
    const refused = await failure(freeze(deps, null, money(owner, 1_000, order('SO-5'))));
    expect(refused.code).toBe(-10);
    expect(InsufficientBalanceDataSchema.parse(refused.datas)).toEqual({
      messages: ['SO-5'],
      shortfall: 700,
      currency: 'THB',
    });
    expect(await t.db.select().from(walletFreezes).where(eq(walletFreezes.ownerId, owner))).toEqual(
      [],
    );
    await expectLedgerSound();
  });

  it('freezes an order once, in whatever currency', async () => {
    const owner = await newOwner();
    await recharge(deps, null, money(owner, 1_000));
    await recharge(deps, null, { ...money(owner, 1_000), currency: 'CNY' });
    await freeze(deps, null, money(owner, 100, order('SO-6')));
    const twice = await failure(freeze(deps, null, money(owner, 100, order('SO-6'))));
    expect(twice.key).toBe('WALLET_FREEZE_EXISTS');
    const elsewhere = await failure(
      freeze(deps, null, { ...money(owner, 100, order('SO-6')), currency: 'CNY' }),
    );
    expect(elsewhere.key).toBe('WALLET_FREEZE_EXISTS');
    await expectLedgerSound();
  });
});

describe('refunds and withholdings', () => {
  it('refunds an order up to what it was deducted, in total', async () => {
    const owner = await newOwner();
    await recharge(deps, null, money(owner, 5_000));
    await freeze(deps, null, money(owner, 3_000, order('SO-7')));
    await settle(deps, null, {
      ownerId: owner,
      reference: order('SO-7'),
      actual: 2_000,
      idempotencyKey: key(),
    });
    await refund(deps, null, money(owner, 1_500, order('SO-7')));
    const beyond = await failure(refund(deps, null, money(owner, 501, order('SO-7'))));
    expect(beyond.key).toBe('WALLET_REFUND_EXCEEDS_CHARGED');
    expect(beyond.datas).toEqual({ charged: 2_000, returned: 1_500, currency: 'THB' });
    const last = await refund(deps, null, money(owner, 500, order('SO-7')));
    expect(last.wallet).toMatchObject({ available: 5_000, frozen: 0 });
    // Nothing deducted, nothing to refund: an order never settled, or another currency.
    const open = await failure(refund(deps, null, money(owner, 1, order('SO-8'))));
    expect(open.key).toBe('WALLET_REFUND_EXCEEDS_CHARGED');
    const otherCurrency = await failure(
      refund(deps, null, { ...money(owner, 1, order('SO-7')), currency: 'CNY' }),
    );
    expect(otherCurrency.key).toBe('WALLET_REFUND_EXCEEDS_CHARGED');
    await expectLedgerSound();
  });

  it('withholds from available and returns at most what was withheld', async () => {
    const owner = await newOwner();
    await recharge(deps, null, money(owner, 900));
    await withholding(deps, null, money(owner, 600, { type: 'fee', id: 'F-1' }));
    const short = await failure(
      withholding(deps, null, money(owner, 301, { type: 'fee', id: 'F-2' })),
    );
    expect(short.datas).toMatchObject({ shortfall: 1 });
    await withholdingReturn(deps, null, money(owner, 200, { type: 'fee', id: 'F-1' }));
    const beyond = await failure(
      withholdingReturn(deps, null, money(owner, 401, { type: 'fee', id: 'F-1' })),
    );
    expect(beyond.key).toBe('WALLET_REFUND_EXCEEDS_CHARGED');
    // A refund is for deductions, not withholdings.
    const notDeducted = await failure(
      refund(deps, null, money(owner, 1, { type: 'fee', id: 'F-1' })),
    );
    expect(notDeducted.key).toBe('WALLET_REFUND_EXCEEDS_CHARGED');
    expect(await walletOf(owner)).toMatchObject({ available: 500, frozen: 0 });
    await expectLedgerSound();
  });
});

describe('idempotency', () => {
  it('answers the first result again for the same key and input, with one effect', async () => {
    const owner = await newOwner();
    const input = money(owner, 700, { type: 'payment', id: 'PAY-7' });
    const first = await recharge(deps, null, input);
    const again = await recharge(deps, null, { ...input, reference: { ...input.reference } });
    expect(again).toEqual({ ...first, replayed: true });
    const wallet = await walletOf(owner);
    expect(wallet?.available).toBe(700);
    expect(await journalCount(wallet?.id ?? '')).toEqual({ entries: 1, postings: 2 });
  });

  it('refuses the same key with other input or for another operation', async () => {
    const owner = await newOwner();
    const input = money(owner, 700, order('SO-9'));
    await recharge(deps, null, input);
    for (const other of [
      () => recharge(deps, null, { ...input, amount: 701 }),
      () => recharge(deps, null, { ...input, reference: order('SO-10') }),
      () => recharge(deps, null, { ...input, currency: 'CNY' }),
      () => recharge(deps, null, { ...input, memo: 'changed' }),
      () => compensation(deps, null, input),
      () => freeze(deps, null, input),
      () =>
        cancel(deps, null, {
          ownerId: owner,
          reference: input.reference,
          idempotencyKey: input.idempotencyKey,
        }),
    ]) {
      const refused = await failure(other());
      expect(refused.key).toBe('IDEMPOTENCY_KEY_REUSED');
    }
    expect((await walletOf(owner))?.available).toBe(700);
    expect((await walletOf(owner, 'CNY'))?.available ?? 0).toBe(0);
    // Keys belong to an account: another one may use the same key for its own request.
    const other = await newOwner();
    const theirs = await recharge(deps, null, { ...input, ownerId: other, amount: 5 });
    expect(theirs.replayed).toBe(false);
    await expectLedgerSound();
  });

  it('does not keep a refused request: the key may be tried again once it can succeed', async () => {
    const owner = await newOwner();
    const attempt = money(owner, 400, order('SO-11'));
    expect((await failure(freeze(deps, null, attempt))).key).toBe('WALLET_INSUFFICIENT_BALANCE');
    const [kept] = await t.db
      .select({ n: count() })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.ownerId, owner));
    expect(kept?.n).toBe(0);
    await recharge(deps, null, money(owner, 400));
    const frozen = await freeze(deps, null, attempt);
    expect(frozen.replayed).toBe(false);
    expect((await freeze(deps, null, attempt)).replayed).toBe(true);
    await expectLedgerSound();
  });

  it('gives 100 parallel requests with one key one effect and one answer', async () => {
    const owner = await newOwner();
    await recharge(deps, null, money(owner, 10_000));
    const input = money(owner, 250, order('SO-12'));
    const results = await Promise.all(Array.from({ length: 100 }, () => freeze(deps, null, input)));
    expect(new Set(results.map((r) => r.operationId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    const wallet = await walletOf(owner);
    expect(wallet).toMatchObject({ available: 9_750, frozen: 250, lastSequence: 2 });
    expect(await journalCount(wallet?.id ?? '')).toEqual({ entries: 2, postings: 4 });

    const settleInput = {
      ownerId: owner,
      reference: order('SO-12'),
      actual: 100,
      idempotencyKey: key(),
    };
    const settled = await Promise.all(
      Array.from({ length: 100 }, () => settle(deps, null, settleInput)),
    );
    expect(new Set(settled.map((r) => r.operationId)).size).toBe(1);
    expect(await walletOf(owner)).toMatchObject({ available: 9_900, frozen: 0, lastSequence: 4 });
    await expectLedgerSound();
  });

  it('keeps keys at least 24 hours, then forgets them', async () => {
    const owner = await newOwner();
    const input = money(owner, 10);
    await recharge(deps, null, input);
    t.clock.advance(24 * 60 * 60 * 1000);
    await pruneIdempotencyKeys(deps, null);
    expect((await recharge(deps, null, input)).replayed).toBe(true);
    t.clock.advance(IDEMPOTENCY_RETENTION_MS);
    expect(await pruneIdempotencyKeys(deps, null)).toBeGreaterThan(0);
    const kept = await t.db
      .select()
      .from(idempotencyKeys)
      .where(
        and(eq(idempotencyKeys.ownerId, owner), eq(idempotencyKeys.key, input.idempotencyKey)),
      );
    expect(kept).toEqual([]);
  });
});

describe('concurrency', () => {
  it('never overdraws a wallet under concurrent freezes', async () => {
    const owner = await newOwner();
    await recharge(deps, null, money(owner, 1_000));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        freeze(deps, null, money(owner, 100, order(`PAR-${i}`))),
      ),
    );
    const done = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    expect(done).toHaveLength(10);
    expect(
      refused.every((e) => e instanceof AppError && e.key === 'WALLET_INSUFFICIENT_BALANCE'),
    ).toBe(true);
    expect(await walletOf(owner)).toMatchObject({ available: 0, frozen: 1_000, lastSequence: 11 });
    await expectLedgerSound();
  });

  it('keeps every figure right when recharges, freezes and settlements race', async () => {
    const owner = await newOwner();
    await recharge(deps, null, money(owner, 2_000));
    const work = Array.from({ length: 20 }, async (_, i) => {
      await recharge(deps, null, money(owner, 50));
      await freeze(deps, null, money(owner, 100, order(`RACE-${i}`)));
      await settle(deps, null, {
        ownerId: owner,
        reference: order(`RACE-${i}`),
        actual: 60,
        idempotencyKey: key(),
      });
    });
    await Promise.all(work);
    expect(await walletOf(owner)).toMatchObject({
      available: 2_000 + 20 * 50 - 20 * 60,
      frozen: 0,
    });
    await expectLedgerSound();
  });
});

describe('the journal', () => {
  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const owner = await newOwner();
    const result = await recharge(deps, null, money(owner, 100));
    const entryId = result.entries[0]?.id ?? '';
    const attempts = [
      () => t.db.update(ledgerEntries).set({ amount: 1 }).where(eq(ledgerEntries.id, entryId)),
      () => t.db.delete(ledgerEntries).where(eq(ledgerEntries.id, entryId)),
      () =>
        t.db.update(ledgerPostings).set({ amount: 1 }).where(eq(ledgerPostings.entryId, entryId)),
      () => t.db.delete(ledgerPostings).where(eq(ledgerPostings.entryId, entryId)),
      () => t.db.execute(sql`truncate ledger_postings`),
      () => t.db.execute(sql`truncate ledger_entries cascade`),
    ];
    for (const attempt of attempts) {
      const error = await Promise.resolve(attempt()).then(
        () => null,
        (e: unknown) => e,
      );
      expect(String((error as { cause?: unknown })?.cause ?? error)).toContain('append-only');
    }
    expect(await journalCount(result.walletId)).toEqual({ entries: 1, postings: 2 });
  });

  it('refuses an entry whose postings do not balance, at commit', async () => {
    const owner = await newOwner();
    const done = await recharge(deps, null, money(owner, 100));
    const error = await t.db
      .transaction(async (tx) => {
        const [entry] = await tx
          .insert(ledgerEntries)
          .values({
            walletId: done.walletId,
            sequence: 2,
            operationId: randomUUID(),
            operation: 'recharge',
            kind: 'recharge',
            currency: 'THB',
            amount: 50,
            referenceType: 'payment',
            referenceId: 'forged',
            idempotencyKey: 'forged',
            createdAt: t.clock.now(),
          })
          .returning({ id: ledgerEntries.id });
        await tx.insert(ledgerPostings).values({
          entryId: entry?.id ?? '',
          walletId: done.walletId,
          bucket: 'available',
          amount: 50,
        });
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(String((error as { cause?: unknown })?.cause ?? error)).toContain('does not balance');
    expect(await journalCount(done.walletId)).toEqual({ entries: 1, postings: 2 });
  });

  it('refuses to change a resolved freeze', async () => {
    const owner = await newOwner();
    await recharge(deps, null, money(owner, 100));
    await freeze(deps, null, money(owner, 100, order('SO-13')));
    await cancel(deps, null, { ownerId: owner, reference: order('SO-13'), idempotencyKey: key() });
    const error = await t.db
      .update(walletFreezes)
      .set({ state: 'open', remaining: 100, resolvedAt: null })
      .where(eq(walletFreezes.referenceId, 'SO-13'))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(String((error as { cause?: unknown })?.cause ?? error)).toContain('already released');
  });

  it('leaves no partial posting when an operation fails halfway', async () => {
    const owner = await newOwner();
    await recharge(deps, null, money(owner, 1_000));
    const before = await walletOf(owner);
    let seen = 0;
    const failing: LedgerDeps = {
      ...deps,
      onPosting: () => {
        seen += 1;
        throw new Error('the audit trail is unavailable');
      },
    };
    const input = money(owner, 300, order('SO-14'));
    await expect(freeze(failing, null, input)).rejects.toThrow('the audit trail is unavailable');
    expect(seen).toBe(1);
    expect(await walletOf(owner)).toEqual(before);
    expect(await journalCount(before?.id ?? '')).toEqual({ entries: 1, postings: 2 });
    expect(await t.db.select().from(walletFreezes).where(eq(walletFreezes.ownerId, owner))).toEqual(
      [],
    );
    const keys = await t.db
      .select()
      .from(idempotencyKeys)
      .where(
        and(eq(idempotencyKeys.ownerId, owner), eq(idempotencyKeys.key, input.idempotencyKey)),
      );
    expect(keys).toEqual([]);
    // The same request goes through once the failure is gone.
    expect((await freeze(deps, null, input)).wallet).toMatchObject({ available: 700, frozen: 300 });
    await expectLedgerSound();
  });

  // Only PostgreSQL has connections to kill: the embedded database runs in this process.
  const onPostgresIt = onPostgres ? it : () => undefined;
  onPostgresIt(
    'leaves no partial posting when the connection dies halfway (PostgreSQL)',
    async () => {
      const owner = await newOwner();
      await recharge(deps, null, money(owner, 1_000));
      const before = await walletOf(owner);
      const dying: LedgerDeps = {
        ...deps,
        onPosting: async (tx) => {
          await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
        },
      };
      await expect(withdraw(dying, null, money(owner, 300))).rejects.toThrow();
      expect(await walletOf(owner)).toEqual(before);
      expect(await journalCount(before?.id ?? '')).toEqual({ entries: 1, postings: 2 });
      expect((await withdraw(deps, null, money(owner, 300))).wallet.available).toBe(700);
      await expectLedgerSound();
    },
  );
});

describe('verifyLedger', () => {
  it('finds a cached balance that left the journal, for all wallets or one', async () => {
    const owner = await newOwner();
    const done = await recharge(deps, null, money(owner, 100));
    const sound = await verifyLedger(t, null, done.walletId);
    expect(sound).toEqual({
      walletsChecked: 1,
      entriesChecked: 1,
      wallets: [{ walletId: done.walletId, ownerId: owner, entries: 1 }],
      violations: [],
    });
    // A sound wallet beside it: the check of all wallets covers more than the broken one even
    // when this test runs first in its file.
    await recharge(deps, null, money(await newOwner(), 100));
    await t.db.update(wallets).set({ available: 150 }).where(eq(wallets.id, done.walletId));
    try {
      const broken = await verifyLedger(t, null, done.walletId);
      expect(broken.violations.map((v) => v.rule)).toEqual(['cachedBalance']);
      expect(broken.violations[0]).toMatchObject({
        walletId: done.walletId,
        subject: done.walletId,
      });
      const all = await verifyLedger(t, null);
      expect(all.walletsChecked).toBeGreaterThan(1);
      expect(all.violations.map((v) => v.walletId)).toEqual([done.walletId]);
    } finally {
      await t.db.update(wallets).set({ available: 100 }).where(eq(wallets.id, done.walletId));
    }
    await expectLedgerSound();
  });
});

describe('exchange rates', () => {
  const at = new Date('2026-11-02T00:00:00Z');

  it('has dated opening rates for every site currency', async () => {
    const rows = await t.db.select().from(exchangeRates).where(eq(exchangeRates.base, 'USD'));
    // Other tests of the file add later rates of their own: every currency has its opening one.
    expect([...new Set(rows.map((r) => r.quote))].sort()).toEqual(
      ['CNY', 'GBP', 'IDR', 'MYR', 'PHP', 'SGD', 'THB', 'VND'].sort(),
    );
  });

  it('converts exactly and says which rate it used', async () => {
    const direct = await convert(t, null, { amount: 30_000, from: 'USD', to: 'THB', at });
    expect(direct).toMatchObject({ converted: 975_000, rate: '32.5', from: 'USD', to: 'THB' });
    expect(direct.legs).toEqual([
      expect.objectContaining({ base: 'USD', quote: 'THB', rate: '32.500000000000' }),
    ]);
    const inverse = await convert(t, null, { amount: 975_000, from: 'THB', to: 'USD', at });
    expect(inverse.converted).toBe(30_000);
    expect(inverse.legs).toHaveLength(1);
    // Through the dollar, and into a currency without minor units (VND).
    const cross = await convert(t, null, { amount: 10_000, from: 'THB', to: 'VND', at });
    expect(cross.legs.map((l) => `${l.base}/${l.quote}`)).toEqual(['USD/THB', 'USD/VND']);
    expect(cross.converted).toBe(Math.round((100 / 32.5) * 26_100));
    expect(cross.rate).toBe('803.076923076923');
    const same = await convert(t, null, { amount: 123, from: 'CNY', to: 'CNY', at });
    expect(same).toMatchObject({ converted: 123, rate: '1', legs: [] });
  });

  it('uses the rate in force at the given time', async () => {
    await t.db.insert(exchangeRates).values({
      base: 'USD',
      quote: 'MYR',
      rate: '4.5',
      effectiveFrom: new Date('2026-12-01T00:00:00Z'),
      source: 'test',
    });
    expect((await convert(t, null, { amount: 100, from: 'USD', to: 'MYR', at })).converted).toBe(
      425,
    );
    const later = await convert(t, null, {
      amount: 100,
      from: 'USD',
      to: 'MYR',
      at: new Date('2026-12-02T00:00:00Z'),
    });
    expect(later).toMatchObject({ converted: 450, rate: '4.5' });
    await expect(
      convert(t, null, { amount: 1, from: 'USD', to: 'MYR', at: new Date('2020-01-01T00:00:00Z') }),
    ).rejects.toThrow('no exchange rate');
  });
});

describe('the console: header balance, summary and ledger check', () => {
  it('shows the site-currency wallet in userInfo and every wallet in the summary', async () => {
    const seller = await makeSeller(t, `wallet-seller-${randomUUID()}@example.com`, []);
    const empty = await t.call('GET', '/api-user/user/userInfo', { token: seller.token });
    expect(empty.body.datas).toMatchObject({ currency: 'THB', balance: 0, freezeBalance: 0 });
    const emptySummary = await t.call('GET', '/api-user/wallet/summary', { token: seller.token });
    expect(emptySummary.body.datas).toEqual({
      currency: 'THB',
      wallets: [{ currency: 'THB', balance: 0, frozen: 0, available: 0 }],
    });

    const owner = seller.user.id;
    await recharge(deps, null, { ...money(owner, 99_00), currency: 'CNY' });
    await recharge(deps, null, money(owner, 5_000_00));
    await freeze(deps, null, money(owner, 1_234_50, order('SO-15')));
    const info = await t.call('GET', '/api-user/user/userInfo', { token: seller.token });
    expect(info.body.datas).toMatchObject({ balance: 5_000_00, freezeBalance: 1_234_50 });
    const summary = await t.call('GET', '/api-user/wallet/summary', { token: seller.token });
    expect(summary.body.resp_code, summary.text).toBe(0);
    expect(WalletSummarySchema.parse(summary.body.datas)).toEqual({
      currency: 'THB',
      wallets: [
        { currency: 'THB', balance: 5_000_00, frozen: 1_234_50, available: 3_765_50 },
        { currency: 'CNY', balance: 99_00, frozen: 0, available: 99_00 },
      ],
    });

    // A sub-account sees its main account's wallet; one without the wallet menu is refused.
    const sub = await makeSubAccount(t, seller.token, `wallet-sub-${randomUUID()}@example.com`, []);
    const subInfo = await t.call('GET', '/api-user/user/userInfo', { token: sub.token });
    expect(subInfo.body.datas).toMatchObject({ balance: 5_000_00, freezeBalance: 1_234_50 });
    const subSummary = await t.call('GET', '/api-user/wallet/summary', { token: sub.token });
    expect(subSummary.body.datas.wallets[0]).toMatchObject({ available: 3_765_50 });
    const narrow = await makeSubAccount(
      t,
      seller.token,
      `wallet-narrow-${randomUUID()}@example.com`,
      [],
      [{ url: '/product/collectorList', buttons: [] }],
    );
    const denied = await t.call('GET', '/api-user/wallet/summary', { token: narrow.token });
    expect(denied.body).toMatchObject({ key: 'PERMISSION_DENIED', datas: null });
  });

  it('reconciles the ledger on schedule and shows when it was verified', async () => {
    const seller = await makeSeller(t, `wallet-check-${randomUUID()}@example.com`, []);
    const before = await t.call('GET', '/api-user/wallet/ledgerCheck', { token: seller.token });
    expect(before.body.resp_code, before.text).toBe(0);

    await recharge(deps, null, money(seller.user.id, 100));
    const jobDeps = { db: t.db, clock: t.clock, logger: t.deps.logger };
    const result = await reconcileLedger(jobDeps, { force: true });
    expect(result?.violations).toEqual([]);
    const check = await t.call('GET', '/api-user/wallet/ledgerCheck', { token: seller.token });
    // The seller's own wallet, not the platform's run (which checked every wallet).
    expect(result?.walletsChecked).toBeGreaterThanOrEqual(1);
    expect(LedgerCheckSchema.parse(check.body.datas)).toEqual({
      checkedAt: t.clock.now().toISOString(),
      walletsChecked: 1,
      entriesChecked: 1,
      violations: 0,
      healthy: true,
    });
    // Not due again until the interval has passed.
    expect(await reconcileLedger(jobDeps)).toBeNull();
    t.clock.advance(LEDGER_RECONCILE_INTERVAL_MS);
    expect(await reconcileLedger(jobDeps)).not.toBeNull();
    const later = await t.call('GET', '/api-user/wallet/ledgerCheck', { token: seller.token });
    expect(later.body.datas.checkedAt).toBe(t.clock.now().toISOString());
  });

  it('records and logs what a reconciliation finds wrong', async () => {
    const broken = await makeSeller(t, `wallet-broken-${randomUUID()}@example.com`, []);
    const owner = broken.user.id;
    const done = await recharge(deps, null, money(owner, 100));
    await t.db.update(wallets).set({ frozen: 7 }).where(eq(wallets.id, done.walletId));
    try {
      const logs: unknown[] = [];
      const logger = {
        ...t.deps.logger,
        error: (message: string, fields?: unknown) => logs.push({ message, fields }),
      };
      const result = await reconcileLedger({ db: t.db, clock: t.clock, logger }, { force: true });
      expect(result?.violations.map((v) => v.rule).sort()).toEqual([
        'cachedBalance',
        'frozenWithoutFreeze',
      ]);
      expect(logs).toHaveLength(1);
      const check = await t.call('GET', '/api-user/wallet/ledgerCheck', { token: broken.token });
      expect(check.body.datas).toMatchObject({ violations: 2, healthy: false });
      // Another account is told nothing of it.
      const seller = await makeSeller(t, `wallet-bad-${randomUUID()}@example.com`, []);
      const other = await t.call('GET', '/api-user/wallet/ledgerCheck', { token: seller.token });
      expect(other.body.datas).toMatchObject({ walletsChecked: 0, violations: 0, healthy: true });
    } finally {
      await t.db.update(wallets).set({ frozen: 0 }).where(eq(wallets.id, done.walletId));
    }
    await reconcileLedger({ db: t.db, clock: t.clock, logger: t.deps.logger }, { force: true });
  });
});
