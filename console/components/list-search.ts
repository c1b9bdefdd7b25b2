// The pieces of a list's address that every list page reads the same way. The route table reads
// them on the console's first load (each page's validate…Search), so this module is plain
// functions: no React, no schema library, nothing of the list-page kit itself.

/** Past this, an address names no page the server serves. */
const MAX_PAGE = 10_000;
/** A keyword longer than this is cut: no search needs more, and the address stays short. */
const MAX_KEYWORD = 200;
/** Keyset cursors are opaque text the server made; anything longer was not made by it. */
const MAX_CURSOR = 512;

/** A whole number from the address ("3" or 3), or undefined. */
export function wholeNumber(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) ? number : undefined;
}

/** The entry of `list` the address names, or undefined. */
export function oneOf<T extends string | number>(
  list: readonly T[],
  value: unknown,
): T | undefined {
  return list.find((entry) => entry === value);
}

/** The page of a numbered list: kept above 1 only (page 1 is the default, left out). */
export function pageParam(value: unknown): { page?: number } {
  const page = wholeNumber(value);
  return page !== undefined && page > 1 && page <= MAX_PAGE ? { page } : {};
}

/** The rows per page, when the address names one of `sizes` other than the default. */
export function limitParam(
  value: unknown,
  sizes: readonly number[],
  fallback: number,
): { limit?: number } {
  const limit = wholeNumber(value);
  return limit !== undefined && limit !== fallback && sizes.includes(limit) ? { limit } : {};
}

/**
 * The searched words, trimmed and cut to a sane length; absent when empty. Digits alone arrive
 * from the address parsed as a number and are read back as text.
 */
export function keywordParam(value: unknown): { keyword?: string } {
  const text =
    typeof value === 'string' || typeof value === 'number'
      ? String(value).trim().slice(0, MAX_KEYWORD)
      : '';
  return text ? { keyword: text } : {};
}

/** A keyset list's position: the server's opaque cursor, absent on the first page. */
export function cursorParam(value: unknown): { cursor?: string } {
  return typeof value === 'string' && value !== '' && value.length <= MAX_CURSOR
    ? { cursor: value }
    : {};
}
