import { currencyExponent, decimalTextToMinor } from '@shared/contracts/money';

const INTL_LOCALE: Record<string, string> = { zh: 'zh-CN', th: 'th-TH', en: 'en-GB' };

/** Integer minor units as the decimal text a seller reads and types ("12.50"; "1200" without decimals). */
export function minorToText(minor: number, currency: string): string {
  const places = currencyExponent(currency);
  if (places === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(minor))).padStart(places + 1, '0');
  return `${sign}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/**
 * What a seller typed as an amount, in minor units of the currency: null for an empty field,
 * undefined for anything that is not a price (letters, a negative amount, too many digits).
 */
export function textToMinor(text: string, currency: string): number | null | undefined {
  if (text.trim() === '') return null;
  const minor = decimalTextToMinor(text, currencyExponent(currency));
  if (minor === null || minor < 0 || minor > 1_000_000_000_00) return undefined;
  return minor;
}

/** Minor units of any ISO currency as money in the reader's language ("¥12.50", "฿1,200.00"). */
export function formatMinor(minor: number, currency: string, language: string): string {
  const places = currencyExponent(currency);
  const locale = INTL_LOCALE[language] ?? 'en-GB';
  // The decimal text is exact; the formatter only adds grouping and the symbol at these places.
  const value = Number(minorToText(minor, currency));
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      // The code stands beside the amount where it matters; the symbol reads faster ("฿", not "THB").
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: places,
      maximumFractionDigits: places,
    }).format(value);
  } catch {
    return `${minorToText(minor, currency)} ${currency}`;
  }
}

/** A price range: one amount when both ends agree, "a – b" otherwise, null when neither is known. */
export function formatRange(
  min: number | null,
  max: number | null,
  currency: string,
  language: string,
): string | null {
  if (min === null && max === null) return null;
  if (min === null || max === null || min === max)
    return formatMinor((min ?? max) as number, currency, language);
  return `${formatMinor(min, currency, language)} – ${formatMinor(max, currency, language)}`;
}
