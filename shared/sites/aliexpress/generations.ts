import type { ProductDraft } from '@shared/contracts/product-draft';
import { low, medium } from '../common/confidence';
import { balancedJsonAt, jsonAfter, jsonInString } from '../common/scan';
import {
  absolute,
  at,
  decimal,
  distinct,
  first,
  type Json,
  list,
  rec,
  text,
  whole,
} from '../common/values';
import { originalImage } from './values';

/** An amount as the page gave it: a number or decimal text, and the currency it names. */
export interface Amount {
  value: unknown;
  currency: string | null;
  /** How sure the amount is when it is not a numeric field (read from a display string). */
  from?: ProductDraft['confidence'][string] & { level: 'medium' | 'low'; reason: string };
}

interface SourceSku {
  id: string;
  /** `skuAttr`: "14:365458#Brown;5:100014064" (property:value, an optional #custom name). */
  attr: string;
  sale: Amount | null;
  list: Amount | null;
  stock: number | null;
  salable: boolean | null;
}

/** What an item page states, from whichever generation of data it carries, in one shape. */
export interface SourceProduct {
  generation: 'legacy' | 'modules' | 'components' | 'mtop';
  productIds: string[];
  title: string | null;
  currency: string | null;
  /** `productSKUPropertyList` / `skuProperties`: [{skuPropertyId, skuPropertyName, skuPropertyValues}]. */
  props: unknown[];
  skus: SourceSku[];
  /** The product's own price range, for pages whose SKUs carry no price. */
  range: { min: Amount | null; max: Amount | null };
  images: string[];
  descriptionUrl: string | null;
  shop: { id: string | null; name: string | null; url: string | null };
  categoryNames: string[];
  attributes: { name: string; value: string }[];
  weightKg: number | null;
  size: { length: number; width: number; height: number } | null;
  /** Whether SKUs carry a bulk price (`bulkOrder` units or more), which the draft does not keep. */
  bulk: boolean;
  source: Json;
}

function amount(value: unknown): Amount | null {
  const object = rec(value);
  if (!object || object.value === undefined || object.value === null) return null;
  return { value: object.value, currency: text(object.currency) };
}

/** Breadcrumb steps that name a category (the "Home" and "All" steps have category id 0). */
function crumbs(pathList: unknown): string[] {
  return distinct(
    list(pathList)
      .map(rec)
      .filter((step) => (whole(step?.cateId) ?? 0) > 0)
      .map((step) => text(step?.name)),
  );
}

function props(rows: unknown): { name: string; value: string }[] {
  return list(rows)
    .map(rec)
    .flatMap((row) => {
      const name = text(row?.attrName);
      const value = text(row?.attrValue);
      return name && value ? [{ name, value }] : [];
    });
}

/** A SKU id as text: `skuIdStr`, or `skuId` only while it is a safe integer (they exceed 2^53). */
function skuIdOf(row: Json): string | null {
  const numeric = row.skuId;
  return first(
    text(row.skuIdStr),
    typeof numeric === 'number' && !Number.isSafeInteger(numeric) ? null : text(numeric),
  );
}

function hasBulk(rows: unknown[]): boolean {
  return rows.some((row) => (whole(at(row, 'skuVal', 'bulkOrder')) ?? 0) > 1);
}

/** 2019-22 and 2023-24 SKUs: `{skuIdStr, skuAttr, salable?, skuVal{skuAmount, skuActivityAmount, availQuantity}}`. */
function priceListSkus(rows: unknown[], currency: string | null): SourceSku[] {
  return rows.map(rec).flatMap((row) => {
    const value = rec(row?.skuVal);
    const id = row && (skuIdOf(row) ?? text(row.skuAttr));
    if (!row || !value || !id) return [];
    const activity = value.isActivity === false ? null : amount(value.skuActivityAmount);
    const multiCurrency = (field: string): Amount | null =>
      decimal(value[field]) !== null ? { value: value[field], currency } : null;
    return [
      {
        id,
        attr: text(row.skuAttr) ?? '',
        sale:
          activity ??
          (value.isActivity ? multiCurrency('actSkuMultiCurrencyCalPrice') : null) ??
          amount(value.skuAmount) ??
          multiCurrency('skuMultiCurrencyCalPrice'),
        list: amount(value.skuAmount) ?? multiCurrency('skuMultiCurrencyCalPrice'),
        stock: first(whole(value.availQuantity), whole(value.inventory)),
        salable: typeof row.salable === 'boolean' ? row.salable : null,
      },
    ];
  });
}

