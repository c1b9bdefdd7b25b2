import { paymentOrders } from '@server/db/schema/index';
import { createTradeOrder } from '@server/modules/payments/trade-orders.service';
import { formatMoney } from '@shared/i18n/format';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { renderSignedIn } from '../support/console';
import { fillWords, readLocale } from '../support/locales';

const en = {
  pay: readLocale('en', 'pay'),
  common: readLocale('en', 'common'),
  errors: readLocale('en', 'errors'),
};
const PAGE = '/cmp/pay/recharge';
const MINUTE = 60_000;
const thb = (minor: number) => formatMoney(minor, 'THB', 'en');

let t: TestApp;
/** Requests the app received from the console. */
let requests: { method: string; path: string; key: string | null }[] = [];
/** When set, the next answer to this path is lost on the way back (the request did reach the app). */
let loseAnswerOf: string | null = null;
beforeAll(async () => {
  t = await createTestApp();
  // The QR code's countdown is read against the browser's clock: the server's starts at the same time.
  t.clock.set(new Date());
  const fetch = t.app.fetch;
  t.app.fetch = async (request: Request, ...rest: unknown[]) => {
    const path = new URL(request.url).pathname;
    requests.push({ method: request.method, path, key: request.headers.get('Idempotency-Key') });
    const response = await (fetch as (...args: unknown[]) => Response | Promise<Response>)(
      request,
      ...rest,
    );
    if (loseAnswerOf === path) {
      loseAnswerOf = null;
      throw new TypeError('Failed to fetch');
    }
    return response;
  };
});
afterAll(() => t.close());

let current: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
  requests = [];
  loseAnswerOf = null;
});

let sellers = 0;
/** A main account of its own on the Thai site (a THB wallet), onboarded, with nothing in it. */
async function seller() {
  sellers += 1;
  const email = `recharge-${sellers}@example.com`;
  const made = await makeSeller(t, email, []);
  const onboarded = await t.call('POST', '/api-user/user/onboarding', {
    token: made.token,
    json: { site: 'th', businessType: 'crossBorder' },
  });
  expect(onboarded.body.resp_code, onboarded.text).toBe(0);
  return { ...made, email };
}

async function optionsOf(token: string) {
  const res = await t.call('GET', '/api-user/pay/recharge/options', { token });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas as {
    currency: string;
    presets: number[];
    customMin: number;
    customMax: number;
    channels: { channel: string; currency: string; rate: string; sandbox: boolean }[];
    sandboxPayerUrl: string | null;
  };
}

async function orderOf(token: string, orderNo: string) {
  const res = await t.call('GET', `/api-user/pay/order?orderNo=${orderNo}`, { token });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas as {
    orderNo: string;
    status: string;
    closeReason: string | null;
    qrContent: string | null;
    payAmount: number;
    payCurrency: string;
  };
}

/** The payer scans the code and pays (or fails) it in the sandbox. */
async function payInSandbox(qrContent: string, outcome: 'paid' | 'failed' = 'paid') {
  const response = await t.sandbox.fetch(
    new Request('http://sandbox.test/pay/api/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ qrContent, outcome }),
    }),
  );
  const body = (await response.json()) as Record<string, unknown>;
  expect(response.status, JSON.stringify(body)).toBe(200);
  expect(body).toMatchObject({ status: outcome, delivered: true });
}

async function open(username: string, password: string, path = PAGE) {
  const running = await renderSignedIn(path, { username, password }, { app: t });
  current = running;
  return { running, user: userEvent.setup() };
}

const custom = () => screen.getByTestId('custom-amount') as HTMLInputElement;
const shownQr = () => screen.getByTestId('payment-qr').getAttribute('data-content');
const orderNoInAddress = (running: { router: { state: { location: { search: unknown } } } }) =>
  (running.router.state.location.search as { orderNo?: string }).orderNo;
