/**
 * Keyset positions of a list ordered by (updated_at desc, id desc), as opaque cursors: the row a
 * page starts after (`after`, the next page) or before (`before`, the previous page).
 */
export interface KeysetPosition {
  at: string;
  id: string;
  direction: 'after' | 'before';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(
    JSON.stringify([position.direction === 'after' ? 'a' : 'b', position.at, position.id]),
  ).toString('base64url');
}

/** The position a cursor names, or null for anything this server did not write. */
export function decodeCursor(cursor: string): KeysetPosition | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [direction, at, id] = value;
    if ((direction !== 'a' && direction !== 'b') || typeof at !== 'string' || typeof id !== 'string')
      return null;
    if (!UUID.test(id) || Number.isNaN(Date.parse(at))) return null;
    return { direction: direction === 'a' ? 'after' : 'before', at, id };
  } catch {
    return null;
  }
}
