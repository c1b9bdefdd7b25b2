import { MENU_LABELS } from '@console/features/account/members-menu-titles';
import { DEMO_ACCOUNT, seedDemo } from '@server/db/seed';
import { grantableMenus } from '@shared/permissions';
import { writeCookie } from '@shared/session/web-port';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { login, makeSeller, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { renderConsole, renderSignedIn } from '../support/console';
import { LANGUAGES, readLocale } from '../support/locales';

const en = {
  members: readLocale('en', 'members'),
  common: readLocale('en', 'common'),
  errors: readLocale('en', 'errors'),
  validation: readLocale('en', 'validation'),
};
const PAGE = '/cmp/account/accountManage';

let t: TestApp;
/** Paths of the requests the app received (console and test alike), in order. */
let requests: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t);
  const fetch = t.app.fetch;
  t.app.fetch = (request: Request, ...rest: unknown[]) => {
    requests.push(`${request.method} ${new URL(request.url).pathname}`);
    return (fetch as (...args: unknown[]) => Response | Promise<Response>)(request, ...rest);
  };
});
afterAll(() => t.close());

let current: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
  requests = [];
});

let sellers = 0;
/** A main account of its own (so tests do not see each other's sub-accounts), onboarded. */
async function seller(shops: string[] = ['Shop A', 'Shop B']) {
  sellers += 1;
  const made = await makeSeller(t, `members-main-${sellers}@example.com`, shops);
  const onboarded = await t.call('POST', '/api-user/user/onboarding', {
    token: made.token,
    json: { site: 'th', businessType: 'crossBorder' },
  });
  expect(onboarded.body.resp_code, onboarded.text).toBe(0);
  return { ...made, email: `members-main-${sellers}@example.com` };
}

async function openAs(username: string, password: string) {
  const running = await renderSignedIn(PAGE, { username, password }, { app: t });
  current = running;
  await screen.findByRole('heading', { name: en.members.title });
  return { running, user: userEvent.setup() };
}

/**
 * The one form control labelled `label` inside `scope` (Mantine adds " *" to the label of a
 * required field; a control may also carry an aria-label). Found through the labels' `for`
 * rather than by role: computing every accessible name of a large form is slow in jsdom.
 */
function field(scope: HTMLElement, label: string, type?: string) {
  const named = [...scope.querySelectorAll<HTMLInputElement>('input[aria-label]')].filter(
    (input) => input.getAttribute('aria-label') === label,
  );
  const labelled = [...scope.querySelectorAll('label')]
    .filter((element) => element.textContent?.replace(/\s*\*\s*$/, '').trim() === label)
    .map((element) => (element.htmlFor ? document.getElementById(element.htmlFor) : null));
  const found = [...new Set([...named, ...labelled])].filter(
    (element): element is HTMLInputElement =>
      element instanceof HTMLInputElement &&
      element.type !== 'radio' &&
      (type === undefined || element.type === type),
  );
  if (found.length !== 1) throw new Error(`${found.length} fields labelled ${label}`);
  return found[0] as HTMLInputElement;
}

const checkbox = (scope: HTMLElement, label: string) => field(scope, label, 'checkbox');

/** The buttons of a granted menu in the menu editor. */
function buttonsOf(scope: HTMLElement, menu: string) {
  const group = scope.querySelector<HTMLElement>(`[role="group"][aria-label="Buttons of ${menu}"]`);
  if (!group) throw new Error(`no buttons shown for ${menu}`);
  return group;
}

/** An open dialog by its title (a large form can take a moment to mount in jsdom). */
async function dialog(name: string) {
  return screen.findByRole('dialog', { name }, { timeout: 5000 });
}

async function subAccountList(token: string) {
  const res = await t.call('GET', '/api-user/subAccount/list?page=1&limit=100', { token });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas as { records: Record<string, any>[]; total: number };
}

const shopNames = async (token: string) =>
  ((await t.call('GET', '/api-user/shop/list', { token })).body.datas as { name: string }[]).map(
    (shop) => shop.name,
  );

