import { configValues } from '@server/db/schema/index';
import { seedConfig } from '@server/modules/config/config.service';
import { seedDemo } from '@server/seed/demo';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await makeSeller(t, 'config@example.com', [])).token;
});
afterAll(() => t.close());

const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/;

describe('before any configuration', () => {
  // A database of its own: the file's is configured by the tests below, in whatever order they run.
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp();
  });
  afterAll(() => fresh.close());

  it('answers empty: no customer-service entries, no download address', async () => {
    const { token } = await makeSeller(fresh, 'unconfigured@example.com', []);
    const customer = await fresh.call('GET', '/user-center/dic/getCustomerValue', { token });
    expect(customer.body.resp_code, customer.text).toBe(0);
    expect(customer.body.datas).toEqual([]);
    const app = await fresh.call('GET', '/api-user/public/toDownloadApp?type=android');
    expect(app.body.datas).toEqual({
      type: 'android',
      downloadUrl: null,
      version: null,
      qrCode: null,
    });
  });
});

describe('seeded configuration', () => {
  beforeAll(async () => {
    await seedDemo(t);
  });

  /**
   * Runs a test that edits a seeded value, then puts the value back as seeded: the other tests
   * of the file read the seed, in whatever order they run.
   */
  async function editing(dicType: string, keyName: string, test: () => Promise<void>) {
    const where = and(eq(configValues.dicType, dicType), eq(configValues.keyName, keyName));
    const [seeded] = await t.db.select().from(configValues).where(where);
    if (!seeded) throw new Error(`no seeded ${dicType} ${keyName}`);
    try {
      await test();
    } finally {
      await t.db
        .update(configValues)
        .set({ keyValue: seeded.keyValue, remark: seeded.remark })
        .where(where);
    }
  }

  it('serves the customer-service entries with QR codes for the addresses', async () => {
    const res = await t.call('GET', '/user-center/dic/getCustomerValue', { token });
    expect(res.body.resp_code, res.text).toBe(0);
    const entries = res.body.datas as {
      keyName: string;
      keyValue: string;
      remark: string | null;
      qrCode: string | null;
    }[];
    expect(entries.map((e) => e.keyName)).toEqual([
      'CUSTOMER_OFFICIAL',
      'CUSTOMER_WECHAT',
      'CUSTOMER_MAIL',
      'CUSTOMER_HOTLINE',
    ]);
    const byKey = Object.fromEntries(entries.map((e) => [e.keyName, e]));
    expect(byKey.CUSTOMER_OFFICIAL?.qrCode).toMatch(PNG_DATA_URL);
    expect(byKey.CUSTOMER_WECHAT?.qrCode).toMatch(PNG_DATA_URL);
    expect(byKey.CUSTOMER_WECHAT?.remark).toBeTruthy();
    expect(byKey.CUSTOMER_MAIL).toMatchObject({ keyValue: 'service@example.com', qrCode: null });
    expect(byKey.CUSTOMER_HOTLINE?.keyValue).toMatch(/^\+?[\d ]+$/);
  });

  it('needs a session for customer service', async () => {
    const res = await t.call('GET', '/user-center/dic/getCustomerValue');
    expect(res.status).toBe(401);
  });

  it('tells anyone where each app downloads, with its QR code', async () => {
    for (const type of ['android', 'ios'] as const) {
      const res = await t.call('GET', `/api-user/public/toDownloadApp?type=${type}`, {
        client: false,
      });
      expect(res.body.resp_code, res.text).toBe(0);
      expect(res.body.datas.type).toBe(type);
      expect(res.body.datas.downloadUrl).toMatch(/^https:\/\//);
      expect(res.body.datas.qrCode).toMatch(PNG_DATA_URL);
    }
    const bad = await t.call('GET', '/api-user/public/toDownloadApp?type=windows');
    expect(bad.body.key).toBe('VALIDATION_FAILED');
  });

  it('serves an edited value at once, and seeding again keeps the edit', () =>
    editing('APP_VERSION', 'ANDROID', async () => {
      const edited = 'https://downloads.example.org/seller-2.5.0.apk';
      await t.db
        .update(configValues)
        .set({ keyValue: edited, remark: '2.5.0' })
        .where(and(eq(configValues.dicType, 'APP_VERSION'), eq(configValues.keyName, 'ANDROID')));
      await seedConfig(t, null);
      const res = await t.call('GET', '/api-user/public/toDownloadApp?type=android');
      expect(res.body.datas).toMatchObject({ downloadUrl: edited, version: '2.5.0' });
      const rows = await t.db.select().from(configValues);
      expect(rows).toHaveLength(6);
    }));

  it('shows a configured QR image as it is', () =>
    editing('CUSTOMER', 'CUSTOMER_WECHAT', async () => {
      const image = 'https://cdn.example.org/qr/wechat-service.png';
      await t.db
        .update(configValues)
        .set({ keyValue: image })
        .where(
          and(eq(configValues.dicType, 'CUSTOMER'), eq(configValues.keyName, 'CUSTOMER_WECHAT')),
        );
      const res = await t.call('GET', '/user-center/dic/getCustomerValue', { token });
      const wechat = res.body.datas.find(
        (e: { keyName: string }) => e.keyName === 'CUSTOMER_WECHAT',
      );
      expect(wechat.qrCode).toBe(image);
    }));
});
