import { paymentOrders } from '@server/db/schema/index';
import { screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  custom,
  en,
  MINUTE,
  open,
  optionsOf,
  orderNoInAddress,
  orderOf,
  registerRechargeTests,
  requests,
  seller,
  setLoseAnswerOf,
  shownQr,
  t,
  thb,
} from './recharge-harness';

registerRechargeTests();

describe('recharge', () => {
  it('retries a recharge whose answer was lost with the same idempotency key, so only one order is opened', async () => {
    const main = await seller();
    const options = await optionsOf(main.token);
    const [preset] = options.presets;
    if (preset === undefined) throw new Error('no preset');
    const { running, user } = await open(main.email, main.password);
    await screen.findByTestId('recharge-form');
    await user.click(screen.getByTestId('channel-promptpay'));
    await user.click(screen.getByTestId(`preset-${preset}`));

    setLoseAnswerOf('/api-user/pay/recharge');
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
});
