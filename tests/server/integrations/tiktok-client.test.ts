import type { DatabaseHandle } from '@server/db/client';
import { sandboxOrders, sandboxProducts } from '@server/db/schema/index';
import { sandboxMarketplaces } from '@server/integrations/marketplace/marketplace.config';
import { MarketplaceError } from '@server/integrations/marketplace/marketplace.errors';
import type { ProductInput, ShopAccess } from '@server/integrations/marketplace/marketplace.types';
import { createTransport } from '@server/integrations/marketplace/transport';
import { createTiktokClient } from '@server/integrations/tiktok/tiktok.client';
import { createLogger } from '@server/lib/logger';
import { ensureSandboxSellers, seededRandom } from '@server/sandbox/marketplace/data';
import { type SandboxShop, shopById } from '@server/sandbox/marketplace/store';
import { tiktokSandbox } from '@server/sandbox/tiktok/tiktok.sandbox';
import { decimalToMinor } from '@shared/contracts/money';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../../support/clock';
import { createTestDatabase } from '../../support/database';

const SANDBOX_URL = 'http://sandbox.test';
const CALLBACK = 'https://console.example.com/api/shops/authorize/tiktok/callback';
const config = sandboxMarketplaces(SANDBOX_URL).tiktok;
const DAY = 24 * 60 * 60 * 1000;

let database: DatabaseHandle;
const clock = createManualClock();
const app = new Hono();
const transport = createTransport({
  fetch: async (input, init) => app.fetch(new Request(input, init)),
  sleep: async () => {},
  random: () => 0,
});
const clientWith = (overrides: Partial<typeof config> = {}, now = () => clock.now()) =>
  createTiktokClient({ ...config, ...overrides }, { transport, now });
const client = clientWith();

beforeAll(async () => {
  database = await createTestDatabase();
  app.route(
    '/tiktok',
    tiktokSandbox.createApp({
      db: database.db,
      clock,
      logger: createLogger({ write: () => {} }),
      publicUrl: SANDBOX_URL,
      app: { key: config.appKey, secret: config.appSecret, serviceId: config.serviceId },
      callbackUrl: CALLBACK,
    }),
  );
  await ensureSandboxSellers(database.db, clock, [tiktokSandbox]);
});
afterAll(() => database.close());
// The sandbox counts calls per second of its clock: every test starts in a second of its own.
beforeEach(() => clock.advance(1000));

