import { DEMO_ACCOUNT } from '@server/db/seed';
import { ApiError } from '@shared/api/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderSignedIn } from '../support/console';
import { readLocale } from '../support/locales';

let current: Awaited<ReturnType<typeof renderSignedIn>> | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

const common = readLocale('en', 'common');

/** The demo seller on the dashboard, signed in as the login screen leaves the session. */
async function signedIn() {
  current = await renderSignedIn('/cmp/cmpDashboard', {
    username: DEMO_ACCOUNT.email,
    password: DEMO_ACCOUNT.password,
  });
  await screen.findByTestId('dashboard-greeting');
  // The first navigation ended: a dialog opened now is not closed by it.
  const { router } = current;
  await waitFor(() => expect(router.state.status === 'idle' && !router.state.isLoading).toBe(true));
  return { running: current, user: userEvent.setup() };
}

/** The console's one error handler, as the router hands it to the shell's query client. */
function handle(error: unknown) {
  const onError = current?.router.options.context.onError;
  if (!onError) throw new Error('console not running');
  onError(error);
}

describe('the one error handler (spec section 8)', () => {
  it('opens the insufficient-balance dialog with the shortfall and a Recharge button to add funds with it', async () => {
    const { user } = await signedIn();
    handle(
      new ApiError({
        kind: 'insufficient-balance',
        key: 'WALLET_INSUFFICIENT_BALANCE',
        code: -10,
        serverMessage: 'Top up first',
        datas: {
          messages: ['Service fee ฿30.00', 'Freight ฿12.50'],
          shortfall: 4250,
          currency: 'THB',
        },
      }),
    );
    expect(await screen.findByText(common.dialogs.insufficientBalance.title)).toBeTruthy();
    expect(screen.getByText('Service fee ฿30.00')).toBeTruthy();
    expect(screen.getByTestId('shortfall').textContent).toBe('Shortfall: ฿42.50');
    await user.click(screen.getByRole('button', { name: common.actions.recharge }));
    await waitFor(() => expect(window.location.pathname).toBe('/cmp/other/addMoney'));
    expect(window.location.search).toBe('?amount=4250&currency=THB');
  });

  it.each([
    ['PLATFORM_OAUTH_ERROR', common.dialogs.shopAuthorization.title],
    ['NO_AUTHORIZED_PLATFORM', common.dialogs.shopAuthorization.title],
    ['WAREHOUSE_NOT_BUY', common.dialogs.storeOpen.title],
    ['YOUR_ACCOUNT_BALANCE_IS_INSUFFICIENT', common.dialogs.payment.title],
  ])('opens the dialog of %s with its title and a close button', async (key, title) => {
    const { user } = await signedIn();
    handle(
      new ApiError({
        kind: 'dialog',
        key,
        code: 3001,
        serverMessage: 'x',
        datas: { crossBorder: true },
      }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(title);
    await user.click(screen.getByRole('button', { name: common.actions.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

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
