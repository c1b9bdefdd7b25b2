import { type Currency, minorToDecimal } from '@shared/contracts/money';
import { isSiteCode } from '@shared/contracts/site-codes';
import type { ShopeeConfig } from '../marketplace/marketplace.config';
import { MarketplaceError } from '../marketplace/marketplace.errors';
import type {
  Authorization,
  AuthorizedShop,
  ImageUpload,
  MarketplaceClient,
  PlatformOrder,
  PlatformProduct,
  ProductInput,
  ShopAccess,
  TimeWindow,
  TokenSet,
} from '../marketplace/marketplace.types';
import { defaultSleep, type Transport } from '../marketplace/transport';
import {
  codeFailure,
  type FailureOverride,
  fail,
  readShopeeAnswer,
  refreshFailure,
} from './shopee.errors';
import {
  int,
  list,
  normalizeAttribute,
  normalizeCategory,
  normalizeChannel,
  normalizeOrder,
  normalizeProduct,
  rec,
  records,
  type ShopeeModels,
  siteCurrency,
  text,
} from './shopee.normalize';
import { shopeeSign } from './shopee.sign';

/**
 * Shopee Open Platform v2 (open.shopee.com guides 16, 20 and the v2 API reference): every call
 * carries partner_id, timestamp and sign (plus access_token and shop_id for shop APIs) in the
 * query, signed afresh for each attempt; GET parameters go in the query, POST bodies as JSON
 * (unsigned). A non-empty `error` in the answer is a failure whatever the HTTP status.
 */

type Json = Record<string, unknown>;
type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;

const DAY_MS = 86_400_000;
/** get_order_list refuses more than 15 days between time_from and time_to. */
const MAX_WINDOW_MS = 15 * DAY_MS;
/** A refresh token lives 30 days (the answer does not say). */
const REFRESH_TTL_MS = 30 * DAY_MS;
/** The guide asks for at least 5 s between add_item and init_tier_variation. */
const VARIATION_DELAY_MS = 5000;
const PAGE_SIZE = 100;
/** get_order_detail and get_item_base_info take at most 50 ids. */
const BATCH_SIZE = 50;
const MAX_MODELS = 50;
const ITEM_STATUSES = ['NORMAL', 'UNLIST', 'BANNED', 'REVIEWING', 'SELLER_DELETE', 'SHOPEE_DELETE'];
const ORDER_DETAIL_FIELDS = [
  'buyer_user_id',
  'buyer_username',
  'recipient_address',
  'item_list',
  'total_amount',
  'payment_method',
  'pay_time',
  'package_list',
  'shipping_carrier',
].join(',');

const PATHS = {
  authPartner: '/api/v2/shop/auth_partner',
  tokenGet: '/api/v2/auth/token/get',
  tokenRefresh: '/api/v2/auth/access_token/get',
  shopInfo: '/api/v2/shop/get_shop_info',
  orderList: '/api/v2/order/get_order_list',
  orderDetail: '/api/v2/order/get_order_detail',
  itemList: '/api/v2/product/get_item_list',
  itemBaseInfo: '/api/v2/product/get_item_base_info',
  modelList: '/api/v2/product/get_model_list',
  addItem: '/api/v2/product/add_item',
  updateItem: '/api/v2/product/update_item',
  initTierVariation: '/api/v2/product/init_tier_variation',
  updatePrice: '/api/v2/product/update_price',
  updateStock: '/api/v2/product/update_stock',
  category: '/api/v2/product/get_category',
  attributeTree: '/api/v2/product/get_attribute_tree',
  channels: '/api/v2/logistics/get_channel_list',
  uploadImage: '/api/v2/media_space/upload_image',
  unlistItem: '/api/v2/product/unlist_item',
  deleteItem: '/api/v2/product/delete_item',
} as const;

/** Who a shop call acts for: the shop's token and Shopee shop_id; our shop id keys the rate limit. */
interface Access {
  accessToken: string;
  externalId: string;
  shopId: string | null;
}

