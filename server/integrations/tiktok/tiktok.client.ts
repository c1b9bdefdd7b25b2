import { CURRENCIES, type Currency, decimalToMinor, minorToDecimal } from '@shared/contracts/money';
import { isSiteCode } from '@shared/contracts/site-codes';
import { z } from 'zod';
import type { TiktokConfig } from '../marketplace/marketplace.config';
import { MarketplaceError, type MarketplaceFailure } from '../marketplace/marketplace.errors';
import type {
  AuthorizedShop,
  LogisticsChannel,
  MarketplaceClient,
  Page,
  PlatformAttribute,
  PlatformCategory,
  PlatformOrder,
  PlatformOrderItem,
  PlatformProduct,
  PlatformSku,
  ProductInput,
  ShopAccess,
  TokenSet,
} from '../marketplace/marketplace.types';
import type { PlatformAnswer, Transport } from '../marketplace/transport';
import { tiktokSign } from './tiktok.sign';
import { tiktokCurrencyOf } from './tiktok.sites';

/**
 * TikTok Shop Partner API (versions 202309 and later), as partner.tiktokshop.com documents it:
 * every call carries app_key, a 10-digit timestamp and the shop_cipher of shop-scoped APIs in the
 * query, signed with HMAC-SHA256 over path, sorted query and exact body wrapped in the app secret;
 * the seller's access token travels in `x-tts-access-token`, unsigned. Answers are
 * `{code, message, request_id, data}`, code 0 meaning success.
 */

/** TikTok publishes no limit on the order-list window; we page through 30 days at most. */
const MAX_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
/** Orders come back whole from the search, up to 100 a page. */
const ORDER_PAGE_SIZE = '100';
/** Each product of a page is read once more for its details, so product pages are kept smaller. */
const PRODUCT_PAGE_SIZE = '50';

/** TikTok's codes and how we classify them (Common errors, and the token endpoints' own codes). */
const CODES = {
  rateLimited: 36009002,
  internal: 36009003,
  credentials: 36009004,
  timeout: 36009007,
  invalidSign: 106001,
  tokenExpired: 105002,
  authorizationExpired: 105001,
  invalidAuthCode: 36004004,
  unknownRefreshToken: 36004005,
} as const;

function classify(
  code: number,
  message: string,
): { failure: MarketplaceFailure; retryable: boolean } {
  switch (code) {
    case CODES.invalidSign:
      return { failure: 'signature', retryable: false };
    case CODES.credentials:
      // One code for every credential problem; only the message says which part was refused.
      if (/timestamp/i.test(message)) return { failure: 'timestamp', retryable: false };
      if (/access[\s_-]?token/i.test(message)) return { failure: 'token', retryable: false };
      return { failure: 'request', retryable: false };
    case CODES.tokenExpired:
    case CODES.authorizationExpired:
    case CODES.unknownRefreshToken:
      return { failure: 'token', retryable: false };
    case CODES.invalidAuthCode:
      return { failure: 'code', retryable: false };
    case CODES.rateLimited:
      return { failure: 'rateLimited', retryable: true };
    case CODES.timeout:
    case CODES.internal:
      return { failure: 'unavailable', retryable: true };
    default:
      return { failure: 'request', retryable: false };
  }
}

function platformError(code: number, message: string, status: number | null): MarketplaceError {
  const { failure, retryable } = classify(code, message);
  return new MarketplaceError({
    platform: 'tiktok',
    failure,
    platformCode: String(code),
    platformMessage: message,
    retryable,
    responseStatus: status,
  });
}

function malformed(detail: string, cause?: unknown): MarketplaceError {
  return new MarketplaceError({
    platform: 'tiktok',
    failure: 'request',
    platformCode: 'invalid_response',
    platformMessage: detail.slice(0, 200),
    cause,
  });
}

const envelopeSchema = z.object({
  code: z.number(),
  message: z.string().optional(),
  data: z.unknown().optional(),
});

