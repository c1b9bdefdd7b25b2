import { randomUUID } from 'node:crypto';
import { grantCoupon } from '@server/modules/coupons/coupons.service';
import { createTradeOrder } from '@server/modules/payments/trade-orders.service';
import { recharge } from '@server/modules/wallet/wallet.service';
import { ApiError } from '@shared/api/errors';
import { formatMoney } from '@shared/i18n/format';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { renderSignedIn } from '../support/console';
import { fillWords, readLocale } from '../support/locales';

const en = {
  pay: readLocale('en', 'pay'),
  common: readLocale('en', 'common'),
};
const PAGE = '/cmp/pay/orderTrading';
const DAY = 24 * 60 * 60_000;
const thb = (minor: number) => formatMoney(minor, 'THB', 'en');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date());
});
afterAll(() => t.close());

let current: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

let sellers = 0;
/** A main account of its own on the Thai site, onboarded, with `balance` baht-cents in its wallet. */
async function seller(balance: number) {
  sellers += 1;
  const email = `order-trading-${sellers}@example.com`;
  const made = await makeSeller(t, email, []);
  const onboarded = await t.call('POST', '/api-user/user/onboarding', {
    token: made.token,
    json: { site: 'th', businessType: 'crossBorder' },
  });
  expect(onboarded.body.resp_code, onboarded.text).toBe(0);
  if (balance > 0)
    await recharge(
      { db: t.db, clock: t.clock },
      {
        ownerId: made.user.id,
        currency: 'THB',
        amount: balance,
        idempotencyKey: `seed-${randomUUID()}`,
        reference: { type: 'test', id: `seed-${sellers}` },
      },
    );
  return { ...made, email };
}

/** An order of two lines to pay, service fees in baht. */
function serviceOrder(ownerId: string, unitPrice: number, quantity = 2) {
  return createTradeOrder(t.db, t.clock, {
    ownerId,
    title: { zh: '打包服务', th: 'บริการแพ็กสินค้า', en: 'Packing service' },
    scope: 'serviceFee',
    currency: 'THB',
    lines: [
      {
        name: { zh: '气泡膜', th: 'บับเบิลกันกระแทก', en: 'Bubble wrap' },
        quantity,
        unitPrice,
      },
    ],
  });
}

async function usable(token: string, amount: number) {
  const res = await t.call(
    'GET',
    `/api-user/coupon/usable?scope=serviceFee&currency=THB&amount=${amount}`,
    { token },
  );
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas as { coupon: { id: string }; discount: number }[];
}

async function available(token: string) {
  const res = await t.call('GET', '/api-user/wallet/summary', { token });
  expect(res.body.resp_code, res.text).toBe(0);
  return (res.body.datas.wallets as { currency: string; available: number }[]).find(
    (wallet) => wallet.currency === 'THB',
  )?.available;
}

async function open(username: string, password: string, path = PAGE) {
  const running = await renderSignedIn(path, { username, password }, { app: t });
  current = running;
  return { running, user: userEvent.setup() };
}

const headerBalance = () => screen.getByTestId('balance-menu').textContent;

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
    const small = await grantCoupon(t.db, t.clock, {
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
    const best = await grantCoupon(t.db, t.clock, {
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
