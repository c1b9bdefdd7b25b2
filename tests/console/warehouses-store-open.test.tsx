import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSignedIn } from '../support/console';
import { fundedSeller, registerPurchasesApp, words } from './purchases-harness';

const app = registerPurchasesApp();

describe('warehouses in the console', () => {
  it('opens a warehouse from the store-open dialog with its quote, and shows it with its charge', async () => {
    const { t } = app;
    const s = await fundedSeller(t);
    app.current = await renderSignedIn(
      '/cmp/purchaseAndWarehouse/warehouseManage',
      { username: s.email, password: s.password },
      { app: t },
    );
    await userEvent.click(await screen.findByTestId('warehouse-open', {}, { timeout: 10_000 }));
    const dialog = await screen.findByTestId('store-open-dialog', {}, { timeout: 5_000 });
    // 21 November in Bangkok: 10 of 30 days at 450 THB per CBM.
    await within(dialog).findByText(/10 of 30 days of 2026-11/, {}, { timeout: 5_000 });
    const pay = within(dialog).getByTestId('store-open-pay');
    await waitFor(() => expect(pay.textContent).toMatch(/150\.00/), { timeout: 5_000 });
    await userEvent.click(pay);
    const card = await screen.findByTestId('warehouse-WH-BKK', {}, { timeout: 8_000 });
    expect(within(card).getByText(words.warehouse.states.normal)).toBeTruthy();
    expect(within(card).getByText(words.warehouse.kinds.open)).toBeTruthy();
  });
});
