/**
 * A displayed price string ("RM114.00", "Rs. 5,990", "2.490.000 ₫", "₱1,234.50") in minor units:
 * a last resort when the page has no numeric `value`. The separator before the last one or two
 * digits is the decimal point (for currencies that have decimals); every other one groups thousands.
 */
import { currencyExponent } from '@shared/contracts/money';
import { toMinor } from '../common/money';

export function displayedAmount(text: string, currency: string): number | null {
  const number = /\d(?:[\d.,]*\d)?/.exec(text)?.[0];
  if (!number) return null;
  const last = Math.max(number.lastIndexOf('.'), number.lastIndexOf(','));
  const decimals = last >= 0 ? number.length - last - 1 : 0;
  const hasFraction = currencyExponent(currency) > 0 && decimals >= 1 && decimals <= 2;
  const whole = (hasFraction ? number.slice(0, last) : number).replace(/[.,]/g, '');
  const amount = hasFraction ? `${whole}.${number.slice(last + 1)}` : whole;
  const minor = toMinor(amount, currency);
  return minor !== null && minor > 0 ? minor : null;
}
