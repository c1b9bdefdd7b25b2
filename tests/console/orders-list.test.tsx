import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillWords } from '../support/locales';
import { addOrder, en, open, PAGE, registerOrdersTests, rows, seller } from './orders-harness';

registerOrdersTests();

describe('the orders page', () => {
  it('counts every tab, lists a tab, and opens the order a message names', async () => {
    const s = await seller();
    const pending = await addOrder(s, 0, 'pending', 2);
    await addOrder(s, 0, 'canceled', 3);
    await addOrder(s, 1, 'SOMETHING_NEW', 4);
    const { running, user } = await open(s, `${PAGE}?orderId=${pending}`);

    // The message target: the drawer opens on that order.
    const drawer = await screen.findByTestId('order-detail-body');
    expect(drawer.dataset.orderId).toBe(pending);
    expect(within(drawer).getByText('Desk lamp')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(running.router.state.location.search).not.toHaveProperty('orderId'));

    await waitFor(() => expect(screen.getByTestId('orders-count-all').textContent).toBe('3'));
    expect(screen.getByTestId('orders-count-waitDeal').textContent).toBe('1');
    expect(screen.getByTestId('orders-count-cancel').textContent).toBe('1');
    expect(screen.getByTestId('orders-count-other').textContent).toBe('1');
    await waitFor(() => expect(rows()).toHaveLength(3));
    // The list's count is its tab's.
    expect(screen.getByTestId('orders-total').textContent).toBe(
      fillWords(en.list.total_other, { count: 3 }),
    );

    await user.click(screen.getByTestId('orders-tab-other'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    const [unknown] = rows();
    expect(unknown?.dataset.status).toBe('unknown');
    expect(
      within(unknown as HTMLElement).getByText(
        fillWords(en.list.unknownRaw, { raw: 'SOMETHING_NEW' }),
      ),
    ).toBeTruthy();
    expect(running.router.state.location.search).toMatchObject({ tab: 'other' });
    // Remembered for the tab's next visit inside the console (cmp-search-query).
    expect(sessionStorage.getItem('cmp-search-query')).toContain('"tab":"other"');
  });

  it('reads the next keyset page when the end of the virtual table scrolls into view', async () => {
    const s = await seller();
    for (let hour = 1; hour <= 53; hour++) await addOrder(s, hour % 2, 'pending', hour);
    await open(s);
    const table = await screen.findByTestId('orders-table');
    await waitFor(() => expect(table.getAttribute('aria-rowcount')).toBe('51'));
    expect(table.dataset.virtual).toBe('true');
    // Only the rows in view (and a few more) are in the document.
    expect(rows().length).toBeLessThan(50);
    expect(screen.getByTestId('orders-total').textContent).toBe(
      fillWords(en.list.total_other, { count: 53 }),
    );
    const box = screen.getByTestId('orders-table-scroll');
    box.scrollTop = 50 * 64;
    fireEvent.scroll(box);
    await waitFor(() => expect(table.getAttribute('aria-rowcount')).toBe('54'));
    await waitFor(() => expect(rows().map((row) => row.dataset.rowIndex)).toContain(String(52)));
  });
});
