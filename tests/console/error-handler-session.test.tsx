import { ApiError } from '@shared/api/errors';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readLocale } from '../support/locales';
import { common, handle, registerErrorHandlerTests, signedIn } from './error-handler-harness';

registerErrorHandlerTests();

describe('the one error handler (spec section 8)', () => {
  it('gives the payment dialog, opened before its words have loaded, Recharge with the focus at once', async () => {
    const { user } = await signedIn();
    handle(
      new ApiError({
        kind: 'dialog',
        key: 'YOUR_ACCOUNT_BALANCE_IS_INSUFFICIENT',
        code: 2001,
        serverMessage: 'x',
        datas: { shortfall: 4250, currency: 'THB' },
      }),
    );
    const dialog = await screen.findByRole('dialog');
    const recharge = within(dialog).getByRole('button', { name: common.actions.recharge });
    await waitFor(() => expect(document.activeElement).toBe(recharge));
    // The same button once the payment words are there: Enter recharges with the shortfall.
    await screen.findByTestId('payment-dialog');
    expect(document.activeElement).toBe(recharge);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/cmp/other/addMoney'));
    expect(window.location.search).toBe('?amount=4250&currency=THB');
  });

  it('ends the session on a token error, remembers where the user was, and shows /login', async () => {
    const { running } = await signedIn();
    handle(
      new ApiError({
        kind: 'auth',
        key: 'TOKEN_EXPIRED',
        code: 401,
        status: 401,
        serverMessage: readLocale('en', 'errors').TOKEN_EXPIRED,
      }),
    );
    await waitFor(() => expect(window.location.pathname).toBe('/cmp/login'));
    expect(running.session.getState().snapshot.session).toBeNull();
    expect(document.cookie).toContain('cmp-targetUrl=');
    expect(
      await screen.findByText(readLocale('en', 'errors').TOKEN_EXPIRED, {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('toasts other failures with the server’s message, and the client’s own words for a timeout', async () => {
    await signedIn();
    handle(
      new ApiError({
        kind: 'business',
        key: 'OPERATION_FAILED',
        code: 1000,
        serverMessage: 'The shop is busy',
      }),
    );
    expect(await screen.findByText('The shop is busy', {}, { timeout: 5000 })).toBeTruthy();
    handle(new ApiError({ kind: 'timeout', key: 'NETWORK_TIMEOUT', status: 504 }));
    expect(
      await screen.findByText(readLocale('en', 'errors').NETWORK_TIMEOUT, {}, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
