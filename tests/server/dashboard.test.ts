import {
  ORDER_SUMMARY_KEYS,
  PRODUCT_SUMMARY_KEYS,
  PURCHASE_SUMMARY_KEYS,
} from '@shared/contracts/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
let seller: Awaited<ReturnType<typeof makeSeller>>;

beforeAll(async () => {
  t = await createTestApp();
  seller = await makeSeller(t, 'dashboard@example.com', ['Siam Shop', 'Gadget Hub']);
});
afterAll(() => t.close());

const zeros = (keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, 0]));

describe('status summaries', () => {
  it('count every product, order and purchase status, zero while there are none', async () => {
    const products = await t.call('GET', '/product/product/status/summary', {
      token: seller.token,
    });
    expect(products.body.resp_code, products.text).toBe(0);
    expect(products.body.datas).toEqual(zeros(PRODUCT_SUMMARY_KEYS));
    expect(Object.keys(products.body.datas)).toEqual(
      expect.arrayContaining(['wait', 'pushing', 'online', 'offline', 'fail']),
    );

    const orders = await t.call('GET', '/order/order/status/summary', { token: seller.token });
    expect(orders.body.datas).toEqual({ pending: 0, processing: 0, logistics: 0 });
    expect(Object.keys(orders.body.datas).sort()).toEqual([...ORDER_SUMMARY_KEYS].sort());

    const purchases = await t.call('GET', '/order/purchaseorder/status/summary', {
      token: seller.token,
    });
    expect(purchases.body.datas).toEqual(zeros(PURCHASE_SUMMARY_KEYS));
    expect(purchases.body.datas).toMatchObject({ waitAudit: 0, waitShip: 0, shipping: 0 });
  });

  it('take the shop name and payment range of spec section 3, and check them', async () => {
    const query = new URLSearchParams({
      oauthName: 'Siam',
      payBeginTime: '2026-10-20 00:00:00',
      payEndTime: '2026-11-02 23:59:59',
      timeZone: 'Asia/Bangkok',
    });
    const ok = await t.call('GET', `/order/order/status/summary?${query}`, {
      token: seller.token,
    });
    expect(ok.body.resp_code, ok.text).toBe(0);
    expect(ok.body.datas).toEqual({ pending: 0, processing: 0, logistics: 0 });

    const bad = await t.call(
      'GET',
      '/product/product/status/summary?payBeginTime=2026-10-20&timeZone=Mars%2FOlympus',
      { token: seller.token },
    );
    expect(bad.body.key).toBe('VALIDATION_FAILED');
    expect(bad.body.datas.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'payBeginTime',
      'timeZone',
    ]);
  });

  it('need a session, and the list page the counts are of', async () => {
    const anonymous = await t.call('GET', '/order/order/status/summary');
    expect(anonymous.status).toBe(401);
    const sub = await makeSubAccount(
      t,
      seller.token,
      'dashboard-sub@example.com',
      [],
      [{ url: '/purchaseAndWarehouse/purchaseManage', buttons: [] }],
    );
    const orders = await t.call('GET', '/order/order/status/summary', { token: sub.token });
    expect(orders.body.key).toBe('PERMISSION_DENIED');
    const products = await t.call('GET', '/product/product/status/summary', { token: sub.token });
    expect(products.body.key).toBe('PERMISSION_DENIED');
    const purchases = await t.call('GET', '/order/purchaseorder/status/summary', {
      token: sub.token,
    });
    expect(purchases.body.resp_code, purchases.text).toBe(0);
  });
});

describe('order trend', () => {
  it('covers the last 14 days from 00:00:00 in the reader’s time zone, today last', async () => {
    // 20:00 UTC on 10 March is already 03:00 on 11 March in Bangkok (UTC+7).
    t.clock.set(new Date('2026-03-10T20:00:00.000Z'));
    const bangkok = await t.call('GET', '/order/order/trend?timeZone=Asia%2FBangkok', {
      token: seller.token,
    });
    expect(bangkok.body.resp_code, bangkok.text).toBe(0);
    const trend = bangkok.body.datas;
    expect(trend.timeZone).toBe('Asia/Bangkok');
    expect(trend.days).toHaveLength(14);
    expect(trend.days[0]).toBe('2026-02-26');
    expect(trend.days.at(-1)).toBe('2026-03-11');
    expect(trend.from).toBe('2026-02-25T17:00:00.000Z');
    expect(trend.to).toBe('2026-03-11T17:00:00.000Z');
    expect(trend.series).toEqual([]);

    const utc = await t.call('GET', '/order/order/trend?timeZone=UTC', { token: seller.token });
    expect(utc.body.datas.days[0]).toBe('2026-02-25');
    expect(utc.body.datas.days.at(-1)).toBe('2026-03-10');
    expect(utc.body.datas.from).toBe('2026-02-25T00:00:00.000Z');
  });

  it('counts days, not 24-hour steps, across a clock change', async () => {
    // London moves to summer time on 29 March 2026: that day has 23 hours.
    t.clock.set(new Date('2026-04-02T12:00:00.000Z'));
    const london = await t.call('GET', '/order/order/trend?timeZone=Europe%2FLondon', {
      token: seller.token,
    });
    const { days, from, to } = london.body.datas;
    expect(days).toHaveLength(14);
    expect(new Set(days).size).toBe(14);
    expect(days[0]).toBe('2026-03-20');
    expect(from).toBe('2026-03-20T00:00:00.000Z');
    expect(to).toBe('2026-04-02T23:00:00.000Z');
  });

  it('uses the account’s site zone when the reader sends none', async () => {
    t.clock.set(new Date('2026-03-10T20:00:00.000Z'));
    const res = await t.call('GET', '/order/order/trend', { token: seller.token });
    expect(res.body.datas.timeZone).toBe('Asia/Bangkok');
    expect(res.body.datas.days.at(-1)).toBe('2026-03-11');
  });
});
