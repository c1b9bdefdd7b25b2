import { serviceOrders } from '@server/db/schema/index';
import { DEMO_ACCOUNT, seedDemo } from '@server/seed/demo';
import { DEMO_OPERATORS } from '@server/seed/purchases';
import { PURCHASE_STATUSES } from '@shared/contracts/purchases';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';

/** The demo's purchases and warehouses tell one story with its wallet. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ sandboxShops: true });
  await seedDemo(t.deps);
  token = await login(t, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
});
afterAll(() => t.close());

const read = async (path: string, as = token) => {
  const res = await t.call('GET', path, { token: as });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas;
};

describe('the demo purchases and warehouses', () => {
  it('hold the purchases the wallet names, as the journal has them, and one in every status', async () => {
    const cancelled = await read('/order/purchaseorder/detail?purchaseNo=PO2026110002');
    expect(cancelled).toMatchObject({ status: 'cancel', estimatedTotal: 64_000, frozen: 0 });
    const waiting = await read('/order/purchaseorder/detail?purchaseNo=PO2026110003');
    expect(waiting).toMatchObject({
      status: 'waitAudit',
      estimatedTotal: 240_000,
      discount: 12_000,
      frozen: 228_000,
    });
    const summary = await read('/api-user/wallet/summary');
    const thb = summary.wallets.find((w: { currency: string }) => w.currency === 'THB');
    const statuses = new Set<string>();
    let frozen = 0;
    // Requests opened by the demo's order processing show their service order's freeze.
    const funded = new Map<string, number>();
    for (const tab of [
      'waitAudit',
      'waitShip',
      'shipping',
      'complete',
      'abort',
      'cancel',
      'fail',
    ]) {
      const page = await read(`/order/purchaseorder/list?tab=${tab}&limit=100`);
      for (const row of page.records) {
        statuses.add(row.status);
        const detail = await read(`/order/purchaseorder/detail?purchaseNo=${row.purchaseNo}`);
        if (detail.fundedByService) funded.set(detail.serviceNo, detail.frozen);
        else frozen += detail.frozen;
      }
    }
    expect([...statuses].sort()).toEqual([...PURCHASE_STATUSES].sort());
    // What the purchases hold is what the wallet has frozen, beside the demo orders' service
    // orders and the demo services still open, with their estimates frozen (server/seed/orders.ts,
    // server/seed/services.ts).
    const services = await t.db
      .select({ serviceNo: serviceOrders.serviceNo, frozen: serviceOrders.frozenMinor })
      .from(serviceOrders)
      .where(inArray(serviceOrders.status, ['pending', 'processing']));
    const servicesFrozen = services.reduce((sum, service) => sum + service.frozen, 0);
    expect(servicesFrozen).toBeGreaterThan(0);
    // The processed demo order's crossSale service opened its purchase, paid by the same freeze.
    expect(funded.size).toBe(1);
    for (const [serviceNo, held] of funded)
      expect(services.find((service) => service.serviceNo === serviceNo)?.frozen).toBe(held);
    expect(frozen + servicesFrozen).toBe(thb.frozen);
  });

  it('has warehouses in every state, and paying the pending order opens the second Bangkok warehouse', async () => {
    const list = await read('/api-user/warehouse/list');
    const states = Object.fromEntries(
      list.records.map((w: { code: string; state: string }) => [w.code, w.state]),
    );
    expect(states).toEqual({
      'WH-BKK': 'insufficient',
      'WH-BKK-2': 'pending',
      'WH-CAN': 'normal',
      'WH-KUL': 'expired',
      'WH-SIN': 'closed',
    });
    const bangkok = list.records.find((w: { code: string }) => w.code === 'WH-BKK');
    expect(bangkok.charges[0]).toMatchObject({ reference: 'WH-BKK-2026-11', amount: 45_000 });
    const trades = await read('/api-user/pay/trade/list?status=pending&limit=50');
    const open = trades.records.find(
      (r: { title: string }) => r.title === 'Open the Bangkok warehouse (2 CBM)',
    );
    expect(open).toBeTruthy();
    const paid = await t.call('POST', '/api-user/pay/orderTrading', {
      token,
      json: { tradeNo: open.tradeNo, method: 'wallet' },
      headers: { 'Idempotency-Key': 'demo-test-pay-bangkok-2' },
    });
    expect(paid.body.resp_code, paid.text).toBe(0);
    const after = await read('/api-user/warehouse/list?site=th');
    expect(after.records.find((w: { code: string }) => w.code === 'WH-BKK-2')).toMatchObject({
      state: 'normal',
      volume: 2,
    });
  });

  it('lets the demo purchaser see every request to audit', async () => {
    const purchaser = await login(
      t,
      DEMO_OPERATORS.purchaser.email,
      DEMO_OPERATORS.purchaser.password,
    );
    const page = await read('/order/purchaseorder/list?tab=waitAudit&limit=100', purchaser);
    expect(page.records.map((r: { purchaseNo: string }) => r.purchaseNo)).toContain('PO2026110003');
    // The operators go straight into the console: no seller onboarding stands in their way.
    for (const operator of Object.values(DEMO_OPERATORS)) {
      const session = await login(t, operator.email, operator.password);
      expect(await read('/api-user/user/loginCheck', session)).not.toBeNull();
    }
    const inventory = await read(
      `/api-user/warehouse/inventory?id=${(await read('/api-user/warehouse/list?site=th')).records[0].id}`,
    );
    expect(inventory.records.length).toBeGreaterThan(0);
  });
});
