import type { DatabaseHandle } from '@server/db/client';
import { sandboxOrders } from '@server/db/schema/index';
import { sandboxMarketplaces } from '@server/integrations/marketplace/marketplace.config';
import { type ShopeeApiType, shopeeSign } from '@server/integrations/shopee/shopee.sign';
import { createLogger } from '@server/lib/logger';
import { ensureSandboxSellers, seededRandom } from '@server/sandbox/marketplace/data';
import type { RecordInput } from '@server/sandbox/marketplace/platform';
import { type SandboxShop, shopById } from '@server/sandbox/marketplace/store';
import { shopeeSandbox } from '@server/sandbox/shopee/shopee.sandbox';
import { decimalToMinor } from '@shared/contracts/money';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../support/clock';
import { createTestDatabase } from '../../support/database';

const config = sandboxMarketplaces('http://sandbox.test').shopee;
const PARTNER = String(config.partnerId);
const clock = createManualClock();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TH_SHOP = '220000101';
const MY_SHOP = '220000102';
const CALLBACK = 'http://console.test/shops/callback?platform=shopee';

let handle: DatabaseHandle;
let app: Hono;
let thShop: SandboxShop;

const seconds = (date: Date = clock.now()) => Math.floor(date.getTime() / 1000);

interface Signing {
  type?: ShopeeApiType;
  token?: string;
  shopId?: string;
  timestamp?: number;
  key?: string;
  partnerId?: string;
  query?: Record<string, string | string[]>;
}

/** A request the way Shopee documents it: common parameters and sign in the query. */
function signedUrl(path: string, signing: Signing = {}): string {
  const type = signing.type ?? (signing.token ? 'shop' : 'public');
  const timestamp = signing.timestamp ?? seconds();
  const partnerId = signing.partnerId ?? PARTNER;
  const params = new URLSearchParams({ partner_id: partnerId, timestamp: String(timestamp) });
  if (signing.token) params.set('access_token', signing.token);
  if (signing.shopId) params.set('shop_id', signing.shopId);
  params.set(
    'sign',
    shopeeSign(signing.key ?? config.partnerKey, type, {
      partnerId,
      path,
      timestamp,
      accessToken: signing.token,
      scopeId: signing.shopId,
    }),
  );
  for (const [name, value] of Object.entries(signing.query ?? {}))
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, one);
  return `http://sandbox.test/shopee${path}?${params}`;
}

