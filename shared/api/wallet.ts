import { endpoints } from '../contracts/endpoints';
import type { BalanceRecordQuery, FreezeRecordQuery } from '../contracts/wallet';
import type { Http } from './http';

type Options = { signal?: AbortSignal };

/** The filters of an export: a list's query without its page. */
type ExportQuery<Q> = Partial<Omit<Q, 'page' | 'limit'>>;

const calls = endpoints.wallet;

/** The wallet: balances, history, freeze details and the ledger's last reconciliation. */
export function createWalletApi(http: Http) {
  return {
    /** Every wallet of the account, the site currency first. */
    summary: async (options: Options = {}) => (await http.call(calls.summary, options)).datas,
    /** When the ledger was last verified. */
    ledgerCheck: async (options: Options = {}) =>
      (await http.call(calls.ledgerCheck, options)).datas,
    /** The wallet history. */
    balanceRecords: async (query: Partial<BalanceRecordQuery>, options: Options = {}) =>
      (await http.call(calls.balanceRecords, { query, ...options })).datas,
    /** The freeze details. */
    freezeRecords: async (query: Partial<FreezeRecordQuery>, options: Options = {}) =>
      (await http.call(calls.freezeRecords, { query, ...options })).datas,
    /** The wallet history under these filters as an .xlsx file (spec section 7: params; blob response). */
    exportBalanceRecords: (query: ExportQuery<BalanceRecordQuery>, options: Options = {}) =>
      http.call(calls.exportBalanceRecords, {
        query,
        filename: 'wallet-history.xlsx',
        ...options,
      }),
    /** The freeze details under these filters as an .xlsx file. */
    exportFreezeRecords: (query: ExportQuery<FreezeRecordQuery>, options: Options = {}) =>
      http.call(calls.exportFreezeRecords, {
        query,
        filename: 'freeze-details.xlsx',
        ...options,
      }),
  };
}
