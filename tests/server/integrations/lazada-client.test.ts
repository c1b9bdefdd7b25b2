import type { DatabaseHandle } from '@server/db/client';
import { sandboxOrders, sandboxProducts } from '@server/db/schema/index';
import { createLazadaClient } from '@server/integrations/lazada/lazada.client';
import { sandboxMarketplaces } from '@server/integrations/marketplace/marketplace.config';
import { MarketplaceError } from '@server/integrations/marketplace/marketplace.errors';
import type {
  Authorization,
  MarketplaceClient,
  PlatformProduct,
  ProductInput,
  ShopAccess,
} from '@server/integrations/marketplace/marketplace.types';
import { createTransport } from '@server/integrations/marketplace/transport';
import { createLogger } from '@server/lib/logger';
import { lazadaSandbox } from '@server/sandbox/lazada/lazada.sandbox';
import { ensureSandboxSellers } from '@server/sandbox/marketplace/data';
import { shopById } from '@server/sandbox/marketplace/store';
import { decimalToMinor } from '@shared/contracts/money';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock, type ManualClock } from '../../support/clock';
import { createTestDatabase } from '../../support/database';
import { readLocale } from '../../support/locales';

const CALLBACK = 'https://seller.example.com/api/shops/callback/lazada';
const config = sandboxMarketplaces('http://sandbox.test').lazada;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let database: DatabaseHandle;
let clock: ManualClock;
let app: Hono;
let requests: Request[] = [];

const sandboxFetch = ((input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(input, init);
  requests.push(request.clone());
  return app.fetch(request);
}) as typeof fetch;

function clientWith(
  options: { secret?: string; now?: () => Date; fetch?: typeof fetch } = {},
): MarketplaceClient {
  const transport = createTransport({
    fetch: options.fetch ?? sandboxFetch,
    sleep: async () => {},
    random: () => 0,
  });
  return createLazadaClient(
    { ...config, appSecret: options.secret ?? config.appSecret },
    { transport, now: options.now ?? (() => clock.now()) },
  );
}

let client: MarketplaceClient;

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
      publicUrl: 'http://sandbox.test',
      app: { key: config.appKey, secret: config.appSecret },
      callbackUrl: CALLBACK,
    }),
  );
  client = clientWith();
});
afterAll(() => database.close());

const decodeEntities = (value: string) =>
  value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** The form of the page that contains `marker`, as a browser would submit it. */
function formWith(html: string, marker: string, pageUrl: string) {
  const form = (html.match(/<form\b[^>]*>[\s\S]*?<\/form>/g) ?? []).find((candidate) =>
    candidate.includes(marker),
  );
  if (!form) throw new Error(`no form with ${marker}`);
  const fields = new URLSearchParams();
  for (const match of form.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields.set(decodeEntities(match[1] ?? ''), decodeEntities(match[2] ?? ''));
  const action = new URL(
    decodeEntities(/action="([^"]*)"/.exec(form)?.[1] ?? ''),
    pageUrl,
  ).toString();
  return { action, fields };
}

/** Opens the consent link, logs in as `sellerId` and returns the redirect's query. */
async function consent(url: string, sellerId: string) {
  const page = await app.fetch(new Request(url));
  expect(page.status).toBe(200);
  const { action, fields } = formWith(await page.text(), `data-seller="${sellerId}"`, url);
  const answer = await app.fetch(new Request(action, { method: 'POST', body: fields }));
  return { status: answer.status, location: answer.headers.get('location'), answer };
}