async function call(
  method: 'GET' | 'POST',
  path: string,
  signing: Signing = {},
  body?: unknown,
): Promise<{ status: number; body: Record<string, any> }> {
  const response = await app.fetch(
    new Request(signedUrl(path, signing), {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

function authUrl(timestamp = seconds(), redirect = CALLBACK, key = config.partnerKey): string {
  const path = '/api/v2/shop/auth_partner';
  const params = new URLSearchParams({
    partner_id: PARTNER,
    timestamp: String(timestamp),
    sign: shopeeSign(key, 'public', { partnerId: PARTNER, path, timestamp }),
    redirect,
  });
  return `http://sandbox.test/shopee${path}?${params}`;
}

const fromHtml = (value: string) =>
  value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

function formOf(html: string, marker: string) {
  const form = html.split('<form').find((part) => part.includes(marker)) ?? '';
  const fields = new URLSearchParams();
  for (const [, name = '', value = ''] of form.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)">/g,
  ))
    fields.set(fromHtml(name), fromHtml(value));
  return { action: fromHtml(/action="([^"]+)"/.exec(form)?.[1] ?? ''), fields };
}

async function consent(sellerId: string, redirect = CALLBACK): Promise<URL> {
  const url = authUrl(seconds(), redirect);
  const page = await app.fetch(new Request(url));
  expect(page.status).toBe(200);
  const { action, fields } = formOf(await page.text(), `data-seller="${sellerId}"`);
  const response = await app.fetch(
    new Request(new URL(action, url), { method: 'POST', body: fields }),
  );
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '');
}

async function tokensFor(sellerId: string) {
  const back = await consent(sellerId);
  const shopId = back.searchParams.get('shop_id') ?? '';
  const answer = await call(
    'POST',
    '/api/v2/auth/token/get',
    {},
    {
      code: back.searchParams.get('code'),
      partner_id: config.partnerId,
      shop_id: Number(shopId),
    },
  );
  expect(answer.body.error).toBe('');
  return {
    shopId,
    access: answer.body.access_token as string,
    refresh: answer.body.refresh_token as string,
  };
}

const recordInput = (overrides: Partial<RecordInput> = {}): RecordInput => ({
  shop: thShop,
  id: '261101ABCDEF',
  status: 'READY_TO_SHIP',
  createdAt: new Date('2026-11-01T03:00:00.000Z'),
  updatedAt: new Date('2026-11-01T04:00:00.000Z'),
  random: seededRandom('3'),
  ...overrides,
});

beforeAll(async () => {
  handle = await createTestDatabase();
  await ensureSandboxSellers(handle.db, clock, [shopeeSandbox]);
  const shop = await shopById(handle.db, 'shopee', TH_SHOP);
  if (!shop) throw new Error('no shop');
  thShop = shop;
  app = new Hono();
  app.route(
    '/shopee',
    shopeeSandbox.createApp({
      db: handle.db,
      clock,
      logger: createLogger({ level: 'error', write: () => {} }),
      publicUrl: 'http://sandbox.test',
      app: { key: PARTNER, secret: config.partnerKey },
      callbackUrl: CALLBACK,
    }),
  );
});

afterAll(async () => {
  await handle?.close();
});

describe('Shopee sandbox: accounts and records', () => {
  it('starts with the three Shopee sellers and lists the statuses in flow order', () => {
    expect(
      shopeeSandbox.sellers.map((seller) => [
        seller.id,
        seller.login,
        seller.country,
        seller.shops.map((shop) => [shop.shopId, shop.site, shop.data?.is_cb]),
      ]),
    ).toEqual([
      ['shopee-demo-th', 'demo.th@shopee.sandbox', 'th', [['220000101', 'th', false]]],
      ['shopee-demo-my', 'demo.my@shopee.sandbox', 'my', [['220000102', 'my', false]]],
      ['shopee-cb-sg', 'cb.sg@shopee.sandbox', 'sg', [['220000103', 'sg', true]]],
    ]);
    expect(shopeeSandbox.sellers[0]?.name).toBe('Demo Shopee TH');
    expect(shopeeSandbox.orderStatuses).toEqual([
      'UNPAID',
      'READY_TO_SHIP',
      'PROCESSED',
      'RETRY_SHIP',
      'SHIPPED',
      'TO_CONFIRM_RECEIVE',
      'IN_CANCEL',
      'CANCELLED',
      'TO_RETURN',
      'COMPLETED',
    ]);
    expect(shopeeSandbox.productStatuses).toEqual([
      'NORMAL',
      'UNLIST',
      'BANNED',
      'REVIEWING',
      'SELLER_DELETE',
    ]);
  });

  it('builds the same order from the same randomness, priced in the site currency', () => {
    const order = shopeeSandbox.buildOrder(recordInput()) as Record<string, any>;
    expect(shopeeSandbox.buildOrder(recordInput())).toEqual(order);
    expect(shopeeSandbox.buildOrder(recordInput({ random: seededRandom('4') }))).not.toEqual(order);
    expect(order).toMatchObject({
      order_sn: '261101ABCDEF',
      region: 'TH',
      currency: 'THB',
      order_status: 'READY_TO_SHIP',
      create_time: seconds(new Date('2026-11-01T03:00:00.000Z')),
      update_time: seconds(new Date('2026-11-01T04:00:00.000Z')),
    });
    const items = order.item_list as Array<Record<string, any>>;
    expect(items.length).toBeGreaterThanOrEqual(1);
    const subtotal = items.reduce(
      (sum, item) =>
        sum +
        (decimalToMinor(String(item.model_discounted_price), 'THB') ?? 0) *
          item.model_quantity_purchased,
      0,
    );
    const shipping = decimalToMinor(String(order.estimated_shipping_fee), 'THB') ?? 0;
    expect(decimalToMinor(String(order.total_amount), 'THB')).toBe(subtotal + shipping);
    expect(order.recipient_address.full_address).not.toBe('');
    expect(order.package_list[0].logistics_status).toBe('LOGISTICS_READY');

    const myShop = { ...thShop, shopId: MY_SHOP, site: 'my' };
    const my = shopeeSandbox.buildOrder(recordInput({ shop: myShop })) as Record<string, any>;
    expect(my.currency).toBe('MYR');
    expect(String(my.total_amount)).toMatch(/^\d+(\.\d{1,2})?$/);

    const shipped = shopeeSandbox.withOrderStatus(
      order,
      'SHIPPED',
      new Date('2026-11-02T05:00:00.000Z'),
    ) as Record<string, any>;
    expect(shipped).toMatchObject({
      order_status: 'SHIPPED',
      update_time: seconds(new Date('2026-11-02T05:00:00.000Z')),
      create_time: order.create_time,
    });
    expect(shipped.package_list[0].logistics_status).toBe('LOGISTICS_PICKUP_DONE');
  });

  it('builds items with models in the shop currency', () => {
    const myShop = { ...thShop, shopId: MY_SHOP, site: 'my' };
    const built = Array.from(
      { length: 8 },
      (_, index) =>
        shopeeSandbox.buildProduct(
          recordInput({
            shop: myShop,
            id: String(1_000 + index),
            status: 'NORMAL',
            random: seededRandom(String(index)),
          }),
        ) as Record<string, any>,
    );
    expect(
      shopeeSandbox.buildProduct(recordInput({ shop: myShop, random: seededRandom('1') })),
    ).toEqual(shopeeSandbox.buildProduct(recordInput({ shop: myShop, random: seededRandom('1') })));
    const withModels = built.filter((item) => item.has_model);
    expect(withModels.length).toBeGreaterThan(0);
    for (const item of withModels) {
      expect(item.price_info).toBeUndefined();
      expect(item.model.length).toBeGreaterThan(0);
      expect(item.model[0].price_info[0].currency).toBe('MYR');
      expect(item.model[0].tier_index).toHaveLength(item.tier_variation.length);
    }
    for (const item of built.filter((one) => !one.has_model))
      expect(item.price_info[0].currency).toBe('MYR');
  });
});

describe('Shopee sandbox: shop authorization', () => {
  it('refuses a link with a wrong partner, a wrong sign or an old timestamp', async () => {
    const words = { headers: { 'accept-language': 'en' } };
    expect((await app.fetch(new Request(authUrl(), words))).status).toBe(200);
    const wrongKey = await app.fetch(new Request(authUrl(seconds(), CALLBACK, 'other-key'), words));
    expect(wrongKey.status).toBe(400);
    expect(await wrongKey.text()).toContain('not valid or has expired');
    expect((await app.fetch(new Request(authUrl(seconds() - 301), words))).status).toBe(400);
    const otherPartner = new URL(authUrl());
    otherPartner.searchParams.set('partner_id', '999');
    expect((await app.fetch(new Request(otherPartner, words))).status).toBe(400);
  });

  it('lists every Shopee seller and sends the code and shop_id back, keeping the redirect query', async () => {
    const page = await app.fetch(new Request(authUrl(), { headers: { 'accept-language': 'th' } }));
    const html = await page.text();
    for (const id of ['shopee-demo-th', 'shopee-demo-my', 'shopee-cb-sg'])
      expect(html).toContain(`data-seller="${id}"`);
    expect(html).toContain('อนุญาต');
    const back = await consent('shopee-demo-my', `${CALLBACK}&state=s1`);
    expect(back.searchParams.get('platform')).toBe('shopee');
    expect(back.searchParams.get('state')).toBe('s1');
    expect(back.searchParams.get('shop_id')).toBe(MY_SHOP);
    expect(back.searchParams.get('code')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('goes back with access_denied and no code when the seller denies', async () => {
    const url = authUrl(seconds(), `${CALLBACK}&state=s2`);
    const { action, fields } = formOf(
      await (await app.fetch(new Request(url))).text(),
      'data-deny',
    );
    const response = await app.fetch(
      new Request(new URL(action, url), { method: 'POST', body: fields }),
    );
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get('location') ?? '');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('s2');
    expect(back.searchParams.has('code')).toBe(false);
  });

  it('issues a code for ten minutes, once, for its own shop only', async () => {
    const exchange = (code: string | null, shopId: string) =>
      call(
        'POST',
        '/api/v2/auth/token/get',
        {},
        { code, partner_id: config.partnerId, shop_id: Number(shopId) },
      );
    const late = await consent('shopee-demo-th');
    clock.advance(10 * 60_000 + 1000);
    expect((await exchange(late.searchParams.get('code'), TH_SHOP)).body).toMatchObject({
      error: 'error_auth',
      message: 'Invalid code',
    });
    const other = await consent('shopee-demo-th');
    expect((await exchange(other.searchParams.get('code'), MY_SHOP)).body.error).toBe('error_auth');

    const back = await consent('shopee-demo-th');
    const first = await exchange(back.searchParams.get('code'), TH_SHOP);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ error: '', message: '', expire_in: 14_400 });
    expect(first.body.request_id).toMatch(/^[0-9a-f]{32}$/);
    expect(first.body.access_token).toEqual(expect.any(String));
    expect(first.body.refresh_token).toEqual(expect.any(String));
    expect((await exchange(back.searchParams.get('code'), TH_SHOP)).body.error).toBe('error_auth');
  });

  it('signs the token APIs as public APIs', async () => {
    const back = await consent('shopee-demo-th');
    const body = {
      code: back.searchParams.get('code'),
      partner_id: config.partnerId,
      shop_id: Number(TH_SHOP),
    };
    const asShop = await app.fetch(
      new Request(
        signedUrl('/api/v2/auth/token/get', { type: 'shop', token: 'x', shopId: TH_SHOP }),
        { method: 'POST', body: JSON.stringify(body) },
      ),
    );
    expect(await asShop.json()).toMatchObject({ error: 'error_sign', message: 'Wrong sign' });
    const wrongBody = await call('POST', '/api/v2/auth/token/get', {}, { ...body, partner_id: 1 });
    expect(wrongBody.body.error).toBe('error_param');
    expect((await call('POST', '/api/v2/auth/token/get', {}, body)).body.error).toBe('');
  });

  it('refreshes once per refresh token; the old access token lasts five more minutes; the authorization end stays', async () => {
    const consentedAt = clock.now();
    const first = await tokensFor('shopee-demo-th');
    const info = (token: string) =>
      call('GET', '/api/v2/shop/get_shop_info', { token, shopId: TH_SHOP });
    const before = await info(first.access);
    expect(before.body).toMatchObject({
      error: '',
      shop_name: 'Bangkok Gadget Hub',
      region: 'TH',
      is_cb: false,
      expire_time: seconds(consentedAt) + 365 * 86_400,
      auth_time: seconds(consentedAt),
    });

    clock.advance(3 * HOUR);
    const refresh = (token: string) =>
      call(
        'POST',
        '/api/v2/auth/access_token/get',
        {},
        { refresh_token: token, partner_id: config.partnerId, shop_id: Number(TH_SHOP) },
      );
    const second = await refresh(first.refresh);
    expect(second.body).toMatchObject({
      error: '',
      partner_id: config.partnerId,
      shop_id: Number(TH_SHOP),
      expire_in: 14_400,
    });
    expect((await refresh(first.refresh)).body).toMatchObject({ error: 'error_auth' });
    const otherShop = await call(
      'POST',
      '/api/v2/auth/access_token/get',
      {},
      {
        refresh_token: second.body.refresh_token,
        partner_id: config.partnerId,
        shop_id: Number(MY_SHOP),
      },
    );
    expect(otherShop.body.error).toBe('error_auth');

    clock.advance(4 * 60_000);
    expect((await info(first.access)).body.error).toBe('');
    clock.advance(2 * 60_000);
    expect((await info(first.access)).body).toMatchObject({ error: 'error_auth' });
    const after = await info(second.body.access_token);
    expect(after.body.expire_time).toBe(before.body.expire_time);

    clock.advance(4 * HOUR);
    expect((await info(second.body.access_token)).body.error).toBe('error_auth');
    expect((await refresh(second.body.refresh_token)).body.error).toBe('');
  });
});

describe('Shopee sandbox: common checks', () => {
  it('checks partner_id, timestamp, sign and the shop of the access token', async () => {
    const { access } = await tokensFor('shopee-demo-th');
    const path = '/api/v2/logistics/get_channel_list';
    const ok = await call('GET', path, { token: access, shopId: TH_SHOP });
    expect(ok.status).toBe(200);
    expect(ok.body.response.logistics_channel_list.length).toBeGreaterThan(0);

    const stale = await call('GET', path, {
      token: access,
      shopId: TH_SHOP,
      timestamp: seconds() - 301,
    });
    expect(stale.body).toMatchObject({ error: 'error_param', message: 'Invalid timestamp' });
    const signed = await call('GET', path, { token: access, shopId: TH_SHOP, key: 'wrong' });
    expect(signed.status).toBe(403);
    expect(signed.body).toMatchObject({ error: 'error_sign', message: 'Wrong sign' });
    const partner = await call('GET', path, {
      token: access,
      shopId: TH_SHOP,
      partnerId: '2000999',
    });
    expect(partner.body.error).toBe('error_param');
    const publicSign = await call('GET', path, { type: 'public', token: access, shopId: TH_SHOP });
    expect(publicSign.body.error).toBe('error_sign');
    const otherShop = await call('GET', path, { token: access, shopId: MY_SHOP });
    expect(otherShop.status).toBe(403);
    expect(otherShop.body.error).toBe('error_auth');
    const unknownToken = await call('GET', path, { token: 'f'.repeat(32), shopId: TH_SHOP });
    expect(unknownToken.body.error).toBe('error_auth');
    const missing = await call('GET', '/api/v2/order/get_no_such_api', {
      token: access,
      shopId: TH_SHOP,
    });
    expect(missing).toMatchObject({ status: 404, body: { error: 'error_not_found' } });
  });

  it('serves the placeholder images it links to', async () => {
    const image = await app.fetch(new Request('http://sandbox.test/shopee/file/th-img-1'));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
  });
});

describe('Shopee sandbox: orders', () => {
  const base = new Date('2026-10-20T00:00:00.000Z');

  beforeAll(async () => {
    const random = seededRandom('21');
    const rows = Array.from({ length: 5 }, (_, index) => {
      const createdAt = new Date(base.getTime() + index * HOUR);
      const updatedAt = new Date(createdAt.getTime() + (5 - index) * DAY);
      const status = index % 2 === 0 ? 'READY_TO_SHIP' : 'COMPLETED';
      const id = `261020ORD00${index}`;
      return {
        platform: 'shopee',
        shopId: TH_SHOP,
        orderId: id,
        status,
        data: shopeeSandbox.buildOrder({ shop: thShop, id, status, createdAt, updatedAt, random }),
        createdAt,
        updatedAt,
      };
    });
    await handle.db.insert(sandboxOrders).values(rows);
  });

  const list = async (access: string, query: Record<string, string>) =>
    call('GET', '/api/v2/order/get_order_list', {
      token: access,
      shopId: TH_SHOP,
      query: { page_size: '2', response_optional_fields: 'order_status', ...query },
    });

  it('refuses a window over 15 days and pages with more and next_cursor', async () => {
    const { access } = await tokensFor('shopee-demo-th');
    const from = seconds(base);
    const tooLong = await list(access, {
      time_range_field: 'create_time',
      time_from: String(from),
      time_to: String(from + 15 * 86_400 + 1),
    });
    expect(tooLong.body).toMatchObject({
      error: 'order.order_list_invalid_time',
      message: 'Start time must be earlier than end time and diff in 15days.',
    });
    const window = { time_from: String(from), time_to: String(from + 15 * 86_400) };
    const seen: string[] = [];
    let cursor = '';
    let pages = 0;
    for (;;) {
      const page = await list(access, { time_range_field: 'create_time', ...window, cursor });
      expect(page.body.error).toBe('');
      pages += 1;
      seen.push(
        ...page.body.response.order_list.map((order: { order_sn: string }) => order.order_sn),
      );
      expect(page.body.response.order_list[0]).toHaveProperty('order_status');
      if (!page.body.response.more) {
        expect(page.body.response.next_cursor).toBe('');
        break;
      }
      cursor = page.body.response.next_cursor;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual([0, 1, 2, 3, 4].map((index) => `261020ORD00${index}`));

    const byUpdate = await list(access, {
      time_range_field: 'update_time',
      ...window,
      page_size: '10',
    });
    expect(
      byUpdate.body.response.order_list.map((order: { order_sn: string }) => order.order_sn),
    ).toEqual([4, 3, 2, 1, 0].map((index) => `261020ORD00${index}`));
    const completed = await list(access, {
      time_range_field: 'create_time',
      ...window,
      page_size: '10',
      order_status: 'COMPLETED',
    });
    expect(completed.body.response.order_list).toEqual([
      { order_sn: '261020ORD001', order_status: 'COMPLETED' },
      { order_sn: '261020ORD003', order_status: 'COMPLETED' },
    ]);
    expect((await list(access, { time_range_field: 'pay_time', ...window })).body.error).toBe(
      'error_param',
    );
    expect(
      (await list(access, { time_range_field: 'create_time', ...window, page_size: '101' })).body
        .error,
    ).toBe('error_param');
    expect(
      (await list(access, { time_range_field: 'create_time', ...window, cursor: 'bm9wZQ' })).body
        .error,
    ).toBe('error_param');
  });

  it('details at most 50 orders, with optional fields only when asked', async () => {
    const { access } = await tokensFor('shopee-demo-th');
    const detail = (query: Record<string, string>) =>
      call('GET', '/api/v2/order/get_order_detail', { token: access, shopId: TH_SHOP, query });
    const plain = await detail({ order_sn_list: '261020ORD000,261020ORD001,NOSUCHORDER' });
    expect(plain.body.response.order_list).toHaveLength(2);
    expect(plain.body.response.order_list[0]).toMatchObject({
      order_sn: '261020ORD000',
      currency: 'THB',
    });
    expect(plain.body.response.order_list[0]).not.toHaveProperty('item_list');
    const full = await detail({
      order_sn_list: '261020ORD000',
      response_optional_fields: 'item_list,recipient_address,total_amount',
    });
    const order = full.body.response.order_list[0];
    expect(order.item_list[0].image_info.image_url).toMatch(
      /^http:\/\/sandbox\.test\/shopee\/file\//,
    );
    expect(order).toHaveProperty('recipient_address');
    expect(order).not.toHaveProperty('package_list');
    const many = Array.from({ length: 51 }, (_, index) => `SN${index}`).join(',');
    expect((await detail({ order_sn_list: many })).body.error).toBe('error_param');
  });
});

describe('Shopee sandbox: products', () => {
  it('checks add_item, init_tier_variation and get_item_list the way Shopee does', async () => {
    const { access } = await tokensFor('shopee-demo-th');
    const post = (path: string, body: unknown) =>
      call('POST', path, { token: access, shopId: TH_SHOP }, body);
    const item = {
      item_name: 'Cotton Crew Neck Tee',
      description: 'Soft cotton tee.',
      original_price: 199,
      weight: 0.25,
      category_id: 100419,
      image: { image_id_list: ['th-img-tee'] },
      logistic_info: [{ logistic_id: 70015, enabled: true }],
      seller_stock: [{ stock: 10 }],
      attribute_list: [
        { attribute_id: 100134, attribute_value_list: [{ value_id: 2001 }] },
        { attribute_id: 100999, attribute_value_list: [{ value_id: 1002 }] },
      ],
    };
    const missing = await post('/api/v2/product/add_item', { ...item, attribute_list: [] });
    expect(missing.body.error).toBe('error_param');
    expect(missing.body.message).toContain('Material');
    expect(
      (await post('/api/v2/product/add_item', { ...item, category_id: 100017 })).body.error,
    ).toBe('error_param');
    expect(
      (
        await post('/api/v2/product/add_item', {
          ...item,
          logistic_info: [{ logistic_id: 20011, enabled: true }],
        })
      ).body.error,
    ).toBe('error_param');
    expect(
      (await post('/api/v2/product/add_item', { ...item, original_price: 19.999 })).body.error,
    ).toBe('error_param');

    const added = await post('/api/v2/product/add_item', item);
    expect(added.body.error).toBe('');
    const itemId = added.body.response.item_id as number;
    expect(added.body.response.price_info[0]).toMatchObject({
      currency: 'THB',
      original_price: 199,
    });

    const tiers = {
      item_id: itemId,
      tier_variation: [{ name: 'Size', option_list: [{ option: 'S' }, { option: 'M' }] }],
      model: [
        { tier_index: [0], original_price: 199, seller_stock: [{ stock: 3 }] },
        { tier_index: [1], original_price: 209, seller_stock: [{ stock: 4 }] },
      ],
    };
    const tooMany = {
      ...tiers,
      tier_variation: [
        {
          name: 'Size',
          option_list: Array.from({ length: 26 }, (_, index) => ({ option: `S${index}` })),
        },
        { name: 'Color', option_list: [{ option: 'Red' }, { option: 'Blue' }] },
      ],
      model: Array.from({ length: 51 }, (_, index) => ({
        tier_index: [index % 26, Math.floor(index / 26)],
        original_price: 199,
        seller_stock: [{ stock: 1 }],
      })),
    };
    expect((await post('/api/v2/product/init_tier_variation', tooMany)).body.error).toBe(
      'error_param',
    );
    expect(
      (
        await post('/api/v2/product/init_tier_variation', {
          ...tiers,
          model: [tiers.model[0], tiers.model[0]],
        })
      ).body.error,
    ).toBe('error_param');
    const init = await post('/api/v2/product/init_tier_variation', tiers);
    expect(init.body.error).toBe('');
    expect(init.body.response.model).toHaveLength(2);
    expect((await post('/api/v2/product/init_tier_variation', tiers)).body.error).toBe(
      'error_param',
    );

    const models = await call('GET', '/api/v2/product/get_model_list', {
      token: access,
      shopId: TH_SHOP,
      query: { item_id: String(itemId) },
    });
    expect(
      models.body.response.model.map((model: any) => model.price_info[0].original_price),
    ).toEqual([199, 209]);
    const base = await call('GET', '/api/v2/product/get_item_base_info', {
      token: access,
      shopId: TH_SHOP,
      query: { item_id_list: String(itemId) },
    });
    expect(base.body.response.item_list[0]).toMatchObject({ item_id: itemId, has_model: true });
    expect(base.body.response.item_list[0]).not.toHaveProperty('price_info');
    expect(base.body.response.item_list[0]).not.toHaveProperty('model');

    const items = (query: Record<string, string | string[]>) =>
      call('GET', '/api/v2/product/get_item_list', { token: access, shopId: TH_SHOP, query });
    expect((await items({ offset: '0', page_size: '10' })).body.error).toBe('error_param');
    const listed = await items({ offset: '0', page_size: '1', item_status: ['NORMAL', 'UNLIST'] });
    expect(listed.body.response).toMatchObject({
      total_count: 1,
      has_next_page: false,
      item: [{ item_id: itemId, item_status: 'NORMAL', update_time: seconds() }],
    });

    const attributes = await call('GET', '/api/v2/product/get_attribute_tree', {
      token: access,
      shopId: TH_SHOP,
      query: { category_id_list: '999' },
    });
    expect(attributes.body.error).toBe('error_invalid_category');
  });
});