/** 2019-22: `window.runParams = { data: { commonModule, titleModule, skuModule, ... } }`. */
function fromModules(data: Json): SourceProduct | null {
  const common = rec(data.commonModule);
  const skuModule = rec(data.skuModule);
  if (!common && !skuModule && !data.titleModule) return null;
  const price = rec(data.priceModule);
  const store = rec(data.storeModule);
  const currency = first(text(common?.currencyCode), text(at(data, 'webEnv', 'currency')));
  return {
    generation: 'modules',
    productIds: distinct([
      text(common?.productId),
      text(at(data, 'descriptionModule', 'productId')),
      text(at(data, 'actionModule', 'productId')),
      text(store?.productId),
    ]),
    title: text(at(data, 'titleModule', 'subject')),
    currency,
    props: list(skuModule?.productSKUPropertyList),
    skus: priceListSkus(list(skuModule?.skuPriceList), currency),
    range: {
      min: amount(price?.minActivityAmount) ?? amount(price?.minAmount),
      max: amount(price?.maxActivityAmount) ?? amount(price?.maxAmount),
    },
    images: distinct(
      list(at(data, 'imageModule', 'imagePathList')).map((u) => originalImage(text(u))),
    ),
    descriptionUrl: absolute(text(at(data, 'descriptionModule', 'descriptionUrl'))),
    shop: {
      id: text(store?.storeNum),
      name: text(store?.storeName),
      url: absolute(text(store?.storeURL)),
    },
    categoryNames: crumbs(at(data, 'crossLinkModule', 'breadCrumbPathList')),
    attributes: props(at(data, 'specsModule', 'props')),
    weightKg: null,
    size: null,
    bulk: hasBulk(list(skuModule?.skuPriceList)),
    source: {
      generation: 'modules',
      commonModule: common,
      priceModule: price && {
        minAmount: price.minAmount,
        maxAmount: price.maxAmount,
        minActivityAmount: price.minActivityAmount,
        maxActivityAmount: price.maxActivityAmount,
      },
      skuPriceList: skuModule?.skuPriceList,
      totalAvailQuantity: at(data, 'quantityModule', 'totalAvailQuantity'),
    },
  };
}

