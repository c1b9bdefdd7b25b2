import { isSiteCode } from '@shared/contracts/site-codes';
import type { LazadaConfig, LazadaCountry } from '../marketplace/marketplace.config';
import { MarketplaceError, type MarketplaceFailure } from '../marketplace/marketplace.errors';
import type {
  Authorization,
  AuthorizedShop,
  ImageUpload,
  MarketplaceClient,
  Page,
  PlatformOrder,
  PlatformProduct,
  ShopAccess,
  TimeWindow,
  TokenSet,
} from '../marketplace/marketplace.types';
import type { PlatformAnswer, Transport } from '../marketplace/transport';
import {
  asArray,
  idOf,
  isRecord,
  MalformedRecord,
  productPayload,
  readAttributes,
  readCategories,
  readOrder,
  readProduct,
  readShipmentProviders,
} from './lazada.records';
import { type LazadaParams, lazadaSign } from './lazada.sign';
import {
  isLazadaCountry,
  LAZADA_CURRENCIES,
  LAZADA_UTC_OFFSETS,
  lazadaIsoTime,
} from './lazada.ventures';

/** GetOrders: at most 100 a page and an offset of at most 5000 (open.lazada.com docId 121327). */
const ORDER_LIMIT = 100;
const ORDER_MAX_OFFSET = 5000;
/** GetProducts: at most 50 a page; the offset is deprecated past 10000. */
const PRODUCT_LIMIT = 50;
const PRODUCT_MAX_OFFSET = 10_000;
/** GetMultipleOrderItems: order ids asked at once. */
const ITEMS_BATCH = 50;
const THIRTY_DAYS_MS = 30 * 86_400_000;

type Body = Record<string, unknown>;

const FAILURES: Record<string, MarketplaceFailure> = {
  IncompleteSignature: 'signature',
  InvalidAppKey: 'signature',
  IllegalAccessToken: 'token',
  IllegalRefreshToken: 'token',
  AUTH_TYPE_UNSUPPORTED: 'token',
  InvalidCode: 'code',
  ApiCallLimit: 'rateLimited',
  AppCallLimit: 'rateLimited',
  '901': 'rateLimited',
  E901: 'rateLimited',
  '6': 'unavailable',
  E006: 'unavailable',
};

/** Lazada's error body as a MarketplaceError, its code and message kept. */
function lazadaError(body: Body, status: number): MarketplaceError {
  const code = String(body.code ?? `HTTP ${status}`);
  const type = String(body.type ?? '');
  const details = asArray(body.detail)
    .filter(isRecord)
    .map((entry) => [entry.field, entry.message].filter(Boolean).join(': '))
    .filter(Boolean);
  const message = [typeof body.message === 'string' ? body.message : '', details.join('; ')]
    .filter(Boolean)
    .join(' - ');
  let failure = FAILURES[code] ?? (/timestamp/i.test(code) ? 'timestamp' : 'request');
  if (failure === 'request' && type === 'ISP') failure = 'unavailable';
  // ApiCallLimit and 901 are one-second bans; AppCallLimit is the daily quota, not worth retrying.
  const retryable =
    (failure === 'rateLimited' && code !== 'AppCallLimit') || failure === 'unavailable';
  const banSeconds = /(\d+)\s*second/i.exec(message)?.[1];
  return new MarketplaceError({
    platform: 'lazada',
    failure,
    platformCode: code,
    platformMessage: message,
    retryable,
    retryAfterMs:
      failure === 'rateLimited' && retryable
        ? banSeconds
          ? Number(banSeconds) * 1000
          : 1000
        : null,
    responseStatus: status,
  });
}

function malformed(cause: unknown): MarketplaceError {
  return new MarketplaceError({
    platform: 'lazada',
    failure: 'request',
    platformCode: 'malformed_response',
    platformMessage: cause instanceof Error ? cause.message : String(cause),
    cause,
  });
}

