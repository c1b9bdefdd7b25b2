import * as z from 'zod/mini';
import { DateTimeSchema, TimeZoneSchema } from './date-range';
import type { MenuUrl } from './menus';
import { CURRENCIES } from './money';
import { KeysetPageShape, KeysetQueryShape } from './paging';

/**
 * The page whose grant lets an account see its wallets' figures (the history, the summary, the
 * header's balance): without it a sub-account is shown none of them.
 */
export const WALLET_MENU = '/other/historyMoney' satisfies MenuUrl;

/** datas of resp_code -10: what the operation needs beyond the available balance. */
export const InsufficientBalanceDataSchema = z.object({
  messages: z._default(z.array(z.string()), []),
  shortfall: z.int().check(z.nonnegative()),
  currency: z.enum(CURRENCIES),
});

/**
 * What a wallet operation does (spec section 4 lists the change types). `settle` deducts the
 * actual amount of a frozen order and releases the rest; `cancel` releases the whole freeze.
 */
export const WALLET_OPERATIONS = [
  'recharge',
  'freeze',
  'settle',
  'cancel',
  'refund',
  'withdraw',
  'withholding',
  'withholdingReturn',
  'compensation',
] as const;
export type WalletOperation = (typeof WALLET_OPERATIONS)[number];

/**
 * Remarks the system writes on journal entries, worded in the reader's language when read
 * (locales/<lng>/api.json, `memo<Key>`). Stored as `@key` or `@key?name=value&…`; any other
 * remark (an operator's words) is shown as written.
 */
const LEDGER_MEMOS = [
  'warehouseFee',
  'downgradeCredited',
  'lateDelivery',
  'returnedUnused',
  'withdrawnTo',
] as const;
export type LedgerMemo = (typeof LEDGER_MEMOS)[number];

/** The stored form of a system remark. */
export function ledgerMemo(key: LedgerMemo, params: Record<string, string | number> = {}): string {
  const query = new URLSearchParams(
    Object.entries(params).map(([name, value]): [string, string] => [name, String(value)]),
  ).toString();
  return `@${key}${query ? `?${query}` : ''}`;
}

/** A stored remark's key and parameters, or null for one written by a person. */
export function parseLedgerMemo(
  memo: string,
): { key: LedgerMemo; params: Record<string, string> } | null {
  const match = /^@(\w+)(?:\?(.*))?$/s.exec(memo);
  const key = LEDGER_MEMOS.find((candidate) => candidate === match?.[1]);
  if (!match || !key) return null;
  return { key, params: Object.fromEntries(new URLSearchParams(match[2] ?? '')) };
}

/** The kinds of journal entry: the bill types of the wallet history (spec section 4). */
export const LEDGER_ENTRY_KINDS = [
  'recharge',
  'freeze',
  'release',
  'deduct',
  'refund',
  'withdraw',
  'withholding',
  'withholdingReturn',
  'compensation',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/**
 * Where a posting puts money. `available` and `frozen` are the seller's wallet; the others are
 * the counterparts on our side: `external` (money arriving from or leaving to a payment
 * provider or bank), `revenue` (what sellers paid us for orders, services and fees) and
 * `compensation` (what we paid sellers back of our own).
 */
export const LEDGER_BUCKETS = [
  'available',
  'frozen',
  'external',
  'revenue',
  'compensation',
] as const;
export type LedgerBucket = (typeof LEDGER_BUCKETS)[number];

/** A freeze is open until its order is settled (deducted, the rest released) or released. */
export const FREEZE_STATES = ['open', 'settled', 'released'] as const;

/**
 * The idempotency key every money-moving request carries (the `Idempotency-Key` header): the same
 * key with the same input answers the first result again; with other input it is refused
 * (IDEMPOTENCY_KEY_REUSED).
 */
export const IdempotencyKeySchema = z
  .string()
  .check(z.minLength(1), z.maxLength(200), z.regex(/^[\x21-\x7e]+$/));

/** One currency of a wallet, in integer minor units: balance = available + frozen. */
export const WalletBalanceSchema = z.object({
  currency: z.enum(CURRENCIES),
  balance: z.int(),
  frozen: z.int(),
  available: z.int(),
});
export type WalletBalance = z.infer<typeof WalletBalanceSchema>;

/** GET /api-user/wallet/summary: the tenant's wallets, its site currency first (present even when empty). */
export const WalletSummarySchema = z.object({
  currency: z.enum(CURRENCIES),
  wallets: z.array(WalletBalanceSchema),
});
export type WalletSummary = z.infer<typeof WalletSummarySchema>;

/** The order, payment or fee a wallet operation is for, such as a service order number. */
export const LedgerReferenceSchema = z.object({
  type: z.string().check(z.minLength(1), z.maxLength(40)),
  id: z.string().check(z.minLength(1), z.maxLength(120)),
});
export type LedgerReference = z.infer<typeof LedgerReferenceSchema>;

/** The outcome of one wallet operation, answered again as it was for a repeated idempotency key. */
export const WalletOperationResultSchema = z.object({
  operationId: z.string(),
  operation: z.enum(WALLET_OPERATIONS),
  walletId: z.string(),
  currency: z.enum(CURRENCIES),
  reference: LedgerReferenceSchema,
  /** The amount the operation was asked for (for a settlement, the actual amount). */
  amount: z.int(),
  entries: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(LEDGER_ENTRY_KINDS),
      amount: z.int(),
      sequence: z.int(),
    }),
  ),
  /** The wallet right after the operation. */
  wallet: WalletBalanceSchema,
  createdAt: z.string(),
  /** True when this answer repeats the first result of the same idempotency key. */
  replayed: z.boolean(),
});
export type WalletOperationResult = z.infer<typeof WalletOperationResultSchema>;

