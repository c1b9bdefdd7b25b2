import { endpoints } from '@shared/contracts/endpoints';
import {
  type BalanceRecord,
  type FreezeRecord,
  type LedgerMemo,
  parseLedgerMemo,
} from '@shared/contracts/wallet';
import type { ApiMessageKey, Translator } from '../../lib/i18n';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import {
  balanceRecordsForExport,
  freezeRecordsForExport,
  listBalanceRecords,
  listFreezeRecords,
} from './history.service';
import { EXPORT_WORDS, sheetAnswer } from './xlsx';

const MEMO_WORDS = {
  warehouseFee: 'memoWarehouseFee',
  downgradeCredited: 'memoDowngradeCredited',
  lateDelivery: 'memoLateDelivery',
  returnedUnused: 'memoReturnedUnused',
  withdrawnTo: 'memoWithdrawnTo',
} as const satisfies Record<LedgerMemo, ApiMessageKey>;

/** A journal entry's remark in the reader's language: a system remark worded, a person's as written. */
function memoIn(t: Translator, memo: string | null): string | null {
  const parsed = memo === null ? null : parseLedgerMemo(memo);
  return parsed ? t.message(MEMO_WORDS[parsed.key], parsed.params) : memo;
}

const withMemosIn = <Row extends { memo: string | null }>(t: Translator, rows: Row[]): Row[] =>
  rows.map((row) => ({ ...row, memo: memoIn(t, row.memo) }));

export const historyRoutes = [
  defineRoute(endpoints.wallet.balanceRecords, async ({ c, deps, actor, query }) => {
    const page = await listBalanceRecords(deps, actor, query);
    return ok(c, { ...page, records: withMemosIn(c.var.t, page.records) });
  }),
  defineRoute(endpoints.wallet.freezeRecords, async ({ c, deps, actor, query }) =>
    ok(c, await listFreezeRecords(deps, actor, query)),
  ),
  defineRoute(endpoints.wallet.exportBalanceRecords, async ({ c, deps, actor, query }) => {
    const words = EXPORT_WORDS[c.var.t.language];
    const exported = await balanceRecordsForExport(deps, actor, query);
    const found = { ...exported, records: withMemosIn(c.var.t, exported.records) };
    const heads = words.balance.columns;
    return sheetAnswer<BalanceRecord>(
      words,
      words.balance,
      'wallet-history',
      found,
      ({ money, time }) => [
        time(heads.time, (row) => row.createdAt),
        {
          header: heads.billType,
          width: 18,
          kind: 'text',
          value: (row) => words.billTypes[row.billType],
        },
        { header: heads.currency, width: 10, kind: 'text', value: (row) => row.currency },
        { ...money((row) => row.change), header: heads.change },
        { ...money((row) => row.availableChange), header: heads.availableChange },
        { ...money((row) => row.balanceAfter), header: heads.balanceAfter },
        { ...money((row) => row.availableAfter), header: heads.availableAfter },
        { ...money((row) => row.frozenAfter), header: heads.frozenAfter },
        {
          header: heads.reference,
          width: 28,
          kind: 'text',
          value: (row) => row.reference.id,
        },
        { header: heads.memo, width: 30, kind: 'text', value: (row) => row.memo },
      ],
    );
  }),
  defineRoute(endpoints.wallet.exportFreezeRecords, async ({ c, deps, actor, query }) => {
    const words = EXPORT_WORDS[c.var.t.language];
    const found = await freezeRecordsForExport(deps, actor, query);
    const heads = words.freeze.columns;
    return sheetAnswer<FreezeRecord>(
      words,
      words.freeze,
      'freeze-details',
      found,
      ({ money, time }) => [
        time(heads.time, (row) => row.createdAt),
        { header: heads.currency, width: 10, kind: 'text', value: (row) => row.currency },
        {
          header: heads.reference,
          width: 28,
          kind: 'text',
          value: (row) => row.reference.id,
        },
        { ...money((row) => row.amount), header: heads.amount },
        {
          header: heads.state,
          width: 14,
          kind: 'text',
          value: (row) => words.freezeStates[row.state],
        },
        { ...money((row) => row.deducted), header: heads.deducted },
        { ...money((row) => row.released), header: heads.released },
        time(heads.resolvedAt, (row) => row.resolvedAt),
      ],
    );
  }),
];
