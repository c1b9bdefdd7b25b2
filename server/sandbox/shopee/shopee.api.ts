import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CURRENCY_DECIMALS, type Currency } from '@shared/contracts/money';
import { and, asc, count, eq, gt, gte, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { sandboxMarketplaceTokens, sandboxOrders, sandboxProducts } from '../../db/schema/index';
import { shopeeSign } from '../../integrations/shopee/shopee.sign';
import { sniffMediaType } from '../../lib/media-type';
import { consentPage, consentWords, invalidLinkPage } from '../marketplace/consent';
import type { SandboxMarketplaceOptions } from '../marketplace/platform';
import {
  checkAccessToken,
  consumeCode,
  issueCode,
  issueTokens,
  revokeSellerTokens,
  type SandboxShop,
  type SandboxToken,
  sellerById,
  sellersOf,
  shopById,
  shopsOfSeller,
  takeRefreshToken,
} from '../marketplace/store';
import {
  attributesOf,
  attributeTree,
  categoryById,
  categoryList,
  channelList,
  channelsOf,
  isLeaf,
} from './shopee.catalog';
import {
  amount,
  currencyOfSite,
  IMAGE_REF,
  imageRef,
  ORDER_STATUSES,
  priceInfo,
  stockInfo,
} from './shopee.records';

/**
 * Shopee Open Platform v2 as the sandbox plays it (open.shopee.com guides 16 and 20, and the v2
 * API reference): the shop authorization page, the public token APIs, and the shop APIs the
 * product calls. Every API checks partner_id, the 5-minute timestamp, the sign of the path's API
 * type and, for shop APIs, an access token issued for that shop_id; answers carry `error` and
 * `message` (empty on success) with varying HTTP statuses, as Shopee does.
 */

type Json = Record<string, unknown>;
type Status = 400 | 403 | 404 | 500;

const PLATFORM = 'shopee';
const COLOR = '#ee4d2d';
const TIMESTAMP_TTL_S = 300;
const CODE_TTL_S = 600;
const ACCESS_TTL_S = 4 * 3600;
const REFRESH_TTL_S = 30 * 86_400;
const AUTHORIZATION_S = 365 * 86_400;
/** After a refresh the previous access token keeps working this long. */
const OLD_TOKEN_GRACE_S = 300;
const MAX_ORDER_WINDOW_S = 15 * 86_400;
const ITEM_STATUSES = ['NORMAL', 'UNLIST', 'BANNED', 'REVIEWING', 'SELLER_DELETE', 'SHOPEE_DELETE'];
const GONE = new Set(['SELLER_DELETE', 'SHOPEE_DELETE']);
/** get_order_detail's fields that come without response_optional_fields. */
const BASE_ORDER_FIELDS = new Set([
  'order_sn',
  'region',
  'currency',
  'cod',
  'order_status',
  'create_time',
  'update_time',
  'days_to_ship',
  'ship_by_date',
  'message_to_seller',
  'reverse_shipping_fee',
  'booking_sn',
]);

class ApiError extends Error {
  constructor(
    readonly error: string,
    message: string,
    readonly status: Status = 400,
  ) {
    super(message);
  }
}

const param = (detail: string) =>
  new ApiError('error_param', `Wrong parameters, detail: ${detail}.`);
const itemNotFound = () => new ApiError('error_item_not_found', 'Item not found.', 404);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const jsons = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isJson) : []);

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function intParam(query: URLSearchParams, name: string): number {
  const value = query.get(name) ?? '';
  if (!/^-?\d{1,15}$/.test(value)) throw param(`${name} is required and must be an integer`);
  return Number(value);
}

function optionalInt(query: URLSearchParams, name: string): number | null {
  return query.has(name) && query.get(name) !== '' ? intParam(query, name) : null;
}

/** A list parameter, sent either comma-joined or repeated. */
function listParam(query: URLSearchParams, name: string): string[] {
  return query
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
}

/** A positive amount with no more decimals than the currency has, in minor units. */
function priceMinor(value: unknown, currency: Currency, name: string): number {
  const decimals = CURRENCY_DECIMALS[currency];
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
    throw param(`${name} must be a positive number`);
  const [whole = '', fraction = ''] = value.toString().split('.');
  if (/e/i.test(value.toString()) || fraction.length > decimals)
    throw param(`${name} has more than ${decimals} decimals`);
  return Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
}

function stockOf(value: unknown, name: string): number {
  const entries = jsons(value);
  if (entries.length === 0) throw param(`${name} is required`);
  return entries.reduce((sum, entry) => {
    const stock = entry.stock;
    if (typeof stock !== 'number' || !Number.isInteger(stock) || stock < 0 || stock > 999_999)
      throw param(`${name}.stock must be an integer from 0 to 999999`);
    return sum + stock;
  }, 0);
}

/** The cursor of get_order_list: the sort position of the last order served. */
const encodeCursor = (at: Date, orderSn: string) =>
  Buffer.from(`${at.getTime()}:${orderSn}`).toString('base64url');

function decodeCursor(cursor: string): { at: Date; orderSn: string } | null {
  if (!cursor) return null;
  const match = /^(\d{1,15}):(.+)$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match?.[1] || !match[2]) throw param('cursor is invalid');
  return { at: new Date(Number(match[1])), orderSn: match[2] };
}

/** Stored image references as URLs of the sandbox. */
function withImages(value: unknown, base: string): unknown {
  if (typeof value === 'string')
    return value.startsWith(IMAGE_REF) ? `${base}${value.slice(IMAGE_REF.length)}` : value;
  if (Array.isArray(value)) return value.map((entry) => withImages(entry, base));
  if (isJson(value))
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [key, withImages(entry, base)]),
    );
  return value;
}

