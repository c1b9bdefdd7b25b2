import { CURRENCY_DECIMALS, type Currency, decimalToMinor } from '@shared/contracts/money';

/** An exact decimal ("4.8123") as a fraction of integers. */
function parseRate(rate: string): { num: bigint; den: bigint } | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  return { num: BigInt(`${match[1]}${fraction}`), den: 10n ** BigInt(fraction.length) };
}

/**
 * Integer minor units of `from` in minor units of `to` at `rate` (units of `to` for one unit of
 * `from`), in integers and rounded half away from zero, as the server converts. Null when the rate
 * is not a decimal.
 */
export function convertMinor(
  amount: number,
  from: Currency,
  to: Currency,
  rate: string,
): number | null {
  const ratio = parseRate(rate);
  if (!ratio || !Number.isSafeInteger(amount)) return null;
  const num = BigInt(Math.abs(amount)) * ratio.num * 10n ** BigInt(CURRENCY_DECIMALS[to]);
  const den = ratio.den * 10n ** BigInt(CURRENCY_DECIMALS[from]);
  const rounded = (2n * num + den) / (2n * den);
  const value = Number(rounded);
  return amount < 0 ? -value : value;
}

/** Why a typed amount is refused: not a number, too many decimals, or not above zero. */
export type AmountProblem = 'invalid' | 'decimals' | 'positive';

/**
 * A typed amount in integer minor units of `currency`: digits with at most the currency's decimals
 * (grouping commas allowed), read as text, never through binary floating point.
 */
export function readAmount(
  text: string,
  currency: Currency,
): { minor: number } | { problem: AmountProblem } {
  const cleaned = text.trim().replace(/,/g, '');
  if (!/^\d*(\.\d*)?$/.test(cleaned) || !/\d/.test(cleaned)) return { problem: 'invalid' };
  const fraction = cleaned.split('.')[1] ?? '';
  if (fraction.length > CURRENCY_DECIMALS[currency]) return { problem: 'decimals' };
  const minor = decimalToMinor(cleaned, currency);
  if (minor === null) return { problem: 'invalid' };
  if (minor <= 0) return { problem: 'positive' };
  return { minor };
}

/** Seconds as mm:ss (minutes keep counting past an hour: "75:00"). */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const minutes = Math.floor(whole / 60);
  return `${String(minutes).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * The server's clock as this page last saw it: a payment order answered by the call that created it
 * was created "now" on the server, so its createdAt tells how far the two clocks are apart. Until
 * one is seen, the browser's clock is taken as right.
 */
let serverOffsetMs = 0;

/** Learns the server's clock from an order the server has just created. */
export function learnServerTime(createdAt: string, receivedAt: number = Date.now()): void {
  const created = Date.parse(createdAt);
  if (Number.isFinite(created)) serverOffsetMs = created - receivedAt;
}

/** Now on the server's clock, as far as this page knows it. */
export function serverNow(): number {
  return Date.now() + serverOffsetMs;
}
