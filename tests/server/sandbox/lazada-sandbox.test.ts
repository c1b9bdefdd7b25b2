import type { DatabaseHandle } from '@server/db/client';
import { sandboxOrders } from '@server/db/schema/index';
import { lazadaSign } from '@server/integrations/lazada/lazada.sign';
import { sandboxMarketplaces } from '@server/integrations/marketplace/marketplace.config';
import { createLogger } from '@server/lib/logger';
import { lazadaSandbox } from '@server/sandbox/lazada/lazada.sandbox';
import { ensureSandboxSellers } from '@server/sandbox/marketplace/data';
import { shopById } from '@server/sandbox/marketplace/store';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock, type ManualClock } from '../../support/clock';
import { createTestDatabase } from '../../support/database';

// Lazada's protocol as the sandbox enforces it, driven with hand-built, hand-signed requests.

const CALLBACK = 'https://seller.example.com/api/shops/callback/lazada';
const { appKey, appSecret } = sandboxMarketplaces('http://sandbox.test').lazada;
const ORIGIN = 'http://sandbox.test';
const MINUTE = 60_000;
const DAY = 86_400_000;

let database: DatabaseHandle;
let clock: ManualClock;
let app: Hono;

beforeAll(async () => {
  database = await createTestDatabase();
  clock = createManualClock();
  await ensureSandboxSellers(database.db, clock, [lazadaSandbox]);
  app = new Hono();
  app.route(
    '/lazada',
    lazadaSandbox.createApp({
      db: database.db,
      clock,
      logger: createLogger({ write: () => {} }),
      publicUrl: ORIGIN,
      app: { key: appKey, secret: appSecret },
      callbackUrl: CALLBACK,
    }),
  );
});
afterAll(() => database.close());

interface CallOptions {
  method?: 'GET' | 'POST';
  token?: string;
  secret?: string;
  timestamp?: string;
  /** Changes the parameters after signing. */
  tamper?: (params: Record<string, string>) => void;
}

/** A LazOP call signed as docId 108068 says, to `base` (e.g. /lazada/api/th/rest). */
async function lazada(
  base: string,
  apiPath: string,
  business: Record<string, string> = {},
  options: CallOptions = {},
) {
  const params: Record<string, string> = {
    ...business,
    app_key: appKey,
    timestamp: options.timestamp ?? String(clock.now().getTime()),
    sign_method: 'sha256',
    ...(options.token ? { access_token: options.token } : {}),
  };
  params.sign = lazadaSign(options.secret ?? appSecret, apiPath, params);
  options.tamper?.(params);
  const query = new URLSearchParams(params);
  const response =
    options.method === 'POST'
      ? await app.fetch(
          new Request(`${ORIGIN}${base}${apiPath}`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
            body: query,
          }),
        )
      : await app.fetch(new Request(`${ORIGIN}${base}${apiPath}?${query}`));
  return (await response.json()) as Record<string, any>;
}

const venture = (country: string) => `/lazada/api/${country}/rest`;
const auth = '/lazada/auth/rest';

const consentForm = (fields: Record<string, string>) =>
  new URLSearchParams({
    client_id: appKey,
    redirect_uri: CALLBACK,
    response_type: 'code',
    state: 'st',
    ...fields,
  });

async function codeFor(sellerId: string, country: string) {
  const answer = await app.fetch(
    new Request(`${ORIGIN}/lazada/auth/oauth/authorize`, {
      method: 'POST',
      body: consentForm({ sellerId, country }),
    }),
  );
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location') ?? '').searchParams.get('code') ?? '';
}

async function tokenFor(sellerId: string, country: string) {
  const body = await lazada(auth, '/auth/token/create', { code: await codeFor(sellerId, country) });
  expect(body.code).toBe('0');
  return body;
}

