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
/**
 * The depth of the search's postings (catalogue_token_top): a token lists at most this many of
 * the mall products holding it, its best sellers.
 */
export const SEARCH_POSTINGS_DEPTH = 1000;
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

/** Character classes of the runs: none, Chinese, Thai, other letters and digits. */
const NONE = 0;
const HAN = 1;
const THAI = 2;
const WORD = 3;
const HAN_CHAR = /^\p{Script=Han}$/u;
const THAI_CHAR = /^\p{Script=Thai}$/u;
const WORD_CHAR = /^[\p{L}\p{N}\p{M}]$/u;
/** The class of each code unit of the Basic Multilingual Plane, found once (255: not yet). */
const BMP_CLASS = new Uint8Array(0x10000).fill(255);
const ASTRAL_CLASS = new Map<number, number>();

function classOfChar(ch: string): number {
  if (HAN_CHAR.test(ch)) return HAN;
  if (THAI_CHAR.test(ch)) return THAI;
  return WORD_CHAR.test(ch) ? WORD : NONE;
}

/** The run class of a code point (the same classes as RUNS). */
function classOf(code: number): number {
  if (code < 0x10000) {
    let found = BMP_CLASS[code] as number;
    if (found === 255) {
      found = code >= 0xd800 && code <= 0xdfff ? NONE : classOfChar(String.fromCharCode(code));
      BMP_CLASS[code] = found;
    }
    return found;
  }
  let found = ASTRAL_CLASS.get(code);
  if (found === undefined) {
    found = classOfChar(String.fromCodePoint(code));
    ASTRAL_CLASS.set(code, found);
  }
  return found;
}

/** Adds a run's tokens: what `searchTokens` describes, one run at a time. */
function addRunTokens(
  tokens: Set<string>,
  run: string,
  kind: number,
  astral: boolean,
  mode: 'index' | 'query',
): void {
  if (astral) {
    // Characters beyond the Basic Multilingual Plane take two code units: cut by code point.
    const chars = [...run];
    if (kind === WORD) {
      if (mode === 'query') tokens.add(chars.slice(0, PREFIX_MAX).join(''));
      else
        for (let n = 1; n <= Math.min(chars.length, PREFIX_MAX); n++)
          tokens.add(chars.slice(0, n).join(''));
      return;
    }
    if (mode === 'index' || chars.length === 1) for (const ch of chars) tokens.add(ch);
    for (let i = 0; i + 1 < chars.length; i++) tokens.add(`${chars[i]}${chars[i + 1]}`);
    return;
  }
  const length = run.length;
  if (kind === WORD) {
    if (mode === 'query') tokens.add(run.slice(0, PREFIX_MAX));
    else for (let n = 1; n <= Math.min(length, PREFIX_MAX); n++) tokens.add(run.slice(0, n));
    return;
  }
  if (mode === 'index' || length === 1) for (let i = 0; i < length; i++) tokens.add(run.charAt(i));
  for (let i = 0; i + 1 < length; i++) tokens.add(run.slice(i, i + 2));
}

/** The tokens of text already normalised (normaliseForSearch), in one pass over its characters. */
function tokensOfNormalised(text: string, mode: 'index' | 'query'): string[] {
  const tokens = new Set<string>();
  let runStart = 0;
  let runKind = NONE;
  let astral = false;
  for (let i = 0; i <= text.length; ) {
    let code = -1;
    let width = 1;
    let kind = NONE;
    if (i < text.length) {
      code = text.charCodeAt(i);
      if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
        const low = text.charCodeAt(i + 1);
        if (low >= 0xdc00 && low <= 0xdfff) {
          code = ((code - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
          width = 2;
        }
      }
      kind = classOf(code);
    }
    if (kind !== runKind) {
      if (runKind !== NONE) addRunTokens(tokens, text.slice(runStart, i), runKind, astral, mode);
      runKind = kind;
      runStart = i;
      astral = false;
    }
    if (width === 2) astral = true;
    i += i < text.length ? width : 1;
  }
  return tokens.size > TOKENS_MAX ? [...tokens].slice(0, TOKENS_MAX) : [...tokens];
}

/**
 * The tokens of a text: `index` for what a product is found by, `query` for what a search asks
 * for (every query token is among the index tokens of a text holding the query).
 */
export function searchTokens(text: string, mode: 'index' | 'query'): string[] {
  return tokensOfNormalised(normaliseForSearch(text), mode);
}

/** `searchTokens(text, 'index')` of a text normalised already (the titles as a product stores them). */
export function indexTokensOfNormalised(text: string): string[] {
  return tokensOfNormalised(text, 'index');
}