/** Goes through the consent page as a seller and returns where TikTok redirected. */
async function consent(sellerId: string, state = 'state-1'): Promise<URL> {
  const url = client.authorizeUrl({ redirectUri: CALLBACK, state, site: null, crossBorder: false });
  const page = await app.request(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain(`data-seller="${sellerId}"`);
  const action = html.match(/<form method="post" action="([^"]+)">/)?.[1] ?? '';
  const answer = await app.request(`${SANDBOX_URL}${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ service_id: config.serviceId, state, sellerId }),
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location') ?? '');
}

async function authorize(sellerId: string) {
  const redirect = await consent(sellerId);
  return client.exchangeCode({
    code: redirect.searchParams.get('code') ?? '',
    redirectUri: CALLBACK,
  });
}

async function access(sellerId: string, shopIndex = 0): Promise<ShopAccess> {
  const authorization = await authorize(sellerId);
  const shop = authorization.shops[shopIndex];
  if (!shop) throw new Error(`${sellerId} has no shop ${shopIndex}`);
  return {
    shopId: `our-${shop.externalId}`,
    accessToken: authorization.tokens.accessToken,
    externalId: shop.externalId,
    site: shop.site,
    cipher: shop.cipher,
  };
}

async function rejection(promise: Promise<unknown>): Promise<MarketplaceError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MarketplaceError);
  return error as MarketplaceError;
}

async function sandboxShop(shopId: string): Promise<SandboxShop> {
  const shop = await shopById(database.db, 'tiktok', shopId);
  if (!shop) throw new Error(`no shop ${shopId}`);
  return shop;
}

async function insertOrders(
  shop: SandboxShop,
  entries: Array<{ id: string; status: string; at: Date }>,
) {
  const rows = entries.map((entry, index) => ({
    platform: 'tiktok',
    shopId: shop.shopId,
    orderId: entry.id,
    status: entry.status,
    data: tiktokSandbox.buildOrder({
      shop,
      id: entry.id,
      status: entry.status,
      createdAt: new Date(entry.at.getTime() - 60 * 60 * 1000),
      updatedAt: entry.at,
      random: seededRandom(String(index + 1)),
    }),
    createdAt: new Date(entry.at.getTime() - 60 * 60 * 1000),
    updatedAt: entry.at,
  }));
  for (let start = 0; start < rows.length; start += 100)
    await database.db.insert(sandboxOrders).values(rows.slice(start, start + 100));
  return rows;
}

async function insertProducts(shop: SandboxShop, entries: Array<{ id: string; at: Date }>) {
  const rows = entries.map((entry, index) => ({
    platform: 'tiktok',
    shopId: shop.shopId,
    productId: entry.id,
    status: 'ACTIVATE',
    data: tiktokSandbox.buildProduct({
      shop,
      id: entry.id,
      status: 'ACTIVATE',
      createdAt: new Date(entry.at.getTime() - DAY),
      updatedAt: entry.at,
      random: seededRandom(String(100 + index)),
    }),
    createdAt: new Date(entry.at.getTime() - DAY),
    updatedAt: entry.at,
  }));
  await database.db.insert(sandboxProducts).values(rows);
  return rows;
}

describe('TikTok Shop authorization', () => {
  it('links to the authorization page with the service id and state, without a redirect URI', () => {
    const url = new URL(
      client.authorizeUrl({ redirectUri: CALLBACK, state: 'a b', site: 'th', crossBorder: true }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(config.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      service_id: config.serviceId,
      state: 'a b',
    });
  });

  it('exchanges the consent code for tokens and every shop with its cipher', async () => {
    const redirect = await consent('tiktok-multi', 'multi-state');
    expect(`${redirect.origin}${redirect.pathname}`).toBe(CALLBACK);
    expect(redirect.searchParams.get('state')).toBe('multi-state');
    expect(redirect.searchParams.get('app_key')).toBe(config.appKey);
    expect(redirect.searchParams.get('shop_region')).toBe('MY');

    const authorization = await client.exchangeCode({
      code: redirect.searchParams.get('code') ?? '',
      redirectUri: CALLBACK,
    });
    const now = clock.now().getTime();
    expect(authorization.accountId).toMatch(/^[\w-]{20,}$/);
    expect(authorization.accountName).toBe('Multi-Market TikTok Seller');
    expect(authorization.crossBorder).toBe(false);
    expect(authorization.shops).toEqual([
      {
        externalId: '7494000201',
        site: 'my',
        name: 'Multi TikTok Shop MY',
        cipher: 'ROW_multiMY0201',
        crossBorder: false,
      },
      {
        externalId: '7494000202',
        site: 'sg',
        name: 'Multi TikTok Shop SG',
        cipher: 'ROW_multiSG0202',
        crossBorder: false,
      },
    ]);
    expect(authorization.tokens.accessExpiresAt.getTime()).toBe(
      Math.floor((now + 7 * DAY) / 1000) * 1000,
    );
    expect(authorization.tokens.refreshExpiresAt?.getTime()).toBe(
      Math.floor((now + 365 * DAY) / 1000) * 1000,
    );
    expect(authorization.expiresAt).toEqual(authorization.tokens.refreshExpiresAt);

    // The same account authorizes again under the same open_id.
    const again = await authorize('tiktok-multi');
    expect(again.accountId).toBe(authorization.accountId);
    expect(again.tokens.accessToken).not.toBe(authorization.tokens.accessToken);
  });

  it('reports a cross-border seller and its shop as cross-border', async () => {
    const authorization = await authorize('tiktok-cb');
    expect(authorization.crossBorder).toBe(true);
    expect(authorization.shops).toEqual([
      expect.objectContaining({ externalId: '7494000301', site: 'th', crossBorder: true }),
    ]);
    const demo = await authorize('tiktok-demo');
    expect(demo.crossBorder).toBe(false);
    expect(demo.accountId).not.toBe(authorization.accountId);
  });

  it('refuses a code used twice, and one older than 30 minutes, as an invalid code', async () => {
    const redirect = await consent('tiktok-demo');
    const code = redirect.searchParams.get('code') ?? '';
    await client.exchangeCode({ code, redirectUri: CALLBACK });
    const reused = await rejection(client.exchangeCode({ code, redirectUri: CALLBACK }));
    expect(reused.failure).toBe('code');
    expect(reused.platformCode).toBe('36004004');
    expect(reused.key).toBe('PLATFORM_CODE_INVALID');

    const late = await consent('tiktok-demo');
    clock.advance(30 * 60 * 1000 + 1000);
    const expired = await rejection(
      client.exchangeCode({ code: late.searchParams.get('code') ?? '', redirectUri: CALLBACK }),
    );
    expect(expired.failure).toBe('code');
    expect(expired.platformCode).toBe('36004004');
  });

  it('redirects with error=auth_denied when the seller refuses', async () => {
    const page = await app.request(
      client.authorizeUrl({
        redirectUri: CALLBACK,
        state: 'no-thanks',
        site: null,
        crossBorder: false,
      }),
    );
    const deny = (await page.text()).match(/<form method="post" action="([^"]+\/deny)">/)?.[1];
    expect(deny).toBe('/tiktok/services/open/authorize/deny');
    const answer = await app.request(`${SANDBOX_URL}${deny}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ service_id: config.serviceId, state: 'no-thanks' }),
    });
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      code: 'null',
      error: 'auth_denied',
      state: 'no-thanks',
    });
  });

  it('refreshes the token pair without moving the end of the authorization', async () => {
    const authorization = await authorize('tiktok-demo');
    const end = authorization.expiresAt?.getTime();
    clock.advance(10 * DAY);
    const tokens = await client.refresh({
      refreshToken: authorization.tokens.refreshToken,
      shopExternalId: '7494000101',
    });
    expect(tokens.accessToken).not.toBe(authorization.tokens.accessToken);
    expect(tokens.refreshToken).not.toBe(authorization.tokens.refreshToken);
    expect(tokens.accessExpiresAt.getTime()).toBe(
      Math.floor((clock.now().getTime() + 7 * DAY) / 1000) * 1000,
    );
    expect(tokens.refreshExpiresAt?.getTime()).toBe(end);

    const shop: ShopAccess = {
      shopId: 'our-demo',
      accessToken: tokens.accessToken,
      externalId: '7494000101',
      site: 'th',
      cipher: 'ROW_demoTH0101',
    };
    await expect(client.logisticsChannels(shop)).resolves.toHaveLength(3);

    const unknown = await rejection(
      client.refresh({ refreshToken: 'not-a-refresh-token', shopExternalId: '7494000101' }),
    );
    expect(unknown.failure).toBe('token');
    expect(unknown.platformCode).toBe('36004005');
    expect(unknown.key).toBe('PLATFORM_TOKEN_INVALID');
  });
});

