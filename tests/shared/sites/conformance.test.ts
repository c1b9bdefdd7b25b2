import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  type ProductDraft,
  ProductDraftSchema,
  SOURCE_SITES,
} from '@shared/contracts/product-draft';
import { isFailure } from '@shared/sites/common/draft';
import { extract } from '@shared/sites/index';
import { describe, expect, it } from 'vitest';
import { expectationsOf, inputOf } from './expectation';

const FIXTURES = join(process.cwd(), 'tests/fixtures/sites');

/** A field the page left empty is never marked as read for sure: the draft says it is missing. */
function expectMissingReported(draft: ProductDraft) {
  const empty: Record<string, boolean> = {
    price: draft.price.min === null,
    images: draft.images.length === 0,
    description: draft.description === null,
    shop: draft.shop === null,
    categoryPath: draft.categoryPath.length === 0,
    attributes: draft.attributes.length === 0,
    weightGrams: draft.weightGrams === null,
    dimensionsCm: draft.dimensionsCm === null,
  };
  for (const [field, isEmpty] of Object.entries(empty)) {
    if (!isEmpty) continue;
    expect(draft.confidence[field]?.level, `${field} is empty`).toMatch(/^(medium|low)$/);
    expect(draft.confidence[field]?.code, `${field} is empty`).toBeTruthy();
  }
}

describe('every saved page of every source site', () => {
  for (const site of SOURCE_SITES) {
    const folder = join(FIXTURES, site);
    const files = readdirSync(folder).filter((name) => /\.(html|json)$/.test(name));
    it(`${site}: each page has an expectation written for it`, async () => {
      const expected = await expectationsOf(site);
      expect(Object.keys(expected).sort()).toEqual(files.sort());
    });
    for (const name of files) {
      it(`${site}/${name}`, async () => {
        const expectation = (await expectationsOf(site))[name];
        if (!expectation) throw new Error(`no expectation for ${name}`);
        const started = performance.now();
        const result = extract(inputOf(join(folder, name), expectation));
        const elapsed = performance.now() - started;
        expect(elapsed).toBeGreaterThanOrEqual(0);
        if (expectation.failure) {
          expect(isFailure(result) ? result.failure : 'a product').toBe(expectation.failure);
          return;
        }
        if (isFailure(result))
          throw new Error(`${name}: ${result.failure} (${result.missing.join(', ')})`);
        expect(ProductDraftSchema.safeParse(result).success).toBe(true);
        expect(result).toMatchObject(expectation.draft ?? {});
        expectMissingReported(result);
        expectation.check?.(result);
      });
    }
  }
});

describe('extraction failures', () => {
  it('each kind has a message and a hint for the seller in every language', async () => {
    const { readLocale } = await import('../../support/locales');
    const { EXTRACTION_FAILURES } = await import('@shared/contracts/product-draft');
    for (const language of ['zh', 'th', 'en'] as const) {
      const words = readLocale(language, 'collector').failures as Record<
        string,
        { message: string; hint: string }
      >;
      for (const kind of EXTRACTION_FAILURES) {
        expect(words[kind]?.message, `${language} ${kind}`).toBeTruthy();
        expect(words[kind]?.hint, `${language} ${kind}`).toBeTruthy();
      }
    }
  });
});
