import { CURRENCY_DECIMALS, type Currency } from './money';
import type { PricingTemplate } from './products';

/**
 * Landed-cost pricing, shared by the editor's live profit and the server: a SKU's CNY cost, at a
 * dated rate (recorded by the caller), plus shipping by chargeable weight (the larger of the
 * actual weight and the volume at 1 CBM = 350 kg) and handling, then the platform's fee and the
 * template's margin, give the selling and strike-through prices. Everything is exact (integer
 * fractions) until the one rounding of each price at the end; amounts are integer minor units.
 */

/**
 * 1 CBM = 350 kg (spec section 9): grams per cm3 = 350,000 g / 1,000,000 cm3.
 * @public
 */
export const KG_PER_CBM = 350;

interface Ratio {
  num: bigint;
  den: bigint;
}

const ratio = (num: bigint, den = 1n): Ratio => ({ num, den });
const add = (a: Ratio, b: Ratio): Ratio => ({
  num: a.num * b.den + b.num * a.den,
  den: a.den * b.den,
});
const mul = (a: Ratio, b: Ratio): Ratio => ({ num: a.num * b.num, den: a.den * b.den });

/**
 * A non-negative decimal text ("0.2931") as an exact fraction.
 * @public
 */
export function parseRate(text: string): Ratio {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`not a rate: ${text}`);
  const fraction = match[2] ?? '';
  return { num: BigInt(`${match[1]}${fraction}`), den: 10n ** BigInt(fraction.length) };
}

const ceilDiv = (num: bigint, den: bigint) => (num + den - 1n) / den;
/** Half away from zero, for non-negative fractions. */
const roundHalf = ({ num, den }: Ratio) => (2n * num + den) / (2n * den);

/** Hundredths of a centimetre, exactly from a decimal number of cm (2 decimals kept). */
const hundredths = (cm: number) => BigInt(Math.round(cm * 100));

/**
 * The weight a parcel is charged by, in grams: the larger of its weight and its volume at
 * 350 kg per cubic metre (rounded up to a gram).
 */
export function chargeableGrams(
  weightGrams: number | null,
  dimensionsCm: { length: number; width: number; height: number } | null,
): number {
  const actual = Math.max(0, weightGrams ?? 0);
  if (!dimensionsCm) return actual;
  const { length, width, height } = dimensionsCm;
  if (!(length > 0 && width > 0 && height > 0)) return actual;
  // volume in cm3 = l100 * w100 * h100 / 1e6; grams = cm3 * 350 / 1000
  const volumeGrams = Number(
    ceilDiv(hundredths(length) * hundredths(width) * hundredths(height) * 350n, 1_000_000_000n),
  );
  return Math.max(actual, volumeGrams);
}

export interface LandedCostInput {
  /** The SKU's cost in CNY minor units. */
  costMinor: number;
  weightGrams: number | null;
  dimensionsCm: { length: number; width: number; height: number } | null;
  /** Units of `to` for one CNY, the dated rate the caller records. */
  rate: string;
  to: Currency;
  template: PricingTemplate;
}

export interface LandedCost {
  chargeableGrams: number;
  /** Cost, shipping and handling in CNY minor units (rounded for showing). */
  landedCny: number;
  /** The same in the shop's currency, rounded for showing. */
  landed: number;
  sellingPrice: number;
  /** The strike-through price, or null when the template sets none. */
  originalPrice: number | null;
  /** The platform's fee on the selling price, rounded for showing. */
  fee: number;
  /** What the seller keeps per unit at the selling price. */
  profit: number;
  rate: string;
}