async function rowOf(name: string) {
  const cell = await screen.findByText(name, { selector: 'td p, td div' });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row as HTMLElement;
}

async function rowAction(user: ReturnType<typeof userEvent.setup>, name: string, item: string) {
  await user.click(
    await screen.findByRole('button', { name: en.members.actions.more.replace('{{name}}', name) }),
  );
  await user.click(await screen.findByRole('menuitem', { name: item }, { timeout: 3000 }));
}

async function statusOf(name: string) {
  return within(await rowOf(name)).getByTestId('member-status').textContent;
}

describe('user management: creating sub-accounts', () => {
  it('creates a sub-account by e-mail with one shop and chosen grants; it sees only that shop', async () => {
    const { running, user } = await openAs(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    await screen.findByText(en.members.empty.title);
    await user.click(screen.getByRole('button', { name: en.members.actions.create }));
    const form = await dialog(en.members.form.createTitle);

    await user.type(field(form, en.members.form.email), 'packer@example.com');
    await user.type(field(form, en.members.form.name), 'Packer Nok');
    await user.type(field(form, en.members.form.password), 'Packer-pass1');
    await user.type(field(form, en.members.form.confirmPassword), 'Packer-pass1');
    await within(form).findByText('Bangkok Gadget Hub');
    await user.click(checkbox(form, 'Bangkok Gadget Hub'));
    // Shop authorization with every button but "unbind"; the coupon center with no button.
    expect(() => buttonsOf(form, en.members.menus.shopAuthorization)).toThrow();
    await user.click(checkbox(form, en.members.menus.shopAuthorization));
    const shopButtons = buttonsOf(form, en.members.menus.shopAuthorization);
    expect(checkbox(shopButtons, en.members.buttons.unbind).checked).toBe(true);
    await user.click(checkbox(shopButtons, en.members.buttons.unbind));
    await user.click(checkbox(form, en.members.menus.coupons));
    await user.click(checkbox(buttonsOf(form, en.members.menus.coupons), en.members.buttons.claim));
    await user.click(within(form).getByRole('button', { name: en.members.form.submitCreate }));

    const row = await rowOf('Packer Nok');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(row).getByText('packer@example.com')).toBeTruthy();
    expect(await within(row).findByText('Bangkok Gadget Hub')).toBeTruthy();
    expect(within(row).getByTestId('member-status').textContent).toBe(en.members.status.enabled);
    expect(within(row).getByText(en.members.list.noLimit)).toBeTruthy();

    const shops = (await t.call('GET', '/api-user/shop/list', { token: running.token })).body
      .datas as { id: string; name: string }[];
    const gadget = shops.find((shop) => shop.name === 'Bangkok Gadget Hub');
    const [created] = (await subAccountList(running.token)).records;
    expect(created?.shopIds).toEqual([gadget?.id]);
    expect(created?.validUntil).toBeNull();
    expect(created?.grants).toEqual([
      { url: '/cmpDashboard', buttons: [] },
      {
        url: '/thirdPartyPlatform/authorizeList',
        buttons: ['authorize', 'reauthorize', 'editAlias', 'sync'],
      },
      { url: '/other/couponCenter', buttons: [] },
    ]);

    const signedIn = await t.call('POST', '/api-uaa/oauth/loginByPassword', {
      json: { username: 'packer@example.com', password: 'Packer-pass1' },
    });
    expect(signedIn.body.resp_code, signedIn.text).toBe(0);
    expect(
      (signedIn.body.datas.routerInfoList as { url: string }[]).map((route) => route.url).sort(),
    ).toEqual(['/cmpDashboard', '/other/couponCenter', '/thirdPartyPlatform/authorizeList']);
    expect(await shopNames(signedIn.body.datas.access_token)).toEqual(['Bangkok Gadget Hub']);
  });

  it('shows schema failures on the fields without calling the server', async () => {
    const main = await seller();
    const { user } = await openAs(main.email, main.password);
    await user.click(await screen.findByRole('button', { name: en.members.actions.create }));
    const form = await dialog(en.members.form.createTitle);

    await user.type(field(form, en.members.form.email), 'not-an-email');
    await user.type(field(form, en.members.form.name), 'Somchai');
    await user.type(field(form, en.members.form.password), 'Secret-pass1');
    await user.type(field(form, en.members.form.confirmPassword), 'Secret-pass2');
    await user.click(within(form).getByRole('button', { name: en.members.form.submitCreate }));
    expect(await within(form).findByText(en.validation.email)).toBeTruthy();
    expect(within(form).getByText(en.validation.passwordMismatch)).toBeTruthy();

    // A mobile number is checked against its dialling code (+66 by default for a Thai seller).
    await user.click(within(form).getByRole('radio', { name: en.members.form.phone }));
    await user.type(field(form, en.members.form.phoneNumber), '12345');
    await user.click(within(form).getByRole('button', { name: en.members.form.submitCreate }));
    expect(await within(form).findByText(en.validation.phone)).toBeTruthy();

    expect(requests.filter((request) => request.includes('/subAccount/create'))).toEqual([]);
    expect((await subAccountList(main.token)).total).toBe(0);

    // Escape closes the dialog without creating anything.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((request) => request.includes('/subAccount/create'))).toEqual([]);
  });

  it('shows the server’s message when the address already has an account', async () => {
    const main = await seller();
    const { user } = await openAs(main.email, main.password);
    await user.click(await screen.findByRole('button', { name: en.members.actions.create }));
    const form = await dialog(en.members.form.createTitle);
    await user.type(field(form, en.members.form.email), DEMO_ACCOUNT.email);
    await user.type(field(form, en.members.form.name), 'Copy');
    await user.type(field(form, en.members.form.password), 'Secret-pass1');
    await user.type(field(form, en.members.form.confirmPassword), 'Secret-pass1{Enter}');

    expect(await within(form).findByText(en.errors.ACCOUNT_IN_USE)).toBeTruthy();
    expect(requests).toContain('POST /api-user/subAccount/create');
    expect(screen.getByRole('dialog', { name: en.members.form.createTitle })).toBeTruthy();
    expect((await subAccountList(main.token)).total).toBe(0);
  });
});