interface Call {
  method: 'GET' | 'POST';
  path: string;
  /** null for public APIs (auth and token), signed without token and shop. */
  access: Access | null;
  query?: Record<string, QueryValue>;
  body?: Json;
  signal?: AbortSignal | undefined;
  override?: FailureOverride;
  /** A multipart body with this file (media_space), instead of JSON. */
  file?: { field: string; upload: ImageUpload; fields: Record<string, string> };
}

export interface ShopeeClientDeps {
  transport: Transport;
  now: () => Date;
  /** The wait between add_item and init_tier_variation (real time unless given). */
  sleep?: (ms: number) => Promise<void>;
}

const accessOf = (shop: ShopAccess): Access => ({
  accessToken: shop.accessToken,
  externalId: shop.externalId,
  shopId: shop.shopId,
});

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size)
    out.push(items.slice(index, index + size));
  return out;
};

function numericId(value: string, what: string): number {
  if (!/^\d{1,15}$/.test(value))
    fail({ failure: 'request', code: 'error_param', message: `${what} must be a Shopee id` });
  return Number(value);
}

/** The window in Shopee's inclusive seconds: [from, to) becomes [ceil(from), ceil(to) - 1]. */
function windowSeconds(window: TimeWindow) {
  return {
    from: Math.ceil(window.from.getTime() / 1000),
    to: Math.ceil(window.to.getTime() / 1000) - 1,
  };
}

const within = (date: Date, window: TimeWindow) =>
  date.getTime() >= window.from.getTime() && date.getTime() < window.to.getTime();

