import {
  type CursorPosition,
  decodeCursor,
  encodeCursor,
  type KeysetCursors,
} from '@shared/contracts/paging';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from './errors';

/**
 * Keyset pages for a list call (shared/contracts/paging.ts): the rows after (or before) the
 * position a cursor names, in the list's order, read from the index at that position.
 *
 *   const page = keyset([{ column: t.updatedAt, order: 'desc' }, { column: t.id, order: 'asc' }], query);
 *   const rows = await db
 *     .select({ ...columns, cursorKey: page.key })
 *     .from(t)
 *     .where(and(ownerCondition, page.where))
 *     .orderBy(...page.orderBy)
 *     .limit(page.limit)
 *     .offset(page.offset);
 *   const { rows: shown, next, previous } = page.finish(rows);
 *
 * In a hand-written query, select `${page.key} as "cursorKey"` and give each key as its expression
 * with its type (`{ column: sql`sequence`, type: 'bigint', order: 'desc' }`).
 *
 * The keys are the list's order: its sort columns, then a unique one (the id) that breaks ties;
 * none may be null. An index on the owner's column followed by the keys (in their orders) serves
 * every page. `page.key` is selected beside the row: the row's key as the database holds it
 * (times to the microsecond), which the next and previous cursors carry.
 */

/** A key of the order: a table's column, or an expression of a hand-written query with its type. */
export type KeysetKey = { order: 'asc' | 'desc' } & (
  | { column: PgColumn }
  | { column: SQL; type: string }
);

/** The type a cursor's value is cast to (a serial column holds integers). */
function typeOf(key: KeysetKey): string {
  const type = 'type' in key ? key.type : key.column.getSQLType();
  return type.replace(/^(small|big)?serial$/, (_, size?: string) =>
    size === 'small' ? 'smallint' : size === 'big' ? 'bigint' : 'integer',
  );
}

export interface KeysetQuery {
  cursor?: string | undefined;
  limit: number;
  /** A numbered page, for the calls that still take one; a cursor wins over it. */
  page?: number | undefined;
}

/** A row of a keyset query: its columns and the key `page.key` selected. */
export interface KeyedRow {
  cursorKey: string;
}

export interface Keyset {
  /** Select it as `cursorKey`: the row's position, the cursors' material. */
  key: SQL<string>;
  /** The rows past the cursor's position (undefined on the first page). */
  where: SQL | undefined;
  orderBy: SQL[];
  /** One more row than the page shows: whether a page follows. */
  limit: number;
  /** Numbered pages only (no cursor): the rows before the page. */
  offset: number;
  /** The page's rows in the list's order, and the cursors around them. */
  finish<R extends KeyedRow>(rows: R[]): KeysetCursors & { rows: R[] };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:\d{2})?)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a cursor's value can be compared with the column (else the cursor is another list's). */
function fits(type: string, value: string | number): boolean {
  if (/^(smallint|integer|bigint|serial|bigserial)/.test(type)) return typeof value === 'number';
  if (typeof value !== 'string') return false;
  if (type === 'uuid') return UUID.test(value);
  if (type.startsWith('timestamp')) return TIMESTAMP.test(value);
  if (type === 'date') return DATE.test(value);
  return true;
}

function invalidCursor(): AppError {
  return new AppError('VALIDATION_FAILED', { params: { fields: 'cursor' } });
}

/** `column <op> value`, the value cast to the column's type. */
function compare(key: KeysetKey, op: '<' | '>' | '=' | '<=' | '>=', value: string | number): SQL {
  return sql`${key.column} ${sql.raw(op)} ${value}::${sql.raw(typeOf(key))}`;
}

/** The rows strictly past `values` in the order of `keys` (each key ascending or descending). */
function past(keys: readonly KeysetKey[], values: (string | number)[], forward: boolean): SQL {
  const after = (key: KeysetKey) => ((key.order === 'asc') === forward ? '>' : '<');
  const branches = keys.map((key, i) => {
    const equal = keys.slice(0, i).map((earlier, j) => compare(earlier, '=', values[j] as never));
    return sql.join([...equal, compare(key, after(key), values[i] as never)], sql` and `);
  });
  const [first] = keys;
  // The first key's bound on its own as well: the index condition the scan starts from.
  const bound = first
    ? compare(first, after(first) === '>' ? '>=' : '<=', values[0] as never)
    : undefined;
  const any = sql`(${sql.join(
    branches.map((branch) => sql`(${branch})`),
    sql` or `,
  )})`;
  return bound ? sql`(${bound} and ${any})` : any;
}

export function keyset(keys: readonly KeysetKey[], query: KeysetQuery): Keyset {
  let position: CursorPosition | null = null;
  if (query.cursor) {
    position = decodeCursor(query.cursor);
    const valid =
      position !== null &&
      position.key.length === keys.length &&
      keys.every((key, i) => fits(typeOf(key), position?.key[i] as never));
    if (!valid) throw invalidCursor();
  }
  const backward = position?.direction === 'p';
  const ordered = (forward: boolean) =>
    keys.map((key) =>
      (key.order === 'asc') === forward
        ? sql`${key.column} asc`
        : sql`${key.column} desc nulls last`,
    );
  const offset = position === null && query.page ? (query.page - 1) * query.limit : 0;
  const cursorOf = (direction: 'n' | 'p', row: KeyedRow) =>
    encodeCursor({ direction, key: JSON.parse(row.cursorKey) as (string | number)[] });

  return {
    key: sql<string>`json_build_array(${sql.join(
      keys.map((key) => key.column),
      sql`, `,
    )})::text`,
    where: position ? past(keys, position.key, !backward) : undefined,
    orderBy: ordered(!backward),
    limit: query.limit + 1,
    offset,
    finish(rows) {
      const more = rows.length > query.limit;
      const page = more ? rows.slice(0, query.limit) : rows.slice();
      if (backward) page.reverse();
      const first = page[0];
      const last = page.at(-1);
      if (backward) {
        // Read backwards from the position: rows after the page exist (we came from there).
        return {
          rows: page,
          next: last ? cursorOf('n', last) : null,
          previous: more && first ? cursorOf('p', first) : null,
        };
      }
      return {
        rows: page,
        next: more && last ? cursorOf('n', last) : null,
        // A page past the first leads back; from the second one back to the start (no cursor).
        previous: (position !== null || offset > 0) && first ? cursorOf('p', first) : null,
      };
    },
  };
}