/** Reads TikTok's envelope: the data on code 0, a classified MarketplaceError otherwise. */
function readEnvelope(answer: PlatformAnswer): unknown {
  const parsed = envelopeSchema.safeParse(answer.body);
  if (!parsed.success) {
    const retryable = answer.status === 429 || answer.status >= 500;
    throw new MarketplaceError({
      platform: 'tiktok',
      failure:
        answer.status === 429 ? 'rateLimited' : answer.status >= 500 ? 'unavailable' : 'request',
      platformCode: `HTTP ${answer.status}`,
      platformMessage: 'The answer is not TikTok Shop JSON.',
      retryable,
      responseStatus: answer.status,
    });
  }
  const { code, message = '', data } = parsed.data;
  if (code !== 0) throw platformError(code, message, answer.status);
  return data ?? {};
}

function parseWith<S extends z.ZodType>(schema: S, data: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw malformed(
      `${what}: ${issue ? `${issue.path.join('.')} ${issue.message}` : 'unexpected shape'}`,
      parsed.error,
    );
  }
  return parsed.data;
}

const amountSchema = z.union([z.string(), z.number()]);
const optionalText = z.string().nullish();

const tokenSchema = z.object({
  access_token: z.string().min(1),
  access_token_expire_in: z.number(),
  refresh_token: z.string().min(1),
  refresh_token_expire_in: z.number(),
  open_id: z.string().min(1),
  seller_name: z.string(),
  seller_base_region: optionalText,
});

const shopsSchema = z.object({
  shops: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      region: z.string(),
      seller_type: optionalText,
      cipher: z.string(),
    }),
  ),
});

const lineItemSchema = z.object({
  id: z.string(),
  sku_id: optionalText,
  seller_sku: optionalText,
  product_id: optionalText,
  product_name: optionalText,
  sku_name: optionalText,
  sku_image: optionalText,
  sale_price: amountSchema,
});

const orderSchema = z.object({
  id: z.string(),
  status: z.string(),
  create_time: z.number(),
  update_time: z.number(),
  payment: z.object({ currency: z.string(), total_amount: amountSchema }),
  recipient_address: z
    .object({ name: optionalText, phone_number: optionalText, full_address: optionalText })
    .nullish(),
  payment_method_name: optionalText,
  line_items: z.array(lineItemSchema).default([]),
});

const ordersPageSchema = z.object({
  orders: z.array(z.unknown()).default([]),
  next_page_token: optionalText,
});

const imageSchema = z.object({
  uri: optionalText,
  urls: z.array(z.string()).nullish(),
});

const productSkuSchema = z.object({
  id: z.string(),
  seller_sku: optionalText,
  price: z.object({
    currency: z.string(),
    sale_price: amountSchema.nullish(),
    tax_exclusive_price: amountSchema.nullish(),
  }),
  inventory: z.array(z.object({ warehouse_id: optionalText, quantity: z.number() })).nullish(),
  sales_attributes: z
    .array(
      z.object({
        name: optionalText,
        value_name: optionalText,
        sku_img: imageSchema.nullish(),
      }),
    )
    .nullish(),
});

const productSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.string(),
  create_time: z.number(),
  update_time: z.number(),
  category_chains: z.array(z.object({ id: z.string(), is_leaf: z.boolean().nullish() })).nullish(),
  main_images: z.array(imageSchema).nullish(),
  skus: z.array(productSkuSchema).default([]),
});

const productsPageSchema = z.object({
  products: z.array(z.object({ id: z.string() })).default([]),
  next_page_token: optionalText,
});

const categoriesSchema = z.object({
  categories: z.array(
    z.object({
      id: z.string(),
      parent_id: optionalText,
      local_name: z.string(),
      is_leaf: z.boolean(),
    }),
  ),
});

const attributesSchema = z.object({
  attributes: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      type: z.string(),
      // TikTok spells it `is_requried` in the Get Attributes response; newer answers may correct it.
      is_requried: z.boolean().nullish(),
      is_required: z.boolean().nullish(),
      is_multiple_selection: z.boolean().nullish(),
      value_data_format: optionalText,
      values: z.array(z.object({ id: z.string(), name: z.string() })).nullish(),
    }),
  ),
});

const warehousesSchema = z.object({
  warehouses: z.array(
    z.object({
      id: z.string(),
      type: optionalText,
      effect_status: optionalText,
      is_default: z.boolean().nullish(),
    }),
  ),
});

