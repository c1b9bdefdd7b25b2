import type { Language } from './languages';

/** Site codes: the opened marketplaces plus the warehouse-only sites (spec section 1). */
export const SITE_CODES = [
  'my',
  'th',
  'vn',
  'sg',
  'id',
  'ph',
  'cn',
  'tw',
  'pl',
  'br',
  'gb',
] as const;
export type SiteCode = (typeof SITE_CODES)[number];

export const DEFAULT_SITE: SiteCode = 'th';

/** Each site's interface language; the sites table holds the same values as data. */
export const SITE_LANGUAGES: Record<SiteCode, Language> = {
  th: 'th',
  my: 'en',
  vn: 'en',
  sg: 'en',
  id: 'en',
  ph: 'en',
  cn: 'zh',
  tw: 'zh',
  gb: 'en',
  pl: 'en',
  br: 'en',
};

export function isSiteCode(value: unknown): value is SiteCode {
  return typeof value === 'string' && (SITE_CODES as readonly string[]).includes(value);
}

/** Each site's time zone: dates a person picks (validity, billing days) are days there. */
export const SITE_TIME_ZONES: Record<SiteCode, string> = {
  th: 'Asia/Bangkok',
  my: 'Asia/Kuala_Lumpur',
  vn: 'Asia/Ho_Chi_Minh',
  sg: 'Asia/Singapore',
  id: 'Asia/Jakarta',
  ph: 'Asia/Manila',
  cn: 'Asia/Shanghai',
  tw: 'Asia/Taipei',
  gb: 'Europe/London',
  pl: 'Europe/Warsaw',
  br: 'America/Sao_Paulo',
};

/**
 * Each time zone's day formatter, made once: making one costs more than a list request. A zone
 * may come from a reader (any spelling of the names Intl knows), so the map is bounded.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const DAY_FORMATS_KEPT = 1_000;

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function dayIn(timeZone: string, instant: Date): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    if (dayFormats.size >= DAY_FORMATS_KEPT) dayFormats.clear();
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
}
