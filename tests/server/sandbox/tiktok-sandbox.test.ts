import type { DatabaseHandle } from '@server/db/client';
import { sandboxOrders, sandboxProducts } from '@server/db/schema/index';
import { SANDBOX_CREDENTIALS } from '@server/integrations/marketplace/marketplace.config';
import { tiktokSign } from '@server/integrations/tiktok/tiktok.sign';
import { createLogger } from '@server/lib/logger';
import { ensureSandboxSellers, seededRandom } from '@server/sandbox/marketplace/data';
import { type SandboxShop, shopById } from '@server/sandbox/marketplace/store';
import { tiktokSandbox } from '@server/sandbox/tiktok/tiktok.sandbox';
import { decimalToMinor } from '@shared/contracts/money';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../../support/clock';
import { createTestDatabase } from '../../support/database';

const { appKey: APP_KEY, appSecret: SECRET, serviceId: SERVICE_ID } = SANDBOX_CREDENTIALS.tiktok;
const CALLBACK = 'https://console.example.com/tiktok/callback';
const DAY = 24 * 60 * 60 * 1000;

let database: DatabaseHandle;
const clock = createManualClock();
const app = new Hono();

beforeAll(async () => {
  database = await createTestDatabase();
  app.route(
    '/tiktok',
    tiktokSandbox.createApp({
      db: database.db,
      clock,
      logger: createLogger({ write: () => {} }),
      publicUrl: 'http://sandbox.test',
      app: { key: APP_KEY, secret: SECRET, serviceId: SERVICE_ID },
      callbackUrl: CALLBACK,
    }),
  );
  await ensureSandboxSellers(database.db, clock, [tiktokSandbox]);
});
afterAll(() => database.close());
beforeEach(() => clock.advance(1000));

const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields),
});

async function codeFor(sellerId: string, state = 's'): Promise<string> {
  const answer = await app.request(
    '/tiktok/services/open/authorize',
    form({ service_id: SERVICE_ID, state, sellerId }),
  );
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location') ?? '').searchParams.get('code') ?? '';
}

async function tokenGet(query: Record<string, string>) {
  const answer = await app.request(`/tiktok/auth/api/v2/token/get?${new URLSearchParams(query)}`);
  return answer.json() as Promise<{
    code: number;
    message: string;
    data?: Record<string, unknown>;
  }>;
}

async function accessToken(sellerId: string): Promise<string> {
  const answer = await tokenGet({
    app_key: APP_KEY,
    app_secret: SECRET,
    auth_code: await codeFor(sellerId),
    grant_type: 'authorized_code',
  });
  return String(answer.data?.access_token);
}

/** A Partner API call signed by hand, as TikTok's guide describes it. */
async function call(
  method: string,
  path: string,
  options: {
    token?: string | null;
    query?: Record<string, string>;
    body?: string;
    signedBody?: string;
    secret?: string;
    timestamp?: number;
    contentType?: string;
  } = {},
) {
  const query = {
    app_key: APP_KEY,
    timestamp: String(options.timestamp ?? nowSeconds()),
    ...options.query,
  };
  const body = options.body ?? null;
  const sign = tiktokSign(options.secret ?? SECRET, path, query, options.signedBody ?? body);
  const headers: Record<string, string> = {
    'content-type': options.contentType ?? 'application/json',
  };
  if (options.token) headers['x-tts-access-token'] = options.token;
  const answer = await app.request(
    `/tiktok/open-api${path}?${new URLSearchParams({ ...query, sign })}`,
    { method, headers, ...(body === null ? {} : { body }) },
  );
  return {
    status: answer.status,
    body: (await answer.json()) as {
      code: number;
      message: string;
      request_id: string;
      data?: Record<string, unknown>;
    },
  };
}

async function shop(shopId: string): Promise<SandboxShop> {
  const found = await shopById(database.db, 'tiktok', shopId);
  if (!found) throw new Error(`no shop ${shopId}`);
  return found;
}

