import {
  OPENING_PRICE_LIST,
  type PricedItem,
  type ServiceItemCode,
  type ServiceOrderLine,
  servicePrice,
  servicePriceIn,
} from '@shared/contracts/service-prices';
import { ServiceLineSchema } from '@shared/contracts/services';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

const item = <C extends ServiceItemCode>(code: C) =>
  OPENING_PRICE_LIST.find((entry) => entry.code === code) as Extract<PricedItem, { code: C }>;
const price = (line: ServiceOrderLine) =>
  servicePrice(item(line.code) as PricedItem, line.quantities);

describe('service prices: the golden examples of section 9', () => {
  it('returns: 0.30 CNY a piece after the first 3', () => {
    expect(item('returns').currency).toBe('CNY');
    expect(price({ code: 'returns', quantities: { pieces: 10 } })).toBe(210);
    expect(price({ code: 'returns', quantities: { pieces: 3 } })).toBe(0);
    expect(price({ code: 'returns', quantities: { pieces: 0 } })).toBe(0);
    expect(price({ code: 'returns', quantities: { pieces: 4 } })).toBe(30);
  });

  it('stretch film 2.5 m is 12.50 THB', () => {
    expect(price({ code: 'stretchFilm', quantities: { lengthCm: 250 } })).toBe(1250);
  });

  it('bubble wrap 3.3 m is 24.75 THB and 3.33 m is 24.98 THB (24.975 rounded half up)', () => {
    expect(price({ code: 'bubbleWrap', quantities: { lengthCm: 330 } })).toBe(2475);
    expect(price({ code: 'bubbleWrap', quantities: { lengthCm: 333 } })).toBe(2498);
  });

  it('a 50 x 40 x 30 cm frame is 48.00 THB', () => {
    expect(
      price({ code: 'woodenFrame', quantities: { lengthCm: 50, widthCm: 40, heightCm: 30 } }),
    ).toBe(4800);
  });

  it('storage of 0.4 CBM for 3 days is charged on 1 CBM: 45.00 THB', () => {
    expect(price({ code: 'storage', quantities: { volumeCm3: 400_000, days: 3 } })).toBe(4500);
    expect(price({ code: 'storage', quantities: { volumeCm3: 2_500_000, days: 2 } })).toBe(7500);
  });

  it('translation of 250 characters is 3 started hundreds: 447.00 THB', () => {
    expect(price({ code: 'translation', quantities: { characters: 250 } })).toBe(44_700);
    expect(price({ code: 'translation', quantities: { characters: 100 } })).toBe(14_900);
    expect(price({ code: 'translation', quantities: { characters: 101 } })).toBe(29_800);
  });

  it('a factory audit of 2 days and 35.5 km is 4943.75 THB', () => {
    expect(price({ code: 'factoryAudit', quantities: { days: 2, tenthsKm: 355 } })).toBe(494_375);
  });

  it('in another wallet currency, the exact price times the recorded rate is rounded once', () => {
    const wrap = item('bubbleWrap');
    // 24.975 THB at 0.2 CNY per THB = 4.995 CNY -> 5.00 (rounding 24.98 first would give 5.00 too;
    // at 0.21: 5.24475 -> 5.24, where 24.98 x 0.21 = 5.2458 -> 5.25).
    expect(servicePriceIn(wrap, { lengthCm: 333 }, 'CNY', '0.21')).toBe(524);
    expect(servicePriceIn(wrap, { lengthCm: 333 }, 'THB', '9')).toBe(2498);
    // Into a currency without minor units.
    expect(servicePriceIn(wrap, { lengthCm: 330 }, 'VND', '700.5')).toBe(17_337);
  });
});

/* A decimal reference: the section's prices as decimal text, quantities in metres, CBM and km as
 * decimal text, multiplied exactly at 12 places and rounded half up to the cent once. */
const SCALE = 12;
const dec = (text: string): bigint => {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole + fraction.padEnd(SCALE, '0').slice(0, SCALE));
};
const mulDec = (a: bigint, b: bigint) => (a * b) / 10n ** BigInt(SCALE);
const fromInt = (n: number) => BigInt(n) * 10n ** BigInt(SCALE);
const divInt = (a: bigint, n: number) => a / BigInt(n);
const toCents = (major: bigint) => {
  const unit = 10n ** BigInt(SCALE - 2);
  return Number((major + unit / 2n) / unit);
};

