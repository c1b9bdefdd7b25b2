import { randomUUID } from 'node:crypto';
import { CURRENCIES, type Currency } from '@shared/contracts/money';
import {
  IdempotencyKeySchema,
  type LedgerBucket,
  type LedgerEntryKind,
  type LedgerReference,
  LedgerReferenceSchema,
  type WalletBalance,
  type WalletOperation,
  type WalletOperationResult,
  type WalletSummary,
} from '@shared/contracts/wallet';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Actor } from '../../context';
import type { Database } from '../../db/client';
import {
  ledgerEntries,
  ledgerPostings,
  sites,
  users,
  walletFreezes,
  wallets,
} from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { claimKey, keepResponse, type LedgerTx, requestHash } from './idempotency';

/**
 * The wallet ledger: every change of a seller's money is one database transaction that claims its
 * idempotency key, locks the wallet row (SELECT ... FOR UPDATE), writes balanced journal entries
 * and moves the wallet's cached `available` and `frozen` with them. Services, purchases and
 * warehouses call only `freeze`, `settle` and `cancel`; payments call `recharge`.
 *
 * The operations take no actor: the service that calls them has checked its own, and names in
 * the operation whose wallet it is (`ownerId`) and, for the journal, who asked (`actorId`).
 */

/** A posting just written, as the `onPosting` observer sees it. */
interface PostingWritten {
  entryId: string;
  walletId: string;
  kind: LedgerEntryKind;
  bucket: LedgerBucket;
  amount: number;
}

export interface LedgerDeps {
  db: Database;
  clock: Clock;
  /**
   * Called inside the operation's transaction after each posting is written (an audit trail can
   * write beside it). A failure there undoes the whole operation: no posting of it remains.
   */
  onPosting?: ((tx: LedgerTx, posting: PostingWritten) => Promise<void> | void) | undefined;
}

/** What every operation names: whose wallet, the request's idempotency key, the order it is for. */
interface OperationInput {
  /** The main account whose wallet it is. */
  ownerId: string;
  idempotencyKey: string;
  reference: LedgerReference;
  memo?: string | undefined;
  /** The account that asked (a sub-account, an operator), for the record. */
  actorId?: string | null | undefined;
}

export interface AmountInput extends OperationInput {
  currency: Currency;
  /** Integer minor units, positive. */
  amount: number;
}

export interface SettleInput extends OperationInput {
  /** The actual amount, integer minor units; 0 releases everything. */
  actual: number;
}

export type CancelInput = OperationInput;

interface LockedWallet {
  id: string;
  currency: Currency;
  available: number;
  frozen: number;
  lastSequence: number;
}

const MEMO_MAX = 500;
const UNIQUE_VIOLATION = '23505';

function invalid(field: string): AppError {
  return new AppError('VALIDATION_FAILED', { params: { fields: field } });
}

function checkAmount(value: number, field: string, options: { zero?: boolean } = {}): void {
  if (!Number.isSafeInteger(value) || value < 0 || (value === 0 && !options.zero))
    throw invalid(field);
}

function checkInput(input: OperationInput): void {
  if (!input.ownerId) throw invalid('ownerId');
  if (!IdempotencyKeySchema.safeParse(input.idempotencyKey).success)
    throw invalid('idempotencyKey');
  if (!LedgerReferenceSchema.safeParse(input.reference).success) throw invalid('reference');
  if (input.memo !== undefined && input.memo.length > MEMO_MAX) throw invalid('memo');
}

function checkCurrency(currency: string): asserts currency is Currency {
  if (!(CURRENCIES as readonly string[]).includes(currency)) throw invalid('currency');
}

function balanceOf(wallet: LockedWallet): WalletBalance {
  return {
    currency: wallet.currency,
    balance: wallet.available + wallet.frozen,
    frozen: wallet.frozen,
    available: wallet.available,
  };
}

/** resp_code -10: what is missing for `needed`, with the order it was for. */
function insufficient(wallet: LockedWallet, needed: number, reference: LedgerReference): AppError {
  return new AppError('WALLET_INSUFFICIENT_BALANCE', {
    datas: {
      messages: [reference.id],
      shortfall: needed - wallet.available,
      currency: wallet.currency,
    },
  });
}

/** Whether a database failure (or one it caused) is this unique index refusing a row. */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const failure = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (failure.code === UNIQUE_VIOLATION && failure.constraint === constraint) return true;
    current = failure.cause;
  }
  return false;
}