/**
 * GET /api-user/wallet/ledgerCheck: the last reconciliation of the account's own wallets against
 * their journal (its main account's wallets; nothing of any other account).
 */
export const LedgerCheckSchema = z.object({
  /**
   * When all of the account's wallets were last verified; null while one of them never was. An
   * account without a wallet is given the time of the last run.
   */
  checkedAt: z.nullable(z.string()),
  /** Its wallets verified, the journal entries they had then, and the violations found in them. */
  walletsChecked: z.int(),
  entriesChecked: z.int(),
  violations: z.int(),
  healthy: z.boolean(),
});
export type LedgerCheck = z.infer<typeof LedgerCheckSchema>;

/**
 * GET /api-user/user/balance_record/list (and POST .../balance_record/export, the same rows as an
 * .xlsx file): the wallet history, newest first. The default range is the last 14 days from
 * 00:00:00 in the reader's time zone (spec section 9).
 */
export const BalanceRecordQuerySchema = z.object({
  ...KeysetQueryShape,
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
  /** Bill type: one kind of journal entry. */
  billType: z.optional(z.enum(LEDGER_ENTRY_KINDS)),
  currency: z.optional(z.enum(CURRENCIES)),
  beginTime: z.optional(DateTimeSchema),
  endTime: z.optional(DateTimeSchema),
  timeZone: z.optional(TimeZoneSchema),
});
export type BalanceRecordQuery = z.infer<typeof BalanceRecordQuerySchema>;

/** One journal entry as the history shows it, with the wallet's figures right after it. */
const BalanceRecordSchema = z.object({
  id: z.string(),
  sequence: z.int(),
  billType: z.enum(LEDGER_ENTRY_KINDS),
  currency: z.enum(CURRENCIES),
  /** The change of the balance (available + frozen): positive in, negative out, 0 for freeze/release. */
  change: z.int(),
  /** The change of the available amount. */
  availableChange: z.int(),
  amount: z.int(),
  balanceAfter: z.int(),
  availableAfter: z.int(),
  frozenAfter: z.int(),
  reference: LedgerReferenceSchema,
  memo: z.nullable(z.string()),
  createdAt: z.string(),
});
export type BalanceRecord = z.infer<typeof BalanceRecordSchema>;

export const BalanceRecordPageSchema = z.object({
  records: z.array(BalanceRecordSchema),
  total: z.int(),
  ...KeysetPageShape,
  /** Sums over the whole filtered range: money in and money out. */
  totals: z.object({ income: z.int(), expense: z.int() }),
});
export type BalanceRecordPage = z.infer<typeof BalanceRecordPageSchema>;

/**
 * GET /api-user/user/freeze_record/list (and POST /api-user/user/exportFreeze as .xlsx): the
 * freeze details, newest first, in the same date range rules.
 */
export const FreezeRecordQuerySchema = z.object({
  ...KeysetQueryShape,
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
  state: z.optional(z.enum(FREEZE_STATES)),
  currency: z.optional(z.enum(CURRENCIES)),
  beginTime: z.optional(DateTimeSchema),
  endTime: z.optional(DateTimeSchema),
  timeZone: z.optional(TimeZoneSchema),
});
export type FreezeRecordQuery = z.infer<typeof FreezeRecordQuerySchema>;

const FreezeRecordSchema = z.object({
  id: z.string(),
  currency: z.enum(CURRENCIES),
  reference: LedgerReferenceSchema,
  /** What was frozen. */
  amount: z.int(),
  state: z.enum(FREEZE_STATES),
  /** What the settlement deducted; null while open or when released. */
  deducted: z.nullable(z.int()),
  /** What went back to available. */
  released: z.nullable(z.int()),
  createdAt: z.string(),
  resolvedAt: z.nullable(z.string()),
});
export type FreezeRecord = z.infer<typeof FreezeRecordSchema>;

export const FreezeRecordPageSchema = z.object({
  records: z.array(FreezeRecordSchema),
  total: z.int(),
  ...KeysetPageShape,
  /** What is frozen now across the range's open freezes. */
  openTotal: z.int(),
});
export type FreezeRecordPage = z.infer<typeof FreezeRecordPageSchema>;

/** The media type of the exports. */
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The most rows one export file holds (the newest); the rest needs a shorter range. */
export const EXPORT_ROW_LIMIT = 50_000;

/** The exports take the lists' filters (as query parameters, spec section 7), without paging. */
export const BalanceExportQuerySchema = z.omit(BalanceRecordQuerySchema, {
  page: true,
  limit: true,
});
export const FreezeExportQuerySchema = z.omit(FreezeRecordQuerySchema, { page: true, limit: true });
