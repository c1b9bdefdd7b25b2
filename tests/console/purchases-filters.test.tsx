import { randomUUID } from 'node:crypto';
import { warehouses } from '@server/db/schema/index';
import { grantCoupon } from '@server/modules/coupons/coupons.service';
import { createPurchase, openServicePurchase } from '@server/modules/purchases/purchases.service';
import { addShop } from '@server/modules/shops/shops.service';
import { openWarehouse } from '@server/modules/warehouses/warehouses.service';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSignedIn } from '../support/console';
import { fundedSeller, registerPurchasesApp, words } from './purchases-harness';

const app = registerPurchasesApp();

beforeAll(() => {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
  });
});
afterAll(() => {
  Reflect.deleteProperty(document, 'fonts');
});

/** The options an opened select lists (jsdom keeps them in their hidden first frame). */
function offeredBy(select: HTMLElement): (string | null)[] {
  const list = document.getElementById(select.getAttribute('aria-controls') ?? '');
  if (!list) throw new Error('the list is not open');
  return within(list)
    .queryAllByRole('option', { hidden: true })
    .map((option) => option.textContent);
}

/** Opens a select and picks the option of this name. */
async function pick(select: HTMLElement, name: string) {
  await waitFor(
    async () => {
      if (select.getAttribute('aria-expanded') !== 'true') await userEvent.click(select);
      expect(offeredBy(select)).toContain(name);
    },
    { timeout: 5_000 },
  );
  const list = document.getElementById(select.getAttribute('aria-controls') ?? '');
  await userEvent.click(within(list as HTMLElement).getByRole('option', { name, hidden: true }));
}

const shown = (table: HTMLElement) =>
  within(table)
    .queryAllByRole('link')
    .map((link) => link.textContent);

const request = (shopId: string, warehouseId: string) => ({
  type: 'crossStoreSupplement' as const,
  shopId,
  warehouseId,
  expressType: 'ocean' as const,
  shippingType: 'homeDelivery' as const,
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
      quantity: 2,
    },
  ],
  fees: { domesticFreight: 0, internationalFreight: 0, serviceFee: 0 },
  floatAmount: 0,
  remark: '',
  attachments: [],
  language: 'en' as const,
});