function reference(line: ServiceOrderLine): number {
  switch (line.code) {
    case 'returns':
      return toCents(mulDec(fromInt(Math.max(line.quantities.pieces - 3, 0)), dec('0.3')));
    case 'stretchFilm':
      return toCents(mulDec(divInt(fromInt(line.quantities.lengthCm), 100), dec('5')));
    case 'bubbleWrap':
      return toCents(mulDec(divInt(fromInt(line.quantities.lengthCm), 100), dec('7.5')));
    case 'woodenFrame': {
      const { lengthCm, widthCm, heightCm } = line.quantities;
      const cbm = divInt(fromInt(lengthCm * widthCm * heightCm), 1_000_000);
      return toCents(mulDec(cbm, dec('800')));
    }
    case 'storage': {
      const cbm = divInt(fromInt(line.quantities.volumeCm3), 1_000_000);
      const charged = cbm > dec('1') ? cbm : dec('1');
      return toCents(mulDec(mulDec(charged, dec('15')), fromInt(line.quantities.days)));
    }
    case 'translation':
      return toCents(mulDec(fromInt(Math.ceil(line.quantities.characters / 100)), dec('149')));
    case 'factoryAudit': {
      const km = divInt(fromInt(line.quantities.tenthsKm), 10);
      return toCents(mulDec(fromInt(line.quantities.days), dec('2250')) + mulDec(km, dec('12.5')));
    }
  }
}

const lineArb: fc.Arbitrary<ServiceOrderLine> = fc.oneof(
  fc.record({
    code: fc.constant('returns' as const),
    quantities: fc.record({ pieces: fc.integer({ min: 0, max: 100_000 }) }),
  }),
  fc.record({
    code: fc.constant('stretchFilm' as const),
    quantities: fc.record({ lengthCm: fc.integer({ min: 1, max: 1_000_000 }) }),
  }),
  fc.record({
    code: fc.constant('bubbleWrap' as const),
    quantities: fc.record({ lengthCm: fc.integer({ min: 1, max: 1_000_000 }) }),
  }),
  fc.record({
    code: fc.constant('woodenFrame' as const),
    quantities: fc.record({
      lengthCm: fc.integer({ min: 1, max: 1_000 }),
      widthCm: fc.integer({ min: 1, max: 1_000 }),
      heightCm: fc.integer({ min: 1, max: 1_000 }),
    }),
  }),
  fc.record({
    code: fc.constant('storage' as const),
    quantities: fc.record({
      volumeCm3: fc.integer({ min: 1, max: 1_000_000_000 }),
      days: fc.integer({ min: 1, max: 365 }),
    }),
  }),
  fc.record({
    code: fc.constant('translation' as const),
    quantities: fc.record({ characters: fc.integer({ min: 1, max: 1_000_000 }) }),
  }),
  fc.record({
    code: fc.constant('factoryAudit' as const),
    quantities: fc.record({
      days: fc.integer({ min: 1, max: 365 }),
      tenthsKm: fc.integer({ min: 0, max: 100_000 }),
    }),
  }),
);

describe('service prices: properties over random quantities', () => {
  it('equal the decimal reference rounded once, and are never negative', () => {
    fc.assert(
      fc.property(lineArb, (line) => {
        const value = price(line);
        expect(Number.isSafeInteger(value)).toBe(true);
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBe(reference(line));
        // What the form sends is what the server's schema accepts.
        expect(z.safeParse(ServiceLineSchema, line).success).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('never fall when one quantity grows', () => {
    fc.assert(
      fc.property(lineArb, fc.nat(), fc.integer({ min: 1, max: 1_000 }), (line, pick, step) => {
        const fields = Object.keys(line.quantities);
        const field = fields[pick % fields.length] as string;
        const grown = {
          ...line,
          quantities: {
            ...line.quantities,
            [field]: ((line.quantities as Record<string, number>)[field] ?? 0) + step,
          },
        } as ServiceOrderLine;
        expect(price(grown)).toBeGreaterThanOrEqual(price(line));
      }),
      { numRuns: 500 },
    );
  });

  it('converted at a rate, equal the exact product rounded once', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 99_999_999 }),
        (lengthCm, rateMillionths) => {
          const rate = `${Math.floor(rateMillionths / 1_000_000)}.${String(rateMillionths % 1_000_000).padStart(6, '0')}`;
          const got = servicePriceIn(item('bubbleWrap'), { lengthCm }, 'CNY', rate);
          // lengthCm x 750 / 100 satang x rate / 1e6: exact in units of 1e-8 cents.
          const exact = BigInt(lengthCm) * 750n * BigInt(rateMillionths);
          const den = 100n * 1_000_000n;
          expect(got).toBe(Number((2n * exact + den) / (2n * den)));
        },
      ),
      { numRuns: 300 },
    );
  });
});
