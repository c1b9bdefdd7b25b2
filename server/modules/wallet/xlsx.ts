import { PassThrough } from 'node:stream';
import enExports from '@locales/en/exports.json';
import enWallet from '@locales/en/wallet.json';
import thExports from '@locales/th/exports.json';
import thWallet from '@locales/th/wallet.json';
import zhExports from '@locales/zh/exports.json';
import zhWallet from '@locales/zh/wallet.json';
import type { Language } from '@shared/contracts/languages';
import { CURRENCY_DECIMALS, type Currency, minorToDecimal } from '@shared/contracts/money';
import { XLSX_MEDIA_TYPE } from '@shared/contracts/wallet';
import ExcelJS from 'exceljs';

/**
 * The wallet history's .xlsx files: one sheet, translated headers, amounts as numbers in their
 * currency's decimals (the cell keeps the number, its format shows the decimals), and times as
 * the wall-clock time of the reader's zone (a spreadsheet time has no zone of its own).
 */

/**
 * The words of the exported files, in every language. Bill types and freeze states are the
 * wallet page's own words, so a row is named the same on screen and in its file.
 */
const wordsOf = (
  exports: typeof enExports,
  wallet: Pick<typeof enWallet, 'billTypes' | 'freezeStates'>,
) => ({ ...exports, billTypes: wallet.billTypes, freezeStates: wallet.freezeStates });
export const EXPORT_WORDS = {
  zh: wordsOf(zhExports, zhWallet),
  th: wordsOf(thExports, thWallet),
  en: wordsOf(enExports, enWallet),
} satisfies Record<Language, ReturnType<typeof wordsOf>>;

type Params = Record<string, string | number>;

/** Fills `{{name}}` placeholders, as i18next and the server's other texts do. */
export function fill(template: string, params: Params): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

type Cell = string | number | Date | null;

export interface SheetColumn<R> {
  header: string;
  /** Width in characters. */
  width: number;
  /** `money` cells are minor units of `currency(row)`; `time` cells are instants. */
  kind: 'text' | 'money' | 'time';
  value: (row: R) => string | number | Date | null;
  currency?: (row: R) => Currency;
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** An instant as a spreadsheet time showing its wall clock in `zone`. */
function wallClockCell(instant: Date, zone: string): Date {
  let format = wallClocks.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClocks.set(zone, format);
  }
  const parts = format.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  // The file stores times as days since 1900 read in UTC: the wall clock goes in as UTC.
  return new Date(
    Date.UTC(
      part('year'),
      part('month') - 1,
      part('day'),
      part('hour'),
      part('minute'),
      part('second'),
    ),
  );
}

/**
 * Cell styles, one object per format: the writer recognises an object it has seen and reuses its
 * style, where a fresh object per cell would be looked up again each time.
 */
const MONEY_STYLES: Record<number, Partial<ExcelJS.Style>> = {
  0: { numFmt: '#,##0' },
  2: { numFmt: '#,##0.00' },
};
const TIME_STYLE: Partial<ExcelJS.Style> = { numFmt: 'yyyy-mm-dd hh:mm:ss' };

/**
 * One sheet as an .xlsx file. Written by the streaming writer (no shared strings, one row at a
 * time), so a large export does not hold the workbook's whole model in memory; `note`, when
 * given, is a last line below the rows.
 */
export async function sheetFile<R>(sheet: {
  name: string;
  zone: string;
  columns: readonly SheetColumn<R>[];
  rows: readonly R[];
  note?: string | undefined;
}): Promise<Buffer> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    sink.on('end', resolve);
    sink.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: false,
  });
  // Sheet names may not hold : \ / ? * [ ] and are at most 31 characters.
  const worksheet = workbook.addWorksheet(sheet.name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31));
  worksheet.columns = sheet.columns.map((column) => ({ width: column.width }));
  const header = worksheet.addRow(sheet.columns.map((column) => column.header));
  header.font = { bold: true };
  header.commit();
  for (const row of sheet.rows) {
    const values: Cell[] = sheet.columns.map((column) => {
      const value = column.value(row);
      if (value === null) return null;
      if (column.kind === 'money' && typeof value === 'number' && column.currency)
        return Number(minorToDecimal(value, column.currency(row)));
      if (column.kind === 'time' && value instanceof Date) return wallClockCell(value, sheet.zone);
      return value;
    });
    const line = worksheet.addRow(values);
    sheet.columns.forEach((column, index) => {
      const style =
        column.kind === 'time'
          ? TIME_STYLE
          : column.kind === 'money' && column.currency
            ? MONEY_STYLES[CURRENCY_DECIMALS[column.currency(row)]]
            : undefined;
      if (style) line.getCell(index + 1).style = style;
    });
    line.commit();
  }
  if (sheet.note) worksheet.addRow([sheet.note]).commit();
  worksheet.commit();
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}

/** RFC 5987 encoding of a file name for `filename*=UTF-8''...`. */
function encodeFileName(name: string): string {
  return encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The headers of a file download: the translated name for browsers (UTF-8), an ASCII name for
 * the rest.
 */
export function attachment(name: string, asciiName: string): string {
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeFileName(name)}`;
}

/**
 * An exported sheet as the download answers it: the file named in the reader's language and in
 * ASCII, with how many rows it holds (`x-export-count`) of how many matched (`x-total-count`).
 */
function sheetResponse(
  file: Buffer,
  names: { name: string; ascii: string },
  counts: { total: number; kept: number },
): Response {
  return new Response(new Uint8Array(file), {
    status: 200,
    headers: {
      'content-type': XLSX_MEDIA_TYPE,
      'content-disposition': attachment(names.name, names.ascii),
      'content-length': String(file.length),
      'cache-control': 'no-store',
      'x-total-count': String(counts.total),
      'x-export-count': String(counts.kept),
    },
  });
}

/** What an export found: its rows of the range, and how many the range holds. */
interface Found<Row> {
  records: Row[];
  total: number;
  range: { zone: string; firstDay: string; lastDay: string };
}

/**
 * The answer of an export: one sheet of the rows (with a note when the range held more than the
 * limit), named in the reader's language and in ASCII with the range's dates, and how many rows
 * it holds of how many.
 */
export async function sheetAnswer<Row extends { currency: Currency }>(
  words: { truncated: string },
  sheet: { sheet: string; file: string },
  asciiStem: string,
  found: Found<Row>,
  columns: (parts: {
    text: (header: string, width: number, value: (row: Row) => string | null) => SheetColumn<Row>;
    money: (value: (row: Row) => number | null) => SheetColumn<Row>;
    time: (header: string, value: (row: Row) => string | null) => SheetColumn<Row>;
  }) => SheetColumn<Row>[],
): Promise<Response> {
  const { range } = found;
  const text = (
    header: string,
    width: number,
    value: (row: Row) => string | null,
  ): SheetColumn<Row> => ({ header, width, kind: 'text', value });
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
    columns: columns({ text, money, time }),
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