function placeholderImage(id: string): string {
  const hue = [...id].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 360, 7);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400"><rect width="400" height="400" fill="hsl(${hue},55%,86%)"/><circle cx="200" cy="170" r="70" fill="hsl(${hue},55%,70%)"/><text x="200" y="310" font-family="sans-serif" font-size="26" text-anchor="middle" fill="hsl(${hue},45%,30%)">Shopee sandbox</text></svg>`;
}

interface PublicCall {
  query: URLSearchParams;
  body: Json;
  now: Date;
}

interface ShopCall extends PublicCall {
  shop: SandboxShop;
  token: SandboxToken;
}

interface ShopApi {
  method: 'GET' | 'POST';
  handle(call: ShopCall): Promise<Json>;
}

export function createShopeeSandboxApp(options: SandboxMarketplaceOptions): Hono {
  const { db, clock } = options;
  const app = new Hono();
  const partnerKey = options.app.secret;
  const partnerId = options.app.key;

  /** The mount point in front of /api/v2 (the lead mounts this app under /shopee). */
  const prefixOf = (path: string) => {
    const at = path.indexOf('/api/v2/');
    return at >= 0 ? path.slice(0, at) : path.slice(0, path.lastIndexOf('/file/'));
  };

  /** partner_id, a timestamp at most 5 minutes old and the sign of the path's API type. */
  function checkCommon(
    query: URLSearchParams,
    path: string,
    type: 'shop' | 'public',
  ): { accessToken: string; shopId: string } {
    const partner = query.get('partner_id') ?? '';
    if (!/^\d+$/.test(partner)) throw param('partner_id is required');
    if (partner !== partnerId) throw new ApiError('error_param', 'Invalid partner_id.');
    const timestamp = query.get('timestamp') ?? '';
    const now = seconds(clock.now());
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now - Number(timestamp)) > TIMESTAMP_TTL_S)
      throw new ApiError('error_param', 'Invalid timestamp');
    const accessToken = query.get('access_token') ?? '';
    const shopId = query.get('shop_id') ?? '';
    if (type === 'shop' && (!accessToken || !/^\d+$/.test(shopId)))
      throw param('access_token and shop_id are required');
    const expected = shopeeSign(partnerKey, type, {
      partnerId: partner,
      path,
      timestamp,
      accessToken,
      scopeId: shopId,
    });
    if (!sameText(query.get('sign') ?? '', expected))
      throw new ApiError('error_sign', 'Wrong sign', 403);
    return { accessToken, shopId };
  }

  async function serve(
    c: Context,
    path: string,
    run: (query: URLSearchParams) => Promise<Json>,
  ): Promise<Response> {
    const requestId = randomBytes(16).toString('hex');
    try {
      const result = await run(new URL(c.req.url).searchParams);
      const base = `${options.publicUrl.replace(/\/+$/, '')}${prefixOf(c.req.path)}/file/`;
      return c.json({
        request_id: requestId,
        error: '',
        message: '',
        ...(withImages(result, base) as Json),
      });
    } catch (error) {
      if (error instanceof ApiError)
        return c.json(
          { request_id: requestId, error: error.error, message: error.message },
          error.status,
        );
      options.logger.error('shopee sandbox failure', { path, error });
      return c.json(
        {
          request_id: requestId,
          error: 'error_server',
          message: 'Something wrong. Please try later.',
        },
        500,
      );
    }
  }

  async function bodyOf(c: Context): Promise<Json> {
    if (c.req.method !== 'POST') return {};
    const raw = await c.req.text();
    try {
      const body: unknown = JSON.parse(raw || '{}');
      if (isJson(body)) return body;
    } catch {
      // Answered below.
    }
    throw param('the body must be a JSON object');
  }

  // Shop authorization: the link is signed as a public API and expires with its timestamp.

  type LinkFields = { partner_id: string; timestamp: string; sign: string; redirect: string };

  function linkFields(input: Record<string, unknown>): LinkFields | null {
    const field = (name: string) =>
      typeof input[name] === 'string' ? (input[name] as string) : '';
    const fields = {
      partner_id: field('partner_id'),
      timestamp: field('timestamp'),
      sign: field('sign'),
      redirect: field('redirect'),
    };
    try {
      const redirect = new URL(fields.redirect);
      if (redirect.protocol !== 'http:' && redirect.protocol !== 'https:') return null;
      checkCommon(
        new URLSearchParams({
          partner_id: fields.partner_id,
          timestamp: fields.timestamp,
          sign: fields.sign,
        }),
        '/api/v2/shop/auth_partner',
        'public',
      );
      return fields;
    } catch {
      return null;
    }
  }

  app.get('/api/v2/shop/auth_partner', async (c) => {
    const words = consentWords(c.req.header('accept-language'));
    const fields = linkFields(c.req.query());
    if (!fields) return c.html(invalidLinkPage('Shopee', COLOR, words), 400);
    const prefix = prefixOf(c.req.path);
    const choices = [];
    for (const seller of await sellersOf(db, PLATFORM)) {
      const [shop] = await shopsOfSeller(db, PLATFORM, seller.id);
      if (!shop) continue;
      choices.push({
        value: seller.id,
        label: seller.name,
        detail: `${seller.login} · Shopee ${shop.site.toUpperCase()} · shop_id ${shop.shopId}`,
      });
    }
    return c.html(
      consentPage({
        platform: 'Shopee',
        color: COLOR,
        words,
        action: `${prefix}/api/v2/shop/auth_partner`,
        denyAction: `${prefix}/api/v2/shop/auth_partner/deny`,
        hidden: fields,
        choices,
      }),
    );
  });

  app.post('/api/v2/shop/auth_partner', async (c) => {
    const words = consentWords(c.req.header('accept-language'));
    const form = await c.req.parseBody();
    const fields = linkFields(form);
    const sellerId = typeof form.sellerId === 'string' ? form.sellerId : '';
    const seller = fields && sellerId ? await sellerById(db, PLATFORM, sellerId) : null;
    const [shop] = seller ? await shopsOfSeller(db, PLATFORM, seller.id) : [];
    if (!fields || !seller || !shop) return c.html(invalidLinkPage('Shopee', COLOR, words), 400);
    const code = await issueCode(db, clock, {
      platform: PLATFORM,
      appKey: partnerId,
      sellerId: seller.id,
      shopId: shop.shopId,
      redirectUri: fields.redirect,
      ttlSeconds: CODE_TTL_S,
    });
    options.logger.info('shopee sandbox authorization', {
      sellerId: seller.id,
      shopId: shop.shopId,
    });
    const target = new URL(fields.redirect);
    target.searchParams.set('code', code);
    target.searchParams.set('shop_id', shop.shopId);
    return c.redirect(target.toString(), 302);
  });

  app.post('/api/v2/shop/auth_partner/deny', async (c) => {
    const words = consentWords(c.req.header('accept-language'));
    const fields = linkFields(await c.req.parseBody());
    if (!fields) return c.html(invalidLinkPage('Shopee', COLOR, words), 400);
    const target = new URL(fields.redirect);
    target.searchParams.set('error', 'access_denied');
    return c.redirect(target.toString(), 302);
  });

  app.get('/file/:id', (c) => {
    const id = c.req.param('id');
    if (!/^[\w.-]{1,100}$/.test(id)) return c.notFound();
    return c.body(placeholderImage(id), 200, {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=86400',
    });
  });

  // Tokens: public APIs whose bodies name the shop.

  const checkPartnerInBody = (body: Json) => {
    if (String(body.partner_id ?? '') !== partnerId)
      throw param('partner_id in the body must be the partner_id of the query');
  };

  async function tokenGet(call: PublicCall): Promise<Json> {
    const { body } = call;
    checkPartnerInBody(body);
    const code = typeof body.code === 'string' ? body.code : '';
    if (!code) throw param('code is required');
    if (body.shop_id === undefined && body.main_account_id === undefined)
      throw param('shop_id or main_account_id is required');
    const row = await consumeCode(db, clock, { platform: PLATFORM, appKey: partnerId, code });
    if (!row || body.shop_id === undefined || row.shopId !== String(body.shop_id))
      throw new ApiError('error_auth', 'Invalid code', 403);
    // A new authorization rotates the shop's tokens.
    await revokeSellerTokens(db, clock, { platform: PLATFORM, sellerId: row.sellerId });
    const tokens = await issueTokens(db, clock, {
      platform: PLATFORM,
      appKey: partnerId,
      sellerId: row.sellerId,
      shopId: row.shopId,
      accessSeconds: ACCESS_TTL_S,
      refreshSeconds: REFRESH_TTL_S,
      authorizationExpiresAt: new Date(row.createdAt.getTime() + AUTHORIZATION_S * 1000),
    });
    return {
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      expire_in: ACCESS_TTL_S,
    };
  }

  async function accessTokenGet(call: PublicCall): Promise<Json> {
    const { body, now } = call;
    checkPartnerInBody(body);
    const refreshToken = typeof body.refresh_token === 'string' ? body.refresh_token : '';
    if (!refreshToken) throw param('refresh_token is required');
    if (body.shop_id === undefined && body.merchant_id === undefined)
      throw param('shop_id or merchant_id is required');
    const shopId = String(body.shop_id ?? '');
    const [row] = await db
      .select()
      .from(sandboxMarketplaceTokens)
      .where(
        and(
          eq(sandboxMarketplaceTokens.token, refreshToken),
          eq(sandboxMarketplaceTokens.kind, 'refresh'),
          eq(sandboxMarketplaceTokens.platform, PLATFORM),
          eq(sandboxMarketplaceTokens.appKey, partnerId),
        ),
      );
    if (!row || row.shopId !== shopId)
      throw new ApiError('error_auth', 'Invalid refresh_token', 403);
    const taken = await takeRefreshToken(db, clock, {
      platform: PLATFORM,
      appKey: partnerId,
      token: refreshToken,
      singleUse: true,
    });
    if (!taken.ok)
      throw new ApiError(
        'error_auth',
        taken.reason === 'expired' ? 'The refresh_token has expired' : 'Invalid refresh_token',
        403,
      );
    const grace = new Date(now.getTime() + OLD_TOKEN_GRACE_S * 1000);
    await db
      .update(sandboxMarketplaceTokens)
      .set({ expiresAt: grace, usedAt: now })
      .where(
        and(
          eq(sandboxMarketplaceTokens.platform, PLATFORM),
          eq(sandboxMarketplaceTokens.appKey, partnerId),
          eq(sandboxMarketplaceTokens.shopId, shopId),
          eq(sandboxMarketplaceTokens.kind, 'access'),
          isNull(sandboxMarketplaceTokens.revokedAt),
          gt(sandboxMarketplaceTokens.expiresAt, grace),
        ),
      );
    const tokens = await issueTokens(db, clock, {
      platform: PLATFORM,
      appKey: partnerId,
      sellerId: taken.token.sellerId,
      shopId,
      accessSeconds: ACCESS_TTL_S,
      refreshSeconds: REFRESH_TTL_S,
      authorizationExpiresAt: taken.token.authorizationExpiresAt,
    });
    return {
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
      expire_in: ACCESS_TTL_S,
      partner_id: Number(partnerId),
      shop_id: Number(shopId),
    };
  }

  const publicApis: Record<string, (call: PublicCall) => Promise<Json>> = {
    '/api/v2/auth/token/get': tokenGet,
    '/api/v2/auth/access_token/get': accessTokenGet,
  };

  for (const [path, handle] of Object.entries(publicApis)) {
    app.post(path, (c) =>
      serve(c, path, async (query) => {
        checkCommon(query, path, 'public');
        return handle({ query, body: await bodyOf(c), now: clock.now() });
      }),
    );
  }

  // Shop APIs.

  const productWhere = (shop: SandboxShop, ...more: SQL[]) =>
    and(eq(sandboxProducts.platform, PLATFORM), eq(sandboxProducts.shopId, shop.shopId), ...more);

  async function itemRow(shop: SandboxShop, itemId: unknown) {
    const id = typeof itemId === 'number' || typeof itemId === 'string' ? String(itemId) : '';
    if (!/^\d+$/.test(id)) throw param('item_id is required');
    const [row] = await db
      .select()
      .from(sandboxProducts)
      .where(productWhere(shop, eq(sandboxProducts.productId, id)));
    if (!row || GONE.has(row.status)) throw itemNotFound();
    return row;
  }

  async function saveItem(shop: SandboxShop, productId: string, data: Json, now: Date) {
    const status = String(data.item_status);
    await db
      .update(sandboxProducts)
      .set({ data, status, updatedAt: now })
      .where(productWhere(shop, eq(sandboxProducts.productId, productId)));
  }

  const baseInfo = (data: Json): Json => {
    const { tier_variation: _tiers, model: _models, ...item } = data;
    return item;
  };

  /** attribute_list checked against the category: known attributes, valid values, mandatory ones. */
  function attributeListOf(categoryId: number, value: unknown): Json[] {
    const known = attributesOf(categoryId);
    const given = jsons(value).map((entry) => {
      const attribute = known.find((one) => one.id === entry.attribute_id);
      if (!attribute)
        throw param(
          `attribute_id ${String(entry.attribute_id)} is not an attribute of category ${categoryId}`,
        );
      const values = jsons(entry.attribute_value_list).map((one) => {
        const valueId = typeof one.value_id === 'number' ? one.value_id : 0;
        const option = attribute.values.find(([id]) => id === valueId);
        if (option) return { value_id: option[0], original_value_name: option[1], value_unit: '' };
        const name =
          typeof one.original_value_name === 'string' ? one.original_value_name.trim() : '';
        if (attribute.inputType === 1 || attribute.inputType === 4 || !name)
          throw param(`attribute ${attribute.name} has no value ${valueId || name}`);
        if (
          (attribute.validation === 1 && !/^-?\d+$/.test(name)) ||
          (attribute.validation === 3 && !/^-?\d+(\.\d+)?$/.test(name))
        )
          throw param(`attribute ${attribute.name} needs a number`);
        const unit = typeof one.value_unit === 'string' ? one.value_unit : '';
        if (unit && !(attribute.units ?? []).includes(unit))
          throw param(`attribute ${attribute.name} has no unit ${unit}`);
        return { value_id: 0, original_value_name: name, value_unit: unit };
      });
      if (values.length === 0) throw param(`attribute ${attribute.name} needs a value`);
      if (values.length > 1 && attribute.inputType < 4)
        throw param(`attribute ${attribute.name} takes one value`);
      return {
        attribute_id: attribute.id,
        original_attribute_name: attribute.name,
        is_mandatory: attribute.mandatory,
        attribute_value_list: values,
      };
    });
    const missing = known.find(
      (attribute) =>
        attribute.mandatory && !given.some((entry) => entry.attribute_id === attribute.id),
    );
    if (missing) throw param(`attribute ${missing.name} is mandatory for category ${categoryId}`);
    return given;
  }

  function categoryOf(value: unknown): number {
    if (typeof value !== 'number' || !categoryById(value)) throw param('category_id is invalid');
    if (!isLeaf(value)) throw param('category_id must be a leaf category');
    return value;
  }

  function logisticInfoOf(shop: SandboxShop, value: unknown): Json[] {
    const channels = channelsOf(shop.site);
    const entries = jsons(value).map((entry) => {
      const channel = channels.find((one) => one.id === entry.logistic_id);
      if (!channel)
        throw param(`logistic_id ${String(entry.logistic_id)} is not a channel of the shop`);
      return {
        logistic_id: channel.id,
        logistic_name: channel.name,
        enabled: entry.enabled !== false,
        is_free: entry.is_free === true,
        ...(typeof entry.shipping_fee === 'number' ? { shipping_fee: entry.shipping_fee } : {}),
      };
    });
    if (!entries.some((entry) => entry.enabled))
      throw param('logistic_info needs an enabled channel');
    return entries;
  }

  function imageOf(value: unknown): Json {
    const ids = isJson(value) && Array.isArray(value.image_id_list) ? value.image_id_list : [];
    if (
      ids.length < 1 ||
      ids.length > 9 ||
      ids.some((id) => typeof id !== 'string' || !/^[\w.-]{1,100}$/.test(id))
    )
      throw param('image.image_id_list needs 1 to 9 image ids');
    return { image_id_list: ids, image_url_list: ids.map((id) => imageRef(id as string)) };
  }

  const textOf = (value: unknown, name: string, max: number): string => {
    const text = typeof value === 'string' ? value.trim() : '';
    if (!text || text.length > max) throw param(`${name} is required, at most ${max} characters`);
    return text;
  };

  const weightOf = (value: unknown): string => {
    if (typeof value !== 'number' || !(value > 0) || value > 1000)
      throw param('weight must be a positive number of kg');
    return String(value);
  };

  function dimensionOf(value: unknown): Json {
    if (!isJson(value)) throw param('dimension is invalid');
    const sides = ['package_length', 'package_width', 'package_height'].map((key) => value[key]);
    if (sides.some((side) => typeof side !== 'number' || !Number.isInteger(side) || side <= 0))
      throw param('dimension needs whole positive centimetres');
    return { package_length: sides[0], package_width: sides[1], package_height: sides[2] };
  }

  function brandOf(value: unknown): Json {
    if (value === undefined) return { brand_id: 0, original_brand_name: 'NoBrand' };
    if (!isJson(value) || typeof value.brand_id !== 'number') throw param('brand is invalid');
    return {
      brand_id: value.brand_id,
      original_brand_name:
        typeof value.original_brand_name === 'string' ? value.original_brand_name : 'NoBrand',
    };
  }

  const choiceOf = (value: unknown, allowed: string[], fallback: string, name: string): string => {
    if (value === undefined) return fallback;
    if (typeof value !== 'string' || !allowed.includes(value)) throw param(`${name} is invalid`);
    return value;
  };

  async function newItemId(): Promise<string> {
    for (;;) {
      const id = String(randomInt(20_000_000_000, 99_999_999_999));
      const [row] = await db
        .select({ id: sandboxProducts.productId })
        .from(sandboxProducts)
        .where(and(eq(sandboxProducts.platform, PLATFORM), eq(sandboxProducts.productId, id)));
      if (!row) return id;
    }
  }

  async function addItem({ shop, body, now }: ShopCall): Promise<Json> {
    const currency = currencyOfSite(shop.site);
    const price = priceMinor(body.original_price, currency, 'original_price');
    const categoryId = categoryOf(body.category_id);
    const stock = stockOf(body.seller_stock, 'seller_stock');
    const itemId = await newItemId();
    const item: Json = {
      item_id: Number(itemId),
      category_id: categoryId,
      item_name: textOf(body.item_name, 'item_name', 255),
      description: textOf(body.description, 'description', 5000),
      description_type: 'normal',
      item_sku: typeof body.item_sku === 'string' ? body.item_sku.slice(0, 100) : '',
      create_time: seconds(now),
      update_time: seconds(now),
      attribute_list: attributeListOf(categoryId, body.attribute_list),
      price_info: priceInfo(price, currency),
      image: imageOf(body.image),
      weight: weightOf(body.weight),
      ...(body.dimension === undefined ? {} : { dimension: dimensionOf(body.dimension) }),
      logistic_info: logisticInfoOf(shop, body.logistic_info),
      pre_order: { is_pre_order: false, days_to_ship: 2 },
      wholesales: [],
      condition: choiceOf(body.condition, ['NEW', 'USED'], 'NEW', 'condition'),
      size_chart: '',
      item_status: choiceOf(body.item_status, ['NORMAL', 'UNLIST'], 'NORMAL', 'item_status'),
      deboost: false,
      has_model: false,
      promotion_id: 0,
      brand: brandOf(body.brand),
      item_dangerous: 0,
      stock_info_v2: stockInfo(stock, shop.site),
      tier_variation: [],
      model: [],
    };
    await db.insert(sandboxProducts).values({
      platform: PLATFORM,
      shopId: shop.shopId,
      productId: itemId,
      status: String(item.item_status),
      data: item,
      createdAt: now,
      updatedAt: now,
    });
    return { response: baseInfo(item) };
  }

  async function updateItem({ shop, body, now }: ShopCall): Promise<Json> {
    const row = await itemRow(shop, body.item_id);
    const data: Json = { ...row.data };
    const changed: Json = { item_id: data.item_id };
    const set = (key: string, value: unknown) => {
      data[key] = value;
      changed[key] = value;
    };
    if (body.item_name !== undefined) set('item_name', textOf(body.item_name, 'item_name', 255));
    if (body.description !== undefined)
      set('description', textOf(body.description, 'description', 5000));
    if (body.item_sku !== undefined)
      set('item_sku', typeof body.item_sku === 'string' ? body.item_sku.slice(0, 100) : '');
    if (body.category_id !== undefined) set('category_id', categoryOf(body.category_id));
    if (body.image !== undefined) set('image', imageOf(body.image));
    if (body.weight !== undefined) set('weight', weightOf(body.weight));
    if (body.dimension !== undefined) set('dimension', dimensionOf(body.dimension));
    if (body.logistic_info !== undefined)
      set('logistic_info', logisticInfoOf(shop, body.logistic_info));
    if (body.brand !== undefined) set('brand', brandOf(body.brand));
    if (body.condition !== undefined)
      set('condition', choiceOf(body.condition, ['NEW', 'USED'], 'NEW', 'condition'));
    if (body.item_status !== undefined)
      set('item_status', choiceOf(body.item_status, ['NORMAL', 'UNLIST'], 'NORMAL', 'item_status'));
    if (body.attribute_list !== undefined || body.category_id !== undefined) {
      const attributes =
        body.attribute_list !== undefined
          ? body.attribute_list
          : jsons(data.attribute_list).map((entry) => ({
              attribute_id: entry.attribute_id,
              attribute_value_list: entry.attribute_value_list,
            }));
      set('attribute_list', attributeListOf(Number(data.category_id), attributes));
    }
    data.update_time = seconds(now);
    await saveItem(shop, row.productId, data, now);
    return { response: changed };
  }

  async function initTierVariation({ shop, body, now }: ShopCall): Promise<Json> {
    const row = await itemRow(shop, body.item_id);
    const currency = currencyOfSite(shop.site);
    if (row.data.has_model === true) throw param('the item already has variations');
    const tiers = jsons(body.tier_variation);
    if (tiers.length < 1 || tiers.length > 2) throw param('tier_variation needs 1 or 2 tiers');
    const tierVariation = tiers.map((tier) => {
      const name = textOf(tier.name, 'tier_variation.name', 20);
      const options = jsons(tier.option_list);
      if (options.length < 1 || options.length > 50)
        throw param('option_list needs 1 to 50 options');
      const seen = new Set<string>();
      return {
        name,
        option_list: options.map((entry) => {
          const option = textOf(entry.option, 'option', 30);
          if (seen.has(option)) throw param(`option ${option} is repeated`);
          seen.add(option);
          const imageId =
            isJson(entry.image) && typeof entry.image.image_id === 'string'
              ? entry.image.image_id
              : '';
          return imageId
            ? { option, image: { image_id: imageId, image_url: imageRef(imageId) } }
            : { option };
        }),
      };
    });
    const models = jsons(body.model);
    if (models.length < 1 || models.length > 50) throw param('model needs 1 to 50 models');
    const combinations = new Set<string>();
    const base = randomInt(10_000_000, 99_999_999) * 100;
    const model = models.map((entry, index) => {
      const tierIndex = Array.isArray(entry.tier_index) ? entry.tier_index : [];
      if (
        tierIndex.length !== tierVariation.length ||
        tierIndex.some(
          (value, tier) =>
            typeof value !== 'number' ||
            !Number.isInteger(value) ||
            value < 0 ||
            value >= (tierVariation[tier]?.option_list.length ?? 0),
        )
      )
        throw param('tier_index does not match tier_variation');
      const key = tierIndex.join(',');
      if (combinations.has(key)) throw param(`tier_index ${key} is repeated`);
      combinations.add(key);
      const price = priceMinor(entry.original_price, currency, 'model.original_price');
      return {
        model_id: base + index + 1,
        tier_index: tierIndex,
        promotion_id: 0,
        model_sku: typeof entry.model_sku === 'string' ? entry.model_sku.slice(0, 100) : '',
        model_status: 'MODEL_NORMAL',
        price_info: priceInfo(price, currency),
        pre_order: { is_pre_order: false, days_to_ship: 2 },
        stock_info_v2: stockInfo(stockOf(entry.seller_stock, 'model.seller_stock'), shop.site),
      };
    });
    const { price_info: _price, stock_info_v2: _stock, ...rest } = row.data;
    const data: Json = {
      ...rest,
      item_sku: '',
      has_model: true,
      update_time: seconds(now),
      tier_variation: tierVariation,
      model,
    };
    await saveItem(shop, row.productId, data, now);
    return {
      response: {
        item_id: data.item_id,
        tier_variation: tierVariation,
        model: model.map((entry) => ({
          model_id: entry.model_id,
          tier_index: entry.tier_index,
          model_sku: entry.model_sku,
          price_info: entry.price_info.map((price) => ({ original_price: price.original_price })),
          seller_stock: entry.stock_info_v2.seller_stock,
        })),
      },
    };
  }

  /** update_price and update_stock: one change per model (model_id 0 for an item without models). */
  function perModel(
    key: 'price_list' | 'stock_list',
    apply: (target: Json, entry: Json, shop: SandboxShop) => Json,
  ) {
    return async ({ shop, body, now }: ShopCall): Promise<Json> => {
      const row = await itemRow(shop, body.item_id);
      const entries = jsons(body[key]);
      if (entries.length < 1 || entries.length > 50) throw param(`${key} needs 1 to 50 entries`);
      const data: Json = {
        ...row.data,
        model: jsons(row.data.model).map((model) => ({ ...model })),
      };
      const successes: Json[] = [];
      const failures: Json[] = [];
      for (const entry of entries) {
        const modelId = typeof entry.model_id === 'number' ? entry.model_id : 0;
        const target =
          data.has_model === true
            ? jsons(data.model).find((model) => model.model_id === modelId)
            : modelId === 0
              ? data
              : undefined;
        if (!target) {
          failures.push({ model_id: modelId, failed_reason: 'model_id is invalid' });
          continue;
        }
        try {
          successes.push({ model_id: modelId, ...apply(target, entry, shop) });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          failures.push({ model_id: modelId, failed_reason: error.message });
        }
      }
      if (successes.length > 0) {
        data.update_time = seconds(now);
        await saveItem(shop, row.productId, data, now);
      }
      return { response: { success_list: successes, failure_list: failures } };
    };
  }

  const updatePrice = perModel('price_list', (target, entry, shop) => {
    const currency = currencyOfSite(shop.site);
    const price = priceMinor(entry.original_price, currency, 'original_price');
    target.price_info = priceInfo(price, currency);
    return { original_price: amount(price, currency) };
  });

  const updateStock = perModel('stock_list', (target, entry, shop) => {
    const info = stockInfo(stockOf(entry.seller_stock, 'seller_stock'), shop.site);
    target.stock_info_v2 = info;
    return { seller_stock: info.seller_stock };
  });

  async function orderList({ shop, query }: ShopCall): Promise<Json> {
    const field = query.get('time_range_field');
    if (field !== 'create_time' && field !== 'update_time')
      throw param('time_range_field must be create_time or update_time');
    const from = intParam(query, 'time_from');
    const to = intParam(query, 'time_to');
    if (to < from || to - from > MAX_ORDER_WINDOW_S)
      throw new ApiError(
        'order.order_list_invalid_time',
        'Start time must be earlier than end time and diff in 15days.',
      );
    const size = intParam(query, 'page_size');
    if (size < 1 || size > 100) throw param('page_size must be between 1 and 100');
    const status = query.get('order_status') || null;
    if (status && !([...ORDER_STATUSES, 'INVOICE_PENDING'] as string[]).includes(status))
      throw param('order_status is invalid');
    const cursor = decodeCursor(query.get('cursor') ?? '');
    const column = field === 'create_time' ? sandboxOrders.createdAt : sandboxOrders.updatedAt;
    const conditions: SQL[] = [
      eq(sandboxOrders.platform, PLATFORM),
      eq(sandboxOrders.shopId, shop.shopId),
      gte(column, new Date(from * 1000)),
      lt(column, new Date((to + 1) * 1000)),
    ];
    if (status) conditions.push(eq(sandboxOrders.status, status));
    if (cursor) {
      const after = or(
        gt(column, cursor.at),
        and(eq(column, cursor.at), gt(sandboxOrders.orderId, cursor.orderSn)),
      );
      if (after) conditions.push(after);
    }
    const rows = await db
      .select({
        orderSn: sandboxOrders.orderId,
        status: sandboxOrders.status,
        data: sandboxOrders.data,
        at: column,
      })
      .from(sandboxOrders)
      .where(and(...conditions))
      .orderBy(asc(column), asc(sandboxOrders.orderId))
      .limit(size + 1);
    const page = rows.slice(0, size);
    const last = page.at(-1);
    const more = rows.length > size;
    const withStatus = listParam(query, 'response_optional_fields').includes('order_status');
    return {
      response: {
        more,
        next_cursor: more && last ? encodeCursor(last.at, last.orderSn) : '',
        order_list: page.map((row) => ({
          order_sn: row.orderSn,
          ...(withStatus ? { order_status: row.data.order_status ?? row.status } : {}),
        })),
      },
    };
  }

  async function orderDetail({ shop, query }: ShopCall): Promise<Json> {
    const orderSns = listParam(query, 'order_sn_list');
    if (orderSns.length < 1 || orderSns.length > 50)
      throw param('order_sn_list must hold 1 to 50 order_sn');
    const optional = new Set(listParam(query, 'response_optional_fields'));
    const rows = await db
      .select()
      .from(sandboxOrders)
      .where(
        and(
          eq(sandboxOrders.platform, PLATFORM),
          eq(sandboxOrders.shopId, shop.shopId),
          inArray(sandboxOrders.orderId, orderSns),
        ),
      );
    const orders = orderSns.flatMap((orderSn) => {
      const row = rows.find((one) => one.orderId === orderSn);
      if (!row) return [];
      return [
        Object.fromEntries(
          Object.entries({ ...row.data, order_sn: orderSn }).filter(
            ([key]) => BASE_ORDER_FIELDS.has(key) || optional.has(key),
          ),
        ),
      ];
    });
    return { response: { order_list: orders } };
  }

  async function itemList({ shop, query }: ShopCall): Promise<Json> {
    const offset = intParam(query, 'offset');
    if (offset < 0) throw param('offset must not be negative');
    const size = intParam(query, 'page_size');
    if (size < 1 || size > 100) throw param('page_size must be between 1 and 100');
    const statuses = listParam(query, 'item_status');
    if (statuses.length === 0 || statuses.some((status) => !ITEM_STATUSES.includes(status)))
      throw param(
        'item_status is required (NORMAL, BANNED, UNLIST, REVIEWING, SELLER_DELETE, SHOPEE_DELETE)',
      );
    const from = optionalInt(query, 'update_time_from');
    const to = optionalInt(query, 'update_time_to');
    if (from !== null && to !== null && from > to)
      throw param('update_time_from must not be after update_time_to');
    const where = productWhere(
      shop,
      inArray(sandboxProducts.status, statuses),
      ...(from === null ? [] : [gte(sandboxProducts.updatedAt, new Date(from * 1000))]),
      ...(to === null ? [] : [lt(sandboxProducts.updatedAt, new Date((to + 1) * 1000))]),
    );
    const [total] = await db.select({ total: count() }).from(sandboxProducts).where(where);
    const rows = await db
      .select({
        id: sandboxProducts.productId,
        status: sandboxProducts.status,
        at: sandboxProducts.updatedAt,
      })
      .from(sandboxProducts)
      .where(where)
      .orderBy(asc(sandboxProducts.updatedAt), asc(sandboxProducts.productId))
      .limit(size)
      .offset(offset);
    const totalCount = Number(total?.total ?? 0);
    const hasNext = offset + rows.length < totalCount;
    return {
      response: {
        item: rows.map((row) => ({
          item_id: Number(row.id),
          item_status: row.status,
          update_time: seconds(row.at),
        })),
        total_count: totalCount,
        has_next_page: hasNext,
        next_offset: hasNext ? offset + rows.length : 0,
      },
    };
  }

  async function itemBaseInfo({ shop, query }: ShopCall): Promise<Json> {
    const ids = listParam(query, 'item_id_list');
    if (ids.length < 1 || ids.length > 50 || ids.some((id) => !/^\d+$/.test(id)))
      throw param('item_id_list must hold 1 to 50 item ids');
    const rows = await db
      .select()
      .from(sandboxProducts)
      .where(productWhere(shop, inArray(sandboxProducts.productId, ids)));
    return {
      response: {
        item_list: ids.flatMap((id) => {
          const row = rows.find((one) => one.productId === id);
          return row ? [{ ...baseInfo(row.data), item_status: row.status }] : [];
        }),
      },
    };
  }

  async function modelList({ shop, query }: ShopCall): Promise<Json> {
    const row = await itemRow(shop, query.get('item_id') ?? '');
    return {
      response: {
        tier_variation: jsons(row.data.tier_variation),
        model: jsons(row.data.model),
      },
    };
  }

  async function attributeTreeOf({ query }: ShopCall): Promise<Json> {
    const ids = listParam(query, 'category_id_list');
    if (ids.length < 1 || ids.length > 20 || ids.some((id) => !/^\d+$/.test(id)))
      throw param('category_id_list must hold 1 to 20 category ids');
    return {
      response: {
        list: ids.map((id) => {
          if (!categoryById(Number(id)))
            throw new ApiError('error_invalid_category', `Invalid category ID ${id}`);
          return {
            category_id: Number(id),
            attribute_tree: attributeTree(Number(id)),
            warning: '',
          };
        }),
      },
    };
  }

  async function shopInfo({ shop, token }: ShopCall): Promise<Json> {
    const end = seconds(token.authorizationExpiresAt);
    const crossBorder = shop.data.is_cb === true;
    return {
      shop_name: shop.name,
      region: shop.site.toUpperCase(),
      status: typeof shop.data.status === 'string' ? shop.data.status : 'NORMAL',
      is_cb: crossBorder,
      is_cnsc: crossBorder,
      is_upgraded_cbsc: crossBorder,
      is_sip: false,
      is_main_shop: false,
      is_direct_shop: false,
      is_one_awb: false,
      shop_fulfillment_flag: 'Others',
      sip_affi_shops: [],
      auth_time: end - AUTHORIZATION_S,
      expire_time: end,
    };
  }

  const shopApis: Record<string, ShopApi> = {
    '/api/v2/shop/get_shop_info': { method: 'GET', handle: shopInfo },
    '/api/v2/order/get_order_list': { method: 'GET', handle: orderList },
    '/api/v2/order/get_order_detail': { method: 'GET', handle: orderDetail },
    '/api/v2/product/get_item_list': { method: 'GET', handle: itemList },
    '/api/v2/product/get_item_base_info': { method: 'GET', handle: itemBaseInfo },
    '/api/v2/product/get_model_list': { method: 'GET', handle: modelList },
    '/api/v2/product/add_item': { method: 'POST', handle: addItem },
    '/api/v2/product/update_item': { method: 'POST', handle: updateItem },
    '/api/v2/product/init_tier_variation': { method: 'POST', handle: initTierVariation },
    '/api/v2/product/update_price': { method: 'POST', handle: updatePrice },
    '/api/v2/product/update_stock': { method: 'POST', handle: updateStock },
    '/api/v2/product/unlist_item': {
      method: 'POST',
      handle: async ({ shop, body, now }) => {
        const entries = jsons(body.item_list);
        if (entries.length === 0 || entries.length > 50)
          throw param('item_list needs 1 to 50 items');
        const success: Json[] = [];
        const failure: Json[] = [];
        for (const entry of entries) {
          try {
            const row = await itemRow(shop, entry.item_id);
            const unlist = entry.unlist === true;
            await saveItem(
              shop,
              row.productId,
              { ...row.data, item_status: unlist ? 'UNLIST' : 'NORMAL', update_time: seconds(now) },
              now,
            );
            success.push({ item_id: Number(row.productId), unlist });
          } catch (error) {
            failure.push({
              item_id: entry.item_id,
              failed_reason: error instanceof ApiError ? error.message : 'failed',
            });
          }
        }
        return { response: { success_list: success, failure_list: failure } };
      },
    },
    '/api/v2/product/delete_item': {
      method: 'POST',
      handle: async ({ shop, body, now }) => {
        const row = await itemRow(shop, body.item_id);
        await saveItem(
          shop,
          row.productId,
          { ...row.data, item_status: 'SELLER_DELETE', update_time: seconds(now) },
          now,
        );
        return { response: {} };
      },
    },
    '/api/v2/product/get_category': {
      method: 'GET',
      handle: async ({ query }) => ({
        response: { category_list: categoryList(query.get('language') || 'en') },
      }),
    },
    '/api/v2/product/get_attribute_tree': { method: 'GET', handle: attributeTreeOf },
    '/api/v2/logistics/get_channel_list': {
      method: 'GET',
      handle: async ({ shop }) => ({
        response: { logistics_channel_list: channelList(shop.site) },
      }),
    },
  };

  for (const [path, api] of Object.entries(shopApis)) {
    app.on(api.method, path, (c) =>
      serve(c, path, async (query) => {
        const { accessToken, shopId } = checkCommon(query, path, 'shop');
        const now = clock.now();
        const check = await checkAccessToken(db, clock, {
          platform: PLATFORM,
          appKey: partnerId,
          token: accessToken,
        });
        if (!check.ok || check.token.shopId !== shopId || check.token.authorizationExpiresAt <= now)
          throw new ApiError(
            'error_auth',
            !check.ok && check.reason === 'expired'
              ? 'The access_token has expired.'
              : 'Invalid access_token.',
            403,
          );
        const shop = await shopById(db, PLATFORM, shopId);
        if (!shop) throw new ApiError('error_shop', 'shopid is invalid', 403);
        return api.handle({ query, body: await bodyOf(c), now, shop, token: check.token });
      }),
    );
  }

  // media_space.upload_image: a public API (no token, no shop); JPG or PNG of at most 10 MB.
  const UPLOAD_PATH = '/api/v2/media_space/upload_image';
  app.post(UPLOAD_PATH, (c) =>
    serve(c, UPLOAD_PATH, async (query) => {
      checkCommon(query, UPLOAD_PATH, 'public');
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const file = form.image;
      if (!(file instanceof File)) throw param('image is required');
      const bytes = new Uint8Array(await file.arrayBuffer());
      const type = sniffMediaType(bytes);
      if (type !== 'image/jpeg' && type !== 'image/png')
        throw new ApiError('error_invalid_image', 'The image must be JPG, JPEG or PNG');
      if (bytes.length > 10 * 1024 * 1024)
        throw new ApiError('error_image_too_large', 'The image must be at most 10 MB');
      const imageId = `sg-11134201-${createHash('sha256').update(bytes).digest('hex').slice(0, 24)}`;
      return {
        response: {
          image_info: {
            image_id: imageId,
            image_url_list: [{ image_url_region: 'SG', image_url: imageRef(imageId) }],
          },
        },
      };
    }),
  );

  app.all('/api/v2/*', (c) =>
    c.json(
      {
        request_id: randomBytes(16).toString('hex'),
        error: 'error_not_found',
        message: `No API at ${c.req.method} ${c.req.path.slice(prefixOf(c.req.path).length)}`,
      },
      404,
    ),
  );

  return app;
}
