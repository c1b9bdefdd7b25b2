import { useState } from 'react';

/** Rows chosen for a bulk action, kept across the pages of one list. */
export interface ListSelection<Row> {
  /** The chosen rows, in the order they were chosen. */
  rows: Row[];
  count: number;
  keyOf(row: Row): string;
  has(row: Row): boolean;
  toggle(row: Row, chosen: boolean): void;
  /** Chooses or lets go of every row of `rows` (the page shown). */
  toggleAll(rows: readonly Row[], chosen: boolean): void;
  clear(): void;
}

/**
 * A selection across the pages of a list: it lives while the list's `scope` (its tab, filters and
 * other settings, not its position) stays the same, and starts over when that changes.
 */
export function useListSelection<Row>(
  scope: string,
  keyOf: (row: Row) => string,
): ListSelection<Row> {
  const [state, setState] = useState({ scope, rows: new Map<string, Row>() });
  // Another tab or filter: nothing chosen any more (state adjusted while rendering).
  if (state.scope !== scope) setState({ scope, rows: new Map() });
  const chosen = state.scope === scope ? state.rows : new Map<string, Row>();

  const update = (change: (rows: Map<string, Row>) => void) =>
    setState((current) => {
      const rows = new Map(current.scope === scope ? current.rows : []);
      change(rows);
      return { scope, rows };
    });

  return {
    rows: [...chosen.values()],
    count: chosen.size,
    keyOf,
    has: (row) => chosen.has(keyOf(row)),
    toggle: (row, on) =>
      update((rows) => {
        if (on) rows.set(keyOf(row), row);
        else rows.delete(keyOf(row));
      }),
    toggleAll: (page, on) =>
      update((rows) => {
        for (const row of page) {
          if (on) rows.set(keyOf(row), row);
          else rows.delete(keyOf(row));
        }
      }),
    clear: () => setState({ scope, rows: new Map() }),
  };
}