async function lockWallet(
  tx: LedgerTx,
  ownerId: string,
  currency: Currency,
  now: Date,
): Promise<LockedWallet> {
  await tx
    .insert(wallets)
    .values({ ownerId, currency, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [wallets.ownerId, wallets.currency] });
  const [row] = await tx
    .select()
    .from(wallets)
    .where(and(eq(wallets.ownerId, ownerId), eq(wallets.currency, currency)))
    .for('update');
  if (!row) throw new Error('the wallet vanished while it was being locked');
  return { ...row };
}

async function lockWalletById(tx: LedgerTx, walletId: string): Promise<LockedWallet> {
  const [row] = await tx.select().from(wallets).where(eq(wallets.id, walletId)).for('update');
  if (!row) throw new Error('the wallet of a freeze is missing');
  return { ...row };
}

/** One operation in progress: its transaction, its entries so far, and the wallet it holds. */
interface Operation {
  tx: LedgerTx;
  now: Date;
  /**
   * Writes one journal entry with its postings and moves the wallet's cached buckets with them.
   * Postings are [bucket, signed amount]; they must sum to zero (the database checks it too).
   */
  post(
    wallet: LockedWallet,
    kind: LedgerEntryKind,
    postings: readonly (readonly [LedgerBucket, number])[],
    freezeId?: string,
  ): Promise<void>;
}

interface Outcome {
  wallet: LockedWallet;
  amount: number;
}

async function runOperation(
  deps: LedgerDeps,
  operation: WalletOperation,
  input: OperationInput,
  request: Record<string, unknown>,
  body: (op: Operation) => Promise<Outcome>,
): Promise<WalletOperationResult> {
  checkInput(input);
  const hash = requestHash(operation, { ...request, reference: input.reference, memo: input.memo });
  const run = () =>
    deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const first = await claimKey({ db: tx }, null, {
        ownerId: input.ownerId,
        key: input.idempotencyKey,
        operation,
        hash,
        now,
      });
      if (first) return first;

      const operationId = randomUUID();
      const entries: WalletOperationResult['entries'] = [];
      const op: Operation = {
        tx,
        now,
        async post(wallet, kind, postings, freezeId) {
          if (postings.reduce((sum, [, amount]) => sum + amount, 0) !== 0)
            throw new Error(`unbalanced ${kind} entry`);
          const amount = postings.reduce((sum, [, value]) => sum + Math.max(value, 0), 0);
          wallet.lastSequence += 1;
          const [entry] = await tx
            .insert(ledgerEntries)
            .values({
              walletId: wallet.id,
              sequence: wallet.lastSequence,
              operationId,
              operation,
              kind,
              currency: wallet.currency,
              amount,
              referenceType: input.reference.type,
              referenceId: input.reference.id,
              freezeId: freezeId ?? null,
              idempotencyKey: input.idempotencyKey,
              memo: input.memo ?? null,
              createdBy: input.actorId ?? null,
              createdAt: now,
            })
            .returning({ id: ledgerEntries.id });
          if (!entry) throw new Error('journal entry not written');
          for (const [bucket, value] of postings) {
            await tx
              .insert(ledgerPostings)
              .values({ entryId: entry.id, walletId: wallet.id, bucket, amount: value });
            if (bucket === 'available') wallet.available += value;
            if (bucket === 'frozen') wallet.frozen += value;
            await deps.onPosting?.(tx, {
              entryId: entry.id,
              walletId: wallet.id,
              kind,
              bucket,
              amount: value,
            });
          }
          entries.push({ id: entry.id, kind, amount, sequence: wallet.lastSequence });
        },
      };

      const { wallet, amount } = await body(op);
      if (wallet.available < 0 || wallet.frozen < 0)
        throw new Error('a wallet bucket went negative');
      if (!Number.isSafeInteger(wallet.available + wallet.frozen)) throw invalid('amount');
      if (entries.length > 0)
        await tx
          .update(wallets)
          .set({
            available: wallet.available,
            frozen: wallet.frozen,
            lastSequence: wallet.lastSequence,
            updatedAt: now,
          })
          .where(eq(wallets.id, wallet.id));
      const result: WalletOperationResult = {
        operationId,
        operation,
        walletId: wallet.id,
        currency: wallet.currency,
        reference: { type: input.reference.type, id: input.reference.id },
        amount,
        entries,
        wallet: balanceOf(wallet),
        createdAt: now.toISOString(),
        replayed: false,
      };
      await keepResponse({ db: tx }, null, {
        ownerId: input.ownerId,
        key: input.idempotencyKey,
        response: result,
      });
      return result;
    });
  try {
    return await run();
  } catch (error) {
    // The same order frozen at the same moment in another currency: the database kept the first.
    if (isUniqueViolation(error, 'wallet_freezes_owner_reference_key'))
      throw new AppError('WALLET_FREEZE_EXISTS', { cause: error });
    throw error;
  }
}

