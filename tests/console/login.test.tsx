import { DEMO_ACCOUNT } from '@server/seed/demo';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderConsole } from '../support/console';
import { en, fillLogin, registerLoginTests, rendered, setCurrent } from './login-harness';

registerLoginTests();

describe('login page', () => {
  it('sends a visitor without a session to /login, keeping the way back and the query', async () => {
    setCurrent(await renderConsole('/cmp/cmpDashboard?tab=orders'));
    await screen.findByRole('button', { name: en.auth.actions.submit });
    expect(window.location.pathname).toBe('/cmp/login');
    const search = new URLSearchParams(window.location.search);
    expect(search.get('redirect')).toBe('/cmpDashboard');
    expect(search.get('tab')).toBe('orders');
  });

  it('checks the fields with the shared schema before calling the server', async () => {
    setCurrent(await renderConsole('/cmp/login'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: en.auth.actions.submit }));
    expect(await screen.findAllByText(en.validation.required)).toHaveLength(2);
    expect(screen.queryByTestId('login-error')).toBeNull();
  });

  it('shows the server’s translated error for a wrong password and stays on /login', async () => {
    setCurrent(await renderConsole('/cmp/login'));
    await fillLogin(DEMO_ACCOUNT.email, 'wrong-password-1');
    expect((await screen.findByTestId('login-error')).textContent).toBe(en.errors.BAD_CREDENTIALS);
    expect(window.location.pathname).toBe('/cmp/login');
    expect(rendered().session.getState().snapshot.session).toBeNull();
  });
});