describe('user management: row actions', () => {
  it('disables a sub-account after confirmation (its token and login stop working) and enables it again', async () => {
    const main = await seller();
    const sub = await makeSubAccount(t, main.token, 'members-disable@example.com', []);
    const { user } = await openAs(main.email, main.password);
    const name = 'members-disable';
    expect(await statusOf(name)).toBe(en.members.status.enabled);

    // Cancelling the question changes nothing.
    await rowAction(user, name, en.members.actions.disable);
    let confirm = await dialog(en.members.confirm.disableTitle);
    expect(confirm.textContent).toContain(name);
    await user.click(within(confirm).getByRole('button', { name: en.common.actions.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests).not.toContain('POST /api-user/subAccount/status');
    expect((await t.call('GET', '/api-user/user/userInfo', { token: sub.token })).status).toBe(200);

    await rowAction(user, name, en.members.actions.disable);
    confirm = await dialog(en.members.confirm.disableTitle);
    await user.click(within(confirm).getByRole('button', { name: en.members.confirm.disable }));
    await waitFor(async () => expect(await statusOf(name)).toBe(en.members.status.forbidden));
    expect((await t.call('GET', '/api-user/user/userInfo', { token: sub.token })).status).toBe(401);
    const refused = await t.call('POST', '/api-uaa/oauth/loginByPassword', {
      json: { username: 'members-disable@example.com', password: sub.password },
    });
    expect(refused.body.key).toBe('ACCOUNT_DISABLED');

    await rowAction(user, name, en.members.actions.enable);
    await waitFor(async () => expect(await statusOf(name)).toBe(en.members.status.enabled));
    await login(t, 'members-disable@example.com', sub.password);
  });

  it('edits the name and validity date; clearing the date means no limit', async () => {
    const main = await seller();
    const sub = await makeSubAccount(t, main.token, 'members-edit@example.com', []);
    const { user } = await openAs(main.email, main.password);
    await rowAction(user, 'members-edit', en.members.actions.edit);
    let form = await dialog(en.members.form.editTitle);
    const name = field(form, en.members.form.name);
    await user.clear(name);
    await user.type(name, 'Nok Warehouse');
    await user.type(field(form, en.members.form.validUntil), '2030-12-31');
    await user.click(within(form).getByRole('button', { name: en.common.actions.save }));

    const row = await rowOf('Nok Warehouse');
    expect(within(row).getByText('31 Dec 2030')).toBeTruthy();
    let [saved] = (await subAccountList(main.token)).records;
    expect(saved).toMatchObject({ id: sub.id, name: 'Nok Warehouse', validUntil: '2030-12-31' });

    await rowAction(user, 'Nok Warehouse', en.members.actions.edit);
    form = await dialog(en.members.form.editTitle);
    expect(field(form, en.members.form.validUntil).value).toBe('2030-12-31');
    await user.clear(field(form, en.members.form.validUntil));
    await user.keyboard('{Enter}');
    await waitFor(async () =>
      expect(within(await rowOf('Nok Warehouse')).getByText(en.members.list.noLimit)).toBeTruthy(),
    );
    [saved] = (await subAccountList(main.token)).records;
    expect(saved?.validUntil).toBeNull();
  });

  it('resets the password: the old one and the old session stop working, the new one works', async () => {
    const main = await seller();
    const sub = await makeSubAccount(t, main.token, 'members-reset@example.com', []);
    const { user } = await openAs(main.email, main.password);
    await rowAction(user, 'members-reset', en.members.actions.resetPassword);
    const form = await dialog(en.members.resetPassword.title.replace('{{name}}', 'members-reset'));
    await user.type(field(form, en.members.resetPassword.password), 'Fresh-pass42');
    await user.type(field(form, en.members.form.confirmPassword), 'Fresh-pass42');
    await user.click(within(form).getByRole('button', { name: en.members.resetPassword.submit }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const old = await t.call('POST', '/api-uaa/oauth/loginByPassword', {
      json: { username: 'members-reset@example.com', password: sub.password },
    });
    expect(old.body.key).toBe('BAD_CREDENTIALS');
    expect((await t.call('GET', '/api-user/user/userInfo', { token: sub.token })).status).toBe(401);
    await login(t, 'members-reset@example.com', 'Fresh-pass42');
  });

  it('edits shops and menus: the sub-account then sees the other shop and loses the menu', async () => {
    const main = await seller(['Shop A', 'Shop B']);
    const [shopA, shopB] = main.shops;
    const sub = await makeSubAccount(t, main.token, 'members-perm@example.com', [shopA?.id ?? '']);
    const { user } = await openAs(main.email, main.password);
    await rowAction(user, 'members-perm', en.members.actions.permissions);
    const form = await dialog(en.members.permissions.title.replace('{{name}}', 'members-perm'));

    // The editor starts from what the sub-account holds: Shop A, and every menu (the default).
    await within(form).findByText('Shop A');
    const boxA = checkbox(form, 'Shop A');
    expect(boxA.checked).toBe(true);
    expect(checkbox(form, 'Shop B').checked).toBe(false);
    expect(checkbox(form, en.members.permissions.selectAll).checked).toBe(true);

    await user.click(boxA);
    await user.click(checkbox(form, 'Shop B'));
    await user.click(checkbox(form, en.members.menus.coupons));
    expect(checkbox(form, en.members.permissions.selectAll).checked).toBe(false);
    await user.click(within(form).getByRole('button', { name: en.common.actions.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const [saved] = (await subAccountList(main.token)).records;
    expect(saved?.shopIds).toEqual([shopB?.id]);
    const urls = ((saved?.grants ?? []) as { url: string }[]).map((grant) => grant.url);
    expect(urls).not.toContain('/other/couponCenter');
    expect(urls).toContain('/pay/recharge');
    expect(await shopNames(sub.token)).toEqual(['Shop B']);
    expect(await within(await rowOf('members-perm')).findByText('Shop B')).toBeTruthy();
  });

  it('deletes a sub-account after a danger confirmation', async () => {
    const main = await seller();
    await makeSubAccount(t, main.token, 'members-keep@example.com', []);
    const gone = await makeSubAccount(t, main.token, 'members-gone@example.com', []);
    const { user } = await openAs(main.email, main.password);
    await rowOf('members-keep');
    await rowAction(user, 'members-gone', en.members.actions.delete);
    const confirm = await dialog(en.members.confirm.deleteTitle);
    expect(confirm.textContent).toContain('members-gone@example.com');
    await user.click(within(confirm).getByRole('button', { name: en.members.confirm.delete }));

    await waitFor(() => expect(screen.queryByText('members-gone')).toBeNull());
    expect(screen.getAllByTestId('member-row')).toHaveLength(1);
    const list = await subAccountList(main.token);
    expect(list.records.map((record) => record.id)).not.toContain(gone.id);
    expect(list.total).toBe(1);
    const refused = await t.call('POST', '/api-uaa/oauth/loginByPassword', {
      json: { username: 'members-gone@example.com', password: gone.password },
    });
    expect(refused.body.resp_code).not.toBe(0);
  });
});

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
    await user.click(screen.getByRole('button', { name: '2' }));
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
    await user.click(screen.getByRole('button', { name: en.members.actions.clearFilters }));
    await waitFor(() => expect(screen.getAllByTestId('member-row')).toHaveLength(10));

    await user.click(screen.getByRole('combobox', { name: en.members.filters.status }));
    await user.click(await screen.findByRole('option', { name: en.members.status.forbidden }));
    await waitFor(() => expect(screen.getAllByTestId('member-row')).toHaveLength(1));
    expect(screen.getByText('Member 03')).toBeTruthy();
  });

  it('offers only the actions the session’s routes allow on this menu', async () => {
    const main = await seller();
    await makeSubAccount(t, main.token, 'members-limited@example.com', []);
    const signedIn = await t.call('POST', '/api-uaa/oauth/loginByPassword', {
      json: { username: main.email, password: main.password },
    });
    const routes = (signedIn.body.datas.routerInfoList as { url: string; button: string[] }[]).map(
      (route) => (route.url === '/account/accountManage' ? { ...route, button: ['edit'] } : route),
    );
    const info = await t.call('GET', '/api-user/user/userInfo', {
      token: signedIn.body.datas.access_token,
    });
    writeCookie(document, 'access_token', signedIn.body.datas.access_token);
    localStorage.setItem(
      'cmp-session',
      JSON.stringify({ updatedAt: Date.now(), routes, user: info.body.datas, onboarded: true }),
    );
    current = await renderConsole(PAGE, { app: t });
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
    current = await renderSignedIn(
      PAGE,
      { username: 'members-nosy@example.com', password: sub.password },
      { app: t },
    );
    await waitFor(() => expect(window.location.pathname).toBe('/cmp/401'));
    expect(screen.queryByRole('heading', { name: en.members.title })).toBeNull();
  });
});

describe('menu permission words', () => {
  it('has a title and group for every grantable menu and a label for every button, in every language', () => {
    const missing: string[] = [];
    for (const language of LANGUAGES) {
      const words = readLocale(language, 'members');
      for (const menu of grantableMenus()) {
        const labels = (MENU_LABELS as Record<string, { title: string; group: string }>)[menu.url];
        if (!labels) {
          missing.push(`${menu.url} has no entry in MENU_LABELS`);
          continue;
        }
        if (!words.menus?.[labels.title]?.trim())
          missing.push(`${language}: menus.${labels.title}`);
        if (!words.groups?.[labels.group]?.trim())
          missing.push(`${language}: groups.${labels.group}`);
        for (const button of menu.buttons) {
          if (!words.buttons?.[button]?.trim()) missing.push(`${language}: buttons.${button}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
