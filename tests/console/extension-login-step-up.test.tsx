import { ExtensionLogin } from '@extension/pages/extension-login';
import { DEMO_ACCOUNT } from '@server/seed/demo';
import { createApiClient } from '@shared/api/client';
import { API_CLIENTS } from '@shared/contracts/protocol';
import { createI18n } from '@shared/i18n/i18n';
import { createSessionStore } from '@shared/session/store';
import { AppProviders } from '@shared/ui/app-providers';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { readLocale } from '../support/locales';
import { solveSliderOnScreen } from '../support/slider-screen';

/**
 * The extension's sign-in (popup and side panel) against the real app in-process: after several
 * failed sign-ins for the account it shows the same slider check as the console, and signs in
 * once the slider is solved.
 */
const en = {
  auth: readLocale('en', 'auth'),
  errors: readLocale('en', 'errors'),
};
const LOGIN = '/api-uaa/oauth/loginByPassword';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ from: 'demo' });
});
afterAll(async () => {
  cleanup();
  await app.close();
});

describe('extension sign-in after several failed sign-ins for the account', () => {
  it('shows the slider check, refuses to send unsolved, and signs in once solved', async () => {
    // The extension's page loads these namespaces (extension/pages/page-runtime.tsx).
    const i18n = await createI18n('en', ['auth', 'signup', 'extension', 'errors', 'collector']);
    const session = createSessionStore({
      load: () => ({ session: null, updatedAt: 0 }),
      save: () => undefined,
    });
    const api = createApiClient({
      baseUrl: 'http://localhost',
      client: API_CLIENTS.extension,
      getToken: () => session.getState().snapshot.session?.token ?? null,
      getLocale: () => ({ site: 'th', language: 'en' }),
      fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
        app.app.fetch(new Request(input, init))) as typeof fetch,
    });
    for (let i = 0; i < 5; i++) {
      const res = await app.call('POST', LOGIN, {
        json: { username: DEMO_ACCOUNT.email, password: `wrong-${i}` },
      });
      expect(res.body.key).toBe('BAD_CREDENTIALS');
    }
    render(
      <AppProviders i18n={i18n} api={api} session={session}>
        <ExtensionLogin />
      </AppProviders>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(en.auth.fields.username), DEMO_ACCOUNT.email);
    await user.type(screen.getByLabelText(en.auth.fields.password), DEMO_ACCOUNT.password);
    const submit = screen.getByRole('button', { name: en.auth.actions.submit });
    await user.click(submit);
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      en.errors.LOGIN_CAPTCHA_REQUIRED,
    );
    expect((await screen.findByTestId('login-step-up')).textContent).toContain(
      en.auth.stepUp.intro,
    );
    expect(session.getState().snapshot.session).toBeNull();

    // Not solved: asked for, without a try on the server.
    await screen.findByTestId('slider-captcha');
    await user.click(submit);
    await waitFor(() =>
      expect(screen.getByTestId('login-error').textContent).toBe(en.errors.CAPTCHA_REQUIRED),
    );
    expect(session.getState().snapshot.session).toBeNull();

    await solveSliderOnScreen(app, user);
    await waitFor(() =>
      expect(screen.getByTestId('slider-captcha').getAttribute('data-status')).toBe('solved'),
    );
    await user.click(submit);
    await waitFor(() => expect(session.getState().snapshot.session?.token).toBeTruthy());
  });
});