describe('the purchase list filters and a request opened by processing', () => {
  it('filters by warehouse and shop through the address, and shows a processed request’s service and platform numbers', async () => {
    const { t } = app;
    const s = await fundedSeller(t);
    const shopB = await addShop(
      t,
      { ownerId: s.user.id },
      {
        platform: 'shopee',
        site: 'th',
        externalId: `${s.email}-b`,
        name: 'Shop B',
        shopType: 'crossBorder',
      },
    );
    const open = (volume: number) =>
      openWarehouse(t.deps, s.actor, {
        site: 'th',
        volume,
        pay: true,
        idempotencyKey: randomUUID(),
        language: 'en',
      });
    const first = (await open(1)).warehouse?.id ?? '';
    const second = (await open(2)).warehouse?.id ?? '';
    const shopA = s.shops[0]?.id ?? '';
    const create = async (shopId: string, warehouseId: string) =>
      (
        await createPurchase(t, s.actor, {
          ...request(shopId, warehouseId),
          idempotencyKey: randomUUID(),
        })
      ).purchaseNo;
    const inFirst = await create(shopA, first);
    const inSecond = await create(shopA, second);
    const ofShopB = await create(shopB.id, first);
    const funded = await openServicePurchase(t, s.actor, {
      serviceNo: 'SV261121ABCDE12345',
      platformNo: 'LZ-778899',
      shopId: shopA,
      site: 'th',
      currency: 'THB',
      fees: {
        purchase: 2_000,
        domesticFreight: 500,
        internationalFreight: 900,
        service: 300,
        consumables: 100,
      },
      discount: 0,
      frozen: 3_800,
      items: [
        {
          name: 'Rice cooker',
          sku: 'RICE-1',
          quantity: 1,
          purchaseUrl: 'https://detail.1688.com/offer/2.html',
          purchasePrice: 2_000,
          purchaseCurrency: 'THB',
        },
      ],
      receiver: { name: 'Nattaya', phone: '0891234567', address: '88 Rama IX Road' },
    });

    app.current = await renderSignedIn(
      '/cmp/purchaseAndWarehouse/purchaseManage',
      { username: s.email, password: s.password },
      { app: t },
    );
    const table = await screen.findByTestId('purchase-table', {}, { timeout: 10_000 });
    await waitFor(() => expect(shown(table)).toHaveLength(4), { timeout: 5_000 });
    const router = (
      app.current as unknown as { router: { state: { location: { search: object } } } }
    ).router;

    await pick(screen.getByTestId('purchase-filter-warehouse'), 'WH-BKK-2');
    await waitFor(() => expect(shown(table)).toEqual([inSecond]), { timeout: 5_000 });
    expect(router.state.location.search).toMatchObject({ warehouseId: second });

    await pick(screen.getByTestId('purchase-filter-warehouse'), words.list.allWarehouses);
    await pick(screen.getByTestId('purchase-filter-shop'), 'Shop B');
    await waitFor(() => expect(shown(table)).toEqual([ofShopB]), { timeout: 5_000 });
    expect(router.state.location.search).toEqual({ shopId: shopB.id });
    expect(shown(table)).not.toContain(inFirst);

    // The processed order's request: its service and platform numbers, and what pays for it.
    await pick(screen.getByTestId('purchase-filter-shop'), words.list.allShops);
    await waitFor(() => expect(shown(table)).toContain(funded.purchaseNo), { timeout: 5_000 });
    await userEvent.click(within(table).getByRole('link', { name: funded.purchaseNo }));
    const detail = await screen.findByTestId('purchase-detail', {}, { timeout: 5_000 });
    expect(within(detail).getAllByText('SV261121ABCDE12345').length).toBeGreaterThan(0);
    expect(within(detail).getAllByText('LZ-778899').length).toBeGreaterThan(0);
    expect(within(detail).getByTestId('purchase-funded').textContent).toBe(
      words.messages.fundedByService
        .replace('{{platformNo}}', 'LZ-778899')
        .replace('{{serviceNo}}', 'SV261121ABCDE12345'),
    );
    expect(within(detail).getByText(words.types.crossSale)).toBeTruthy();
  });

  it('renews an expired warehouse with a renew-scope coupon judged on the renewal amount', async () => {
    const { t } = app;
    const s = await fundedSeller(t);
    const opened = await openWarehouse(t.deps, s.actor, {
      site: 'th',
      volume: 2,
      pay: true,
      idempotencyKey: randomUUID(),
      language: 'en',
    });
    const id = opened.warehouse?.id ?? '';
    // As the monthly job leaves a warehouse whose fee went unpaid (tested at the server).
    await t.db.update(warehouses).set({ state: 'expired' }).where(eq(warehouses.id, id));
    // 2 CBM at 450.00 for 10 of November's 30 days: 300.00.
    const grant = (en: string, scope: 'openWarehouse' | 'upgradeWarehouse', threshold: number) =>
      grantCoupon(t, null, {
        ownerId: s.user.id,
        name: { zh: en, th: en, en },
        type: 'cash',
        scope,
        currency: 'THB',
        threshold,
        maxOffset: 2_500,
        percentOff: null,
        validFrom: new Date('2026-11-01T00:00:00Z'),
        validTo: new Date('2026-12-31T00:00:00Z'),
      });
    await grant('Renew 25', 'openWarehouse', 30_000);
    await grant('Too high', 'openWarehouse', 30_001);
    await grant('Upgrade only', 'upgradeWarehouse', 0);

    app.current = await renderSignedIn(
      '/cmp/purchaseAndWarehouse/warehouseManage',
      { username: s.email, password: s.password },
      { app: t },
    );
    await userEvent.click(await screen.findByTestId('warehouse-renew', {}, { timeout: 10_000 }));
    const dialog = await screen.findByTestId('warehouse-renew-dialog');
    const submit = within(dialog).getByTestId('warehouse-renew-submit');
    await waitFor(() => expect(submit.textContent).toBe('Pay ฿300.00'), { timeout: 5_000 });
    const coupon = within(dialog).getByLabelText(words.fields.coupon);
    await waitFor(
      async () => {
        if (coupon.getAttribute('aria-expanded') !== 'true') await userEvent.click(coupon);
        expect(offeredBy(coupon)).toEqual(['Renew 25 (−฿25.00)']);
      },
      { timeout: 5_000 },
    );
    await pick(coupon, 'Renew 25 (−฿25.00)');
    await waitFor(() => expect(submit.textContent).toBe('Pay ฿275.00'));
    await userEvent.click(submit);
    await waitFor(() => expect(screen.queryByTestId('warehouse-renew-dialog')).toBeNull(), {
      timeout: 5_000,
    });
    const list = await t.call('GET', '/api-user/warehouse/list', { token: s.token });
    const renewed = list.body.datas.records.find((w: { id: string }) => w.id === id);
    expect(renewed).toMatchObject({ state: 'normal' });
    expect(renewed.charges.find((c: { kind: string }) => c.kind === 'renew')).toMatchObject({
      amount: 30_000,
    });
    const trades = await t.call('GET', '/api-user/pay/trade/list?status=paid&limit=10', {
      token: s.token,
    });
    // The opening and the renewal were paid at the same (test) time: compared without their order.
    const paid = (trades.body.datas.records as { amount: number; discount: number }[])
      .map((trade) => [trade.amount, trade.discount])
      .sort((a, b) => (a[1] ?? 0) - (b[1] ?? 0));
    expect(paid).toEqual([
      [30_000, 0],
      [30_000, 2_500],
    ]);
  });
});
