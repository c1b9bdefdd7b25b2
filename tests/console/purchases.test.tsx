import { randomUUID } from 'node:crypto';
import type { Actor } from '@server/context';
import { createAccount } from '@server/modules/accounts/accounts.service';
import {
  approvePurchase,
  createPurchase,
  shipPurchase,
} from '@server/modules/purchases/purchases.service';
import { recharge } from '@server/modules/wallet/wallet.service';
import { openWarehouse } from '@server/modules/warehouses/warehouses.service';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { renderSignedIn } from '../support/console';
import { readLocale } from '../support/locales';

const words = readLocale('en', 'purchases');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-21T03:00:00.000Z'));
});
afterAll(() => t.close());

let current: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

async function seller() {
  const email = `po-console-${randomUUID()}@example.com`;
  const made = await makeSeller(t, email, ['Shop A']);
  await t.call('POST', '/api-user/user/onboarding', {
    token: made.token,
    json: { site: 'th', businessType: 'crossBorder' },
  });
  await recharge({ db: t.db, clock: t.clock }, null, {
    ownerId: made.user.id,
    currency: 'THB',
    amount: 500_000,
    reference: { type: 'recharge', id: randomUUID() },
    idempotencyKey: randomUUID(),
  });
  const actor: Actor = {
    userId: made.user.id,
    sessionId: 'test',
    roles: ['BUYER'],
    parentId: null,
    ownerId: made.user.id,
    isMain: true,
    routes: [],
    shopIds: null,
  };
  return { ...made, email, actor };
}

describe('warehouses in the console', () => {
  it('opens a warehouse from the store-open dialog with its quote, and shows it with its charge', async () => {
    const s = await seller();
    current = await renderSignedIn(
      '/cmp/purchaseAndWarehouse/warehouseManage',
      { username: s.email, password: s.password },
      { app: t },
    );
    await screen.findByText(words.warehouse.empty);
    await userEvent.click(screen.getByTestId('warehouse-open'));
    const dialog = await screen.findByTestId('store-open-dialog');
    // 21 November in Bangkok: 10 of 30 days at 450 THB per CBM.
    await within(dialog).findByText(/10 of 30 days of 2026-11/);
    const pay = within(dialog).getByTestId('store-open-pay');
    await waitFor(() => expect(pay.textContent).toMatch(/150\.00/));
    await userEvent.click(pay);
    const card = await screen.findByTestId('warehouse-WH-BKK', {}, { timeout: 8_000 });
    expect(within(card).getByText(words.warehouse.states.normal)).toBeTruthy();
    expect(within(card).getByText(words.warehouse.kinds.open)).toBeTruthy();
  }, 15_000);
});

describe('a returned purchase in the console', () => {
  it('shows why it came back, and Accept ships it with the difference frozen', async () => {
    const s = await seller();
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
    current = await renderSignedIn(
      `/cmp/purchaseAndWarehouse/purchaseManageDetail?purchaseNo=${po.purchaseNo}`,
      { username: s.email, password: s.password },
      { app: t },
    );
    const detail = await screen.findByTestId('purchase-detail');
    expect(within(detail).getByText(words.status.beWait)).toBeTruthy();
    // 120.00 actual against 100.00 + 5.00 allowed.
    expect(within(detail).getByText(/120\.00.*105\.00/)).toBeTruthy();
    await userEvent.click(within(detail).getByRole('button', { name: words.actions.accept }));
    await within(detail).findByText(words.status.shipping);
    const saved = await t.call('GET', `/order/purchaseorder/detail?purchaseNo=${po.purchaseNo}`, {
      token: s.token,
    });
    expect(saved.body.datas).toMatchObject({ status: 'shipping', frozen: 12_000 });
  }, 15_000);
});
