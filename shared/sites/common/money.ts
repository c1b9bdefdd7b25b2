import { currencyExponent, decimalTextToMinor } from '@shared/contracts/money';

/** A decimal amount in integer minor units of any ISO 4217 currency; null if not a number. */
export function toMinor(value: unknown, currency: string): number | null {
  return decimalTextToMinor(value, currencyExponent(currency));
}

/** Minor units as decimal text after the currency code ("PHP 1138.19"), for words a seller reads. */
export function amountText(minor: number, currency: string): string {
  const places = currencyExponent(currency);
  const digits = String(Math.abs(minor)).padStart(places + 1, '0');
  const sign = minor < 0 ? '-' : '';
  const decimal = places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
  return `${currency} ${sign}${decimal}`;
}
