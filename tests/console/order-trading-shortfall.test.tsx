import { ApiError } from '@shared/api/errors';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillWords } from '../support/locales';
import {
  available,
  en,
  open,
  PAGE,
  registerOrderTradingTests,
  seller,
  serviceOrder,
  t,
  thb,
} from './order-trading-harness';

registerOrderTradingTests();

describe('order payment', () => {
  it('shows the shortfall of a short wallet; paying anyway opens the dialog, whose Recharge fills add funds with the amount', async () => {
    const main = await seller(10_000);
    const trade = await serviceOrder(main.user.id, 21_250);
    const { running, user } = await open(
      main.email,
      main.password,
      `${PAGE}?tradeNo=${trade.tradeNo}`,
    );
    await screen.findByTestId('trade-details');
    expect(await screen.findByTestId('coupon-none')).toBeTruthy();
    // ฿425.00 against ฿100.00: ฿325.00 short, with the way to recharge it.
    const short = await screen.findByTestId('wallet-short');
    expect(within(short).getByTestId('wallet-shortfall').textContent).toBe(
      fillWords(en.pay.method.shortfall, { amount: thb(32_500) }),
    );
    const link = within(short).getByTestId('wallet-recharge');
    expect(link.getAttribute('href')).toBe('/cmp/other/addMoney?amount=32500&currency=THB');

    await user.click(screen.getByTestId('pay-submit'));
    const confirm = await screen.findByRole('dialog', { name: en.pay.confirm.title });
    await user.click(within(confirm).getByRole('button', { name: en.pay.confirm.pay }));

    const dialog = await screen.findByTestId('insufficient-balance-dialog');
    expect(within(dialog).getByTestId('shortfall').textContent).toBe(
      fillWords(en.common.dialogs.insufficientBalance.shortfall, { amount: thb(32_500) }),
    );
    // Nothing moved, and the order can still be paid.
    expect(await available(main.token)).toBe(10_000);
    const detail = await t.call('GET', `/api-user/pay/trade/detail?tradeNo=${trade.tradeNo}`, {
      token: main.token,
    });
    expect(detail.body.datas.status).toBe('pending');

    await user.click(within(dialog).getByRole('button', { name: en.common.actions.recharge }));
    await waitFor(() => expect(window.location.pathname).toBe('/cmp/other/addMoney'));
    expect(running.router.state.location.search).toMatchObject({ amount: 32_500, currency: 'THB' });
    const amount = (await screen.findByTestId('custom-amount')) as HTMLInputElement;
    await waitFor(() => expect(amount.value).toBe('325.00'));
    expect(screen.getByTestId('summary-arrives').textContent).toBe(thb(32_500));
  });

  it('pays an order by QR code: the code for the payable amount, then the result once paid', async () => {
    const main = await seller(0);
    const trade = await serviceOrder(main.user.id, 15_000, 1);
    const { running, user } = await open(
      main.email,
      main.password,
      `${PAGE}?tradeNo=${trade.tradeNo}`,
    );
    await screen.findByTestId('trade-details');
    await user.click(await screen.findByTestId('method-qr'));
    await user.click(await screen.findByTestId('channel-promptpay'));
    await user.click(screen.getByTestId('pay-submit'));
    const confirm = await screen.findByRole('dialog', { name: en.pay.confirm.title });
    expect(confirm.textContent).toContain(
      fillWords(en.pay.confirm.qr, {
        amount: thb(15_000),
        title: 'Packing service',
        channel: en.pay.channels.promptpay,
      }),
    );
    await user.click(within(confirm).getByRole('button', { name: en.pay.confirm.pay }));

    const view = await screen.findByTestId('payment-qr-view');
    expect(within(view).getByTestId('qr-pay-amount').textContent).toBe(thb(15_000));
    const search = running.router.state.location.search as { tradeNo?: string; orderNo?: string };
    expect(search.tradeNo).toBe(trade.tradeNo);
    expect(search.orderNo).toBeTruthy();
    const qrContent = screen.getByTestId('payment-qr').getAttribute('data-content') ?? '';
    const response = await t.sandbox.fetch(
      new Request('http://sandbox.test/pay/api/confirm', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ qrContent, outcome: 'paid' }),
      }),
    );
    expect(response.status).toBe(200);
    await waitFor(() => expect(window.location.pathname).toBe('/cmp/payResult'), {
      timeout: 8000,
    });
    const result = await screen.findByTestId('pay-result');
    expect(result.dataset.outcome).toBe('success');
    expect(within(result).getByTestId('result-paid').textContent).toBe(thb(15_000));
    const detail = await t.call('GET', `/api-user/pay/trade/detail?tradeNo=${trade.tradeNo}`, {
      token: main.token,
    });
    expect(detail.body.datas).toMatchObject({ status: 'paid', paidBy: 'promptpay' });
  });

  it('gives the payment dialog (YOUR_ACCOUNT_BALANCE_IS_INSUFFICIENT) the shortfall and the way to pay the order by QR code', async () => {
    const main = await seller(0);
    const trade = await serviceOrder(main.user.id, 10_000, 1);
    const { running, user } = await open(main.email, main.password, '/cmp/pay/recharge');
    await screen.findByTestId('recharge-form');
    // A failure anywhere reaches the console's one error handler.
    running.router.options.context.onError(
      new ApiError({
        kind: 'dialog',
        key: 'YOUR_ACCOUNT_BALANCE_IS_INSUFFICIENT',
        code: 3001,
        serverMessage: 'x',
        datas: { tradeNo: trade.tradeNo, shortfall: 10_000, currency: 'THB' },
      }),
    );
    const dialog = await screen.findByTestId('payment-dialog');
    expect(within(dialog).getByTestId('payment-shortfall').textContent).toBe(
      fillWords(en.common.dialogs.insufficientBalance.shortfall, { amount: thb(10_000) }),
    );
    // Recharge, the way out the dialog leads to first, holds the focus (Enter recharges).
    const recharge = within(dialog).getByRole('button', { name: en.common.actions.recharge });
    await waitFor(() => expect(document.activeElement).toBe(recharge));
    await user.click(within(dialog).getByRole('button', { name: en.pay.actions.payByQr }));
    await waitFor(() => expect(window.location.pathname).toBe('/cmp/pay/orderTrading'));
    expect(running.router.state.location.search).toMatchObject({ tradeNo: trade.tradeNo });
    expect((await screen.findByTestId('trade-title')).textContent).toBe('Packing service');
    expect(screen.queryByTestId('payment-dialog')).toBeNull();
  });
});
