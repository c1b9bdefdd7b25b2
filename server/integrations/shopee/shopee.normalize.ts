import { CURRENCIES, type Currency, decimalToMinor } from '@shared/contracts/money';
import type { SiteCode } from '@shared/contracts/site-codes';
import type {
  LogisticsChannel,
  PlatformAddress,
  PlatformAttribute,
  PlatformCategory,
  PlatformOrder,
  PlatformOrderItem,
  PlatformProduct,
  PlatformSku,
} from '../marketplace/marketplace.types';
import { fail, isRecord } from './shopee.errors';

/** Shopee's records as it sends them, read field by field into our normalized types. */

type Json = Record<string, unknown>;

/** The listing currency of each Shopee site among ours (Shopee TW, BR and PL sell in others). */
const SHOPEE_SITE_CURRENCIES: Partial<Record<SiteCode, Currency>> = {
  my: 'MYR',
  th: 'THB',
  vn: 'VND',
  sg: 'SGD',
  id: 'IDR',
  ph: 'PHP',
};

export function siteCurrency(site: SiteCode): Currency {
  const currency = SHOPEE_SITE_CURRENCIES[site];
  if (!currency)
    fail({
      failure: 'request',
      code: 'unsupported_site',
      message: `Shopee ${site.toUpperCase()} sells in a currency this product does not handle`,
    });
  return currency;
}

export const rec = (value: unknown): Json => (isRecord(value) ? value : {});
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const records = (value: unknown): Json[] => list(value).filter(isRecord);
export const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
export const int = (value: unknown): number => {
  const number = typeof value === 'number' ? value : Number(text(value));
  return Number.isFinite(number) ? Math.trunc(number) : 0;
};
const orNull = (value: string): string | null => value || null;
const fromSeconds = (value: unknown): Date => new Date(int(value) * 1000);

function currencyOf(value: unknown): Currency {
  const code = text(value).toUpperCase();
  if (!(CURRENCIES as readonly string[]).includes(code))
    fail({
      failure: 'request',
      code: 'unsupported_currency',
      message: `Shopee sent an amount in ${code || 'no currency'}, which this product does not handle`,
    });
  return code as Currency;
}

/** A Shopee amount (a JSON number such as 129.9, or text) in integer minor units, never via floats. */
function minor(value: unknown, currency: Currency): number {
  const amount =
    typeof value === 'number' || typeof value === 'string' ? decimalToMinor(value, currency) : null;
  if (amount === null)
    fail({
      failure: 'request',
      code: 'invalid_amount',
      message: `Unreadable amount: ${String(value)}`,
    });
  return amount;
}

function address(value: unknown): PlatformAddress | null {
  if (!isRecord(value)) return null;
  const parts = ['town', 'district', 'city', 'state', 'region', 'zipcode']
    .map((key) => text(value[key]))
    .filter(Boolean);
  return {
    name: orNull(text(value.name)),
    phone: orNull(text(value.phone)),
    address: orNull(text(value.full_address) || parts.join(', ')),
  };
}

function orderItems(order: Json, currency: Currency): PlatformOrderItem[] {
  const seen = new Map<string, number>();
  return records(order.item_list).map((item) => {
    const itemId = text(item.item_id);
    const modelId = int(item.model_id);
    const base = `${text(item.order_item_id) || itemId}:${modelId}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    const discounted = item.model_discounted_price;
    const unitPrice =
      discounted !== undefined && discounted !== null && Number(discounted) > 0
        ? discounted
        : item.model_original_price;
    return {
      externalId: count > 1 ? `${base}#${count}` : base,
      productExternalId: orNull(itemId),
      // An item without variations is its own SKU (model_id 0), as in normalizeProduct.
      skuExternalId: orNull(modelId ? String(modelId) : itemId),
      sellerSku: orNull(text(item.model_sku) || text(item.item_sku)),
      name: text(item.item_name),
      variation: orNull(text(item.model_name)),
      image: orNull(text(rec(item.image_info).image_url)),
      quantity: int(item.model_quantity_purchased),
      unitPriceMinor: minor(unitPrice ?? 0, currency),
    };
  });
}

export function normalizeOrder(order: Json): PlatformOrder {
  const currency = currencyOf(order.currency);
  return {
    externalId: text(order.order_sn),
    status: text(order.order_status),
    currency,
    totalMinor: minor(order.total_amount ?? 0, currency),
    buyerName: orNull(text(order.buyer_username)),
    receiver: address(order.recipient_address),
    paymentMethod: orNull(text(order.payment_method)),
    createdAt: fromSeconds(order.create_time),
    updatedAt: fromSeconds(order.update_time),
    items: orderItems(order, currency),
    raw: order,
  };
}

/** get_model_list's answer for one item: its variation tiers and models. */
export interface ShopeeModels {
  tier_variation: Json[];
  model: Json[];
}

