import { formatMoney } from '@shared/i18n/format';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSignedIn } from '../support/console';
import { fillWords } from '../support/locales';
import { jpeg } from '../support/media-files';
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
