import { MENU_LABELS } from '@console/features/account/members-menu-titles';
import { isMenuUrl, MENU_URLS } from '@shared/contracts/menus';
import { grantableMenus, MENU_CATALOGUE } from '@shared/permissions';
import { writeCookie } from '@shared/session/web-port';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeSubAccount } from '../support/accounts';
import { renderConsole, renderSignedIn, signInAs } from '../support/console';
import { findInPortals } from '../support/console-queries';
import { LANGUAGES, readLocale } from '../support/locales';
import {
  en,
  openAs,
  PAGE,
  registerMembersTests,
  requests,
  rowOf,
  seller,
  setCurrent,
  t,
} from './members-harness';

registerMembersTests();

describe('user management: list', () => {
  it('pages by 10, searches on Enter and filters by status', async () => {
    const main = await seller(['Only shop']);
    const ids: string[] = [];
    for (let index = 1; index <= 11; index++) {
      t.clock.advance(1000);
      const made = await t.call('POST', '/api-user/subAccount/create', {
        token: main.token,
        json: {
          accountType: 'email',
          email: `list-${index}@example.com`,
          name: `Member ${String(index).padStart(2, '0')}`,
          password: 'Member-pass1',
          confirmPassword: 'Member-pass1',
          shopIds: [main.shops[0]?.id],
        },
      });
      expect(made.body.resp_code, made.text).toBe(0);
      ids.push(made.body.datas.id);
    }
    await t.call('POST', '/api-user/subAccount/status', {
      token: main.token,
      json: { id: ids[2], status: 'forbidden' },
    });
    const { user } = await openAs(main.email, main.password);

    await waitFor(() => expect(screen.getAllByTestId('member-row')).toHaveLength(10));
    expect(screen.getByTestId('members-total').textContent).toBe('11 in total');
    // Shop names come from their own query: wait for them rather than assume they came first.
    await waitFor(() => expect(screen.getAllByText('Only shop').length).toBe(10));
    await user.click(screen.getByTestId('members-next'));
    await waitFor(() => expect(screen.getAllByTestId('member-row')).toHaveLength(1));
    // Newest first: the first one made is alone on page 2.
    expect(screen.getByText('Member 01')).toBeTruthy();

    const search = screen.getByRole('textbox', { name: en.members.filters.keyword });
    await user.type(search, 'list-7@{Enter}');
    // Page 2 also held one row: wait for the searched one, not for a count.
    expect(await screen.findByText('Member 07')).toBeTruthy();
    expect(screen.getAllByTestId('member-row')).toHaveLength(1);
    expect(requests).toContain('GET /api-user/subAccount/list');

    await user.clear(search);
    await user.type(search, 'nobody{Enter}');
    expect(await screen.findByText(en.members.empty.filteredTitle)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: en.common.list.clearFilters }));
    await waitFor(() => expect(screen.getAllByTestId('member-row')).toHaveLength(10));

    await user.click(screen.getByRole('combobox', { name: en.members.filters.status }));
    await user.click(await findInPortals('option', { name: en.members.status.forbidden }));
    await waitFor(() => expect(screen.getAllByTestId('member-row')).toHaveLength(1));
    expect(screen.getByText('Member 03')).toBeTruthy();
  });

  it('offers only the actions the session’s routes allow on this menu', async () => {
    const main = await seller();
    await makeSubAccount(t, main.token, 'members-limited@example.com', []);
    const signedIn = await signInAs(t, { username: main.email, password: main.password });
    const routes = signedIn.routes.map((route) =>
      route.url === '/account/accountManage' ? { ...route, button: ['edit'] } : route,
    );
    const info = await t.call('GET', '/api-user/user/userInfo', { token: signedIn.token });
    writeCookie(document, 'access_token', signedIn.token);
    localStorage.setItem(
      'cmp-session',
      JSON.stringify({ updatedAt: Date.now(), routes, user: info.body.datas, onboarded: true }),
    );
    setCurrent(await renderConsole(PAGE, { app: t }));
    const user = userEvent.setup();
    await rowOf('members-limited');
    expect(screen.queryByRole('button', { name: en.members.actions.create })).toBeNull();
    await user.click(
      screen.getByRole('button', {
        name: en.members.actions.more.replace('{{name}}', 'members-limited'),
      }),
    );
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual([en.members.actions.edit]);
  });

  it('sends a sub-account that opens the page to /cmp/401', async () => {
    const main = await seller();
    const sub = await makeSubAccount(t, main.token, 'members-nosy@example.com', []);
    setCurrent(
      await renderSignedIn(
        PAGE,
        { username: 'members-nosy@example.com', password: sub.password },
        { app: t },
      ),
    );
    await waitFor(() => expect(window.location.pathname).toBe('/cmp/401'));
    expect(screen.queryByRole('heading', { name: en.members.title })).toBeNull();
  });
});

describe('menu permission words', () => {
  it('has a title and group for every menu and a label for every button (grantable, operator or main-account only), in every language', () => {
    const missing: string[] = [];
    const grantable = grantableMenus();
    // Every grantable menu is one of the catalogue's urls, so the words below cover it.
    expect(grantable.map((menu) => menu.url).filter((url) => !isMenuUrl(url))).toEqual([]);
    for (const language of LANGUAGES) {
      const words = readLocale(language, 'members');
      for (const url of MENU_URLS) {
        const labels = MENU_LABELS[url];
        if (!words.menus?.[labels.title]?.trim())
          missing.push(`${language}: menus.${labels.title}`);
        if (!words.groups?.[labels.group]?.trim())
          missing.push(`${language}: groups.${labels.group}`);
      }
      for (const menu of grantable) {
        for (const button of menu.buttons) {
          if (!words.buttons?.[button]?.trim()) missing.push(`${language}: buttons.${button}`);
        }
      }
      // The buttons no sub-account can be given (operators' steps, the main account's own) are
      // named too, wherever a list of permissions shows them.
      for (const menu of MENU_CATALOGUE) {
        for (const button of menu.buttons) {
          if (!words.buttons?.[button]?.trim()) missing.push(`${language}: buttons.${button}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
