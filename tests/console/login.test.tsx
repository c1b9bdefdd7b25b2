import { DEMO_ACCOUNT, seedDemo } from '@server/db/seed';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp } from '../support/app';
import { renderConsole } from '../support/console';
import { readLocale } from '../support/locales';

let current: Awaited<ReturnType<typeof renderConsole>> | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

const en = {
  auth: readLocale('en', 'auth'),
  errors: readLocale('en', 'errors'),
  validation: readLocale('en', 'validation'),
};

async function fillLogin(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(en.auth.fields.username), username);
  await user.type(screen.getByLabelText(en.auth.fields.password), password);
  await user.click(screen.getByRole('button', { name: en.auth.actions.submit }));
}

describe('login page', () => {
  it('sends a visitor without a session to /login, keeping the way back and the query', async () => {
    current = await renderConsole('/cmp/cmpDashboard?tab=orders');
    await screen.findByRole('button', { name: en.auth.actions.submit });
    expect(window.location.pathname).toBe('/cmp/login');
    const search = new URLSearchParams(window.location.search);
    expect(search.get('redirect')).toBe('/cmpDashboard');
    expect(search.get('tab')).toBe('orders');
  });

  it('checks the fields with the shared schema before calling the server', async () => {
    current = await renderConsole('/cmp/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: en.auth.actions.submit }));
    expect(await screen.findAllByText(en.validation.required)).toHaveLength(2);
    expect(screen.queryByTestId('login-error')).toBeNull();
  });

  it('shows the server’s translated error for a wrong password and stays on /login', async () => {
    current = await renderConsole('/cmp/login');
    await fillLogin(DEMO_ACCOUNT.email, 'wrong-password-1');
    expect((await screen.findByTestId('login-error')).textContent).toBe(en.errors.BAD_CREDENTIALS);
    expect(window.location.pathname).toBe('/cmp/login');
    expect(current.session.getState().snapshot.session).toBeNull();
  });

  it('signs in, stores the session as the spec says, and returns to the way back', async () => {
    current = await renderConsole('/cmp/cmpDashboard?tab=orders');
    await fillLogin(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    expect((await screen.findByTestId('dashboard-greeting')).textContent).toContain('Demo Seller');
    expect(window.location.pathname).toBe('/cmp/cmpDashboard');
    expect(new URLSearchParams(window.location.search).get('tab')).toBe('orders');
    const session = current.session.getState().snapshot.session;
    expect(session?.user.username).toBe(DEMO_ACCOUNT.email);
    expect(document.cookie).toContain(`access_token=${encodeURIComponent(session?.token ?? '')}`);
    const cached = JSON.parse(localStorage.getItem('cmp-session') ?? '{}');
    expect(cached.routes).toEqual(session?.routes);
    expect(screen.getByTestId('wallet-balance').textContent).toBe('฿0.00');
  });

  it('goes straight to the dashboard from /login when already signed in (auto-login from token and cached routes)', async () => {
    const app = await createTestApp();
    onTestFinished(() => app.close());
    await seedDemo(app);
    current = await renderConsole('/cmp/login', { app });
    await fillLogin(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    await screen.findByTestId('dashboard-greeting');
    await current.close();
    // A new page load: the token cookie and the cached routes restore the session without a login.
    current = await renderConsole('/cmp/login', { app });
    await screen.findByTestId('dashboard-greeting');
    expect(window.location.pathname).toBe('/cmp/cmpDashboard');
  });
});

describe('logout', () => {
  it('ends the session on the server, clears the cookie and cache, and shows /login', async () => {
    current = await renderConsole('/cmp/login');
    await fillLogin(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    await screen.findByTestId('dashboard-greeting');
    const token = current.session.getState().snapshot.session?.token ?? '';
    localStorage.setItem('categoryList', '[1,2]');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('user-menu'));
    await user.click(await screen.findByTestId('logout'));
    await screen.findByRole('button', { name: en.auth.actions.submit });
    expect(window.location.pathname).toBe('/cmp/login');
    expect(document.cookie).not.toContain('access_token=');
    expect(localStorage.getItem('categoryList')).toBeNull();
    const after = await current.app.call('GET', '/api-user/user/userInfo', { token });
    expect(after.status).toBe(401);
  });
});

describe('unknown paths', () => {
  it('go to /404', async () => {
    current = await renderConsole('/cmp/nothing/here');
    expect(await screen.findByText(readLocale('en', 'layout').notFound.title)).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/cmp/404'));
  });
});
