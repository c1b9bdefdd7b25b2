import { chargeableGrams, landedCostPrice, skuProfit } from '@shared/contracts/landed-cost';
import {
  decimalText,
  kgTextToGrams,
  MB,
  priceText,
  productRules,
  type RuleContext,
  ruleTable,
  SitesChoiceSchema,
  weightKgText,
} from '@shared/contracts/product-rules';
import type { Media, PricingTemplate, ProductInput } from '@shared/contracts/products';
import { PLATFORM_SITES, type Platform } from '@shared/contracts/shops';
import type { SiteCode } from '@shared/contracts/site-codes';
import { toFieldIssues } from '@shared/contracts/validation';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const image = (overrides: Partial<Media> = {}): Media => ({
  key: 'a'.repeat(64),
  url: '/product/media/x',
  mime: 'image/jpeg',
  bytes: 300_000,
  width: 1000,
  height: 1000,
  durationMs: null,
  ...overrides,
});

const word = fc.stringMatching(/^[A-Za-z]{3,8}$/);

/** A product every rule of the table takes (its sizes drawn inside each limit). */
function validProduct(platform: Platform, site: SiteCode): fc.Arbitrary<ProductInput> {
  const table = ruleTable(platform, site);
  const unit = 10 ** table.priceDecimals;
  const maxPrice = Math.min(table.numberMax ?? 50_000, 50_000) * unit;
  return fc
    .record({
      titleLength: fc.integer({ min: Math.max(table.title.min, 1), max: table.title.max }),
      variations: fc.integer({ min: 0, max: Math.min(2, table.variationsMax) }),
      options: fc.integer({ min: 1, max: 3 }),
      price: fc.integer({ min: 3 * unit, max: maxPrice }),
      stock: fc.integer({ min: 0, max: 1000 }),
      weight: fc.integer({ min: 1, max: 30_000 }),
      images: fc.integer({ min: table.images.min, max: table.images.max }),
      names: fc.uniqueArray(word, {
        minLength: 6,
        maxLength: 6,
        comparator: (a, b) => a.toLowerCase() === b.toLowerCase(),
      }),
      wholesale: fc.boolean(),
      preOrder: fc.option(fc.integer({ min: 7, max: 30 }), { nil: null }),
    })
    .map((draw) => {
      const variations = Array.from({ length: draw.variations }, (_, v) => ({
        name: (draw.names[v] ?? `V${v}`).slice(0, 20),
        options: Array.from({ length: draw.options }, (__, o) => ({
          name: `${(draw.names[v + 2] ?? 'o').slice(0, 10)}${o}`,
          image: null,
        })),
      }));
      const combos: string[][] =
        variations.length === 0
          ? [[]]
          : variations.reduce<string[][]>(
              (acc, variation) =>
                acc.flatMap((prefix) =>
                  variation.options.map((option) => [...prefix, option.name]),
                ),
              [[]],
            );
      const skus = combos.map((options, index) => ({
        id: `sku-${index}`,
        skuId: null,
        sellerSku: `SKU_${index}`,
        options,
        originalPrice: draw.price + unit,
        sellingPrice: draw.price,
        promotionPrice: draw.price - unit,
        promotionStart: '2026-01-01T00:00:00.000Z',
        promotionEnd: '2026-02-01T00:00:00.000Z',
        stock: draw.stock,
        costPrice: 1000,
        image: null,
      }));
      const description = 'A sturdy flask that keeps drinks hot and cold all day long.';
      return {
        categoryId: '100636',
        title: 'T'.repeat(draw.titleLength),
        sku: 'PRODUCT_1',
        brand: 'No Brand',
        model: null,
        warrantyType: null,
        tax: null,
        packageWeightGrams: draw.weight,
        packageLengthCm: 20,
        packageWidthCm: 10,
        packageHeightCm: 5,
        packageContent: '1 flask',
        attributes: { material: ['Steel'] },
        variations,
        skus,
        images: Array.from({ length: draw.images }, () => image()),
        video: null,
        sizeChart: null,
        description,
        shortDescription: 'A flask for every day, hot and cold',
        sourceUrl: null,
        variantType: variations.length > 0 ? 'multiple' : 'single',
        wholesale:
          table.wholesale && draw.wholesale
            ? [
                { min: 2, max: 9, price: draw.price - unit },
                { min: 10, max: 50, price: draw.price - 2 * unit },
              ]
            : [],
        preOrder: { enabled: draw.preOrder !== null, days: draw.preOrder },
        condition: 'new',
        logistics: [{ channelId: '70016', enabled: true, feeMinor: null }],
        freight: 'weight',
        warranty: { period: null, policy: null },
        cod: false,
      } satisfies ProductInput;
    });
}

