import { grantCoupon } from '@server/modules/coupons/coupons.service';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillWords } from '../support/locales';
import {
  available,
  DAY,
  en,
  headerBalance,
  open,
  registerOrderTradingTests,
  seller,
  serviceOrder,
  t,
  thb,
  usable,
} from './order-trading-harness';

registerOrderTradingTests();

describe('order payment', () => {
  it('lists the orders to pay, and says so when there are none', async () => {
    const empty = await seller(0);
    await open(empty.email, empty.password);
    expect(await screen.findByTestId('trades-empty')).toBeTruthy();
    expect(screen.getByText(en.pay.trades.empty)).toBeTruthy();
  });

  it('pays an order from the wallet with the best coupon: the payable is shown, the balance falls by the amount less the discount, and the coupon is used up', async () => {
    const main = await seller(500_000);
    const now = t.clock.now();
    const small = await grantCoupon(t, null, {
      ownerId: main.user.id,
      name: { zh: '满减20', th: 'ลด 20', en: 'Save 20' },
      type: 'cash',
      scope: 'serviceFee',
      currency: 'THB',
      threshold: 10_000,
      maxOffset: 2_000,
      percentOff: null,
      validFrom: new Date(now.getTime() - DAY),
      validTo: new Date(now.getTime() + 30 * DAY),
    });
    const best = await grantCoupon(t, null, {
      ownerId: main.user.id,
      name: { zh: '服务费立减50', th: 'ค่าบริการลด 50', en: 'Service fee 50 off' },
      type: 'cash',
      scope: 'serviceFee',
      currency: 'THB',
      threshold: 10_000,
      maxOffset: 5_000,
      percentOff: null,
      validFrom: new Date(now.getTime() - DAY),
      validTo: new Date(now.getTime() + 30 * DAY),
    });
    const trade = await serviceOrder(main.user.id, 60_000);
    expect(trade.amount).toBe(120_000);

    const { running, user } = await open(main.email, main.password);
    const row = await screen.findByTestId('trade-row');
    expect(row.textContent).toContain('Packing service');
    expect(row.textContent).toContain(thb(120_000));
    await user.click(
      within(row).getByRole('link', {
        name: fillWords(en.pay.trades.payOrder, { title: 'Packing service' }),
      }),
    );
    await waitFor(() => expect(window.location.search).toContain(`tradeNo=${trade.tradeNo}`));

    const lines = await screen.findByTestId('trade-lines');
    expect(within(lines).getByText('Bubble wrap')).toBeTruthy();
    expect(screen.getByTestId('summary-amount').textContent).toBe(thb(120_000));
    // The best coupon is taken to start with.
    const choices = await screen.findAllByTestId('coupon-choice');
    expect(choices).toHaveLength(2);
    await waitFor(() =>
      expect(screen.getByTestId('summary-discount').textContent).toBe(`-${thb(5_000)}`),
    );
    expect(screen.getByTestId('summary-payable').textContent).toBe(thb(115_000));
    expect(screen.getByTestId('wallet-available').textContent).toBe(
      fillWords(en.pay.method.available, { amount: thb(500_000) }),
    );
    expect(screen.getByTestId('summary-after').textContent).toBe(thb(385_000));

    // No coupon: the full amount; then the best one again.
    await user.click(screen.getByTestId('coupon-choice-none'));
    expect(screen.getByTestId('summary-payable').textContent).toBe(thb(120_000));
    await user.click(
      screen.getByRole('radio', {
        name: fillWords(en.pay.coupon.option, { name: 'Service fee 50 off', discount: thb(5_000) }),
      }),
    );
    expect(screen.getByTestId('summary-payable').textContent).toBe(thb(115_000));

    // Money moves only after the confirmation.
    await user.click(screen.getByTestId('pay-submit'));
    const dialog = await screen.findByRole('dialog', { name: en.pay.confirm.title });
    expect(dialog.textContent).toContain(
      fillWords(en.pay.confirm.wallet, { amount: thb(115_000), title: 'Packing service' }),
    );
    expect(await available(main.token)).toBe(500_000);
    await user.click(within(dialog).getByRole('button', { name: en.pay.confirm.pay }));

    await waitFor(() => expect(window.location.pathname).toBe('/cmp/payResult'));
    const result = await screen.findByTestId('pay-result');
    expect(result.dataset.outcome).toBe('success');
    expect(within(result).getByTestId('result-title').textContent).toBe(en.pay.result.paySuccess);
    expect(within(result).getByTestId('result-amount').textContent).toBe(thb(120_000));
    expect(within(result).getByTestId('result-discount').textContent).toBe(`-${thb(5_000)}`);
    expect(within(result).getByTestId('result-paid').textContent).toBe(thb(115_000));
    expect(within(result).getByTestId('result-available').textContent).toBe(thb(385_000));
    await waitFor(() => expect(headerBalance()).toContain(thb(385_000)));
    await waitFor(() =>
      expect(running.session.getState().snapshot.session?.user.balance).toBe(385_000),
    );

    expect(await available(main.token)).toBe(385_000);
    const left = await usable(main.token, 120_000);
    expect(left.map((entry) => entry.coupon.id)).toEqual([small.id]);
    expect(left.map((entry) => entry.coupon.id)).not.toContain(best.id);
    const detail = await t.call('GET', `/api-user/pay/trade/detail?tradeNo=${trade.tradeNo}`, {
      token: main.token,
    });
    expect(detail.body.datas).toMatchObject({ status: 'paid', paidBy: 'wallet', discount: 5_000 });

    // Back to the order: it says it is paid, and offers no second payment.
    await user.click(within(result).getByRole('link', { name: en.pay.actions.backToOrder }));
    expect(await screen.findByTestId('trade-settled')).toBeTruthy();
    expect(screen.queryByTestId('pay-submit')).toBeNull();
  });
});
