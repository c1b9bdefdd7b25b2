import { randomUUID } from 'node:crypto';
import type { Actor } from '@server/context';
import { createAccount } from '@server/modules/accounts/accounts.service';
import {
  approvePurchase,
  createPurchase,
  shipPurchase,
} from '@server/modules/purchases/purchases.service';
import { openWarehouse } from '@server/modules/warehouses/warehouses.service';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSignedIn } from '../support/console';
import { fundedSeller, registerPurchasesApp, words } from './purchases-harness';

const app = registerPurchasesApp();

describe('a returned purchase in the console', () => {
  it('shows why it came back, and Accept ships it with the difference frozen', async () => {
    const { t } = app;
    const s = await fundedSeller(t);
    const opened = await openWarehouse(t.deps, s.actor, {
      site: 'th',
      volume: 1,
      pay: true,
      idempotencyKey: randomUUID(),
      language: 'en',
    });
    const operator = await createAccount(t, null, {
      email: `purchaser-${randomUUID()}@example.com`,
      password: 'Operator-pass1',
      name: 'Purchaser',
      role: 'PURCHASER',
      site: 'th',
    });
    const purchaser: Actor = {
      ...s.actor,
      userId: operator.id,
      ownerId: operator.id,
      roles: ['PURCHASER'],
    };
    const po = await createPurchase(t, s.actor, {
      type: 'crossStoreSupplement',
      shopId: s.shops[0]?.id ?? '',
      warehouseId: opened.warehouse?.id ?? '',
      expressType: 'ocean',
      shippingType: 'homeDelivery',
      address: {
        province: 'Bangkok',
        area: 'Bang Na',
        detail: '1 Road',
        postalCode: '10260',
        consigneeName: 'Somchai',
        mobile: '+66 81 234 5678',
      },
      items: [
        {
          sku: 'MUG',
          link: 'https://detail.1688.com/offer/1.html',
          estimatedPrice: 1_000,
          quantity: 10,
        },
      ],
      fees: { domesticFreight: 0, internationalFreight: 0, serviceFee: 0 },
      floatAmount: 500,
      remark: '',
      attachments: [],
      idempotencyKey: randomUUID(),
      language: 'en',
    });
    await approvePurchase(t, purchaser, po);
    await shipPurchase(t, purchaser, {
      purchaseNo: po.purchaseNo,
      tracking: 'SF1',
      actualPrices: [1_200],
      actualFees: { domesticFreight: 0, internationalFreight: 0, serviceFee: 0 },
    });
    app.current = await renderSignedIn(
      `/cmp/purchaseAndWarehouse/purchaseManageDetail?purchaseNo=${po.purchaseNo}`,
      { username: s.email, password: s.password },
      { app: t },
    );
    const detail = await screen.findByTestId('purchase-detail', {}, { timeout: 10_000 });
    expect(within(detail).getByText(words.status.beWait)).toBeTruthy();
    // 120.00 actual against 100.00 + 5.00 allowed.
    expect(within(detail).getByText(/120\.00.*105\.00/)).toBeTruthy();
    await userEvent.click(within(detail).getByRole('button', { name: words.actions.accept }));
    // Shipping now: nothing left to accept, and the returned note is gone.
    await waitFor(
      () => expect(within(detail).queryByRole('button', { name: words.actions.accept })).toBeNull(),
      { timeout: 5_000 },
    );
    expect(within(detail).queryByText(words.status.beWait)).toBeNull();
    const saved = await t.call('GET', `/order/purchaseorder/detail?purchaseNo=${po.purchaseNo}`, {
      token: s.token,
    });
    expect(saved.body.datas).toMatchObject({ status: 'shipping', frozen: 12_000 });
  });
});