describe('the sandbox’s accounts and records', () => {
  it('starts with the three demo sellers and their shops', () => {
    const sellers = lazadaSandbox.sellers.map((seller) => ({
      id: seller.id,
      login: seller.login,
      name: seller.name,
      country: seller.country,
      sites: seller.shops.map((shop) => shop.site),
    }));
    expect(sellers).toEqual([
      {
        id: 'lazada-demo-th',
        login: 'demo.th@lazada.sandbox',
        name: 'Demo Lazada TH',
        country: 'th',
        sites: ['th'],
      },
      {
        id: 'lazada-demo-cb',
        login: 'demo.cb@lazada.sandbox',
        name: 'Demo Crossborder Seller',
        country: 'cb',
        sites: ['sg', 'th', 'my', 'vn', 'ph', 'id'],
      },
      {
        id: 'lazada-my-local',
        login: expect.any(String),
        name: expect.any(String),
        country: 'my',
        sites: ['my'],
      },
    ]);
    const shops = lazadaSandbox.sellers.flatMap((seller) => seller.shops);
    expect(new Set(shops.map((shop) => shop.shopId)).size).toBe(shops.length);
    for (const shop of shops) {
      expect(shop.shopId).toMatch(/^\d+$/);
      expect(shop.cipher).toBeNull();
      expect(shop.data?.short_code).toEqual(expect.stringMatching(/^[A-Z0-9]+$/));
    }
  });

  it('knows Lazada’s item statuses in flow order and its product filters', () => {
    expect(lazadaSandbox.orderStatuses.slice(0, 9)).toEqual([
      'unpaid',
      'pending',
      'packed',
      'ready_to_ship',
      'shipped',
      'delivered',
      'canceled',
      'returned',
      'failed',
    ]);
    for (const status of [
      'failed_delivery',
      'lost',
      'lost_by_3pl',
      'damaged_by_3pl',
      'shipped_back',
      'shipped_back_success',
      'shipped_back_failed',
      'package_scrapped',
      'topack',
      'toship',
      'shipping',
    ])
      expect(lazadaSandbox.orderStatuses).toContain(status);
    expect([...lazadaSandbox.productStatuses].sort()).toEqual(
      ['deleted', 'inactive', 'live', 'pending', 'rejected', 'sold-out'].sort(),
    );
  });

  it('builds orders deterministically in the venture’s currency and time zone, one row per unit', async () => {
    const shop = await shopById(database.db, 'lazada', '1000220004');
    if (!shop) throw new Error('no vn shop');
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const input = {
      shop,
      id: '612345678901234',
      status: 'pending',
      createdAt: new Date('2026-10-01T01:00:00Z'),
      updatedAt: new Date('2026-10-01T02:30:00Z'),
    };
    const order = lazadaSandbox.buildOrder({ ...input, random });
    seed = 7;
    expect(lazadaSandbox.buildOrder({ ...input, random })).toEqual(order);
    expect(order).toMatchObject({
      order_id: 612345678901234,
      created_at: '2026-10-01 08:00:00 +0700',
      updated_at: '2026-10-01 09:30:00 +0700',
      statuses: ['pending'],
    });
    const items = order.items as Array<Record<string, any>>;
    expect(new Set(items.map((item) => item.sku)).size).toBeGreaterThanOrEqual(1);
    expect(new Set(items.map((item) => item.sku)).size).toBeLessThanOrEqual(3);
    for (const item of items) {
      expect(item).toMatchObject({ currency: 'VND', status: 'pending' });
      expect(Number.isInteger(item.item_price)).toBe(true);
    }
    expect(order.price).toMatch(/^\d{1,3}(,\d{3})*\.00$/);
    expect(Number(String(order.price).replace(/,/g, ''))).toBe(
      items.reduce((sum, item) => sum + item.item_price, 0),
    );
    expect(order.customer_first_name).toEqual(expect.any(String));
    expect(order.address_shipping).toMatchObject({ address1: expect.any(String) });

    const moved = lazadaSandbox.withOrderStatus(order, 'shipped', new Date('2026-10-03T00:00:00Z'));
    expect(moved.updated_at).toBe('2026-10-03 07:00:00 +0700');
    expect((moved.items as Array<Record<string, any>>).map((item) => item.status)).toEqual(
      items.map(() => 'shipped'),
    );
    expect(items.every((item) => item.status === 'pending')).toBe(true);
  });

  it('builds products as GetProducts shows them', async () => {
    const shop = await shopById(database.db, 'lazada', '1000330001');
    if (!shop) throw new Error('no my shop');
    const at = new Date('2026-10-01T00:00:00Z');
    const product = lazadaSandbox.buildProduct({
      shop,
      id: '2100000001',
      status: 'sold-out',
      createdAt: at,
      updatedAt: at,
      random: () => 0.5,
    });
    expect(product).toMatchObject({
      item_id: 2100000001,
      status: 'Active',
      created_time: String(at.getTime()),
      attributes: { name: expect.any(String), brand: expect.any(String) },
    });
    const skus = product.skus as Array<Record<string, any>>;
    expect(skus.length).toBeGreaterThan(0);
    for (const sku of skus) {
      expect(sku.quantity).toBe(0);
      expect(sku.SellerSku).toEqual(expect.any(String));
      expect(sku.ShopSku).toMatch(/^2100000001_MY-\d+$/);
    }
  });
});

