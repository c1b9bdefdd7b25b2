import { applyEdits, initialEdits } from '@entrypoints/sidepanel/draft-edits';
import {
  formatMinor,
  formatRange,
  minorToText,
  textToMinor,
} from '@entrypoints/sidepanel/money-text';
import type { ProductDraft } from '@shared/contracts/product-draft';
import { describe, expect, it } from 'vitest';

function draft(overrides: Partial<ProductDraft> = {}): ProductDraft {
  return {
    site: 'shopee',
    itemId: '42',
    url: 'https://shopee.co.th/product/1/42',
    title: 'Rice cooker',
    currency: 'THB',
    price: { min: 89_900, max: 89_900 },
    tiers: [],
    skuProperties: [],
    skus: [],
    images: [],
    description: null,
    shop: null,
    categoryPath: [],
    weightGrams: null,
    dimensionsCm: null,
    attributes: [],
    minOrderQuantity: null,
    raw: null,
    confidence: { price: { level: 'medium', reason: 'before vouchers' } },
    ...overrides,
  };
}

describe('panel amounts', () => {
  it('reads and writes minor units by the currency exponent', () => {
    expect(minorToText(1520, 'CNY')).toBe('15.20');
    expect(minorToText(5, 'USD')).toBe('0.05');
    expect(minorToText(120_000, 'VND')).toBe('120000');
    expect(textToMinor('12.5', 'CNY')).toBe(1250);
    expect(textToMinor('1,234.567', 'THB')).toBe(123_457);
    expect(textToMinor('120000', 'IDR')).toBe(120_000);
    expect(textToMinor('  ', 'CNY')).toBeNull();
    expect(textToMinor('-3', 'CNY')).toBeUndefined();
    expect(textToMinor('12a', 'CNY')).toBeUndefined();
  });

  it('formats money in the reader language', () => {
    expect(formatMinor(123_450, 'THB', 'en')).toBe('฿1,234.50');
    expect(formatMinor(1520, 'CNY', 'zh')).toBe('¥15.20');
    expect(formatMinor(12_000, 'VND', 'th')).toBe('₫12,000');
    expect(formatRange(100, 250, 'USD', 'en')).toBe('$1.00 – $2.50');
    expect(formatRange(100, 100, 'USD', 'en')).toBe('$1.00');
    expect(formatRange(null, null, 'USD', 'en')).toBeNull();
  });
});

describe('panel edits', () => {
  it('changes nothing when nothing was edited', () => {
    const read = draft();
    const checked = applyEdits(read, initialEdits(read));
    expect(checked.edited).toBe(false);
    expect(checked.valid).toBe(true);
    expect(checked.draft).toEqual(read);
  });

  it('takes a typed price range in minor units and marks it as the seller’s', () => {
    const read = draft();
    const checked = applyEdits(read, { ...initialEdits(read), priceMin: '799', priceMax: '' });
    expect(checked.edited).toBe(true);
    expect(checked.draft.price).toEqual({ min: 79_900, max: 79_900 });
    expect(checked.draft.confidence.price).toEqual({ level: 'high' });
  });

  it('refuses an empty title, a word for a price and a top below the bottom', () => {
    const read = draft();
    const checked = applyEdits(read, {
      ...initialEdits(read),
      title: '  ',
      priceMin: '900',
      priceMax: '800',
    });
    expect(checked.valid).toBe(false);
    expect(checked.errors.title).toBe('required');
    expect(checked.errors.priceMax).toBe('belowMin');
    expect(applyEdits(read, { ...initialEdits(read), priceMin: 'free' }).errors.priceMin).toBe(
      'invalid',
    );
  });

  it('prices SKUs one by one and follows them with the range', () => {
    const sku = (id: string, price: number | null) => ({
      id,
      values: { size: id },
      price,
      originalPrice: null,
      stock: null,
      available: true,
      image: null,
    });
    const read = draft({ skus: [sku('s', 1000), sku('m', 1200), sku('l', null)] });
    const edits = initialEdits(read);
    expect(edits.skuPrices).toEqual({ s: '10.00', m: '12.00', l: '' });
    const checked = applyEdits(read, { ...edits, skuPrices: { ...edits.skuPrices, l: '15' } });
    expect(checked.draft.skus.map((one) => one.price)).toEqual([1000, 1200, 1500]);
    expect(checked.draft.price).toEqual({ min: 1000, max: 1500 });
    expect(
      applyEdits(read, { ...edits, skuPrices: { ...edits.skuPrices, s: 'x' } }).errors.skus,
    ).toEqual({ s: 'invalid' });
  });
});
