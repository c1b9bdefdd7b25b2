import { defineEndpoint } from './define-endpoint';
import {
  BalanceExportQuerySchema,
  BalanceRecordPageSchema,
  BalanceRecordQuerySchema,
  EXPORT_ROW_LIMIT,
  FreezeExportQuerySchema,
  FreezeRecordPageSchema,
  FreezeRecordQuerySchema,
  LedgerCheckSchema,
  WALLET_MENU,
  WalletSummarySchema,
  XLSX_MEDIA_TYPE,
} from './wallet';

/** The wallet pages (spec section 2, /other/historyMoney): balances, history, freezes, exports. */
export const walletEndpoints = {
  summary: defineEndpoint({
    method: 'GET',
    path: '/api-user/wallet/summary',
    access: 'session',
    permission: { menu: WALLET_MENU },
    response: WalletSummarySchema,
    summary:
      'Balance, frozen and available amount of each wallet of the account (integer minor units), the site currency first',
  }),
  ledgerCheck: defineEndpoint({
    method: 'GET',
    path: '/api-user/wallet/ledgerCheck',
    access: 'session',
    permission: { menu: WALLET_MENU },
    response: LedgerCheckSchema,
    summary:
      "When the account's own wallets were last reconciled with their journal, and whether all was in order",
  }),
  balanceRecords: defineEndpoint({
    method: 'GET',
    path: '/api-user/user/balance_record/list',
    access: 'session',
    query: BalanceRecordQuerySchema,
    permission: { menu: WALLET_MENU },
    response: BalanceRecordPageSchema,
    summary:
      "The wallet history of one currency (default: the site's), newest first, each entry with the figures after it; default range the last 14 days in the reader's time zone",
  }),
  freezeRecords: defineEndpoint({
    method: 'GET',
    path: '/api-user/user/freeze_record/list',
    access: 'session',
    query: FreezeRecordQuerySchema,
    permission: { menu: WALLET_MENU },
    response: FreezeRecordPageSchema,
    summary:
      'The freezes of one wallet, newest first, with what each deducted and released; same date rules as the history',
  }),
  exportBalanceRecords: defineEndpoint({
    method: 'POST',
    path: '/api-user/user/balance_record/export',
    access: 'session',
    query: BalanceExportQuerySchema,
    permission: { menu: WALLET_MENU, button: 'export' },
    raw: true,
    download: true,
    summary: `The wallet history with the list's filters as an .xlsx file (${XLSX_MEDIA_TYPE}), newest first, at most ${EXPORT_ROW_LIMIT} rows; errors answer the JSON envelope`,
  }),
  exportFreezeRecords: defineEndpoint({
    method: 'POST',
    path: '/api-user/user/exportFreeze',
    access: 'session',
    query: FreezeExportQuerySchema,
    permission: { menu: WALLET_MENU, button: 'export' },
    raw: true,
    download: true,
    summary: `The freeze details with the list's filters as an .xlsx file (${XLSX_MEDIA_TYPE}), newest first, at most ${EXPORT_ROW_LIMIT} rows; errors answer the JSON envelope`,
  }),
};
