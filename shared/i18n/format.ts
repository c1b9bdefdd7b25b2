import type { TFunction } from 'i18next';
import { CURRENCY_DECIMALS, CURRENCY_SYMBOLS, type Currency } from '../contracts/money';

/** English dates read day first ("21 Nov 2026"), as in the markets the product serves. */
const INTL_LOCALE = { zh: 'zh-CN', th: 'th-TH', en: 'en-GB' } as const;

/**
 * The Intl locale of a console language: every date, time and number the programs show is
 * formatted in it (through the helpers here), never in the browser's own locale.
 */
export function intlLocale(language: string): string {
  return INTL_LOCALE[language as keyof typeof INTL_LOCALE] ?? INTL_LOCALE.en;
}

/** A number in the reader's language ("12,345.5"); `options` as Intl.NumberFormat takes them. */
export function formatNumber(
  value: number,
  language: string,
  options: Intl.NumberFormatOptions = {},
): string {
  return new Intl.NumberFormat(intlLocale(language), options).format(value);
}

/** Formatters made once per locale: making one costs far more than formatting (long lists). */
const wholeNumbers = new Map<string, Intl.NumberFormat>();
const dateTimes = new Map<string, Intl.DateTimeFormat>();
function once<F>(made: Map<string, F>, locale: string, make: () => F): F {
  let formatter = made.get(locale);
  if (!formatter) {
    formatter = make();
    made.set(locale, formatter);
  }
  return formatter;
}

/**
 * Integer minor units as money with the currency's symbol ("฿1,234.50", "₫12,000"), computed
 * with integers so no binary fraction ever shows.
 */
export function formatMoney(
  minor: number,
  currency: Currency,
  language: keyof typeof INTL_LOCALE = 'en',
): string {
  const decimals = CURRENCY_DECIMALS[currency];
  const scale = 10 ** decimals;
  const sign = minor < 0 ? '-' : '';
  const absolute = Math.abs(Math.trunc(minor));
  const locale = INTL_LOCALE[language];
  const whole = once(
    wholeNumbers,
    locale,
    () => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }),
  ).format(Math.floor(absolute / scale));
  const fraction = decimals > 0 ? `.${String(absolute % scale).padStart(decimals, '0')}` : '';
  return `${sign}${CURRENCY_SYMBOLS[currency]}${whole}${fraction}`;
}

type FormatLanguage = keyof typeof INTL_LOCALE;

/**
 * An exchange rate for people: at most 4 significant digits in the reader's language
 * ("0.2191", "803.1", "26,100"). The exact rate (12 places) stays in the ledger's records.
 */
export function formatRate(rate: string, language: FormatLanguage = 'en'): string {
  return new Intl.NumberFormat(INTL_LOCALE[language], { maximumSignificantDigits: 4 }).format(
    Number(rate),
  );
}

/** A date in the reader's time zone and language ("21 Nov 2026", "2026年11月21日"). */
export function formatDate(value: string | Date, language: FormatLanguage = 'en'): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[language], { dateStyle: 'medium' }).format(
    new Date(value),
  );
}

/** A date and time in the reader's time zone and language. */
export function formatDateTime(value: string | Date, language: FormatLanguage = 'en'): string {
  const locale = INTL_LOCALE[language];
  return once(
    dateTimes,
    locale,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
  ).format(new Date(value));
}

/**
 * A calendar day (YYYY-MM-DD, such as a validity date) in the reader's language. It is a day, not
 * an instant, so it is formatted in UTC and no time zone moves it.
 */
export function formatDay(ymd: string, language: FormatLanguage = 'en'): string {
  const [year, month, date] = ymd.split('-').map(Number);
  if (!year || !month || !date) return ymd;
  return new Intl.DateTimeFormat(INTL_LOCALE[language], {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, date)));
}

/** The translate function of the `common` namespace: the words of the helpers below live under `format`. */
type CommonT = TFunction<'common'>;

