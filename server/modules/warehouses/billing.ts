import { SITE_TIME_ZONES } from '@shared/contracts/site-codes';
import type { WarehouseSite } from '@shared/contracts/warehouses';

/**
 * The arithmetic of warehouse billing, pure: months and days in the warehouse site's time zone
 * (decisions.md: the 1st is the 1st there), and every charge rounded once, half up, to the minor
 * unit. A month is `YYYY-MM`.
 */

export function zoneOf(site: WarehouseSite): string {
  return SITE_TIME_ZONES[site];
}

/** The calendar date of an instant in a time zone. */
function dateIn(timeZone: string, instant: Date): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return { year: value('year'), month: value('month'), day: value('day') };
}

function monthKey(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** The month an instant falls in, in a site's time zone. */
export function monthIn(site: WarehouseSite, instant: Date): string {
  const { year, month } = dateIn(zoneOf(site), instant);
  return monthKey(year, month);
}

export function daysInMonth(month: string): number {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 0)).getUTCDate();
}

export function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? monthKey(year + 1, 1) : monthKey(year, number + 1);
}

/** The days left in the month of an instant, today included (opening on the 1st: the whole month). */
export function daysLeft(
  site: WarehouseSite,
  instant: Date,
): { month: string; days: number; daysInMonth: number } {
  const { year, month, day } = dateIn(zoneOf(site), instant);
  const key = monthKey(year, month);
  const total = daysInMonth(key);
  return { month: key, days: total - day + 1, daysInMonth: total };
}

/** unitPrice × volume × days / daysInMonth, rounded half up to the minor unit. */
export function prorate(
  unitPrice: number,
  volume: number,
  days: number,
  monthDays: number,
): number {
  const numerator = unitPrice * volume * days;
  if (!Number.isSafeInteger(numerator)) throw new RangeError('charge out of range');
  return Math.floor((2 * numerator + monthDays) / (2 * monthDays));
}
