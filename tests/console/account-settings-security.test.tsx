import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeSeller } from '../support/accounts';
import { bindWechat } from '../support/wechat';
import {
  app,
  current,
  en,
  openAs,
  openBindModal,
  openIdOf,
  POLL,
  profileOf,
  registerAccountSettingsTests,
  scan,
} from './account-settings-harness';

registerAccountSettingsTests();

describe('account settings: password', () => {
  it('shows the server’s message for a wrong current password, then changes it and signs other devices out', async () => {
    const seller = await openAs('password@example.com');
    const otherDevice = (
      await app.call('POST', '/api-uaa/oauth/loginByPassword', {
        json: { username: 'password@example.com', password: seller.password },
      })
    ).body.datas.access_token as string;
    expect((await app.call('GET', '/api-user/user/userInfo', { token: otherDevice })).status).toBe(
      200,
    );
    const user = userEvent.setup();
    const form = screen.getByTestId('password-form');
    expect(form.textContent).toContain(en.settings.password.rule);
    const old = within(form).getByLabelText(en.settings.password.old);
    const next = within(form).getByLabelText(en.settings.password.new);
    const confirm = within(form).getByLabelText(en.settings.password.confirm);

    // Checked with the shared schema first: a mismatch never reaches the server.
    await user.type(old, 'Wrong-pass9');
    await user.type(next, 'Fresh-pass2');
    await user.type(confirm, 'Fresh-pass3{Enter}');
    expect(await within(form).findByText(en.validation.passwordMismatch)).toBeTruthy();
    expect(within(form).queryByTestId('password-error')).toBeNull();

    await user.clear(confirm);
    await user.type(confirm, 'Fresh-pass2{Enter}');
    expect((await within(form).findByTestId('password-error')).textContent).toBe(
      en.errors.OLD_PASSWORD_WRONG,
    );
    expect((await app.call('GET', '/api-user/user/userInfo', { token: otherDevice })).status).toBe(
      200,
    );

    await user.clear(old);
    await user.type(old, `${seller.password}{Enter}`);
    expect(await screen.findByText(en.settings.password.changed)).toBeTruthy();
    await waitFor(() => expect((old as HTMLInputElement).value).toBe(''));
    expect((next as HTMLInputElement).value).toBe('');
    expect((confirm as HTMLInputElement).value).toBe('');
    expect(within(form).queryByTestId('password-error')).toBeNull();

    expect((await app.call('GET', '/api-user/user/userInfo', { token: otherDevice })).status).toBe(
      401,
    );
    // This device stays signed in, and the new password is the one that works.
    expect(
      (await app.call('GET', '/api-user/user/userInfo', { token: current?.token ?? '' })).status,
    ).toBe(200);
    const relogin = await app.call('POST', '/api-uaa/oauth/loginByPassword', {
      json: { username: 'password@example.com', password: 'Fresh-pass2' },
    });
    expect(relogin.body.resp_code).toBe(0);
  });
});

describe('account settings: WeChat', () => {
  it('says when the WeChat is bound to another account, and when the code expired, each with a new code', async () => {
    // Another account holds this WeChat already.
    const holder = await makeSeller(app, 'holder@example.com', []);
    const held = await bindWechat(app, holder.token, { nickname: 'Shared phone' });
    expect(held.status).toBe('bound');
    const openId = await openIdOf(held.scanUrl, 'Shared phone');

    const seller = await openAs('taken@example.com');
    const user = userEvent.setup();
    const first = await openBindModal(user);
    await scan(first.scanUrl, { openId });
    const problem = await within(first.dialog).findByTestId('wechat-qr-problem', {}, POLL);
    expect(problem.textContent).toBe(en.settings.wechat.bindModal.taken);
    expect(within(first.dialog).queryByTestId('wechat-qr-countdown')).toBeNull();
    await user.click(
      within(first.dialog).getByRole('button', { name: en.settings.wechat.bindModal.refresh }),
    );
    await waitFor(() =>
      expect(within(first.dialog).getByTestId('wechat-scan-link').getAttribute('href')).not.toBe(
        first.scanUrl,
      ),
    );
    await waitFor(() => expect(within(first.dialog).queryByTestId('wechat-qr-problem')).toBeNull());
    expect((await profileOf(seller.token)).wechat).toBeNull();

    // The server's clock passes the code's five minutes: the next answer is "expired".
    app.clock.advance(5 * 60 * 1000 + 1000);
    expect(
      (await within(first.dialog).findByTestId('wechat-qr-problem', {}, POLL)).textContent,
    ).toBe(en.settings.wechat.bindModal.expired);
    const expiredUrl =
      within(first.dialog).getByTestId('wechat-scan-link').getAttribute('href') ?? '';
    await user.click(
      within(first.dialog).getByRole('button', { name: en.settings.wechat.bindModal.refresh }),
    );
    await waitFor(() =>
      expect(within(first.dialog).getByTestId('wechat-scan-link').getAttribute('href')).not.toBe(
        expiredUrl,
      ),
    );
    expect(await within(first.dialog).findByTestId('wechat-qr-countdown')).toBeTruthy();
    // Escape closes the modal and the polling with it.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