/** 2023-24: `window.runParams = { data: { productInfoComponent, priceComponent, skuComponent, ... } }`. */
function fromComponents(data: Json): SourceProduct | null {
  const info = rec(data.productInfoComponent);
  const price = rec(data.priceComponent);
  if (!info && !price && !data.skuComponent) return null;
  const skuComponent = rec(data.skuComponent);
  const seller = rec(data.sellerComponent);
  const pack = rec(data.packageComponent);
  const currency = text(at(data, 'currencyComponent', 'currencyCode'));
  const skuRows = list(price?.skuPriceList).length
    ? list(price?.skuPriceList)
    : list(jsonInString(price?.skuJson));
  const axes = list(skuComponent?.productSKUPropertyList).length
    ? list(skuComponent?.productSKUPropertyList)
    : list(jsonInString(skuComponent?.skuPropertyJson));
  const length = decimal(pack?.length);
  const width = decimal(pack?.width);
  const height = decimal(pack?.height);
  return {
    generation: 'components',
    productIds: distinct([text(info?.idStr), text(info?.id)]),
    title: first(text(info?.subject), text(at(data, 'titleComponent', 'subject'))),
    currency,
    props: axes,
    skus: priceListSkus(skuRows, currency),
    range: {
      min:
        amount(at(price, 'discountPrice', 'minActivityAmount')) ??
        amount(at(price, 'origPrice', 'minAmount')),
      max:
        amount(at(price, 'discountPrice', 'maxActivityAmount')) ??
        amount(at(price, 'origPrice', 'maxAmount')),
    },
    images: distinct(
      list(at(data, 'imageComponent', 'imagePathList')).map((u) => originalImage(text(u))),
    ),
    descriptionUrl: absolute(text(at(data, 'productDescComponent', 'descriptionUrl'))),
    shop: {
      id: text(seller?.storeNum),
      name: first(
        text(seller?.storeName),
        text(at(data, 'storeHeaderComponent', 'storeHeaderResult', 'storeName')),
      ),
      url: absolute(text(seller?.storeURL)),
    },
    categoryNames: crumbs(at(data, 'breadcrumbComponent', 'pathList')),
    attributes: props(at(data, 'productPropComponent', 'props')),
    weightKg: decimal(pack?.weight),
    size: length && width && height ? { length, width, height } : null,
    bulk: hasBulk(skuRows),
    source: {
      generation: 'components',
      productInfoComponent: info,
      currencyComponent: data.currencyComponent,
      priceComponent: price && { discountPrice: price.discountPrice, origPrice: price.origPrice },
      skuPriceList: skuRows,
      inventoryComponent: data.inventoryComponent,
      packageComponent: pack,
    },
  };
}

/** mtop sale prices: a numeric `salePrice`, else `salePriceLocal` "Rp343,297|343297|" (display|integer|decimals). */
function mtopSale(info: Json | null, currency: string | null): Amount | null {
  const numeric = amount(info?.salePrice);
  if (numeric) return numeric;
  const local = text(info?.salePriceLocal)?.split('|');
  if (local && local.length >= 3 && /^\d+$/.test(local[1] ?? '')) {
    const decimals = (local[2] ?? '').trim();
    return {
      value: /^\d+$/.test(decimals) ? `${local[1]}.${decimals}` : local[1],
      currency,
      from: medium(
        'salePricesFromLocalText',
        'sale prices read from salePriceLocal (its integer and decimal parts)',
      ),
    };
  }
  return null;
}

/** A display string ("Rp343,297") read with the page's own separators, as the last resort. */
function fromDisplay(
  display: string | null,
  config: Json | null,
  currency: string | null,
): Amount | null {
  if (!display) return null;
  const single = rec(config?.single) ?? rec(config?.from);
  const point = text(single?.decimalPointChar) ?? '.';
  const thousands = text(single?.thousandsChar) ?? ',';
  const digits = display
    .replace(/[^\d.,]/g, '')
    .split(thousands)
    .join('')
    .replace(point, '.');
  if (!/^\d+(\.\d+)?$/.test(digits)) return null;
  return {
    value: digits,
    currency,
    from: low('salePricesFromDisplayText', 'sale prices parsed from display strings'),
  };
}

