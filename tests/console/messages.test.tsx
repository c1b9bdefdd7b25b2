import { seedMessages } from '@server/seed/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  bellLabel,
  DEMO_UNREAD,
  en,
  openDropdown,
  polls,
  registerMessagesTests,
  renderBell,
  requests,
  sellerWithMessages,
  setHidden,
  TITLES,
  t,
  unreadInDatabase,
} from './messages-harness';

registerMessagesTests();

describe('the message bell', () => {
  it('shows the unread count and the newest messages, unread ones marked', async () => {
    const seller = await sellerWithMessages();
    const { user } = await renderBell(seller);
    const dropdown = await openDropdown(user, DEMO_UNREAD);
    const lines = await within(dropdown).findAllByTestId('message-line');
    expect(lines).toHaveLength(6);
    expect(lines[0]?.textContent).toContain(TITLES.orderNew);
    expect(lines[0]?.dataset.unread).toBe('true');
    const cancelled = lines.find((line) => line.textContent?.includes(TITLES.orderCancelled));
    expect(cancelled?.dataset.unread).toBeUndefined();
    expect(
      within(dropdown).getByRole('link', { name: en.messages.bell.viewAll }).getAttribute('href'),
    ).toBe('/account/messageCenter');
  });

  it('a click on an order message marks it read, then opens the order page with its orderId', async () => {
    const seller = await sellerWithMessages();
    const { user, router } = await renderBell(seller);
    const dropdown = await openDropdown(user, DEMO_UNREAD);
    await user.click(await within(dropdown).findByText(TITLES.orderNew));
    await waitFor(() =>
      expect(router.state.location.href).toBe(
        '/thirdPartyPlatform/orderManage?orderId=800123459876',
      ),
    );
    expect(requests).toContain('GET /api-user/message/getUserMessage');
    expect(await unreadInDatabase(seller.user.id)).toBe(DEMO_UNREAD - 1);
    await screen.findByRole('button', { name: bellLabel(DEMO_UNREAD - 1) });
  });

  it('a click on a notice opens its dialog with the notice’s own title and text', async () => {
    const seller = await sellerWithMessages();
    const { user, router } = await renderBell(seller);
    const dropdown = await openDropdown(user, DEMO_UNREAD);
    const title = en.notifications.titles.maintenance.split('{{')[0]?.trim() ?? '';
    await user.click(await within(dropdown).findByText(new RegExp(title)));
    const dialog = await screen.findByRole('dialog', { name: /System maintenance/ });
    expect(within(dialog).getByText(/Order sync and product publishing pause/)).toBeTruthy();
    // Worded, not dumped.
    expect(dialog.textContent).not.toContain('{');
    expect(router.state.location.pathname).toBe('/cmpDashboard');
    await user.click(within(dialog).getByRole('button', { name: en.common.actions.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByRole('button', { name: bellLabel(DEMO_UNREAD - 1) });
  });

  it('reads all from the dropdown', async () => {
    const seller = await sellerWithMessages();
    const { user } = await renderBell(seller);
    const dropdown = await openDropdown(user, DEMO_UNREAD);
    await user.click(within(dropdown).getByRole('button', { name: en.messages.bell.readAll }));
    await screen.findByText(en.messages.toasts.readAll.replace('{{count}}', String(DEMO_UNREAD)));
    await screen.findByRole('button', { name: en.messages.bell.label });
    expect(await unreadInDatabase(seller.user.id)).toBe(0);
  });

  it('polls every minute on a fake clock, at once when the page shows again, and stops at sign-out', async () => {
    // setTimeout and Date are fake from the start, moving with real time so the app can answer;
    // the test moves them a minute at a time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    const seller = await sellerWithMessages();
    const { session } = await renderBell(seller);
    await screen.findByRole('button', { name: bellLabel(DEMO_UNREAD) });
    expect(polls()).toBe(1);

    // A minute on, the bell polls and shows what arrived meanwhile.
    await seedMessages(t, seller.user.id);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await waitFor(() => expect(polls()).toBe(2));
    await screen.findByRole('button', { name: bellLabel(DEMO_UNREAD * 2) });
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(polls()).toBe(2);

    // Hidden, it waits however long; shown again, it polls at once.
    setHidden(true);
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    expect(polls()).toBe(2);
    setHidden(false);
    await waitFor(() => expect(polls()).toBe(3));

    // Signed out: no poll, on the timer or on showing the page.
    act(() => session.getState().signOut());
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    setHidden(true);
    setHidden(false);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(polls()).toBe(3);
  });
});
