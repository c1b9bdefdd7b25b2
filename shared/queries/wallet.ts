import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import type { BalanceRecordQuery, FreezeRecordQuery } from '../contracts/wallet';
import { useApi } from './api-context';

/** One page of the wallet history, as the history screen asks for it. */
type BalanceRecordParams = Pick<BalanceRecordQuery, 'limit'> &
  Partial<Omit<BalanceRecordQuery, 'limit'>>;
/** One page of the freeze details. */
type FreezeRecordParams = Pick<FreezeRecordQuery, 'limit'> &
  Partial<Omit<FreezeRecordQuery, 'limit'>>;

/**
 * Every wallet query starts with ['wallet']: whatever moves money (a payment, a recharge)
 * invalidates that prefix and the balances, history and freezes all read again.
 */
const walletKeys = {
  all: ['wallet'] as const,
  summary: () => [...walletKeys.all, 'summary'] as const,
  ledgerCheck: () => [...walletKeys.all, 'ledgerCheck'] as const,
  balanceRecords: (params: BalanceRecordParams) =>
    [...walletKeys.all, 'balanceRecords', params] as const,
  freezeRecords: (params: FreezeRecordParams) =>
    [...walletKeys.all, 'freezeRecords', params] as const,
};

/** How often the balances are read again while a page shows them. */
const SUMMARY_REFRESH_MS = 60_000;

/** The query sent: no empty filters. */
function withoutEmpty<T extends object>(params: T): T {
  return Object.fromEntries(
    Object.entries(params).filter(
      ([, value]) => value !== undefined && value !== null && value !== '',
    ),
  ) as T;
}

function walletSummaryQuery(api: ApiClient) {
  return queryOptions({
    queryKey: walletKeys.summary(),
    queryFn: ({ signal }) => api.wallet.summary({ signal }),
  });
}

function ledgerCheckQuery(api: ApiClient) {
  return queryOptions({
    queryKey: walletKeys.ledgerCheck(),
    queryFn: ({ signal }) => api.wallet.ledgerCheck({ signal }),
  });
}

function balanceRecordsQuery(api: ApiClient, params: BalanceRecordParams) {
  const query = withoutEmpty(params);
  return queryOptions({
    queryKey: walletKeys.balanceRecords(query),
    queryFn: ({ signal }) => api.wallet.balanceRecords(query, { signal }),
  });
}

function freezeRecordsQuery(api: ApiClient, params: FreezeRecordParams) {
  const query = withoutEmpty(params);
  return queryOptions({
    queryKey: walletKeys.freezeRecords(query),
    queryFn: ({ signal }) => api.wallet.freezeRecords(query, { signal }),
  });
}

/**
 * Every wallet of the account, the site currency first: read again when the window regains focus
 * and every minute. A screen falls back to the session's figures without it, so no toast.
 */
export function useWalletSummary(options: { enabled?: boolean } = {}) {
  return useQuery({
    ...walletSummaryQuery(useApi()),
    enabled: options.enabled ?? true,
    refetchOnWindowFocus: true,
    refetchInterval: SUMMARY_REFRESH_MS,
    meta: { inlineErrors: true },
  });
}

/** When the ledger was last reconciled with the journal, and what was found. */
export function useLedgerCheck() {
  return useQuery({ ...ledgerCheckQuery(useApi()), meta: { inlineErrors: true } });
}

/**
 * A page of the wallet history with the range's totals. The previous page stays on screen while
 * the next one loads; the screen shows a failure itself (with a retry).
 */
export function useBalanceRecords(params: BalanceRecordParams) {
  return useQuery({
    ...balanceRecordsQuery(useApi(), params),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
}

/** A page of the freeze details with what is frozen now; shown as the history is. */
export function useFreezeRecords(params: FreezeRecordParams) {
  return useQuery({
    ...freezeRecordsQuery(useApi(), params),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
}

/** The wallet history under the screen's filters as an .xlsx file; the screen words a failure. */
export function useExportBalanceRecords() {
  const api = useApi();
  return useMutation({
    mutationFn: (query: Omit<BalanceRecordParams, 'page' | 'cursor' | 'limit'>) =>
      api.wallet.exportBalanceRecords(withoutEmpty(query)),
    meta: { inlineErrors: true },
  });
}

/** The freeze details under the screen's filters as an .xlsx file. */
export function useExportFreezeRecords() {
  const api = useApi();
  return useMutation({
    mutationFn: (query: Omit<FreezeRecordParams, 'page' | 'cursor' | 'limit'>) =>
      api.wallet.exportFreezeRecords(withoutEmpty(query)),
    meta: { inlineErrors: true },
  });
}