/** 2024+: the `mtop.aliexpress.pdp.pc.query` answer, `data.result` with upper-case blocks. */
function fromMtop(result: Json): SourceProduct | null {
  const global = rec(at(result, 'GLOBAL_DATA', 'globalData'));
  const price = rec(result.PRICE);
  const sku = rec(result.SKU);
  if (!global && !price && !sku && !result.PRODUCT_TITLE) return null;
  const currency = text(global?.currencyCode);
  const priceMap = rec(price?.skuIdStrPriceInfoMap) ?? rec(price?.skuPriceInfoMap);
  const config = rec(jsonInString(price?.priceLocalConfig));
  const skus = list(sku?.skuPaths)
    .map(rec)
    .flatMap((path): SourceSku[] => {
      const id = path && (skuIdOf(path) ?? text(path.skuAttr) ?? text(path.path));
      if (!path || !id) return [];
      const info = rec(priceMap?.[id]);
      const listAmount = amount(info?.originalPrice);
      return [
        {
          id,
          attr: first(text(path.skuAttr), text(path.path)) ?? '',
          sale:
            mtopSale(info, listAmount?.currency ?? currency) ??
            fromDisplay(text(info?.salePriceString), config, listAmount?.currency ?? currency),
          list: listAmount,
          stock: first(whole(path.skuStock), whole(path.availQuantity)),
          salable: typeof path.salable === 'boolean' ? path.salable : null,
        },
      ];
    });
  const shop = rec(result.SHOP_CARD_PC);
  const sellerInfo = rec(shop?.sellerInfo);
  return {
    generation: 'mtop',
    productIds: distinct([
      text(global?.productId),
      text(price?.productId),
      text(at(global, 'productInfo', 'productId')),
    ]),
    title: first(text(at(result, 'PRODUCT_TITLE', 'text')), text(global?.subject)),
    currency: first(currency, skus.find((s) => s.list?.currency)?.list?.currency ?? null),
    props: list(sku?.skuProperties),
    skus,
    range: { min: null, max: null },
    images: distinct(
      list(at(result, 'HEADER_IMAGE_PC', 'imagePathList')).map((u) => originalImage(text(u))),
    ),
    descriptionUrl: absolute(text(at(result, 'DESC', 'pcDescUrl'))),
    shop: {
      id: first(text(sellerInfo?.storeNum), text(global?.storeId)),
      name: first(text(shop?.storeName), text(global?.storeName)),
      url: absolute(text(sellerInfo?.storeURL)),
    },
    categoryNames: crumbs(at(global, 'breadcrumb', 'pathList')),
    attributes: props(at(result, 'PRODUCT_PROP_PC', 'showedProps')),
    weightKg: null,
    size: null,
    bulk: false,
    source: {
      generation: 'mtop',
      productId: global?.productId,
      currencyCode: global?.currencyCode,
      categoryPath: global?.categoryPath,
      PRICE: price && { skuIdStrPriceInfoMap: priceMap, priceLocalConfig: price.priceLocalConfig },
      skuPaths: sku?.skuPaths,
      totalAvailableInventory: at(result, 'QUANTITY_PC', 'totalAvailableInventory'),
    },
  };
}

/** ≤2018: `window.runParams.<field>="…";` assignments one by one, and `var skuProducts=[…]`. */
const LEGACY_FIELD =
  /window\.runParams\.(\w+)\s*=\s*(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|(-?\d+(?:\.\d+)?)\b|(true|false)\b)/g;

function legacyFields(script: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of script.matchAll(LEGACY_FIELD)) {
    const [, name, doubled, single, number, flag] = match;
    if (!name) continue;
    let value = doubled ?? single ?? number ?? flag ?? '';
    if (doubled !== undefined) {
      try {
        value = JSON.parse(`"${doubled}"`) as string;
      } catch {
        value = doubled;
      }
    }
    fields[name] = value;
  }
  return fields;
}

