import { formatDateTime, formatMoney } from '@shared/i18n/format';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillWords } from '../support/locales';
import {
  custom,
  en,
  headerBalance,
  open,
  optionsOf,
  orderNoInAddress,
  orderOf,
  payInSandbox,
  registerRechargeTests,
  requests,
  seller,
  shownQr,
  t,
  thb,
} from './recharge-harness';

registerRechargeTests();

describe('recharge', () => {
  it('shows the three channels with their currencies, the presets and an empty history, and holds a custom amount to its limits in the wallet currency', async () => {
    const main = await seller();
    const options = await optionsOf(main.token);
    expect(options.currency).toBe('THB');
    const { user } = await open(main.email, main.password);
    await screen.findByRole('heading', { name: en.pay.title });

    const form = await screen.findByTestId('recharge-form');
    for (const [channel, currency] of [
      ['wechat', 'CNY'],
      ['alipay', 'CNY'],
      ['promptpay', 'THB'],
    ] as const) {
      const card = within(form).getByTestId(`channel-${channel}`);
      expect(card.textContent).toContain(en.pay.channels[channel]);
      expect(card.textContent).toContain(fillWords(en.pay.form.chargedIn, { currency }));
    }
    // The presets the server offers, in baht.
    expect(options.presets.length).toBeGreaterThan(0);
    for (const preset of options.presets)
      expect(within(form).getByRole('radio', { name: thb(preset) })).toBe(
        within(form).getByTestId(`preset-${preset}`),
      );
    expect(
      screen.getByText(
        fillWords(en.pay.form.customHint, {
          min: thb(options.customMin),
          max: thb(options.customMax),
        }),
      ),
    ).toBeTruthy();

    // Above USD 300 at today's rate: refused, naming the limit in baht.
    const over = (options.customMax + 1) / 100;
    await user.type(custom(), over.toFixed(2));
    expect(
      await screen.findByText(fillWords(en.pay.form.errors.max, { max: thb(options.customMax) })),
    ).toBeTruthy();
    expect(screen.getByTestId('summary-arrives').textContent).toBe('—');
    // Exactly the limit is fine.
    await user.clear(custom());
    await user.type(custom(), (options.customMax / 100).toFixed(2));
    await waitFor(() =>
      expect(screen.getByTestId('summary-arrives').textContent).toBe(thb(options.customMax)),
    );
    expect(
      screen.queryByText(fillWords(en.pay.form.errors.max, { max: thb(options.customMax) })),
    ).toBeNull();
    // Under the minimum, and more decimals than baht has.
    await user.clear(custom());
    await user.type(custom(), '0.5');
    expect(
      await screen.findByText(fillWords(en.pay.form.errors.min, { min: thb(options.customMin) })),
    ).toBeTruthy();
    await user.clear(custom());
    await user.type(custom(), '12.345');
    expect(
      await screen.findByText(
        fillWords(en.pay.form.errors.decimals_other, { count: 2, currency: 'THB' }),
      ),
    ).toBeTruthy();

    // Nothing was asked of the server while the amount was wrong.
    await user.click(screen.getByTestId('recharge-submit'));
    expect(requests.filter((r) => r.path === '/api-user/pay/recharge')).toHaveLength(0);

    // No recharge yet: the history says so.
    expect(await screen.findByTestId('recharge-history-empty')).toBeTruthy();
  });

  it('opens a QR code with its countdown, and once the payer pays in the sandbox lands on the result with the new balance in the header', async () => {
    const main = await seller();
    const options = await optionsOf(main.token);
    const { running, user } = await open(main.email, main.password);
    await screen.findByTestId('recharge-form');
    expect(headerBalance()).toContain(thb(0));

    await user.click(screen.getByTestId('channel-alipay'));
    await user.type(custom(), '1,500');
    await waitFor(() =>
      expect(screen.getByTestId('summary-arrives').textContent).toBe(thb(150000)),
    );
    const estimate = screen.getByTestId('summary-pay').textContent;
    const alipay = options.channels.find((c) => c.channel === 'alipay');
    // The rate shown rounded for people (the exact one is the ledger's), dated, and marked
    // stale: the opening rates are older than a day.
    expect(alipay?.rate).toMatch(/^0\.2190769230\d*$/);
    expect(screen.getByTestId('summary-rate').textContent).toContain('1 THB = 0.2191 CNY');
    expect(screen.getByTestId('summary-rate').textContent).toContain(
      formatDateTime(alipay?.rateDate ?? '', 'en'),
    );
    expect(screen.getByTestId('summary-rate-stale').textContent?.trim()).toBe(
      en.pay.summary.rateStale,
    );
    await user.click(screen.getByTestId('recharge-submit'));

    // The QR code of the payment order the server opened, with what to pay in yuan.
    const view = await screen.findByTestId('payment-qr-view');
    const orderNo = orderNoInAddress(running);
    expect(orderNo).toBeTruthy();
    const order = await orderOf(main.token, orderNo ?? '');
    expect(order.status).toBe('unpaid');
    expect(shownQr()).toBe(order.qrContent);
    expect(order.payCurrency).toBe('CNY');
    expect(within(view).getByTestId('qr-pay-amount').textContent).toBe(
      formatMoney(order.payAmount, 'CNY', 'en'),
    );
    // The estimate before submitting was the server's own conversion.
    expect(estimate).toBe(formatMoney(order.payAmount, 'CNY', 'en'));
    expect(within(view).getByTestId('qr-amount').textContent).toBe(thb(150000));
    // The countdown runs from 15 minutes.
    const countdown = within(view).getByTestId('qr-countdown');
    expect(countdown.textContent).toMatch(/^Expires in (15:00|14:5\d)$/);
    const first = countdown.textContent;
    await waitFor(
      () => expect(within(view).getByTestId('qr-countdown').textContent).not.toBe(first),
      {
        timeout: 3000,
      },
    );
    // The sandbox's payer page, for trying the whole flow by hand.
    const link = within(view).getByTestId('qr-sandbox-link');
    expect(link.getAttribute('href')).toBe(
      `${options.sandboxPayerUrl}?qr=${encodeURIComponent(order.qrContent ?? '')}`,
    );

    await payInSandbox(order.qrContent ?? '');

    // The page asks every two seconds: it moves on by itself.
    await waitFor(() => expect(window.location.pathname).toBe('/cmp/payResult'), {
      timeout: 8000,
    });
    const result = await screen.findByTestId('pay-result');
    expect(result.dataset.outcome).toBe('success');
    expect(within(result).getByTestId('result-title').textContent).toBe(
      en.pay.result.rechargeSuccess,
    );
    expect(within(result).getByTestId('result-amount').textContent).toBe(thb(150000));
    expect(within(result).getByTestId('result-available').textContent).toBe(thb(150000));
    // The header's balance and the session's userInfo follow without a reload.
    await waitFor(() => expect(headerBalance()).toContain(thb(150000)));
    await waitFor(() =>
      expect(running.session.getState().snapshot.session?.user.balance).toBe(150000),
    );
    const summary = await t.call('GET', '/api-user/wallet/summary', { token: main.token });
    expect(summary.body.datas.wallets[0]).toMatchObject({ currency: 'THB', available: 150000 });

    // Recharge again: the history lists it, completed.
    await user.click(within(result).getByRole('link', { name: en.pay.actions.rechargeAgain }));
    const row = await screen.findByTestId('recharge-row');
    expect(within(row).getByText(orderNo ?? '')).toBeTruthy();
    expect(within(row).getByTestId('recharge-row-amount').textContent).toBe(thb(150000));
    expect(within(row).getByTestId('order-state').textContent).toBe(en.pay.status.completed);
    // Filtered to unpaid: nothing, and the way back to all.
    await user.click(screen.getByTestId('recharge-filter-unpaid'));
    expect(await screen.findByText(en.pay.history.filteredEmpty)).toBeTruthy();
    expect(running.router.state.location.search).toMatchObject({ status: 'unpaid' });
  });

  it('offers the sandbox payer only for a channel the sandbox plays', async () => {
    const played = t.deps.config.payments.played;
    // PromptPay as if its real credentials were given (they are the sandbox bank's own here).
    played.promptpay = false;
    try {
      const main = await seller();
      const options = await optionsOf(main.token);
      expect(options.channels.map((c) => [c.channel, c.sandbox])).toEqual([
        ['wechat', true],
        ['alipay', true],
        ['promptpay', false],
      ]);
      const [preset] = options.presets;
      if (preset === undefined) throw new Error('no preset');
      const { user } = await open(main.email, main.password);
      await screen.findByTestId('recharge-form');
      await user.click(screen.getByTestId('channel-promptpay'));
      await user.click(screen.getByTestId(`preset-${preset}`));
      await user.click(screen.getByTestId('recharge-submit'));
      const view = await screen.findByTestId('payment-qr-view');
      expect(within(view).getByTestId('payment-qr').getAttribute('data-content')).toBeTruthy();
      expect(within(view).queryByTestId('qr-sandbox-link')).toBeNull();
    } finally {
      played.promptpay = true;
    }
  });
});