describe('consent and tokens', () => {
  it('shows the consent page only for this app, its callback and response_type=code', async () => {
    const page = (query: Record<string, string>) =>
      app.fetch(
        new Request(
          `${ORIGIN}/lazada/auth/oauth/authorize?${new URLSearchParams({
            client_id: appKey,
            redirect_uri: CALLBACK,
            response_type: 'code',
            country: 'th',
            ...query,
          })}`,
        ),
      );
    const good = await page({});
    expect(good.status).toBe(200);
    expect(await good.text()).toContain('data-seller="lazada-demo-th"');
    const wrongs: Record<string, string>[] = [
      { client_id: '999999' },
      { redirect_uri: 'https://evil.example.com/cb' },
      { response_type: 'token' },
      { uuid: 'abc' },
    ];
    for (const wrong of wrongs) {
      const answer = await page(wrong);
      expect(answer.status).toBe(400);
      expect(await answer.text()).not.toContain('data-seller=');
    }
  });

  it('answers /auth/token/create in Lazada’s shape, listing every venture of a cb account', async () => {
    const local = await tokenFor('lazada-demo-th', 'th');
    expect(Object.keys(local).sort()).toEqual(
      [
        'access_token',
        'refresh_token',
        'expires_in',
        'refresh_expires_in',
        'country',
        'account',
        'account_platform',
        'account_id',
        'country_user_info',
        'code',
        'request_id',
      ].sort(),
    );
    expect(local).toMatchObject({
      expires_in: 7 * 86_400,
      refresh_expires_in: 30 * 86_400,
      country: 'th',
      account: 'demo.th@lazada.sandbox',
      account_platform: 'seller_center',
      account_id: null,
      country_user_info: [
        { country: 'th', seller_id: '1000110001', user_id: '2000110001', short_code: 'TH1K7Q2DMO' },
      ],
    });
    const crossBorder = await tokenFor('lazada-demo-cb', 'cb');
    expect(crossBorder.country).toBe('cb');
    expect(crossBorder.country_user_info.map((entry: any) => entry.country).sort()).toEqual([
      'id',
      'my',
      'ph',
      'sg',
      'th',
      'vn',
    ]);
  });

  it('takes a code once, for 30 minutes', async () => {
    const code = await codeFor('lazada-my-local', 'my');
    expect((await lazada(auth, '/auth/token/create', { code })).code).toBe('0');
    expect(await lazada(auth, '/auth/token/create', { code })).toMatchObject({
      type: 'ISV',
      code: 'InvalidCode',
    });
    const late = await codeFor('lazada-my-local', 'my');
    clock.advance(31 * MINUTE);
    expect((await lazada(auth, '/auth/token/create', { code: late })).code).toBe('InvalidCode');
    expect((await lazada(auth, '/auth/token/create', {})).code).toBe('MissingParameter');
  });

  it('refreshes with country_user_info_list, the refresh window never moving past its end', async () => {
    const created = await tokenFor('lazada-demo-th', 'th');
    clock.advance(10 * DAY);
    const refreshed = await lazada(auth, '/auth/token/refresh', {
      refresh_token: created.refresh_token,
    });
    expect(refreshed).toMatchObject({
      code: '0',
      expires_in: 7 * 86_400,
      refresh_expires_in: 20 * 86_400,
      country: 'th',
      country_user_info_list: [{ country: 'th', seller_id: '1000110001' }],
    });
    expect(refreshed.access_token).not.toBe(created.access_token);
    // Lazada's refresh token works until it expires, not once.
    clock.advance(DAY);
    const again = await lazada(auth, '/auth/token/refresh', {
      refresh_token: created.refresh_token,
    });
    expect(again.refresh_expires_in).toBe(19 * 86_400);
    clock.advance(19 * DAY);
    expect(
      await lazada(auth, '/auth/token/refresh', { refresh_token: refreshed.refresh_token }),
    ).toMatchObject({ type: 'ISV', code: 'IllegalRefreshToken' });
  });
});

