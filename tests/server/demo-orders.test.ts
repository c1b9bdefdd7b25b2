import { DEMO_ACCOUNT, seedDemo } from '@server/seed/demo';
import { DEMO_WAREHOUSE } from '@server/seed/orders';
import { ORDER_TABS } from '@shared/contracts/orders';
import { RETURN_STATUSES } from '@shared/contracts/returns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';

/** The demo seller's orders as `npm start` seeds them: one story with its shops and wallet. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ sandboxShops: 'records' });
  await seedDemo(t.deps);
  token = await login(t, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
});
afterAll(() => t.close());

const read = async (method: 'GET' | 'POST', path: string, json?: unknown) => {
  const res = await t.call(method, path, { token, ...(json ? { json } : {}) });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas;
};

describe('the demo orders', () => {
  it('has synced orders under every status tab, processed orders with their freezes, and a manual order', async () => {
    const counts = await read('POST', '/order/order/status_statistics', {
      beginTime: '2000-01-01 00:00:00',
    });
    for (const tab of ORDER_TABS.filter((tab) => tab !== 'other'))
      expect(counts[tab], tab).toBeGreaterThan(0);
    const pending = await read(
      'GET',
      '/order/order/list?tab=waitDeal&beginTime=2000-01-01%2000:00:00&limit=100',
    );
    const processed = pending.records.filter(
      (order: { service: unknown }) => order.service !== null,
    );
    expect(processed.length).toBeGreaterThan(0);
    const detail = await read('GET', `/order/order/orderDetail?orderId=${processed[0].id}`);
    expect(detail.serviceOrders[0].frozen).toBeGreaterThan(0);
    expect(pending.records.some((order: { source: string }) => order.source === 'manual')).toBe(
      true,
    );
  });

  it('has returns in every tab, signed by the demo warehouse', async () => {
    for (const status of RETURN_STATUSES) {
      const page = await read('GET', `/order/return/list?status=${status}`);
      expect(page.records.length, status).toBeGreaterThan(0);
    }
    const warehouse = await login(t, DEMO_WAREHOUSE.email, DEMO_WAREHOUSE.password);
    const waiting = await t.call('GET', '/order/return/list?status=toSign', { token: warehouse });
    expect(waiting.body.datas.records.length).toBeGreaterThan(0);
  });
});
