import type { Currency } from '@shared/contracts/money';
import {
  type BalanceRecord,
  BalanceRecordPageSchema,
  BalanceRecordQuerySchema,
  type FreezeRecord,
  FreezeRecordPageSchema,
  FreezeRecordQuerySchema,
  XLSX_MEDIA_TYPE,
} from '@shared/contracts/wallet';
import * as z from 'zod/mini';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import {
  balanceRecordsForExport,
  EXPORT_ROW_LIMIT,
  freezeRecordsForExport,
  listBalanceRecords,
  listFreezeRecords,
} from './history.service';
import { attachment, EXPORT_WORDS, fill, type SheetColumn, sheetFile } from './xlsx';

/** The money history page (spec section 2, /other/historyMoney) and its export button. */
const HISTORY_MENU = '/other/historyMoney';
const EXPORT = { menu: HISTORY_MENU, button: 'export' };

/** The exports take the lists' filters (as query parameters, spec section 7), without paging. */
const BalanceExportQuerySchema = z.omit(BalanceRecordQuerySchema, { page: true, limit: true });
const FreezeExportQuerySchema = z.omit(FreezeRecordQuerySchema, { page: true, limit: true });

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
  return new Response(new Uint8Array(file), {
    status: 200,
    headers: {
      'content-type': XLSX_MEDIA_TYPE,
      'content-disposition': attachment(`${name}.xlsx`, `${ascii}.xlsx`),
      'content-length': String(file.length),
      'cache-control': 'no-store',
      'x-total-count': String(found.total),
      'x-export-count': String(found.records.length),
    },
  });
}

export const historyRoutes = [
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/user/balance_record/list',
      access: 'session',
      query: BalanceRecordQuerySchema,
      permission: { menu: HISTORY_MENU },
      response: BalanceRecordPageSchema,
      summary:
        "The wallet history of one currency (default: the site's), newest first, each entry with the figures after it; default range the last 14 days in the reader's time zone",
    },
    async ({ c, deps, actor, query }) => ok(c, await listBalanceRecords(deps, actor, query)),
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/user/freeze_record/list',
      access: 'session',
      query: FreezeRecordQuerySchema,
      permission: { menu: HISTORY_MENU },
      response: FreezeRecordPageSchema,
      summary:
        'The freezes of one wallet, newest first, with what each deducted and released; same date rules as the history',
    },
    async ({ c, deps, actor, query }) => ok(c, await listFreezeRecords(deps, actor, query)),
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/api-user/user/balance_record/export',
      access: 'session',
      query: BalanceExportQuerySchema,
      permission: EXPORT,
      raw: true,
      summary: `The wallet history with the list's filters as an .xlsx file (${XLSX_MEDIA_TYPE}), newest first, at most ${EXPORT_ROW_LIMIT} rows; errors answer the JSON envelope`,
    },
    async ({ c, deps, actor, query }) => {
      const words = EXPORT_WORDS[c.var.t.language];
      const found = await balanceRecordsForExport(deps, actor, query);
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
            value: (row) => `${row.reference.type}:${row.reference.id}`,
          },
          { header: heads.memo, width: 30, kind: 'text', value: (row) => row.memo },
        ],
      );
    },
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/api-user/user/exportFreeze',
      access: 'session',
      query: FreezeExportQuerySchema,
      permission: EXPORT,
      raw: true,
      summary: `The freeze details with the list's filters as an .xlsx file (${XLSX_MEDIA_TYPE}), newest first, at most ${EXPORT_ROW_LIMIT} rows; errors answer the JSON envelope`,
    },
    async ({ c, deps, actor, query }) => {
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
            value: (row) => `${row.reference.type}:${row.reference.id}`,
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
    },
  ),
];