/**
 * A timestamp in milliseconds. Numbers of up to ten digits are seconds (spec section 9: ten-digit
 * timestamps are seconds), longer ones milliseconds; digit strings read the same way, other
 * strings as dates.
 */
export function toMillis(value: number | string | Date): number {
  if (value instanceof Date) return value.getTime();
  const number =
    typeof value === 'number' ? value : /^-?\d+$/.test(value.trim()) ? Number(value) : null;
  if (number === null) return Date.parse(value as string);
  if (!Number.isFinite(number)) return Number.NaN;
  return String(Math.trunc(Math.abs(number))).length <= 10 ? number * 1000 : number;
}

/** Whole seconds from `value` to `now` (never negative: a time a little ahead is "now"). */
function secondsSince(value: number | string | Date, now: number | Date): number {
  return Math.max(0, (toMillis(now) - toMillis(value)) / 1000);
}

/**
 * Time ago (spec section 9): minutes under 3600 s, hours under 86400 s, then days, each counted
 * in whole units ("0 minutes ago" right after).
 */
export function formatTimeAgo(
  t: CommonT,
  value: number | string | Date,
  now: number | Date = Date.now(),
): string {
  const seconds = secondsSince(value, now);
  if (seconds < 3600) return t('format.minutesAgo', { count: Math.floor(seconds / 60) });
  if (seconds < 86_400) return t('format.hoursAgo', { count: Math.floor(seconds / 3600) });
  return t('format.daysAgo', { count: Math.floor(seconds / 86_400) });
}

/**
 * The relative helper (spec section 9): "just now" under 30 s, minutes under an hour, hours
 * under a day (started units), "1 day ago" under 2 days, else the date and time.
 */
export function formatRelative(
  t: CommonT,
  value: number | string | Date,
  now: number | Date = Date.now(),
): string {
  const seconds = secondsSince(value, now);
  if (seconds < 30) return t('format.justNow');
  if (seconds < 3600) return t('format.minutesAgo', { count: Math.ceil(seconds / 60) });
  if (seconds < 86_400) return t('format.hoursAgo', { count: Math.ceil(seconds / 3600) });
  if (seconds < 2 * 86_400) return t('format.oneDayAgo');
  return new Intl.DateTimeFormat(t('format.locale'), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(toMillis(value)));
}

/** Steps of the number abbreviation (spec section 9): k, M, G, T, P, E. */
const NUMBER_STEPS = [
  [1, ''],
  [1e3, 'k'],
  [1e6, 'M'],
  [1e9, 'G'],
  [1e12, 'T'],
  [1e15, 'P'],
  [1e18, 'E'],
] as const;

/**
 * A number shortened with k, M, G, T, P or E and at most `digits` decimals ("1.5k", "12M"),
 * in the reader's number format. A value that rounds up to 1000 of a unit takes the next one
 * ("1M", never "1000k").
 */
export function abbreviateNumber(
  value: number,
  language: FormatLanguage = 'en',
  digits = 1,
): string {
  if (!Number.isFinite(value)) return String(value);
  const sign = value < 0 ? '-' : '';
  const absolute = Math.abs(value);
  const scale = 10 ** digits;
  const round = (n: number) => Math.round(n * scale) / scale;
  let index = 0;
  while (index < NUMBER_STEPS.length - 1 && absolute >= (NUMBER_STEPS[index + 1]?.[0] ?? Infinity))
    index++;
  let shown = round(absolute / (NUMBER_STEPS[index]?.[0] ?? 1));
  if (shown >= 1000 && index < NUMBER_STEPS.length - 1) {
    index++;
    shown = round(absolute / (NUMBER_STEPS[index]?.[0] ?? 1));
  }
  const text = new Intl.NumberFormat(INTL_LOCALE[language], {
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(shown);
  return `${shown === 0 ? '' : sign}${text}${NUMBER_STEPS[index]?.[1] ?? ''}`;
}
