import * as z from 'zod/mini';

/** Whether the runtime knows an IANA time zone ("Asia/Bangkok", "UTC"). */
function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The reader's IANA time zone (the browser's); the server falls back to the account's site zone. */
export const TimeZoneSchema = z.string().check(z.refine(isTimeZone, { error: 'invalidOption' }));

/** Date ranges travel in the spec's format, YYYY-MM-DD HH:mm:ss, in the reader's time zone. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
export const DateTimeSchema = z.string().check(z.regex(DATE_TIME, { error: 'invalidFormat' }));
