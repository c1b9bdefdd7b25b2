/**
 * Search tokens of the catalogue and the mall, made by the same function when a product is
 * written and when a query is read, so PGlite and PostgreSQL answer alike (no database text
 * search, whose word breaking depends on the server's locale and skips Chinese and Thai).
 *
 * Text is normalised first (NFKC, then case folded: full-width Ｌ becomes l, ﬁ becomes fi). Then:
 * - Chinese (Han) and Thai runs have no spaces between words: a run gives each character and each
 *   overlapping pair of characters (手机壳: 手 机 壳 手机 机壳);
 * - other letters and digits form words (Latin, numbers, ...): a word gives itself and its
 *   prefixes (phone: p ph pho phon phone), up to PREFIX_MAX characters, so a typed beginning finds
 *   it.
 *
 * At query time a run of two or more characters asks for its pairs only (a single character asks
 * for itself), and a word for itself (it is one of the indexed prefixes of every word it begins).
 * Tokens only narrow the candidates: each candidate is checked against the normalised text
 * (`normaliseForSearch`), so characters found apart never match a query that has them together.
 */

/** Longer words are indexed by their first PREFIX_MAX characters' prefixes and themselves. */
export const PREFIX_MAX = 12;
/** At most this many tokens per text (a very long title is cut, never the database row). */
const TOKENS_MAX = 2000;

/** NFKC, case folded, with runs of spaces made one space. */
export function normaliseForSearch(text: string): string {
  return text.normalize('NFKC').toLowerCase().normalize('NFKC').replace(/\s+/gu, ' ').trim();
}

type RunKind = 'han' | 'thai' | 'word';
export interface SearchTerm {
  kind: RunKind;
  text: string;
}

/** Runs of Chinese, of Thai, and of other letters, digits and marks, in one pass. */
const RUNS =
  /(\p{Script=Han}+)|(\p{Script=Thai}+)|((?:(?![\p{Script=Han}\p{Script=Thai}])[\p{L}\p{N}\p{M}])+)/gu;

/** The runs of normalised text: Chinese, Thai, and words of other letters and digits. */
export function searchTerms(text: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (const match of normaliseForSearch(text).matchAll(RUNS)) {
    const kind: RunKind = match[1] ? 'han' : match[2] ? 'thai' : 'word';
    terms.push({ kind, text: match[0] });
  }
  return terms;
}

/**
 * The tokens of a text: `index` for what a product is found by, `query` for what a search asks
 * for (every query token is among the index tokens of a text holding the query).
 */
export function searchTokens(text: string, mode: 'index' | 'query'): string[] {
  const tokens = new Set<string>();
  for (const term of searchTerms(text)) {
    const chars = [...term.text];
    if (term.kind === 'word') {
      if (mode === 'query') tokens.add(chars.slice(0, PREFIX_MAX).join(''));
      else
        for (let n = 1; n <= Math.min(chars.length, PREFIX_MAX); n++)
          tokens.add(chars.slice(0, n).join(''));
      continue;
    }
    if (mode === 'index' || chars.length === 1) for (const ch of chars) tokens.add(ch);
    for (let i = 0; i + 1 < chars.length; i++) tokens.add(`${chars[i]}${chars[i + 1]}`);
  }
  return [...tokens].slice(0, TOKENS_MAX);
}
