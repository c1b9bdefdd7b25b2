import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { addOrder, addOrders, open, registerOrdersTests, rows, seller, t } from './orders-harness';

registerOrdersTests();

/** The order list's requests the console made since `from` (an index into the spy's calls). */
function listRequests(spy: { mock: { calls: unknown[][] } }, from = 0) {
  return spy.mock.calls
    .slice(from)
    .map(([request]) => new URL((request as Request).url))
    .filter((url) => url.pathname === '/order/order/list');
}

describe('refreshing the orders list', () => {
  it('reads the first page alone after three were read, and shows it from the top', async () => {
    const s = await seller();
    // Three keyset pages of 50: 50, 50 and 3.
    await addOrders(
      s,
      Array.from({ length: 103 }, (_, i) => i + 2),
    );
    const spy = vi.spyOn(t.app, 'fetch');
    try {
      const { user } = await open(s);
      const table = await screen.findByTestId('orders-table');
      const box = screen.getByTestId('orders-table-scroll');
      await waitFor(() => expect(table.getAttribute('aria-rowcount')).toBe('51'));
      box.scrollTop = 50 * 64;
      fireEvent.scroll(box);
      await waitFor(() => expect(table.getAttribute('aria-rowcount')).toBe('101'));
      box.scrollTop = 100 * 64;
      fireEvent.scroll(box);
      await waitFor(() => expect(table.getAttribute('aria-rowcount')).toBe('104'));
      expect(listRequests(spy)).toHaveLength(3);
      expect(listRequests(spy).filter((url) => url.searchParams.has('cursor'))).toHaveLength(2);

      // An order arrives meanwhile; the refresh shows it first.
      const newest = await addOrder(s, 0, 'pending', 1);
      const before = spy.mock.calls.length;
      await user.click(screen.getByTestId('orders-refresh'));
      // Back at the top.
      expect(box.scrollTop).toBe(0);
      await waitFor(() => expect(rows()[0]?.dataset.id).toBe(newest));
      expect(rows()[0]?.dataset.rowIndex).toBe('0');
      await waitFor(() =>
        expect(screen.getByTestId('orders-refresh').hasAttribute('data-loading')).toBe(false),
      );
      expect(table.getAttribute('aria-rowcount')).toBe('51');
      const again = listRequests(spy, before);
      expect(again).toHaveLength(1);
      expect(again[0]?.searchParams.has('cursor')).toBe(false);
    } finally {
      spy.mockRestore();
    }
  });
});
