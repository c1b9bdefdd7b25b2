import type { DatabaseHandle } from '@server/db/client';
import { sandboxOrders, sandboxProducts } from '@server/db/schema/index';
import {
  type ShopeeConfig,
  sandboxMarketplaces,
} from '@server/integrations/marketplace/marketplace.config';
import { MarketplaceError } from '@server/integrations/marketplace/marketplace.errors';
import type { ProductInput, ShopAccess } from '@server/integrations/marketplace/marketplace.types';
import { createTransport } from '@server/integrations/marketplace/transport';
import { createShopeeClient } from '@server/integrations/shopee/shopee.client';
import { createLogger } from '@server/lib/logger';
import { ensureSandboxSellers, seededRandom } from '@server/sandbox/marketplace/data';
import { shopById } from '@server/sandbox/marketplace/store';
import { shopeeSandbox } from '@server/sandbox/shopee/shopee.sandbox';
import { decimalToMinor } from '@shared/contracts/money';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../support/clock';
import { createTestDatabase } from '../../support/database';

const config = sandboxMarketplaces('http://sandbox.test').shopee;
const clock = createManualClock();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TH_SHOP = '220000101';
const MY_SHOP = '220000102';
const SG_SHOP = '220000103';

let handle: DatabaseHandle;
let app: Hono;
/** Every URL the client asked for, to tell whether a call went out. */
const requests: string[] = [];

const appFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const request = new Request(input, init);
  requests.push(request.url);
  return app.fetch(request);
};

function clientWith(
  options: { config?: Partial<ShopeeConfig>; now?: () => Date; fetch?: typeof fetch } = {},
) {
  const transport = createTransport({
    fetch: options.fetch ?? appFetch,
    sleep: async () => {},
    random: () => 0,
  });
  return createShopeeClient(
    { ...config, ...options.config },
    {
      transport,
      now: options.now ?? (() => clock.now()),
      sleep: async (ms) => clock.advance(ms),
    },
  );
}

const client = clientWith();

async function failureOf(promise: Promise<unknown>): Promise<MarketplaceError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(MarketplaceError);
    return error as MarketplaceError;
  }
  throw new Error('expected a MarketplaceError');
}

const fromHtml = (value: string) =>
  value.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** What a seller does on the sandbox's consent page: log in as one account and authorize. */
async function consent(url: string, sellerId: string): Promise<URL> {
  const page = await app.fetch(new Request(url));
  expect(page.status).toBe(200);
  const html = await page.text();
  const form = html.split('<form').find((part) => part.includes(`data-seller="${sellerId}"`));
  expect(form).toBeDefined();
  const action = fromHtml(/action="([^"]+)"/.exec(form ?? '')?.[1] ?? '');
  const fields = new URLSearchParams();
  for (const [, name = '', value = ''] of (form ?? '').matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)">/g,
  ))
    fields.set(fromHtml(name), fromHtml(value));
  const response = await app.fetch(
    new Request(new URL(action, url), { method: 'POST', body: fields }),
  );
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location') ?? '');
}

async function authorize(sellerId: string) {
  const url = client.authorizeUrl({
    redirectUri: 'http://console.test/shops/callback?platform=shopee',
    state: `state-${sellerId}`,
    site: null,
    crossBorder: false,
  });
  const back = await consent(url, sellerId);
  const code = back.searchParams.get('code') ?? '';
  const shopId = back.searchParams.get('shop_id') ?? '';
  const authorization = await client.exchangeCode({
    code,
    shopId,
    redirectUri: 'http://console.test/shops/callback',
  });
  return { back, code, shopId, authorization };
}

function accessFor(token: string, externalId: string, site: ShopAccess['site'] = 'th'): ShopAccess {
  return { shopId: `our-${externalId}`, accessToken: token, externalId, site, cipher: null };
}

beforeAll(async () => {
  handle = await createTestDatabase();
  await ensureSandboxSellers(handle.db, clock, [shopeeSandbox]);
  app = new Hono();
  app.route(
    '/shopee',
    shopeeSandbox.createApp({
      db: handle.db,
      clock,
      logger: createLogger({ level: 'error', write: () => {} }),
      publicUrl: 'http://sandbox.test',
      app: { key: String(config.partnerId), secret: config.partnerKey },
      callbackUrl: 'http://console.test/shops/callback',
    }),
  );
});

