import { seedMessages } from '@server/seed/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  DEMO_UNREAD,
  en,
  openConsole,
  registerMessagesTests,
  search,
  sellerWithMessages,
  TITLES,
  t,
  unreadInDatabase,
} from './messages-harness';

registerMessagesTests();

describe('the message center', () => {
  it('filters by type and read state in the address, and pages', async () => {
    const seller = await sellerWithMessages();
    // Twice the demo messages: two pages of ten.
    await seedMessages(t, seller.user.id);
    const { running, user } = await openConsole('/cmp/account/messageCenter', seller);
    await screen.findByRole('heading', { name: en.messages.title });
    await waitFor(() => expect(screen.getAllByTestId('message-line')).toHaveLength(10));
    expect(screen.getByTestId('messages-total').textContent).toBe(
      en.messages.list.total.replace('{{count}}', '18'),
    );
    const pages = screen.getByRole('navigation', { name: en.messages.list.pagination });
    expect(
      (within(pages).getByRole('button', { name: en.common.list.previous }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    const firstPage = screen.getAllByTestId('message-line').map((line) => line.textContent);
    await user.click(within(pages).getByRole('button', { name: en.common.list.next }));
    // The next page's position is the server's cursor, in the address.
    await waitFor(() => expect(search(running)).toEqual({ cursor: expect.any(String) }));
    await waitFor(() => expect(screen.getAllByTestId('message-line')).toHaveLength(8));
    expect(screen.getByTestId('messages-next')).toHaveProperty('disabled', true);
    await user.click(screen.getByTestId('messages-previous'));
    await waitFor(() =>
      expect(screen.getAllByTestId('message-line').map((line) => line.textContent)).toEqual(
        firstPage,
      ),
    );

    // A filter starts again at page 1.
    await user.click(screen.getByRole('combobox', { name: en.messages.filters.type }));
    await user.click(await screen.findByRole('option', { name: en.messages.types.order }));
    await waitFor(() => expect(search(running)).toEqual({ type: 1 }));
    await waitFor(() => expect(screen.getAllByTestId('message-line')).toHaveLength(4));
    expect(screen.queryByText(TITLES.purchaseReturned)).toBeNull();

    await user.click(
      screen.getByRole('radio', { name: `${en.messages.filters.unread} (${DEMO_UNREAD * 2})` }),
    );
    await waitFor(() => expect(search(running)).toEqual({ type: 1, isRead: 1 }));
    await waitFor(() => expect(screen.getAllByTestId('message-line')).toHaveLength(2));
    expect(screen.getAllByText(TITLES.orderNew)).toHaveLength(2);
  });

  it('opens with the filters of its address', async () => {
    const seller = await sellerWithMessages();
    await openConsole('/cmp/account/messageCenter?type=2&isRead=2', seller);
    await screen.findByText(
      en.notifications.titles.purchaseApproved.replace('{{purchaseNo}}', 'PO202610310012'),
    );
    expect(screen.getAllByTestId('message-line')).toHaveLength(1);
    expect(
      (screen.getByRole('combobox', { name: en.messages.filters.type }) as HTMLInputElement).value,
    ).toBe(en.messages.types.purchase);
  });

  it('shows the filtered empty state and clears it', async () => {
    const seller = await sellerWithMessages();
    await t.call('GET', '/api-user/message/readAll', { token: seller.token });
    const { running, user } = await openConsole('/cmp/account/messageCenter?isRead=1', seller);
    await screen.findByText(en.messages.empty.filteredTitle);
    await user.click(screen.getByRole('button', { name: en.common.list.clearFilters }));
    await waitFor(() => expect(search(running)).toEqual({}));
    await waitFor(() => expect(screen.getAllByTestId('message-line')).toHaveLength(9));
  });

  it('a click routes as in the bell, and "mark all as read" reads them all', async () => {
    const seller = await sellerWithMessages();
    const { running, user } = await openConsole('/cmp/account/messageCenter', seller);
    await user.click(await screen.findByRole('button', { name: en.messages.actions.readAll }));
    await screen.findByText(en.messages.toasts.readAll.replace('{{count}}', String(DEMO_UNREAD)));
    expect(await unreadInDatabase(seller.user.id)).toBe(0);
    await waitFor(() =>
      expect(screen.queryAllByTestId('message-line').filter((l) => l.dataset.unread)).toEqual([]),
    );

    await user.click(screen.getByText(TITLES.orderCancelled));
    await waitFor(() =>
      expect(running.router.state.location.pathname).toBe('/thirdPartyPlatform/orderManage'),
    );
    expect(running.router.state.location.searchStr).toBe('?orderId=800123456789');
  });
});

describe('message subscription', () => {
  const switchOf = (type: string, channel: string) =>
    screen.getByRole('switch', {
      name: en.messages.subscribe.switchLabel
        .replace('{{type}}', type)
        .replace('{{channel}}', channel),
    }) as HTMLInputElement;

  it('saves the switched channels, with a toast', async () => {
    const seller = await sellerWithMessages();
    const { user } = await openConsole('/cmp/account/messageSubscribe', seller);
    await screen.findByTestId('subscription-table');
    const save = screen.getByRole('button', { name: en.messages.subscribe.save });
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(switchOf(en.messages.types.coupon, en.messages.subscribe.email).checked).toBe(false);
    await user.click(switchOf(en.messages.types.coupon, en.messages.subscribe.email));
    await user.click(switchOf(en.messages.types.notice, en.messages.subscribe.site));
    await screen.findByText(en.messages.subscribe.unsaved);
    await user.click(save);
    await screen.findByText(en.messages.subscribe.saved);
    const stored = await t.call('GET', '/api-user/message/subscription', { token: seller.token });
    expect(stored.body.datas.rows).toEqual(
      expect.arrayContaining([
        { type: 5, site: true, email: true },
        { type: 6, site: false, email: false },
      ]),
    );
    await waitFor(() => expect(screen.queryByText(en.messages.subscribe.unsaved)).toBeNull());
  });

  it('keeps the edits when saving fails', async () => {
    const seller = await sellerWithMessages();
    const { user } = await openConsole('/cmp/account/messageSubscribe', seller);
    await screen.findByTestId('subscription-table');
    await user.click(switchOf(en.messages.types.order, en.messages.subscribe.site));
    // The server fails this one save (as a database hiccup would).
    const fetch = t.app.fetch;
    t.app.fetch = async (request: Request, ...rest: unknown[]) => {
      if (request.method === 'POST' && request.url.includes('/api-user/message/subscription')) {
        t.app.fetch = fetch;
        return Response.json({
          resp_code: 1500,
          resp_msg: 'Operation failed, try again',
          datas: null,
          key: 'OPERATION_FAILED',
        });
      }
      return (fetch as (...args: unknown[]) => Response | Promise<Response>)(request, ...rest);
    };
    await user.click(screen.getByRole('button', { name: en.messages.subscribe.save }));
    await screen.findByText('Operation failed, try again');
    expect(switchOf(en.messages.types.order, en.messages.subscribe.site).checked).toBe(false);
    expect(screen.getByText(en.messages.subscribe.unsaved)).toBeTruthy();
    const stored = await t.call('GET', '/api-user/message/subscription', { token: seller.token });
    expect(stored.body.datas.rows[0]).toEqual({ type: 1, site: true, email: false });
    // Saving again works, from the same edits.
    await user.click(screen.getByRole('button', { name: en.messages.subscribe.save }));
    await screen.findByText(en.messages.subscribe.saved);
  });
});