const deliveryOptionsSchema = z.object({
  delivery_options: z.array(z.object({ id: z.string(), name: z.string() })).default([]),
});

const createdSchema = z.object({ product_id: z.string() });

function currencyOf(value: string): Currency {
  if ((CURRENCIES as readonly string[]).includes(value)) return value as Currency;
  throw malformed(`unsupported currency ${value}`);
}

function minor(value: string | number, currency: Currency, what: string): number {
  const result = decimalToMinor(value, currency);
  if (result === null) throw malformed(`${what}: not an amount (${String(value)})`);
  return result;
}

const fromSeconds = (seconds: number) => new Date(seconds * 1000);
/** The first whole second at or after an instant: [from, to) in ms is [ceil(from), ceil(to)) in s. */
const ceilSeconds = (date: Date) => Math.ceil(date.getTime() / 1000);
/** TikTok states token expiry as absolute unix seconds; a small number would be a duration. */
const expiry = (value: number, now: Date) =>
  value > 1_000_000_000 ? fromSeconds(value) : new Date(now.getTime() + value * 1000);
const nonEmpty = (value: string | null | undefined) => (value ? value : null);

/** A token answer: the pair, and who consented. */
interface IssuedTokens {
  tokens: TokenSet;
  openId: string;
  sellerName: string;
}

function normalizeOrder(raw: unknown): PlatformOrder {
  const order = parseWith(orderSchema, raw, 'order');
  const currency = currencyOf(order.payment.currency);
  // TikTok lists one line item per unit: units of the same SKU at the same price become one item.
  const items = new Map<string, PlatformOrderItem>();
  for (const line of order.line_items) {
    const unitPriceMinor = minor(line.sale_price, currency, `line item ${line.id} sale_price`);
    const key = `${line.sku_id || line.seller_sku || line.id}|${unitPriceMinor}`;
    const existing = items.get(key);
    if (existing) {
      existing.quantity += 1;
      continue;
    }
    items.set(key, {
      externalId: line.id,
      productExternalId: nonEmpty(line.product_id),
      skuExternalId: nonEmpty(line.sku_id),
      sellerSku: nonEmpty(line.seller_sku),
      name: line.product_name ?? '',
      variation: nonEmpty(line.sku_name),
      image: nonEmpty(line.sku_image),
      quantity: 1,
      unitPriceMinor,
    });
  }
  const address = order.recipient_address;
  return {
    externalId: order.id,
    status: order.status,
    currency,
    totalMinor: minor(order.payment.total_amount, currency, 'payment.total_amount'),
    buyerName: nonEmpty(address?.name),
    receiver: address
      ? {
          name: nonEmpty(address.name),
          phone: nonEmpty(address.phone_number),
          address: nonEmpty(address.full_address),
        }
      : null,
    paymentMethod: nonEmpty(order.payment_method_name),
    createdAt: fromSeconds(order.create_time),
    updatedAt: fromSeconds(order.update_time),
    items: [...items.values()],
    raw,
  };
}

const imageUrl = (image: z.output<typeof imageSchema> | null | undefined) =>
  image?.urls?.[0] ?? nonEmpty(image?.uri);

function normalizeProduct(raw: unknown, fallbackCurrency: Currency | null): PlatformProduct {
  const product = parseWith(productSchema, raw, 'product');
  const first = product.skus[0];
  const currency = first
    ? currencyOf(first.price.currency)
    : (fallbackCurrency ?? malformedCurrency(product.id));
  const skus: PlatformSku[] = product.skus.map((sku) => {
    const listed = sku.price.tax_exclusive_price ?? sku.price.sale_price;
    if (listed === null || listed === undefined) throw malformed(`sku ${sku.id} has no price`);
    const attributes: Record<string, string> = {};
    let image: string | null = null;
    for (const attribute of sku.sales_attributes ?? []) {
      if (attribute.name) attributes[attribute.name] = attribute.value_name ?? '';
      image ??= imageUrl(attribute.sku_img);
    }
    return {
      externalId: sku.id,
      sellerSku: nonEmpty(sku.seller_sku),
      priceMinor: minor(listed, currencyOf(sku.price.currency), `sku ${sku.id} price`),
      salePriceMinor: null,
      stock: (sku.inventory ?? []).reduce((sum, entry) => sum + entry.quantity, 0),
      attributes,
      image,
    };
  });
  const chain = product.category_chains ?? [];
  const leaf = chain.find((category) => category.is_leaf) ?? chain[chain.length - 1];
  return {
    externalId: product.id,
    title: product.title,
    status: product.status,
    currency,
    categoryId: leaf?.id ?? null,
    images: (product.main_images ?? []).map(imageUrl).filter((url): url is string => url !== null),
    skus,
    createdAt: fromSeconds(product.create_time),
    updatedAt: fromSeconds(product.update_time),
    raw,
  };
}