function priceOf(
  priceInfo: unknown,
  fallback: Currency,
): { currency: Currency; price: number; sale: number | null } {
  const first = records(priceInfo)[0] ?? {};
  const currency = first.currency ? currencyOf(first.currency) : fallback;
  const price = minor(first.original_price ?? 0, currency);
  const current = first.current_price === undefined ? price : minor(first.current_price, currency);
  return { currency, price, sale: current < price ? current : null };
}

function stockOf(stockInfo: unknown): number {
  const info = rec(stockInfo);
  const summary = rec(info.summary_info);
  if (summary.total_available_stock !== undefined) return int(summary.total_available_stock);
  return records(info.seller_stock).reduce((sum, entry) => sum + int(entry.stock), 0);
}

/**
 * An item of get_item_base_info with its models (get_model_list): one SKU per model, or the item
 * itself (external id = item_id) when it has none.
 */
export function normalizeProduct(
  item: Json,
  models: ShopeeModels | null,
  fallback: Currency,
): PlatformProduct {
  const itemId = text(item.item_id);
  const image = rec(item.image);
  const images = list(image.image_url_list).map(text).filter(Boolean);
  let currency = fallback;
  const skus: PlatformSku[] = [];
  if (models && models.model.length > 0) {
    const tiers = models.tier_variation;
    for (const model of models.model) {
      const price = priceOf(model.price_info, fallback);
      currency = price.currency;
      const attributes: Record<string, string> = {};
      const indexes = list(model.tier_index).map(int);
      indexes.forEach((index, tier) => {
        const variation = tiers[tier];
        const option = records(variation?.option_list)[index];
        if (variation && option) attributes[text(variation.name)] = text(option.option);
      });
      const firstOption = records(tiers[0]?.option_list)[indexes[0] ?? -1];
      skus.push({
        externalId: text(model.model_id),
        sellerSku: orNull(text(model.model_sku)),
        priceMinor: price.price,
        salePriceMinor: price.sale,
        stock: stockOf(model.stock_info_v2),
        attributes,
        image: orNull(text(rec(firstOption?.image).image_url)),
      });
    }
  } else {
    const price = priceOf(item.price_info, fallback);
    currency = price.currency;
    skus.push({
      externalId: itemId,
      sellerSku: orNull(text(item.item_sku)),
      priceMinor: price.price,
      salePriceMinor: price.sale,
      stock: stockOf(item.stock_info_v2),
      attributes: {},
      image: images[0] ?? null,
    });
  }
  return {
    externalId: itemId,
    title: text(item.item_name),
    status: text(item.item_status),
    currency,
    categoryId: orNull(text(item.category_id)),
    images,
    skus,
    createdAt: fromSeconds(item.create_time),
    updatedAt: fromSeconds(item.update_time),
    raw: models ? { ...item, tier_variation: models.tier_variation, model: models.model } : item,
  };
}

export function normalizeCategory(category: Json): PlatformCategory {
  const parent = int(category.parent_category_id);
  return {
    id: text(category.category_id),
    parentId: parent ? String(parent) : null,
    name: text(category.display_category_name) || text(category.original_category_name),
    leaf: category.has_children !== true,
  };
}

/** attribute_info.input_type of get_attribute_tree: 1, 2 single, 3 free text, 4, 5 multiple. */
export function normalizeAttribute(attribute: Json): PlatformAttribute {
  const info = rec(attribute.attribute_info);
  const inputType = int(info.input_type);
  const validation = int(info.input_validation_type);
  return {
    id: text(attribute.attribute_id),
    name: text(attribute.name),
    required: attribute.mandatory === true,
    variation: false,
    inputType:
      inputType === 4 || inputType === 5
        ? 'multiSelect'
        : inputType === 1 || inputType === 2
          ? 'select'
          : validation === 1 || validation === 3
            ? 'number'
            : 'text',
    options: records(attribute.attribute_value_list).map((value) => ({
      id: text(value.value_id),
      name: text(value.name),
    })),
  };
}

export function normalizeChannel(channel: Json): LogisticsChannel {
  return {
    id: text(channel.logistics_channel_id),
    name: text(channel.logistics_channel_name),
    enabled: channel.enabled === true,
    cod: channel.cod_enabled === true,
    ...channelLimits(channel),
  };
}

/** A channel's limits: weight_limit{item_max_weight} in kg, item_max_dimension{length,…} in cm. */
function channelLimits(channel: Json) {
  const weight = isRecord(channel.weight_limit)
    ? Number(channel.weight_limit.item_max_weight)
    : Number.NaN;
  const size = isRecord(channel.item_max_dimension) ? channel.item_max_dimension : null;
  const side = size
    ? Math.max(Number(size.length) || 0, Number(size.width) || 0, Number(size.height) || 0)
    : 0;
  return {
    weightLimitGrams: Number.isFinite(weight) && weight > 0 ? Math.round(weight * 1000) : null,
    maxSideCm: side > 0 ? side : null,
    maxVolumeCm3: null,
  };
}
