import { and, eq, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from './errors';

/**
 * Keyset pages over (time, id), newest first: a page's cursor names its last row, and the next
 * page starts strictly after it, so a page deep in a large table costs what the first does and a
 * row added meanwhile never shifts the pages. The cursor is opaque to clients (base64url).
 */
export interface KeysetPosition {
  at: Date;
  id: string;
}

function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(`${position.at.toISOString()}|${position.id}`, 'utf8').toString('base64url');
}

/** The position a cursor names; a cursor that is not one of ours is refused as a bad field. */
function decodeCursor(cursor: string): KeysetPosition {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const [iso = '', id = ''] = text.split('|');
  const at = new Date(iso);
  if (
    Number.isNaN(at.getTime()) ||
    !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
  )
    throw new AppError('VALIDATION_FAILED', { params: { fields: 'cursor' } });
  return { at, id };
}

/** Rows after a position in (time desc, id desc) order. */
export function afterPosition(
  time: PgColumn,
  id: PgColumn,
  cursor: string | undefined,
): SQL | undefined {
  if (!cursor) return undefined;
  const position = decodeCursor(cursor);
  return or(lt(time, position.at), and(eq(time, position.at), lt(id, position.id)));
}

/**
 * A page from `limit + 1` rows read: the first `limit`, and the cursor of the last of them when
 * more follow.
 */
export function pageOf<T>(
  rows: T[],
  limit: number,
  positionOf: (row: T) => KeysetPosition,
): { rows: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const kept = rows.slice(0, limit);
  const last = kept[kept.length - 1];
  return { rows: kept, nextCursor: last ? encodeCursor(positionOf(last)) : null };
}
