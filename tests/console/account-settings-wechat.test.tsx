import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeSeller } from '../support/accounts';
import { renderSignedIn } from '../support/console';
import { bindWechat } from '../support/wechat';
import {
  app,
  en,
  openAs,
  openBindModal,
  PATH,
  POLL,
  profileOf,
  registerAccountSettingsTests,
  scan,
  setCurrent,
} from './account-settings-harness';

registerAccountSettingsTests();

describe('account settings: WeChat', () => {
  it('binds WeChat by scanning the QR code; the card then shows the nickname', async () => {
    const seller = await openAs('bind@example.com');
    expect(screen.getByTestId('wechat-state').textContent).toBe(en.settings.wechat.notBound);
    const user = userEvent.setup();
    const { dialog, scanUrl } = await openBindModal(user);
    expect(
      within(dialog).getByRole('img', { name: en.settings.wechat.bindModal.qrAlt }),
    ).toBeTruthy();
    expect(within(dialog).getByTestId('wechat-qr').getAttribute('src')).toMatch(
      /^data:image\/png;base64,/,
    );
    expect(within(dialog).getByTestId('wechat-qr-countdown').textContent).toMatch(
      /^Expires in [45]:\d\d$/,
    );
    const link = within(dialog).getByTestId('wechat-scan-link');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.textContent).toBe(en.settings.wechat.bindModal.openScanPage);

    await scan(scanUrl, { nickname: 'Somchai WeChat' });
    expect((await screen.findByTestId('wechat-nickname', {}, POLL)).textContent).toBe(
      'Somchai WeChat',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('wechat-state').textContent).toBe(en.settings.wechat.bound);
    expect(await screen.findByText(en.settings.wechat.bindModal.success)).toBeTruthy();
    expect((await profileOf(seller.token)).wechat).toMatchObject({ nickname: 'Somchai WeChat' });
  });

  it('unbinds with the mailed code: a wrong code is refused with the server’s message, the right one unbinds', async () => {
    const seller = await makeSeller(app, 'unbind@example.com', []);
    await app.call('POST', '/api-user/user/onboarding', {
      token: seller.token,
      json: { site: 'th', businessType: 'crossBorder' },
    });
    // Bound earlier, in another browser session of this account.
    expect((await bindWechat(app, seller.token, { nickname: 'To unbind' })).status).toBe('bound');
    setCurrent(
      await renderSignedIn(
        PATH,
        { username: 'unbind@example.com', password: seller.password },
        { app },
      ),
    );
    expect((await screen.findByTestId('wechat-nickname')).textContent).toBe('To unbind');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: en.settings.wechat.unbind }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('unbind@example.com');
    // Unbinding without a code is refused on the field.
    await user.click(
      within(dialog).getByRole('button', { name: en.settings.wechat.unbindModal.submit }),
    );
    expect(await within(dialog).findByText(en.validation.invalidFormat)).toBeTruthy();

    await user.click(
      within(dialog).getByRole('button', { name: en.settings.wechat.unbindModal.sendCode }),
    );
    const resend = await within(dialog).findByRole('button', { name: /^Resend in \d+ s$/ });
    expect(resend.hasAttribute('disabled')).toBe(true);
    const code = (await app.smtp?.codeFor('unbind@example.com')) ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const [firstDigit] = within(dialog).getAllByLabelText(en.settings.wechat.unbindModal.code);
    if (!firstDigit) throw new Error('no code input');
    await user.click(firstDigit);
    await user.keyboard(code === '000000' ? '111111' : '000000');
    await user.keyboard('{Enter}');
    expect((await within(dialog).findByTestId('unbind-error')).textContent).toBe(
      en.errors.CODE_INVALID,
    );
    expect((await profileOf(seller.token)).wechat).not.toBeNull();

    for (const input of within(dialog).getAllByLabelText(en.settings.wechat.unbindModal.code))
      await user.clear(input);
    await user.click(firstDigit);
    await user.keyboard(code);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(en.settings.wechat.unbindModal.success)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('wechat-state').textContent).toBe(en.settings.wechat.notBound),
    );
    expect(screen.queryByTestId('wechat-nickname')).toBeNull();
    expect((await profileOf(seller.token)).wechat).toBeNull();
  });
  it('tells an account without an email that no code can be sent, with the server’s refusal inline', async () => {
    const { createAccount } = await import('@server/modules/accounts/accounts.service');
    const phone = '+66812345670';
    const password = 'Phone-pass1';
    await createAccount(app, null, {
      phone,
      password,
      name: 'Phone seller',
      role: 'BUYER',
      site: 'th',
    });
    const token = (
      await app.call('POST', '/api-uaa/oauth/loginByPassword', {
        json: { username: phone, password },
      })
    ).body.datas.access_token as string;
    await app.call('POST', '/api-user/user/onboarding', {
      token,
      json: { site: 'th', businessType: 'local' },
    });
    expect((await bindWechat(app, token, { nickname: 'Phone only' })).status).toBe('bound');
    setCurrent(await renderSignedIn(PATH, { username: phone, password }, { app }));
    expect((await screen.findByTestId('profile-email', {}, { timeout: 10_000 })).textContent).toBe(
      en.settings.notSet,
    );
    expect(screen.getByTestId('profile-phone').textContent).toBe(phone);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: en.settings.wechat.unbind }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(en.settings.wechat.unbindModal.noEmail)).toBeTruthy();
    await user.click(
      within(dialog).getByRole('button', { name: en.settings.wechat.unbindModal.sendCode }),
    );
    expect((await within(dialog).findByTestId('unbind-error')).textContent).toBe(
      en.errors.PERMISSION_DENIED,
    );
    // No countdown starts: nothing was sent.
    expect(
      within(dialog).getByRole('button', { name: en.settings.wechat.unbindModal.sendCode }),
    ).toBeTruthy();
    expect((await profileOf(token)).wechat).toMatchObject({ nickname: 'Phone only' });
  });
});
