import { decimalTextToMinor } from '@shared/contracts/money';

/** Decimal places of a currency's minor unit (ISO 4217 exponent), from the platform's Intl data. */
const exponents = new Map<string, number>();

export function currencyExponent(currency: string): number {
  let places = exponents.get(currency);
  if (places === undefined) {
    try {
      places =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      places = 2;
    }
    exponents.set(currency, places);
  }
  return places;
}

/** A decimal amount in integer minor units of any ISO 4217 currency; null if not a number. */
export function toMinor(value: unknown, currency: string): number | null {
  return decimalTextToMinor(value, currencyExponent(currency));
}
