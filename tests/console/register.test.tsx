import { DEMO_ACCOUNT, seedDemo } from '@server/db/seed';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { renderConsole } from '../support/console';
import { readLocale } from '../support/locales';
import {
  gapOfPuzzleOnScreen,
  slideWithKeyboard,
  solveSliderOnScreen,
} from '../support/slider-screen';

const en = {
  auth: readLocale('en', 'auth'),
  signup: readLocale('en', 'signup'),
  validation: readLocale('en', 'validation'),
  errors: readLocale('en', 'errors'),
  common: readLocale('en', 'common'),
};

let app: TestApp;
let current: Awaited<ReturnType<typeof renderConsole>> | undefined;
beforeAll(async () => {
  app = await createTestApp({ smtp: true });
  await seedDemo(app);
});
afterAll(() => app.close());
afterEach(async () => {
  await current?.close();
  current = undefined;
});

async function open(path: string) {
  current = await renderConsole(path, { app });
  return current;
}

/** Asks for a code on screen: the address, the slider, then the code from the mail. */
async function requestCodeOnScreen(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.click(screen.getByTestId('send-code'));
  await solveSliderOnScreen(app, user);
  await waitFor(() => expect(screen.getByTestId('send-code').textContent).toMatch(/\d+/));
  return app.smtp?.codeFor(email) ?? '';
}

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
