import {
  BalanceRecordPageSchema,
  type BalanceRecordQuery,
  FreezeRecordPageSchema,
  type FreezeRecordQuery,
  LedgerCheckSchema,
  WalletSummarySchema,
} from '../contracts/wallet';
import type { Http } from './http';

type Options = { signal?: AbortSignal };

/** The filters of an export: a list's query without its page. */
type ExportQuery<Q> = Partial<Omit<Q, 'page' | 'limit'>>;

/** The wallet: balances, history, freeze details and the ledger's last reconciliation. */
export function createWalletApi(http: Http) {
  return {
    /** GET /api-user/wallet/summary: every wallet of the account, the site currency first. */
    summary: async (options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/wallet/summary',
          schema: WalletSummarySchema,
          ...options,
        })
      ).datas,
    /** GET /api-user/wallet/ledgerCheck: when the ledger was last verified. */
    ledgerCheck: async (options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/wallet/ledgerCheck',
          schema: LedgerCheckSchema,
          ...options,
        })
      ).datas,
    /** GET /api-user/user/balance_record/list: the wallet history. */
    balanceRecords: async (query: Partial<BalanceRecordQuery>, options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/user/balance_record/list',
          query,
          schema: BalanceRecordPageSchema,
          ...options,
        })
      ).datas,
    /** GET /api-user/user/freeze_record/list: the freeze details. */
    freezeRecords: async (query: Partial<FreezeRecordQuery>, options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/user/freeze_record/list',
          query,
          schema: FreezeRecordPageSchema,
          ...options,
        })
      ).datas,
    /**
     * POST /api-user/user/balance_record/export: the wallet history under these filters as an
     * .xlsx file (spec section 7: params; blob response).
     */
    exportBalanceRecords: (query: ExportQuery<BalanceRecordQuery>, options: Options = {}) =>
      http.download({
        method: 'POST',
        path: '/api-user/user/balance_record/export',
        query,
        filename: 'wallet-history.xlsx',
        ...options,
      }),
    /** POST /api-user/user/exportFreeze: the freeze details under these filters as an .xlsx file. */
    exportFreezeRecords: (query: ExportQuery<FreezeRecordQuery>, options: Options = {}) =>
      http.download({
        method: 'POST',
        path: '/api-user/user/exportFreeze',
        query,
        filename: 'freeze-details.xlsx',
        ...options,
      }),
  };
}