describe('TikTok Shop orders', () => {
  it('lists the orders of a half-open window page by page, in update order', async () => {
    const shop = await sandboxShop('7494000101');
    const from = new Date(clock.now().getTime() - 2 * DAY);
    const to = new Date(clock.now().getTime() - DAY);
    const inside = Array.from({ length: 230 }, (_, index) => ({
      id: `57700000000000${String(index).padStart(4, '0')}`,
      status: index % 10 === 0 ? 'UNPAID' : 'AWAITING_SHIPMENT',
      // Spread over the window, the first exactly at its start.
      at: new Date(from.getTime() + index * 5 * 60 * 1000),
    }));
    const outside = [
      { id: '577000000000009001', status: 'COMPLETED', at: new Date(from.getTime() - 1000) },
      { id: '577000000000009002', status: 'COMPLETED', at: to },
      { id: '577000000000009003', status: 'IN_TRANSIT', at: new Date(to.getTime() + DAY / 2) },
    ];
    const rows = await insertOrders(shop, [...inside, ...outside]);
    const access = await accessDemo();

    const pages: string[][] = [];
    const seen: Array<{ id: string; updatedAt: number }> = [];
    let cursor: string | null = null;
    do {
      const page = await client.listOrders(access, { from, to }, cursor);
      pages.push(page.items.map((order) => order.externalId));
      for (const order of page.items)
        seen.push({ id: order.externalId, updatedAt: order.updatedAt.getTime() });
      cursor = page.next;
    } while (cursor);
    expect(pages.map((page) => page.length)).toEqual([100, 100, 30]);
    expect(seen.map((order) => order.id)).toEqual(inside.map((order) => order.id));
    expect(seen.map((order) => order.updatedAt)).toEqual(inside.map((order) => order.at.getTime()));

    // The first page again, normalized: THB minor units, one item per SKU with its quantity.
    const first = await client.listOrders(access, { from, to }, null);
    const paid = first.items[1];
    const raw = rows[1]?.data as {
      payment: { total_amount: string; currency: string };
      line_items: Array<{ sku_id: string; sale_price: string }>;
      recipient_address: { name: string; phone_number: string; full_address: string };
      payment_method_name: string;
    };
    expect(paid).toMatchObject({
      externalId: inside[1]?.id,
      status: 'AWAITING_SHIPMENT',
      currency: 'THB',
      totalMinor: decimalToMinor(raw.payment.total_amount, 'THB'),
      buyerName: raw.recipient_address.name,
      receiver: {
        name: raw.recipient_address.name,
        phone: raw.recipient_address.phone_number,
        address: raw.recipient_address.full_address,
      },
      paymentMethod: raw.payment_method_name,
    });
    expect(paid?.items.reduce((sum, item) => sum + item.quantity, 0)).toBe(raw.line_items.length);
    expect(new Set(paid?.items.map((item) => item.skuExternalId)).size).toBe(paid?.items.length);
    const lines = paid?.items.reduce((sum, item) => sum + item.quantity * item.unitPriceMinor, 0);
    expect(lines).toBe(
      raw.line_items.reduce((sum, line) => sum + (decimalToMinor(line.sale_price, 'THB') ?? 0), 0),
    );
    // TikTok hides the address of an unpaid order.
    expect(first.items[0]).toMatchObject({ status: 'UNPAID', receiver: null, buyerName: null });

    const detail = await client.getOrder(access, inside[1]?.id ?? '');
    expect(detail).toEqual(paid);
    const missing = await rejection(client.getOrder(access, '577999999999999999'));
    expect(missing.platformCode).toBe('not_found');
  });

  it('answers an empty page for an empty window without calling TikTok', async () => {
    const access = await accessDemo();
    const at = clock.now();
    await expect(client.listOrders(access, { from: at, to: at }, null)).resolves.toEqual({
      items: [],
      next: null,
    });
  });
});

