import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  common,
  ids,
  opened,
  PATH,
  pages,
  registerKitTests,
  renderKit,
  rows,
  searchOf,
  source,
} from './list-kit-harness';

registerKitTests();

const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const selected = () => screen.getByTestId('kit-selected').textContent;
const selectedWords = (count: number) =>
  (count === 1 ? common.list.selected_one : common.list.selected_other).replace(
    '{{count}}',
    String(count),
  );

describe('the list-page kit: selection', () => {
  it('keeps chosen rows across pages until the filters change', async () => {
    source.fill(100);
    const { user } = await renderKit(PATH);
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(selected()).toBe(selectedWords(0));
    expect(screen.getByTestId('kit-bulk-reason').textContent).toBe('Choose rows first');
    expect(screen.getByTestId('kit-act').hasAttribute('disabled')).toBe(true);

    await user.click(checkbox('Choose Row 1'));
    expect(selected()).toBe(selectedWords(1));
    expect(rows()[0]?.getAttribute('aria-selected')).toBe('true');

    await user.click(pages().getByRole('button', { name: '2' }));
    await waitFor(() => expect(ids()[0]).toBe('r-0023'));
    await user.click(checkbox('Choose Row 23'));
    expect(selected()).toBe(selectedWords(2));
    expect(screen.getByTestId('kit-act').textContent).toBe('Act on r-0001,r-0023');

    // The header box chooses the rest of this page, and says the page is all chosen.
    await user.click(checkbox('Choose this page'));
    expect(selected()).toBe(selectedWords(21));
    expect(checkbox('Choose this page').checked).toBe(true);
    await user.click(checkbox('Choose this page'));
    expect(selected()).toBe(selectedWords(1));

    await user.click(pages().getByRole('button', { name: '1' }));
    await waitFor(() => expect(ids()[0]).toBe('r-0001'));
    expect(checkbox('Choose Row 1').checked).toBe(true);
    expect(checkbox('Choose this page').indeterminate).toBe(true);

    // Other filters, other rows: nothing chosen any more.
    await user.click(screen.getByRole('button', { name: 'Kind a' }));
    await waitFor(() => expect(ids()[1]).toBe('r-0004'));
    expect(selected()).toBe(selectedWords(0));
    expect(checkbox('Choose Row 1').checked).toBe(false);
  });
});

