import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { login, makeSubAccount } from '../support/accounts';
import { queryAllInPortals } from '../support/console-queries';
import {
  checkbox,
  dialog,
  en,
  field,
  openAs,
  registerMembersTests,
  requests,
  rowAction,
  rowOf,
  seller,
  shopNames,
  statusOf,
  subAccountList,
  t,
} from './members-harness';

registerMembersTests();

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
    await waitFor(() => expect(queryAllInPortals('dialog')).toEqual([]));
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
    // The date reads as the console writes dates, whatever the browser's locale.
    expect(field(form, en.members.form.validUntil).value).toBe('31 Dec 2030');
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
    await waitFor(() => expect(queryAllInPortals('dialog')).toEqual([]));

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
    await waitFor(() => expect(queryAllInPortals('dialog')).toEqual([]));

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
