import { createHash, randomInt } from 'node:crypto';
import { decimalToMinor } from '@shared/contracts/money';
import { and, asc, count, desc, eq, gte, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { sandboxOrders, sandboxProducts } from '../../db/schema/index';
import { lazadaSign } from '../../integrations/lazada/lazada.sign';
import {
  isLazadaCountry,
  LAZADA_CURRENCIES,
  parseLazadaIsoParam,
} from '../../integrations/lazada/lazada.ventures';
import type { LazadaCountry } from '../../integrations/marketplace/marketplace.config';
import { sniffMediaType } from '../../lib/media-type';
import type { SandboxMarketplaceOptions } from '../marketplace/platform';
import {
  checkAccessToken,
  consumeCode,
  issueTokens,
  randomToken,
  type SandboxShop,
  type SandboxToken,
  sellerById,
  shopsOfSeller,
  takeRefreshToken,
} from '../marketplace/store';
import {
  BRAND_NAMES,
  CATEGORY_TREE,
  categoryAttributes,
  findCategory,
  LAZADA_ORDER_STATUSES,
  LAZADA_PRODUCT_STATUSES,
  SHIPMENT_PROVIDERS,
} from './lazada.data';

/**
 * Lazada's REST gateway: the auth host's token APIs and each venture's seller APIs. Every call is
 * checked as LazOP checks it (app key, timestamp within 7200 s, sign over the API path and every
 * parameter, then the access token and the venture it reaches) and answered in Lazada's shapes.
 */

/** Test-status app lifetimes (docId 108260): access 7 days, refresh 30 days. */
const ACCESS_SECONDS = 7 * 86_400;
const REFRESH_SECONDS = 30 * 86_400;
const TIMESTAMP_TOLERANCE_MS = 7200 * 1000;
const ORDER_MAX_LIMIT = 100;
const ORDER_MAX_OFFSET = 5000;
const PRODUCT_MAX_LIMIT = 50;
const PRODUCT_MAX_OFFSET = 10_000;
const ITEMS_MAX_ORDERS = 50;

type Json = Record<string, unknown>;
type Failure = { type: 'ISV' | 'ISP' | 'SYSTEM'; code: string; message: string; detail?: Json[] };
type Answer = { body: Json } | { failure: Failure };

const failure = (code: string, message: string, detail?: Json[]): Answer => ({
  failure: { type: 'ISV', code, message, ...(detail ? { detail } : {}) },
});
const missing = (name: string) =>
  failure(
    'MissingParameter',
    `The input parameter "${name}" that is mandatory for processing this request is not supplied`,
  );
const success = (body: Json): Answer => ({ body });

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const requestId = () => randomToken(13).slice(0, 25);

/** The call's parameters: the query, and for a POST the form body too (file parts are not signed). */
async function readParams(c: Context): Promise<Record<string, string>> {
  const params: Record<string, string> = { ...c.req.query() };
  if (c.req.method === 'POST') {
    const body = await c.req.parseBody().catch(() => ({}));
    for (const [name, value] of Object.entries(body))
      if (typeof value === 'string') params[name] = value;
  }
  return params;
}

interface Venture {
  country: LazadaCountry;
  shop: SandboxShop;
  token: SandboxToken;
}

type Handler = (params: Record<string, string>, venture: Venture) => Promise<Answer>;

function integerParam(value: string | undefined, fallback: number): number | null {
  if (value === undefined || value === '') return fallback;
  return /^\d+$/.test(value) ? Number(value) : null;
}

/** Date filters: ISO 8601 with an offset, or E017. */
function dateFilters(
  params: Record<string, string>,
  names: string[],
): { dates: Record<string, Date | undefined> } | { answer: Answer } {
  const dates: Record<string, Date | undefined> = {};
  for (const name of names) {
    const value = params[name];
    if (value === undefined || value === '') continue;
    const date = parseLazadaIsoParam(value);
    if (!date) return { answer: failure('17', `E017: "${value}" Invalid Date Format`) };
    dates[name] = date;
  }
  return { dates };
}

/** What GetOrders and GetOrder show of an order: its rows left out, its statuses from them. */
function orderView(data: Json): Json {
  const { items, ...order } = data;
  const statuses: string[] = [];
  for (const item of Array.isArray(items) ? items : [])
    if (isRecord(item) && typeof item.status === 'string' && !statuses.includes(item.status))
      statuses.push(item.status);
  return {
    ...order,
    statuses: statuses.length ? statuses : (order.statuses ?? []),
    items_count: Array.isArray(items) ? items.length : order.items_count,
  };
}

const itemsOf = (data: Json): unknown[] => (Array.isArray(data.items) ? data.items : []);

/** Filter aliases of GetOrders: a step of the fulfilment flow rather than one status. */
const STATUS_ALIASES: Record<string, string[]> = {
  topack: ['topack', 'pending', 'repacked'],
  toship: ['toship', 'packed', 'ready_to_ship'],
  shipping: ['shipping', 'shipped'],
};

const numberOr = (value: string) => (/^[1-9]\d{0,14}$/.test(value) ? Number(value) : value);

export function lazadaApiRoutes(options: SandboxMarketplaceOptions): Hono {
  const { db, clock } = options;
  const app = new Hono();

  function respond(c: Context, answer: Answer) {
    if ('failure' in answer) return c.json({ ...answer.failure, request_id: requestId() });
    return c.json({ code: '0', ...answer.body, request_id: requestId() });
  }

  /** The gateway's checks every API shares; null when the call may go on. */
  function checkCall(apiPath: string, params: Record<string, string>): Answer | null {
    for (const name of ['app_key', 'timestamp', 'sign_method', 'sign'])
      if (!params[name]) return missing(name);
    if (params.app_key !== options.app.key)
      return failure('InvalidAppKey', 'The specified app key is invalid');
    const stamp = params.timestamp ?? '';
    const time = /^\d{13}$/.test(stamp)
      ? Number(stamp)
      : (parseLazadaIsoParam(stamp)?.getTime() ?? null);
    if (time === null)
      return failure('InvalidTimestamp', `The specified timestamp "${stamp}" is not valid`);
    if (Math.abs(time - clock.now().getTime()) > TIMESTAMP_TOLERANCE_MS)
      return failure(
        'InvalidTimestamp',
        'The timestamp is more than 7200 seconds away from the server time',
      );
    if (params.sign_method !== 'sha256')
      return failure(
        'IncompleteSignature',
        `The sign method "${params.sign_method}" is not supported`,
      );
    if (params.sign !== lazadaSign(options.app.secret, apiPath, params))
      return failure(
        'IncompleteSignature',
        'The request signature does not conform to lazop standards',
      );
    return null;
  }

  const illegalToken = () =>
    failure('IllegalAccessToken', 'The specified access token is invalid or expired');

  /** The access token, and the shop of its seller on this venture (a cb token reaches all six). */
  async function ventureOf(
    country: LazadaCountry,
    params: Record<string, string>,
  ): Promise<Venture | Answer> {
    if (!params.access_token) return missing('access_token');
    const check = await checkAccessToken(db, clock, {
      platform: 'lazada',
      appKey: options.app.key,
      token: params.access_token,
    });
    if (!check.ok) return illegalToken();
    const token = check.token;
    if (token.country !== 'cb' && token.country !== country) return illegalToken();
    const shop = (await shopsOfSeller(db, 'lazada', token.sellerId)).find(
      (candidate) => candidate.site === country,
    );
    if (!shop) return illegalToken();
    return { country, shop, token };
  }

  // ---- Tokens (auth host) ----

  async function tokenAnswer(
    token: { sellerId: string; country: string | null },
    issued: {
      accessToken: string;
      refreshToken: string;
      accessExpiresAt: Date;
      refreshExpiresAt: Date;
    },
    listName: 'country_user_info' | 'country_user_info_list',
  ): Promise<Answer> {
    const seller = await sellerById(db, 'lazada', token.sellerId);
    const shops = await shopsOfSeller(db, 'lazada', token.sellerId);
    const now = clock.now().getTime();
    const seconds = (at: Date) => Math.max(0, Math.floor((at.getTime() - now) / 1000));
    return success({
      access_token: issued.accessToken,
      refresh_token: issued.refreshToken,
      expires_in: seconds(issued.accessExpiresAt),
      refresh_expires_in: seconds(issued.refreshExpiresAt),
      country: token.country ?? seller?.country ?? '',
      account: seller?.login ?? '',
      account_platform: 'seller_center',
      account_id: null,
      [listName]: shops.map((shop) => ({
        country: shop.site,
        seller_id: shop.shopId,
        user_id: String(shop.data.user_id ?? ''),
        short_code: String(shop.data.short_code ?? ''),
      })),
    });
  }

  const tokenApis: Record<string, (params: Record<string, string>) => Promise<Answer>> = {
    '/auth/token/create': async (params) => {
      if (!params.code) return missing('code');
      const code = await consumeCode(db, clock, {
        platform: 'lazada',
        appKey: options.app.key,
        code: params.code,
      });
      const seller = code ? await sellerById(db, 'lazada', code.sellerId) : null;
      if (!code || !seller || code.redirectUri !== options.callbackUrl)
        return failure('InvalidCode', 'Invalid authorization code');
      const now = clock.now().getTime();
      const issued = await issueTokens(db, clock, {
        platform: 'lazada',
        appKey: options.app.key,
        sellerId: seller.id,
        country: seller.country,
        accessSeconds: ACCESS_SECONDS,
        refreshSeconds: REFRESH_SECONDS,
        authorizationExpiresAt: new Date(now + REFRESH_SECONDS * 1000),
      });
      return tokenAnswer(
        { sellerId: seller.id, country: seller.country },
        issued,
        'country_user_info',
      );
    },
    '/auth/token/refresh': async (params) => {
      if (!params.refresh_token) return missing('refresh_token');
      const taken = await takeRefreshToken(db, clock, {
        platform: 'lazada',
        appKey: options.app.key,
        token: params.refresh_token,
        singleUse: false,
      });
      const refused = failure(
        'IllegalRefreshToken',
        'The specified refresh token is invalid or expired',
      );
      if (!taken.ok) return refused;
      const remaining = Math.floor(
        (taken.token.authorizationExpiresAt.getTime() - clock.now().getTime()) / 1000,
      );
      if (remaining <= 0) return refused;
      // A refresh renews the access token; the refresh window keeps the authorization's end.
      const issued = await issueTokens(db, clock, {
        platform: 'lazada',
        appKey: options.app.key,
        sellerId: taken.token.sellerId,
        country: taken.token.country,
        accessSeconds: Math.min(ACCESS_SECONDS, remaining),
        refreshSeconds: remaining,
        authorizationExpiresAt: taken.token.authorizationExpiresAt,
      });
      return tokenAnswer(taken.token, issued, 'country_user_info_list');
    },
  };

  app.all('/auth/rest/*', async (c) => {
    const apiPath = /\/auth\/rest(\/.*)$/.exec(c.req.path)?.[1] ?? '';
    const params = await readParams(c);
    const refused = checkCall(apiPath, params);
    if (refused) return respond(c, refused);
    const api = tokenApis[apiPath];
    if (!api) return respond(c, failure('InvalidApiPath', `The API path "${apiPath}" is invalid`));
    return respond(c, await api(params));
  });

  // ---- Seller APIs (venture hosts) ----

  async function orderRow(shop: SandboxShop, orderId: string | undefined) {
    if (!orderId) return null;
    const [row] = await db
      .select()
      .from(sandboxOrders)
      .where(
        and(
          eq(sandboxOrders.platform, 'lazada'),
          eq(sandboxOrders.shopId, shop.shopId),
          eq(sandboxOrders.orderId, orderId),
        ),
      );
    return row ?? null;
  }

  async function productRow(shop: SandboxShop, itemId: string) {
    const [row] = await db
      .select()
      .from(sandboxProducts)
      .where(
        and(
          eq(sandboxProducts.platform, 'lazada'),
          eq(sandboxProducts.shopId, shop.shopId),
          eq(sandboxProducts.productId, itemId),
        ),
      );
    return row ?? null;
  }

  /** Products of the shop carrying any of these seller SKUs. */
  async function productsWithSkus(shop: SandboxShop, sellerSkus: string[]) {
    if (!sellerSkus.length) return [];
    return db
      .select()
      .from(sandboxProducts)
      .where(
        and(
          eq(sandboxProducts.platform, 'lazada'),
          eq(sandboxProducts.shopId, shop.shopId),
          ne(sandboxProducts.status, 'deleted'),
          or(
            ...sellerSkus.map(
              (sku) =>
                sql`${sandboxProducts.data}->'skus' @> ${JSON.stringify([{ SellerSku: sku }])}::jsonb`,
            ),
          ),
        ),
      );
  }

  /** The `{"Request":{"Product":{…}}}` payload (JSON; the sandbox does not read the XML form). */
  function productOf(params: Record<string, string>): { product: Json } | Answer {
    if (!params.payload) return missing('payload');
    try {
      const parsed = JSON.parse(params.payload) as unknown;
      const product = isRecord(parsed) && isRecord(parsed.Request) ? parsed.Request.Product : null;
      if (isRecord(product)) return { product };
    } catch {
      // answered below
    }
    return failure('1001', 'The parameters are not in JSON format {"Request":{"Product":{...}}}');
  }

  const listOf = (value: unknown, key: string): unknown[] => {
    const inner = isRecord(value) ? value[key] : value;
    if (Array.isArray(inner)) return inner;
    return inner === undefined || inner === null ? [] : [inner];
  };
  const text = (value: unknown) =>
    typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

  /**
   * The problems of a product payload, as CreateProduct's `detail[]` lists them. `existing` is the
   * record being updated (its values stand in for the ones the payload leaves out).
   */
  function productProblems(product: Json, country: LazadaCountry, existing: Json | null): Json[] {
    const problems: Json[] = [];
    const problem = (field: string, message: string) => problems.push({ field, message });
    const categoryId = text(product.PrimaryCategory) || text(existing?.primary_category);
    const category = findCategory(categoryId);
    if (!category?.leaf) problem('PrimaryCategory', 'Category does not exist or is not a leaf');
    const attributes = isRecord(product.Attributes) ? product.Attributes : {};
    const before = isRecord(existing?.attributes) ? existing.attributes : {};
    for (const name of ['name', 'description', 'brand'])
      if (!text(attributes[name] ?? before[name])) problem(name, `${name} is mandatory`);
    const brand = text(attributes.brand ?? before.brand);
    if (brand && !BRAND_NAMES.includes(brand)) problem('brand', `Brand "${brand}" does not exist`);
    for (const url of listOf(product.Images, 'Image'))
      if (!/^https?:\/\//.test(text(url))) problem('Images', `"${text(url)}" is not an image URL`);
    const saleProps = new Set(
      (categoryAttributes(categoryId) ?? [])
        .filter((attribute) => attribute.is_sale_prop === 1)
        .map((attribute) => attribute.name),
    );
    const skus = listOf(product.Skus, 'Sku');
    if (!skus.length && !existing) problem('Skus', 'At least one SKU is required');
    const currency = LAZADA_CURRENCIES[country];
    const seen = new Set<string>();
    for (const sku of skus) {
      if (!isRecord(sku)) {
        problem('Skus', 'A SKU is not an object');
        continue;
      }
      const sellerSku = text(sku.SellerSku);
      if (!sellerSku) problem('SellerSku', 'SellerSku is mandatory');
      else if (seen.has(sellerSku)) problem('SellerSku', `SellerSku "${sellerSku}" is repeated`);
      seen.add(sellerSku);
      const known = existing
        ? (Array.isArray(existing.skus) ? existing.skus : []).find(
            (candidate) => isRecord(candidate) && candidate.SellerSku === sellerSku,
          )
        : undefined;
      const needed = !known;
      const price = text(sku.price);
      if (price || needed) {
        const minor = decimalToMinor(price, currency);
        if (minor === null || minor <= 0) problem('price', `${sellerSku}: price must be above 0`);
      }
      const quantity = text(sku.quantity);
      if ((quantity || needed) && !/^\d+$/.test(quantity))
        problem('quantity', `${sellerSku}: quantity must be a whole number`);
      for (const name of ['package_weight', 'package_length', 'package_width', 'package_height']) {
        const value = text(sku[name]);
        if ((value || needed) && !(Number(value) > 0))
          problem(name, `${sellerSku}: ${name} is mandatory and above 0`);
      }
      if (isRecord(sku.saleProp))
        for (const name of Object.keys(sku.saleProp))
          if (!saleProps.has(name))
            problem('saleProp', `${name} is not a variation of category ${categoryId}`);
    }
    return problems;
  }

  /** DeactivateProduct and RemoveProduct: the item of the payload takes the status. */
  async function setProductStatus(
    params: Record<string, string>,
    shop: SandboxShop,
    status: string,
    shown: string,
  ): Promise<Answer> {
    const read = productOf(params);
    if (!('product' in read)) return read;
    const itemId = text(read.product.ItemId ?? read.product.item_id);
    if (!itemId) return missing('ItemId');
    const row = await productRow(shop, itemId);
    if (!row || row.status === 'deleted') return failure('208', 'Item not exist');
    const now = clock.now();
    await db
      .update(sandboxProducts)
      .set({
        status,
        data: { ...row.data, status: shown, updated_time: String(now.getTime()) },
        updatedAt: now,
      })
      .where(
        and(
          eq(sandboxProducts.platform, 'lazada'),
          eq(sandboxProducts.shopId, shop.shopId),
          eq(sandboxProducts.productId, row.productId),
        ),
      );
    return success({});
  }

  const imageList = (value: unknown) => listOf(value, 'Image').map(text).filter(Boolean);

  function skuRecord(sku: Json, itemId: number, country: LazadaCountry, before: Json | null): Json {
    const skuId = before?.SkuId ?? randomInt(10_000_000_000, 99_999_999_999);
    const quantity = text(sku.quantity)
      ? Number(text(sku.quantity))
      : Number(before?.quantity ?? 0);
    const number = (name: string, fallback: unknown) =>
      text(sku[name]) ? Number(text(sku[name])) : fallback;
    return {
      ...(before ?? {}),
      SellerSku: text(sku.SellerSku),
      ShopSku: before?.ShopSku ?? `${itemId}_${country.toUpperCase()}-${skuId}`,
      SkuId: skuId,
      Status: before?.Status ?? 'active',
      quantity,
      Available: quantity,
      price: number('price', before?.price ?? 0),
      special_price: number('special_price', before?.special_price ?? 0),
      package_weight: text(sku.package_weight) || before?.package_weight || '',
      package_length: text(sku.package_length) || before?.package_length || '',
      package_width: text(sku.package_width) || before?.package_width || '',
      package_height: text(sku.package_height) || before?.package_height || '',
      saleProp: isRecord(sku.saleProp) ? sku.saleProp : (before?.saleProp ?? {}),
      Images: sku.Images !== undefined ? imageList(sku.Images) : (before?.Images ?? []),
    };
  }

  const sellerApis: Record<string, Handler> = {
    '/seller/get': async (_params, { shop, token }) => {
      const seller = await sellerById(db, 'lazada', token.sellerId);
      return success({
        data: {
          name: shop.name,
          name_company: seller?.name ?? shop.name,
          seller_id: numberOr(shop.shopId),
          short_code: shop.data.short_code ?? '',
          email: seller?.login ?? '',
          cb: seller?.country === 'cb',
          location: shop.data.location ?? '',
          logo_url: '',
          verified: true,
          status: 'ACTIVE',
          marketplaceEaseMode: false,
        },
      });
    },

    '/orders/get': async (params, { shop }) => {
      const filters = dateFilters(params, [
        'created_after',
        'created_before',
        'update_after',
        'update_before',
      ]);
      if ('answer' in filters) return filters.answer;
      const { dates } = filters;
      if (!dates.created_after && !dates.update_after) return missing('created_after');
      const limit = integerParam(params.limit, ORDER_MAX_LIMIT);
      if (limit === null || limit < 1 || limit > ORDER_MAX_LIMIT)
        return failure('19', `E019: "${params.limit}" Invalid Limit`);
      const offset = integerParam(params.offset, 0);
      if (offset === null || offset > ORDER_MAX_OFFSET)
        return failure('14', `E014: "${params.offset}" Invalid Offset`);
      const sortBy = params.sort_by || 'created_at';
      if (sortBy !== 'created_at' && sortBy !== 'updated_at')
        return failure('75', 'E075: Invalid sort filter.');
      const direction = (params.sort_direction || 'DESC').toUpperCase();
      if (direction !== 'ASC' && direction !== 'DESC')
        return failure('74', 'E074: Invalid sort direction.');
      const status = params.status || 'all';
      if (status !== 'all' && !(LAZADA_ORDER_STATUSES as readonly string[]).includes(status))
        return failure('36', 'E036: Invalid status filter');
      const conditions: SQL[] = [
        eq(sandboxOrders.platform, 'lazada'),
        eq(sandboxOrders.shopId, shop.shopId),
      ];
      if (dates.created_after) conditions.push(gte(sandboxOrders.createdAt, dates.created_after));
      if (dates.created_before) conditions.push(lte(sandboxOrders.createdAt, dates.created_before));
      if (dates.update_after) conditions.push(gte(sandboxOrders.updatedAt, dates.update_after));
      if (dates.update_before) conditions.push(lte(sandboxOrders.updatedAt, dates.update_before));
      if (status !== 'all') {
        const wanted = STATUS_ALIASES[status] ?? [status];
        const matches = or(
          ...wanted.map(
            (value) =>
              sql`${sandboxOrders.data}->'items' @> ${JSON.stringify([{ status: value }])}::jsonb`,
          ),
        );
        if (matches) conditions.push(matches);
      }
      const where = and(...conditions);
      const [total] = await db.select({ value: count() }).from(sandboxOrders).where(where);
      const column = sortBy === 'updated_at' ? sandboxOrders.updatedAt : sandboxOrders.createdAt;
      const order = direction === 'ASC' ? asc : desc;
      const rows = await db
        .select({ data: sandboxOrders.data })
        .from(sandboxOrders)
        .where(where)
        .orderBy(order(column), order(sandboxOrders.orderId))
        .limit(limit)
        .offset(offset);
      return success({
        data: {
          count: rows.length,
          countTotal: total?.value ?? 0,
          orders: rows.map((row) => orderView(row.data)),
        },
      });
    },

    '/order/get': async (params, { shop }) => {
      if (!params.order_id) return missing('order_id');
      const row = await orderRow(shop, params.order_id);
      if (!row) return failure('16', `E016: "${params.order_id}" Invalid Order ID`);
      return success({ data: orderView(row.data) });
    },

    '/order/items/get': async (params, { shop }) => {
      if (!params.order_id) return missing('order_id');
      const row = await orderRow(shop, params.order_id);
      if (!row) return failure('16', `E016: "${params.order_id}" Invalid Order ID`);
      return success({ data: itemsOf(row.data) });
    },

    '/orders/items/get': async (params, { shop }) => {
      if (!params.order_ids) return missing('order_ids');
      if (!/^\[\s*\d+(\s*,\s*\d+)*\s*\]$/.test(params.order_ids))
        return failure('56', 'E056: Invalid OrdersIdList format. Must use array format [1,2]');
      const ids = [...new Set(params.order_ids.replace(/[[\]\s]/g, '').split(','))];
      if (ids.length > ITEMS_MAX_ORDERS)
        return failure('38', 'E038: Too many orders were requested');
      const rows = await db
        .select()
        .from(sandboxOrders)
        .where(
          and(
            eq(sandboxOrders.platform, 'lazada'),
            eq(sandboxOrders.shopId, shop.shopId),
            inArray(sandboxOrders.orderId, ids),
          ),
        );
      if (!rows.length) return failure('39', 'E039: No orders were found');
      if (rows.length < ids.length)
        return failure('37', 'E037: One or more order id in the list are incorrect');
      const byId = new Map(rows.map((row) => [row.orderId, row]));
      return success({
        data: ids.map((id) => {
          const data = byId.get(id)?.data ?? {};
          return {
            order_id: data.order_id ?? numberOr(id),
            order_number: data.order_number ?? numberOr(id),
            order_items: itemsOf(data),
          };
        }),
      });
    },

    '/products/get': async (params, { shop }) => {
      const filter = params.filter || 'all';
      if (filter !== 'all' && !(LAZADA_PRODUCT_STATUSES as readonly string[]).includes(filter))
        return failure('InvalidParameter', `Invalid filter "${filter}"`);
      const filters = dateFilters(params, [
        'create_after',
        'create_before',
        'update_after',
        'update_before',
      ]);
      if ('answer' in filters) return filters.answer;
      const { dates } = filters;
      const limit = integerParam(params.limit, 20);
      if (limit === null || limit < 1 || limit > PRODUCT_MAX_LIMIT)
        return failure('19', `E019: "${params.limit}" Invalid Limit`);
      const offset = integerParam(params.offset, 0);
      if (offset === null || offset > PRODUCT_MAX_OFFSET)
        return failure('14', `E014: "${params.offset}" Invalid Offset`);
      const conditions: SQL[] = [
        eq(sandboxProducts.platform, 'lazada'),
        eq(sandboxProducts.shopId, shop.shopId),
        filter === 'all'
          ? ne(sandboxProducts.status, 'deleted')
          : eq(sandboxProducts.status, filter),
      ];
      if (dates.create_after) conditions.push(gte(sandboxProducts.createdAt, dates.create_after));
      if (dates.create_before) conditions.push(lte(sandboxProducts.createdAt, dates.create_before));
      if (dates.update_after) conditions.push(gte(sandboxProducts.updatedAt, dates.update_after));
      if (dates.update_before) conditions.push(lte(sandboxProducts.updatedAt, dates.update_before));
      if (params.sku_seller_list) {
        let skus: unknown;
        try {
          skus = JSON.parse(params.sku_seller_list);
        } catch {
          skus = null;
        }
        if (!Array.isArray(skus) || skus.length > 100)
          return failure('InvalidParameter', 'sku_seller_list must be a JSON array of at most 100');
        const matches = or(
          ...skus.map(
            (sku) =>
              sql`${sandboxProducts.data}->'skus' @> ${JSON.stringify([{ SellerSku: String(sku) }])}::jsonb`,
          ),
        );
        if (matches) conditions.push(matches);
      }
      const where = and(...conditions);
      const [total] = await db.select({ value: count() }).from(sandboxProducts).where(where);
      const rows = await db
        .select({ data: sandboxProducts.data })
        .from(sandboxProducts)
        .where(where)
        .orderBy(asc(sandboxProducts.updatedAt), asc(sandboxProducts.productId))
        .limit(limit)
        .offset(offset);
      return success({
        data: { total_products: total?.value ?? 0, products: rows.map((row) => row.data) },
      });
    },

    '/product/item/get': async (params, { shop }) => {
      if (!params.item_id) return missing('item_id');
      const row = await productRow(shop, params.item_id);
      if (!row || row.status === 'deleted') return failure('208', 'Item not exist');
      return success({ data: row.data });
    },

    '/product/create': async (params, { shop, country }) => {
      const read = productOf(params);
      if (!('product' in read)) return read;
      const { product } = read;
      const problems = productProblems(product, country, null);
      const skus = listOf(product.Skus, 'Sku').filter(isRecord);
      const taken = await productsWithSkus(
        shop,
        skus.map((sku) => text(sku.SellerSku)).filter(Boolean),
      );
      if (taken.length) problems.push({ field: 'SellerSku', message: 'SellerSku already exists' });
      if (problems.length) return failure('500', 'Create product failed', problems);
      const now = clock.now();
      const itemId = randomInt(1_000_000_000, 9_999_999_999);
      const attributes = isRecord(product.Attributes) ? product.Attributes : {};
      const records = skus.map((sku) => skuRecord(sku, itemId, country, null));
      const data: Json = {
        item_id: itemId,
        primary_category: Number(text(product.PrimaryCategory)),
        attributes,
        images: imageList(product.Images),
        skus: records,
        status: 'Active',
        created_time: String(now.getTime()),
        updated_time: String(now.getTime()),
        trialProduct: false,
        marketImages: [],
      };
      await db.insert(sandboxProducts).values({
        platform: 'lazada',
        shopId: shop.shopId,
        productId: String(itemId),
        status: 'live',
        data,
        createdAt: now,
        updatedAt: now,
      });
      return success({
        data: {
          item_id: itemId,
          sku_list: records.map((sku) => ({
            seller_sku: sku.SellerSku,
            shop_sku: sku.ShopSku,
            sku_id: sku.SkuId,
          })),
        },
      });
    },

    '/product/update': async (params, { shop, country }) => {
      const read = productOf(params);
      if (!('product' in read)) return read;
      const { product } = read;
      const itemId = text(product.ItemId ?? product.item_id);
      if (!itemId) return missing('ItemId');
      const row = await productRow(shop, itemId);
      if (!row || row.status === 'deleted') return failure('208', 'Item not exist');
      const problems = productProblems(product, country, row.data);
      if (problems.length) return failure('501', 'Update product failed', problems);
      const skus = listOf(product.Skus, 'Sku').filter(isRecord);
      const before = Array.isArray(row.data.skus) ? row.data.skus.filter(isRecord) : [];
      const merged = before.map((sku) => {
        const change = skus.find((candidate) => text(candidate.SellerSku) === sku.SellerSku);
        return change ? skuRecord(change, Number(row.data.item_id), country, sku) : sku;
      });
      for (const sku of skus)
        if (!before.some((candidate) => candidate.SellerSku === text(sku.SellerSku)))
          merged.push(skuRecord(sku, Number(row.data.item_id), country, null));
      const now = clock.now();
      const { status: asked, ...attributes } = isRecord(product.Attributes)
        ? product.Attributes
        : {};
      const activate = asked === 'active';
      const data: Json = {
        ...row.data,
        ...(activate ? { status: 'Active' } : {}),
        primary_category: text(product.PrimaryCategory)
          ? Number(text(product.PrimaryCategory))
          : row.data.primary_category,
        attributes: {
          ...(isRecord(row.data.attributes) ? row.data.attributes : {}),
          ...attributes,
        },
        images: product.Images !== undefined ? imageList(product.Images) : row.data.images,
        skus: merged,
        updated_time: String(now.getTime()),
      };
      await db
        .update(sandboxProducts)
        .set({ data, updatedAt: now, ...(activate ? { status: 'live' } : {}) })
        .where(
          and(
            eq(sandboxProducts.platform, 'lazada'),
            eq(sandboxProducts.shopId, shop.shopId),
            eq(sandboxProducts.productId, row.productId),
          ),
        );
      return success({});
    },

    '/product/deactivate': async (params, { shop }) =>
      setProductStatus(params, shop, 'inactive', 'InActive'),
    '/product/remove': async (params, { shop }) =>
      setProductStatus(params, shop, 'deleted', 'Deleted'),

    '/category/tree/get': async () => success({ data: CATEGORY_TREE }),

    '/category/attributes/get': async (params) => {
      if (!params.primary_category_id) return missing('primary_category_id');
      const attributes = categoryAttributes(params.primary_category_id);
      if (!attributes) return failure('57', 'E057: No attribute set for this category');
      return success({ data: attributes });
    },

    '/shipment/providers/get': async (_params, { country }) =>
      success({ data: { shipment_providers: SHIPMENT_PROVIDERS[country] } }),
  };

  /** UploadImage: a JPG or PNG of at most 3 MB, answered as a Lazada-hosted URL. */
  async function uploadImage(c: Context): Promise<Answer> {
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const file = body.image;
    if (!(file instanceof File)) return missing('image');
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffMediaType(bytes);
    if (type !== 'image/jpeg' && type !== 'image/png')
      return failure('300', 'E300: The image format is not supported (JPG or PNG)');
    if (bytes.length > 3 * 1024 * 1024) return failure('303', 'E303: Image size is too large');
    const hash = createHash('sha256').update(bytes).digest('hex');
    const url = `https://sg-test-11.slatic.net/p/${hash}.${type === 'image/png' ? 'png' : 'jpg'}`;
    return success({ data: { image: { url, hash_code: hash.slice(0, 32) } } });
  }

  app.all('/api/:country/rest/*', async (c) => {
    const country = c.req.param('country');
    if (!isLazadaCountry(country)) return c.notFound();
    const apiPath = /\/api\/[a-z]+\/rest(\/.*)$/.exec(c.req.path)?.[1] ?? '';
    const params = await readParams(c);
    const refused = checkCall(apiPath, params);
    if (refused) return respond(c, refused);
    if (apiPath === '/image/upload') {
      const venture = await ventureOf(country, params);
      if ('failure' in venture || 'body' in venture) return respond(c, venture);
      return respond(c, await uploadImage(c));
    }
    const api = sellerApis[apiPath];
    if (!api) return respond(c, failure('InvalidApiPath', `The API path "${apiPath}" is invalid`));
    const venture = await ventureOf(country, params);
    if ('failure' in venture || 'body' in venture) return respond(c, venture);
    return respond(c, await api(params, venture));
  });

  return app;
}
