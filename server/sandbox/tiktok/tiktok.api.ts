import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { sandboxOrders, sandboxProducts } from '../../db/schema/index';
import { tiktokSign } from '../../integrations/tiktok/tiktok.sign';
import { tiktokCurrencyOf } from '../../integrations/tiktok/tiktok.sites';
import { sniffMediaType } from '../../lib/media-type';
import type { SandboxMarketplaceOptions } from '../marketplace/platform';
import {
  checkAccessToken,
  randomToken,
  type SandboxSeller,
  type SandboxShop,
  sellerById,
  shopsOfSeller,
} from '../marketplace/store';
import {
  attributeById,
  COLOR,
  categoryAttributes,
  categoryChain,
  deliveryOptionsOf,
  numericId,
  SIZE,
  salesWarehouseId,
  tiktokCategories,
  warehousesOf,
} from './tiktok.catalog';

/**
 * The Partner API of the TikTok Shop stand-in, checked as TikTok's gateway checks it: app_key,
 * timestamp within [now - 5 min, now + 30 s], the HMAC-SHA256 sign over path, sorted query and the
 * raw body as received, the `x-tts-access-token` header, and the shop_cipher of shop-scoped APIs
 * (missing: 106013; not the token's seller: 101000; sent to an API without shop: 36009004).
 * 50 calls a second per API per shop, then HTTP 429 with 36009002.
 */

/** TikTok's common error codes (partner.tiktokshop.com "Common errors"). */
const E = {
  rateLimited: 36009002,
  credentials: 36009004,
  invalidPath: 36009009,
  invalidMethod: 36009010,
  bodyType: 36009022,
  invalidSign: 106001,
  tokenExpired: 105002,
  shopCipherMissing: 106013,
  /** Token and shop_cipher do not match; TikTok also answers it for invalid or missing parameters. */
  invalidRequest: 101000,
  /** Product-module codes as sellers meet them (category unavailable, stock out of range, ...). */
  categoryUnavailable: 12019002,
  stockOutOfRange: 12019024,
  sellerSkuTooLong: 12019059,
  productStatusInvalid: 12052901,
} as const;

const QPS_PER_API = 50;
const PAST_SECONDS = 300;
const FUTURE_SECONDS = 30;

type Json = Record<string, unknown>;

interface Caller {
  seller: SandboxSeller;
  shop: SandboxShop | null;
  query: Record<string, string>;
  body: Json;
}

/** Routes the gate knows, to tell a wrong method (36009010) from an unknown path (36009009). */
const KNOWN_PATHS = [
  /^\/authorization\/202309\/shops$/,
  /^\/order\/202309\/orders\/search$/,
  /^\/order\/202507\/orders$/,
  /^\/product\/202502\/products\/search$/,
  /^\/product\/202309\/products(\/[^/]+)?$/,
  /^\/product\/202509\/products\/[^/]+$/,
  /^\/product\/202309\/categories(\/[^/]+\/attributes)?$/,
  /^\/logistics\/202309\/warehouses(\/[^/]+\/delivery_options)?$/,
];

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** TikTok's shop_cipher of a shop (the sandbox's own shops all have one). */
const cipherOf = (shop: SandboxShop) => shop.cipher ?? `ROW_${shop.shopId}`;

function sellerTypeOf(shop: SandboxShop, seller: SandboxSeller): string {
  const declared = shop.data.seller_type;
  if (typeof declared === 'string') return declared;
  return seller.country === 'cn' ? 'CROSS_BORDER' : 'LOCAL';
}

/** Decimal text of a positive amount with at most the currency's decimals. */
function amountValid(value: unknown, currency: string): value is string {
  if (typeof value !== 'string') return false;
  const decimals = currency === 'VND' || currency === 'IDR' ? 0 : 2;
  const pattern = decimals ? /^\d+(\.\d{1,2})?$/ : /^\d+$/;
  return pattern.test(value) && Number(value) > 0;
}