export function createShopeeClient(
  config: ShopeeConfig,
  deps: ShopeeClientDeps,
): MarketplaceClient {
  const base = config.base.replace(/\/+$/, '');
  const sleep = deps.sleep ?? ((ms: number) => defaultSleep(ms));
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

  function call(input: Call): Promise<Json> {
    return deps.transport.send({
      platform: 'shopee',
      shopKey: input.access?.shopId ?? null,
      signal: input.signal,
      build() {
        const timestamp = seconds(deps.now());
        const params = new URLSearchParams({
          partner_id: String(config.partnerId),
          timestamp: String(timestamp),
        });
        if (input.access) {
          params.set('access_token', input.access.accessToken);
          params.set('shop_id', input.access.externalId);
        }
        params.set(
          'sign',
          shopeeSign(config.partnerKey, input.access ? 'shop' : 'public', {
            partnerId: config.partnerId,
            path: input.path,
            timestamp,
            accessToken: input.access?.accessToken,
            scopeId: input.access?.externalId,
          }),
        );
        for (const [key, value] of Object.entries(input.query ?? {})) {
          if (value === undefined || value === null) continue;
          if (typeof value === 'object') for (const one of value) params.append(key, String(one));
          else params.append(key, String(value));
        }
        const url = `${base}${input.path}?${params}`;
        if (input.file) {
          const form = new FormData();
          for (const [name, value] of Object.entries(input.file.fields)) form.append(name, value);
          const { upload } = input.file;
          form.append(
            input.file.field,
            new Blob([upload.bytes as Uint8Array<ArrayBuffer>], { type: upload.mime }),
            upload.name,
          );
          const init: RequestInit = {
            method: 'POST',
            headers: { accept: 'application/json' },
            body: form,
          };
          return { url, init };
        }
        if (input.method === 'GET') {
          const init: RequestInit = { method: 'GET', headers: { accept: 'application/json' } };
          return { url, init };
        }
        return {
          url,
          init: {
            method: 'POST',
            headers: { accept: 'application/json', 'content-type': 'application/json' },
            body: JSON.stringify(input.body ?? {}),
          },
        };
      },
      read: (answer) => readShopeeAnswer(answer, input.override),
    });
  }

  const get = async (
    path: string,
    access: Access,
    query: Record<string, QueryValue>,
    signal?: AbortSignal,
  ): Promise<Json> => rec((await call({ method: 'GET', path, access, query, signal })).response);

  const post = async (path: string, access: Access, body: Json): Promise<Json> =>
    rec((await call({ method: 'POST', path, access, body })).response);

  function tokenSet(answer: Json, issuedAt: Date): TokenSet {
    const accessToken = text(answer.access_token);
    const refreshToken = text(answer.refresh_token);
    if (!accessToken || !refreshToken)
      fail({ failure: 'request', code: 'error_data', message: 'The answer carries no token pair' });
    const expireIn = int(answer.expire_in) || 4 * 3600;
    return {
      accessToken,
      refreshToken,
      accessExpiresAt: new Date(issuedAt.getTime() + expireIn * 1000),
      refreshExpiresAt: new Date(issuedAt.getTime() + REFRESH_TTL_MS),
    };
  }

  async function shopInfo(accessToken: string, shopId: string) {
    const info = await call({
      method: 'GET',
      path: PATHS.shopInfo,
      access: { accessToken, externalId: shopId, shopId: null },
    });
    const site = text(info.region).toLowerCase();
    if (!isSiteCode(site))
      fail({
        failure: 'request',
        code: 'unsupported_site',
        message: `Shop ${shopId} sells on Shopee ${site.toUpperCase() || '?'}, which this product does not serve`,
      });
    const shop: AuthorizedShop = {
      externalId: shopId,
      site,
      name: text(info.shop_name) || shopId,
      cipher: null,
      crossBorder: info.is_cb === true,
    };
    const expireTime = int(info.expire_time);
    return { shop, expiresAt: expireTime ? new Date(expireTime * 1000) : null };
  }

  async function orderDetails(
    access: Access,
    orderSns: string[],
    signal?: AbortSignal,
  ): Promise<Json[]> {
    const found = new Map<string, Json>();
    for (const batch of chunks(orderSns, BATCH_SIZE)) {
      const response = await get(
        PATHS.orderDetail,
        access,
        { order_sn_list: batch.join(','), response_optional_fields: ORDER_DETAIL_FIELDS },
        signal,
      );
      for (const order of records(response.order_list)) found.set(text(order.order_sn), order);
    }
    return orderSns.flatMap((sn): Json[] => {
      const order = found.get(sn);
      return order ? [order] : [];
    });
  }

  async function productsById(
    access: Access,
    itemIds: string[],
    currency: Currency,
    signal?: AbortSignal,
  ): Promise<PlatformProduct[]> {
    const found = new Map<string, Json>();
    for (const batch of chunks(itemIds, BATCH_SIZE)) {
      const response = await get(
        PATHS.itemBaseInfo,
        access,
        { item_id_list: batch.join(',') },
        signal,
      );
      for (const item of records(response.item_list)) found.set(text(item.item_id), item);
    }
    const products: PlatformProduct[] = [];
    for (const id of itemIds) {
      const item = found.get(id);
      if (!item) continue;
      // A deleted item has no model list to read any more; it is kept with its status.
      const deleted = item.item_status === 'SELLER_DELETE' || item.item_status === 'SHOPEE_DELETE';
      const models =
        item.has_model === true && !deleted ? await modelsOf(access, id, signal) : null;
      products.push(normalizeProduct(item, models, currency));
    }
    return products;
  }

  async function modelsOf(access: Access, itemId: string, signal?: AbortSignal) {
    const response = await get(PATHS.modelList, access, { item_id: itemId }, signal);
    return {
      tier_variation: records(response.tier_variation),
      model: records(response.model),
    } satisfies ShopeeModels;
  }

  async function attributeTree(access: Access, categoryId: string): Promise<Json[]> {
    const response = await get(PATHS.attributeTree, access, {
      category_id_list: String(numericId(categoryId, 'The category')),
      language: 'en',
    });
    const entry = records(response.list).find((one) => text(one.category_id) === categoryId);
    return records(entry?.attribute_tree);
  }

  /**
   * Our attributes (keyed by attribute id or name; values by option id or name, comma-separated for
   * multiple choices, "100 ml" for a value with a unit) as add_item's attribute_list.
   */
  async function attributeList(access: Access, input: ProductInput): Promise<Json[]> {
    const entries = Object.entries(input.attributes).filter(([, value]) => value.trim() !== '');
    if (entries.length === 0) return [];
    const tree = await attributeTree(access, input.categoryId);
    return entries.map(([key, value]) => {
      const raw = tree.find(
        (one) =>
          text(one.attribute_id) === key || text(one.name).toLowerCase() === key.toLowerCase(),
      );
      if (!raw)
        fail({
          failure: 'request',
          code: 'unknown_attribute',
          message: `Category ${input.categoryId} has no attribute ${key}`,
        });
      const attribute = normalizeAttribute(raw);
      const info = rec(raw.attribute_info);
      const custom = [2, 5].includes(int(info.input_type));
      const units = list(info.attribute_unit_list).map(text);
      const values =
        attribute.inputType === 'multiSelect' ? value.split(',').map((one) => one.trim()) : [value];
      return {
        attribute_id: Number(attribute.id),
        attribute_value_list: values.map((one) => {
          const option = attribute.options.find(
            (candidate) =>
              candidate.id === one || candidate.name.toLowerCase() === one.toLowerCase(),
          );
          if (option) return { value_id: Number(option.id) };
          if (attribute.inputType === 'select' || attribute.inputType === 'multiSelect') {
            if (!custom)
              fail({
                failure: 'request',
                code: 'invalid_attribute_value',
                message: `${attribute.name} has no option ${one}`,
              });
          }
          const unit = /^(-?[\d.]+)\s*(\S+)$/.exec(one);
          if (unit?.[1] && unit[2] && units.includes(unit[2]))
            return { value_id: 0, original_value_name: unit[1], value_unit: unit[2] };
          return { value_id: 0, original_value_name: one };
        }),
      };
    });
  }

  const price = (amount: number, currency: Currency) => Number(minorToDecimal(amount, currency));

  function itemFields(input: ProductInput, attributes: Json[]): Json {
    return {
      item_name: input.title,
      description: input.description,
      category_id: numericId(input.categoryId, 'The category'),
      weight: input.weightGrams / 1000,
      image: { image_id_list: input.images },
      logistic_info: input.logisticsIds.map((id) => ({
        logistic_id: numericId(id, 'A logistics channel'),
        enabled: true,
      })),
      attribute_list: attributes,
      brand: { brand_id: 0, original_brand_name: input.brand || 'No Brand' },
      ...(input.dimensionsCm
        ? {
            dimension: {
              package_length: input.dimensionsCm.length,
              package_width: input.dimensionsCm.width,
              package_height: input.dimensionsCm.height,
            },
          }
        : {}),
    };
  }

  /** The variation tiers of the SKUs' attributes (at most two, as Shopee allows). */
  function tiersOf(input: ProductInput): string[] {
    if (input.skus.length === 0)
      fail({ failure: 'request', code: 'error_param', message: 'A product needs a SKU' });
    if (input.skus.length > MAX_MODELS)
      fail({
        failure: 'request',
        code: 'error_param',
        message: `Shopee allows at most ${MAX_MODELS} variations`,
      });
    const names: string[] = [];
    for (const sku of input.skus)
      for (const name of Object.keys(sku.attributes)) if (!names.includes(name)) names.push(name);
    if (names.length > 2)
      fail({
        failure: 'request',
        code: 'error_param',
        message: 'Shopee allows at most two variation tiers',
      });
    if (names.length === 0 && input.skus.length > 1)
      fail({
        failure: 'request',
        code: 'error_param',
        message: 'Several SKUs need variation attributes',
      });
    return names;
  }

  function variations(tiers: string[], input: ProductInput, currency: Currency): Json {
    const options = tiers.map(() => [] as string[]);
    const images = new Map<string, string>();
    const indexes = input.skus.map((sku) =>
      tiers.map((name, tier) => {
        const value = sku.attributes[name];
        const known = options[tier] ?? [];
        if (!value)
          fail({
            failure: 'request',
            code: 'error_param',
            message: `SKU ${sku.sellerSku} has no ${name}`,
          });
        if (!known.includes(value)) known.push(value);
        if (tier === 0 && sku.image && !images.has(value)) images.set(value, sku.image);
        return known.indexOf(value);
      }),
    );
    return {
      tier_variation: tiers.map((name, tier) => ({
        name,
        option_list: (options[tier] ?? []).map((option) => {
          const image = tier === 0 ? images.get(option) : undefined;
          return image ? { option, image: { image_id: image } } : { option };
        }),
      })),
      model: input.skus.map((sku, index) => ({
        tier_index: indexes[index],
        original_price: price(sku.priceMinor, currency),
        model_sku: sku.sellerSku,
        seller_stock: [{ stock: sku.stock }],
      })),
    };
  }

  return {
    platform: 'shopee',
    maxWindowMs: MAX_WINDOW_MS,

    authorizeUrl({ redirectUri, state }) {
      // Shopee sends back only code and shop_id (or main_account_id): our state rides in the redirect.
      const redirect = `${redirectUri}${redirectUri.includes('?') ? '&' : '?'}state=${encodeURIComponent(state)}`;
      const timestamp = seconds(deps.now());
      const sign = shopeeSign(config.partnerKey, 'public', {
        partnerId: config.partnerId,
        path: PATHS.authPartner,
        timestamp,
      });
      const params = new URLSearchParams({
        partner_id: String(config.partnerId),
        timestamp: String(timestamp),
        sign,
        redirect,
      });
      return `${base}${PATHS.authPartner}?${params}`;
    },

    async exchangeCode(input): Promise<Authorization> {
      const accountId = input.shopId || input.mainAccountId;
      if (!input.code || !accountId)
        fail({
          failure: 'code',
          code: 'error_param',
          message: 'The callback carries no code with a shop_id or main_account_id',
        });
      const issuedAt = deps.now();
      const answer = await call({
        method: 'POST',
        path: PATHS.tokenGet,
        access: null,
        body: {
          code: input.code,
          partner_id: config.partnerId,
          ...(input.shopId
            ? { shop_id: numericId(input.shopId, 'shop_id') }
            : { main_account_id: numericId(accountId, 'main_account_id') }),
        },
        override: codeFailure,
      });
      const tokens = tokenSet(answer, issuedAt);
      const shopIds = input.shopId
        ? [input.shopId]
        : list(answer.shop_id_list).map(text).filter(Boolean);
      if (shopIds.length === 0)
        fail({
          failure: 'request',
          code: 'error_data',
          message: 'The authorization reaches no shop',
        });
      const infos = [];
      for (const shopId of shopIds) infos.push(await shopInfo(tokens.accessToken, shopId));
      const ends = infos.flatMap((info) => (info.expiresAt ? [info.expiresAt.getTime()] : []));
      const expiresAt = ends.length ? new Date(Math.min(...ends)) : null;
      if (expiresAt && tokens.refreshExpiresAt && tokens.refreshExpiresAt > expiresAt)
        tokens.refreshExpiresAt = expiresAt;
      const shops = infos.map((info) => info.shop);
      return {
        accountId,
        accountName:
          input.shopId || shops.length === 1
            ? (shops[0]?.name ?? accountId)
            : `Shopee main account ${accountId}`,
        crossBorder: shops.some((shop) => shop.crossBorder),
        tokens,
        expiresAt,
        shops,
      };
    },

    async refresh({ refreshToken, shopExternalId }) {
      const issuedAt = deps.now();
      const answer = await call({
        method: 'POST',
        path: PATHS.tokenRefresh,
        access: null,
        body: {
          refresh_token: refreshToken,
          partner_id: config.partnerId,
          shop_id: numericId(shopExternalId, 'shop_id'),
        },
        override: refreshFailure,
      });
      return tokenSet(answer, issuedAt);
    },

    async listOrders(shop, window, cursor, signal) {
      if (window.to.getTime() - window.from.getTime() > MAX_WINDOW_MS)
        fail({
          failure: 'request',
          code: 'order.order_list_invalid_time',
          message: 'Shopee lists orders over at most 15 days at a time',
        });
      const range = windowSeconds(window);
      if (range.to < range.from) return { items: [], next: null };
      const access = accessOf(shop);
      const response = await get(
        PATHS.orderList,
        access,
        {
          time_range_field: 'update_time',
          time_from: range.from,
          time_to: range.to,
          page_size: PAGE_SIZE,
          cursor: cursor ?? '',
          response_optional_fields: 'order_status',
        },
        signal,
      );
      const orderSns = records(response.order_list)
        .map((order) => text(order.order_sn))
        .filter(Boolean);
      const orders = (await orderDetails(access, orderSns, signal))
        .map(normalizeOrder)
        .filter((order) => within(order.updatedAt, window));
      const next = response.more === true ? text(response.next_cursor) : '';
      return { items: orders, next: next || null };
    },

    async getOrder(shop, externalId): Promise<PlatformOrder> {
      const [order] = await orderDetails(accessOf(shop), [externalId]);
      if (!order)
        fail({ failure: 'request', code: 'error_not_found', message: `No order ${externalId}` });
      return normalizeOrder(order);
    },

    async listProducts(shop, window, cursor, signal) {
      const currency = siteCurrency(shop.site);
      const offset = cursor ? Number(cursor) : 0;
      if (!Number.isSafeInteger(offset) || offset < 0)
        fail({ failure: 'request', code: 'error_param', message: `Bad cursor ${cursor}` });
      const range = windowSeconds(window);
      if (range.to < range.from) return { items: [], next: null };
      const access = accessOf(shop);
      const response = await get(
        PATHS.itemList,
        access,
        {
          offset,
          page_size: PAGE_SIZE,
          item_status: ITEM_STATUSES,
          update_time_from: range.from,
          update_time_to: range.to,
        },
        signal,
      );
      const ids = records(response.item).map((item) => text(item.item_id));
      const products = (await productsById(access, ids, currency, signal)).filter((product) =>
        within(product.updatedAt, window),
      );
      const next = response.has_next_page === true ? String(int(response.next_offset)) : null;
      return { items: products, next };
    },

    async getProduct(shop, externalId) {
      const currency = siteCurrency(shop.site);
      const [product] = await productsById(accessOf(shop), [externalId], currency);
      if (!product)
        fail({
          failure: 'request',
          code: 'error_item_not_found',
          message: `No item ${externalId}`,
        });
      return product;
    },

    async createProduct(shop, input) {
      const currency = siteCurrency(shop.site);
      const access = accessOf(shop);
      const tiers = tiersOf(input);
      const attributes = await attributeList(access, input);
      const single = tiers.length === 0 ? input.skus[0] : undefined;
      const added = await post(PATHS.addItem, access, {
        ...itemFields(input, attributes),
        original_price: price(Math.min(...input.skus.map((sku) => sku.priceMinor)), currency),
        seller_stock: [{ stock: input.skus.reduce((sum, sku) => sum + sku.stock, 0) }],
        ...(single?.sellerSku ? { item_sku: single.sellerSku } : {}),
        condition: 'NEW',
        item_status: 'NORMAL',
      });
      const itemId = text(added.item_id);
      if (!itemId)
        fail({ failure: 'request', code: 'error_data', message: 'add_item returned no item_id' });
      if (tiers.length > 0) {
        await sleep(VARIATION_DELAY_MS);
        try {
          await post(PATHS.initTierVariation, access, {
            item_id: Number(itemId),
            ...variations(tiers, input, currency),
          });
        } catch (error) {
          if (!(error instanceof MarketplaceError)) throw error;
          throw new MarketplaceError({
            platform: 'shopee',
            failure: error.failure,
            platformCode: error.platformCode,
            platformMessage: `${error.platformMessage} (item ${itemId} was created without its variations)`,
            retryable: false,
            responseStatus: error.responseStatus,
            cause: error,
          });
        }
      }
      return { externalId: itemId };
    },

    async updateProduct(shop, externalId, input) {
      const currency = siteCurrency(shop.site);
      const access = accessOf(shop);
      const itemId = numericId(externalId, 'The item');
      const tiers = tiersOf(input);
      // Price and stock go through update_price and update_stock, per model (0: the item itself).
      const models = await modelsOf(access, externalId);
      const targets = input.skus.map((sku) => {
        if (models.model.length === 0) {
          if (tiers.length > 0 || input.skus.length > 1)
            fail({
              failure: 'request',
              code: 'error_param',
              message: 'Adding variations to an existing Shopee item is not supported',
            });
          return { modelId: 0, sku };
        }
        const match = models.model.find((model) => {
          if (sku.sellerSku && text(model.model_sku) === sku.sellerSku) return true;
          const indexes = list(model.tier_index).map(int);
          const names = models.tier_variation.map((tier) => text(tier.name));
          return (
            names.length === Object.keys(sku.attributes).length &&
            names.every(
              (name, tier) =>
                text(
                  records(models.tier_variation[tier]?.option_list)[indexes[tier] ?? -1]?.option,
                ) === sku.attributes[name],
            )
          );
        });
        if (!match)
          fail({
            failure: 'request',
            code: 'error_param',
            message: `SKU ${sku.sellerSku} matches no variation of item ${externalId}`,
          });
        return { modelId: int(match.model_id), sku };
      });
      const single = models.model.length === 0 ? input.skus[0] : undefined;
      await post(PATHS.updateItem, access, {
        item_id: itemId,
        ...itemFields(input, await attributeList(access, input)),
        ...(single?.sellerSku ? { item_sku: single.sellerSku } : {}),
      });
      for (const batch of chunks(targets, BATCH_SIZE)) {
        const prices = await post(PATHS.updatePrice, access, {
          item_id: itemId,
          price_list: batch.map((target) => ({
            model_id: target.modelId,
            original_price: price(target.sku.priceMinor, currency),
          })),
        });
        const stocks = await post(PATHS.updateStock, access, {
          item_id: itemId,
          stock_list: batch.map((target) => ({
            model_id: target.modelId,
            seller_stock: [{ stock: target.sku.stock }],
          })),
        });
        const failed = [...records(prices.failure_list), ...records(stocks.failure_list)][0];
        if (failed)
          fail({
            failure: 'request',
            code: 'error_param',
            message: `Model ${text(failed.model_id)}: ${text(failed.failed_reason)}`,
          });
      }
    },

    async categories(shop) {
      const response = await get(PATHS.category, accessOf(shop), { language: 'en' });
      return records(response.category_list).map(normalizeCategory);
    },

    async categoryAttributes(shop, categoryId) {
      return (await attributeTree(accessOf(shop), categoryId)).map(normalizeAttribute);
    },

    async logisticsChannels(shop) {
      const response = await get(PATHS.channels, accessOf(shop), {});
      return records(response.logistics_channel_list).map(normalizeChannel);
    },

    async uploadImage(_shop, image) {
      // A public API: signed with partner id, path and timestamp only, no token or shop.
      const answer = await call({
        method: 'POST',
        path: PATHS.uploadImage,
        access: null,
        file: { field: 'image', upload: image, fields: { scene: 'normal' } },
      });
      const info = rec(rec(answer.response).image_info);
      const imageId = text(info.image_id);
      if (!imageId)
        fail({
          failure: 'request',
          code: 'error_data',
          message: 'upload_image returned no image_id',
        });
      return imageId;
    },

    async setListed(shop, externalId, listed) {
      await post(PATHS.unlistItem, accessOf(shop), {
        item_list: [{ item_id: numericId(externalId, 'The item'), unlist: !listed }],
      });
    },

    async deleteProduct(shop, externalId) {
      await post(PATHS.deleteItem, accessOf(shop), { item_id: numericId(externalId, 'The item') });
    },
  };
}
