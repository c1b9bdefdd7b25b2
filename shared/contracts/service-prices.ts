import { CURRENCY_DECIMALS, type Currency } from './money';

/**
 * Exact service prices (spec section 9), shared by the market's buy form (the live total) and the
 * server (the amount that counts). Quantities are exact integers in small units (pieces,
 * centimetres, cubic centimetres, days, characters, tenths of a kilometre); rates are integer minor
 * units of the price list's currency. The price is an exact fraction until one half-up rounding at
 * the end, converted at a dated rate inside that same rounding when the wallet holds another
 * currency.
 */

/** Every priced service: `returns` is charged on a completed return; the others are bought in the market. */
export const SERVICE_ITEM_CODES = [
  'returns',
  'stretchFilm',
  'bubbleWrap',
  'woodenFrame',
  'storage',
  'translation',
  'factoryAudit',
] as const;
export type ServiceItemCode = (typeof SERVICE_ITEM_CODES)[number];

/**
 * What the service market sells (returns are charged by the returns flow, not bought).
 * @public
 */
export const MARKET_ITEM_CODES = [
  'stretchFilm',
  'bubbleWrap',
  'woodenFrame',
  'storage',
  'translation',
  'factoryAudit',
] as const satisfies readonly ServiceItemCode[];
/** @public */
export type MarketItemCode = (typeof MARKET_ITEM_CODES)[number];

/** Consumables are paid with a consumables-fee coupon; every other service with a service-fee coupon. */
const CONSUMABLE_ITEM_CODES: readonly ServiceItemCode[] = [
  'stretchFilm',
  'bubbleWrap',
  'woodenFrame',
];

/** The coupon scope an item is paid under (spec section 9). */
export function couponScopeOf(code: ServiceItemCode): 'serviceFee' | 'consumablesFee' {
  return CONSUMABLE_ITEM_CODES.includes(code) ? 'consumablesFee' : 'serviceFee';
}

/** The rates of each item, integer minor units of the price list's currency. */
interface ServiceRates {
  /** Per piece after the first `freePieces`. */
  returns: { perPiece: number; freePieces: number };
  /** Per metre. */
  stretchFilm: { perMetre: number };
  bubbleWrap: { perMetre: number };
  /** Per cubic metre of the frame's outer dimensions. */
  woodenFrame: { perCbm: number };
  /** Per cubic metre per day, charged on at least `minimumCm3`. */
  storage: { perCbmDay: number; minimumCm3: number };
  /** Per started block of `blockCharacters` Chinese characters. */
  translation: { perBlock: number; blockCharacters: number };
  /** Per day on site plus per kilometre travelled. */
  factoryAudit: { perDay: number; perKm: number };
}

/** The quantities of each item, exact integers in small units. */
interface ServiceQuantities {
  returns: { pieces: number };
  stretchFilm: { lengthCm: number };
  bubbleWrap: { lengthCm: number };
  woodenFrame: { lengthCm: number; widthCm: number; heightCm: number };
  storage: { volumeCm3: number; days: number };
  translation: { characters: number };
  factoryAudit: { days: number; tenthsKm: number };
}

/** The largest each quantity may be (the form and the server refuse more). */
export const QUANTITY_LIMITS = {
  pieces: 100_000,
  lengthCm: 1_000_000,
  /** A frame side, centimetres. */
  sideCm: 1_000,
  /** 1,000 CBM. */
  volumeCm3: 1_000_000_000,
  days: 365,
  characters: 1_000_000,
  tenthsKm: 100_000,
} as const;

/**
 * The quantity fields of each item, in the order the buy form shows them.
 * @public
 */
export const QUANTITY_FIELDS: { [C in ServiceItemCode]: readonly (keyof ServiceQuantities[C])[] } =
  {
    returns: ['pieces'],
    stretchFilm: ['lengthCm'],
    bubbleWrap: ['lengthCm'],
    woodenFrame: ['lengthCm', 'widthCm', 'heightCm'],
    storage: ['volumeCm3', 'days'],
    translation: ['characters'],
    factoryAudit: ['days', 'tenthsKm'],
  };

/** One item of a price list: its rates in its currency. */
export type PricedItem = {
  [C in ServiceItemCode]: { code: C; currency: Currency; rates: ServiceRates[C] };
}[ServiceItemCode];

/** One item with its quantities. */
export type ServiceOrderLine = {
  [C in ServiceItemCode]: { code: C; quantities: ServiceQuantities[C] };
}[ServiceItemCode];

/** An exact non-negative fraction. */
interface Ratio {
  num: bigint;
  den: bigint;
}