describe('TikTok Shop sandbox: seeds and records', () => {
  it('starts with the demo, multi-market and cross-border sellers', () => {
    expect(tiktokSandbox.platform).toBe('tiktok');
    expect(
      tiktokSandbox.sellers.map((seller) => ({
        id: seller.id,
        login: seller.login,
        country: seller.country,
        shops: seller.shops.map((entry) => [
          entry.shopId,
          entry.site,
          entry.cipher,
          entry.data?.seller_type,
        ]),
      })),
    ).toEqual([
      {
        id: 'tiktok-demo',
        login: 'demo@tiktok.sandbox',
        country: 'th',
        shops: [['7494000101', 'th', 'ROW_demoTH0101', 'LOCAL']],
      },
      {
        id: 'tiktok-multi',
        login: 'multi@tiktok.sandbox',
        country: 'my',
        shops: [
          ['7494000201', 'my', 'ROW_multiMY0201', 'LOCAL'],
          ['7494000202', 'sg', 'ROW_multiSG0202', 'LOCAL'],
        ],
      },
      {
        id: 'tiktok-cb',
        login: 'cb@tiktok.sandbox',
        country: 'cn',
        shops: [['7494000301', 'th', 'ROW_cbTH0301', 'CROSS_BORDER']],
      },
    ]);
    expect(tiktokSandbox.sellers[0]?.name).toBe('Demo TikTok Seller');
    expect(tiktokSandbox.orderStatuses).toEqual([
      'UNPAID',
      'ON_HOLD',
      'AWAITING_SHIPMENT',
      'PARTIALLY_SHIPPING',
      'AWAITING_COLLECTION',
      'IN_TRANSIT',
      'DELIVERED',
      'COMPLETED',
      'CANCELLED',
    ]);
    expect(tiktokSandbox.productStatuses[0]).toBe('ACTIVATE');
    expect(tiktokSandbox.productStatuses).toContain('PLATFORM_DEACTIVATED');
  });

  it('builds orders deterministically, priced in the shop currency, with consistent totals', async () => {
    const input = (site: SandboxShop, seed: number) => ({
      shop: site,
      id: '576000000000000001',
      status: 'AWAITING_SHIPMENT',
      createdAt: new Date('2026-10-01T03:00:00Z'),
      updatedAt: new Date('2026-10-01T04:30:00Z'),
      random: seededRandom(String(seed)),
    });
    const th = await shop('7494000101');
    const order = tiktokSandbox.buildOrder(input(th, 7));
    expect(tiktokSandbox.buildOrder(input(th, 7))).toEqual(order);
    expect(tiktokSandbox.buildOrder(input(th, 8))).not.toEqual(order);
    expect(order).toMatchObject({
      id: '576000000000000001',
      status: 'AWAITING_SHIPMENT',
      create_time: Date.parse('2026-10-01T03:00:00Z') / 1000,
      update_time: Date.parse('2026-10-01T04:30:00Z') / 1000,
      payment: { currency: 'THB' },
      recipient_address: { region_code: 'TH' },
    });
    const payment = order.payment as Record<string, string>;
    const lines = order.line_items as Array<Record<string, unknown>>;
    const minor = (value: unknown) => decimalToMinor(String(value), 'THB') ?? Number.NaN;
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.currency === 'THB' && minor(line.sale_price) > 0)).toBe(true);
    expect(lines.reduce((sum, line) => sum + minor(line.sale_price), 0)).toBe(
      minor(payment.sub_total),
    );
    expect(minor(payment.sub_total) + minor(payment.shipping_fee)).toBe(
      minor(payment.total_amount),
    );

    const vnd = { ...th, site: 'vn' };
    expect(tiktokSandbox.buildOrder(input(vnd, 7)).payment).toMatchObject({ currency: 'VND' });
    const sg = await shop('7494000202');
    const sgOrder = tiktokSandbox.buildOrder(input(sg, 7));
    expect(sgOrder.payment).toMatchObject({ currency: 'SGD' });
    expect(String((sgOrder.payment as Record<string, unknown>).total_amount)).toMatch(
      /^\d+\.\d{2}$/,
    );
  });

  it('moves an order to a status at a time, with what that status brings', async () => {
    const th = await shop('7494000101');
    const order = tiktokSandbox.buildOrder({
      shop: th,
      id: '576000000000000002',
      status: 'UNPAID',
      createdAt: new Date('2026-10-01T03:00:00Z'),
      updatedAt: new Date('2026-10-01T03:00:00Z'),
      random: seededRandom(String(3)),
    });
    expect(order.paid_time).toBeUndefined();
    const at = new Date('2026-10-02T08:00:00Z');
    const shipped = tiktokSandbox.withOrderStatus(order, 'IN_TRANSIT', at);
    expect(shipped).toMatchObject({
      status: 'IN_TRANSIT',
      update_time: at.getTime() / 1000,
      paid_time: at.getTime() / 1000,
      shipping_provider: 'Flash Express',
    });
    expect(shipped.tracking_number).toMatch(/^TH\d{12}$/);
    expect(
      (shipped.line_items as Array<Record<string, unknown>>).every(
        (line) => line.display_status === 'IN_TRANSIT',
      ),
    ).toBe(true);
    expect(order.status).toBe('UNPAID');
    const cancelled = tiktokSandbox.withOrderStatus(order, 'CANCELLED', at);
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancellation_initiator: 'BUYER' });
  });

  it('builds products with priced SKUs, stock in the shop warehouse and a category chain', async () => {
    const my = await shop('7494000201');
    const input = () => ({
      shop: my,
      id: '1729000000000000777',
      status: 'SELLER_DEACTIVATED',
      createdAt: new Date('2026-09-01T00:00:00Z'),
      updatedAt: new Date('2026-09-05T00:00:00Z'),
      random: seededRandom(String(11)),
    });
    const product = tiktokSandbox.buildProduct(input());
    expect(tiktokSandbox.buildProduct(input())).toEqual(product);
    expect(
      tiktokSandbox.buildProduct({ ...input(), random: seededRandom(String(12)) }),
    ).not.toEqual(product);
    expect(product).toMatchObject({
      id: '1729000000000000777',
      status: 'SELLER_DEACTIVATED',
      update_time: Date.parse('2026-09-05T00:00:00Z') / 1000,
    });
    const chain = product.category_chains as Array<{ is_leaf: boolean }>;
    expect(chain.at(-1)?.is_leaf).toBe(true);
    const skus = product.skus as Array<{
      seller_sku: string;
      price: { currency: string; sale_price: string };
      inventory: Array<{ warehouse_id: string; quantity: number }>;
    }>;
    expect(skus.length).toBeGreaterThan(1);
    for (const sku of skus) {
      expect(sku.price.currency).toBe('MYR');
      expect(decimalToMinor(sku.price.sale_price, 'MYR')).toBeGreaterThan(0);
      expect(sku.inventory[0]?.warehouse_id).toBe('73749400020101');
    }
    expect(new Set(skus.map((sku) => sku.seller_sku)).size).toBe(skus.length);
  });
});

