/**
 * Keyset pages over a list ordered by (time desc, id desc): the cursor names the last row of a
 * page, so the next page starts after it whatever was added meanwhile. A cursor is opaque to the
 * client (base64url of the row's time and id); one that does not read back is no cursor.
 */
export interface Keyset {
  at: Date;
  id: string;
}

export function encodeCursor(key: Keyset): string {
  return Buffer.from(JSON.stringify([key.at.toISOString(), key.id])).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): Keyset | null {
  if (!cursor) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [at, id] = value as [unknown, unknown];
    if (typeof at !== 'string' || typeof id !== 'string' || id.length > 200) return null;
    const time = new Date(at);
    return Number.isNaN(time.getTime()) ? null : { at: time, id };
  } catch {
    return null;
  }
}
