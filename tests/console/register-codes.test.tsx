import { DEMO_ACCOUNT } from '@server/seed/demo';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { login } from '../support/accounts';
import { gapOfPuzzleOnScreen, slideWithKeyboard } from '../support/slider-screen';
import {
  app,
  current,
  en,
  open,
  registerRegisterTests,
  requestCodeOnScreen,
} from './register-harness';

registerRegisterTests();

describe('registration', () => {
  it('gives a new puzzle after a miss, and sends no code without a solved one', async () => {
    await open('/cmp/login?view=register');
    const user = userEvent.setup();
    const form = await screen.findByTestId('register-form');
    await user.type(within(form).getByLabelText(en.signup.fields.email), 'miss@example.com');
    await user.click(within(form).getByTestId('send-code'));
    const gap = await gapOfPuzzleOnScreen(app);
    const first = screen.getByTestId('slider-captcha').getAttribute('data-challenge');
    await slideWithKeyboard(user, gap > 150 ? gap - 60 : gap + 60);
    await waitFor(() =>
      expect(screen.getByTestId('slider-captcha').getAttribute('data-status')).toBe('failed'),
    );
    await waitFor(() =>
      expect(screen.getByTestId('slider-captcha').getAttribute('data-challenge')).not.toBe(first),
    );
    expect(app.smtp?.received.some((mail) => mail.to.includes('miss@example.com'))).toBe(false);
  });
});

describe('sign-in with an e-mail code', () => {
  it('signs in with the code mailed to the account', async () => {
    await open('/cmp/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: en.auth.tabs.code }));
    expect(new URLSearchParams(window.location.search).get('view')).toBe('code');
    await user.type(await screen.findByLabelText(en.signup.fields.email), DEMO_ACCOUNT.email);
    const code = await requestCodeOnScreen(user, DEMO_ACCOUNT.email);
    await user.type(screen.getByLabelText(en.signup.fields.code), code);
    await user.click(screen.getByRole('button', { name: en.auth.actions.submit }));
    await screen.findByTestId('dashboard-greeting');
    expect(current?.session.getState().snapshot.session?.user.username).toBe(DEMO_ACCOUNT.email);
  });
});

describe('password reset', () => {
  it('resets a forgotten password with a mailed code; the old one stops working', async () => {
    const email = 'forgetful@example.com';
    const { makeSeller } = await import('../support/accounts');
    const seller = await makeSeller(app, email, []);
    await open('/cmp/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: en.auth.links.forgot }));
    const form = await screen.findByTestId('reset-form');
    expect(window.location.pathname).toBe('/cmp/resetPws');
    await user.type(within(form).getByLabelText(en.signup.fields.email), email);
    const code = await requestCodeOnScreen(user, email);
    await user.type(within(form).getByLabelText(en.signup.fields.code), code);
    await user.type(within(form).getByLabelText(en.signup.fields.newPassword), 'Renewed-pass2');
    await user.type(within(form).getByLabelText(en.signup.fields.confirmPassword), 'Renewed-pass2');
    await user.click(within(form).getByRole('button', { name: en.signup.reset.submit }));
    await screen.findByTestId('reset-done');
    const old = await app.call('POST', '/api-uaa/oauth/loginByPassword', {
      json: { username: email, password: seller.password },
    });
    expect(old.body.key).toBe('BAD_CREDENTIALS');
    expect(await login(app, email, 'Renewed-pass2')).toBeTruthy();
    // The session that existed before the reset has ended.
    const before = await app.call('GET', '/api-user/user/userInfo', { token: seller.token });
    expect(before.status).toBe(401);
    await user.click(screen.getByRole('link', { name: en.signup.reset.toLogin }));
    await screen.findByRole('button', { name: en.auth.actions.submit });
  });
});