describe('the gateway’s checks', () => {
  let thToken: string;
  let cbToken: string;
  beforeAll(async () => {
    thToken = (await tokenFor('lazada-demo-th', 'th')).access_token;
    cbToken = (await tokenFor('lazada-demo-cb', 'cb')).access_token;
  });

  it('recomputes the sign over the API path and every parameter', async () => {
    const ok = await lazada(venture('th'), '/seller/get', {}, { token: thToken });
    expect(ok).toMatchObject({
      code: '0',
      data: { seller_id: 1000110001, short_code: 'TH1K7Q2DMO', cb: false },
    });
    const tampered = await lazada(
      venture('th'),
      '/orders/get',
      { created_after: '2026-10-01T00:00:00+07:00' },
      {
        token: thToken,
        tamper: (params) => {
          params.created_after = '2026-10-02T00:00:00+07:00';
        },
      },
    );
    expect(tampered).toEqual({
      type: 'ISV',
      code: 'IncompleteSignature',
      message: expect.any(String),
      request_id: expect.any(String),
    });
    const otherSecret = await lazada(
      venture('th'),
      '/seller/get',
      {},
      { token: thToken, secret: 'x' },
    );
    expect(otherSecret.code).toBe('IncompleteSignature');
    const lowerCase = await lazada(
      venture('th'),
      '/seller/get',
      {},
      {
        token: thToken,
        tamper: (params) => {
          params.sign = String(params.sign).toLowerCase();
        },
      },
    );
    expect(lowerCase.code).toBe('IncompleteSignature');
    const unsigned = await lazada(
      venture('th'),
      '/seller/get',
      {},
      {
        token: thToken,
        tamper: (params) => {
          delete params.sign;
        },
      },
    );
    expect(unsigned.code).toBe('MissingParameter');
    const otherApp = await lazada(
      venture('th'),
      '/seller/get',
      {},
      {
        token: thToken,
        tamper: (params) => {
          params.app_key = '100999';
        },
      },
    );
    expect(otherApp.code).not.toBe('0');
  });

  it('takes POST form bodies, signed like GET', async () => {
    const answer = await lazada(
      venture('th'),
      '/seller/get',
      {},
      { token: thToken, method: 'POST' },
    );
    expect(answer.code).toBe('0');
  });

  it('takes a timestamp within 7200 s, in milliseconds or ISO UTC', async () => {
    const now = clock.now().getTime();
    const call = (timestamp: string) =>
      lazada(venture('th'), '/seller/get', {}, { token: thToken, timestamp });
    expect((await call(String(now - 7199_000))).code).toBe('0');
    expect((await call(String(now + 7199_000))).code).toBe('0');
    expect((await call(new Date(now).toISOString().replace(/\.\d{3}Z$/, 'Z'))).code).toBe('0');
    for (const stale of [String(now - 7201_000), String(now + 7201_000)]) {
      const answer = await call(stale);
      expect(answer.type).toBe('ISV');
      expect(answer.code).toMatch(/Timestamp/);
    }
  });

  it('lets a local token reach its own venture only, a cb token all six', async () => {
    expect((await lazada(venture('my'), '/seller/get', {}, { token: thToken })).code).toBe(
      'IllegalAccessToken',
    );
    expect((await lazada(venture('th'), '/seller/get', {}, { token: 'nope' })).code).toBe(
      'IllegalAccessToken',
    );
    expect((await lazada(venture('th'), '/seller/get')).code).toBe('MissingParameter');
    const sellerIds = [];
    for (const country of ['sg', 'th', 'my', 'vn', 'ph', 'id']) {
      const answer = await lazada(venture(country), '/seller/get', {}, { token: cbToken });
      expect(answer.code).toBe('0');
      expect(answer.data.cb).toBe(true);
      sellerIds.push(answer.data.seller_id);
    }
    expect(new Set(sellerIds).size).toBe(6);
  });

  it('refuses an expired access token', async () => {
    const token = (await tokenFor('lazada-demo-th', 'th')).access_token;
    clock.advance(7 * DAY + 1000);
    const answer = await lazada(venture('th'), '/seller/get', {}, { token });
    expect(answer).toMatchObject({ type: 'ISV', code: 'IllegalAccessToken' });
    thToken = (await tokenFor('lazada-demo-th', 'th')).access_token;
    cbToken = (await tokenFor('lazada-demo-cb', 'cb')).access_token;
  });

  it('answers an unknown API path and an unknown venture', async () => {
    expect((await lazada(venture('th'), '/order/nothing', {}, { token: thToken })).code).toBe(
      'InvalidApiPath',
    );
    const response = await app.fetch(new Request(`${ORIGIN}/lazada/api/xx/rest/seller/get`));
    expect(response.status).toBe(404);
  });

  describe('orders', () => {
    const base = new Date('2026-08-01T00:00:00Z');
    const item = (id: number, orderId: number, status: string) => ({
      order_item_id: id,
      order_id: orderId,
      sku: `SKU-${id}`,
      item_price: 100,
      status,
    });
    beforeAll(async () => {
      const rows = [
        { id: 700000000000001, minutes: 0, statuses: ['pending', 'packed'] },
        { id: 700000000000002, minutes: 10, statuses: ['shipped'] },
        { id: 700000000000003, minutes: 20, statuses: ['delivered', 'delivered'] },
      ].map((order) => {
        const at = new Date(base.getTime() + order.minutes * MINUTE);
        return {
          platform: 'lazada',
          shopId: '1000110001',
          orderId: String(order.id),
          status: order.statuses[0] ?? '',
          data: {
            order_id: order.id,
            created_at: at.toISOString(),
            updated_at: new Date(at.getTime() + 30 * MINUTE).toISOString(),
            statuses: [],
            items: order.statuses.map((status, index) =>
              item(order.id * 10 + index, order.id, status),
            ),
          },
          createdAt: at,
          updatedAt: new Date(at.getTime() + 30 * MINUTE),
        };
      });
      await database.db
        .insert(sandboxOrders)
        .values([
          ...rows,
          { ...rows[0], shopId: '1000220002', orderId: '700000000000009' } as (typeof rows)[number],
        ]);
    });
    const orders = (params: Record<string, string>) =>
      lazada(venture('th'), '/orders/get', params, { token: thToken });

    it('needs created_after or update_after, in ISO 8601', async () => {
      expect((await orders({})).code).toBe('MissingParameter');
      expect(await orders({ created_after: '2026-08-01 00:00:00' })).toMatchObject({
        type: 'ISV',
        code: '17',
      });
      expect((await orders({ update_after: '2026-07-31T00:00:00+07:00' })).code).toBe('0');
    });

    it('takes a limit up to 100 and an offset up to 5000', async () => {
      const after = { created_after: '2026-07-31T00:00:00+07:00' };
      expect((await orders({ ...after, limit: '101' })).code).toBe('19');
      expect((await orders({ ...after, limit: '100' })).code).toBe('0');
      expect((await orders({ ...after, offset: '5001' })).code).toBe('14');
      expect((await orders({ ...after, offset: '5000' })).code).toBe('0');
      expect((await orders({ ...after, sort_direction: 'UP' })).code).toBe('74');
      expect((await orders({ ...after, sort_by: 'price' })).code).toBe('75');
      expect((await orders({ ...after, status: 'lost_in_space' })).code).toBe('36');
    });

    it('filters on item statuses and time ranges, sorts and pages', async () => {
      const ids = (answer: Record<string, any>) =>
        answer.data.orders.map((order: Record<string, unknown>) => String(order.order_id));
      const all = await orders({ created_after: '2026-08-01T07:00:00+07:00' });
      expect(ids(all)).toEqual(['700000000000003', '700000000000002', '700000000000001']);
      expect(all.data).toMatchObject({ count: 3, countTotal: 3 });
      const first = all.data.orders.at(-1);
      expect(first.statuses).toEqual(['pending', 'packed']);
      expect(first.items).toBeUndefined();
      expect(
        ids(await orders({ created_after: '2026-08-01T00:00:00Z', status: 'packed' })),
      ).toEqual(['700000000000001']);
      expect(
        ids(await orders({ created_after: '2026-08-01T00:00:00Z', status: 'pending' })),
      ).toEqual(['700000000000001']);
      expect(
        ids(await orders({ created_after: '2026-08-01T00:00:00Z', status: 'toship' })),
      ).toEqual(['700000000000001']);
      const updated = await orders({
        update_after: '2026-08-01T00:35:00Z',
        update_before: '2026-08-01T00:50:00Z',
        sort_by: 'updated_at',
        sort_direction: 'ASC',
        limit: '1',
        offset: '1',
      });
      expect(ids(updated)).toEqual(['700000000000003']);
      expect(updated.data).toMatchObject({ count: 1, countTotal: 2 });
      expect(
        ids(
          await orders({
            created_after: '2026-08-01T00:00:00Z',
            created_before: '2026-08-01T00:05:00Z',
          }),
        ),
      ).toEqual(['700000000000001']);
    });

    it('serves an order’s rows, one order’s or several', async () => {
      const rows = await lazada(
        venture('th'),
        '/order/items/get',
        { order_id: '700000000000001' },
        { token: thToken },
      );
      expect(rows.data.map((row: Record<string, unknown>) => row.status)).toEqual([
        'pending',
        'packed',
      ]);
      const single = await lazada(
        venture('th'),
        '/order/get',
        { order_id: '700000000000002' },
        { token: thToken },
      );
      expect(single.data).toMatchObject({ order_id: 700000000000002, statuses: ['shipped'] });
      const many = await lazada(
        venture('th'),
        '/orders/items/get',
        { order_ids: '[700000000000001,700000000000003]' },
        { token: thToken },
      );
      expect(
        many.data.map((entry: Record<string, any>) => [entry.order_id, entry.order_items.length]),
      ).toEqual([
        [700000000000001, 2],
        [700000000000003, 2],
      ]);
      const badFormat = await lazada(
        venture('th'),
        '/orders/items/get',
        { order_ids: '700000000000001' },
        { token: thToken },
      );
      expect(badFormat.code).toBe('56');
      // The order of the cb seller's TH shop is not this shop's.
      const foreign = await lazada(
        venture('th'),
        '/orders/items/get',
        { order_ids: '[700000000000001,700000000000009]' },
        { token: thToken },
      );
      expect(foreign.code).toBe('37');
      const notOurs = await lazada(
        venture('th'),
        '/order/get',
        { order_id: '700000000000009' },
        { token: thToken },
      );
      expect(notOurs.code).toBe('16');
      const theirs = await lazada(
        venture('th'),
        '/order/get',
        { order_id: '700000000000009' },
        { token: cbToken },
      );
      expect(theirs.code).toBe('0');
    });
  });

  describe('products', () => {
    const payload = (product: Record<string, unknown>) =>
      JSON.stringify({ Request: { Product: product } });
    const sku = (sellerSku: string, extra: Record<string, unknown> = {}) => ({
      SellerSku: sellerSku,
      quantity: '10',
      price: '129.50',
      package_weight: '0.4',
      package_length: '20',
      package_width: '15',
      package_height: '6',
      ...extra,
    });
    const product = (skus: unknown[], attributes: Record<string, unknown> = {}) => ({
      PrimaryCategory: '4538',
      Images: { Image: ['https://th-live.slatic.net/p/case.jpg'] },
      Attributes: {
        name: 'Clear Case',
        description: '<p>Clear case</p>',
        brand: 'No Brand',
        ...attributes,
      },
      Skus: { Sku: skus },
    });
    const post = (path: string, body: Record<string, unknown>) =>
      lazada(venture('th'), path, { payload: payload(body) }, { token: thToken, method: 'POST' });

    it('creates a product from a JSON payload and serves it', async () => {
      const created = await post(
        '/product/create',
        product([sku('CASE-BLK', { saleProp: { color_family: 'Black' } })]),
      );
      expect(created.code).toBe('0');
      expect(created.data.sku_list).toEqual([
        {
          seller_sku: 'CASE-BLK',
          shop_sku: expect.stringMatching(/_TH-\d+$/),
          sku_id: expect.any(Number),
        },
      ]);
      const itemId = String(created.data.item_id);
      const read = await lazada(
        venture('th'),
        '/product/item/get',
        { item_id: itemId },
        { token: thToken },
      );
      expect(read.data).toMatchObject({
        item_id: created.data.item_id,
        primary_category: 4538,
        attributes: { name: 'Clear Case' },
        skus: [
          {
            SellerSku: 'CASE-BLK',
            price: 129.5,
            quantity: 10,
            saleProp: { color_family: 'Black' },
          },
        ],
      });
      const listed = await lazada(
        venture('th'),
        '/products/get',
        { filter: 'live', update_after: '2026-01-01T00:00:00+07:00', limit: '50' },
        { token: thToken },
      );
      expect(listed.data.products.map((entry: Record<string, unknown>) => entry.item_id)).toContain(
        created.data.item_id,
      );
      expect(
        (await lazada(venture('th'), '/products/get', { limit: '51' }, { token: thToken })).code,
      ).toBe('19');

      const updated = await post('/product/update', {
        ItemId: itemId,
        Attributes: { name: 'Clear Case v2' },
        Skus: {
          Sku: [
            { SellerSku: 'CASE-BLK', price: '99.00' },
            sku('CASE-PNK', { saleProp: { color_family: 'Pink' } }),
          ],
        },
      });
      expect(updated.code).toBe('0');
      const after = await lazada(
        venture('th'),
        '/product/item/get',
        { item_id: itemId },
        { token: thToken },
      );
      expect(after.data.attributes.name).toBe('Clear Case v2');
      expect(
        after.data.skus.map((entry: Record<string, unknown>) => [entry.SellerSku, entry.price]),
      ).toEqual([
        ['CASE-BLK', 99],
        ['CASE-PNK', 129.5],
      ]);
      const again = await post('/product/create', product([sku('CASE-BLK')]));
      expect(again).toMatchObject({ code: '500', detail: [{ field: 'SellerSku' }] });
    });

    it('refuses a product without its mandatory parts, listing them in detail[]', async () => {
      const refused = await post(
        '/product/create',
        product([sku('X-1', { price: '0', package_height: '', saleProp: { size: 'M' } })], {
          brand: 'Acme',
        }),
      );
      expect(refused).toMatchObject({ type: 'ISV', code: '500', message: 'Create product failed' });
      expect(refused.detail.map((entry: Record<string, unknown>) => entry.field).sort()).toEqual(
        ['brand', 'package_height', 'price', 'saleProp'].sort(),
      );
      const notJson = await lazada(
        venture('th'),
        '/product/create',
        { payload: '<Request/>' },
        { token: thToken, method: 'POST' },
      );
      expect(notJson.code).not.toBe('0');
      const nonLeaf = await post('/product/create', {
        ...product([sku('X-2')]),
        PrimaryCategory: '4528',
      });
      expect(nonLeaf.detail[0].field).toBe('PrimaryCategory');
    });

    it('serves the category tree, attributes and shipment providers', async () => {
      const tree = await lazada(venture('th'), '/category/tree/get', {}, { token: thToken });
      expect(tree.data[0]).toMatchObject({
        category_id: expect.any(Number),
        leaf: false,
        children: expect.any(Array),
      });
      const attributes = await lazada(
        venture('th'),
        '/category/attributes/get',
        { primary_category_id: '1740' },
        { token: thToken },
      );
      expect(
        attributes.data.find((entry: Record<string, unknown>) => entry.name === 'size'),
      ).toMatchObject({
        is_sale_prop: 1,
        input_type: 'singleSelect',
      });
      expect(
        (
          await lazada(
            venture('th'),
            '/category/attributes/get',
            { primary_category_id: '1' },
            { token: thToken },
          )
        ).code,
      ).toBe('57');
      const providers = await lazada(
        venture('vn'),
        '/shipment/providers/get',
        {},
        { token: cbToken },
      );
      expect(providers.data.shipment_providers[0]).toMatchObject({ name: 'LEX VN', is_default: 1 });
    });
  });
});