afterAll(async () => {
  await handle?.close();
});

describe('Shopee client: authorization', () => {
  it('sends the seller to a signed auth_partner link and exchanges the code for the shop', async () => {
    const url = new URL(
      client.authorizeUrl({
        redirectUri: 'http://console.test/shops/callback?platform=shopee',
        state: 'abc123',
        site: 'th',
        crossBorder: false,
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(
      'http://sandbox.test/shopee/api/v2/shop/auth_partner',
    );
    expect(url.searchParams.get('partner_id')).toBe(String(config.partnerId));
    expect(url.searchParams.get('sign')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('redirect')).toBe(
      'http://console.test/shops/callback?platform=shopee&state=abc123',
    );

    const consentedAt = clock.now();
    const { back, code, shopId, authorization } = await authorize('shopee-demo-th');
    expect(`${back.origin}${back.pathname}`).toBe('http://console.test/shops/callback');
    expect(back.searchParams.get('platform')).toBe('shopee');
    expect(back.searchParams.get('state')).toBe('state-shopee-demo-th');
    expect(shopId).toBe(TH_SHOP);
    expect(code).not.toBe('');
    expect(authorization).toMatchObject({
      accountId: TH_SHOP,
      accountName: 'Bangkok Gadget Hub',
      crossBorder: false,
      shops: [
        {
          externalId: TH_SHOP,
          site: 'th',
          name: 'Bangkok Gadget Hub',
          cipher: null,
          crossBorder: false,
        },
      ],
    });
    expect(authorization.expiresAt).toEqual(new Date(consentedAt.getTime() + 365 * DAY));
    expect(authorization.tokens.accessExpiresAt).toEqual(
      new Date(clock.now().getTime() + 4 * HOUR),
    );
    expect(authorization.tokens.refreshExpiresAt).toEqual(
      new Date(clock.now().getTime() + 30 * DAY),
    );
  });

  it('reports a cross-border shop on its site', async () => {
    const { authorization } = await authorize('shopee-cb-sg');
    expect(authorization.crossBorder).toBe(true);
    expect(authorization.shops).toEqual([
      {
        externalId: SG_SHOP,
        site: 'sg',
        name: 'Demo Shopee CB SG',
        cipher: null,
        crossBorder: true,
      },
    ]);
  });

  it('refuses a code used twice', async () => {
    const { code, shopId } = await authorize('shopee-demo-my');
    const error = await failureOf(
      client.exchangeCode({ code, shopId, redirectUri: 'http://console.test/shops/callback' }),
    );
    expect(error).toMatchObject({
      failure: 'code',
      platformCode: 'error_auth',
      key: 'PLATFORM_CODE_INVALID',
    });
  });

  it('refuses an authorization link older than five minutes', async () => {
    const url = client.authorizeUrl({
      redirectUri: 'http://console.test/shops/callback',
      state: 'late',
      site: null,
      crossBorder: false,
    });
    expect((await app.fetch(new Request(url))).status).toBe(200);
    clock.advance(5 * 60_000 + 1000);
    const page = await app.fetch(new Request(url, { headers: { 'accept-language': 'en' } }));
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('not valid or has expired');
  });

  it('refreshes once; the same refresh token a second time is refused', async () => {
    const { authorization } = await authorize('shopee-demo-my');
    const next = await client.refresh({
      refreshToken: authorization.tokens.refreshToken,
      shopExternalId: MY_SHOP,
    });
    expect(next.accessToken).not.toBe(authorization.tokens.accessToken);
    expect(next.refreshToken).not.toBe(authorization.tokens.refreshToken);
    expect(next.accessExpiresAt).toEqual(new Date(clock.now().getTime() + 4 * HOUR));
    const channels = await client.logisticsChannels(accessFor(next.accessToken, MY_SHOP, 'my'));
    expect(channels.map((channel) => channel.name)).toContain('SPX Express');

    const again = await failureOf(
      client.refresh({ refreshToken: authorization.tokens.refreshToken, shopExternalId: MY_SHOP }),
    );
    expect(again).toMatchObject({
      failure: 'token',
      platformCode: 'error_auth',
      key: 'PLATFORM_TOKEN_INVALID',
    });
    // The new pair keeps working.
    const third = await client.refresh({
      refreshToken: next.refreshToken,
      shopExternalId: MY_SHOP,
    });
    expect(third.accessToken).not.toBe(next.accessToken);
  });
});

describe('Shopee client: request failures', () => {
  it('reports a wrong partner key as a signature failure', async () => {
    const { authorization } = await authorize('shopee-demo-th');
    const wrong = clientWith({ config: { partnerKey: 'not-the-partner-key' } });
    const error = await failureOf(
      wrong.logisticsChannels(accessFor(authorization.tokens.accessToken, TH_SHOP)),
    );
    expect(error).toMatchObject({
      failure: 'signature',
      platformCode: 'error_sign',
      platformMessage: 'Wrong sign',
      key: 'PLATFORM_SIGNATURE_REJECTED',
      retryable: false,
    });
  });

  it('reports a timestamp older than five minutes', async () => {
    const { authorization } = await authorize('shopee-demo-th');
    const late = clientWith({ now: () => new Date(clock.now().getTime() - 6 * 60_000) });
    const error = await failureOf(
      late.categories(accessFor(authorization.tokens.accessToken, TH_SHOP)),
    );
    expect(error).toMatchObject({
      failure: 'timestamp',
      platformCode: 'error_param',
      key: 'PLATFORM_TIMESTAMP_REJECTED',
    });
  });

  it('reports an access token four hours old as a token failure', async () => {
    const { authorization } = await authorize('shopee-demo-th');
    const access = accessFor(authorization.tokens.accessToken, TH_SHOP);
    expect((await client.categories(access)).length).toBeGreaterThan(0);
    clock.advance(4 * HOUR);
    const error = await failureOf(client.categories(access));
    expect(error).toMatchObject({
      failure: 'token',
      platformCode: 'error_auth',
      key: 'PLATFORM_TOKEN_INVALID',
    });
  });

  it('refuses the token of one shop for another shop', async () => {
    const { authorization } = await authorize('shopee-demo-th');
    const error = await failureOf(
      client.logisticsChannels(accessFor(authorization.tokens.accessToken, MY_SHOP, 'my')),
    );
    expect(error).toMatchObject({
      failure: 'token',
      platformCode: 'error_auth',
      key: 'PLATFORM_TOKEN_INVALID',
    });
  });

  it('retries Shopee busy answers with a fresh sign and gives up on a lasting rate limit', async () => {
    const { authorization } = await authorize('shopee-demo-th');
    const access = accessFor(authorization.tokens.accessToken, TH_SHOP);
    const seen: string[] = [];
    let busy = 1;
    const flaky = clientWith({
      fetch: async (input, init) => {
        const request = new Request(input, init);
        seen.push(new URL(request.url).searchParams.get('timestamp') ?? '');
        clock.advance(1000);
        if (busy-- > 0)
          return Response.json({ request_id: 'r1', error: 'error_system_busy', message: 'busy' });
        return app.fetch(request);
      },
    });
    expect((await flaky.logisticsChannels(access)).length).toBeGreaterThan(0);
    expect(seen).toHaveLength(2);
    expect(seen[0]).not.toBe(seen[1]);

    let attempts = 0;
    const limited = clientWith({
      fetch: async () => {
        attempts += 1;
        return Response.json({
          request_id: 'r2',
          error: 'ads.rate_limit.exceed_api',
          message: 'too many calls',
        });
      },
    });
    const error = await failureOf(limited.logisticsChannels(access));
    expect(attempts).toBe(4);
    expect(error).toMatchObject({
      failure: 'rateLimited',
      platformCode: 'ads.rate_limit.exceed_api',
      retryable: true,
      key: 'PLATFORM_RATE_LIMITED',
    });
  });
});

describe('Shopee client: orders', () => {
  const from = new Date('2026-10-01T00:00:00.000Z');
  const to = new Date(from.getTime() + 5 * DAY);
  const inside: string[] = [];

  beforeAll(async () => {
    const shop = await shopById(handle.db, 'shopee', TH_SHOP);
    if (!shop) throw new Error('no shop');
    const random = seededRandom('7');
    const times: Array<[string, Date]> = [];
    for (let index = 0; index < 225; index++) {
      const sn = `2610${String(index).padStart(4, '0')}THA${index % 10}`;
      times.push([sn, new Date(from.getTime() + index * 30 * 60_000)]);
      inside.push(sn);
    }
    times.push(['261005LASTIN', new Date(to.getTime() - 1000)]);
    inside.push('261005LASTIN');
    times.push(['261005ATEND0', to]);
    times.push(['260930BEFORE', new Date(from.getTime() - 1000)]);
    const statuses = shopeeSandbox.orderStatuses;
    await handle.db.insert(sandboxOrders).values(
      times.map(([sn, updatedAt], index) => {
        const status = statuses[index % statuses.length] ?? 'READY_TO_SHIP';
        const createdAt = new Date(updatedAt.getTime() - 2 * HOUR);
        return {
          platform: 'shopee',
          shopId: TH_SHOP,
          orderId: sn,
          status,
          data: shopeeSandbox.buildOrder({ shop, id: sn, status, createdAt, updatedAt, random }),
          createdAt,
          updatedAt,
        };
      }),
    );
  });

  it('lists the half-open window over several cursor pages, with full records', async () => {
    const { authorization } = await authorize('shopee-demo-th');
    const access = accessFor(authorization.tokens.accessToken, TH_SHOP);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await client.listOrders(access, { from, to }, cursor);
      seen.push(...page.items.map((order) => order.externalId));
      cursor = page.next;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(inside.length);
    expect(new Set(seen)).toEqual(new Set(inside));

    const order = await client.getOrder(access, inside[3] ?? '');
    const [row] = await handle.db
      .select()
      .from(sandboxOrders)
      .where(eq(sandboxOrders.orderId, inside[3] ?? ''));
    const data = row?.data as Record<string, any>;
    expect(order).toMatchObject({
      externalId: inside[3],
      status: data.order_status,
      currency: 'THB',
      totalMinor: decimalToMinor(String(data.total_amount), 'THB'),
      buyerName: data.buyer_username,
      paymentMethod: data.payment_method,
      receiver: {
        name: data.recipient_address.name,
        phone: data.recipient_address.phone,
        address: data.recipient_address.full_address,
      },
      createdAt: new Date(data.create_time * 1000),
      updatedAt: new Date(data.update_time * 1000),
    });
    expect(order.items).toHaveLength(data.item_list.length);
    expect(order.items[0]).toMatchObject({
      productExternalId: String(data.item_list[0].item_id),
      name: data.item_list[0].item_name,
      quantity: data.item_list[0].model_quantity_purchased,
      unitPriceMinor: decimalToMinor(String(data.item_list[0].model_discounted_price), 'THB'),
      image: expect.stringMatching(/^http:\/\/sandbox\.test\/shopee\/file\//),
    });
  });

  it('refuses a 16-day window without calling Shopee', async () => {
    const { authorization } = await authorize('shopee-demo-th');
    const before = requests.length;
    const error = await failureOf(
      client.listOrders(
        accessFor(authorization.tokens.accessToken, TH_SHOP),
        { from, to: new Date(from.getTime() + 16 * DAY) },
        null,
      ),
    );
    expect(requests.length).toBe(before);
    expect(error).toMatchObject({
      failure: 'request',
      platformCode: 'order.order_list_invalid_time',
      key: 'PLATFORM_REQUEST_FAILED',
    });
    expect(client.maxWindowMs).toBe(15 * DAY);
  });

  it('reports an unknown order', async () => {
    const { authorization } = await authorize('shopee-demo-th');
    const error = await failureOf(
      client.getOrder(accessFor(authorization.tokens.accessToken, TH_SHOP), '999999NOSUCH'),
    );
    expect(error).toMatchObject({ failure: 'request', platformCode: 'error_not_found' });
  });
});

describe('Shopee client: products', () => {
  const from = new Date('2026-10-10T00:00:00.000Z');
  const to = new Date(from.getTime() + 2 * DAY);
  const ids = ['1000000001', '1000000002', '1000000003', '1000000004', '1000000005', '1000000006'];

  beforeAll(async () => {
    const shop = await shopById(handle.db, 'shopee', MY_SHOP);
    if (!shop) throw new Error('no shop');
    const random = seededRandom('11');
    await handle.db.insert(sandboxProducts).values(
      ids.map((id, index) => {
        const updatedAt = index === 5 ? to : new Date(from.getTime() + index * HOUR);
        const status = index === 4 ? 'UNLIST' : 'NORMAL';
        const createdAt = new Date(from.getTime() - DAY);
        return {
          platform: 'shopee',
          shopId: MY_SHOP,
          productId: id,
          status,
          data: shopeeSandbox.buildProduct({ shop, id, status, createdAt, updatedAt, random }),
          createdAt,
          updatedAt,
        };
      }),
    );
  });

  it('lists the items updated in the window with their models as SKUs', async () => {
    const { authorization } = await authorize('shopee-demo-my');
    const access = accessFor(authorization.tokens.accessToken, MY_SHOP, 'my');
    const page = await client.listProducts(access, { from, to }, null);
    expect(page.next).toBeNull();
    expect(page.items.map((product) => product.externalId)).toEqual(ids.slice(0, 5));
    const rows = await handle.db.select().from(sandboxProducts);
    let withModels = 0;
    for (const product of page.items) {
      const data = rows.find((row) => row.productId === product.externalId)?.data as Record<
        string,
        any
      >;
      expect(product).toMatchObject({
        title: data.item_name,
        status: product.externalId === ids[4] ? 'UNLIST' : 'NORMAL',
        currency: 'MYR',
        categoryId: String(data.category_id),
        updatedAt: new Date(data.update_time * 1000),
      });
      expect(product.images).toHaveLength(3);
      if (data.has_model) {
        withModels += 1;
        expect(product.skus).toHaveLength(data.model.length);
        const model = data.model[0];
        const sku = product.skus[0];
        expect(sku).toMatchObject({
          externalId: String(model.model_id),
          sellerSku: model.model_sku,
          priceMinor: decimalToMinor(String(model.price_info[0].original_price), 'MYR'),
          stock: model.stock_info_v2.summary_info.total_available_stock,
        });
        expect(Object.keys(sku?.attributes ?? {})).toEqual(
          data.tier_variation.map((tier: { name: string }) => tier.name),
        );
      } else {
        expect(product.skus).toEqual([
          expect.objectContaining({
            externalId: product.externalId,
            sellerSku: data.item_sku,
            priceMinor: decimalToMinor(String(data.price_info[0].original_price), 'MYR'),
          }),
        ]);
      }
    }
    expect(withModels).toBeGreaterThan(0);
    expect(withModels).toBeLessThan(5);
  });

  it('creates an item with two variation tiers, reads it back and updates it', async () => {
    const { authorization } = await authorize('shopee-demo-th');
    const access = accessFor(authorization.tokens.accessToken, TH_SHOP);
    const categories = await client.categories(access);
    expect(categories).toContainEqual({
      id: '100419',
      parentId: '100017',
      name: 'T-shirts',
      leaf: true,
    });
    expect(categories).toContainEqual({
      id: '100001',
      parentId: null,
      name: 'Women Clothes',
      leaf: false,
    });
    const attributes = await client.categoryAttributes(access, '100419');
    expect(attributes).toContainEqual(
      expect.objectContaining({
        id: '100134',
        name: 'Material',
        required: true,
        inputType: 'select',
      }),
    );
    const channels = await client.logisticsChannels(access);
    expect(channels).toContainEqual({
      id: '70015',
      name: 'Kerry Express',
      enabled: true,
      cod: true,
      // weight_limit.item_max_weight 20 kg, item_max_dimension at most 100 cm a side.
      weightLimitGrams: 20_000,
      maxSideCm: 100,
      maxVolumeCm3: null,
    });

    const input: ProductInput = {
      title: 'Linen Summer Shirt Relaxed Fit',
      description: 'A light linen shirt for hot days.',
      categoryId: '100419',
      images: ['th-img-linen-1', 'th-img-linen-2'],
      brand: null,
      weightGrams: 300,
      dimensionsCm: { length: 30, width: 20, height: 4 },
      attributes: { Material: 'Linen', '100999': 'Thailand', Pattern: 'Checked' },
      skus: [
        {
          sellerSku: 'LIN-W-M',
          priceMinor: 45900,
          stock: 10,
          attributes: { Color: 'White', Size: 'M' },
          image: 'th-img-white',
        },
        {
          sellerSku: 'LIN-W-L',
          priceMinor: 45900,
          stock: 5,
          attributes: { Color: 'White', Size: 'L' },
          image: null,
        },
        {
          sellerSku: 'LIN-B-M',
          priceMinor: 47950,
          stock: 0,
          attributes: { Color: 'Black', Size: 'M' },
          image: null,
        },
      ],
      logisticsIds: ['70015', '70016'],
    };
    const before = clock.now().getTime();
    const { externalId } = await client.createProduct(access, input);
    expect(clock.now().getTime() - before).toBeGreaterThanOrEqual(5000);
    const product = await client.getProduct(access, externalId);
    expect(product).toMatchObject({
      externalId,
      title: input.title,
      status: 'NORMAL',
      currency: 'THB',
      categoryId: '100419',
      images: [
        'http://sandbox.test/shopee/file/th-img-linen-1',
        'http://sandbox.test/shopee/file/th-img-linen-2',
      ],
    });
    expect(product.skus.map(({ externalId: _, ...sku }) => sku)).toEqual([
      {
        sellerSku: 'LIN-W-M',
        priceMinor: 45900,
        salePriceMinor: null,
        stock: 10,
        attributes: { Color: 'White', Size: 'M' },
        image: 'http://sandbox.test/shopee/file/th-img-white',
      },
      {
        sellerSku: 'LIN-W-L',
        priceMinor: 45900,
        salePriceMinor: null,
        stock: 5,
        attributes: { Color: 'White', Size: 'L' },
        image: 'http://sandbox.test/shopee/file/th-img-white',
      },
      {
        sellerSku: 'LIN-B-M',
        priceMinor: 47950,
        salePriceMinor: null,
        stock: 0,
        attributes: { Color: 'Black', Size: 'M' },
        image: null,
      },
    ]);
    const raw = product.raw as Record<string, any>;
    expect(raw.attribute_list).toContainEqual(
      expect.objectContaining({
        attribute_id: 100037,
        attribute_value_list: [{ value_id: 0, original_value_name: 'Checked', value_unit: '' }],
      }),
    );

    await client.updateProduct(access, externalId, {
      ...input,
      title: 'Linen Summer Shirt Relaxed Fit (2026)',
      skus: input.skus.map((sku) => ({
        ...sku,
        priceMinor: sku.priceMinor + 1000,
        stock: sku.stock + 1,
      })),
    });
    const updated = await client.getProduct(access, externalId);
    expect(updated.title).toBe('Linen Summer Shirt Relaxed Fit (2026)');
    expect(updated.skus.map((sku) => [sku.sellerSku, sku.priceMinor, sku.stock])).toEqual([
      ['LIN-W-M', 46900, 11],
      ['LIN-W-L', 46900, 6],
      ['LIN-B-M', 48950, 1],
    ]);
  });

  it('creates an item without variations as its own SKU', async () => {
    const { authorization } = await authorize('shopee-demo-my');
    const access = accessFor(authorization.tokens.accessToken, MY_SHOP, 'my');
    const input: ProductInput = {
      title: 'Stainless Lunch Box Two Tier',
      description: 'Keeps food warm.',
      categoryId: '100636',
      images: ['my-img-box'],
      brand: 'KitchenPro',
      weightGrams: 650,
      dimensionsCm: null,
      attributes: { Material: 'Stainless Steel', 'Country of Origin': 'Malaysia', Quantity: '2' },
      skus: [{ sellerSku: 'BOX-2T', priceMinor: 3990, stock: 40, attributes: {}, image: null }],
      logisticsIds: ['20011'],
    };
    const { externalId } = await client.createProduct(access, input);
    const product = await client.getProduct(access, externalId);
    expect(product.skus).toEqual([
      {
        externalId,
        sellerSku: 'BOX-2T',
        priceMinor: 3990,
        salePriceMinor: null,
        stock: 40,
        attributes: {},
        image: 'http://sandbox.test/shopee/file/my-img-box',
      },
    ]);
    await client.updateProduct(access, externalId, {
      ...input,
      skus: [{ sellerSku: 'BOX-2T', priceMinor: 4590, stock: 12, attributes: {}, image: null }],
    });
    expect((await client.getProduct(access, externalId)).skus[0]).toMatchObject({
      priceMinor: 4590,
      stock: 12,
    });

    const missing = await failureOf(
      client.createProduct(access, { ...input, attributes: { Quantity: '2' } }),
    );
    expect(missing).toMatchObject({
      failure: 'request',
      platformCode: 'error_param',
      key: 'PLATFORM_REQUEST_FAILED',
    });
    expect(missing.platformMessage).toContain('Material');

    const unknown = await failureOf(client.getProduct(access, '123'));
    expect(unknown).toMatchObject({ failure: 'request', platformCode: 'error_item_not_found' });
  });
});