/** Money arriving in a wallet: a recharge (external -> available) or our compensation. */
async function credit(
  deps: LedgerDeps,
  operation: 'recharge' | 'compensation',
  input: AmountInput,
): Promise<WalletOperationResult> {
  checkAmount(input.amount, 'amount');
  checkCurrency(input.currency);
  const source: LedgerBucket = operation === 'recharge' ? 'external' : 'compensation';
  return runOperation(
    deps,
    operation,
    input,
    { currency: input.currency, amount: input.amount },
    async (op) => {
      const wallet = await lockWallet(op.tx, input.ownerId, input.currency, op.now);
      if (!Number.isSafeInteger(wallet.available + wallet.frozen + input.amount))
        throw invalid('amount');
      await op.post(wallet, operation, [
        [source, -input.amount],
        ['available', input.amount],
      ]);
      return { wallet, amount: input.amount };
    },
  );
}

/** Money leaving the available balance to a counterpart: a payout or a charge. */
async function debit(
  deps: LedgerDeps,
  operation: 'withdraw' | 'withholding',
  input: AmountInput,
): Promise<WalletOperationResult> {
  checkAmount(input.amount, 'amount');
  checkCurrency(input.currency);
  const target: LedgerBucket = operation === 'withdraw' ? 'external' : 'revenue';
  return runOperation(
    deps,
    operation,
    input,
    { currency: input.currency, amount: input.amount },
    async (op) => {
      const wallet = await lockWallet(op.tx, input.ownerId, input.currency, op.now);
      if (wallet.available < input.amount)
        throw insufficient(wallet, input.amount, input.reference);
      await op.post(wallet, operation, [
        ['available', -input.amount],
        [target, input.amount],
      ]);
      return { wallet, amount: input.amount };
    },
  );
}

/** What an order was charged and given back so far (kinds `charged` and `returned`), under the wallet lock. */
async function chargedAndReturned(
  tx: LedgerTx,
  walletId: string,
  reference: LedgerReference,
  charged: LedgerEntryKind,
  returned: LedgerEntryKind,
): Promise<{ charged: number; returned: number }> {
  const [row] = await tx
    .select({
      charged: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} = ${charged}), 0)`,
      returned: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} = ${returned}), 0)`,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.walletId, walletId),
        eq(ledgerEntries.referenceType, reference.type),
        eq(ledgerEntries.referenceId, reference.id),
      ),
    );
  return { charged: Number(row?.charged ?? 0), returned: Number(row?.returned ?? 0) };
}

/** Money given back for an order, never more in total than was charged for it. */
async function giveBack(
  deps: LedgerDeps,
  operation: 'refund' | 'withholdingReturn',
  input: AmountInput,
): Promise<WalletOperationResult> {
  checkAmount(input.amount, 'amount');
  checkCurrency(input.currency);
  const charge: LedgerEntryKind = operation === 'refund' ? 'deduct' : 'withholding';
  return runOperation(
    deps,
    operation,
    input,
    { currency: input.currency, amount: input.amount },
    async (op) => {
      const wallet = await lockWallet(op.tx, input.ownerId, input.currency, op.now);
      const so = await chargedAndReturned(op.tx, wallet.id, input.reference, charge, operation);
      if (so.returned + input.amount > so.charged)
        throw new AppError('WALLET_REFUND_EXCEEDS_CHARGED', {
          datas: { charged: so.charged, returned: so.returned, currency: wallet.currency },
        });
      await op.post(wallet, operation, [
        ['revenue', -input.amount],
        ['available', input.amount],
      ]);
      return { wallet, amount: input.amount };
    },
  );
}

/** A recharge arrived (from a payment order): external -> available. */
export async function recharge(deps: LedgerDeps, _actor: null, input: AmountInput) {
  return credit(deps, 'recharge', input);
}

