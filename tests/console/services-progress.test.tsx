import { formatMoney } from '@shared/i18n/format';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSignedIn } from '../support/console';
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

describe('service progress for the seller', () => {
  it('opens the drawer from ?serviceNo with each step, its proof and the amounts; no operator controls; cancel releases the freeze', async () => {
    const { t } = app;
    const s = await seller(t);
    const operator = await serviceOperator(t);
    const bought = await buyWrap(t, s.token, 330);
    const photo = new Uint8Array(jpeg(64, 48, 3000));
    const { JsdomFile, restore } = withNodeFiles();
    const form = new FormData();
    form.set('file', new JsdomFile([photo], 'wrapped.jpg', { type: 'image/jpeg' }));
    const proof = await t.call('POST', '/order/service/operate/proof', {
      token: operator.token,
      body: form,
    });
    restore();
    expect(proof.body.resp_code, proof.text).toBe(0);
    const moved = await t.call('POST', '/order/service/operate/move', {
      token: operator.token,
      json: {
        serviceNo: bought.serviceNo,
        step: 'purchaseReview',
        remark: 'Reviewed, wrap in stock',
        proofs: [proof.body.datas.id],
      },
    });
    expect(moved.body.resp_code, moved.text).toBe(0);

    app.current = await renderSignedIn(
      `/cmp/order/serviceProgress?serviceNo=${bought.serviceNo}`,
      { username: s.email, password: s.password },
      { app: t },
    );
    const body = await screen.findByTestId('service-detail-body', {}, { timeout: 20_000 });
    expect(body.dataset.serviceNo).toBe(bought.serviceNo);
    const steps = within(body).getAllByTestId('service-step');
    expect(steps.map((step) => step.dataset.step)).toEqual([
      'serviceSubmit',
      'purchaseReview',
      'purchaseDelivery',
      'domesticWarehouseIn',
      'domesticWarehouseOut',
      'overseasWarehouseIn',
      'overseasWarehouseOut',
    ]);
    // A market purchase skips the purchase delivery and the overseas warehouse.
    const na = steps
      .filter((step) => step.dataset.applicable === 'false')
      .map((s) => s.dataset.step);
    expect(na).toEqual(['purchaseDelivery', 'overseasWarehouseIn', 'overseasWarehouseOut']);
    for (const step of steps.filter((node) => node.dataset.applicable === 'false'))
      expect(within(step).getByTestId('step-na').textContent).toBe(words.detail.notApplicable);
    const review = steps[1] as HTMLElement;
    expect(review.dataset.done).toBe('true');
    expect(within(review).getByTestId('step-remark').textContent).toBe('Reviewed, wrap in stock');
    expect(within(review).getByTestId('step-time').textContent).toContain('Service Operator');
    // The photo is fetched with the session and shown; a click enlarges it.
    const thumbnail = await within(review).findByRole('img', {}, { timeout: 10_000 });
    const src = thumbnail.getAttribute('src') ?? '';
    expect(src.startsWith('data:image/jpeg;base64,')).toBe(true);
    expect(new Uint8Array(Buffer.from(src.split(',')[1] ?? '', 'base64'))).toEqual(photo);
    await userEvent.click(within(review).getByTestId('step-proof'));
    expect((await screen.findByTestId('proof-large')).getAttribute('src')).toBe(
      thumbnail.getAttribute('src'),
    );
    // Escape closes the photo, and only the photo.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('proof-large')).toBeNull());
    expect(screen.getByTestId('service-detail-body')).toBe(body);
    // The next step is under way, timed against its target.
    expect(within(steps[3] as HTMLElement).getByText(words.detail.underWay)).toBeTruthy();
    expect(within(body).getByTestId('amount-frozen').textContent).toBe(thb(2475));
    expect(within(body).getByTestId('amount-actual').textContent).toBe(words.detail.notYet);
    // Nothing of the operator's for a seller.
    expect(screen.queryByTestId('operator-actions')).toBeNull();
    expect(screen.queryByTestId('services-view')).toBeNull();
    expect(screen.queryByTestId('operator-queue')).toBeNull();
    const list = await t.call('GET', '/order/service/operate/queue', { token: s.token });
    expect(list.body.resp_code).not.toBe(0);

    // Cancel, confirmed: the whole freeze goes back.
    await userEvent.click(within(body).getByTestId('service-cancel'));
    const confirm = await screen.findByRole('dialog', { name: words.detail.cancel, hidden: true });
    await userEvent.click(within(confirm).getByRole('button', { name: /confirm/i, hidden: true }));
    await waitFor(() => expect(body.dataset.status).toBe('cancelled'), { timeout: 10_000 });
    expect(within(body).getByTestId('amount-released').textContent).toBe(thb(2475));
    expect(within(body).queryByTestId('service-cancel')).toBeNull();
    const wallet = await t.call('GET', '/api-user/wallet/summary', { token: s.token });
    expect(
      wallet.body.datas.wallets.find((w: { currency: string }) => w.currency === 'THB'),
    ).toMatchObject({ frozen: 0, available: 500_000 });
  });
});
