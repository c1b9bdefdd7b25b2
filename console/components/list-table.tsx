import { Checkbox, Table, type TableThProps } from '@mantine/core';
import { measureElement, observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  memo,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import classes from './list-page.module.css';
import type { ListSelection } from './use-list-selection';

/** One column of a list's table. */
export interface ListColumn<Row> {
  key: string;
  header: ReactNode;
  cell(row: Row): ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** Props of the header cell beyond its alignment and width (a class, a test id). */
  headerProps?: Omit<TableThProps, 'children'>;
}

/**
 * Long lists render only the rows in view and a few around them. Below `threshold` rows the body
 * is a plain table: a page of 10 or 20 gains nothing from it.
 */
export interface VirtualBody {
  /** A row's height before it is measured, in pixels. */
  rowHeight?: number;
  /** The height of the scrolled box holding the table. */
  height?: number;
  /** Rows rendered beyond each end of the view. */
  overscan?: number;
  threshold?: number;
  /**
   * Every row is `rowHeight` high (the page's styles make it so): rows coming into view are not
   * measured, so scrolling never makes the browser lay out the table to read a row's height.
   */
  fixed?: boolean;
  /** The last rows came into view: an endless list reads its next page. */
  onEnd?(): void;
}

type VirtualOptions = Required<Omit<VirtualBody, 'onEnd'>> & Pick<VirtualBody, 'onEnd'>;
const VIRTUAL_DEFAULTS: VirtualOptions = {
  rowHeight: 52,
  height: 640,
  overscan: 8,
  threshold: 50,
  fixed: false,
};

export interface ListTableProps<Row> {
  rows: readonly Row[];
  rowKey(row: Row): string;
  columns: readonly ListColumn<Row>[];
  /** The table's accessible name. */
  label: string;
  testId?: string;
  minWidth?: number;
  striped?: boolean;
  /** Attributes of a row's element (its test id, data-* for tests and styles). */
  rowProps?(row: Row): Record<`data-${string}`, string | number | boolean | undefined>;
  selection?: {
    state: ListSelection<Row>;
    /** The header checkbox's name: choose every row of this page. */
    pageLabel: string;
    rowLabel(row: Row): string;
    testId?: string;
  };
  /** What Enter on a focused row does (its detail, usually). */
  onRowOpen?(row: Row): void;
  virtual?: VirtualBody | false;
}

const ROW_CLASS = `${Table.classes.tr} mantine-Table-tr`;
const CELL_CLASS = `${Table.classes.td} mantine-Table-td`;
const CHOSEN = { background: 'var(--mantine-primary-color-light)' };
const ALIGN = {
  left: { textAlign: 'left' },
  right: { textAlign: 'right' },
  center: { textAlign: 'center' },
} as const;

/** Whether a key press on a focused row moves the focus, and to which row. */
function target(key: string, index: number, count: number, pageRows: number): number | null {
  switch (key) {
    case 'ArrowDown':
      return Math.min(index + 1, count - 1);
    case 'ArrowUp':
      return Math.max(index - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'PageDown':
      return Math.min(index + pageRows, count - 1);
    case 'PageUp':
      return Math.max(index - pageRows, 0);
    default:
      return null;
  }
}

/**
 * The virtualizer of a long body. A box not laid out (hidden, or a document without layout)
 * measures 0 high: it is taken as `height` high, so a screenful of rows is there at once; a row
 * not laid out is taken at its estimated height.
 */
function useBodyVirtualizer(
  count: number,
  scrollRef: RefObject<HTMLDivElement | null>,
  options: typeof VIRTUAL_DEFAULTS,
  keyAt: (index: number) => string,
) {
  return useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => options.rowHeight,
    overscan: options.overscan,
    getItemKey: keyAt,
    initialRect: { width: 0, height: options.height },
    measureElement: (element, entry, instance) => {
      const size = measureElement(element, entry, instance);
      return size > 0 ? size : options.rowHeight;
    },
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) =>
        callback(rect.height > 0 ? rect : { ...rect, height: options.height }),
      ),
  });
}

/**
 * A list's table: its columns, a checkbox column when rows can be chosen, rows that take the
 * focus (arrow keys, Home, End, Page Up and Down move it; Space chooses the row; Enter opens it),
 * and for long lists a virtual body that keeps only the rows in view (and `overscan` more) in the
 * document.
 */