/** The available balance the header shows (its dropdown's button). */
const headerBalance = () => screen.getByTestId('balance-menu').textContent;

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
    expect(screen.getByTestId('summary-rate').textContent).toContain(`1 THB = ${alipay?.rate} CNY`);
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

  it('retries a recharge whose answer was lost with the same idempotency key, so only one order is opened', async () => {
    const main = await seller();
    const options = await optionsOf(main.token);
    const [preset] = options.presets;
    if (preset === undefined) throw new Error('no preset');
    const { running, user } = await open(main.email, main.password);
    await screen.findByTestId('recharge-form');
    await user.click(screen.getByTestId('channel-promptpay'));
    await user.click(screen.getByTestId(`preset-${preset}`));

    loseAnswerOf = '/api-user/pay/recharge';
    await user.click(screen.getByTestId('recharge-submit'));
    expect(await screen.findByTestId('recharge-failure')).toBeTruthy();
    await user.click(screen.getByTestId('recharge-submit'));
    await screen.findByTestId('payment-qr-view');

    const sent = requests.filter((r) => r.method === 'POST' && r.path === '/api-user/pay/recharge');
    expect(sent).toHaveLength(2);
    expect(sent[0]?.key).toBeTruthy();
    expect(sent[1]?.key).toBe(sent[0]?.key);
    const rows = await t.db
      .select({ orderNo: paymentOrders.orderNo })
      .from(paymentOrders)
      .where(eq(paymentOrders.ownerId, main.user.id));
    expect(rows.map((r) => r.orderNo)).toEqual([orderNoInAddress(running)]);
    // PromptPay charges baht: what arrives is what is paid.
    expect(screen.getByTestId('qr-pay-amount').textContent).toBe(thb(preset));

    // Cancelled (after a confirmation): the form comes back and the order is closed.
    await user.click(screen.getByTestId('qr-cancel'));
    const dialog = await screen.findByRole('dialog', { name: en.pay.cancel.title });
    await user.click(within(dialog).getByRole('button', { name: en.pay.cancel.confirm }));
    await screen.findByTestId('recharge-form');
    expect((await orderOf(main.token, rows[0]?.orderNo ?? '')).status).toBe('closed');
    // A new submission is a new request: a new key.
    await user.click(screen.getByTestId(`preset-${preset}`));
    await user.click(screen.getByTestId('recharge-submit'));
    await screen.findByTestId('payment-qr-view');
    const keys = requests
      .filter((r) => r.method === 'POST' && r.path === '/api-user/pay/recharge')
      .map((r) => r.key);
    expect(new Set(keys).size).toBe(2);
  });

  it('says the QR code expired once its 15 minutes are up, and a refresh shows a new one', async () => {
    const main = await seller();
    const { running, user } = await open(main.email, main.password);
    await screen.findByTestId('recharge-form');
    await user.click(screen.getByTestId('channel-wechat'));
    await user.type(custom(), '800');
    await user.click(screen.getByTestId('recharge-submit'));
    await screen.findByTestId('payment-qr-view');
    const firstNo = orderNoInAddress(running) ?? '';
    const firstQr = shownQr();

    t.clock.advance(15 * MINUTE + 1000);
    const expired = await screen.findByTestId('qr-expired', {}, { timeout: 8000 });
    expect(expired.textContent).toContain(en.errors.PAYMENT_QR_EXPIRED);
    expect(screen.queryByTestId('qr-countdown')).toBeNull();
    expect(await orderOf(main.token, firstNo)).toMatchObject({
      status: 'closed',
      closeReason: 'expired',
    });

    await user.click(within(expired).getByRole('button', { name: en.pay.actions.refreshQr }));
    await waitFor(() => expect(orderNoInAddress(running)).not.toBe(firstNo));
    const secondNo = orderNoInAddress(running) ?? '';
    await waitFor(() => expect(shownQr()).not.toBe(firstQr));
    const second = await orderOf(main.token, secondNo);
    expect(second.status).toBe('unpaid');
    expect(shownQr()).toBe(second.qrContent);
    expect(screen.queryByTestId('qr-expired')).toBeNull();
    expect(screen.getByTestId('qr-countdown').textContent).toMatch(/^Expires in (15:00|14:5\d)$/);
    // The refresh carried its own key.
    const refresh = requests.find((r) => r.path === '/api-user/pay/order/refresh');
    const opened = requests.find((r) => r.path === '/api-user/pay/recharge');
    expect(refresh?.key).toBeTruthy();
    expect(refresh?.key).not.toBe(opened?.key);
  });

  it('opens add funds from the insufficient-balance dialog with the shortfall filled in, and pays it', async () => {
    const main = await seller();
    const trade = await createTradeOrder(t.db, t.clock, {
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