async function authorize(sellerId: string, country: 'cb' | 'th' | 'my') {
  const url = client.authorizeUrl({
    redirectUri: CALLBACK,
    state: `state-${sellerId}`,
    site: country === 'cb' ? null : country,
    crossBorder: country === 'cb',
  });
  const { status, location } = await consent(url, sellerId);
  expect(status).toBe(302);
  const back = new URL(location ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
  expect(back.searchParams.get('state')).toBe(`state-${sellerId}`);
  return back.searchParams.get('code') ?? '';
}

async function failureOf(promise: Promise<unknown>): Promise<MarketplaceError> {
  const error = await promise.then(
    () => null,
    (cause: unknown) => cause,
  );
  expect(error).toBeInstanceOf(MarketplaceError);
  return error as MarketplaceError;
}

function expectTranslated(error: MarketplaceError) {
  for (const language of ['en', 'zh', 'th'] as const)
    expect(readLocale(language, 'errors')[error.key]).toEqual(expect.any(String));
}

function access(authorization: Authorization, site: string): ShopAccess {
  const shop = authorization.shops.find((candidate) => candidate.site === site);
  if (!shop) throw new Error(`no ${site} shop`);
  return {
    shopId: `shop-${shop.externalId}`,
    accessToken: authorization.tokens.accessToken,
    externalId: shop.externalId,
    site: shop.site,
    cipher: shop.cipher,
  };
}

let th: Authorization;
let cb: Authorization;

/**
 * The local and the cross-border demo seller, authorized through the sandbox: the tests of
 * orders, products and refusals use them whichever of the exchange tests ran before (or none).
 */
async function authorizeBothSellers() {
  th ??= await client.exchangeCode({
    code: await authorize('lazada-demo-th', 'th'),
    redirectUri: CALLBACK,
  });
  cb ??= await client.exchangeCode({
    code: await authorize('lazada-demo-cb', 'cb'),
    redirectUri: CALLBACK,
  });
}

describe('authorization', () => {
  it('builds Lazada’s consent link', () => {
    const url = new URL(
      client.authorizeUrl({ redirectUri: CALLBACK, state: 's 1', site: 'th', crossBorder: false }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('http://sandbox.test/lazada/auth/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      force_auth: 'true',
      redirect_uri: CALLBACK,
      client_id: config.appKey,
      state: 's 1',
      country: 'th',
    });
    const crossBorder = new URL(
      client.authorizeUrl({ redirectUri: CALLBACK, state: 's', site: 'my', crossBorder: true }),
    );
    expect(crossBorder.searchParams.get('country')).toBe('cb');
  });

  it('exchanges a local seller’s code for tokens and its one shop, with absolute expiries', async () => {
    const code = await authorize('lazada-demo-th', 'th');
    const start = clock.now().getTime();
    th = await client.exchangeCode({ code, redirectUri: CALLBACK });
    expect(th).toMatchObject({
      accountId: 'demo.th@lazada.sandbox',
      accountName: 'Demo Lazada TH',
      crossBorder: false,
      shops: [
        {
          externalId: '1000110001',
          site: 'th',
          name: 'Siam Home Living',
          cipher: null,
          crossBorder: false,
        },
      ],
    });
    expect(th.tokens.accessExpiresAt.getTime()).toBe(start + 7 * DAY);
    expect(th.tokens.refreshExpiresAt?.getTime()).toBe(start + 30 * DAY);
    expect(th.expiresAt?.getTime()).toBe(start + 30 * DAY);
  });

  it('exchanges a cross-border code for one shop on each of the six ventures', async () => {
    const code = await authorize('lazada-demo-cb', 'cb');
    cb = await client.exchangeCode({ code, redirectUri: CALLBACK });
    expect(cb.crossBorder).toBe(true);
    expect(cb.accountId).toBe('demo.cb@lazada.sandbox');
    expect(cb.shops.map((shop) => shop.site).sort()).toEqual(['id', 'my', 'ph', 'sg', 'th', 'vn']);
    expect(cb.shops.every((shop) => shop.crossBorder && /^\d+$/.test(shop.externalId))).toBe(true);
    expect(cb.shops.find((shop) => shop.site === 'vn')?.name).toBe('Demo Crossborder VN');
    // The one token works on every venture's host.
    for (const shop of cb.shops)
      expect((await client.logisticsChannels(access(cb, shop.site))).length).toBeGreaterThan(0);
  });

  it('refuses a code used twice', async () => {
    const code = await authorize('lazada-my-local', 'my');
    await client.exchangeCode({ code, redirectUri: CALLBACK });
    const error = await failureOf(client.exchangeCode({ code, redirectUri: CALLBACK }));
    expect(error).toMatchObject({ failure: 'code', platformCode: 'InvalidCode', retryable: false });
    expect(error.key).toBe('PLATFORM_CODE_INVALID');
    expectTranslated(error);
  });

  it('refreshes: a new access token for 7 days, the refresh window keeps its end', async () => {
    const code = await authorize('lazada-demo-th', 'th');
    const first = await client.exchangeCode({ code, redirectUri: CALLBACK });
    clock.advance(2 * DAY);
    const tokens = await client.refresh({
      refreshToken: first.tokens.refreshToken,
      shopExternalId: '1000110001',
    });
    expect(tokens.accessToken).not.toBe(first.tokens.accessToken);
    expect(tokens.refreshToken).not.toBe(first.tokens.refreshToken);
    expect(tokens.accessExpiresAt.getTime()).toBe(clock.now().getTime() + 7 * DAY);
    expect(tokens.refreshExpiresAt?.getTime()).toBe(first.tokens.refreshExpiresAt?.getTime());
    const channels = await client.logisticsChannels({
      ...access(first, 'th'),
      accessToken: tokens.accessToken,
    });
    expect(channels.map((channel) => channel.id)).toContain('LEX TH');

    const error = await failureOf(
      client.refresh({ refreshToken: 'not-a-refresh-token', shopExternalId: '1000110001' }),
    );
    expect(error).toMatchObject({ failure: 'token', platformCode: 'IllegalRefreshToken' });
    expect(error.key).toBe('PLATFORM_TOKEN_INVALID');
  });
});

describe('consent page', () => {
  const link = (country: string, redirect = CALLBACK) =>
    `http://sandbox.test/lazada/auth/oauth/authorize?${new URLSearchParams({
      response_type: 'code',
      force_auth: 'true',
      redirect_uri: redirect,
      client_id: config.appKey,
      state: 'xyz',
      country,
    })}`;

  it('lists the sellers with a country select that offers Crossborder', async () => {
    const html = await (await app.fetch(new Request(link('cb')))).text();
    for (const seed of lazadaSandbox.sellers) expect(html).toContain(`data-seller="${seed.id}"`);
    expect(html).toMatch(/<option value="cb" selected>Crossborder<\/option>/);
    const thai = await app.fetch(new Request(link('th'), { headers: { 'accept-language': 'th' } }));
    expect(await thai.text()).toContain('ข้ามพรมแดน (Crossborder)');
  });

  it('shows an error instead of redirecting when the account is not of the chosen country', async () => {
    for (const [country, seller] of [
      ['my', 'lazada-demo-th'],
      ['my', 'lazada-demo-cb'],
      ['cb', 'lazada-my-local'],
      ['th', 'lazada-demo-cb'],
    ] as const) {
      const { status, location, answer } = await consent(link(country), seller);
      expect(status).toBe(400);
      expect(location).toBeNull();
      expect(await answer.text()).toContain('data-error');
    }
  });

  it('sends the seller back with access_denied and no code on deny', async () => {
    const url = link('th');
    const html = await (await app.fetch(new Request(url))).text();
    const { action, fields } = formWith(html, 'data-deny', url);
    const answer = await app.fetch(new Request(action, { method: 'POST', body: fields }));
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get('location') ?? '');
    expect(Object.fromEntries(back.searchParams)).toEqual({ error: 'access_denied', state: 'xyz' });
  });

  it('refuses a redirect_uri other than the registered callback', async () => {
    const answer = await app.fetch(new Request(link('th', `${CALLBACK}/other`)));
    expect(answer.status).toBe(400);
    expect(await answer.text()).not.toContain('data-seller=');
  });
});

/** A small deterministic random source. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function insertOrders(
  shopId: string,
  orders: Array<{ id: string; updatedAt: Date; status?: string; data?: Record<string, unknown> }>,
) {
  const shop = await shopById(database.db, 'lazada', shopId);
  if (!shop) throw new Error(`no shop ${shopId}`);
  const rows = orders.map((order, index) => {
    const createdAt = new Date(order.updatedAt.getTime() - HOUR);
    const status = order.status ?? 'pending';
    return {
      platform: 'lazada',
      shopId,
      orderId: order.id,
      status,
      data:
        order.data ??
        lazadaSandbox.buildOrder({
          shop,
          id: order.id,
          status,
          createdAt,
          updatedAt: order.updatedAt,
          random: seeded(index + 1),
        }),
      createdAt,
      updatedAt: order.updatedAt,
    };
  });
  for (let start = 0; start < rows.length; start += 500)
    await database.db.insert(sandboxOrders).values(rows.slice(start, start + 500));
}

async function allPages<T>(
  list: (cursor: string | null) => Promise<{ items: T[]; next: string | null }>,
) {
  const items: T[] = [];
  let pages = 0;
  let cursor: string | null = null;
  do {
    const page = await list(cursor);
    items.push(...page.items);
    cursor = page.next;
    pages += 1;
  } while (cursor && pages < 200);
  return { items, pages };
}

describe('orders', () => {
  beforeAll(authorizeBothSellers);

  const window = {
    from: new Date('2026-10-01T00:00:00.000Z'),
    to: new Date('2026-10-08T00:00:00.000Z'),
  };

  it('lists the orders updated in [from, to) page by page, items included', async () => {
    // The shop holds exactly these orders, whatever the file's other tests gave it.
    await database.db
      .delete(sandboxOrders)
      .where(and(eq(sandboxOrders.platform, 'lazada'), eq(sandboxOrders.shopId, '1000110001')));
    const inside = Array.from({ length: 130 }, (_, index) => ({
      id: String(400100000000000 + index),
      updatedAt: new Date(window.from.getTime() + index * 60_000),
    }));
    await insertOrders('1000110001', [
      ...inside,
      { id: '400199999999998', updatedAt: window.to },
      { id: '400199999999999', updatedAt: new Date(window.from.getTime() - 1000) },
    ]);
    requests = [];
    const { items, pages } = await allPages((cursor) =>
      client.listOrders(access(th, 'th'), window, cursor),
    );
    expect(pages).toBe(2);
    expect(items.map((order) => order.externalId)).toEqual(inside.map((order) => order.id));
    const listCalls = requests.filter((request) => request.url.includes('/orders/get?'));
    const query = new URL(listCalls[0]?.url ?? '').searchParams;
    expect(query.get('update_after')).toBe('2026-10-01T07:00:00+07:00');
    expect(query.get('sort_by')).toBe('updated_at');
    expect(query.get('limit')).toBe('100');
    for (const order of items) {
      expect(order.currency).toBe('THB');
      expect(order.status).toBe('pending');
      expect(order.items.length).toBeGreaterThan(0);
      expect(order.items.length).toBeLessThanOrEqual(3);
      expect(order.receiver?.address).toBeTruthy();
    }
  });

  it('reads an order: one item per SKU with its quantity, item statuses, paid total', async () => {
    const row = (id: number, sku: string, skuId: string, price: number, status: string) => ({
      order_item_id: id,
      order_id: 400200000000001,
      name: sku === 'TEE-M' ? 'Oversized Cotton T-Shirt' : 'Vacuum Flask 500ml',
      sku,
      sku_id: skuId,
      product_id: '2001',
      variation: sku === 'TEE-M' ? 'Size:M' : '',
      item_price: price,
      paid_price: price,
      currency: 'THB',
      status,
      product_main_image: 'https://th-live.slatic.net/p/tee.jpg',
      created_at: '2026-10-02 10:00:00 +0700',
      updated_at: '2026-10-02 11:30:05 +0700',
    });
    await insertOrders('1000110001', [
      {
        id: '400200000000001',
        updatedAt: new Date('2026-10-02T04:30:05Z'),
        data: {
          order_id: 400200000000001,
          order_number: 400200000000001,
          created_at: '2026-10-02 10:00:00 +0700',
          updated_at: '2026-10-02 11:30:05 +0700',
          price: '1,299.00',
          voucher: 100,
          shipping_fee: 38.5,
          payment_method: 'COD',
          customer_first_name: 'Somchai',
          customer_last_name: 'Jaidee',
          address_shipping: {
            first_name: 'Somchai Jaidee',
            phone: '66812345678',
            address1: '99/12 Soi Sukhumvit 55',
            address3: 'Bangkok',
            city: 'Khlong Tan Nuea',
            post_code: '10110',
          },
          items: [
            row(1, 'TEE-M', '301', 349.5, 'pending'),
            row(2, 'TEE-M', '301', 349.5, 'pending'),
            row(3, 'FLASK', '302', 600, 'packed'),
          ],
        },
      },
    ]);
    const order = await client.getOrder(access(th, 'th'), '400200000000001');
    expect(order).toMatchObject({
      externalId: '400200000000001',
      status: 'pending,packed',
      currency: 'THB',
      totalMinor: 129_900 - 10_000 + 3_850,
      buyerName: 'Somchai Jaidee',
      paymentMethod: 'COD',
      receiver: {
        name: 'Somchai Jaidee',
        phone: '66812345678',
        address: '99/12 Soi Sukhumvit 55, Bangkok, Khlong Tan Nuea, 10110',
      },
      items: [
        {
          externalId: '1',
          skuExternalId: '301',
          sellerSku: 'TEE-M',
          quantity: 2,
          unitPriceMinor: 34_950,
          variation: 'Size:M',
        },
        {
          externalId: '3',
          skuExternalId: '302',
          sellerSku: 'FLASK',
          quantity: 1,
          unitPriceMinor: 60_000,
        },
      ],
    });
    expect(order.createdAt.toISOString()).toBe('2026-10-02T03:00:00.000Z');
    expect(order.updatedAt.toISOString()).toBe('2026-10-02T04:30:05.000Z');

    const unknown = await failureOf(client.getOrder(access(th, 'th'), '123'));
    expect(unknown).toMatchObject({ failure: 'request', platformCode: '16' });
  });

  it('moves update_after past the largest offset (5000) and goes on from offset 0', async () => {
    const from = new Date('2026-09-01T00:00:00.000Z');
    const count = 5150;
    const ids = Array.from({ length: count }, (_, index) => String(500100000000000 + index));
    await insertOrders(
      '1000220004',
      ids.map((id, index) => {
        const updatedAt = new Date(from.getTime() + index * 1000);
        const time = updatedAt.toISOString().replace('T', ' ').slice(0, 19);
        return {
          id,
          updatedAt,
          data: {
            order_id: Number(id),
            created_at: `${time} +0000`,
            updated_at: `${time} +0000`,
            price: '250000.00',
            voucher: 0,
            shipping_fee: 20000,
            items: [
              {
                order_item_id: Number(id) + 1,
                sku: 'A',
                sku_id: '9',
                item_price: 250000,
                status: 'delivered',
                name: 'A',
              },
            ],
          },
        };
      }),
    );
    requests = [];
    const { items } = await allPages((cursor) =>
      client.listOrders(access(cb, 'vn'), { from, to: new Date(from.getTime() + DAY) }, cursor),
    );
    expect(new Set(items.map((order) => order.externalId))).toEqual(new Set(ids));
    const offsets = requests
      .filter((request) => request.url.includes('/orders/get?'))
      .map((request) => new URL(request.url).searchParams);
    expect(Math.max(...offsets.map((query) => Number(query.get('offset'))))).toBe(5000);
    const moved = offsets.filter(
      (query) => query.get('update_after') !== offsets[0]?.get('update_after'),
    );
    expect(moved[0]?.get('offset')).toBe('0');
    expect(items[0]).toMatchObject({ currency: 'VND', totalMinor: 270_000 });
  }, 30_000);
});

const productInput = (overrides: Partial<ProductInput> = {}): ProductInput => ({
  title: 'Ceramic Coffee Mug 350ml',
  description: '<p>Glazed stoneware mug.</p>',
  categoryId: '1684',
  images: ['https://th-live.slatic.net/p/mug.jpg'],
  brand: 'No Brand',
  weightGrams: 450,
  dimensionsCm: { length: 12, width: 9, height: 10 },
  attributes: { warranty_type: 'No Warranty' },
  skus: [
    {
      sellerSku: 'MUG-WHITE',
      priceMinor: 19_900,
      stock: 25,
      attributes: { color_family: 'White' },
      image: null,
    },
    {
      sellerSku: 'MUG-GREEN',
      priceMinor: 21_950,
      stock: 0,
      attributes: { color_family: 'Green' },
      image: null,
    },
  ],
  logisticsIds: [],
  ...overrides,
});

describe('products', () => {
  beforeAll(authorizeBothSellers);

  it('lists products updated in the window, 50 a page', async () => {
    const shop = await shopById(database.db, 'lazada', '1000110001');
    if (!shop) throw new Error('no shop');
    const from = new Date('2026-10-10T00:00:00.000Z');
    const rows = Array.from({ length: 60 }, (_, index) => {
      const updatedAt = new Date(from.getTime() + index * 60_000);
      const status = index % 10 === 9 ? 'inactive' : 'live';
      const id = String(3000000000 + index);
      return {
        platform: 'lazada',
        shopId: shop.shopId,
        productId: id,
        status,
        data: lazadaSandbox.buildProduct({
          shop,
          id,
          status,
          createdAt: updatedAt,
          updatedAt,
          random: seeded(index + 100),
        }),
        createdAt: updatedAt,
        updatedAt,
      };
    });
    await database.db.insert(sandboxProducts).values(rows);
    const { items, pages } = await allPages<PlatformProduct>((cursor) =>
      client.listProducts(
        access(th, 'th'),
        { from, to: new Date(from.getTime() + 59 * 60_000) },
        cursor,
      ),
    );
    expect(pages).toBe(2);
    expect(items.map((product) => product.externalId)).toEqual(
      rows.slice(0, 59).map((row) => row.productId),
    );
    const first = items[0];
    const raw = rows[0]?.data as {
      skus: Array<{ SellerSku: string; price: number; quantity: number }>;
    };
    expect(first?.currency).toBe('THB');
    expect(first?.skus.map((sku) => sku.sellerSku)).toEqual(raw.skus.map((sku) => sku.SellerSku));
    expect(first?.skus[0]?.priceMinor).toBe(decimalToMinor(raw.skus[0]?.price ?? '', 'THB'));
    expect(items.find((product) => product.externalId === '3000000009')?.status).toBe('InActive');
  });

  it('creates, reads and updates a product', async () => {
    const shop = access(th, 'th');
    const { externalId } = await client.createProduct(shop, productInput());
    expect(externalId).toMatch(/^\d+$/);
    const created = await client.getProduct(shop, externalId);
    expect(created).toMatchObject({
      externalId,
      title: 'Ceramic Coffee Mug 350ml',
      currency: 'THB',
      categoryId: '1684',
      images: ['https://th-live.slatic.net/p/mug.jpg'],
      skus: [
        {
          sellerSku: 'MUG-WHITE',
          priceMinor: 19_900,
          stock: 25,
          attributes: { color_family: 'White' },
          salePriceMinor: null,
        },
        {
          sellerSku: 'MUG-GREEN',
          priceMinor: 21_950,
          stock: 0,
          attributes: { color_family: 'Green' },
        },
      ],
    });
    clock.advance(60_000);
    await client.updateProduct(
      shop,
      externalId,
      productInput({
        title: 'Ceramic Coffee Mug 350ml (Gift Box)',
        skus: [
          {
            sellerSku: 'MUG-WHITE',
            priceMinor: 17_900,
            stock: 40,
            attributes: { color_family: 'White' },
            image: null,
          },
        ],
      }),
    );
    const updated = await client.getProduct(shop, externalId);
    expect(updated.title).toBe('Ceramic Coffee Mug 350ml (Gift Box)');
    expect(updated.skus.find((sku) => sku.sellerSku === 'MUG-WHITE')).toMatchObject({
      priceMinor: 17_900,
      stock: 40,
    });
    expect(updated.updatedAt.getTime()).toBeGreaterThan(created.updatedAt.getTime());

    const refused = await failureOf(
      client.createProduct(shop, productInput({ brand: 'Nobody Knows', skus: [] })),
    );
    expect(refused).toMatchObject({ failure: 'request', platformCode: '500' });
    expect(refused.platformMessage).toContain('brand');
    const missing = await failureOf(client.getProduct(shop, '1'));
    expect(missing.platformCode).toBe('208');
  });

  it('reads the category tree, a category’s attributes and the shipment providers', async () => {
    const shop = access(th, 'th');
    const categories = await client.categories(shop);
    const mugs = categories.find((category) => category.id === '1684');
    expect(mugs).toEqual({ id: '1684', parentId: '1679', name: 'Drinkware', leaf: true });
    const parent = categories.findIndex((category) => category.id === '1679');
    expect(parent).toBeLessThan(categories.indexOf(mugs as (typeof categories)[number]));
    expect(categories.find((category) => category.id === '1679')?.leaf).toBe(false);

    const attributes = await client.categoryAttributes(shop, '1740');
    expect(attributes.find((attribute) => attribute.id === 'brand')).toMatchObject({
      required: true,
      variation: false,
      inputType: 'select',
    });
    expect(attributes.find((attribute) => attribute.id === 'size')).toMatchObject({
      variation: true,
    });
    expect(attributes.some((attribute) => attribute.id === 'price')).toBe(false);
    const none = await failureOf(client.categoryAttributes(shop, '1734'));
    expect(none.platformCode).toBe('57');

    const channels = await client.logisticsChannels(shop);
    expect(channels).toContainEqual({
      id: 'Flash Express',
      name: 'Flash Express',
      enabled: true,
      cod: true,
    });
  });
});

describe('refusals', () => {
  beforeAll(authorizeBothSellers);

  it('a wrong app secret: IncompleteSignature', async () => {
    const error = await failureOf(
      clientWith({ secret: 'not-the-secret' }).logisticsChannels(access(th, 'th')),
    );
    expect(error).toMatchObject({
      failure: 'signature',
      platformCode: 'IncompleteSignature',
      retryable: false,
    });
    expect(error.key).toBe('PLATFORM_SIGNATURE_REJECTED');
    expectTranslated(error);
  });

  it('a timestamp more than 7200 s off the platform’s clock', async () => {
    const late = clientWith({ now: () => new Date(clock.now().getTime() + 7201_000) });
    const error = await failureOf(late.logisticsChannels(access(th, 'th')));
    expect(error).toMatchObject({ failure: 'timestamp', platformCode: 'InvalidTimestamp' });
    expect(error.key).toBe('PLATFORM_TIMESTAMP_REJECTED');
    expectTranslated(error);
    const early = clientWith({ now: () => new Date(clock.now().getTime() - 7000_000) });
    expect(await early.logisticsChannels(access(th, 'th'))).not.toHaveLength(0);
  });

  it('a local token on another venture’s host', async () => {
    const error = await failureOf(
      client.logisticsChannels({ ...access(th, 'th'), site: 'my', externalId: '1000330001' }),
    );
    expect(error).toMatchObject({ failure: 'token', platformCode: 'IllegalAccessToken' });
    expect(error.key).toBe('PLATFORM_TOKEN_INVALID');
    expectTranslated(error);
  });

  it('retries Lazada’s throttling with a freshly signed request', async () => {
    let throttled = 0;
    const stamps: string[] = [];
    const flaky = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      stamps.push(new URL(request.url).searchParams.get('timestamp') ?? '');
      if (throttled++ === 0) {
        clock.advance(1000);
        return Response.json({
          type: 'ISV',
          code: 'ApiCallLimit',
          message: 'Api access frequency exceeds the limit. this ban will last 1 seconds',
          request_id: '0ba2887315178178017221014',
        });
      }
      return app.fetch(request);
    }) as typeof fetch;
    const channels = await clientWith({ fetch: flaky }).logisticsChannels(access(th, 'th'));
    expect(channels.length).toBeGreaterThan(0);
    expect(stamps).toHaveLength(2);
    expect(stamps[1]).not.toBe(stamps[0]);
  });

  it('an expired access token', async () => {
    const now = clock.now();
    clock.set(new Date(th.tokens.accessExpiresAt.getTime() + 1000));
    try {
      const error = await failureOf(client.logisticsChannels(access(th, 'th')));
      expect(error).toMatchObject({ failure: 'token', platformCode: 'IllegalAccessToken' });
    } finally {
      clock.set(now);
    }
  });
});
