import { currencyExponent, decimalTextToMinor } from '@shared/contracts/money';

/** A decimal amount in integer minor units of any ISO 4217 currency; null if not a number. */
export function toMinor(value: unknown, currency: string): number | null {
  return decimalTextToMinor(value, currencyExponent(currency));
}