/** Lazada's own paging state kept in the opaque cursor: the `update_after` in use and the offset. */
interface Cursor {
  after: number;
  offset: number;
}

const encodeCursor = (cursor: Cursor) =>
  Buffer.from(JSON.stringify({ a: cursor.after, o: cursor.offset })).toString('base64url');

function decodeCursor(cursor: string | null, window: TimeWindow): Cursor {
  if (!cursor) return { after: window.from.getTime(), offset: 0 };
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (isRecord(value) && Number.isSafeInteger(value.a) && Number.isSafeInteger(value.o))
      return { after: value.a as number, offset: value.o as number };
  } catch {
    // falls through to the error below
  }
  throw new MarketplaceError({
    platform: 'lazada',
    failure: 'request',
    platformCode: 'invalid_cursor',
    platformMessage: 'The page cursor is not one this client issued.',
  });
}

/**
 * The page after one of `count` records at `offset`: the next offset, or past the largest offset
 * the API allows, `update_after` moved to the last record's update time and the offset back to 0.
 */
function nextCursor(
  cursor: Cursor,
  count: number,
  limit: number,
  maxOffset: number,
  lastUpdated: Date | null,
  window: TimeWindow,
): string | null {
  if (count < limit || !lastUpdated || lastUpdated >= window.to) return null;
  const offset = cursor.offset + limit;
  if (offset <= maxOffset) return encodeCursor({ after: cursor.after, offset });
  const lastSecond = Math.floor(lastUpdated.getTime() / 1000) * 1000;
  // More records than the offset reaches share one second: step past it rather than loop.
  const after = lastSecond > cursor.after ? lastSecond : cursor.after + 1000;
  return after >= window.to.getTime() ? null : encodeCursor({ after, offset: 0 });
}

const inWindow = (time: Date, window: TimeWindow) => time >= window.from && time < window.to;

/**
 * Lazada Open Platform (LazOP): every call signed with the app secret (docId 108068) and sent to
 * the auth host or the shop's venture host; tokens per seller, shops per venture.
 */
