import { randomUUID } from 'node:crypto';
import { createAccount } from '@server/modules/accounts/accounts.service';
import { formatMoney } from '@shared/i18n/format';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSignedIn } from '../support/console';
import { fillWords } from '../support/locales';
import { jpeg } from '../support/media-files';
import { insertWaitingOrder } from '../support/platform-orders';
import {
  buyWrap,
  registerServicesApp,
  seller,
  serviceOperator,
  withNodeFiles,
  words,
} from './services-harness';

const app = registerServicesApp();
const thb = (minor: number) => formatMoney(minor, 'THB', 'en');

describe('the service operator in the console', () => {
  it('finds a service in the queue, moves it step by step with a photo, completes it on the actual amount and aborts another', async () => {
    const { t } = app;
    const s = await seller(t);
    const operator = await serviceOperator(t);
    const first = await buyWrap(t, s.token, 330);
    const second = await buyWrap(t, s.token, 100);
    app.current = await renderSignedIn(
      '/cmp/order/serviceProgress',
      { username: operator.email, password: operator.password },
      { app: t },
    );
    const queue = await screen.findByTestId('operator-queue', {}, { timeout: 20_000 });
    const row = await within(queue).findByText(first.serviceNo, {}, { timeout: 10_000 });
    expect(within(queue).getByText(second.serviceNo)).toBeTruthy();
    await userEvent.click(row);
    const body = await screen.findByTestId('service-detail-body', {}, { timeout: 10_000 });
    expect(body.dataset.serviceNo).toBe(first.serviceNo);
    // An operator does not cancel for the seller.
    expect(within(body).queryByTestId('service-cancel')).toBeNull();

    const user = userEvent.setup({ applyAccept: false });
    const { JsdomFile } = withNodeFiles();
    const move = async (step: string, remark: string, photo?: File) => {
      const form = await within(body).findByTestId('operator-move', {}, { timeout: 10_000 });
      await waitFor(() => expect(form.dataset.step).toBe(step));
      await user.type(within(form).getByTestId('operator-move-remark'), remark);
      if (photo) {
        const input = form.querySelector('input[type="file"]') as HTMLInputElement;
        await user.upload(input, photo);
        await within(form).findByTestId('operator-proofs', {}, { timeout: 10_000 });
      }
      await user.click(within(form).getByTestId('operator-move-submit'));
      await waitFor(
        () =>
          expect(
            body
              .querySelector(`[data-step="${step}"][data-testid="service-step"]`)
              ?.getAttribute('data-done'),
          ).toBe('true'),
        { timeout: 10_000 },
      );
    };
    // Only JPG and PNG prove a step.
    const form = await within(body).findByTestId('operator-move');
    await user.upload(
      form.querySelector('input[type="file"]') as HTMLInputElement,
      new JsdomFile(['GIF89a'], 'wrap.gif', { type: 'image/gif' }),
    );
    expect(within(form).getByTestId('operator-photo-error').textContent).toBe(
      fillWords(words.operator.photoType, { name: 'wrap.gif' }),
    );
    await move(
      'purchaseReview',
      'Wrap in stock',
      new JsdomFile([new Uint8Array(jpeg(64, 48, 3000))], 'wrap.jpg', { type: 'image/jpeg' }),
    );
    await move('domesticWarehouseIn', 'Received');
    await move('domesticWarehouseOut', 'Wrapped and sent');
    const saved = await t.call(
      'GET',
      `/order/service/progress/detail?serviceNo=${first.serviceNo}`,
      {
        token: s.token,
      },
    );
    const review = saved.body.datas.steps.find(
      (step: { step: string }) => step.step === 'purchaseReview',
    );
    expect(review).toMatchObject({ done: true, remark: 'Wrap in stock' });
    expect(review.proofs).toHaveLength(1);

    // Every step done: the actual amounts, at most the estimate, then settle.
    const complete = await within(body).findByTestId('operator-complete', {}, { timeout: 10_000 });
    const consumables = within(complete).getByTestId('operator-fee-consumables');
    expect((consumables as HTMLInputElement).value).toBe('24.75');
    await user.clear(consumables);
    await user.type(consumables, '30');
    expect(within(complete).getByText(words.operator.tooHigh)).toBeTruthy();
    expect(
      (within(complete).getByTestId('operator-complete-submit') as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.clear(consumables);
    await user.type(consumables, '20');
    await user.click(within(complete).getByTestId('operator-complete-submit'));
    const confirm = await screen.findByRole('dialog', {
      name: words.operator.complete,
      hidden: true,
    });
    await user.click(within(confirm).getByRole('button', { name: /confirm/i, hidden: true }));
    await waitFor(() => expect(body.dataset.status).toBe('completed'), { timeout: 10_000 });
    expect(within(body).getByTestId('amount-actual').textContent).toBe(thb(2000));
    expect(within(body).getByTestId('amount-released').textContent).toBe(thb(475));
    expect(within(body).queryByTestId('operator-actions')).toBeNull();

    // The other one is stopped with a reason, after a confirmation.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('service-detail-body')).toBeNull());
    await user.click(await within(queue).findByText(second.serviceNo));
    const other = await screen.findByTestId('service-detail-body', {}, { timeout: 10_000 });
    await waitFor(() => expect(other.dataset.serviceNo).toBe(second.serviceNo));
    const abort = within(other).getByTestId('operator-abort');
    await user.click(within(abort).getByTestId('operator-abort-submit'));
    expect(within(abort).getByText(words.operator.reasonRequired)).toBeTruthy();
    await user.type(within(abort).getByTestId('operator-abort-reason'), 'Out of bubble wrap');
    await user.click(within(abort).getByTestId('operator-abort-submit'));
    const sure = await screen.findByRole('dialog', { name: words.operator.abort, hidden: true });
    await user.click(within(sure).getByRole('button', { name: /confirm/i, hidden: true }));
    await waitFor(() => expect(other.dataset.status).toBe('aborted'), { timeout: 10_000 });
    expect(
      within(other).getByText(
        fillWords(words.detail.abortReason, { reason: 'Out of bubble wrap' }),
      ),
    ).toBeTruthy();
    const wallet = await t.call('GET', '/api-user/wallet/summary', { token: s.token });
    // 500.00 less the 20.00 settled; nothing frozen any more.
    expect(
      wallet.body.datas.wallets.find((w: { currency: string }) => w.currency === 'THB'),
    ).toMatchObject({ frozen: 0, available: 500_000 - 2_000 });
  });
});

/** Our purchasing staff (PURCHASER or STOREKEEPER), signed in. */
async function staff(role: 'PURCHASER' | 'STOREKEEPER') {
  const email = `sv-${role.toLowerCase()}-${randomUUID()}@example.com`;
  await createAccount(app.t, null, {
    email,
    password: 'Operator-pass1',
    name: role,
    role,
    site: 'th',
  });
  const login = await app.t.call('POST', '/api-uaa/oauth/loginByPassword', {
    json: { username: email, password: 'Operator-pass1' },
  });
  expect(login.body.resp_code, login.text).toBe(0);
  return login.body.datas.access_token as string;
}

describe('a service that funds a purchase, for the service operator', () => {
  it('completes it on the purchaser actual costs once the goods arrived: goods and freight fixed, its own fees capped', async () => {
    const { t } = app;
    const s = await seller(t, 1_000_000);
    const operator = await serviceOperator(t);
    const [purchaser, storekeeper] = await Promise.all([staff('PURCHASER'), staff('STOREKEEPER')]);
    const call = (path: string, token: string, json: unknown) =>
      t.call('POST', path, { token, json, headers: { 'Idempotency-Key': randomUUID() } });
    const shop = s.shops[0];
    if (!shop) throw new Error('no shop');
    const orderId = await insertWaitingOrder(t, shop, s.user.id);
    await call('/order/order/purchaseLink', s.token, {
      orderId,
      orderItemId: 'i1',
      url: 'https://detail.1688.com/offer/610000000001.html',
      price: 5_000,
    });
    const dealt = await call('/order/order/dealOrder', s.token, {
      orderId,
      items: [{ orderItemId: 'i1', type: 'crossSale' }],
      idempotencyKey: randomUUID(),
    });
    expect(dealt.body.resp_code, dealt.text).toBe(0);
    const service = dealt.body.datas.serviceOrders[0];
    const detail = await t.call(
      'GET',
      `/order/service/progress/detail?serviceNo=${service.serviceNo}`,
      {
        token: s.token,
      },
    );
    const purchaseNo = detail.body.datas.purchase.purchaseNo as string;
    await call('/order/purchaseorder/audit/approve', purchaser, { purchaseNo });
    const shipped = await call('/order/purchaseorder/ship', purchaser, {
      purchaseNo,
      tracking: 'SF300',
      actualPrices: [4_000],
      actualFees: { domesticFreight: 500, internationalFreight: 0, serviceFee: 0 },
    });
    expect(shipped.body.datas?.status, shipped.text).toBe('shipping');
    await call('/order/purchaseorder/receive', storekeeper, { purchaseNo });
    for (const step of [
      'purchaseReview',
      'purchaseDelivery',
      'domesticWarehouseIn',
      'domesticWarehouseOut',
      'overseasWarehouseIn',
      'overseasWarehouseOut',
    ]) {
      const moved = await call('/order/service/operate/move', operator.token, {
        serviceNo: service.serviceNo,
        step,
      });
      expect(moved.body.resp_code, moved.text).toBe(0);
    }

    app.current = await renderSignedIn(
      `/cmp/order/serviceProgress?serviceNo=${service.serviceNo}`,
      { username: operator.email, password: operator.password },
      { app: t },
    );
    const body = await screen.findByTestId('service-detail-body', {}, { timeout: 20_000 });
    expect(within(body).getByTestId('service-purchase-status').dataset.status).toBe('complete');
    const complete = await within(body).findByTestId('operator-complete', {}, { timeout: 10_000 });
    expect(within(complete).getByTestId('operator-from-purchase').textContent).toBe(
      fillWords(words.operator.fromPurchase, { purchaseNo }),
    );
    const goods = within(complete).getByTestId('operator-fee-purchase') as HTMLInputElement;
    const freight = within(complete).getByTestId(
      'operator-fee-domesticFreight',
    ) as HTMLInputElement;
    expect([goods.value, goods.disabled, freight.value, freight.disabled]).toEqual([
      '80',
      true,
      '5',
      true,
    ]);
    const user = userEvent.setup();
    const fee = within(complete).getByTestId('operator-fee-service');
    const own = service.fees.service + service.fees.consumables;
    await user.clear(fee);
    await user.type(fee, String((service.fees.service + 100) / 100));
    expect(
      within(complete).getByText(fillWords(words.operator.ownTooHigh, { estimate: thb(own) })),
    ).toBeTruthy();
    expect(
      (within(complete).getByTestId('operator-complete-submit') as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.clear(fee);
    await user.type(fee, String((service.fees.service - 100) / 100));
    await user.click(within(complete).getByTestId('operator-complete-submit'));
    const confirm = await screen.findByRole('dialog', {
      name: words.operator.complete,
      hidden: true,
    });
    await user.click(within(confirm).getByRole('button', { name: /confirm/i, hidden: true }));
    await waitFor(() => expect(body.dataset.status).toBe('completed'), { timeout: 10_000 });
    const actual = 8_000 + 500 + own - 100;
    expect(within(body).getByTestId('amount-actual').textContent).toBe(thb(actual));
    expect(within(body).getByTestId('amount-charged').textContent).toBe(thb(actual));
    const wallet = await t.call('GET', '/api-user/wallet/summary', { token: s.token });
    expect(
      wallet.body.datas.wallets.find((w: { currency: string }) => w.currency === 'THB'),
    ).toMatchObject({ frozen: 0, available: 1_000_000 - actual });
  });
});
