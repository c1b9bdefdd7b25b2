import { randomUUID } from 'node:crypto';
import { recharge } from '@server/modules/wallet/wallet.service';
import { formatMoney } from '@shared/i18n/format';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addOrder, open, PAGE, registerOrdersTests, rows, seller, t } from './orders-harness';

registerOrdersTests();

describe('processing an order', () => {
  it('processes an order with its purchase link and shows the frozen estimate', async () => {
    const s = await seller();
    await recharge({ db: t.db, clock: t.clock }, null, {
      ownerId: s.user.id,
      currency: 'THB',
      amount: 1_000_000,
      reference: { type: 'recharge', id: randomUUID() },
      idempotencyKey: randomUUID(),
    });
    const orderId = await addOrder(s, 0, 'pending', 1);
    // The item's purchase link, as the link dialog saves it (orders-process-link).
    const linked = await t.call('POST', '/order/order/purchaseLink', {
      token: s.token,
      json: {
        orderId,
        orderItemId: 'i1',
        url: 'https://detail.1688.com/offer/1.html',
        price: 2_500,
      },
    });
    expect(linked.body.resp_code, linked.text).toBe(0);
    const { user } = await open(s, `${PAGE}?tab=waitDeal`);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByTestId('order-process'));

    const toFreeze = await screen.findByTestId('process-to-freeze');
    await waitFor(() => expect(toFreeze.textContent).not.toBe(''));
    expect(screen.queryByTestId('process-missing-link')).toBeNull();
    const estimate = toFreeze.textContent;
    await waitFor(() =>
      expect((screen.getByTestId('process-submit') as HTMLButtonElement).disabled).toBe(false),
    );
    await user.click(screen.getByTestId('process-submit'));

    // The order now carries a pending service order; its details show what was frozen.
    await waitFor(() => expect(screen.queryByTestId('process-form')).toBeNull());
    const service = await screen.findByTestId('order-service');
    await waitFor(() => expect(service.dataset.serviceStatus).toBe('pending'));
    await user.click(within(rows()[0] as HTMLElement).getByTestId('order-open'));
    const frozen = await screen.findByTestId('service-frozen');
    expect(frozen.textContent).toBe(estimate);
    const detail = await t.call('GET', `/order/order/orderDetail?orderId=${orderId}`, {
      token: s.token,
    });
    expect(frozen.textContent).toBe(
      formatMoney(detail.body.datas.serviceOrders[0].frozen, 'THB', 'en'),
    );
  });
});
