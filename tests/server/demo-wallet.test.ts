import { serviceOrders } from '@server/db/schema/index';
import { verifyCoupons } from '@server/modules/coupons/coupons.service';
import { verifyLedger } from '@server/modules/wallet/ledger-verify';
import { DEMO_ACCOUNT, seedDemo } from '@server/seed/demo';
import { API_CLIENTS, basicClientAuth, HEADERS } from '@shared/contracts/protocol';
import { LEDGER_ENTRY_KINDS } from '@shared/contracts/wallet';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';

/**
 * The demo seller's wallet as `npm start` seeds it: built through the payment, coupon and ledger
 * services, it holds every kind of history the console shows, and every figure reconciles.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ sandboxShops: true });
  await seedDemo(t.deps);
  token = await login(t, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
});
afterAll(() => t.close());

const read = async (path: string, query: Record<string, string> = {}) => {
  const res = await t.call('GET', `${path}?${new URLSearchParams(query)}`, { token });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas;
};

describe('the demo wallet', () => {
  it('reconciles with the journal, and its coupons each went to one order at most', async () => {
    const ledger = await verifyLedger(t, null);
    expect(ledger.violations).toEqual([]);
    const coupons = await verifyCoupons(t, null);
    expect(coupons.violations).toEqual([]);
  });

  it('has every bill type in the last 14 days, and a balance equal to its summary', async () => {
    const history = await read('/api-user/user/balance_record/list', { limit: '100' });
    const kinds = new Set(history.records.map((row: { billType: string }) => row.billType));
    expect([...kinds].sort()).toEqual([...LEDGER_ENTRY_KINDS].sort());
    const summary = await read('/api-user/wallet/summary');
    const thb = summary.wallets.find((wallet: { currency: string }) => wallet.currency === 'THB');
    expect(summary.currency).toBe('THB');
    // The newest row's running figures are the wallet's figures now.
    expect(history.records[0]).toMatchObject({
      balanceAfter: thb.balance,
      availableAfter: thb.available,
      frozenAfter: thb.frozen,
    });
    // 5000 + 3000 + 1500 in; 980 less the coupon's 98 and 500 out; 120, 90 and 60 back; 450 withheld;
    // a freight order of 360 less its 40 coupon; 2400 less 5% (120) frozen. The purchases
    // (server/seed/purchases.ts): one settled at 865; 710, 610, 690 and 370 frozen for the ones
    // shipping, approved, returned and waiting; the rejected and abnormal ones released.
    // The services (server/seed/services.ts): bubble wrap settled at 22 less its 5 coupon, and a
    // sale from overseas stock at 30.
    expect(thb.balance).toBe(
      (5000 + 3000 + 1500 - 882 + 120 - 450 + 90 + 60 - 500 - 320 - 865 - 17 - 30) * 100,
    );
    // Besides, the demo orders processed into service orders have their estimates frozen.
    const services = await t.db
      .select({ frozen: serviceOrders.frozenMinor, status: serviceOrders.status })
      .from(serviceOrders);
    const servicesFrozen = services
      .filter((service) => service.status === 'pending' || service.status === 'processing')
      .reduce((sum, service) => sum + service.frozen, 0);
    expect(thb.frozen).toBe((2280 + 710 + 610 + 690 + 370) * 100 + servicesFrozen);
  });

  it('lists its history newest first, each running balance the next older one plus the change, and exports it so', async () => {
    const history = await read('/api-user/user/balance_record/list', { limit: '100' });
    const records = history.records as {
      createdAt: string;
      change: number;
      availableChange: number;
      balanceAfter: number;
      availableAfter: number;
    }[];
    expect(records.length).toBeGreaterThan(10);
    const times = records.map((row) => Date.parse(row.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const [index, row] of records.slice(0, -1).entries()) {
      const older = records[index + 1];
      expect(row.balanceAfter - row.change, `row ${index}`).toBe(older?.balanceAfter);
      expect(row.availableAfter - row.availableChange, `row ${index}`).toBe(older?.availableAfter);
    }
    const response = await t.app.request('/api-user/user/balance_record/export', {
      method: 'POST',
      headers: {
        [HEADERS.authorization]: basicClientAuth(API_CLIENTS.console),
        [HEADERS.language]: 'en',
        [HEADERS.token]: token,
      },
    });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      Buffer.from(await response.arrayBuffer()) as unknown as ExcelJS.Buffer,
    );
    const exported: number[] = [];
    workbook.worksheets[0]?.eachRow((row, number) => {
      const at = row.getCell(1).value;
      if (number > 1 && at instanceof Date) exported.push(at.getTime());
    });
    expect(exported).toHaveLength(records.length);
    // The sheet's times are wall-clock times of the reader's zone: the same order, one offset.
    const offset = (exported[0] ?? 0) - (times[0] ?? 0);
    expect(exported.map((time) => time - offset)).toEqual(times);
  });

  it('words its remarks in the reader’s language, on screen and in the export', async () => {
    const expected = {
      en: [
        'Warehouse fee, 2026-11',
        '2 pieces returned unused',
        'Downgrade credited',
        'Late delivery to the warehouse',
        'To Kasikorn Bank ••• 4821',
      ],
      zh: [
        '仓储费，2026-11',
        '2 件未使用退回',
        '降级退还',
        '延迟送达仓库',
        '提现至 Kasikorn Bank ••• 4821',
      ],
      th: [
        'ค่าคลังสินค้า 2026-11',
        'คืนสินค้าที่ไม่ได้ใช้ 2 ชิ้น',
        'คืนเงินจากการปรับลดแพ็กเกจ',
        'ส่งถึงคลังสินค้าล่าช้า',
        'ถอนเข้า Kasikorn Bank ••• 4821',
      ],
    };
    for (const language of ['en', 'zh', 'th'] as const) {
      const res = await t.call('GET', '/api-user/user/balance_record/list?limit=100', {
        token,
        language,
      });
      expect(res.body.resp_code, res.text).toBe(0);
      const memos = (res.body.datas.records as { memo: string | null }[])
        .map((row) => row.memo)
        .filter((memo) => memo !== null);
      expect([...memos].sort()).toEqual([...expected[language]].sort());
      const response = await t.app.request('/api-user/user/balance_record/export', {
        method: 'POST',
        headers: {
          [HEADERS.authorization]: basicClientAuth(API_CLIENTS.console),
          [HEADERS.language]: language,
          [HEADERS.token]: token,
        },
      });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(
        Buffer.from(await response.arrayBuffer()) as unknown as ExcelJS.Buffer,
      );
      const exported: string[] = [];
      workbook.worksheets[0]?.eachRow((row, number) => {
        const memo = row.getCell(10).value;
        if (number > 1 && typeof memo === 'string' && memo) exported.push(memo);
      });
      expect(exported).toEqual(memos);
    }
  });

  it('recharged once by each channel, completed', async () => {
    const recharges = await read('/api-user/pay/recharge/list', { limit: '50' });
    expect(
      recharges.records
        .map((row: { channel: string; status: string }) => `${row.channel}:${row.status}`)
        .sort(),
    ).toEqual(['alipay:completed', 'promptpay:completed', 'wechat:completed']);
    const alipay = recharges.records.find((row: { channel: string }) => row.channel === 'alipay');
    // Charged in yuan at the recorded rate, arriving in baht.
    expect(alipay).toMatchObject({ amount: 300000, currency: 'THB', payCurrency: 'CNY' });
    expect(alipay.conversion).toMatchObject({ from: 'THB', to: 'CNY', amount: 300000 });
  });

  it('holds coupons in every state and orders both paid and waiting', async () => {
    const coupons = await read('/api-user/coupon/list');
    expect(coupons.counts.unused).toBeGreaterThan(0);
    expect(coupons.counts.used).toBeGreaterThan(0);
    expect(coupons.counts.expired).toBeGreaterThan(0);
    expect(coupons.counts.freezing).toBeGreaterThan(0);
    const trades = await read('/api-user/pay/trade/list', { limit: '50' });
    const states = trades.records.map((row: { status: string }) => row.status).sort();
    expect(states).toEqual(['paid', 'pending', 'pending']);
  });
});