export function ListTable<Row>({
  rows,
  rowKey,
  columns,
  label,
  testId,
  minWidth,
  striped = false,
  rowProps,
  selection,
  onRowOpen,
  virtual,
}: ListTableProps<Row>) {
  const options = { ...VIRTUAL_DEFAULTS, ...(virtual || {}) };
  const isVirtual = virtual !== false && rows.length > options.threshold;
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  // Set by the virtual body: brings a row into view (and so into the document).
  const scrollToRow = useRef<((index: number) => void) | null>(null);

  // The row in the tab order (one row at a time, the arrows move between them).
  const [active, setActive] = useState(0);
  const current = Math.min(active, Math.max(rows.length - 1, 0));
  const pendingFocus = useRef<number | null>(null);
  /** Focuses the row the keys moved to, once it is in the document. */
  const focusPending = () => {
    const index = pendingFocus.current;
    if (index === null) return;
    const element = bodyRef.current?.querySelector<HTMLElement>(`[data-row-index="${index}"]`);
    if (element) {
      pendingFocus.current = null;
      element.focus();
    }
  };
  useEffect(focusPending);

  function moveTo(index: number) {
    setActive(index);
    pendingFocus.current = index;
    if (isVirtual) scrollToRow.current?.(index);
    else bodyRef.current?.querySelector<HTMLElement>(`[data-row-index="${index}"]`)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableSectionElement>) {
    const element = event.target as HTMLElement;
    // Keys typed into a control inside a row are the control's.
    if (element.dataset.rowIndex === undefined) return;
    const index = Number(element.dataset.rowIndex);
    const row = rows[index];
    if (row === undefined) return;
    if (event.key === ' ' && selection) {
      event.preventDefault();
      selection.state.toggle(row, !selection.state.has(row));
      return;
    }
    if (event.key === 'Enter' && onRowOpen) {
      event.preventDefault();
      onRowOpen(row);
      return;
    }
    const pageRows = Math.max(1, Math.floor(options.height / options.rowHeight) - 1);
    const next = target(event.key, index, rows.length, pageRows);
    if (next === null) return;
    event.preventDefault();
    moveTo(next);
  }

  // What a row's drawing depends on beyond the row itself: a virtual row draws again only when
  // it or this changes, not on every scroll step.
  const drawing = useMemo(
    () => ({ columns, rowProps, selection, current, onRowOpen }),
    [columns, rowProps, selection, current, onRowOpen],
  );
  const onPage = selection ? rows.filter((row) => selection.state.has(row)).length : 0;
  const all = rows.length > 0 && onPage === rows.length;

  const renderRow = (
    row: Row,
    index: number,
    measure?: (element: HTMLTableRowElement | null) => void,
  ) => {
    const key = rowKey(row);
    const chosen = selection?.state.has(row) ?? false;
    // Plain elements with the table's classes and attributes, as Table.Tr and Table.Td draw
    // them: a long list mounts a row for every one scrolling into view.
    return (
      <tr
        key={key}
        {...rowProps?.(row)}
        data-row-index={index}
        aria-rowindex={index + 2}
        data-index={isVirtual ? index : undefined}
        ref={measure}
        tabIndex={index === current ? 0 : -1}
        aria-selected={selection ? chosen : undefined}
        className={`${ROW_CLASS} ${classes.row}`}
        data-with-row-border
        data-striped={striped ? 'odd' : undefined}
        data-hover
        style={chosen ? CHOSEN : undefined}
        onFocus={() => setActive(index)}
      >
        {selection && (
          <td className={CELL_CLASS}>
            <Checkbox
              aria-label={selection.rowLabel(row)}
              checked={chosen}
              tabIndex={-1}
              onChange={(event) => selection.state.toggle(row, event.currentTarget.checked)}
            />
          </td>
        )}
        {columns.map((column) => (
          <td
            key={column.key}
            className={CELL_CLASS}
            style={column.align ? ALIGN[column.align] : undefined}
          >
            {column.cell(row)}
          </td>
        ))}
      </tr>
    );
  };

  const span = columns.length + (selection ? 1 : 0);
  const renderTable = (body: ReactNode) => (
    <Table
      verticalSpacing="sm"
      highlightOnHover
      striped={striped}
      stickyHeader={isVirtual}
      aria-label={label}
      aria-rowcount={rows.length + 1}
      miw={minWidth}
      data-testid={testId}
      data-virtual={isVirtual || undefined}
    >
      <Table.Thead>
        <Table.Tr>
          {selection && (
            <Table.Th w={40}>
              <Checkbox
                aria-label={selection.pageLabel}
                checked={all}
                indeterminate={onPage > 0 && !all}
                onChange={(event) => selection.state.toggleAll(rows, event.currentTarget.checked)}
                data-testid={selection.testId}
              />
            </Table.Th>
          )}
          {columns.map((column) => (
            <Table.Th key={column.key} ta={column.align} w={column.width} {...column.headerProps}>
              {column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody ref={bodyRef} onKeyDown={onKeyDown}>
        {body}
      </Table.Tbody>
    </Table>
  );

  return isVirtual ? (
    <VirtualTable
      rows={rows}
      rowKey={rowKey}
      span={span}
      renderRow={renderRow}
      drawing={drawing}
      renderTable={renderTable}
      scrollToRow={scrollToRow}
      onRendered={focusPending}
      options={options}
      testId={testId}
    />
  ) : (
    <Table.ScrollContainer minWidth={minWidth ?? 0} type="native">
      {renderTable(rows.map((row, index) => renderRow(row, index)))}
    </Table.ScrollContainer>
  );
}

/** A row of a virtual body: drawn again only when the row, its place or the drawing change. */
const VirtualRow = memo(
  function VirtualRow(props: { row: unknown; index: number; drawing: object; draw(): ReactNode }) {
    return props.draw();
  },
  (before, after) =>
    before.row === after.row && before.index === after.index && before.drawing === after.drawing,
);

/**
 * A long table in a box of its own that scrolls: the rows in view (and the overscan), with empty
 * rows standing for the height of those above and below.
 */
function VirtualTable<Row>({
  rows,
  rowKey,
  span,
  renderRow,
  drawing,
  renderTable,
  scrollToRow,
  onRendered,
  options,
  testId,
}: {
  rows: readonly Row[];
  rowKey(row: Row): string;
  span: number;
  renderRow(
    row: Row,
    index: number,
    measure: ((element: HTMLTableRowElement | null) => void) | undefined,
  ): ReactNode;
  drawing: object;
  renderTable(body: ReactNode): ReactNode;
  scrollToRow: RefObject<((index: number) => void) | null>;
  /** After each render of the rows in view (a row the keys moved to may have come in). */
  onRendered(): void;
  options: typeof VIRTUAL_DEFAULTS;
  testId: string | undefined;
}) {
  // The box belongs to this component, so it is in place before the virtualizer looks for it.
  const scrollRef = useRef<HTMLDivElement>(null);
  // One function while the rows stay: a new one makes the virtualizer work out every row's
  // place again, on each scroll step of a long list.
  const keyAt = useCallback(
    (index: number) => {
      const row = rows[index];
      return row === undefined ? String(index) : rowKey(row);
    },
    [rows, rowKey],
  );
  const virtualizer = useBodyVirtualizer(rows.length, scrollRef, options, keyAt);
  scrollToRow.current = (index) => virtualizer.scrollToIndex(index, { align: 'auto' });
  useEffect(onRendered);
  const items = virtualizer.getVirtualItems();
  const last = items.at(-1)?.index ?? -1;
  const atEnd = rows.length > 0 && last >= rows.length - 1;
  const onEnd = useRef(options.onEnd);
  onEnd.current = options.onEnd;
  // Again when rows came and the end is still in view.
  useEffect(() => {
    if (atEnd && rows.length > 0) onEnd.current?.();
  }, [atEnd, rows.length]);
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <div
      ref={scrollRef}
      className={classes.virtualScroll}
      style={{ maxHeight: options.height }}
      data-testid={testId ? `${testId}-scroll` : undefined}
    >
      {renderTable(
        <>
          {before > 0 && (
            <tr aria-hidden className={classes.spacer}>
              <td colSpan={span} style={{ height: before }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            return row === undefined ? null : (
              <VirtualRow
                key={item.key as string}
                row={row}
                index={item.index}
                drawing={drawing}
                draw={() =>
                  renderRow(row, item.index, options.fixed ? undefined : virtualizer.measureElement)
                }
              />
            );
          })}
          {after > 0 && (
            <tr aria-hidden className={classes.spacer}>
              <td colSpan={span} style={{ height: after }} />
            </tr>
          )}
        </>,
      )}
    </div>
  );
}
