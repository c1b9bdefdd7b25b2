import { DEMO_ACCOUNT } from '@server/seed/demo';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { login } from '../support/accounts';
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
  it('/register opens the register view of /login', async () => {
    await open('/cmp/register');
    await screen.findByTestId('register-form');
    expect(window.location.pathname).toBe('/cmp/login');
    expect(new URLSearchParams(window.location.search).get('view')).toBe('register');
  });

  it('checks every field with the shared schema before calling the server', async () => {
    await open('/cmp/login?view=register');
    const user = userEvent.setup();
    const form = await screen.findByTestId('register-form');
    await user.type(within(form).getByLabelText(en.signup.fields.email), 'not-an-email');
    await user.type(within(form).getByLabelText(en.signup.fields.newPassword), 'short');
    await user.type(within(form).getByLabelText(en.signup.fields.confirmPassword), 'other');
    await user.click(within(form).getByRole('button', { name: en.signup.register.submit }));
    expect(await within(form).findByText(en.validation.email)).toBeTruthy();
    expect(within(form).getByText(en.validation.password)).toBeTruthy();
    expect(within(form).getByText(en.validation.passwordMismatch)).toBeTruthy();
    expect(within(form).getByText(en.validation.mustAgree)).toBeTruthy();
    // A wrong address does not even open the slider.
    await user.click(within(form).getByTestId('send-code'));
    expect(screen.queryByTestId('slider-captcha')).toBeNull();
  });

  it('points an address that already has an account to signing in', async () => {
    await open('/cmp/login?view=register');
    const user = userEvent.setup();
    const form = await screen.findByTestId('register-form');
    await user.type(within(form).getByLabelText(en.signup.fields.email), DEMO_ACCOUNT.email);
    await user.tab();
    expect((await screen.findByTestId('already-registered')).textContent).toContain(
      en.signup.register.alreadyRegistered,
    );
  });

  it('registers with a mailed code after the slider, signs in and onboards before the console', async () => {
    await open('/cmp/register');
    const user = userEvent.setup();
    const form = await screen.findByTestId('register-form');
    const email = 'new.seller@example.com';
    await user.type(within(form).getByLabelText(en.signup.fields.email), email);
    const code = await requestCodeOnScreen(user, email);
    expect(code).toMatch(/^\d{6}$/);
    // A wrong code is refused on the code field, and the right one still works afterwards.
    await user.type(
      within(form).getByLabelText(en.signup.fields.code),
      code === '000000' ? '111111' : '000000',
    );
    await user.type(within(form).getByLabelText(en.signup.fields.newPassword), 'Fresh-pass1');
    await user.type(within(form).getByLabelText(en.signup.fields.confirmPassword), 'Fresh-pass1');
    await user.click(within(form).getByRole('checkbox'));
    await user.click(within(form).getByRole('button', { name: en.signup.register.submit }));
    expect(await within(form).findByText(en.errors.CODE_INVALID)).toBeTruthy();
    const codeField = within(form).getByLabelText(en.signup.fields.code);
    await user.clear(codeField);
    await user.type(codeField, code);
    await user.click(within(form).getByRole('button', { name: en.signup.register.submit }));

    const onboarding = await screen.findByTestId('onboarding-form');
    expect(window.location.pathname).toBe('/cmp/onboarding');
    expect(current?.session.getState().snapshot.session?.onboarded).toBe(false);
    // The console is closed until onboarding is done.
    await current?.router.navigate({ to: '/cmpDashboard' });
    expect(window.location.pathname).toBe('/cmp/onboarding');

    await user.click(
      within(onboarding).getByRole('radio', {
        name: new RegExp(`^${en.common.businessTypes.local}`),
      }),
    );
    await user.click(within(onboarding).getByRole('button', { name: en.signup.onboarding.submit }));
    await screen.findByTestId('dashboard-greeting');
    expect(window.location.pathname).toBe('/cmp/cmpDashboard');
    const token = current?.session.getState().snapshot.session?.token ?? '';
    const check = await app.call('GET', '/api-user/user/loginCheck', { token });
    expect(check.body.datas).toEqual({ site: 'th', businessType: 'local' });
    expect(await login(app, email, 'Fresh-pass1')).toBeTruthy();
  });
});
