import { randomInt } from 'node:crypto';
import { CURRENCY_SYMBOLS, type Currency, minorToDecimal } from '@shared/contracts/money';

/** What a number starts with: a recharge, the payment of a trade order, a trade order. */
type NumberPrefix = 'R' | 'P' | 'T';

const DIGITS_AND_LETTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const RANDOM_LENGTH = 7;

/**
 * A new order number: the prefix, the UTC time to the second (yyMMddHHmmss) and 7 random
 * digits or capital letters, 20 characters in all. PromptPay carries our number as the Thai QR's
 * reference 1, which allows at most 20 capital letters and digits, so every payment order number
 * (whatever its channel) has this shape; trade orders share it for one look.
 */
export function newOrderNumber(prefix: NumberPrefix, now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(2, 14);
  let random = '';
  for (let i = 0; i < RANDOM_LENGTH; i++)
    random += DIGITS_AND_LETTERS[randomInt(DIGITS_AND_LETTERS.length)];
  return `${prefix}${stamp}${random}`;
}

/** An amount as anyone reads it: symbol, grouped digits, the currency's decimals. */
export function moneyText(minor: number, currency: Currency): string {
  const [whole = '0', fraction] = minorToDecimal(minor, currency).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${CURRENCY_SYMBOLS[currency]}${grouped}${fraction ? `.${fraction}` : ''}`;
}
