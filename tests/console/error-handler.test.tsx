import { ApiError } from '@shared/api/errors';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { common, handle, registerErrorHandlerTests, signedIn } from './error-handler-harness';

registerErrorHandlerTests();

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
    // The store-open dialog's body (its words and queries) loads with its first opening.
    await user.click(await screen.findByRole('button', { name: common.actions.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