/** We pay a seller back of our own (a lost parcel, a service failure): compensation -> available. */
export async function compensation(deps: LedgerDeps, _actor: null, input: AmountInput) {
  return credit(deps, 'compensation', input);
}

/** A payout to the seller's bank: available -> external; refused with -10 beyond the available balance. */
export async function withdraw(deps: LedgerDeps, _actor: null, input: AmountInput) {
  return debit(deps, 'withdraw', input);
}

/** A charge taken directly from the available balance (a fee, a penalty): available -> revenue. */
export async function withholding(deps: LedgerDeps, _actor: null, input: AmountInput) {
  return debit(deps, 'withholding', input);
}

/** Gives back a withholding of the same reference, never more than was withheld for it. */
export async function withholdingReturn(deps: LedgerDeps, _actor: null, input: AmountInput) {
  return giveBack(deps, 'withholdingReturn', input);
}

/** Gives back what an order was deducted, never more in total than its deductions. */
export async function refund(deps: LedgerDeps, _actor: null, input: AmountInput) {
  return giveBack(deps, 'refund', input);
}

/**
 * Sets an order's estimated amount aside (available -> frozen). One live freeze per order
 * reference: refused while the order has one open or settled (WALLET_FREEZE_EXISTS), allowed again
 * once its freeze was cancelled (a new attempt at a withdrawn or interrupted order). Refused with
 * -10 (and the shortfall) beyond the available balance.
 */
export async function freeze(deps: LedgerDeps, _actor: null, input: AmountInput) {
  checkAmount(input.amount, 'amount');
  checkCurrency(input.currency);
  return runOperation(
    deps,
    'freeze',
    input,
    { currency: input.currency, amount: input.amount },
    async (op) => {
      const wallet = await lockWallet(op.tx, input.ownerId, input.currency, op.now);
      const [existing] = await op.tx
        .select({ id: walletFreezes.id })
        .from(walletFreezes)
        .where(
          and(
            eq(walletFreezes.ownerId, input.ownerId),
            eq(walletFreezes.referenceType, input.reference.type),
            eq(walletFreezes.referenceId, input.reference.id),
            ne(walletFreezes.state, 'released'),
          ),
        );
      if (existing) throw new AppError('WALLET_FREEZE_EXISTS');
      if (wallet.available < input.amount)
        throw insufficient(wallet, input.amount, input.reference);
      const [created] = await op.tx
        .insert(walletFreezes)
        .values({
          walletId: wallet.id,
          ownerId: input.ownerId,
          referenceType: input.reference.type,
          referenceId: input.reference.id,
          amount: input.amount,
          remaining: input.amount,
          state: 'open',
          createdAt: op.now,
        })
        .returning({ id: walletFreezes.id });
      if (!created) throw new Error('freeze not written');
      await op.post(
        wallet,
        'freeze',
        [
          ['available', -input.amount],
          ['frozen', input.amount],
        ],
        created.id,
      );
      return { wallet, amount: input.amount };
    },
  );
}

/** How often the open freeze is looked for again when it was resolved while its wallet was locked. */
const FREEZE_LOOKUPS = 3;

/**
 * The open freeze of an order with its wallet locked, or the reason there is none: no freeze at
 * all (WALLET_FREEZE_NOT_FOUND), or only resolved ones (WALLET_FREEZE_RESOLVED). An order has at
 * most one open freeze; released ones of earlier attempts may lie beside it.
 */
async function openFreeze(op: Operation, input: OperationInput) {
  const ofOrder = and(
    eq(walletFreezes.ownerId, input.ownerId),
    eq(walletFreezes.referenceType, input.reference.type),
    eq(walletFreezes.referenceId, input.reference.id),
  );
  for (let lookup = 0; lookup < FREEZE_LOOKUPS; lookup++) {
    const [found] = await op.tx
      .select({ id: walletFreezes.id, walletId: walletFreezes.walletId })
      .from(walletFreezes)
      .where(and(ofOrder, eq(walletFreezes.state, 'open')));
    if (!found) break;
    // The wallet first, as every operation locks it; then the freeze as it stands under that lock.
    const wallet = await lockWalletById(op.tx, found.walletId);
    const [held] = await op.tx
      .select()
      .from(walletFreezes)
      .where(eq(walletFreezes.id, found.id))
      .for('update');
    if (held?.state === 'open') return { wallet, held };
    // Resolved meanwhile by another operation; the order may have been frozen again since.
  }
  const [resolved] = await op.tx
    .select({ id: walletFreezes.id })
    .from(walletFreezes)
    .where(ofOrder);
  throw new AppError(resolved ? 'WALLET_FREEZE_RESOLVED' : 'WALLET_FREEZE_NOT_FOUND');
}

