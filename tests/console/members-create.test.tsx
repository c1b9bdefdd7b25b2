import { DEMO_ACCOUNT } from '@server/seed/demo';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryAllInPortals } from '../support/console-queries';
import {
  buttonsOf,
  checkbox,
  dialog,
  en,
  enter,
  field,
  openAs,
  registerMembersTests,
  requests,
  rowOf,
  seller,
  shopNames,
  subAccountList,
  t,
} from './members-harness';

registerMembersTests();

describe('user management: creating sub-accounts', () => {
  it('creates a sub-account by e-mail with one shop and chosen grants; it sees only that shop', async () => {
    // In the whole console: the demo seller's page as the route loads it.
    const { running, user } = await openAs(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password, {
      inConsole: true,
    });
    await screen.findByText(en.members.empty.title);
    await user.click(screen.getByRole('button', { name: en.members.actions.create }));
    const form = await dialog(en.members.form.createTitle);

    await enter(user, field(form, en.members.form.email), 'packer@example.com');
    await enter(user, field(form, en.members.form.name), 'Packer Nok');
    await enter(user, field(form, en.members.form.password), 'Packer-pass1');
    await enter(user, field(form, en.members.form.confirmPassword), 'Packer-pass1');
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
    await waitFor(() => expect(queryAllInPortals('dialog')).toEqual([]));
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

    await enter(user, field(form, en.members.form.email), 'not-an-email');
    await enter(user, field(form, en.members.form.name), 'Somchai');
    await enter(user, field(form, en.members.form.password), 'Secret-pass1');
    await enter(user, field(form, en.members.form.confirmPassword), 'Secret-pass2');
    await user.click(within(form).getByRole('button', { name: en.members.form.submitCreate }));
    expect(await within(form).findByText(en.validation.email)).toBeTruthy();
    expect(within(form).getByText(en.validation.passwordMismatch)).toBeTruthy();

    // A mobile number is checked against its dialling code (+66 by default for a Thai seller).
    await user.click(within(form).getByRole('radio', { name: en.members.form.phone }));
    await enter(user, field(form, en.members.form.phoneNumber), '12345');
    await user.click(within(form).getByRole('button', { name: en.members.form.submitCreate }));
    expect(await within(form).findByText(en.validation.phone)).toBeTruthy();

    expect(requests.filter((request) => request.includes('/subAccount/create'))).toEqual([]);
    expect((await subAccountList(main.token)).total).toBe(0);

    // Escape closes the dialog without creating anything.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(queryAllInPortals('dialog')).toEqual([]));
    expect(requests.filter((request) => request.includes('/subAccount/create'))).toEqual([]);
  });

  it('offers the server’s country options, the seller’s own country first chosen', async () => {
    const main = await seller([], 'my');
    const { user } = await openAs(main.email, main.password);
    await user.click(await screen.findByRole('button', { name: en.members.actions.create }));
    const form = await dialog(en.members.form.createTitle);
    await user.click(within(form).getByRole('radio', { name: en.members.form.phone }));
    const telCode = field(form, en.members.form.telCode);
    await waitFor(() => expect(telCode.value).toBe(`+60 ${en.common.sites.my}`));
    expect(requests).toContain('GET /api-user/public/telCodeList');
    // The options the server named (jsdom lays the dropdown in a modal out of sight, so it is
    // read and chosen among the hidden ones).
    await user.click(within(form).getByRole('combobox', { name: en.members.form.telCode }));
    const options = screen
      .getAllByRole('listbox', { hidden: true })
      .flatMap((list) => within(list).queryAllByRole('option', { hidden: true }))
      .filter((option) => option.textContent?.startsWith('+'));
    expect(options.map((option) => option.textContent)).toEqual([
      `+86 ${en.common.sites.cn}`,
      `+63 ${en.common.sites.ph}`,
      `+66 ${en.common.sites.th}`,
      `+60 ${en.common.sites.my}`,
      `+84 ${en.common.sites.vn}`,
      `+65 ${en.common.sites.sg}`,
      `+62 ${en.common.sites.id}`,
    ]);
    fireEvent.click(options[1] as HTMLElement);
    await waitFor(() => expect(telCode.value).toBe(`+63 ${en.common.sites.ph}`));
    await enter(user, field(form, en.members.form.phoneNumber), '917 123 4567');
    await enter(user, field(form, en.members.form.name), 'Maria');
    await enter(user, field(form, en.members.form.password), 'Secret-pass1');
    await enter(user, field(form, en.members.form.confirmPassword), 'Secret-pass1');
    await user.click(within(form).getByRole('button', { name: en.members.form.submitCreate }));
    await rowOf('Maria');
    const [created] = (await subAccountList(main.token)).records;
    expect(created?.phone).toBe('+639171234567');
  });

  it('shows the server’s message when the address already has an account', async () => {
    const main = await seller();
    const { user } = await openAs(main.email, main.password);
    await user.click(await screen.findByRole('button', { name: en.members.actions.create }));
    const form = await dialog(en.members.form.createTitle);
    await enter(user, field(form, en.members.form.email), DEMO_ACCOUNT.email);
    await enter(user, field(form, en.members.form.name), 'Copy');
    await enter(user, field(form, en.members.form.password), 'Secret-pass1');
    await enter(user, field(form, en.members.form.confirmPassword), 'Secret-pass1');
    await user.keyboard('{Enter}');

    expect(await within(form).findByText(en.errors.ACCOUNT_IN_USE)).toBeTruthy();
    expect(requests).toContain('POST /api-user/subAccount/create');
    expect(screen.getByRole('dialog', { name: en.members.form.createTitle })).toBeTruthy();
    expect((await subAccountList(main.token)).total).toBe(0);
  });
});
