import * as z from 'zod/mini';

/**
 * Keyset pages, the same in every list call: the query takes an opaque `cursor` (none on the first
 * page) beside `limit`; the answer gives `next` and `previous`, the cursors of the pages around
 * the one served (null where there is none). A cursor names the position of a row in the list's order (its sort key and id), so a
 * page stays right while rows come and go before it, and the database reads from the index at
 * that position instead of counting past every earlier row. Numbered `page`s stay for the calls
 * that had them, for the clients that number pages; a cursor wins over a page.
 */

/** Past this length a cursor was not made by the server. */
export const CURSOR_MAX_LENGTH = 512;

/** A position's values, as a cursor carries them: text (times, ids, words) or whole numbers. */
type CursorValue = string | number;

/** A decoded cursor: the rows after (`n`) or before (`p`) the position of `k`. */
export interface CursorPosition {
  direction: 'n' | 'p';
  key: CursorValue[];
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const MAX_KEY_VALUES = 4;
const MAX_VALUE_LENGTH = 64;

function fromBase64Url(text: string): string {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return new TextDecoder().decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
}

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The position a cursor names, or null when it is not one the server makes. */
export function decodeCursor(cursor: string): CursorPosition | null {
  if (cursor.length > CURSOR_MAX_LENGTH || !BASE64URL.test(cursor)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(fromBase64Url(cursor));
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length < 2 || parsed.length > MAX_KEY_VALUES + 1)
    return null;
  const [direction, ...key] = parsed as unknown[];
  if (direction !== 'n' && direction !== 'p') return null;
  const valid = key.every(
    (value) =>
      (typeof value === 'string' && value.length > 0 && value.length <= MAX_VALUE_LENGTH) ||
      (typeof value === 'number' && Number.isSafeInteger(value)),
  );
  return valid ? { direction, key: key as CursorValue[] } : null;
}

/** The cursor of a position (the server makes them; clients pass them back untouched). */
export function encodeCursor(position: CursorPosition): string {
  return toBase64Url(JSON.stringify([position.direction, ...position.key]));
}

/** The `cursor` of a list query: absent on the first page. */
export const CursorSchema = z
  .string()
  .check(z.refine((value) => decodeCursor(value) !== null, { error: 'invalid' }));

/** Spread into a list query's object: `{ ...KeysetQueryShape, limit, ... }`. */
export const KeysetQueryShape = { cursor: z.optional(CursorSchema) };

/** Spread into a list page's object: the cursors of the pages around the one served. */
export const KeysetPageShape = {
  /** The following page's cursor; null on the last page. */
  next: z.nullable(z.string()),
  /**
   * The preceding page's cursor; null where no page precedes, or where the one before is the first
   * (asked for without a cursor).
   */
  previous: z.nullable(z.string()),
};

/** What a keyset page adds to a list's answer. */
export interface KeysetCursors {
  next: string | null;
  previous: string | null;
}
