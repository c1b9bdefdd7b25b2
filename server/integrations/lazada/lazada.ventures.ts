import type { Currency } from '@shared/contracts/money';
import { LAZADA_COUNTRIES, type LazadaCountry } from '../marketplace/marketplace.config';

/** The currency each venture sells in. */
export const LAZADA_CURRENCIES: Record<LazadaCountry, Currency> = {
  sg: 'SGD',
  th: 'THB',
  my: 'MYR',
  vn: 'VND',
  ph: 'PHP',
  id: 'IDR',
};

/** Each venture's UTC offset in minutes: Lazada writes its times in the venture's local time. */
export const LAZADA_UTC_OFFSETS: Record<LazadaCountry, number> = {
  sg: 480,
  my: 480,
  ph: 480,
  th: 420,
  vn: 420,
  id: 420,
};

export function isLazadaCountry(value: unknown): value is LazadaCountry {
  return typeof value === 'string' && (LAZADA_COUNTRIES as readonly string[]).includes(value);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function localParts(instant: Date, offsetMinutes: number) {
  const shifted = new Date(instant.getTime() + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return {
    date: `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`,
    time: `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}`,
    offsetHours: `${sign}${pad(Math.floor(abs / 60))}`,
    offsetMinutes: pad(abs % 60),
  };
}

/**
 * A time as the order APIs take it in their filters: ISO 8601 with the offset,
 * `2018-02-10T16:00:00+08:00` (whole seconds).
 */
export function lazadaIsoTime(instant: Date, offsetMinutes: number): string {
  const parts = localParts(instant, offsetMinutes);
  return `${parts.date}T${parts.time}${parts.offsetHours}:${parts.offsetMinutes}`;
}

/** A time as Lazada writes it in order records: `2018-02-09 21:58:42 +0800`. */
export function lazadaRecordTime(instant: Date, offsetMinutes: number): string {
  const parts = localParts(instant, offsetMinutes);
  return `${parts.date} ${parts.time} ${parts.offsetHours}${parts.offsetMinutes}`;
}

const RECORD_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) ([+-])(\d{2}):?(\d{2})$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * Any of the time forms Lazada sends: order records (`2018-02-09 21:58:42 +0800`), ISO 8601, or
 * epoch milliseconds as product records carry them (`"1611554829000"`). Null when unreadable.
 */
export function parseLazadaTime(value: unknown): Date | null {
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^\d{13}$/.test(text)) return new Date(Number(text));
  const record = RECORD_TIME.exec(text);
  const iso = record ? `${record[1]}T${record[2]}${record[3]}${record[4]}:${record[5]}` : text;
  if (!ISO_TIME.test(iso)) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time);
}

/** A filter time as the APIs take it: ISO 8601 only (`2018-02-10T16:00:00+08:00` or `…Z`). */
export function parseLazadaIsoParam(value: string): Date | null {
  if (!ISO_TIME.test(value)) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
}

/** The offset (minutes) written in a record time, so a changed record keeps its venture's zone. */
export function recordTimeOffset(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = RECORD_TIME.exec(value.trim());
  if (!match) return null;
  const minutes = Number(match[4]) * 60 + Number(match[5]);
  return match[3] === '-' ? -minutes : minutes;
}