describe('TikTok Shop sandbox: authorization and tokens', () => {
  it('shows the seller accounts for its own service id only', async () => {
    const page = await app.request(
      `/tiktok/services/open/authorize?service_id=${SERVICE_ID}&state=abc`,
      { headers: { 'accept-language': 'th-TH' } },
    );
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const seller of ['tiktok-demo', 'tiktok-multi', 'tiktok-cb'])
      expect(html).toContain(`data-seller="${seller}"`);
    expect(html).toContain('บัญชีผู้ขาย');
    const other = await app.request('/tiktok/services/open/authorize?service_id=999&state=abc');
    expect(other.status).toBe(400);
    const unknown = await app.request(
      '/tiktok/services/open/authorize',
      form({ service_id: SERVICE_ID, state: 'x', sellerId: 'nobody' }),
    );
    expect(unknown.status).toBe(400);
  });

  it('redirects a consent with app_key, code, locale, shop_region and state', async () => {
    const answer = await app.request('/tiktok/services/open/authorize', {
      ...form({ service_id: SERVICE_ID, state: 'st-1', sellerId: 'tiktok-cb' }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'accept-language': 'zh-CN',
      },
    });
    const location = new URL(answer.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      app_key: APP_KEY,
      code: expect.stringMatching(/^[0-9a-f]{32}$/),
      locale: 'zh-CN',
      shop_region: 'CN',
      state: 'st-1',
    });
  });

  it('issues tokens with absolute expiry, and refuses wrong app credentials and codes', async () => {
    const wrongSecret = await tokenGet({
      app_key: APP_KEY,
      app_secret: 'nope',
      auth_code: await codeFor('tiktok-demo'),
      grant_type: 'authorized_code',
    });
    expect(wrongSecret.code).toBe(36009004);
    const code = await codeFor('tiktok-demo');
    const wrongGrant = await tokenGet({
      app_key: APP_KEY,
      app_secret: SECRET,
      auth_code: code,
      grant_type: 'authorization_code',
    });
    expect(wrongGrant.code).toBe(101000);
    const issued = await tokenGet({
      app_key: APP_KEY,
      app_secret: SECRET,
      auth_code: code,
      grant_type: 'authorized_code',
    });
    expect(issued).toMatchObject({
      code: 0,
      message: 'success',
      data: {
        access_token_expire_in: nowSeconds() + 7 * 24 * 3600,
        refresh_token_expire_in: nowSeconds() + 365 * 24 * 3600,
        seller_name: 'Demo TikTok Seller',
        seller_base_region: 'TH',
        user_type: 0,
      },
    });
    expect(issued.data?.granted_scopes).toContain('seller.order.info');
    const again = await tokenGet({
      app_key: APP_KEY,
      app_secret: SECRET,
      auth_code: code,
      grant_type: 'authorized_code',
    });
    expect(again).toMatchObject({ code: 36004004, message: 'invalid auth code' });

    const refreshed = await app.request(
      `/tiktok/auth/api/v2/token/refresh?${new URLSearchParams({
        app_key: APP_KEY,
        app_secret: SECRET,
        refresh_token: String(issued.data?.refresh_token),
        grant_type: 'refresh_token',
      })}`,
    );
    const body = (await refreshed.json()) as { code: number; data: Record<string, unknown> };
    expect(body.code).toBe(0);
    expect(body.data.refresh_token_expire_in).toBe(issued.data?.refresh_token_expire_in);
    expect(body.data.open_id).toBe(issued.data?.open_id);
  });
});

