import { randomUUID } from 'node:crypto';
import { grantCoupon } from '@server/modules/coupons/coupons.service';
import { formatMoney } from '@shared/i18n/format';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSignedIn } from '../support/console';
import { fillWords } from '../support/locales';
import { errorWords, registerServicesApp, seller, words } from './services-harness';

const app = registerServicesApp();
const thb = (minor: number) => formatMoney(minor, 'THB', 'en');
const HOUR = 3_600_000;

describe('buying a market service with a coupon', () => {
  it('shows each coupon refusal translated and keeps the form, then freezes the total less the coupon', async () => {
    const { t } = app;
    const s = await seller(t);
    const now = t.clock.now().getTime();
    const coupon = (name: string, scope: 'consumablesFee' | 'serviceFee', extra = {}) =>
      grantCoupon({ db: t.db, clock: t.clock }, null, {
        ownerId: s.user.id,
        name: { zh: name, th: name, en: name },
        type: 'cash',
        scope,
        currency: 'THB',
        threshold: 0,
        maxOffset: 500,
        percentOff: null,
        validFrom: new Date(now - 24 * HOUR),
        validTo: new Date(now + 30 * 24 * HOUR),
        ...extra,
      });
    await coupon('Big orders', 'consumablesFee', { threshold: 100_000 });
    await coupon('Next week', 'consumablesFee', { validFrom: new Date(now + 7 * 24 * HOUR) });
    await coupon('Last hour', 'consumablesFee', { validTo: new Date(now + HOUR) });
    const raced = await coupon('Raced', 'consumablesFee');
    const good = await coupon('Wrap five off', 'consumablesFee');
    await coupon('Audit only', 'serviceFee');

    app.current = await renderSignedIn(
      '/cmp/service/serviceMarket',
      { username: s.email, password: s.password },
      { app: t },
    );
    await userEvent.click(
      await screen.findByTestId('market-buy-bubbleWrap', {}, { timeout: 20_000 }),
    );
    await userEvent.type(await screen.findByTestId('buy-quantity-lengthCm'), '3.3');
    const form = screen.getByTestId('buy-form');
    const pick = async (name: RegExp) =>
      userEvent.click(within(form).getByRole('radio', { name, hidden: true }));
    // Bubble wrap takes consumables-fee coupons only.
    await within(form).findByRole('radio', { name: /Wrap five off/, hidden: true });
    expect(within(form).queryByRole('radio', { name: /Audit only/, hidden: true })).toBeNull();
    await pick(/Big orders/);

    const refused = async (key: keyof typeof errorWords) => {
      await userEvent.click(screen.getByTestId('buy-submit'));
      await waitFor(() =>
        expect(screen.getByTestId('buy-error').textContent).toBe(
          `${words.buy.failed}: ${errorWords[key]}`,
        ),
      );
      expect((screen.getByTestId('buy-quantity-lengthCm') as HTMLInputElement).value).toBe('3.3');
    };
    await refused('COUPON_THRESHOLD_NOT_MET');
    await pick(/Next week/);
    await refused('COUPON_NOT_AVAILABLE');
    // Held by another purchase after the form listed it.
    await pick(/Raced/);
    const other = await t.call('POST', '/order/service/market/buy', {
      token: s.token,
      headers: { 'Idempotency-Key': randomUUID() },
      json: { line: { code: 'stretchFilm', quantities: { lengthCm: 300 } }, couponId: raced.id },
    });
    expect(other.body.resp_code, other.text).toBe(0);
    await refused('COUPON_IN_USE');
    // Expired while the form was open.
    await pick(/Last hour/);
    t.clock.set(new Date(now + 2 * HOUR));
    await refused('COUPON_EXPIRED');

    await pick(/Wrap five off/);
    await userEvent.click(screen.getByTestId('buy-submit'));
    const done = await screen.findByTestId('buy-done', {}, { timeout: 10_000 });
    // 3.3 m at 7.50 THB is 24.75; the coupon takes 5.00 off.
    expect(within(done).getByTestId('buy-frozen').dataset.amount).toBe(String(2475 - 500));
    expect(within(done).getByTestId('buy-frozen').textContent).toBe(
      `${words.detail.frozen}: ${thb(1975)}`,
    );
    const serviceNo = done.dataset.serviceNo ?? '';
    expect(
      within(done).getByText(fillWords(words.buy.done, { serviceNo, amount: thb(1975) })),
    ).toBeTruthy();
    const detail = await t.call('GET', `/order/service/progress/detail?serviceNo=${serviceNo}`, {
      token: s.token,
    });
    expect(detail.body.datas).toMatchObject({
      type: 'valueAdded',
      status: 'pending',
      couponId: good.id,
      amounts: { estimate: 2475, discount: 500, frozen: 1975 },
    });
    // Following it opens its progress.
    await userEvent.click(within(done).getByTestId('buy-follow'));
    const drawer = await screen.findByTestId('service-detail-body', {}, { timeout: 10_000 });
    expect(drawer.dataset.serviceNo).toBe(serviceNo);
    expect(within(drawer).getByTestId('amount-frozen').textContent).toBe(thb(1975));
  });
});