/**
 * Completes a frozen order: deducts the actual amount and releases the rest of the freeze. An
 * actual amount above the freeze takes the difference from the available balance, or is refused
 * with -10 (and the shortfall). The freeze resolves once.
 */
export async function settle(deps: LedgerDeps, _actor: null, input: SettleInput) {
  checkAmount(input.actual, 'actual', { zero: true });
  return runOperation(deps, 'settle', input, { actual: input.actual }, async (op) => {
    const { wallet, held } = await openFreeze(op, input);
    const actual = input.actual;
    const fromFrozen = Math.min(actual, held.amount);
    const extra = actual - fromFrozen;
    const rest = held.amount - fromFrozen;
    if (extra > 0 && wallet.available < extra) throw insufficient(wallet, extra, input.reference);
    if (actual > 0)
      await op.post(
        wallet,
        'deduct',
        extra > 0
          ? [
              ['frozen', -fromFrozen],
              ['available', -extra],
              ['revenue', actual],
            ]
          : [
              ['frozen', -actual],
              ['revenue', actual],
            ],
        held.id,
      );
    if (rest > 0)
      await op.post(
        wallet,
        'release',
        [
          ['frozen', -rest],
          ['available', rest],
        ],
        held.id,
      );
    await op.tx
      .update(walletFreezes)
      .set({ state: 'settled', remaining: 0, deducted: actual, resolvedAt: op.now })
      .where(eq(walletFreezes.id, held.id));
    return { wallet, amount: actual };
  });
}

/** Cancels a frozen order: the whole freeze goes back to available. The freeze resolves once. */
export async function cancel(deps: LedgerDeps, _actor: null, input: CancelInput) {
  return runOperation(deps, 'cancel', input, {}, async (op) => {
    const { wallet, held } = await openFreeze(op, input);
    await op.post(
      wallet,
      'release',
      [
        ['frozen', -held.amount],
        ['available', held.amount],
      ],
      held.id,
    );
    await op.tx
      .update(walletFreezes)
      .set({ state: 'released', remaining: 0, deducted: 0, resolvedAt: op.now })
      .where(eq(walletFreezes.id, held.id));
    return { wallet, amount: held.amount };
  });
}

/** A wallet's figures (zero when the account has none in that currency yet). */
export async function walletBalance(
  deps: Pick<LedgerDeps, 'db'>,
  actor: Pick<Actor, 'ownerId'>,
  currency: Currency,
): Promise<WalletBalance> {
  const { db } = deps;
  const { ownerId } = actor;
  const [row] = await db
    .select({ available: wallets.available, frozen: wallets.frozen })
    .from(wallets)
    .where(and(eq(wallets.ownerId, ownerId), eq(wallets.currency, currency)));
  const available = row?.available ?? 0;
  const frozen = row?.frozen ?? 0;
  return { currency, balance: available + frozen, frozen, available };
}

/** GET /api-user/wallet/summary: every wallet of the actor's main account, its site currency first. */
export async function walletSummary(
  deps: Pick<LedgerDeps, 'db'>,
  actor: Actor,
): Promise<WalletSummary> {
  const { db } = deps;
  const [owner] = await db
    .select({ currency: sites.currency })
    .from(users)
    .leftJoin(sites, eq(sites.code, users.site))
    .where(eq(users.id, actor.ownerId));
  const siteCurrency = (owner?.currency ?? 'CNY') as Currency;
  const rows = await db
    .select()
    .from(wallets)
    .where(eq(wallets.ownerId, actor.ownerId))
    .orderBy(asc(wallets.currency));
  const list = rows.map((row) => balanceOf({ ...row }));
  const home = list.find((wallet) => wallet.currency === siteCurrency) ?? {
    currency: siteCurrency,
    balance: 0,
    frozen: 0,
    available: 0,
  };
  return {
    currency: siteCurrency,
    wallets: [home, ...list.filter((wallet) => wallet.currency !== siteCurrency)],
  };
}
