import { type Currency, decimalToMinor, minorToDecimal } from '@shared/contracts/money';
import type {
  LogisticsChannel,
  PlatformAttribute,
  PlatformCategory,
  PlatformOrder,
  PlatformOrderItem,
  PlatformProduct,
  PlatformSku,
  ProductInput,
} from '../marketplace/marketplace.types';
import { parseLazadaTime } from './lazada.ventures';

/**
 * Lazada's records read into the normalized types, and the product payload written the way
 * CreateProduct and UpdateProduct take it. Every reader throws MalformedRecord on a record that
 * lacks what the product cannot do without; the client turns that into a MarketplaceError.
 */

export class MalformedRecord extends Error {}

type Json = Record<string, unknown>;

export const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Ids come as numbers or strings; never empty. */
export function idOf(value: unknown, what: string): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim()) return value.trim();
  throw new MalformedRecord(`${what} is missing`);
}

const textOf = (value: unknown): string | null => {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : null;
};

function timeOf(value: unknown, what: string): Date {
  const time = parseLazadaTime(value);
  if (!time) throw new MalformedRecord(`${what} is not a time: ${String(value)}`);
  return time;
}

/** A decimal amount in minor units; absent or empty counts as zero, anything else must read. */
function minorOf(value: unknown, currency: Currency, what: string): number {
  if (value === null || value === undefined || value === '') return 0;
  if (typeof value !== 'string' && typeof value !== 'number')
    throw new MalformedRecord(`${what} is not an amount`);
  const minor = decimalToMinor(value, currency);
  if (minor === null) throw new MalformedRecord(`${what} is not an amount: ${String(value)}`);
  return minor;
}

function personName(first: unknown, last: unknown): string | null {
  const name = [textOf(first), textOf(last)].filter(Boolean).join(' ');
  return name || null;
}

function addressOf(value: unknown): PlatformOrder['receiver'] {
  if (!isRecord(value)) return null;
  const lines: string[] = [];
  for (const key of ['address1', 'address2', 'address3', 'address4', 'address5', 'city']) {
    const line = textOf(value[key]);
    if (line && !lines.includes(line)) lines.push(line);
  }
  const postCode = textOf(value.post_code);
  if (postCode) lines.push(postCode);
  return {
    name: personName(value.first_name, value.last_name),
    phone: textOf(value.phone) ?? textOf(value.phone2),
    address: lines.length ? lines.join(', ') : null,
  };
}

/**
 * Lazada sends one row per unit: rows of the same SKU at the same price are one item with a
 * quantity, named by the first row's order_item_id.
 */
function itemsOf(rows: unknown[], currency: Currency): PlatformOrderItem[] {
  const items = new Map<string, PlatformOrderItem>();
  for (const row of rows) {
    if (!isRecord(row)) throw new MalformedRecord('an order item is not an object');
    const unitPriceMinor = minorOf(row.item_price, currency, 'item_price');
    const skuExternalId = textOf(row.sku_id);
    const sellerSku = textOf(row.sku);
    const key = `${skuExternalId ?? sellerSku ?? idOf(row.order_item_id, 'order_item_id')}|${unitPriceMinor}`;
    const known = items.get(key);
    if (known) {
      known.quantity += 1;
      continue;
    }
    items.set(key, {
      externalId: idOf(row.order_item_id, 'order_item_id'),
      productExternalId: textOf(row.product_id),
      skuExternalId,
      sellerSku,
      name: textOf(row.name) ?? sellerSku ?? '',
      variation: textOf(row.variation),
      image: textOf(row.product_main_image),
      quantity: 1,
      unitPriceMinor,
    });
  }
  return [...items.values()];
}

/** An order of GetOrders/GetOrder with its rows of GetOrderItems. */
export function readOrder(order: unknown, rows: unknown[], currency: Currency): PlatformOrder {
  if (!isRecord(order)) throw new MalformedRecord('an order is not an object');
  const statuses: string[] = [];
  for (const row of rows) {
    const status = isRecord(row) ? textOf(row.status) : null;
    if (status && !statuses.includes(status)) statuses.push(status);
  }
  if (!statuses.length)
    for (const status of asArray(order.statuses)) {
      const text = textOf(status);
      if (text && !statuses.includes(text)) statuses.push(text);
    }
  return {
    externalId: idOf(order.order_id ?? order.order_number, 'order_id'),
    status: statuses.join(','),
    currency,
    totalMinor:
      minorOf(order.price, currency, 'price') -
      minorOf(order.voucher, currency, 'voucher') +
      minorOf(order.shipping_fee, currency, 'shipping_fee'),
    buyerName: personName(order.customer_first_name, order.customer_last_name),
    receiver: addressOf(order.address_shipping),
    paymentMethod: textOf(order.payment_method),
    createdAt: timeOf(order.created_at, 'created_at'),
    updatedAt: timeOf(order.updated_at, 'updated_at'),
    items: itemsOf(rows, currency),
    raw: { ...order, order_items: rows },
  };
}

function imagesOf(value: unknown): string[] {
  const list = isRecord(value) ? value.Image : value;
  return asArray(list)
    .map(textOf)
    .filter((url): url is string => Boolean(url));
}