const CM3_PER_CBM = 1_000_000n;
const CM_PER_METRE = 100n;
const TENTHS_PER_KM = 10n;

const big = (value: number) => {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a quantity: ${value}`);
  return BigInt(value);
};
const maxBig = (a: bigint, b: bigint) => (a > b ? a : b);

/** The exact price of an item, a fraction of minor units of its currency (nothing rounded). */
function exactPrice(item: PricedItem, quantities: ServiceOrderLine['quantities']): Ratio {
  switch (item.code) {
    case 'returns': {
      const q = quantities as ServiceQuantities['returns'];
      const charged = maxBig(big(q.pieces) - big(item.rates.freePieces), 0n);
      return { num: charged * big(item.rates.perPiece), den: 1n };
    }
    case 'stretchFilm':
    case 'bubbleWrap': {
      const q = quantities as ServiceQuantities['stretchFilm'];
      return { num: big(q.lengthCm) * big(item.rates.perMetre), den: CM_PER_METRE };
    }
    case 'woodenFrame': {
      const q = quantities as ServiceQuantities['woodenFrame'];
      const volume = big(q.lengthCm) * big(q.widthCm) * big(q.heightCm);
      return { num: volume * big(item.rates.perCbm), den: CM3_PER_CBM };
    }
    case 'storage': {
      const q = quantities as ServiceQuantities['storage'];
      const volume = maxBig(big(q.volumeCm3), big(item.rates.minimumCm3));
      return { num: volume * big(item.rates.perCbmDay) * big(q.days), den: CM3_PER_CBM };
    }
    case 'translation': {
      const q = quantities as ServiceQuantities['translation'];
      const block = big(item.rates.blockCharacters);
      const blocks = (big(q.characters) + block - 1n) / block;
      return { num: blocks * big(item.rates.perBlock), den: 1n };
    }
    case 'factoryAudit': {
      const q = quantities as ServiceQuantities['factoryAudit'];
      return {
        num:
          big(q.days) * big(item.rates.perDay) * TENTHS_PER_KM +
          big(q.tenthsKm) * big(item.rates.perKm),
        den: TENTHS_PER_KM,
      };
    }
  }
}

/** Half up, once, for a non-negative fraction. */
function roundHalfUp({ num, den }: Ratio): number {
  const rounded = (2n * num + den) / (2n * den);
  if (rounded > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('price out of range');
  return Number(rounded);
}

/** A decimal rate ("0.2", "4.87012") as an exact fraction. */
function parseRate(rate: string): Ratio {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!match) throw new RangeError(`not a rate: ${rate}`);
  const fraction = match[2] ?? '';
  return { num: BigInt(`${match[1]}${fraction}`), den: 10n ** BigInt(fraction.length) };
}

/** The price of an item in integer minor units of its own currency, rounded half up once. */
export function servicePrice(item: PricedItem, quantities: ServiceOrderLine['quantities']): number {
  return roundHalfUp(exactPrice(item, quantities));
}

/**
 * The price charged to a wallet in `to`, at `rate` (units of `to` for one unit of the item's
 * currency, as the order records it): the exact price times the rate, rounded half up once. In
 * the item's own currency the rate is ignored and this is `servicePrice`.
 */
export function servicePriceIn(
  item: PricedItem,
  quantities: ServiceOrderLine['quantities'],
  to: Currency,
  rate: string,
): number {
  const exact = exactPrice(item, quantities);
  if (to === item.currency) return roundHalfUp(exact);
  const r = parseRate(rate);
  const scaleNum = 10n ** BigInt(CURRENCY_DECIMALS[to]);
  const scaleDen = 10n ** BigInt(CURRENCY_DECIMALS[item.currency]);
  return roundHalfUp({ num: exact.num * r.num * scaleNum, den: exact.den * r.den * scaleDen });
}

/** The opening price list (spec section 9), in force from the start; later lists are data with their own date. */
export const OPENING_PRICE_LIST = [
  { code: 'returns', currency: 'CNY', rates: { perPiece: 30, freePieces: 3 } },
  { code: 'stretchFilm', currency: 'THB', rates: { perMetre: 500 } },
  { code: 'bubbleWrap', currency: 'THB', rates: { perMetre: 750 } },
  { code: 'woodenFrame', currency: 'THB', rates: { perCbm: 80_000 } },
  { code: 'storage', currency: 'THB', rates: { perCbmDay: 1_500, minimumCm3: 1_000_000 } },
  { code: 'translation', currency: 'THB', rates: { perBlock: 14_900, blockCharacters: 100 } },
  { code: 'factoryAudit', currency: 'THB', rates: { perDay: 225_000, perKm: 1_250 } },
] as const satisfies readonly PricedItem[];
