import {
  normaliseForSearch,
  PREFIX_MAX,
  searchTerms,
  searchTokens,
} from '@server/lib/search-tokens';
import { searchColumnsOf, searchTextOf } from '@server/modules/catalogue/catalogue-write';
import { generateProduct, supplierCountFor } from '@server/seed/catalogue-generator';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** The tokens the catalogue indexes and searches by (server/lib/search-tokens.ts). */

describe('search tokens', () => {
  it('normalises with NFKC and case folding', () => {
    expect(normaliseForSearch('  ＰＨＯＮＥ\u3000Case ﬁt ')).toBe('phone case fit');
    expect(normaliseForSearch('ＡＢＣ１２３')).toBe('abc123');
  });

  it('splits Chinese, Thai and other words into runs, wherever they touch', () => {
    expect(searchTerms('新款iPhone15手机壳，เคสโทรศัพท์ PRO-max')).toEqual([
      { kind: 'han', text: '新款' },
      { kind: 'word', text: 'iphone15' },
      { kind: 'han', text: '手机壳' },
      { kind: 'thai', text: 'เคสโทรศัพท์' },
      { kind: 'word', text: 'pro' },
      { kind: 'word', text: 'max' },
    ]);
  });

  it('indexes Chinese runs as single characters and overlapping pairs', () => {
    expect(searchTokens('手机壳', 'index').sort()).toEqual(
      ['手', '机', '壳', '手机', '机壳'].sort(),
    );
    // A query of two or more characters asks for its pairs, one character for itself.
    expect(searchTokens('手机壳', 'query')).toEqual(['手机', '机壳']);
    expect(searchTokens('鞋', 'query')).toEqual(['鞋']);
  });

  it('indexes Thai runs the same way, marks included', () => {
    const index = searchTokens('รองเท้าวิ่ง', 'index');
    for (const token of searchTokens('วิ่ง', 'query')) expect(index).toContain(token);
    expect(searchTokens('วิ่ง', 'query')).toEqual(['วิ', 'ิ่', '่ง']);
  });

  it('indexes words with their prefixes, and a query word asks for itself', () => {
    expect(searchTokens('Phone', 'index')).toEqual(['p', 'ph', 'pho', 'phon', 'phone']);
    expect(searchTokens('PHO case', 'query')).toEqual(['pho', 'case']);
    const long = 'a'.repeat(PREFIX_MAX + 5);
    expect(searchTokens(long, 'index')).toHaveLength(PREFIX_MAX);
    expect(searchTokens(long, 'query')).toEqual(['a'.repeat(PREFIX_MAX)]);
  });

  it('gives a text holding the query every token the query asks for', () => {
    const piece = fc.constantFrom(
      '手机',
      '壳',
      '新款',
      'เคส',
      'โทรศัพท์',
      'phone',
      'Case',
      ' ',
      '-',
      '１２',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 8 }),
        fc.array(piece, { minLength: 1, maxLength: 4 }),
        fc.array(piece, { maxLength: 8 }),
        (before, query, after) => {
          const q = query.join('');
          // The query's ends may join the surrounding runs: they are whole words of their own here.
          const text = `${before.join('')} ${q} ${after.join('')}`;
          const index = new Set(searchTokens(text, 'index'));
          for (const token of searchTokens(q, 'query')) expect(index.has(token)).toBe(true);
        },
      ),
      { seed: 21 },
    );
  });

  it('makes the same tokens as the regular-expression tokeniser it replaced, on many titles', () => {
    const titles: string[] = [];
    const suppliers = supplierCountFor(1_000_000);
    for (let i = 0; i < 1000; i++) {
      const generated = generateProduct(7, i * 997, suppliers);
      titles.push(searchTextOf(generated));
      for (const title of [generated.titleZh, generated.titleTh, generated.titleEn])
        if (title) titles.push(title);
    }
    const differing = titles.filter(
      (title) =>
        JSON.stringify(searchTokens(title, 'index')) !==
          JSON.stringify(referenceTokens(title, 'index')) ||
        JSON.stringify(searchTokens(title, 'query')) !==
          JSON.stringify(referenceTokens(title, 'query')),
    );
    expect(titles.length).toBeGreaterThan(2000);
    expect(differing).toEqual([]);
    // The stored titles are normalised already: their tokens are taken without normalising again.
    for (const generated of [0, 1, 2, 3].map((i) => generateProduct(3, i, suppliers))) {
      const text = searchTextOf(generated);
      expect(searchColumnsOf(generated).tokens).toEqual(referenceTokens(text, 'index'));
    }
    // Any text at all: other scripts, marks, characters past the Basic Multilingual Plane
    // (𠮷, emoji), lone surrogates, full-width forms, spaces of every kind.
    let state = 2126;
    const next = (n: number) => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state % n;
    };
    const ranges = [
      [0x20, 0x7f],
      [0xa0, 0x2000],
      [0x0e00, 0x0e80],
      [0x3000, 0x3100],
      [0x4e00, 0x4e80],
      [0xd800, 0xe000],
      [0xf900, 0xfb10],
      [0xff00, 0xfff0],
      [0x1f300, 0x1f700],
      [0x20000, 0x20100],
      [0xe0000, 0xe0080],
    ] as const;
    for (let round = 0; round < 1500; round++) {
      let text = '';
      for (let k = next(24); k > 0; k--) {
        const [from, to] = ranges[next(ranges.length)] as readonly [number, number];
        const code = from + next(to - from);
        text +=
          code >= 0xd800 && code < 0xe000 ? String.fromCharCode(code) : String.fromCodePoint(code);
      }
      expect(searchTokens(text, 'index'), text).toEqual(referenceTokens(text, 'index'));
      expect(searchTokens(text, 'query'), text).toEqual(referenceTokens(text, 'query'));
      expect(searchColumnsOf({ titleZh: text }).tokens, text).toEqual(
        referenceTokens(normaliseForSearch(text), 'index'),
      );
    }
  });
});

/** The tokeniser as it was first written (a regular expression per run): the reference. */
const REFERENCE_RUNS =
  /(\p{Script=Han}+)|(\p{Script=Thai}+)|((?:(?![\p{Script=Han}\p{Script=Thai}])[\p{L}\p{N}\p{M}])+)/gu;
function referenceTokens(text: string, mode: 'index' | 'query'): string[] {
  const tokens = new Set<string>();
  for (const match of normaliseForSearch(text).matchAll(REFERENCE_RUNS)) {
    const chars = [...match[0]];
    if (!match[1] && !match[2]) {
      if (mode === 'query') tokens.add(chars.slice(0, PREFIX_MAX).join(''));
      else
        for (let n = 1; n <= Math.min(chars.length, PREFIX_MAX); n++)
          tokens.add(chars.slice(0, n).join(''));
      continue;
    }
    if (mode === 'index' || chars.length === 1) for (const ch of chars) tokens.add(ch);
    for (let i = 0; i + 1 < chars.length; i++) tokens.add(`${chars[i]}${chars[i + 1]}`);
  }
  return [...tokens].slice(0, 2000);
}
