import { DEMO_ACCOUNT } from '@server/seed/demo';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp } from '../support/app';
import { renderConsole } from '../support/console';
import { readLocale } from '../support/locales';
import { en, fillLogin, registerLoginTests, rendered, setCurrent } from './login-harness';

registerLoginTests();

describe('login page', () => {
  it('signs in, stores the session as the spec says, and returns to the way back', async () => {
    setCurrent(await renderConsole('/cmp/cmpDashboard?tab=orders'));
    await fillLogin(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    expect((await screen.findByTestId('dashboard-greeting')).textContent).toContain('Demo Seller');
    expect(window.location.pathname).toBe('/cmp/cmpDashboard');
    expect(new URLSearchParams(window.location.search).get('tab')).toBe('orders');
    const session = rendered().session.getState().snapshot.session;
    expect(session?.user.username).toBe(DEMO_ACCOUNT.email);
    expect(document.cookie).toContain(`access_token=${encodeURIComponent(session?.token ?? '')}`);
    const cached = JSON.parse(localStorage.getItem('cmp-session') ?? '{}');
    expect(cached.routes).toEqual(session?.routes);
    expect(screen.getByTestId('wallet-balance').textContent).toBe('฿0.00');
  });

  it('goes straight to the dashboard from /login when already signed in (auto-login from token and cached routes)', async () => {
    const app = await createTestApp({ from: 'demo' });
    onTestFinished(() => app.close());
    setCurrent(await renderConsole('/cmp/login', { app }));
    await fillLogin(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    await screen.findByTestId('dashboard-greeting');
    await rendered().close();
    // A new page load: the token cookie and the cached routes restore the session without a login.
    setCurrent(await renderConsole('/cmp/login', { app }));
    await screen.findByTestId('dashboard-greeting');
    expect(window.location.pathname).toBe('/cmp/cmpDashboard');
  });
});

describe('logout', () => {
  it('ends the session on the server, clears the cookie and cache, and shows /login', async () => {
    setCurrent(await renderConsole('/cmp/login'));
    await fillLogin(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    await screen.findByTestId('dashboard-greeting');
    const token = rendered().session.getState().snapshot.session?.token ?? '';
    localStorage.setItem('categoryList', '[1,2]');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('user-menu'));
    await user.click(await screen.findByTestId('logout'));
    await screen.findByRole('button', { name: en.auth.actions.submit });
    expect(window.location.pathname).toBe('/cmp/login');
    expect(document.cookie).not.toContain('access_token=');
    expect(localStorage.getItem('categoryList')).toBeNull();
    const after = await rendered().app.call('GET', '/api-user/user/userInfo', { token });
    expect(after.status).toBe(401);
  });
});

describe('unknown paths', () => {
  it('go to /404', async () => {
    setCurrent(await renderConsole('/cmp/nothing/here'));
    expect(await screen.findByText(readLocale('en', 'layout').notFound.title)).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/cmp/404'));
  });
});