const TABLES: [Platform, SiteCode][] = (Object.keys(PLATFORM_SITES) as Platform[]).flatMap(
  (platform) =>
    (PLATFORM_SITES[platform] as readonly SiteCode[])
      .filter((site) => !['br', 'pl'].includes(site))
      .map((site): [Platform, SiteCode] => [platform, site]),
);

function fieldsOf(
  product: ProductInput,
  platform: Platform,
  site: SiteCode,
  context: RuleContext = {},
) {
  const result = productRules(ruleTable(platform, site), context).safeParse(product);
  return result.success ? [] : toFieldIssues(result.error.issues);
}

describe('the product rules', () => {
  it('take every valid product of every platform and site', () => {
    for (const [platform, site] of TABLES)
      fc.assert(
        fc.property(validProduct(platform, site), (product) => {
          expect(fieldsOf(product, platform, site)).toEqual([]);
        }),
        { numRuns: 15 },
      );
  });

  /** One rule broken on a valid product: the rules answer that field, with that key. */
  type Breach = [
    name: string,
    change: (p: ProductInput) => ProductInput,
    field: string,
    key: string,
  ];
  const first = (p: ProductInput) => p.skus[0] as ProductInput['skus'][number];
  const withSku = (p: ProductInput, change: Partial<ProductInput['skus'][number]>) => ({
    ...p,
    skus: [{ ...first(p), ...change }, ...p.skus.slice(1)],
  });
  const common: Breach[] = [
    [
      'promotion above price',
      (p) => withSku(p, { promotionPrice: first(p).sellingPrice + 1 }),
      'skus.0.promotionPrice',
      'promotionAbovePrice',
    ],
    ['stock not whole', (p) => withSku(p, { stock: 1.5 }), 'skus.0.stock', 'integer'],
    [
      'no SKU',
      (p) => ({ ...p, skus: [], variations: [], variantType: 'single' }),
      'skus',
      'tooFewItems',
    ],
    [
      'weight missing',
      (p) => ({ ...p, packageWeightGrams: null }),
      'packageWeightGrams',
      'required',
    ],
    [
      'weight with a fourth decimal of kg',
      (p) => ({ ...p, packageWeightGrams: 1.5 }),
      'packageWeightGrams',
      'decimals',
    ],
    ['product SKU of 51', (p) => ({ ...p, sku: 'S'.repeat(51) }), 'sku', 'tooLong'],
    [
      'a GIF image',
      (p) => ({ ...p, images: [image({ mime: 'image/gif' })] }),
      'images.0',
      'fileType',
    ],
    [
      'variation names repeated',
      (p) => ({
        ...p,
        variantType: 'multiple',
        variations: [
          { name: 'Colour', options: [{ name: 'Red', image: null }] },
          { name: 'colour', options: [{ name: 'Big', image: null }] },
        ],
        skus: [{ ...first(p), options: ['Red', 'Big'] }],
      }),
      'variations.1.name',
      'duplicate',
    ],
    [
      'an empty variation name',
      (p) => ({
        ...p,
        variantType: 'multiple',
        variations: [{ name: ' ', options: [{ name: 'Red', image: null }] }],
        skus: [{ ...first(p), options: ['Red'] }],
      }),
      'variations.0.name',
      'required',
    ],
  ];
  const lazada: Breach[] = [
    ['empty title', (p) => ({ ...p, title: '' }), 'title', 'required'],
    ['title of 256', (p) => ({ ...p, title: 'T'.repeat(256) }), 'title', 'tooLong'],
    ['no package content', (p) => ({ ...p, packageContent: '' }), 'packageContent', 'required'],
    [
      'package content of 1001',
      (p) => ({ ...p, packageContent: 'c'.repeat(1001) }),
      'packageContent',
      'tooLong',
    ],
    ['no seller SKU', (p) => withSku(p, { sellerSku: '' }), 'skus.0.sellerSku', 'required'],
    [
      'seller SKU of 51',
      (p) => withSku(p, { sellerSku: 'S'.repeat(51) }),
      'skus.0.sellerSku',
      'tooLong',
    ],
    [
      'a ninth image',
      (p) => ({ ...p, images: Array.from({ length: 9 }, () => image()) }),
      'images',
      'tooManyItems',
    ],
    [
      'an image of 2 MB + 1 byte',
      (p) => ({ ...p, images: [image({ bytes: 2 * MB + 1 })] }),
      'images.0',
      'fileTooLarge',
    ],
  ];
  const shopee: Breach[] = [
    ['title of 19', (p) => ({ ...p, title: 'T'.repeat(19) }), 'title', 'tooShort'],
    ['title of 121', (p) => ({ ...p, title: 'T'.repeat(121) }), 'title', 'tooLong'],
    [
      'description of 24',
      (p) => ({ ...p, description: 'd'.repeat(24) }),
      'description',
      'tooShort',
    ],
    [
      'description of 3001',
      (p) => ({ ...p, description: 'd'.repeat(3001) }),
      'description',
      'tooLong',
    ],
    [
      'short description of 19',
      (p) => ({ ...p, shortDescription: 's'.repeat(19) }),
      'shortDescription',
      'tooShort',
    ],
    [
      'pre-order of 6 days',
      (p) => ({ ...p, preOrder: { enabled: true, days: 6 } }),
      'preOrder.days',
      'tooSmall',
    ],
    [
      'pre-order of 31 days',
      (p) => ({ ...p, preOrder: { enabled: true, days: 31 } }),
      'preOrder.days',
      'tooBig',
    ],
    [
      'pre-order of 7.5 days',
      (p) => ({ ...p, preOrder: { enabled: true, days: 7.5 } }),
      'preOrder.days',
      'integer',
    ],
    ['stock above a million', (p) => withSku(p, { stock: 1_000_001 }), 'skus.0.stock', 'tooBig'],
    [
      'price above a million',
      (p) =>
        withSku(p, { sellingPrice: 1_000_001 * 100, originalPrice: null, promotionPrice: null }),
      'skus.0.sellingPrice',
      'tooBig',
    ],
    [
      'seller SKU with a dash',
      (p) => withSku(p, { sellerSku: 'A-1' }),
      'skus.0.sellerSku',
      'invalidFormat',
    ],
    [
      'seller SKU of 31',
      (p) => withSku(p, { sellerSku: 'S'.repeat(31) }),
      'skus.0.sellerSku',
      'tooLong',
    ],
    [
      '21 options',
      (p) => ({
        ...p,
        variantType: 'multiple',
        variations: [
          {
            name: 'Colour',
            options: Array.from({ length: 21 }, (_, i) => ({ name: `c${i}`, image: null })),
          },
        ],
        skus: [{ ...first(p), options: ['c0'] }],
      }),
      'variations.0.options',
      'tooManyItems',
    ],
    [
      'three SKU attributes',
      (p) => ({
        ...p,
        variantType: 'multiple',
        variations: ['A', 'B', 'C'].map((name) => ({
          name,
          options: [{ name: 'x', image: null }],
        })),
        skus: [{ ...first(p), options: ['x', 'x', 'x'] }],
      }),
      'variations',
      'tooManyItems',
    ],
    [
      'multi-variant without attributes',
      (p) => ({
        ...p,
        variantType: 'multiple',
        variations: [],
        skus: [{ ...first(p), options: [] }],
      }),
      'variations',
      'tooFewItems',
    ],
    [
      'variation name of 21',
      (p) => ({
        ...p,
        variantType: 'multiple',
        variations: [{ name: 'N'.repeat(21), options: [{ name: 'x', image: null }] }],
        skus: [{ ...first(p), options: ['x'] }],
      }),
      'variations.0.name',
      'tooLong',
    ],
    [
      'wholesale at the selling price',
      (p) => ({
        ...p,
        wholesale: [{ min: 2, max: 5, price: Math.min(...p.skus.map((s) => s.sellingPrice)) }],
      }),
      'wholesale.0.price',
      'wholesaleAbovePrice',
    ],
    [
      'wholesale starting at 3',
      (p) => ({ ...p, wholesale: [{ min: 3, max: 5, price: 100 }] }),
      'wholesale.0.min',
      'wholesaleFirstMin',
    ],
    [
      'wholesale maximum not above minimum',
      (p) => ({ ...p, wholesale: [{ min: 2, max: 2, price: 100 }] }),
      'wholesale.0.max',
      'wholesaleRange',
    ],
    [
      'wholesale tier not cheaper',
      (p) => ({
        ...p,
        wholesale: [
          { min: 2, max: 5, price: 100 },
          { min: 6, max: 9, price: 100 },
        ],
      }),
      'wholesale.1.price',
      'wholesaleTierPrice',
    ],
    [
      'wholesale tiers overlapping',
      (p) => ({
        ...p,
        wholesale: [
          { min: 2, max: 5, price: 100 },
          { min: 5, max: 9, price: 90 },
        ],
      }),
      'wholesale.1.min',
      'wholesaleOverlap',
    ],
    [
      'no logistics method',
      (p) => ({ ...p, logistics: [{ channelId: '1', enabled: false, feeMinor: null }] }),
      'logistics',
      'tooFewItems',
    ],
    ['no cover', (p) => ({ ...p, images: [] }), 'images', 'required'],
    [
      'a cover of 2 MB + 1 byte',
      (p) => ({ ...p, images: [image({ bytes: 2 * MB + 1 })] }),
      'images.0',
      'fileTooLarge',
    ],
    [
      'a 61 s video',
      (p) => ({ ...p, video: image({ mime: 'video/mp4', durationMs: 61_000, bytes: MB }) }),
      'video',
      'videoDuration',
    ],
    [
      'a 9 s video',
      (p) => ({ ...p, video: image({ mime: 'video/mp4', durationMs: 9_000, bytes: MB }) }),
      'video',
      'videoDuration',
    ],
    [
      'a video of 30 MB + 1 byte',
      (p) => ({
        ...p,
        video: image({ mime: 'video/mp4', durationMs: 20_000, bytes: 30 * MB + 1 }),
      }),
      'video',
      'fileTooLarge',
    ],
    [
      'a WebM video',
      (p) => ({ ...p, video: image({ mime: 'video/webm', durationMs: 20_000 }) }),
      'video',
      'fileType',
    ],
  ];

  const cases: [Platform, SiteCode, Breach[]][] = [
    ['lazada', 'th', [...common, ...lazada]],
    ['lazada', 'vn', [...common, ...lazada]],
    ['shopee', 'th', [...common, ...shopee]],
    ['shopee', 'my', [...common, ...shopee]],
  ];
  for (const [platform, site, breaches] of cases)
    for (const [name, change, field, key] of breaches)
      it(`${platform} ${site}: ${name} fails on ${field} (${key}), and only there`, () => {
        fc.assert(
          fc.property(validProduct(platform, site), (product) => {
            const issues = fieldsOf(change(product), platform, site);
            expect(issues.find((issue) => issue.field === field)?.key, JSON.stringify(issues)).toBe(
              key,
            );
          }),
          { numRuns: 10 },
        );
      });

  it('asks for the category’s required attributes and its size chart', () => {
    fc.assert(
      fc.property(validProduct('shopee', 'th'), (product) => {
        const issues = fieldsOf({ ...product, attributes: {} }, 'shopee', 'th', {
          requiredAttributes: ['100211'],
          sizeChartRequired: true,
        });
        expect(issues.map((issue) => [issue.field, issue.key])).toEqual(
          expect.arrayContaining([
            ['sizeChart', 'required'],
            ['attributes.100211', 'required'],
          ]),
        );
      }),
      { numRuns: 10 },
    );
  });

  it('asks for at least one site when copying', () => {
    const result = SitesChoiceSchema.safeParse([]);
    expect(result.success).toBe(false);
    expect(toFieldIssues(result.error?.issues ?? [])[0]?.key).toBe('chooseSite');
  });

  it('reads price fields with the currency’s decimals and weights with three', () => {
    expect(priceText(ruleTable('shopee', 'th')).safeParse('12.50').success).toBe(true);
    expect(priceText(ruleTable('shopee', 'th')).safeParse('12.505').success).toBe(false);
    expect(priceText(ruleTable('shopee', 'vn')).safeParse('12000').success).toBe(true);
    expect(priceText(ruleTable('shopee', 'vn')).safeParse('12000.5').success).toBe(false);
    const decimals = toFieldIssues(decimalText(2).safeParse('1.234').error?.issues ?? []);
    expect(decimals[0]).toMatchObject({ key: 'decimals', params: { maximum: 2 } });
    expect(weightKgText.safeParse('1.125').success).toBe(true);
    expect(weightKgText.safeParse('1.1255').success).toBe(false);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (grams) => {
        const text = `${Math.floor(grams / 1000)}.${String(grams % 1000).padStart(3, '0')}`;
        expect(weightKgText.safeParse(text).success).toBe(true);
        expect(kgTextToGrams(text)).toBe(grams);
      }),
    );
  });
});