function skuOf(sku: unknown, currency: Currency): PlatformSku {
  if (!isRecord(sku)) throw new MalformedRecord('a SKU is not an object');
  const priceMinor = minorOf(sku.price, currency, 'price');
  const special = minorOf(sku.special_price, currency, 'special_price');
  const attributes: Record<string, string> = {};
  if (isRecord(sku.saleProp))
    for (const [name, value] of Object.entries(sku.saleProp)) {
      const text = textOf(value);
      if (text) attributes[name] = text;
    }
  const quantity = Number(sku.quantity ?? 0);
  return {
    externalId: idOf(sku.SkuId ?? sku.ShopSku, 'SkuId'),
    sellerSku: textOf(sku.SellerSku),
    priceMinor,
    salePriceMinor: special > 0 && special < priceMinor ? special : null,
    stock: Number.isFinite(quantity) ? Math.max(0, Math.trunc(quantity)) : 0,
    attributes,
    image: imagesOf(sku.Images)[0] ?? null,
  };
}

/** A product of GetProducts/GetProductItem. */
export function readProduct(product: unknown, currency: Currency): PlatformProduct {
  if (!isRecord(product)) throw new MalformedRecord('a product is not an object');
  const attributes = isRecord(product.attributes) ? product.attributes : {};
  const skus = asArray(product.skus).map((sku) => skuOf(sku, currency));
  const images = imagesOf(product.images);
  for (const sku of asArray(product.skus))
    for (const url of isRecord(sku) ? imagesOf(sku.Images) : [])
      if (!images.includes(url)) images.push(url);
  return {
    externalId: idOf(product.item_id, 'item_id'),
    title: textOf(attributes.name) ?? '',
    status: textOf(product.status) ?? '',
    currency,
    categoryId: textOf(product.primary_category),
    images,
    skus,
    createdAt: timeOf(product.created_time, 'created_time'),
    updatedAt: timeOf(product.updated_time, 'updated_time'),
    raw: product,
  };
}

/** GetCategoryTree's nested nodes, flattened parents first. */
export function readCategories(tree: unknown[]): PlatformCategory[] {
  const out: PlatformCategory[] = [];
  const visit = (nodes: unknown[], parentId: string | null) => {
    for (const node of nodes) {
      if (!isRecord(node)) continue;
      const id = idOf(node.category_id, 'category_id');
      const children = asArray(node.children);
      out.push({
        id,
        parentId,
        name: textOf(node.name) ?? id,
        leaf:
          node.leaf === true ||
          node.leaf === 'true' ||
          (node.leaf === undefined && !children.length),
      });
      visit(children, id);
    }
  };
  visit(tree, null);
  return out;
}

const INPUT_TYPES: Record<string, PlatformAttribute['inputType']> = {
  text: 'text',
  richText: 'text',
  img: 'text',
  date: 'text',
  numeric: 'number',
  singleSelect: 'select',
  enumInput: 'select',
  multiSelect: 'multiSelect',
  multiEnumInput: 'multiSelect',
};

const flag = (value: unknown) => value === 1 || value === '1' || value === true;

/**
 * GetCategoryAttributes: the product attributes and sale properties (SKU fields such as price and
 * package size have their own places in ProductInput). The attribute's `name` is its id, and an
 * option's name its id, because that is what the product payload carries.
 */
export function readAttributes(list: unknown[]): PlatformAttribute[] {
  const out: PlatformAttribute[] = [];
  for (const attribute of list) {
    if (!isRecord(attribute)) continue;
    const variation = flag(attribute.is_sale_prop);
    if (attribute.attribute_type === 'sku' && !variation) continue;
    const name = textOf(attribute.name);
    if (!name) continue;
    out.push({
      id: name,
      name: textOf(attribute.label) ?? name,
      required: flag(attribute.is_mandatory),
      variation,
      inputType: INPUT_TYPES[String(attribute.input_type)] ?? 'text',
      options: asArray(attribute.options)
        .filter(isRecord)
        .map((option) => {
          const value = textOf(option.name) ?? idOf(option.id, 'option id');
          return { id: value, name: textOf(option.en_name) ?? value };
        }),
    });
  }
  return out;
}

/** GetShipmentProvider's providers: a provider is named, not numbered. */
export function readShipmentProviders(data: unknown): LogisticsChannel[] {
  const list = isRecord(data) ? asArray(data.shipment_providers) : asArray(data);
  return list.filter(isRecord).map((provider) => {
    const name = idOf(provider.name, 'provider name');
    return { id: name, name, enabled: true, cod: flag(provider.cod) };
  });
}

const kilograms = (grams: number) => (grams / 1000).toFixed(3).replace(/\.?0+$/, '') || '0';

/** The `Product` of CreateProduct's and UpdateProduct's `{"Request":{"Product":{…}}}` payload. */
export function productPayload(
  input: ProductInput,
  currency: Currency,
  itemId?: string,
): Record<string, unknown> {
  const dimensions = input.dimensionsCm;
  return {
    ...(itemId ? { ItemId: itemId } : {}),
    PrimaryCategory: input.categoryId,
    Images: { Image: input.images },
    Attributes: {
      ...input.attributes,
      name: input.title,
      description: input.description,
      brand: input.brand ?? input.attributes.brand ?? 'No Brand',
    },
    Skus: {
      Sku: input.skus.map((sku) => ({
        SellerSku: sku.sellerSku,
        quantity: String(sku.stock),
        price: minorToDecimal(sku.priceMinor, currency),
        package_weight: kilograms(input.weightGrams),
        ...(dimensions
          ? {
              package_length: String(dimensions.length),
              package_width: String(dimensions.width),
              package_height: String(dimensions.height),
            }
          : {}),
        ...(Object.keys(sku.attributes).length ? { saleProp: sku.attributes } : {}),
        ...(sku.image ? { Images: { Image: [sku.image] } } : {}),
      })),
    },
  };
}
