import { CURRENCIES, type Currency } from '@shared/contracts/money';
import type { FREEZE_STATES, LedgerEntryKind } from '@shared/contracts/wallet';
import { cursorParam, limitParam, oneOf } from '../../components/list-search';
import { parseDateTimeText } from './wallet-range';

// The route table reads these on the console's first load, so they check by hand against copies
// of the contract's lists (the contract module would bring the schema library with it). The types
// below keep the copies equal to the contract's lists.

type Exactly<List extends readonly string[], Union extends string> = [
  Exclude<Union, List[number]>,
] extends [never]
  ? List
  : never;

export type FreezeState = (typeof FREEZE_STATES)[number];

const KIND_LIST = [
  'deduct',
  'refund',
  'recharge',
  'withdraw',
  'withholding',
  'withholdingReturn',
  'compensation',
  'freeze',
  'release',
] as const satisfies readonly LedgerEntryKind[];
const STATE_LIST = ['open', 'settled', 'released'] as const satisfies readonly FreezeState[];

/** The bill types in the order spec section 4 names them. */
export const BILL_TYPES: Exactly<typeof KIND_LIST, LedgerEntryKind> = KIND_LIST;
export const FREEZE_STATE_LIST: Exactly<typeof STATE_LIST, FreezeState> = STATE_LIST;

/** Rows per page: 20 by default; longer pages scroll in a box that keeps only the rows in view. */
export const HISTORY_PAGE_SIZE = 20;
export const HISTORY_PAGE_SIZES = [20, 50, 100] as const;

/** The money history's tab, filters and position, as its address carries them. */
export interface HistoryMoneySearch {
  /** The freeze details tab; absent for the default, the wallet history. */
  tab?: 'freezes';
  billType?: LedgerEntryKind;
  state?: FreezeState;
  currency?: Currency;
  /** YYYY-MM-DD HH:mm:ss in the reader's time zone; absent for the default range. */
  beginTime?: string;
  endTime?: string;
  /** The server's keyset position; none on the first page. */
  cursor?: string;
  /** Rows per page, other than the default. */
  limit?: number;
}

function dateTime(value: unknown): string | undefined {
  return typeof value === 'string' && parseDateTimeText(value) ? value : undefined;
}

/**
 * The router's validateSearch for /other/historyMoney: keeps the freeze tab, a known bill type,
 * freeze state and currency, a range of two real moments in order, a page's position (the server's cursor) and a choice of
 * rows per page; drops anything else, so a hand-edited address still opens the page.
 */
export function validateHistoryMoneySearch(search: Record<string, unknown>): HistoryMoneySearch {
  const billType = oneOf(BILL_TYPES, search.billType);
  const state = oneOf(FREEZE_STATE_LIST, search.state);
  const currency = oneOf<Currency>(CURRENCIES, search.currency);
  const beginTime = dateTime(search.beginTime);
  const endTime = dateTime(search.endTime);
  // Text of this one format compares as time does.
  const ordered = !beginTime || !endTime || beginTime <= endTime;
  return {
    ...(search.tab === 'freezes' ? { tab: 'freezes' as const } : {}),
    ...(billType ? { billType } : {}),
    ...(state ? { state } : {}),
    ...(currency ? { currency } : {}),
    ...(beginTime && ordered ? { beginTime } : {}),
    ...(endTime && ordered ? { endTime } : {}),
    ...cursorParam(search.cursor),
    ...limitParam(search.limit, HISTORY_PAGE_SIZES, HISTORY_PAGE_SIZE),
  };
}
