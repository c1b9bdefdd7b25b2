import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type ProductDraft, SOURCE_SITES } from '@shared/contracts/product-draft';
import { CONFIDENCE_REASONS } from '@shared/sites/common/confidence';
import { isFailure } from '@shared/sites/common/draft';
import { extract } from '@shared/sites/index';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, readLocale } from '../../support/locales';
import { expectationsOf, inputOf } from './expectation';

const FIXTURES = join(process.cwd(), 'tests/fixtures/sites');

const placeholders = (words: string) =>
  [...words.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '');

function wordsOf(language: (typeof LANGUAGES)[number]): Record<string, unknown> {
  return (readLocale(language, 'collector').confidenceReasons ?? {}) as Record<string, unknown>;
}

describe('confidence reasons in the seller’s language', () => {
  it('every reason code has words in every language, naming only its own values', () => {
    const codes = Object.keys(CONFIDENCE_REASONS).sort();
    for (const language of LANGUAGES) {
      const words = wordsOf(language);
      expect(Object.keys(words).sort(), language).toEqual(codes);
      for (const [code, names] of Object.entries(CONFIDENCE_REASONS)) {
        const text = words[code];
        expect(typeof text, `${language} ${code}`).toBe('string');
        for (const name of placeholders(String(text))) {
          expect(names as readonly string[], `${language} ${code} {{${name}}}`).toContain(name);
        }
      }
    }
  });

  it('the English words carry no data field names', () => {
    for (const [code, text] of Object.entries(wordsOf('en'))) {
      expect(String(text), code).not.toMatch(/[a-z]+_[a-z]+|\.[a-z]|LD\+JSON|catID|\[\]/i);
    }
  });

  const tables = Object.fromEntries(LANGUAGES.map((language) => [language, wordsOf(language)]));

  for (const site of SOURCE_SITES) {
    const folder = join(FIXTURES, site);
    const files = readdirSync(folder).filter((name) => /\.(html|json)$/.test(name));
    it(`${site}: every reason on every saved page has a code with words and its values`, async () => {
      const expected = await expectationsOf(site);
      let drafts = 0;
      for (const name of files) {
        const expectation = expected[name];
        if (!expectation || expectation.failure) continue;
        const result = extract(inputOf(join(folder, name), expectation));
        if (isFailure(result)) continue;
        drafts += 1;
        checkReasons(`${site}/${name}`, result, tables);
      }
      expect(drafts).toBeGreaterThan(0);
    });
  }
});

function checkReasons(
  page: string,
  draft: ProductDraft,
  tables: Record<string, Record<string, unknown>>,
) {
  for (const [field, confidence] of Object.entries(draft.confidence)) {
    const where = `${page} ${field}`;
    if (confidence.level !== 'high' || confidence.reason) {
      expect(confidence.code, where).toBeTruthy();
      expect(confidence.reason, where).toBeTruthy();
    }
    if (!confidence.code) continue;
    expect(Object.keys(CONFIDENCE_REASONS), where).toContain(confidence.code);
    for (const [language, words] of Object.entries(tables)) {
      const text = words[confidence.code];
      expect(typeof text, `${where} ${language}`).toBe('string');
      for (const name of placeholders(String(text))) {
        expect(confidence.params?.[name], `${where} ${language} {{${name}}}`).toBeDefined();
      }
    }
  }
}