export function createLazadaClient(
  config: LazadaConfig,
  deps: { transport: Transport; now: () => Date },
): MarketplaceClient {
  function ventureOf(site: string): LazadaCountry {
    if (isLazadaCountry(site)) return site;
    throw new MarketplaceError({
      platform: 'lazada',
      failure: 'request',
      platformCode: 'unsupported_site',
      platformMessage: `Lazada has no venture "${site}".`,
    });
  }

  async function call<T>(
    input: {
      base: string;
      path: string;
      method: 'GET' | 'POST';
      params: Record<string, string | undefined>;
      accessToken?: string;
      shopKey: string | null;
      signal?: AbortSignal | undefined;
      /** A file part: the signed parameters go in the query, the file in a multipart body (not signed). */
      file?: { field: string; upload: ImageUpload };
    },
    parse: (body: Body) => T,
  ): Promise<T> {
    return deps.transport.send({
      platform: 'lazada',
      shopKey: input.shopKey,
      signal: input.signal,
      build: () => {
        const params: LazadaParams = {};
        for (const [name, value] of Object.entries(input.params))
          if (value !== undefined && value !== '') params[name] = value;
        params.app_key = config.appKey;
        params.timestamp = String(deps.now().getTime());
        params.sign_method = 'sha256';
        if (input.accessToken) params.access_token = input.accessToken;
        params.sign = lazadaSign(config.appSecret, input.path, params);
        const query = new URLSearchParams(params).toString();
        const url = `${input.base}${input.path}`;
        if (input.file) {
          const form = new FormData();
          const { upload } = input.file;
          form.append(
            input.file.field,
            new Blob([upload.bytes as Uint8Array<ArrayBuffer>], { type: upload.mime }),
            upload.name,
          );
          return { url: `${url}?${query}`, init: { method: 'POST', body: form } };
        }
        return input.method === 'GET'
          ? { url: `${url}?${query}`, init: { method: 'GET' } }
          : {
              url,
              init: {
                method: 'POST',
                headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
                body: query,
              },
            };
      },
      read: (answer: PlatformAnswer) => {
        const body = answer.body;
        if (!isRecord(body))
          throw new MarketplaceError({
            platform: 'lazada',
            failure: 'request',
            platformCode: `HTTP ${answer.status}`,
            platformMessage: 'The answer is not JSON.',
            responseStatus: answer.status,
          });
        if (body.code !== '0' && body.code !== 0) throw lazadaError(body, answer.status);
        try {
          return parse(body);
        } catch (error) {
          if (error instanceof MalformedRecord) throw malformed(error);
          throw error;
        }
      },
    });
  }

  const shopCall = <T>(
    shop: ShopAccess,
    path: string,
    params: Record<string, string | undefined>,
    parse: (body: Body) => T,
    options: {
      method?: 'GET' | 'POST';
      signal?: AbortSignal | undefined;
      file?: { field: string; upload: ImageUpload };
    } = {},
  ) =>
    call(
      {
        base: config.apiBases[ventureOf(shop.site)],
        path,
        method: options.method ?? 'GET',
        params,
        accessToken: shop.accessToken,
        shopKey: shop.shopId,
        signal: options.signal,
        ...(options.file ? { file: options.file } : {}),
      },
      parse,
    );

  function readTokens(body: Body) {
    const now = deps.now().getTime();
    const accessToken = body.access_token;
    const refreshToken = body.refresh_token;
    const expiresIn = Number(body.expires_in);
    const refreshExpiresIn = Number(body.refresh_expires_in ?? 0);
    if (typeof accessToken !== 'string' || !accessToken || !Number.isFinite(expiresIn))
      throw new MalformedRecord('the token answer has no access_token or expires_in');
    const tokens: TokenSet = {
      accessToken,
      refreshToken: typeof refreshToken === 'string' ? refreshToken : '',
      accessExpiresAt: new Date(now + expiresIn * 1000),
      refreshExpiresAt: Number.isFinite(refreshExpiresIn)
        ? new Date(now + Math.max(0, refreshExpiresIn) * 1000)
        : null,
    };
    // Created tokens list the shops as country_user_info; refreshed ones as country_user_info_list.
    const shops = asArray(body.country_user_info ?? body.country_user_info_list)
      .filter(isRecord)
      .map((entry) => ({
        country: String(entry.country ?? '').toLowerCase(),
        sellerId: idOf(entry.seller_id, 'seller_id'),
      }));
    return {
      tokens,
      country: String(body.country ?? '').toLowerCase(),
      account: typeof body.account === 'string' ? body.account : '',
      shops,
    };
  }

  async function orderItems(
    shop: ShopAccess,
    orderIds: string[],
    signal: AbortSignal | undefined,
  ): Promise<Map<string, unknown[]>> {
    const byOrder = new Map<string, unknown[]>();
    for (let start = 0; start < orderIds.length; start += ITEMS_BATCH) {
      const batch = orderIds.slice(start, start + ITEMS_BATCH);
      const entries = await shopCall(
        shop,
        '/orders/items/get',
        { order_ids: `[${batch.join(',')}]` },
        (body) => asArray(body.data),
        { signal },
      );
      for (const entry of entries)
        if (isRecord(entry))
          byOrder.set(
            idOf(entry.order_id ?? entry.order_number, 'order_id'),
            asArray(entry.order_items),
          );
    }
    return byOrder;
  }

  const ventureTime = (shop: ShopAccess, instant: Date) =>
    lazadaIsoTime(instant, LAZADA_UTC_OFFSETS[ventureOf(shop.site)]);
  /** Filter times go out in whole seconds: the end is rounded up and the window cut exactly here. */
  const ceilSecond = (instant: Date) => new Date(Math.ceil(instant.getTime() / 1000) * 1000);

  return {
    platform: 'lazada',
    maxWindowMs: THIRTY_DAYS_MS,

    authorizeUrl({ redirectUri, state, site, crossBorder }) {
      const query = new URLSearchParams({
        response_type: 'code',
        force_auth: 'true',
        redirect_uri: redirectUri,
        client_id: config.appKey,
        state,
      });
      const country = crossBorder ? 'cb' : site;
      if (country) query.set('country', country);
      return `${config.authorizeBase}/oauth/authorize?${query}`;
    },

    async exchangeCode({ code }): Promise<Authorization> {
      const created = await call(
        {
          base: config.tokenBase,
          path: '/auth/token/create',
          method: 'POST',
          params: { code },
          shopKey: null,
        },
        readTokens,
      );
      const crossBorder = created.country === 'cb';
      const shops: AuthorizedShop[] = [];
      let companyName = '';
      for (const entry of created.shops) {
        if (!isLazadaCountry(entry.country) || !isSiteCode(entry.country)) continue;
        const seller = await call(
          {
            base: config.apiBases[entry.country],
            path: '/seller/get',
            method: 'GET',
            params: {},
            accessToken: created.tokens.accessToken,
            shopKey: null,
          },
          (body) => (isRecord(body.data) ? body.data : {}),
        );
        if (!companyName && typeof seller.name_company === 'string')
          companyName = seller.name_company;
        shops.push({
          externalId: entry.sellerId,
          site: entry.country,
          name: typeof seller.name === 'string' && seller.name ? seller.name : entry.sellerId,
          cipher: null,
          crossBorder: typeof seller.cb === 'boolean' ? seller.cb : crossBorder,
        });
      }
      return {
        accountId: created.account,
        accountName: companyName || created.account,
        crossBorder,
        tokens: created.tokens,
        expiresAt: created.tokens.refreshExpiresAt,
        shops,
      };
    },

    async refresh({ refreshToken }) {
      const refreshed = await call(
        {
          base: config.tokenBase,
          path: '/auth/token/refresh',
          method: 'POST',
          params: { refresh_token: refreshToken },
          shopKey: null,
        },
        readTokens,
      );
      return refreshed.tokens;
    },

    async listOrders(shop, window, cursor, signal): Promise<Page<PlatformOrder>> {
      const state = decodeCursor(cursor, window);
      const currency = LAZADA_CURRENCIES[ventureOf(shop.site)];
      const orders = await shopCall(
        shop,
        '/orders/get',
        {
          update_after: ventureTime(shop, new Date(state.after)),
          update_before: ventureTime(shop, ceilSecond(window.to)),
          sort_by: 'updated_at',
          sort_direction: 'ASC',
          limit: String(ORDER_LIMIT),
          offset: String(state.offset),
        },
        (body) => (isRecord(body.data) ? asArray(body.data.orders) : []),
        { signal },
      );
      const ids = orders.map((order) =>
        idOf(isRecord(order) ? (order.order_id ?? order.order_number) : null, 'order_id'),
      );
      const items = ids.length ? await orderItems(shop, ids, signal) : new Map();
      let normalized: PlatformOrder[];
      try {
        normalized = orders.map((order, index) =>
          readOrder(order, items.get(ids[index] ?? '') ?? [], currency),
        );
      } catch (error) {
        throw error instanceof MalformedRecord ? malformed(error) : error;
      }
      return {
        items: normalized.filter((order) => inWindow(order.updatedAt, window)),
        next: nextCursor(
          state,
          orders.length,
          ORDER_LIMIT,
          ORDER_MAX_OFFSET,
          normalized.at(-1)?.updatedAt ?? null,
          window,
        ),
      };
    },

    async getOrder(shop, externalId) {
      const currency = LAZADA_CURRENCIES[ventureOf(shop.site)];
      const order = await shopCall(
        shop,
        '/order/get',
        { order_id: externalId },
        (body) => body.data,
      );
      const rows = await shopCall(shop, '/order/items/get', { order_id: externalId }, (body) =>
        asArray(body.data),
      );
      try {
        return readOrder(order, rows, currency);
      } catch (error) {
        throw error instanceof MalformedRecord ? malformed(error) : error;
      }
    },

    async listProducts(shop, window, cursor, signal): Promise<Page<PlatformProduct>> {
      const state = decodeCursor(cursor, window);
      const currency = LAZADA_CURRENCIES[ventureOf(shop.site)];
      const products = await shopCall(
        shop,
        '/products/get',
        {
          filter: 'all',
          update_after: ventureTime(shop, new Date(state.after)),
          update_before: ventureTime(shop, ceilSecond(window.to)),
          limit: String(PRODUCT_LIMIT),
          offset: String(state.offset),
        },
        (body) => {
          const list = isRecord(body.data) ? asArray(body.data.products) : [];
          return list.map((product) => readProduct(product, currency));
        },
        { signal },
      );
      return {
        items: products.filter((product) => inWindow(product.updatedAt, window)),
        next: nextCursor(
          state,
          products.length,
          PRODUCT_LIMIT,
          PRODUCT_MAX_OFFSET,
          products.at(-1)?.updatedAt ?? null,
          window,
        ),
      };
    },

    getProduct(shop, externalId) {
      const currency = LAZADA_CURRENCIES[ventureOf(shop.site)];
      return shopCall(shop, '/product/item/get', { item_id: externalId }, (body) =>
        readProduct(body.data, currency),
      );
    },

    createProduct(shop, input) {
      const currency = LAZADA_CURRENCIES[ventureOf(shop.site)];
      const payload = JSON.stringify({ Request: { Product: productPayload(input, currency) } });
      return shopCall(
        shop,
        '/product/create',
        { payload },
        (body) => ({
          externalId: idOf(isRecord(body.data) ? body.data.item_id : null, 'item_id'),
        }),
        { method: 'POST' },
      );
    },

    async updateProduct(shop, externalId, input) {
      const currency = LAZADA_CURRENCIES[ventureOf(shop.site)];
      const payload = JSON.stringify({
        Request: { Product: productPayload(input, currency, externalId) },
      });
      await shopCall(shop, '/product/update', { payload }, () => undefined, { method: 'POST' });
    },

    categories(shop) {
      return shopCall(shop, '/category/tree/get', {}, (body) => readCategories(asArray(body.data)));
    },

    categoryAttributes(shop, categoryId) {
      return shopCall(
        shop,
        '/category/attributes/get',
        { primary_category_id: categoryId },
        (body) => readAttributes(asArray(body.data)),
      );
    },

    logisticsChannels(shop) {
      return shopCall(shop, '/shipment/providers/get', {}, (body) =>
        readShipmentProviders(body.data),
      );
    },

    uploadImage(shop, image) {
      return shopCall(
        shop,
        '/image/upload',
        {},
        (body) => {
          const data = isRecord(body.data) && isRecord(body.data.image) ? body.data.image : null;
          return idOf(data?.url, 'image url');
        },
        { method: 'POST', file: { field: 'image', upload: image } },
      );
    },

    async setListed(shop, externalId, listed) {
      // Deactivating takes the item id; activating is an update of the item's status.
      const payload = listed
        ? JSON.stringify({
            Request: { Product: { ItemId: externalId, Attributes: { status: 'active' } } },
          })
        : JSON.stringify({ Request: { Product: { ItemId: externalId } } });
      await shopCall(
        shop,
        listed ? '/product/update' : '/product/deactivate',
        { payload },
        () => undefined,
        { method: 'POST' },
      );
    },

    async deleteProduct(shop, externalId) {
      await shopCall(
        shop,
        '/product/remove',
        { payload: JSON.stringify({ Request: { Product: { ItemId: externalId } } }) },
        () => undefined,
        { method: 'POST' },
      );
    },
  };
}