async function accessDemo() {
  return access('tiktok-demo');
}

describe('TikTok Shop products', () => {
  it('lists the products of a window with their SKUs, stock and images', async () => {
    const shop = await sandboxShop('7494000201');
    const from = new Date(clock.now().getTime() - 3 * DAY);
    const to = new Date(clock.now().getTime() - 2 * DAY);
    const rows = await insertProducts(shop, [
      { id: '1729000000000000001', at: from },
      { id: '1729000000000000002', at: new Date(from.getTime() + 60 * 60 * 1000) },
      { id: '1729000000000000003', at: new Date(to.getTime() - 1000) },
      { id: '1729000000000000004', at: to },
    ]);
    const access = await accessMulti();
    const page = await client.listProducts(access, { from, to }, null);
    expect(page.next).toBeNull();
    expect(page.items.map((product) => product.externalId)).toEqual([
      '1729000000000000001',
      '1729000000000000002',
      '1729000000000000003',
    ]);
    const raw = rows[0]?.data as {
      title: string;
      category_chains: Array<{ id: string }>;
      skus: Array<{
        id: string;
        price: { sale_price: string };
        inventory: Array<{ quantity: number }>;
        sales_attributes: Array<{ name: string; value_name: string }>;
      }>;
    };
    const product = page.items[0];
    expect(product).toMatchObject({
      title: raw.title,
      status: 'ACTIVATE',
      currency: 'MYR',
      categoryId: raw.category_chains[raw.category_chains.length - 1]?.id,
      createdAt: new Date(from.getTime() - DAY),
      updatedAt: from,
    });
    expect(product?.images).toHaveLength(3);
    expect(product?.images[0]).toMatch(/^http:\/\/sandbox\.test\/tiktok\/img\/tos-sandbox-i-/);
    expect(product?.skus).toHaveLength(raw.skus.length);
    const sku = raw.skus[0];
    expect(product?.skus[0]).toMatchObject({
      externalId: sku?.id,
      priceMinor: decimalToMinor(sku?.price.sale_price ?? '', 'MYR'),
      salePriceMinor: null,
      stock: sku?.inventory[0]?.quantity,
      attributes: Object.fromEntries(
        sku?.sales_attributes.map((attribute) => [attribute.name, attribute.value_name]) ?? [],
      ),
    });
    const image = await app.request(product?.skus[0]?.image ?? '');
    expect(image.headers.get('content-type')).toBe('image/svg+xml');

    expect(await client.getProduct(access, '1729000000000000002')).toEqual(page.items[1]);
  });

  it('creates a product from the category tree and edits it, keeping its SKU ids', async () => {
    const access = await accessDemo();
    const categories = await client.categories(access);
    const boxes = categories.find((category) => category.name === 'Storage Boxes');
    expect(boxes).toMatchObject({ leaf: true, parentId: '600024' });
    expect(categories.find((category) => category.id === '600001')).toMatchObject({
      parentId: null,
      leaf: false,
    });
    const attributes = await client.categoryAttributes(access, boxes?.id ?? '');
    const material = attributes.find((attribute) => attribute.required);
    expect(material).toMatchObject({
      name: 'Material',
      inputType: 'multiSelect',
      variation: false,
    });
    expect(attributes.find((attribute) => attribute.name === 'Color')?.variation).toBe(true);
    expect(attributes.find((attribute) => attribute.name === 'Capacity (L)')?.inputType).toBe(
      'number',
    );
    const channels = await client.logisticsChannels(access);
    expect(channels.map((channel) => channel.name)).toEqual([
      'Standard Delivery',
      'Express Delivery',
      'Economy Delivery',
    ]);

    const fabric = material?.options.find((option) => option.name === 'Fabric')?.id ?? '';
    const input: ProductInput = {
      title: 'Foldable Linen Storage Basket with Handles Set of 2',
      description: '<p>Foldable storage baskets.</p>',
      categoryId: boxes?.id ?? '',
      images: ['tos-sandbox-i-upload-01', 'tos-sandbox-i-upload-02'],
      brand: null,
      weightGrams: 1250,
      dimensionsCm: { length: 40, width: 30, height: 10 },
      attributes: { [material?.id ?? '']: fabric, '101002': '25' },
      skus: [
        {
          sellerSku: 'BASKET-GREY',
          priceMinor: 27900,
          stock: 12,
          attributes: { Color: 'Grey' },
          image: null,
        },
        {
          sellerSku: 'BASKET-BEIGE',
          priceMinor: 29950,
          stock: 5,
          attributes: { Color: 'Beige' },
          image: null,
        },
      ],
      logisticsIds: [channels[0]?.id ?? ''],
    };
    const { externalId } = await client.createProduct(access, input);
    const created = await client.getProduct(access, externalId);
    expect(created).toMatchObject({
      externalId,
      title: input.title,
      status: 'PENDING',
      currency: 'THB',
      categoryId: '600942',
      images: [
        'http://sandbox.test/tiktok/img/tos-sandbox-i-upload-01',
        'http://sandbox.test/tiktok/img/tos-sandbox-i-upload-02',
      ],
    });
    expect(
      created.skus.map(({ sellerSku, priceMinor, stock, attributes }) => ({
        sellerSku,
        priceMinor,
        stock,
        attributes,
      })),
    ).toEqual([
      { sellerSku: 'BASKET-GREY', priceMinor: 27900, stock: 12, attributes: { Color: 'Grey' } },
      { sellerSku: 'BASKET-BEIGE', priceMinor: 29950, stock: 5, attributes: { Color: 'Beige' } },
    ]);
    const raw = created.raw as {
      package_weight: unknown;
      product_attributes: Array<{ id: string; values: Array<{ name: string }> }>;
      delivery_options: Array<{ id: string }>;
    };
    expect(raw.package_weight).toEqual({ value: '1.25', unit: 'KILOGRAM' });
    expect(raw.product_attributes).toEqual([
      expect.objectContaining({ id: material?.id, values: [{ id: fabric, name: 'Fabric' }] }),
      expect.objectContaining({ id: '101002', values: [expect.objectContaining({ name: '25' })] }),
    ]);
    expect(raw.delivery_options.map((option) => option.id)).toEqual([channels[0]?.id]);

    clock.advance(60_000);
    await client.updateProduct(access, externalId, {
      ...input,
      skus: [
        {
          sellerSku: 'BASKET-GREY',
          priceMinor: 25900,
          stock: 20,
          attributes: { Color: 'Grey' },
          image: null,
        },
        {
          sellerSku: 'BASKET-BLACK',
          priceMinor: 25900,
          stock: 3,
          attributes: { Color: 'Black' },
          image: null,
        },
      ],
    });
    const edited = await client.getProduct(access, externalId);
    expect(edited.updatedAt).toEqual(new Date(Math.floor(clock.now().getTime() / 1000) * 1000));
    expect(edited.skus.map((sku) => [sku.sellerSku, sku.priceMinor, sku.stock])).toEqual([
      ['BASKET-GREY', 25900, 20],
      ['BASKET-BLACK', 25900, 3],
    ]);
    expect(edited.skus[0]?.externalId).toBe(created.skus[0]?.externalId);
    expect(created.skus.map((sku) => sku.externalId)).not.toContain(edited.skus[1]?.externalId);

    const incomplete = await rejection(client.createProduct(access, { ...input, attributes: {} }));
    expect(incomplete.failure).toBe('request');
    expect(incomplete.platformCode).toBe('101000');
    expect(incomplete.platformMessage).toContain('Material');
  });
});