/** The landed cost (in the shop's currency, exactly). */
function landedExact(input: Omit<LandedCostInput, 'template'> & { template: PricingTemplate }): {
  cny: Ratio;
  target: Ratio;
  grams: number;
} {
  const grams = chargeableGrams(input.weightGrams, input.dimensionsCm);
  const shipping = ratio(BigInt(grams) * BigInt(input.template.shippingPerKg), 1000n);
  const cny = add(
    add(ratio(BigInt(input.costMinor)), shipping),
    ratio(BigInt(input.template.handling)),
  );
  // minor(to) = minor(CNY) / 10^2 * rate * 10^d(to)
  const scale = ratio(
    10n ** BigInt(CURRENCY_DECIMALS[input.to]),
    10n ** BigInt(CURRENCY_DECIMALS.CNY),
  );
  return { cny, target: mul(mul(cny, parseRate(input.rate)), scale), grams };
}

/** Rounds a non-negative price up as the template's rounding says (never down). */
function roundPrice(price: Ratio, rounding: PricingTemplate['rounding'], to: Currency): number {
  const places = CURRENCY_DECIMALS[to];
  const unit =
    rounding === 'whole'
      ? 10n ** BigInt(places)
      : rounding === 'ninetyNine'
        ? places > 0
          ? 10n ** BigInt(places)
          : 100n
        : 1n;
  if (rounding === 'ninetyNine') {
    // The next price ending in .99 (99 without decimals) at or above the price.
    return Number(ceilDiv(price.num + price.den, price.den * unit) * unit - 1n);
  }
  return Number(ceilDiv(price.num, price.den * unit) * unit);
}

/** The profit per unit at `price` (minor units): the price less the fee on it and the landed cost. */
function profitAt(price: number, landed: Ratio, feeBps: number): number {
  // price - price * fee / 10000 - landed, rounded once
  const value = add(
    ratio(BigInt(price) * BigInt(10_000 - feeBps), 10_000n),
    ratio(-landed.num, landed.den),
  );
  const negative = value.num < 0n;
  const rounded = roundHalf({ num: negative ? -value.num : value.num, den: value.den });
  return Number(negative ? -rounded : rounded);
}

/**
 * Prices a SKU from its CNY cost: selling price = landed / (1 - fee - margin), rounded up once by
 * the template's rounding, so its profit is the template's margin of the price (within one minor
 * unit without rounding, above it with).
 */
export function landedCostPrice(input: LandedCostInput): LandedCost {
  const { template } = input;
  const keep = 10_000 - template.platformFeeBps - template.marginBps;
  if (keep <= 0) throw new Error('fee and margin leave nothing of the price');
  const landed = landedExact(input);
  const selling = roundPrice(
    mul(landed.target, ratio(10_000n, BigInt(keep))),
    template.rounding,
    input.to,
  );
  const originalPrice =
    template.strikeThroughBps > 0
      ? roundPrice(
          ratio(BigInt(selling) * BigInt(10_000 + template.strikeThroughBps), 10_000n),
          template.rounding,
          input.to,
        )
      : null;
  return {
    chargeableGrams: landed.grams,
    landedCny: Number(roundHalf(landed.cny)),
    landed: Number(roundHalf(landed.target)),
    sellingPrice: selling,
    originalPrice,
    fee: Number(roundHalf(ratio(BigInt(selling) * BigInt(template.platformFeeBps), 10_000n))),
    profit: profitAt(selling, landed.target, template.platformFeeBps),
    rate: input.rate,
  };
}

/** The editor's live profit of a SKU at the price the seller typed (minor units). */
export function skuProfit(input: LandedCostInput & { price: number }): number {
  return profitAt(input.price, landedExact(input).target, input.template.platformFeeBps);
}

/**
 * Minor units of one currency in another at a rate (units of `to` per unit of `from`), rounded
 * half up once: the 6-in-1 prices and the conversion of a draft priced in its source's currency.
 */
export function convertAtRate(minor: number, from: Currency, to: Currency, rate: string): number {
  const value = mul(
    mul(ratio(BigInt(minor)), parseRate(rate)),
    ratio(10n ** BigInt(CURRENCY_DECIMALS[to]), 10n ** BigInt(CURRENCY_DECIMALS[from])),
  );
  return Number(roundHalf(value));
}
