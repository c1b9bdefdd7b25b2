import { CURRENCIES } from '@shared/contracts/money';
import {
  FREEZE_STATES,
  LEDGER_BUCKETS,
  LEDGER_ENTRY_KINDS,
  WALLET_OPERATIONS,
} from '@shared/contracts/wallet';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const listed = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

/**
 * A main account's wallet in one currency. `available` and `frozen` are a cache of the journal
 * (integer minor units), written in the same transaction as the postings and checked against the
 * journal by the ledger verifier; `lastSequence` numbers the wallet's journal entries one by one.
 * The row is the lock every operation on the wallet takes first.
 */
export const wallets = pgTable(
  'wallets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    available: bigint('available', { mode: 'number' }).notNull().default(0),
    frozen: bigint('frozen', { mode: 'number' }).notNull().default(0),
    lastSequence: bigint('last_sequence', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('wallets_owner_currency_key').on(t.ownerId, t.currency),
    check('wallets_available_not_negative', sql`${t.available} >= 0`),
    check('wallets_frozen_not_negative', sql`${t.frozen} >= 0`),
    check('wallets_currency_known', listed('currency', CURRENCIES)),
  ],
);

/**
 * Money set aside for one order until it is settled or released. At most one freeze per order
 * reference and account that is open or settled (a released one leaves the order free to be
 * frozen again, as a new attempt to pay it does); each resolves once (the database refuses any
 * change to a resolved freeze).
 */
export const walletFreezes = pgTable(
  'wallet_freezes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'restrict' }),
    ownerId: uuid('owner_id').notNull(),
    referenceType: text('reference_type').notNull(),
    referenceId: text('reference_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** What is still frozen: the amount while open, nothing once resolved. */
    remaining: bigint('remaining', { mode: 'number' }).notNull(),
    state: text('state', { enum: FREEZE_STATES }).notNull().default('open'),
    /** What the settlement deducted (may exceed the amount: the extra came from available). */
    deducted: bigint('deducted', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('wallet_freezes_owner_reference_key')
      .on(t.ownerId, t.referenceType, t.referenceId)
      .where(sql`${t.state} <> 'released'`),
    index('wallet_freezes_owner_reference_idx').on(t.ownerId, t.referenceType, t.referenceId),
    index('wallet_freezes_wallet_state_idx').on(t.walletId, t.state),
    check('wallet_freezes_amount_positive', sql`${t.amount} > 0`),
    check('wallet_freezes_state_known', listed('state', FREEZE_STATES)),
    check(
      'wallet_freezes_remaining_matches_state',
      sql`(${t.state} = 'open' and ${t.remaining} = ${t.amount} and ${t.resolvedAt} is null)
        or (${t.state} <> 'open' and ${t.remaining} = 0 and ${t.resolvedAt} is not null)`,
    ),
  ],
);

/**
 * The journal: one row per change of a wallet, never updated or deleted (the database refuses
 * both). Its postings sum to zero (checked by the database at commit). The entries of one
 * operation share `operationId` and its idempotency key; `sequence` counts the wallet's entries.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'restrict' }),
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    operationId: uuid('operation_id').notNull(),
    operation: text('operation', { enum: WALLET_OPERATIONS }).notNull(),
    kind: text('kind', { enum: LEDGER_ENTRY_KINDS }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    /** The amount of the change, always positive; the postings carry the signs. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    referenceType: text('reference_type').notNull(),
    referenceId: text('reference_id').notNull(),
    freezeId: uuid('freeze_id').references(() => walletFreezes.id, { onDelete: 'restrict' }),
    idempotencyKey: text('idempotency_key').notNull(),
    memo: text('memo'),
    /** The account that asked for it (a sub-account or an operator, kept even if removed later). */
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('ledger_entries_wallet_sequence_key').on(t.walletId, t.sequence),
    index('ledger_entries_wallet_reference_idx').on(t.walletId, t.referenceType, t.referenceId),
    index('ledger_entries_wallet_created_idx').on(t.walletId, t.createdAt),
    index('ledger_entries_freeze_idx').on(t.freezeId),
    index('ledger_entries_operation_idx').on(t.operationId),
    check('ledger_entries_amount_positive', sql`${t.amount} > 0`),
    check('ledger_entries_kind_known', listed('kind', LEDGER_ENTRY_KINDS)),
    check('ledger_entries_operation_known', listed('operation', WALLET_OPERATIONS)),
  ],
);

/**
 * The signed amounts of a journal entry, each in one bucket of the entry's wallet (its own
 * `available` and `frozen`, or one of our counterpart buckets). Never updated or deleted.
 */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => ledgerEntries.id, { onDelete: 'restrict' }),
    walletId: uuid('wallet_id')
      .notNull()
      .references(() => wallets.id, { onDelete: 'restrict' }),
    bucket: text('bucket', { enum: LEDGER_BUCKETS }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('ledger_postings_entry_idx').on(t.entryId),
    index('ledger_postings_wallet_bucket_idx').on(t.walletId, t.bucket),
    check('ledger_postings_amount_not_zero', sql`${t.amount} <> 0`),
    check('ledger_postings_bucket_known', listed('bucket', LEDGER_BUCKETS)),
  ],
);

/**
 * Idempotency keys, per account: the request they first came with (a hash) and the answer given.
 * Kept at least 24 hours (see IDEMPOTENCY_RETENTION_MS).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    operation: text('operation').notNull(),
    requestHash: text('request_hash').notNull(),
    /** The first answer; null only inside the transaction that claimed the key. */
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [t.ownerId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * Exchange rates as dated data: one unit of `base` is worth `rate` units of `quote` from
 * `effectiveFrom` until a later row of the same pair. Rates are exact decimals, never floats.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    base: text('base', { enum: CURRENCIES }).notNull(),
    quote: text('quote', { enum: CURRENCIES }).notNull(),
    rate: numeric('rate', { precision: 30, scale: 12 }).notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('exchange_rates_pair_effective_key').on(t.base, t.quote, t.effectiveFrom),
    check('exchange_rates_rate_positive', sql`${t.rate} > 0`),
    check('exchange_rates_pair_distinct', sql`${t.base} <> ${t.quote}`),
  ],
);

/**
 * The last run of the ledger reconciliation (one row per check, by name): when it ran, how much
 * it checked and what it found. `nextRunAt` is the claim that keeps two server processes from
 * running it at once.
 */
export const ledgerChecks = pgTable('ledger_checks', {
  name: text('name').primaryKey(),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
  walletsChecked: integer('wallets_checked').notNull().default(0),
  entriesChecked: integer('entries_checked').notNull().default(0),
  violationCount: integer('violation_count').notNull().default(0),
  violations: jsonb('violations').$type<unknown[]>().notNull().default([]),
  durationMs: integer('duration_ms').notNull().default(0),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
});

/**
 * Each account's part of the last reconciliation that saw it: when, its wallets and their journal
 * entries checked, and the violations found in its wallets and coupons. What an account is told of
 * the ledger check comes from its own row, never from the whole platform's run.
 */
export const ledgerAccountChecks = pgTable('ledger_account_checks', {
  /** The main account. */
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
  walletsChecked: integer('wallets_checked').notNull(),
  entriesChecked: integer('entries_checked').notNull(),
  violationCount: integer('violation_count').notNull(),
});