export function registerTiktokApi(app: Hono, options: SandboxMarketplaceOptions): void {
  const { db, clock } = options;
  const calls = new Map<string, { second: number; count: number }>();

  const requestId = () =>
    `${clock.now().toISOString().replace(/\D/g, '').slice(0, 14)}${randomToken(10).toUpperCase()}`;

  const ok = (c: Context, data: unknown) =>
    c.json({ code: 0, message: 'Success', request_id: requestId(), data });

  const fail = (c: Context, code: number, message: string, status: 200 | 404 | 405 | 429 = 200) =>
    c.json({ code, message, request_id: requestId() }, status);

  /** The path TikTok signs: the request path from /open-api on, without it. */
  const mountOf = (c: Context) => c.req.path.slice(0, c.req.path.indexOf('/open-api/'));
  const apiPath = (c: Context) => c.req.path.slice(mountOf(c).length + '/open-api'.length);

  /** Where the sandbox serves an image uri (TikTok answers with CDN URLs for its uris). */
  const imageUrl = (c: Context, uri: unknown) => {
    if (typeof uri !== 'string' || !uri) return uri;
    if (/^https?:\/\//.test(uri)) return uri;
    return `${options.publicUrl.replace(/\/+$/, '')}${mountOf(c)}/img/${encodeURIComponent(uri)}`;
  };

  const withUrls = (c: Context, image: unknown) => {
    if (!isRecord(image)) return image;
    const url = imageUrl(c, image.uri);
    return { ...image, urls: [url], thumb_urls: [url] };
  };

  function serveProduct(c: Context, data: Json): Json {
    const skus = Array.isArray(data.skus) ? data.skus : [];
    return {
      ...data,
      main_images: Array.isArray(data.main_images)
        ? data.main_images.map((image) => withUrls(c, image))
        : [],
      skus: skus.map((sku) =>
        isRecord(sku) && Array.isArray(sku.sales_attributes)
          ? {
              ...sku,
              sales_attributes: sku.sales_attributes.map((attribute) =>
                isRecord(attribute) && attribute.sku_img
                  ? { ...attribute, sku_img: withUrls(c, attribute.sku_img) }
                  : attribute,
              ),
            }
          : sku,
      ),
    };
  }

  /** Get Order Detail: no recipient address while an order is unpaid or on hold. */
  function serveOrder(c: Context, data: Json): Json {
    const { recipient_address: address, ...rest } = data;
    const served: Json = { ...rest };
    if (data.status !== 'UNPAID' && data.status !== 'ON_HOLD') served.recipient_address = address;
    if (Array.isArray(data.line_items)) {
      served.line_items = data.line_items.map((item) =>
        isRecord(item) ? { ...item, sku_image: imageUrl(c, item.sku_image) } : item,
      );
    }
    return served;
  }

  /** Everything TikTok's gateway checks before an API runs. */
  async function gate(
    c: Context,
    api: string,
    scope: 'shop' | 'account',
  ): Promise<Caller | Response> {
    const path = apiPath(c);
    const query = c.req.query();
    // A multipart body (image upload) is not signed.
    const multipart = (c.req.header('content-type') ?? '').startsWith('multipart/form-data');
    const raw = multipart ? '' : await c.req.text();
    if (query.app_key !== options.app.key) return fail(c, E.credentials, 'Invalid app_key');
    if (!query.sign) return fail(c, E.credentials, 'Missing sign');
    if (!query.timestamp || !/^\d{10}$/.test(query.timestamp))
      return fail(c, E.credentials, 'Invalid timestamp: 10-digit unix seconds expected');
    const now = Math.floor(clock.now().getTime() / 1000);
    const timestamp = Number(query.timestamp);
    if (timestamp < now - PAST_SECONDS || timestamp > now + FUTURE_SECONDS)
      return fail(
        c,
        E.credentials,
        'Invalid timestamp: the request timestamp is outside the allowed window',
      );
    const expected = tiktokSign(options.app.secret, path, query, raw === '' ? null : raw);
    const given = query.sign;
    if (
      given.length !== expected.length ||
      !timingSafeEqual(Buffer.from(given), Buffer.from(expected))
    )
      return fail(c, E.invalidSign, 'Invalid sign');

    const header = c.req.header('x-tts-access-token');
    if (!header) return fail(c, E.credentials, 'Missing access token in x-tts-access-token');
    const token = await checkAccessToken(db, clock, {
      platform: 'tiktok',
      appKey: options.app.key,
      token: header,
    });
    if (!token.ok && token.reason === 'expired')
      return fail(c, E.tokenExpired, 'Access token is expired, please refresh it');
    if (!token.ok) return fail(c, E.credentials, 'Invalid access token');
    const seller = await sellerById(db, 'tiktok', token.token.sellerId);
    if (!seller) return fail(c, E.credentials, 'Invalid access token');

    let shop: SandboxShop | null = null;
    if (scope === 'account' && query.shop_cipher !== undefined)
      return fail(c, E.credentials, 'Unexpected identifier: shop_cipher');
    if (scope === 'shop') {
      if (!query.shop_cipher) return fail(c, E.shopCipherMissing, 'shop_cipher is required');
      const shops = await shopsOfSeller(db, 'tiktok', seller.id);
      shop = shops.find((candidate) => cipherOf(candidate) === query.shop_cipher) ?? null;
      if (!shop)
        return fail(c, E.invalidRequest, 'The shop_cipher does not belong to the access token');
    }

    const key = `${query.app_key}|${shop?.shopId ?? seller.id}|${api}`;
    const counter = calls.get(key);
    if (counter && counter.second === now) counter.count += 1;
    else calls.set(key, { second: now, count: 1 });
    if ((calls.get(key)?.count ?? 0) > QPS_PER_API)
      return fail(c, E.rateLimited, 'Too many requests, please retry later', 429);

    let body: Json = {};
    if (raw !== '') {
      if (!(c.req.header('content-type') ?? '').startsWith('application/json'))
        return fail(c, E.bodyType, 'Content-Type must be application/json');
      try {
        const parsed: unknown = JSON.parse(raw);
        if (!isRecord(parsed)) return fail(c, E.bodyType, 'The body must be a JSON object');
        body = parsed;
      } catch {
        return fail(c, E.bodyType, 'The body is not valid JSON');
      }
    }
    return { seller, shop, query, body };
  }

  const pageSizeOf = (value: string | undefined) => {
    const size = Number(value);
    return value && /^\d+$/.test(value) && size >= 1 && size <= 100 ? size : null;
  };

  /**
   * One page of `items` sorted by (key, id) in `direction`; page tokens carry the last position
   * and the sort they belong to. Null when the token is not one of ours for this sort.
   */
  function paginate(
    items: Json[],
    key: (item: Json) => number,
    direction: 1 | -1,
    pageSize: number,
    token: string | undefined,
    sort: string,
  ): { page: Json[]; next: string } | null {
    const compare = (a: [number, string], b: [number, string]) =>
      (a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)) * direction;
    const position = (item: Json): [number, string] => [key(item), String(item.id)];
    const sorted = [...items].sort((a, b) => compare(position(a), position(b)));
    let start = 0;
    if (token) {
      let cursor: { s?: unknown; k?: unknown; i?: unknown };
      try {
        cursor = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (cursor.s !== sort || typeof cursor.k !== 'number' || typeof cursor.i !== 'string')
        return null;
      const last: [number, string] = [cursor.k, cursor.i];
      start = sorted.findIndex((item) => compare(position(item), last) > 0);
      if (start < 0) start = sorted.length;
    }
    const page = sorted.slice(start, start + pageSize);
    const lastItem = page[page.length - 1];
    const more = start + pageSize < sorted.length;
    const next =
      more && lastItem
        ? Buffer.from(
            JSON.stringify({ s: sort, k: key(lastItem), i: String(lastItem.id) }),
          ).toString('base64url')
        : '';
    return { page, next };
  }

  /** Reads optional numeric time filters of a search body; a string naming the bad one otherwise. */
  function timeFilters(body: Json, names: string[]): Record<string, number> | string {
    const filters: Record<string, number> = {};
    for (const name of names) {
      const value = body[name];
      if (value === undefined || value === null) continue;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) return name;
      filters[name] = value;
    }
    return filters;
  }

  const timeOf = (item: Json, field: string) => (typeof item[field] === 'number' ? item[field] : 0);

  app.get('/open-api/authorization/202309/shops', async (c) => {
    const caller = await gate(c, 'get authorized shops', 'account');
    if (caller instanceof Response) return caller;
    const shops = await shopsOfSeller(db, 'tiktok', caller.seller.id);
    return ok(c, {
      shops: shops.map((shop) => ({
        id: shop.shopId,
        name: shop.name,
        region: shop.site.toUpperCase(),
        seller_type: sellerTypeOf(shop, caller.seller),
        cipher: cipherOf(shop),
        code:
          typeof shop.data.code === 'string'
            ? shop.data.code
            : `${shop.site.toUpperCase()}LC${shop.shopId.slice(-6)}`,
      })),
    });
  });

  app.post('/open-api/order/202309/orders/search', async (c) => {
    const caller = await gate(c, 'get order list', 'shop');
    if (caller instanceof Response) return caller;
    const shop = caller.shop as SandboxShop;
    const pageSize = pageSizeOf(caller.query.page_size);
    if (!pageSize) return fail(c, E.invalidRequest, 'page_size must be between 1 and 100');
    const sortField = caller.query.sort_field ?? 'create_time';
    const sortOrder = caller.query.sort_order ?? 'DESC';
    if (sortField !== 'create_time' && sortField !== 'update_time')
      return fail(c, E.invalidRequest, 'sort_field must be create_time or update_time');
    if (sortOrder !== 'ASC' && sortOrder !== 'DESC')
      return fail(c, E.invalidRequest, 'sort_order must be ASC or DESC');
    const filters = timeFilters(caller.body, [
      'create_time_ge',
      'create_time_lt',
      'update_time_ge',
      'update_time_lt',
    ]);
    if (typeof filters === 'string') return fail(c, E.invalidRequest, `${filters} is invalid`);
    const status = caller.body.order_status;
    if (status !== undefined && typeof status !== 'string')
      return fail(c, E.invalidRequest, 'order_status is invalid');
    const rows = await db
      .select({ data: sandboxOrders.data })
      .from(sandboxOrders)
      .where(and(eq(sandboxOrders.platform, 'tiktok'), eq(sandboxOrders.shopId, shop.shopId)));
    const matching = rows
      .map((row) => row.data)
      .filter((order) => {
        const created = timeOf(order, 'create_time');
        const updated = timeOf(order, 'update_time');
        return (
          (status === undefined || order.status === status) &&
          (filters.create_time_ge === undefined || created >= filters.create_time_ge) &&
          (filters.create_time_lt === undefined || created < filters.create_time_lt) &&
          (filters.update_time_ge === undefined || updated >= filters.update_time_ge) &&
          (filters.update_time_lt === undefined || updated < filters.update_time_lt)
        );
      });
    const result = paginate(
      matching,
      (order) => timeOf(order, sortField),
      sortOrder === 'ASC' ? 1 : -1,
      pageSize,
      caller.query.page_token,
      `orders:${sortField}:${sortOrder}`,
    );
    if (!result) return fail(c, E.invalidRequest, 'page_token is invalid');
    return ok(c, {
      orders: result.page.map((order) => serveOrder(c, order)),
      next_page_token: result.next,
      total_count: matching.length,
    });
  });

  app.get('/open-api/order/202507/orders', async (c) => {
    const caller = await gate(c, 'get order detail', 'shop');
    if (caller instanceof Response) return caller;
    const shop = caller.shop as SandboxShop;
    const ids = (caller.query.ids ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
    if (!ids.length || ids.length > 50)
      return fail(c, E.invalidRequest, 'ids must hold 1 to 50 order ids');
    const rows = await db
      .select({ orderId: sandboxOrders.orderId, data: sandboxOrders.data })
      .from(sandboxOrders)
      .where(
        and(
          eq(sandboxOrders.platform, 'tiktok'),
          eq(sandboxOrders.shopId, shop.shopId),
          inArray(sandboxOrders.orderId, ids),
        ),
      );
    const byId = new Map(rows.map((row) => [row.orderId, row.data]));
    const orders = ids.flatMap((id) => {
      const data = byId.get(id);
      return data ? [serveOrder(c, data)] : [];
    });
    return ok(c, { orders });
  });

  app.post('/open-api/product/202502/products/search', async (c) => {
    const caller = await gate(c, 'search products', 'shop');
    if (caller instanceof Response) return caller;
    const shop = caller.shop as SandboxShop;
    await settleReviews(shop);
    const pageSize = pageSizeOf(caller.query.page_size);
    if (!pageSize) return fail(c, E.invalidRequest, 'page_size must be between 1 and 100');
    const filters = timeFilters(caller.body, [
      'create_time_ge',
      'create_time_le',
      'update_time_ge',
      'update_time_le',
    ]);
    if (typeof filters === 'string') return fail(c, E.invalidRequest, `${filters} is invalid`);
    const status = caller.body.status ?? 'ALL';
    if (typeof status !== 'string') return fail(c, E.invalidRequest, 'status is invalid');
    const sellerSkus = caller.body.seller_skus;
    if (
      sellerSkus !== undefined &&
      !(Array.isArray(sellerSkus) && sellerSkus.every((sku) => typeof sku === 'string'))
    )
      return fail(c, E.invalidRequest, 'seller_skus is invalid');
    const rows = await db
      .select({ data: sandboxProducts.data })
      .from(sandboxProducts)
      .where(and(eq(sandboxProducts.platform, 'tiktok'), eq(sandboxProducts.shopId, shop.shopId)));
    const matching = rows
      .map((row) => row.data)
      .filter((product) => {
        const created = timeOf(product, 'create_time');
        const updated = timeOf(product, 'update_time');
        const skus = Array.isArray(product.skus) ? product.skus.filter(isRecord) : [];
        return (
          (status === 'ALL' || product.status === status) &&
          (!sellerSkus ||
            skus.some((sku) => (sellerSkus as string[]).includes(String(sku.seller_sku)))) &&
          (filters.create_time_ge === undefined || created >= filters.create_time_ge) &&
          (filters.create_time_le === undefined || created <= filters.create_time_le) &&
          (filters.update_time_ge === undefined || updated >= filters.update_time_ge) &&
          (filters.update_time_le === undefined || updated <= filters.update_time_le)
        );
      });
    const result = paginate(
      matching,
      (product) => timeOf(product, 'update_time'),
      1,
      pageSize,
      caller.query.page_token,
      'products:update_time:ASC',
    );
    if (!result) return fail(c, E.invalidRequest, 'page_token is invalid');
    return ok(c, {
      products: result.page.map((product) => ({
        id: product.id,
        title: product.title,
        status: product.status,
        skus: (Array.isArray(product.skus) ? product.skus.filter(isRecord) : []).map((sku) => ({
          id: sku.id,
          seller_sku: sku.seller_sku,
          price: sku.price,
          inventory: sku.inventory,
        })),
        sales_regions: [shop.site.toUpperCase()],
        create_time: product.create_time,
        update_time: product.update_time,
        is_not_for_sale: false,
      })),
      next_page_token: result.next,
      total_count: matching.length,
    });
  });

  /** Review: a product pending this long reads as approved (ACTIVATE). */
  const REVIEW_MS = 60_000;
  async function settleReviews(shop: SandboxShop) {
    await db
      .update(sandboxProducts)
      .set({
        status: 'ACTIVATE',
        data: sql`jsonb_set(${sandboxProducts.data}, '{status}', '"ACTIVATE"')`,
        updatedAt: sql`${sandboxProducts.updatedAt} + interval '60 seconds'`,
      })
      .where(
        and(
          eq(sandboxProducts.platform, 'tiktok'),
          eq(sandboxProducts.shopId, shop.shopId),
          eq(sandboxProducts.status, 'PENDING'),
          lte(sandboxProducts.updatedAt, new Date(clock.now().getTime() - REVIEW_MS)),
        ),
      );
  }

  async function productRow(shop: SandboxShop, productId: string) {
    await settleReviews(shop);
    const [row] = await db
      .select()
      .from(sandboxProducts)
      .where(
        and(
          eq(sandboxProducts.platform, 'tiktok'),
          eq(sandboxProducts.shopId, shop.shopId),
          eq(sandboxProducts.productId, productId),
        ),
      );
    return row ?? null;
  }

  app.get('/open-api/product/202309/products/:id', async (c) => {
    const caller = await gate(c, 'get product', 'shop');
    if (caller instanceof Response) return caller;
    const row = await productRow(caller.shop as SandboxShop, c.req.param('id'));
    if (!row) return fail(c, E.invalidRequest, 'The product does not exist');
    return ok(c, serveProduct(c, row.data));
  });

  /**
   * Checks a Create Product / Edit Product body and makes the stored record's fields from it;
   * `existing` is the product being edited.
   */
  function productFields(
    caller: Caller,
    productId: string,
    existing: Json | null,
  ): { fields: Json; skus: Json[] } | { code: number; message: string } {
    const shop = caller.shop as SandboxShop;
    const body = caller.body;
    const currency = tiktokCurrencyOf(shop.site) ?? 'USD';
    const invalid = (message: string) => ({ code: E.invalidRequest, message });
    if (typeof body.title !== 'string' || !body.title.trim() || body.title.length > 255)
      return invalid('title is required and must be at most 255 characters');
    if (typeof body.description !== 'string' || !body.description.trim())
      return invalid('description is required');
    if (body.description.length > 10000)
      return invalid('description must be at most 10000 characters');
    const chain = typeof body.category_id === 'string' ? categoryChain(body.category_id) : null;
    if (!chain)
      return {
        code: E.categoryUnavailable,
        message: 'Category unavailable. Select another category (a leaf category is required)',
      };
    const images = body.main_images;
    if (
      !Array.isArray(images) ||
      images.length < 1 ||
      images.length > 9 ||
      !images.every((image) => isRecord(image) && typeof image.uri === 'string' && image.uri)
    )
      return invalid('main_images must hold 1 to 9 images with a uri');
    const weight = body.package_weight;
    if (
      !isRecord(weight) ||
      typeof weight.value !== 'string' ||
      !/^\d+(\.\d+)?$/.test(weight.value) ||
      Number(weight.value) <= 0 ||
      weight.unit !== 'KILOGRAM'
    )
      return invalid('package_weight must be a positive value in KILOGRAM');
    const dimensions = body.package_dimensions;
    if (
      dimensions !== undefined &&
      !(
        isRecord(dimensions) &&
        ['length', 'width', 'height'].every(
          (side) => typeof dimensions[side] === 'string' && /^\d+$/.test(String(dimensions[side])),
        ) &&
        dimensions.unit === 'CENTIMETER'
      )
    )
      return invalid('package_dimensions must be whole numbers in CENTIMETER');

    const attributes = categoryAttributes(chain[chain.length - 1]?.id ?? '') ?? [];
    const given = Array.isArray(body.product_attributes) ? body.product_attributes : [];
    const productAttributes: Json[] = [];
    for (const entry of given) {
      if (!isRecord(entry) || typeof entry.id !== 'string' || !Array.isArray(entry.values))
        return invalid('product_attributes must hold {id, values}');
      const known = attributes.find(
        (attribute) => attribute.id === entry.id && attribute.type === 'PRODUCT_PROPERTY',
      );
      if (!known) return invalid(`product attribute ${entry.id} does not belong to the category`);
      const resolved: Json[] = [];
      for (const value of entry.values) {
        if (!isRecord(value)) return invalid(`product attribute ${entry.id} has an invalid value`);
        const byId =
          typeof value.id === 'string' && value.id
            ? known.values.find((option) => option.id === value.id)
            : undefined;
        if (typeof value.id === 'string' && value.id && !byId)
          return invalid(`value ${value.id} is not a value of product attribute ${known.name}`);
        const name = byId?.name ?? (typeof value.name === 'string' ? value.name.trim() : '');
        if (!name) return invalid(`product attribute ${known.name} has an empty value`);
        const named = known.values.find((option) => option.name === name);
        resolved.push({
          id: byId?.id ?? named?.id ?? numericId(`value:${known.id}:${name}`, 10, '7'),
          name,
        });
      }
      if (!resolved.length) return invalid(`product attribute ${known.name} has no value`);
      productAttributes.push({ id: known.id, name: known.name, values: resolved });
    }
    for (const attribute of attributes) {
      if (
        attribute.type === 'PRODUCT_PROPERTY' &&
        attribute.is_requried &&
        !productAttributes.some((entry) => entry.id === attribute.id)
      )
        return invalid(`product attribute ${attribute.name} (${attribute.id}) is required`);
    }

    const warehouseId = salesWarehouseId(shop.shopId);
    const options = deliveryOptionsOf(shop.shopId, warehouseId) ?? [];
    const deliveryIds = body.delivery_option_ids;
    if (
      deliveryIds !== undefined &&
      !(
        Array.isArray(deliveryIds) &&
        deliveryIds.every((id) => options.some((option) => option.id === id))
      )
    )
      return invalid('delivery_option_ids must be delivery options of the shop');

    const skusIn = body.skus;
    if (!Array.isArray(skusIn) || skusIn.length < 1 || skusIn.length > 300)
      return invalid('skus must hold 1 to 300 SKUs');
    const existingSkus = new Map(
      (Array.isArray(existing?.skus) ? existing.skus.filter(isRecord) : []).map((sku) => [
        String(sku.id),
        sku,
      ]),
    );
    const skus: Json[] = [];
    const combinations = new Set<string>();
    for (const [index, sku] of skusIn.entries()) {
      if (!isRecord(sku)) return invalid(`skus[${index}] is invalid`);
      const price = sku.price;
      if (!isRecord(price) || price.currency !== currency || !amountValid(price.amount, currency))
        return invalid(`skus[${index}].price must be a positive amount in ${currency}`);
      if (sku.seller_sku !== undefined && typeof sku.seller_sku !== 'string')
        return invalid(`skus[${index}].seller_sku is invalid`);
      if (typeof sku.seller_sku === 'string' && sku.seller_sku.length > 50)
        return {
          code: E.sellerSkuTooLong,
          message: 'The seller SKU text length cannot exceed 50 characters',
        };
      const inventory = sku.inventory;
      if (!Array.isArray(inventory) || inventory.length < 1)
        return invalid(`skus[${index}].inventory is required`);
      for (const entry of inventory) {
        if (!isRecord(entry) || entry.warehouse_id !== warehouseId)
          return invalid(`skus[${index}].inventory.warehouse_id is not a warehouse of the shop`);
        if (
          typeof entry.quantity !== 'number' ||
          !Number.isInteger(entry.quantity) ||
          entry.quantity < 0 ||
          entry.quantity > 999999
        )
          return { code: E.stockOutOfRange, message: 'The SKU stock must be between [0,999999]' };
      }
      const salesIn = Array.isArray(sku.sales_attributes) ? sku.sales_attributes : [];
      if (salesIn.length > 3) return invalid('A SKU has at most 3 sales attributes');
      const sales: Json[] = [];
      for (const attribute of salesIn) {
        if (!isRecord(attribute)) return invalid(`skus[${index}].sales_attributes is invalid`);
        const builtIn = [COLOR, SIZE].find(
          (candidate) => candidate.id === attribute.id || candidate.name === attribute.name,
        );
        const name = builtIn?.name ?? (typeof attribute.name === 'string' ? attribute.name : '');
        const valueName = typeof attribute.value_name === 'string' ? attribute.value_name : '';
        const knownValue = builtIn?.values.find(
          (value) => value.id === attribute.value_id || value.name === valueName,
        );
        const finalValue = knownValue?.name ?? valueName;
        if (!name || name.length > 20)
          return invalid('A sales attribute name must have 1 to 20 characters');
        if (!finalValue || finalValue.length > 50)
          return invalid('A sales attribute value must have 1 to 50 characters');
        const id =
          builtIn?.id ??
          attributeById(String(attribute.id))?.id ??
          numericId(`sales:${name}`, 10, '7');
        const image =
          isRecord(attribute.sku_img) && typeof attribute.sku_img.uri === 'string'
            ? { sku_img: { uri: attribute.sku_img.uri, width: 800, height: 800 } }
            : {};
        sales.push({
          id,
          name,
          value_id: knownValue?.id ?? numericId(`value:${id}:${finalValue}`, 10, '7'),
          value_name: finalValue,
          ...image,
        });
      }
      const combination = sales
        .map((attribute) => `${attribute.name}=${attribute.value_name}`)
        .join('|');
      if (combinations.has(combination))
        return invalid('Every SKU must have its own combination of sales attributes');
      combinations.add(combination);
      let skuId: string;
      if (sku.id !== undefined) {
        if (typeof sku.id !== 'string' || !existingSkus.has(sku.id))
          return invalid(`SKU ${String(sku.id)} does not belong to the product`);
        skuId = sku.id;
      } else {
        skuId = numericId(`${productId}:sku:${index}:${combination}:${randomToken(4)}`);
      }
      skus.push({
        id: skuId,
        seller_sku: sku.seller_sku ?? '',
        price: {
          currency,
          sale_price: price.amount,
          tax_exclusive_price: price.amount,
        },
        inventory: inventory.map((entry) => ({
          warehouse_id: (entry as Json).warehouse_id,
          quantity: (entry as Json).quantity,
        })),
        sales_attributes: sales,
      });
    }

    const brandId = typeof body.brand_id === 'string' && body.brand_id ? body.brand_id : null;
    const chosen =
      Array.isArray(deliveryIds) && deliveryIds.length
        ? options.filter((option) => deliveryIds.includes(option.id))
        : options;
    return {
      skus,
      fields: {
        title: body.title,
        description: body.description,
        category_chains: chain.map((category) => ({
          id: category.id,
          parent_id: category.parent_id,
          local_name: category.local_name,
          is_leaf: category.is_leaf,
        })),
        ...(brandId ? { brand: { id: brandId, name: brandId } } : {}),
        main_images: images.map((image) => ({
          uri: (image as Json).uri,
          width: 800,
          height: 800,
        })),
        skus,
        package_weight: { value: weight.value, unit: 'KILOGRAM' },
        ...(isRecord(dimensions) ? { package_dimensions: dimensions } : {}),
        product_attributes: productAttributes,
        delivery_options: chosen.map((option) => ({
          id: option.id,
          name: option.name,
          is_available: true,
        })),
        is_cod_allowed: body.is_cod_allowed === true,
        audit_failed_reasons: [],
        external_product_id:
          typeof body.external_product_id === 'string' ? body.external_product_id : '',
      },
    };
  }

  const answerSkus = (productId: string, skus: Json[]) => ({
    product_id: productId,
    skus: skus.map((sku) => ({
      id: sku.id,
      seller_sku: sku.seller_sku,
      sales_attributes: (sku.sales_attributes as Json[]).map((attribute) => ({
        id: attribute.id,
        value_id: attribute.value_id,
      })),
    })),
    warnings: [],
  });

  app.post('/open-api/product/202309/products', async (c) => {
    const caller = await gate(c, 'create product', 'shop');
    if (caller instanceof Response) return caller;
    const shop = caller.shop as SandboxShop;
    const now = clock.now();
    const productId = numericId(`${shop.shopId}:${now.getTime()}:${randomToken(8)}`);
    const result = productFields(caller, productId, null);
    if ('code' in result) return fail(c, result.code, result.message);
    const status = caller.body.save_mode === 'AS_DRAFT' ? 'DRAFT' : 'PENDING';
    const seconds = Math.floor(now.getTime() / 1000);
    const data: Json = {
      id: productId,
      status,
      create_time: seconds,
      update_time: seconds,
      ...result.fields,
    };
    await db.insert(sandboxProducts).values({
      platform: 'tiktok',
      shopId: shop.shopId,
      productId,
      status,
      data,
      createdAt: now,
      updatedAt: now,
    });
    return ok(c, answerSkus(productId, result.skus));
  });

  app.put('/open-api/product/202509/products/:id', async (c) => {
    const caller = await gate(c, 'edit product', 'shop');
    if (caller instanceof Response) return caller;
    const shop = caller.shop as SandboxShop;
    const productId = c.req.param('id');
    const row = await productRow(shop, productId);
    if (!row) return fail(c, E.invalidRequest, 'The product does not exist');
    if (['DELETED', 'FREEZE', 'PLATFORM_DEACTIVATED'].includes(row.status))
      return fail(c, E.productStatusInvalid, `Product status invalid: ${row.status}`);
    const result = productFields(caller, productId, row.data);
    if ('code' in result) return fail(c, result.code, result.message);
    const now = clock.now();
    // An edited listing goes back to review; a draft saved as draft stays one.
    const status =
      caller.body.save_mode === 'AS_DRAFT' && row.status === 'DRAFT' ? 'DRAFT' : 'PENDING';
    const data: Json = {
      ...row.data,
      ...result.fields,
      id: productId,
      status,
      update_time: Math.floor(now.getTime() / 1000),
    };
    await db
      .update(sandboxProducts)
      .set({ status, data, updatedAt: now })
      .where(
        and(
          eq(sandboxProducts.platform, 'tiktok'),
          eq(sandboxProducts.shopId, shop.shopId),
          eq(sandboxProducts.productId, productId),
        ),
      );
    return ok(c, answerSkus(productId, result.skus));
  });

  app.post('/open-api/product/202309/images/upload', async (c) => {
    const caller = await gate(c, 'upload image', 'account');
    if (caller instanceof Response) return caller;
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const file = form.data;
    if (!(file instanceof File)) return fail(c, E.invalidRequest, 'data is required');
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffMediaType(bytes);
    if (!type || type === 'video/mp4')
      return fail(c, E.invalidRequest, 'The image must be JPG, JPEG, PNG or WEBP');
    if (bytes.length > 10 * 1024 * 1024)
      return fail(c, E.invalidRequest, 'The image must be at most 10 MB');
    const uri = `tos-maliva-i-o3syd03w52-us/${createHash('sha256').update(bytes).digest('hex')}`;
    return ok(c, {
      uri,
      url: `https://p16-oec-va.ibyteimg.com/${uri}~tplv-o3syd03w52-origin-jpeg.jpeg`,
      use_case: String(form.use_case ?? 'MAIN_IMAGE'),
    });
  });

  /** Activate, deactivate and delete: each product of product_ids takes the status. */
  async function setStatuses(c: Context, api: string, next: string, allowed: readonly string[]) {
    const caller = await gate(c, api, 'shop');
    if (caller instanceof Response) return caller;
    const shop = caller.shop as SandboxShop;
    const ids = Array.isArray(caller.body.product_ids) ? caller.body.product_ids.map(String) : [];
    if (ids.length === 0 || ids.length > 20)
      return fail(c, E.invalidRequest, 'product_ids needs 1 to 20 ids');
    const errors: Json[] = [];
    const now = clock.now();
    for (const id of ids) {
      const row = await productRow(shop, id);
      if (!row || row.status === 'DELETED' || !allowed.includes(row.status)) {
        errors.push({
          code: E.productStatusInvalid,
          message: `Product status invalid: ${row?.status ?? 'missing'}`,
          detail: { product_id: id },
        });
        continue;
      }
      await db
        .update(sandboxProducts)
        .set({
          status: next,
          data: { ...row.data, status: next, update_time: Math.floor(now.getTime() / 1000) },
          updatedAt: now,
        })
        .where(
          and(
            eq(sandboxProducts.platform, 'tiktok'),
            eq(sandboxProducts.shopId, shop.shopId),
            eq(sandboxProducts.productId, id),
          ),
        );
    }
    if (errors.length === ids.length) return fail(c, E.productStatusInvalid, 'No product changed');
    return ok(c, { errors });
  }
  app.post('/open-api/product/202309/products/activate', (c) =>
    setStatuses(c, 'activate products', 'ACTIVATE', ['SELLER_DEACTIVATED']),
  );
  app.post('/open-api/product/202309/products/deactivate', (c) =>
    setStatuses(c, 'deactivate products', 'SELLER_DEACTIVATED', ['ACTIVATE']),
  );
  app.delete('/open-api/product/202309/products', (c) =>
    setStatuses(c, 'delete products', 'DELETED', [
      'DRAFT',
      'PENDING',
      'FAILED',
      'ACTIVATE',
      'SELLER_DEACTIVATED',
      'PLATFORM_DEACTIVATED',
    ]),
  );

  app.get('/open-api/product/202309/categories', async (c) => {
    const caller = await gate(c, 'get categories', 'shop');
    if (caller instanceof Response) return caller;
    const keyword = (caller.query.keyword ?? '').trim().toLowerCase();
    const categories = tiktokCategories().filter(
      (category) => !keyword || category.local_name.toLowerCase().includes(keyword),
    );
    return ok(c, { categories });
  });

  app.get('/open-api/product/202309/categories/:id/attributes', async (c) => {
    const caller = await gate(c, 'get attributes', 'shop');
    if (caller instanceof Response) return caller;
    const attributes = categoryAttributes(c.req.param('id'));
    if (!attributes)
      return fail(c, E.categoryUnavailable, 'Category unavailable: a leaf category is required');
    return ok(c, { attributes });
  });

  app.get('/open-api/logistics/202309/warehouses', async (c) => {
    const caller = await gate(c, 'get warehouse list', 'shop');
    if (caller instanceof Response) return caller;
    const shop = caller.shop as SandboxShop;
    const crossBorder = sellerTypeOf(shop, caller.seller) === 'CROSS_BORDER';
    return ok(c, { warehouses: warehousesOf(shop, crossBorder) });
  });

  app.get('/open-api/logistics/202309/warehouses/:id/delivery_options', async (c) => {
    const caller = await gate(c, 'get warehouse delivery options', 'shop');
    if (caller instanceof Response) return caller;
    const options = deliveryOptionsOf((caller.shop as SandboxShop).shopId, c.req.param('id'));
    if (!options) return fail(c, E.invalidRequest, 'The warehouse does not exist');
    return ok(c, { delivery_options: options });
  });

  app.all('/open-api/*', (c) => {
    const path = apiPath(c);
    if (KNOWN_PATHS.some((pattern) => pattern.test(path)))
      return fail(c, E.invalidMethod, `Invalid method ${c.req.method} for ${path}`, 405);
    return fail(c, E.invalidPath, `Invalid path ${path}`, 404);
  });
}
