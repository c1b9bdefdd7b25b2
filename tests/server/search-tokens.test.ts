import {
  normaliseForSearch,
  PREFIX_MAX,
  searchTerms,
  searchTokens,
} from '@server/lib/search-tokens';
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
});
