/** Decimal places of a currency's minor unit (ISO 4217 exponent), from the platform's Intl data. */
export function currencyExponent(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/**
 * A decimal amount ("12.5", 12.5) in integer minor units of the currency, read as text (never
 * through floating point arithmetic); rounded half away from zero past the exponent; null if not a number.
 */
export function toMinor(value: unknown, currency: string): number | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const text = (typeof value === 'number' ? value.toString() : value).trim().replace(/,/g, '');
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && !match[3])) return null;
  const [, sign, whole = '', fraction = ''] = match;
  const places = currencyExponent(currency);
  let minor =
    Number(whole || '0') * 10 ** places +
    Number(fraction.slice(0, places).padEnd(places, '0') || '0');
  if ((fraction[places] ?? '0') >= '5') minor += 1;
  if (!Number.isSafeInteger(minor)) return null;
  return sign === '-' ? -minor : minor;
}