function fromLegacy(script: string): SourceProduct | null {
  const fields = legacyFields(script);
  const rows = list(jsonAfter(script, /\bskuProducts\s*=/));
  if (!fields.productId && !rows.length) return null;
  const currency = fields.currencyCode ?? null;
  const skus: SourceSku[] = rows.map(rec).flatMap((row, index) => {
    const value = rec(row?.skuVal);
    if (!row || !value) return [];
    const attr = text(row.skuAttr) ?? '';
    const multi = (field: string): Amount | null =>
      decimal(value[field]) !== null ? { value: value[field], currency } : null;
    return [
      {
        id: skuIdOf(row) ?? (attr || String(index)),
        attr,
        sale:
          (value.isActivity ? multi('actSkuMultiCurrencyCalPrice') : null) ??
          multi('skuMultiCurrencyCalPrice'),
        list: multi('skuMultiCurrencyCalPrice'),
        stock: first(whole(value.availQuantity), whole(value.inventory)),
        salable: null,
      },
    ];
  });
  const legacyAmount = (name: string): Amount | null =>
    decimal(fields[name]) !== null ? { value: fields[name], currency } : null;
  return {
    generation: 'legacy',
    productIds: distinct([fields.productId ?? null]),
    title: null,
    currency,
    props: [],
    skus,
    range: {
      min: legacyAmount('actMinPrice') ?? legacyAmount('minPrice'),
      max: legacyAmount('actMaxPrice') ?? legacyAmount('maxPrice'),
    },
    images: distinct(
      list(jsonAfter(script, 'window.runParams.imageBigViewURL')).map((u) =>
        originalImage(text(u)),
      ),
    ),
    descriptionUrl: absolute(fields.descUrl ?? fields.detailDesc ?? null),
    shop: { id: null, name: null, url: null },
    categoryNames: [],
    attributes: [],
    weightKg: null,
    size: null,
    bulk: hasBulk(rows),
    source: { generation: 'legacy', runParams: fields, skuProducts: rows },
  };
}

/**
 * Where the inline data object starts: after `window.runParams = { data:` (2019-24) or after
 * `window._init_data_ = { data: { data:` / `{ data:` (mobile and some desktop builds). The
 * wrappers are object literals with bare keys; the data object itself is strict JSON.
 */
const DATA_MARKERS = [
  /window\.runParams\s*=\s*\{\s*data\b/,
  /window\._init_data_\s*=\s*\{\s*data\s*:\s*\{\s*data\b/,
  /window\._init_data_\s*=\s*\{\s*data\b/,
];

/** The product data inline in the page's scripts, by probing for each generation's keys. */
export function findInPage(scripts: string[]): SourceProduct | null {
  let legacy: string | null = null;
  for (const script of scripts) {
    if (!script.includes('runParams') && !script.includes('_init_data_')) continue;
    for (const marker of DATA_MARKERS) {
      if (!marker.test(script)) continue;
      const data = rec(jsonAfter(script, marker));
      const product = data && (fromComponents(data) ?? fromModules(data));
      if (product) return product;
    }
    if (/window\.runParams\.\w+\s*=/.test(script))
      legacy = legacy ? `${legacy}\n${script}` : script;
  }
  return legacy ? fromLegacy(legacy) : null;
}

/** A captured answer's JSON: plain, or wrapped in a JSONP callback. */
function answerJson(body: string): Json | null {
  const start = body.indexOf('{');
  if (start < 0) return null;
  const slice = start === 0 ? body : balancedJsonAt(body, start);
  if (!slice) return null;
  try {
    return rec(JSON.parse(slice));
  } catch {
    return null;
  }
}

const MTOP_API = 'mtop.aliexpress.pdp.pc.query';

/** The products of captured `mtop.aliexpress.pdp.pc.query` answers, or why they were refused. */
export function findInCaptured(
  captured: { url: string; body: string }[] | undefined,
): SourceProduct[] | 'captcha' {
  const products: SourceProduct[] = [];
  let refused = false;
  for (const answer of captured ?? []) {
    if (!answer.url.includes(MTOP_API) && !answer.body.includes(`"${MTOP_API}"`)) continue;
    const json = answerJson(answer.body);
    if (!json) continue;
    const ret = list(json.ret).map((entry) => String(entry));
    if (ret.some((entry) => /RGV587|FAIL_SYS_USER_VALIDATE|punish/i.test(entry))) {
      refused = true;
      continue;
    }
    const result = rec(at(json, 'data', 'result')) ?? rec(at(json, 'data', 'data'));
    const product = result && fromMtop(result);
    if (product) products.push(product);
  }
  return refused && !products.length ? 'captcha' : products;
}