describe('the list-page kit: keys', () => {
  it('moves the focus along the rows with the arrow keys, Home and End; Space chooses, Enter opens', async () => {
    source.fill(30);
    const { user } = await renderKit(PATH);
    await waitFor(() => expect(rows()).toHaveLength(20));
    // One row in the tab order.
    expect(rows().filter((row) => row.tabIndex === 0)).toHaveLength(1);
    rows()[0]?.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(rows()[1]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(rows()[19]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(rows()[19]);
    await user.keyboard(' ');
    expect(selected()).toBe(selectedWords(1));
    expect(checkbox('Choose Row 22').checked).toBe(true);
    await user.keyboard('{Enter}');
    expect(opened).toEqual(['r-0022']);
    await user.keyboard('{Home}{ArrowUp}');
    expect(document.activeElement).toBe(rows()[0]);
    expect(rows()[0]?.tabIndex).toBe(0);
    expect(rows()[19]?.tabIndex).toBe(-1);
  });
});

describe('the list-page kit: virtual body', () => {
  it('keeps only the rows in view and the overscan in the document, and follows the scroll and the keys', async () => {
    source.fill(400);
    // jsdom lays nothing out: a box scrolled by script says where it is.
    const scrollTo = HTMLElement.prototype.scrollTo;
    HTMLElement.prototype.scrollTo = function scrollTo(this: HTMLElement, options?: unknown) {
      const top = (options as ScrollToOptions | undefined)?.top;
      if (typeof top === 'number') {
        this.scrollTop = top;
        fireEvent.scroll(this);
      }
    } as typeof HTMLElement.prototype.scrollTo;
    onTestFinished(() => {
      HTMLElement.prototype.scrollTo = scrollTo;
    });
    const { router, user } = await renderKit(`${PATH}?limit=200`);
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    expect(searchOf(router)).toEqual({ limit: 200 });
    const table = screen.getByTestId('kit-table');
    expect(table.dataset.virtual).toBe('true');
    // 200 rows on the page; a 640 px box of 52 px rows shows 13, and 8 more are kept beyond it.
    expect(table.getAttribute('aria-rowcount')).toBe('201');
    expect(rows().length).toBeGreaterThanOrEqual(13);
    expect(rows().length).toBeLessThanOrEqual(13 + 2 * 8);
    expect(ids()[0]).toBe('r-0001');

    // The box as a browser would lay it out: 640 px high, holding 200 rows of 52 px.
    const box = screen.getByTestId('kit-table-scroll');
    Object.defineProperties(box, {
      clientHeight: { configurable: true, get: () => 640 },
      scrollHeight: { configurable: true, get: () => 52 * 200 },
    });
    box.scrollTop = 52 * 120;
    fireEvent.scroll(box);
    await waitFor(() => expect(ids()).not.toContain('r-0001'));
    const shown = rows().map((row) => Number(row.dataset.rowIndex));
    expect(shown).toContain(120);
    expect(rows().length).toBeLessThanOrEqual(13 + 2 * 8);

    // End brings the last row of the page into the document and focuses it.
    const row = rows()[0];
    row?.focus();
    await user.keyboard('{End}');
    await waitFor(() =>
      expect((document.activeElement as HTMLElement).dataset.rowIndex).toBe('199'),
    );
    expect(rows().length).toBeLessThanOrEqual(13 + 2 * 8);

    // Back to 20 a page: a plain table again.
    await user.click(screen.getByRole('combobox', { name: common.list.pageSize }));
    await user.click(
      await screen.findByRole('option', {
        name: common.list.perPage_other.replace('{{count}}', '20'),
      }),
    );
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(searchOf(router)).toEqual({});
    expect(screen.getByTestId('kit-table').dataset.virtual).toBeUndefined();
  });
});

describe('the list-page kit: keyset pages', () => {
  it('goes to the next and previous pages by the server’s cursors, and a filter starts over', async () => {
    // 50 rows, 45 active: pages of 20, 20 and 5.
    source.fill(50);
    const { router, user } = await renderKit(PATH, { paging: 'cursor' });
    await waitFor(() => expect(rows()).toHaveLength(20));
    const previous = () => screen.getByTestId('kit-previous');
    const next = () => screen.getByTestId('kit-next');
    expect(previous().hasAttribute('disabled')).toBe(true);
    // Keyset pages still say how many rows match, where the server counts them.
    expect(screen.getByTestId('kit-total').getAttribute('data-total')).toBe('45');
    expect(source.asked.at(-1)).toEqual({ tab: 'active', limit: 20 });

    await user.click(next());
    await waitFor(() => expect(searchOf(router)).toEqual({ cursor: '20' }));
    await waitFor(() => expect(ids()[0]).toBe('r-0023'));
    await user.click(next());
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(searchOf(router)).toEqual({ cursor: '40' });
    expect(next().hasAttribute('disabled')).toBe(true);

    await user.click(previous());
    await waitFor(() => expect(searchOf(router)).toEqual({ cursor: '20' }));
    await waitFor(() => expect(ids()[0]).toBe('r-0023'));
    await user.click(previous());
    await waitFor(() => expect(searchOf(router)).toEqual({}));
    await waitFor(() => expect(ids()[0]).toBe('r-0001'));

    await user.click(next());
    await waitFor(() => expect(searchOf(router)).toEqual({ cursor: '20' }));
    await user.click(screen.getByRole('button', { name: 'Kind c' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ kind: 'c' }));
    await waitFor(() => expect(ids()[0]).toBe('r-0003'));
  });
});