async function accessMulti() {
  return access('tiktok-multi');
}

describe('TikTok Shop refusals', () => {
  it('reads a wrong app secret as a signature failure (106001)', async () => {
    const shop = await accessDemo();
    const wrong = clientWith({ appSecret: 'not-the-secret' });
    const error = await rejection(wrong.categories(shop));
    expect(error.failure).toBe('signature');
    expect(error.platformCode).toBe('106001');
    expect(error.key).toBe('PLATFORM_SIGNATURE_REJECTED');
  });

  it('reads a clock ten minutes behind as a timestamp failure (36009004)', async () => {
    const shop = await accessDemo();
    const late = clientWith({}, () => new Date(clock.now().getTime() - 10 * 60 * 1000));
    const error = await rejection(late.categories(shop));
    expect(error.failure).toBe('timestamp');
    expect(error.platformCode).toBe('36009004');
    expect(error.key).toBe('PLATFORM_TIMESTAMP_REJECTED');
    // Four minutes behind is inside TikTok's window.
    const slow = clientWith({}, () => new Date(clock.now().getTime() - 4 * 60 * 1000));
    await expect(slow.categories(shop)).resolves.not.toHaveLength(0);
  });

  it('reads an expired access token as a token failure (105002), an unknown one too', async () => {
    const shop = await accessDemo();
    clock.advance(7 * DAY + 1000);
    const expired = await rejection(client.logisticsChannels(shop));
    expect(expired.failure).toBe('token');
    expect(expired.platformCode).toBe('105002');
    expect(expired.key).toBe('PLATFORM_TOKEN_INVALID');

    const unknown = await rejection(
      client.logisticsChannels({ ...(await accessDemo()), accessToken: 'TTP_unknown' }),
    );
    expect(unknown.failure).toBe('token');
    expect(unknown.platformCode).toBe('36009004');
  });

  it("refuses another seller's shop_cipher with TikTok's code", async () => {
    const demo = await accessDemo();
    const error = await rejection(
      client.listOrders(
        { ...demo, externalId: '7494000201', site: 'my', cipher: 'ROW_multiMY0201' },
        { from: new Date(clock.now().getTime() - DAY), to: clock.now() },
        null,
      ),
    );
    expect(error.failure).toBe('request');
    expect(error.platformCode).toBe('101000');
    expect(error.platformMessage).toContain('shop_cipher');
    expect(error.key).toBe('PLATFORM_REQUEST_FAILED');
  });

  it('retries past 50 calls a second and reports the limit when it persists', async () => {
    const shop = await accessDemo();
    for (let call = 0; call < 50; call += 1) await client.categories(shop);
    const error = await rejection(client.categories(shop));
    expect(error.failure).toBe('rateLimited');
    expect(error.retryable).toBe(true);
    expect(error.platformCode).toBe('36009002');
    expect(error.responseStatus).toBe(429);
    clock.advance(1000);
    await expect(client.categories(shop)).resolves.not.toHaveLength(0);
  });
});