describe('TikTok Shop sandbox: the Partner API gateway', () => {
  it('answers a correctly signed call in TikTok’s envelope', async () => {
    const token = await accessToken('tiktok-multi');
    const answer = await call('GET', '/authorization/202309/shops', { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 0, message: 'Success' });
    expect(answer.body.request_id).toMatch(/^\d{14}[0-9A-F]{20}$/);
    expect(answer.body.data?.shops).toEqual([
      {
        id: '7494000201',
        name: 'Multi TikTok Shop MY',
        region: 'MY',
        seller_type: 'LOCAL',
        cipher: 'ROW_multiMY0201',
        code: 'MYLCMULT0201',
      },
      {
        id: '7494000202',
        name: 'Multi TikTok Shop SG',
        region: 'SG',
        seller_type: 'LOCAL',
        cipher: 'ROW_multiSG0202',
        code: 'SGLCMULT0202',
      },
    ]);
  });

  it('checks app_key, sign, timestamp window and token in TikTok’s codes', async () => {
    const token = await accessToken('tiktok-demo');
    const path = '/logistics/202309/warehouses';
    const query = { shop_cipher: 'ROW_demoTH0101' };
    expect((await call('GET', path, { token, query })).body.code).toBe(0);
    expect(
      (await call('GET', path, { token, query: { ...query, app_key: 'other' } })).body,
    ).toMatchObject({ code: 36009004, message: 'Invalid app_key' });
    expect((await call('GET', path, { token, query, secret: 'wrong-secret' })).body).toMatchObject({
      code: 106001,
      message: 'Invalid sign',
    });
    // The window is [now - 5 min, now + 30 s].
    expect(
      (await call('GET', path, { token, query, timestamp: nowSeconds() - 300 })).body.code,
    ).toBe(0);
    const stale = await call('GET', path, { token, query, timestamp: nowSeconds() - 301 });
    expect(stale.body.code).toBe(36009004);
    expect(stale.body.message).toContain('timestamp');
    expect(
      (await call('GET', path, { token, query, timestamp: nowSeconds() + 30 })).body.code,
    ).toBe(0);
    expect(
      (await call('GET', path, { token, query, timestamp: nowSeconds() + 31 })).body.code,
    ).toBe(36009004);
    expect((await call('GET', path, { token: null, query })).body).toMatchObject({
      code: 36009004,
      message: expect.stringContaining('access token'),
    });
    expect((await call('GET', path, { token: 'TTP_nope', query })).body.code).toBe(36009004);
  });

  it('signs over the body exactly as received', async () => {
    const token = await accessToken('tiktok-demo');
    const query = { shop_cipher: 'ROW_demoTH0101', page_size: '10' };
    const body = '{"update_time_ge":0}';
    const path = '/order/202309/orders/search';
    expect((await call('POST', path, { token, query, body })).body.code).toBe(0);
    // The same JSON re-serialized with a space is another body, so another sign.
    expect(
      (await call('POST', path, { token, query, body: '{"update_time_ge": 0}', signedBody: body }))
        .body.code,
    ).toBe(106001);
    expect(
      (await call('POST', path, { token, query, body, contentType: 'text/plain' })).body.code,
    ).toBe(36009022);
  });

  it('requires shop_cipher on shop APIs, of the token’s seller, and refuses it elsewhere', async () => {
    const token = await accessToken('tiktok-demo');
    expect((await call('GET', '/product/202309/categories', { token })).body).toMatchObject({
      code: 106013,
    });
    expect(
      (
        await call('GET', '/product/202309/categories', {
          token,
          query: { shop_cipher: 'ROW_cbTH0301' },
        })
      ).body,
    ).toMatchObject({ code: 101000 });
    expect(
      (
        await call('GET', '/authorization/202309/shops', {
          token,
          query: { shop_cipher: 'ROW_demoTH0101' },
        })
      ).body,
    ).toMatchObject({ code: 36009004, message: 'Unexpected identifier: shop_cipher' });
  });

  it('tells an unknown path from a wrong method', async () => {
    const token = await accessToken('tiktok-demo');
    const unknown = await call('GET', '/order/202309/nothing', { token });
    expect(unknown).toMatchObject({ status: 404, body: { code: 36009009 } });
    const method = await call('DELETE', '/product/202309/categories', { token });
    expect(method).toMatchObject({ status: 405, body: { code: 36009010 } });
  });

  it('allows 50 calls a second per API and shop, then answers 429 with 36009002', async () => {
    const token = await accessToken('tiktok-demo');
    const query = { shop_cipher: 'ROW_demoTH0101' };
    for (let index = 0; index < 50; index += 1)
      expect((await call('GET', '/product/202309/categories', { token, query })).body.code).toBe(0);
    const over = await call('GET', '/product/202309/categories', { token, query });
    expect(over).toMatchObject({ status: 429, body: { code: 36009002 } });
    // Another API of the same shop has its own budget; the next second starts afresh.
    expect((await call('GET', '/logistics/202309/warehouses', { token, query })).body.code).toBe(0);
    clock.advance(1000);
    expect((await call('GET', '/product/202309/categories', { token, query })).body.code).toBe(0);
  });

  it('hides the recipient address of unpaid orders and serves image URLs', async () => {
    const th = await shop('7494000101');
    const at = new Date(clock.now().getTime() - DAY);
    const rows = ['UNPAID', 'AWAITING_SHIPMENT'].map((status, index) => {
      const id = `57600000000000010${index}`;
      return {
        platform: 'tiktok',
        shopId: th.shopId,
        orderId: id,
        status,
        data: tiktokSandbox.buildOrder({
          shop: th,
          id,
          status,
          createdAt: at,
          updatedAt: at,
          random: seededRandom(String(index + 40)),
        }),
        createdAt: at,
        updatedAt: at,
      };
    });
    await database.db.insert(sandboxOrders).values(rows);
    const token = await accessToken('tiktok-demo');
    const answer = await call('GET', '/order/202507/orders', {
      token,
      query: { shop_cipher: 'ROW_demoTH0101', ids: rows.map((row) => row.orderId).join(',') },
    });
    const orders = answer.body.data?.orders as Array<Record<string, unknown>>;
    expect(orders.map((order) => order.id)).toEqual(rows.map((row) => row.orderId));
    expect(orders[0]?.recipient_address).toBeUndefined();
    expect(orders[1]?.recipient_address).toMatchObject({ region_code: 'TH' });
    const line = (orders[1]?.line_items as Array<Record<string, unknown>> | undefined)?.[0];
    expect(line?.sku_image).toMatch(
      /^http:\/\/sandbox\.test\/tiktok\/img\/tos-sandbox-i-[0-9a-f]+$/,
    );
    const image = await app.request(String(line?.sku_image));
    expect(image.status).toBe(200);
    expect(await image.text()).toContain('<svg');
  });

  it('validates products as TikTok does: leaf category, stock range, own warehouse', async () => {
    const token = await accessToken('tiktok-demo');
    const query = { shop_cipher: 'ROW_demoTH0101' };
    const product = {
      title: 'Velvet Matte Lipstick Long Lasting Waterproof Lip Color',
      description: '<p>Matte lipstick.</p>',
      category_id: '601383',
      main_images: [{ uri: 'tos-sandbox-i-abc' }],
      package_weight: { value: '0.05', unit: 'KILOGRAM' },
      product_attributes: [{ id: '101203', values: [{ id: '1000701' }] }],
      skus: [
        {
          seller_sku: 'LIP-RED',
          price: { amount: '249', currency: 'THB' },
          inventory: [{ warehouse_id: '73749400010101', quantity: 10 }],
          sales_attributes: [{ name: 'Color', value_name: 'Red' }],
        },
      ],
    };
    const create = (body: unknown) =>
      call('POST', '/product/202309/products', { token, query, body: JSON.stringify(body) });
    const created = await create(product);
    expect(created.body.code).toBe(0);
    expect(created.body.data).toMatchObject({
      product_id: expect.stringMatching(/^\d{19}$/),
      skus: [
        {
          seller_sku: 'LIP-RED',
          sales_attributes: [{ id: '100000', value_id: '1000005' }],
        },
      ],
    });
    const [row] = await database.db.select().from(sandboxProducts);
    expect(row).toMatchObject({ platform: 'tiktok', shopId: '7494000101', status: 'PENDING' });

    expect((await create({ ...product, category_id: '601353' })).body.code).toBe(12019002);
    const sku = product.skus[0];
    expect(
      (
        await create({
          ...product,
          skus: [{ ...sku, inventory: [{ warehouse_id: '73749400010101', quantity: 1_000_000 }] }],
        })
      ).body.code,
    ).toBe(12019024);
    expect(
      (
        await create({
          ...product,
          skus: [{ ...sku, inventory: [{ warehouse_id: '1', quantity: 1 }] }],
        })
      ).body.code,
    ).toBe(101000);
    expect(
      (await create({ ...product, skus: [{ ...sku, price: { amount: '9.99', currency: 'USD' } }] }))
        .body.code,
    ).toBe(101000);
    expect((await create({ ...product, product_attributes: [] })).body).toMatchObject({
      code: 101000,
      message: expect.stringContaining('Finish'),
    });
  });
});