const template = (overrides: Partial<PricingTemplate> = {}): PricingTemplate => ({
  markupPercent: 0,
  rounding: 'none',
  shippingPerKg: 3500,
  handling: 200,
  platformFeeBps: 600,
  marginBps: 2000,
  strikeThroughBps: 2500,
  ...overrides,
});
const rates = fc.constantFrom('4.564', '0.6103', '3655.9', '0.181', '2303.37', '8.1180');
const currencies = fc.constantFrom('THB', 'MYR', 'VND', 'SGD', 'IDR', 'PHP') as fc.Arbitrary<
  'THB' | 'MYR' | 'VND' | 'SGD' | 'IDR' | 'PHP'
>;
const dimensions = fc.option(
  fc.record({
    length: fc.integer({ min: 1, max: 120 }),
    width: fc.integer({ min: 1, max: 80 }),
    height: fc.integer({ min: 1, max: 80 }),
  }),
  { nil: null },
);

describe('landed-cost pricing', () => {
  it('prices at the template’s margin, within one minor unit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 40_000 }),
        dimensions,
        rates,
        currencies,
        fc.integer({ min: 0, max: 4000 }),
        fc.integer({ min: 0, max: 5000 }),
        (cost, weight, size, rate, to, fee, margin) => {
          const t = template({ platformFeeBps: fee, marginBps: margin });
          const priced = landedCostPrice({
            costMinor: cost,
            weightGrams: weight,
            dimensionsCm: size,
            rate,
            to,
            template: t,
          });
          const wanted = Math.round((priced.sellingPrice * margin) / 10_000);
          expect(Math.abs(priced.profit - wanted)).toBeLessThanOrEqual(1);
          expect(
            skuProfit({
              costMinor: cost,
              weightGrams: weight,
              dimensionsCm: size,
              rate,
              to,
              template: t,
              price: priced.sellingPrice,
            }),
          ).toBe(priced.profit);
          expect(priced.originalPrice ?? 0).toBeGreaterThanOrEqual(priced.sellingPrice);
        },
      ),
    );
  });

  it('never lowers the price for a higher cost, whatever the rounding', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 40_000 }),
        rates,
        currencies,
        fc.constantFrom('none', 'whole', 'ninetyNine') as fc.Arbitrary<PricingTemplate['rounding']>,
        (cost, more, weight, rate, to, rounding) => {
          const t = template({ rounding });
          const at = (c: number) =>
            landedCostPrice({
              costMinor: c,
              weightGrams: weight,
              dimensionsCm: null,
              rate,
              to,
              template: t,
            }).sellingPrice;
          expect(at(cost + more)).toBeGreaterThanOrEqual(at(cost));
        },
      ),
    );
  });

  it('charges the larger of the weight and the volume at 350 kg per cubic metre', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 200 }),
        (weight, length, width, height) => {
          const volumeGrams = Math.ceil((length * width * height * 350) / 1000);
          expect(chargeableGrams(weight, { length, width, height })).toBe(
            Math.max(weight, volumeGrams),
          );
          expect(chargeableGrams(weight, null)).toBe(weight);
        },
      ),
    );
    // One cubic metre weighs 350 kg.
    expect(chargeableGrams(1000, { length: 100, width: 100, height: 100 })).toBe(350_000);
  });

  it('rounds once: the price is the exact one rounded up, never a rounded step rounded again', () => {
    // 10.00 CNY + 1 kg at 35.00 CNY/kg + 2.00 handling = 47.00 CNY; at 4.564 THB = 214.508 THB;
    // / (1 - 0.06 - 0.20) = 289.875... -> 289.88 THB.
    const priced = landedCostPrice({
      costMinor: 1000,
      weightGrams: 1000,
      dimensionsCm: null,
      rate: '4.564',
      to: 'THB',
      template: template(),
    });
    expect(priced.landedCny).toBe(4700);
    expect(priced.landed).toBe(21_451);
    expect(priced.sellingPrice).toBe(28_988);
    expect(priced.originalPrice).toBe(36_235);
  });
});
