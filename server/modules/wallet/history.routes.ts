import { endpoints } from '@shared/contracts/endpoints';
import type { Currency } from '@shared/contracts/money';
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
import { EXPORT_WORDS, fill, type SheetColumn, sheetFile, sheetResponse } from './xlsx';

/** What an export found: its rows of the range, and how many the range holds. */
interface Found<Row> {
  records: Row[];
  total: number;
  range: { zone: string; firstDay: string; lastDay: string };
}

type Words = (typeof EXPORT_WORDS)[keyof typeof EXPORT_WORDS];

/**
 * The answer of an export: one sheet of the rows (with a note when the range held more than the
 * limit), named in the reader's language and in ASCII with the range's dates, and how many rows
 * it holds of how many.
 */
async function sheetAnswer<Row extends { currency: Currency; createdAt: string }>(
  words: Words,
  sheet: { sheet: string; file: string },
  asciiStem: string,
  found: Found<Row>,
  columns: (parts: {
    money: (value: (row: Row) => number | null) => SheetColumn<Row>;
    time: (header: string, value: (row: Row) => string | null) => SheetColumn<Row>;
  }) => SheetColumn<Row>[],
): Promise<Response> {
  const { range } = found;
  const money = (value: (row: Row) => number | null): SheetColumn<Row> => ({
    header: '',
    width: 16,
    kind: 'money',
    value,
    currency: (row) => row.currency,
  });
  const time = (header: string, value: (row: Row) => string | null): SheetColumn<Row> => ({
    header: fill(header, { zone: range.zone }),
    width: 21,
    kind: 'time',
    value: (row) => {
      const at = value(row);
      return at ? new Date(at) : null;
    },
  });
  const file = await sheetFile<Row>({
    name: sheet.sheet,
    zone: range.zone,
    rows: found.records,
    note:
      found.total > found.records.length
        ? fill(words.truncated, { kept: found.records.length, total: found.total })
        : undefined,
    columns: columns({ money, time }),
  });
  const dates = { from: range.firstDay, to: range.lastDay };
  const name = fill(sheet.file, dates);
  const ascii = `${asciiStem}-${dates.from}-${dates.to}`;
  return sheetResponse(
    file,
    { name: `${name}.xlsx`, ascii: `${ascii}.xlsx` },
    { total: found.total, kept: found.records.length },
  );
}

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