function malformedCurrency(productId: string): never {
  throw malformed(`product ${productId} has no SKU and its shop no currency`);
}

function attributeInputType(
  attribute: z.output<typeof attributesSchema>['attributes'][number],
): PlatformAttribute['inputType'] {
  if (attribute.values?.length) return attribute.is_multiple_selection ? 'multiSelect' : 'select';
  if (attribute.value_data_format === 'POSITIVE_INT_OR_DECIMAL') return 'number';
  return 'text';
}

/** Grams as TikTok's kilogram text ("0.35"), without going through floating point. */
function kilograms(grams: number): string {
  const whole = Math.floor(grams / 1000);
  const rest = String(grams % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : String(whole);
}

/** An attribute value we were given: a platform value id (long digits) or a custom name. */
const attributeValue = (value: string) =>
  /^\d{4,}$/.test(value) ? { id: value } : { name: value };

export function createTiktokClient(
  config: TiktokConfig,
  deps: { transport: Transport; now: () => Date },
): MarketplaceClient {
  const seconds = () => String(Math.floor(deps.now().getTime() / 1000));

  function cipherOf(shop: ShopAccess): string {
    if (!shop.cipher) {
      throw new MarketplaceError({
        platform: 'tiktok',
        failure: 'request',
        platformCode: '106013',
        platformMessage: `shop ${shop.externalId} has no shop_cipher`,
      });
    }
    return shop.cipher;
  }

  function siteCurrency(shop: ShopAccess): Currency {
    const currency = tiktokCurrencyOf(shop.site);
    if (!currency) {
      throw new MarketplaceError({
        platform: 'tiktok',
        failure: 'request',
        platformCode: 'unsupported_site',
        platformMessage: `TikTok Shop does not sell on ${shop.site}`,
      });
    }
    return currency;
  }

  /** One signed Partner API call; the timestamp and sign are made afresh for every attempt. */
  function call<T>(request: {
    method: 'GET' | 'POST' | 'PUT' | 'DELETE';
    path: string;
    accessToken: string;
    shop: ShopAccess | null;
    query?: Record<string, string>;
    body?: unknown;
    parse: (data: unknown) => T;
    signal?: AbortSignal | undefined;
    /** A multipart body (image upload): not signed, as TikTok documents. */
    form?: FormData;
  }): Promise<T> {
    const body = request.body === undefined ? null : JSON.stringify(request.body);
    const cipher = request.shop ? cipherOf(request.shop) : null;
    return deps.transport.send({
      platform: 'tiktok',
      shopKey: request.shop?.shopId ?? null,
      signal: request.signal,
      build: () => {
        const query: Record<string, string> = {
          app_key: config.appKey,
          timestamp: seconds(),
          ...(cipher ? { shop_cipher: cipher } : {}),
          ...request.query,
        };
        const sign = tiktokSign(config.appSecret, request.path, query, body);
        const search = new URLSearchParams({ ...query, sign });
        if (request.form) {
          const init: RequestInit = {
            method: 'POST',
            headers: { 'x-tts-access-token': request.accessToken },
            body: request.form,
          };
          return { url: `${config.apiBase}${request.path}?${search}`, init };
        }
        return {
          url: `${config.apiBase}${request.path}?${search}`,
          init: {
            method: request.method,
            headers: {
              'content-type': 'application/json',
              'x-tts-access-token': request.accessToken,
            },
            ...(body === null ? {} : { body }),
          },
        };
      },
      read: (answer) => request.parse(readEnvelope(answer)),
    });
  }

  /** The token endpoints: plain GETs with the app secret in the query, no sign. */
  function tokenCall(path: string, query: Record<string, string>): Promise<IssuedTokens> {
    return deps.transport.send({
      platform: 'tiktok',
      shopKey: null,
      build: () => ({
        url: `${config.tokenBase}${path}?${new URLSearchParams(query)}`,
        init: { method: 'GET', headers: { 'content-type': 'application/json' } },
      }),
      read: (answer) => {
        const data = parseWith(tokenSchema, readEnvelope(answer), 'token');
        const now = deps.now();
        return {
          tokens: {
            accessToken: data.access_token,
            refreshToken: data.refresh_token,
            accessExpiresAt: expiry(data.access_token_expire_in, now),
            refreshExpiresAt: expiry(data.refresh_token_expire_in, now),
          },
          openId: data.open_id,
          sellerName: data.seller_name,
        };
      },
    });
  }

  const productPath = (id: string) => `/product/202309/products/${encodeURIComponent(id)}`;

  function getProductRecord(shop: ShopAccess, id: string, signal?: AbortSignal) {
    return call({
      method: 'GET',
      path: productPath(id),
      accessToken: shop.accessToken,
      shop,
      parse: (data) => data,
      signal,
    });
  }

  async function defaultWarehouse(shop: ShopAccess): Promise<string> {
    const { warehouses } = await call({
      method: 'GET',
      path: '/logistics/202309/warehouses',
      accessToken: shop.accessToken,
      shop,
      parse: (data) => parseWith(warehousesSchema, data, 'warehouses'),
    });
    const sales = warehouses.filter(
      (warehouse) => warehouse.type === 'SALES_WAREHOUSE' && warehouse.effect_status !== 'DISABLED',
    );
    const chosen = sales.find((warehouse) => warehouse.is_default) ?? sales[0];
    if (!chosen) throw malformed('the shop has no sales warehouse');
    return chosen.id;
  }

  /** Create Product / Edit Product body from our input; `existing` keeps known SKUs by seller SKU. */
  function productBody(
    shop: ShopAccess,
    input: ProductInput,
    warehouseId: string,
    existing: Map<string, { id: string; warehouseId: string | null }> = new Map(),
  ) {
    const currency = siteCurrency(shop);
    return {
      title: input.title,
      description: input.description,
      category_id: input.categoryId,
      ...(input.brand && /^\d+$/.test(input.brand) ? { brand_id: input.brand } : {}),
      main_images: input.images.map((uri) => ({ uri })),
      skus: input.skus.map((sku) => {
        const known = existing.get(sku.sellerSku);
        return {
          ...(known ? { id: known.id } : {}),
          seller_sku: sku.sellerSku,
          price: { amount: minorToDecimal(sku.priceMinor, currency), currency },
          inventory: [{ warehouse_id: known?.warehouseId ?? warehouseId, quantity: sku.stock }],
          sales_attributes: Object.entries(sku.attributes).map(([name, value], index) => ({
            name,
            value_name: value,
            ...(index === 0 && sku.image ? { sku_img: { uri: sku.image } } : {}),
          })),
        };
      }),
      package_weight: { value: kilograms(input.weightGrams), unit: 'KILOGRAM' },
      ...(input.dimensionsCm
        ? {
            package_dimensions: {
              length: String(Math.ceil(input.dimensionsCm.length)),
              width: String(Math.ceil(input.dimensionsCm.width)),
              height: String(Math.ceil(input.dimensionsCm.height)),
              unit: 'CENTIMETER',
            },
          }
        : {}),
      product_attributes: Object.entries(input.attributes).map(([id, value]) => ({
        id,
        values: [attributeValue(value)],
      })),
      ...(input.logisticsIds.length ? { delivery_option_ids: input.logisticsIds } : {}),
    };
  }

  return {
    platform: 'tiktok',
    maxWindowMs: MAX_WINDOW_MS,

    authorizeUrl({ state }) {
      const query = new URLSearchParams({ service_id: config.serviceId, state });
      return `${config.authorizeUrl}?${query}`;
    },

    async exchangeCode({ code }) {
      const issued = await tokenCall('/api/v2/token/get', {
        app_key: config.appKey,
        app_secret: config.appSecret,
        auth_code: code,
        grant_type: 'authorized_code',
      });
      const { shops } = await call({
        method: 'GET',
        path: '/authorization/202309/shops',
        accessToken: issued.tokens.accessToken,
        shop: null,
        parse: (data) => parseWith(shopsSchema, data, 'shops'),
      });
      const authorized: AuthorizedShop[] = [];
      for (const shop of shops) {
        const site = shop.region.toLowerCase();
        // A shop in a market the product does not serve (US, ...) is not offered.
        if (!isSiteCode(site) || !tiktokCurrencyOf(site)) continue;
        authorized.push({
          externalId: shop.id,
          site,
          name: shop.name,
          cipher: shop.cipher,
          crossBorder: shop.seller_type === 'CROSS_BORDER',
        });
      }
      return {
        accountId: issued.openId,
        accountName: issued.sellerName,
        crossBorder: authorized.length > 0 && authorized.every((shop) => shop.crossBorder),
        tokens: issued.tokens,
        expiresAt: issued.tokens.refreshExpiresAt,
        shops: authorized,
      };
    },

    async refresh({ refreshToken }) {
      const issued = await tokenCall('/api/v2/token/refresh', {
        app_key: config.appKey,
        app_secret: config.appSecret,
        refresh_token: refreshToken,
        grant_type: 'refresh_token',
      });
      return issued.tokens;
    },

    async listOrders(shop, window, cursor, signal) {
      const from = ceilSeconds(window.from);
      const to = ceilSeconds(window.to);
      if (to <= from) return { items: [], next: null };
      const page = await call({
        method: 'POST',
        path: '/order/202309/orders/search',
        accessToken: shop.accessToken,
        shop,
        query: {
          page_size: ORDER_PAGE_SIZE,
          sort_field: 'update_time',
          sort_order: 'ASC',
          ...(cursor ? { page_token: cursor } : {}),
        },
        body: { update_time_ge: from, update_time_lt: to },
        parse: (data) => parseWith(ordersPageSchema, data, 'order list'),
        signal,
      });
      return {
        items: page.orders.map(normalizeOrder),
        next: nonEmpty(page.next_page_token),
      } satisfies Page<PlatformOrder>;
    },

    async getOrder(shop, externalId) {
      const { orders } = await call({
        method: 'GET',
        path: '/order/202507/orders',
        accessToken: shop.accessToken,
        shop,
        query: { ids: externalId },
        parse: (data) => parseWith(ordersPageSchema, data, 'order detail'),
      });
      const found = orders.find((order) => (order as { id?: unknown } | null)?.id === externalId);
      if (!found) {
        throw new MarketplaceError({
          platform: 'tiktok',
          failure: 'request',
          platformCode: 'not_found',
          platformMessage: `order ${externalId} not found`,
        });
      }
      return normalizeOrder(found);
    },

    async listProducts(shop, window, cursor, signal) {
      const from = ceilSeconds(window.from);
      const to = ceilSeconds(window.to);
      if (to <= from) return { items: [], next: null };
      const page = await call({
        method: 'POST',
        path: '/product/202502/products/search',
        accessToken: shop.accessToken,
        shop,
        query: { page_size: PRODUCT_PAGE_SIZE, ...(cursor ? { page_token: cursor } : {}) },
        body: { update_time_ge: from, update_time_le: to - 1 },
        parse: (data) => parseWith(productsPageSchema, data, 'product list'),
        signal,
      });
      const currency = tiktokCurrencyOf(shop.site);
      const records = await Promise.all(
        page.products.map((product) => getProductRecord(shop, product.id, signal)),
      );
      return {
        items: records.map((record) => normalizeProduct(record, currency)),
        next: nonEmpty(page.next_page_token),
      } satisfies Page<PlatformProduct>;
    },

    async getProduct(shop, externalId) {
      return normalizeProduct(
        await getProductRecord(shop, externalId),
        tiktokCurrencyOf(shop.site),
      );
    },

    async createProduct(shop, input) {
      const warehouseId = await defaultWarehouse(shop);
      const created = await call({
        method: 'POST',
        path: '/product/202309/products',
        accessToken: shop.accessToken,
        shop,
        body: productBody(shop, input, warehouseId),
        parse: (data) => parseWith(createdSchema, data, 'created product'),
      });
      return { externalId: created.product_id };
    },

    async updateProduct(shop, externalId, input) {
      const current = parseWith(productSchema, await getProductRecord(shop, externalId), 'product');
      const existing = new Map<string, { id: string; warehouseId: string | null }>();
      for (const sku of current.skus) {
        if (sku.seller_sku)
          existing.set(sku.seller_sku, {
            id: sku.id,
            warehouseId: sku.inventory?.[0]?.warehouse_id ?? null,
          });
      }
      const warehouseId = await defaultWarehouse(shop);
      await call({
        method: 'PUT',
        path: `/product/202509/products/${encodeURIComponent(externalId)}`,
        accessToken: shop.accessToken,
        shop,
        body: productBody(shop, input, warehouseId, existing),
        parse: (data) => parseWith(createdSchema, data, 'edited product'),
      });
    },

    async categories(shop) {
      const { categories } = await call({
        method: 'GET',
        path: '/product/202309/categories',
        accessToken: shop.accessToken,
        shop,
        parse: (data) => parseWith(categoriesSchema, data, 'categories'),
      });
      return categories.map(
        (category): PlatformCategory => ({
          id: category.id,
          parentId: category.parent_id && category.parent_id !== '0' ? category.parent_id : null,
          name: category.local_name,
          leaf: category.is_leaf,
        }),
      );
    },

    async categoryAttributes(shop, categoryId) {
      const { attributes } = await call({
        method: 'GET',
        path: `/product/202309/categories/${encodeURIComponent(categoryId)}/attributes`,
        accessToken: shop.accessToken,
        shop,
        parse: (data) => parseWith(attributesSchema, data, 'attributes'),
      });
      return attributes.map(
        (attribute): PlatformAttribute => ({
          id: attribute.id,
          name: attribute.name,
          required: Boolean(attribute.is_requried ?? attribute.is_required),
          variation: attribute.type === 'SALES_PROPERTY',
          inputType: attributeInputType(attribute),
          options: (attribute.values ?? []).map((value) => ({ id: value.id, name: value.name })),
        }),
      );
    },

    async logisticsChannels(shop) {
      const warehouseId = await defaultWarehouse(shop);
      const { delivery_options: options } = await call({
        method: 'GET',
        path: `/logistics/202309/warehouses/${encodeURIComponent(warehouseId)}/delivery_options`,
        accessToken: shop.accessToken,
        shop,
        parse: (data) => parseWith(deliveryOptionsSchema, data, 'delivery options'),
      });
      return options.map(
        (option): LogisticsChannel => ({
          id: option.id,
          name: option.name,
          enabled: true,
          cod: false,
        }),
      );
    },

    async uploadImage(shop, image) {
      const form = new FormData();
      form.append(
        'data',
        new Blob([image.bytes as Uint8Array<ArrayBuffer>], { type: image.mime }),
        image.name,
      );
      form.append('use_case', 'MAIN_IMAGE');
      return call({
        method: 'POST',
        path: '/product/202309/images/upload',
        accessToken: shop.accessToken,
        shop,
        form,
        parse: (data) => {
          const uri = data && typeof data === 'object' ? (data as { uri?: unknown }).uri : null;
          if (typeof uri !== 'string' || !uri)
            throw new MarketplaceError({
              platform: 'tiktok',
              failure: 'request',
              platformCode: 'malformed',
              platformMessage: 'The image upload answered no uri',
            });
          return uri;
        },
      });
    },

    async setListed(shop, externalId, listed) {
      await call({
        method: 'POST',
        path: `/product/202309/products/${listed ? 'activate' : 'deactivate'}`,
        accessToken: shop.accessToken,
        shop,
        body: { product_ids: [externalId] },
        parse: () => undefined,
      });
    },

    async deleteProduct(shop, externalId) {
      await call({
        method: 'DELETE',
        path: '/product/202309/products',
        accessToken: shop.accessToken,
        shop,
        body: { product_ids: [externalId] },
        parse: () => undefined,
      });
    },
  };
}
