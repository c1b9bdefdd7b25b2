/** ISO 4217 codes the product handles; amounts are always integer minor units with one of these. */
export const CURRENCIES = ['CNY', 'USD', 'MYR', 'THB', 'VND', 'SGD', 'IDR', 'PHP', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CURRENCY_SYMBOLS: Record<Currency, string> = {
  CNY: '¥',
  USD: '$',
  MYR: 'RM',
  THB: '฿',
  VND: '₫',
  SGD: 'S$',
  IDR: 'Rp',
  PHP: '₱',
  GBP: '£',
};

/** Decimal places of each currency's minor unit (ISO 4217 exponent; none for VND and IDR, decisions.md). */
export const CURRENCY_DECIMALS: Record<Currency, number> = {
  CNY: 2,
  USD: 2,
  MYR: 2,
  THB: 2,
  VND: 0,
  SGD: 2,
  IDR: 0,
  PHP: 2,
  GBP: 2,
};

/**
 * A decimal amount ("12.5", 12.5, "1,234.00") in integer minor units with `places` decimals,
 * exactly: digits are read as text, never through binary floating point. More decimals than
 * `places` are rounded half away from zero. Returns null for anything not a number.
 */
export function decimalTextToMinor(value: unknown, places: number): number | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const text = (typeof value === 'number' ? value.toString() : value).trim().replace(/,/g, '');
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && !match[3])) return null;
  const [, sign, whole = '', fraction = ''] = match;
  const kept = fraction.slice(0, places).padEnd(places, '0');
  let minor = Number(whole || '0') * 10 ** places + Number(kept || '0');
  if ((fraction[places] ?? '0') >= '5') minor += 1;
  if (!Number.isSafeInteger(minor)) return null;
  return sign === '-' ? -minor : minor;
}

/** A platform's decimal amount in integer minor units of one of our currencies. */
export function decimalToMinor(value: string | number, currency: Currency): number | null {
  return decimalTextToMinor(value, CURRENCY_DECIMALS[currency]);
}

/** Integer minor units as the decimal text a platform expects ("12.50"; "1200" for VND). */
export function minorToDecimal(minor: number, currency: Currency): string {
  const places = CURRENCY_DECIMALS[currency];
  if (places === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(places + 1, '0');
  return `${sign}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/** Decimal places of any ISO 4217 currency's minor unit (ISO 4217 exponent), from the platform's Intl data. */
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
