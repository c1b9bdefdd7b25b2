// Read by the route table on the console's first load: no schema library here.

/** Spec section 9: date ranges travel as YYYY-MM-DD HH:mm:ss, in the reader's time zone. */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Spec section 9: the lists open on the last 14 days, from 00:00:00 of the first. */
const DEFAULT_RANGE_DAYS = 14;

export interface DateTimeRange {
  beginTime: string;
  endTime: string;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** An instant as YYYY-MM-DD HH:mm:ss on the reader's clock. */
export function toDateTimeText(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** YYYY-MM-DD HH:mm:ss on the reader's clock as an instant; null unless it names a real moment. */
export function parseDateTimeText(text: string): Date | null {
  const match = DATE_TIME.exec(text);
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(year, month - 1, day, hours, minutes, seconds);
  // 2026-02-30 rolls over to March: not a date anyone meant.
  return date.getFullYear() === year &&
    date.getMonth() === month - 1 &&
    date.getDate() === day &&
    date.getHours() === hours &&
    date.getMinutes() === minutes
    ? date
    : null;
}

/** The default range: 00:00:00 thirteen days ago to the end of today, so fourteen whole days. */
export function defaultRange(now: Date = new Date()): DateTimeRange {
  const first = new Date(
    now.getFullYear(),
    now.getMonth(),
    now.getDate() - (DEFAULT_RANGE_DAYS - 1),
  );
  const last = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59, 59);
  return { beginTime: toDateTimeText(first), endTime: toDateTimeText(last) };
}

/** The reader's IANA time zone, sent with every range so the server reads it on the same clock. */
export function readerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
