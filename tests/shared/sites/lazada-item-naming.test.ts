import { join } from 'node:path';
import { isFailure } from '@shared/sites/common/draft';
import { extract } from '@shared/sites/index';
import { describe, expect, it } from 'vitest';
import { expectationsOf, inputOf } from './expectation';

/**
 * The reduced lazada.vn page names its item only outside its page data: in the address, the
 * head (og:url) and the LD+JSON Product (sku, mpn, url). These variants of that real page change
 * one of those places at a time.
 */
const PAGE = 'lazada-vn-2025-pamu-reduced.html';
const ADDRESS = 'https://www.lazada.vn/products/tai-nghe-bluetooth-pamu-slide-mini-i456096674.html';
const OTHER_ITEM = 'https://www.lazada.vn/products/another-item-i111222333.html';

async function page(change?: (document: Document) => void) {
  const expectation = (await expectationsOf('lazada'))[PAGE];
  if (!expectation) throw new Error(`no expectation for ${PAGE}`);
  const input = inputOf(join(process.cwd(), 'tests/fixtures/sites/lazada', PAGE), expectation);
  change?.(input.document);
  return input;
}

const removeOgUrl = (document: Document) =>
  document.querySelector('meta[property="og:url"]')?.remove();
const removeSummary = (document: Document) =>
  document.querySelector('script[type="application/ld+json"]')?.remove();
const setOgUrl = (address: string) => (document: Document) =>
  document.querySelector('meta[property="og:url"]')?.setAttribute('content', address);

describe('a Lazada page whose data names no item', () => {
  it('is the product when the head and the summary name the address’s item', async () => {
    const result = extract(await page());
    expect(isFailure(result) ? result.failure : [result.itemId, result.url]).toEqual([
      '456096674',
      ADDRESS,
    ]);
  });

  it('is the product when one of them names it beside the address', async () => {
    for (const change of [removeOgUrl, removeSummary]) {
      const result = extract(await page(change));
      expect(isFailure(result) ? result.failure : result.price).toEqual({
        min: 2490000,
        max: 2490000,
      });
    }
  });

  it('is refused when the page names no item at all', async () => {
    const result = extract(
      await page((document) => {
        removeOgUrl(document);
        removeSummary(document);
      }),
    );
    expect(result).toMatchObject({
      failure: 'layoutUnknown',
      missing: ['item id (page data, og:url or LD+JSON)'],
    });
  });

  it('is refused when the address names another item (a page left over from a navigation)', async () => {
    const input = await page();
    const result = extract({ ...input, url: OTHER_ITEM });
    expect(result).toMatchObject({ failure: 'layoutUnknown', missing: ['matching item id'] });
  });

  it('is refused when its head names another item, even if the summary names this one', async () => {
    const result = extract(await page(setOgUrl(OTHER_ITEM)));
    expect(result).toMatchObject({ failure: 'layoutUnknown', missing: ['matching item id'] });
  });

  it('is refused when it shows no price', async () => {
    const result = extract(
      await page((document) => {
        for (const script of document.querySelectorAll('script:not([type])')) script.remove();
      }),
    );
    expect(result).toMatchObject({ failure: 'layoutUnknown' });
    expect(isFailure(result) && result.missing.join(' ')).toContain('price');
  });
});
