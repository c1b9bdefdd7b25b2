import { CURRENCY_DECIMALS, type Currency } from '@shared/contracts/money';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { exchangeRates } from '../../db/schema/index';

/** Rates without a direct pair go through this currency (the opening rates are all quoted in it). */
const PIVOT: Currency = 'USD';
/** Decimal places of a rate as recorded. */
const RATE_PLACES = 12;

/** One stored rate a conversion used. */
interface RateUsed {
  id: string;
  base: Currency;
  quote: Currency;
  rate: string;
  effectiveFrom: string;
}

/** A conversion and the rate it used, to be recorded beside whatever it priced. */
export interface Conversion {
  from: Currency;
  to: Currency;
  /** Integer minor units of `from`. */
  amount: number;
  /** Integer minor units of `to`, rounded half away from zero. */
  converted: number;
  /** Units of `to` for one unit of `from`, as a decimal with up to 12 places. */
  rate: string;
  /** The stored rates behind it: none for the same currency, one direct, or two through USD. */
  legs: RateUsed[];
  at: string;
}

/** An exact fraction: numerator over a positive denominator. */
interface Ratio {
  num: bigint;
  den: bigint;
}

function parseDecimal(text: string): Ratio {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`not a rate: ${text}`);
  const fraction = match[2] ?? '';
  return { num: BigInt(`${match[1]}${fraction}`), den: 10n ** BigInt(fraction.length) };
}

const times = (a: Ratio, b: Ratio): Ratio => ({ num: a.num * b.num, den: a.den * b.den });
const inverse = (a: Ratio): Ratio => ({ num: a.den, den: a.num });

/** num/den rounded half away from zero to an integer. */
function roundRatio({ num, den }: Ratio): bigint {
  const negative = num < 0n !== den < 0n;
  const [n, d] = [num < 0n ? -num : num, den < 0n ? -den : den];
  const rounded = (2n * n + d) / (2n * d);
  return negative ? -rounded : rounded;
}

function ratioToDecimal(ratio: Ratio, places: number): string {
  const scaled = roundRatio({ num: ratio.num * 10n ** BigInt(places), den: ratio.den });
  const digits = scaled.toString().padStart(places + 1, '0');
  const text = `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return text.replace(/\.?0+$/, '');
}

/** The rate of one pair in force at `at` (the latest that took effect by then), if stored. */
async function storedRate(
  db: Database,
  base: Currency,
  quote: Currency,
  at: Date,
): Promise<RateUsed | null> {
  const [row] = await db
    .select()
    .from(exchangeRates)
    .where(
      and(
        eq(exchangeRates.base, base),
        eq(exchangeRates.quote, quote),
        lte(exchangeRates.effectiveFrom, at),
      ),
    )
    .orderBy(desc(exchangeRates.effectiveFrom))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    base: row.base,
    quote: row.quote,
    rate: row.rate,
    effectiveFrom: row.effectiveFrom.toISOString(),
  };
}

/** One unit of `from` in `to` at `at`: a direct pair, its inverse, or through USD. */
async function ratePath(
  db: Database,
  from: Currency,
  to: Currency,
  at: Date,
): Promise<{ ratio: Ratio; legs: RateUsed[] } | null> {
  if (from === to) return { ratio: { num: 1n, den: 1n }, legs: [] };
  const direct = await storedRate(db, from, to, at);
  if (direct) return { ratio: parseDecimal(direct.rate), legs: [direct] };
  const reverse = await storedRate(db, to, from, at);
  if (reverse) return { ratio: inverse(parseDecimal(reverse.rate)), legs: [reverse] };
  if (from === PIVOT || to === PIVOT) return null;
  const first = await ratePath(db, from, PIVOT, at);
  const second = await ratePath(db, PIVOT, to, at);
  if (!first || !second) return null;
  return { ratio: times(first.ratio, second.ratio), legs: [...first.legs, ...second.legs] };
}

/**
 * Converts integer minor units of one currency into another at the rates in force at `at`,
 * exactly (integer arithmetic), and says which stored rates it used.
 */
export async function convert(
  deps: { db: Database },
  _actor: null,
  input: { amount: number; from: Currency; to: Currency; at: Date },
): Promise<Conversion> {
  const { db } = deps;
  if (!Number.isSafeInteger(input.amount)) throw new Error('amount must be a safe integer');
  const path = await ratePath(db, input.from, input.to, input.at);
  if (!path) throw new Error(`no exchange rate from ${input.from} to ${input.to}`);
  // minor(to) = minor(from) / 10^d(from) * rate * 10^d(to)
  const scale: Ratio = {
    num: 10n ** BigInt(CURRENCY_DECIMALS[input.to]),
    den: 10n ** BigInt(CURRENCY_DECIMALS[input.from]),
  };
  const converted = roundRatio(
    times({ num: BigInt(input.amount), den: 1n }, times(path.ratio, scale)),
  );
  if (converted > BigInt(Number.MAX_SAFE_INTEGER) || converted < -BigInt(Number.MAX_SAFE_INTEGER))
    throw new Error('converted amount out of range');
  return {
    from: input.from,
    to: input.to,
    amount: input.amount,
    converted: Number(converted),
    rate: ratioToDecimal(path.ratio, RATE_PLACES),
    legs: path.legs,
    at: input.at.toISOString(),
  };
}
