import { readCookie, writeCookie } from '@shared/session/web-port';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderConsole } from '../support/console';
import { closeConsole, common, layout, openAsDemo, registerShellTests, t } from './shell-harness';

registerShellTests();

const sidebar = () => screen.getByTestId('sidebar');
const toggle = () => screen.getByRole('button', { name: layout.header.toggleSidebar });

describe('the sidebar’s remembered state', () => {
  it('stays closed or open across page loads, as the sidebarStatus cookie keeps it', async () => {
    const menu = await openAsDemo();
    expect(sidebar().dataset.opened).toBe('true');
    expect(within(menu).getByText(common.routes.dashboard)).toBeTruthy();

    fireEvent.click(toggle());
    await waitFor(() => expect(sidebar().dataset.opened).toBe('false'));
    expect(readCookie(document, 'sidebarStatus')).toBe('0');
    // Closed, it shows icons only: the titles are the buttons' names.
    const rail = screen.getByTestId('sidebar-menu');
    expect(within(rail).queryByText(common.routes.dashboard)).toBeNull();
    expect(within(rail).getByRole('link', { name: common.routes.dashboard })).toBeTruthy();

    // A new page load finds it closed.
    await closeConsole();
    await openAsDemo();
    expect(sidebar().dataset.opened).toBe('false');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle());
    await waitFor(() => expect(sidebar().dataset.opened).toBe('true'));
    expect(readCookie(document, 'sidebarStatus')).toBe('1');
    await closeConsole();
    await openAsDemo();
    expect(sidebar().dataset.opened).toBe('true');
  });

  it('opens closed when the page comes with the cookie saying so', async () => {
    writeCookie(document, 'sidebarStatus', '0');
    await openAsDemo();
    expect(sidebar().dataset.opened).toBe('false');
  });
});

describe('/redirect', () => {
  it('goes straight on to the page after it, with its query, in place of itself', async () => {
    await openAsDemo('/cmp/redirect/account/messageCenter?type=4');
    await waitFor(() => expect(window.location.pathname).toBe('/cmp/account/messageCenter'));
    expect(new URLSearchParams(window.location.search).get('type')).toBe('4');
    expect(await screen.findByRole('heading', { name: common.routes.messageCenter })).toBeTruthy();
  });

  it('never leaves the console: another origin goes to the dashboard', async () => {
    await openAsDemo('/cmp/redirect/%2F%2Fevil.example.com%2Fx');
    await waitFor(() => expect(window.location.pathname).toBe('/cmp/cmpDashboard'));
    expect(window.location.origin).not.toContain('evil');
  });

  it('sends a signed-out reader through sign-in to the page after it', async () => {
    const running = await renderConsole('/cmp/redirect/other/historyMoney', { app: t });
    try {
      await waitFor(() => expect(window.location.pathname).toBe('/cmp/login'));
      expect(new URLSearchParams(window.location.search).get('redirect')).toBe(
        '/other/historyMoney',
      );
    } finally {
      await running.close();
    }
  });
});
