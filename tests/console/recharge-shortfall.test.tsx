import { createTradeOrder } from '@server/modules/payments/trade-orders.service';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillWords } from '../support/locales';
import {
  custom,
  en,
  headerBalance,
  open,
  optionsOf,
  payInSandbox,
  registerRechargeTests,
  seller,
  shownQr,
  t,
  thb,
} from './recharge-harness';

registerRechargeTests();

describe('recharge', () => {
  it('opens add funds from the insufficient-balance dialog with the shortfall filled in, and pays it', async () => {
    const main = await seller();
    const trade = await createTradeOrder(t, null, {
      ownerId: main.user.id,
      title: { zh: '仓储费', th: 'ค่าคลังสินค้า', en: 'Storage fee' },
      scope: 'serviceFee',
      currency: 'THB',
      lines: [{ name: { zh: '仓储', th: 'คลัง', en: 'Storage' }, quantity: 1, unitPrice: 42_550 }],
    });
    const { running, user } = await open(
      main.email,
      main.password,
      `/cmp/pay/orderTrading?tradeNo=${trade.tradeNo}`,
    );
    await user.click(await screen.findByTestId('pay-submit'));
    const confirm = await screen.findByRole('dialog', { name: en.pay.confirm.title });
    await user.click(within(confirm).getByRole('button', { name: en.pay.confirm.pay }));

    // The server's -10 opens the dialog with what is missing.
    const dialog = await screen.findByTestId('insufficient-balance-dialog');
    expect(within(dialog).getByTestId('shortfall').textContent).toBe(
      fillWords(en.common.dialogs.insufficientBalance.shortfall, { amount: thb(42_550) }),
    );
    await user.click(within(dialog).getByRole('button', { name: en.common.actions.recharge }));

    await waitFor(() => expect(window.location.pathname).toBe('/cmp/other/addMoney'));
    expect(running.router.state.location.search).toMatchObject({ amount: 42_550, currency: 'THB' });
    await screen.findByRole('heading', { name: en.pay.addMoney.title });
    await waitFor(() => expect(custom().value).toBe('425.50'));
    expect(screen.getByTestId('shortfall-note').textContent).toContain(
      fillWords(en.pay.addMoney.filled, { amount: thb(42_550) }),
    );
    expect(screen.getByTestId('summary-arrives').textContent).toBe(thb(42_550));

    await user.click(screen.getByTestId('channel-promptpay'));
    await user.click(screen.getByTestId('recharge-submit'));
    await screen.findByTestId('payment-qr-view');
    expect(window.location.pathname).toBe('/cmp/other/addMoney');
    await payInSandbox(shownQr() ?? '');
    await waitFor(() => expect(window.location.pathname).toBe('/cmp/payResult'), {
      timeout: 8000,
    });
    await waitFor(() => expect(headerBalance()).toContain(thb(42_550)));
  });

  it('raises a shortfall below the smallest recharge to the minimum, and says why', async () => {
    const main = await seller();
    const options = await optionsOf(main.token);
    await open(main.email, main.password, '/cmp/other/addMoney?amount=30&currency=THB');
    await screen.findByTestId('recharge-form');
    await waitFor(() => expect(custom().value).toBe((options.customMin / 100).toFixed(2)));
    expect(screen.getByTestId('shortfall-note').textContent).toContain(
      fillWords(en.pay.addMoney.raised, { amount: thb(30), min: thb(options.customMin) }),
    );
  });
});
