import { CURRENCY_DECIMALS, CURRENCY_SYMBOLS, type Currency } from '../contracts/money';

/** English dates read day first ("21 Nov 2026"), as in the markets the product serves. */
const INTL_LOCALE = { zh: 'zh-CN', th: 'th-TH', en: 'en-GB' } as const;

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
  const whole = new Intl.NumberFormat(INTL_LOCALE[language], { maximumFractionDigits: 0 }).format(
    Math.floor(absolute / scale),
  );
  const fraction = decimals > 0 ? `.${String(absolute % scale).padStart(decimals, '0')}` : '';
  return `${sign}${CURRENCY_SYMBOLS[currency]}${whole}${fraction}`;
}

type FormatLanguage = keyof typeof INTL_LOCALE;

/** A date in the reader's time zone and language ("21 Nov 2026", "2026年11月21日"). */
export function formatDate(value: string | Date, language: FormatLanguage = 'en'): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[language], { dateStyle: 'medium' }).format(
    new Date(value),
  );
}

/** A date and time in the reader's time zone and language. */
export function formatDateTime(value: string | Date, language: FormatLanguage = 'en'): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(value));
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
