import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ProductDraftSchema, SOURCE_SITES } from '@shared/contracts/product-draft';
import { isFailure } from '@shared/sites/common/draft';
import { extract } from '@shared/sites/index';
import { describe, expect, it } from 'vitest';
import { expectationsOf, inputOf } from './expectation';

const FIXTURES = join(process.cwd(), 'tests/fixtures/sites');

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
