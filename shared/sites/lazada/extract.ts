/**
 * Reads a Lazada or Daraz product into a draft from `data.root.fields`: SKU axes from
 * `productOption.skuBase`, per-SKU prices (numeric `value`) and availability from `skuInfos`,
 * images from `skuGalleries`, HTML description from `product`. Lazada reports `stock: 0` for
 * SKUs that can be bought, so a 0 is stored as unknown and availability comes from the SKU's
 * operation ("wishlist" means out of stock).
 *
 * Some pages carry far less (a publisher's reduced page keeps only `tracking.pdt_price`): the
 * page is still the product when its summary names the item (og:url, LD+JSON) and it shows a
 * title and a price; each field then comes from the page's summary or stays empty, and the
 * draft says which.
 */
import type { ProductDraft } from '@shared/contracts/product-draft';
import { HIGH, low, medium } from '../common/confidence';
import { boundedRaw, type ExtractInput, type ExtractResult, failure } from '../common/draft';
import { toMinor } from '../common/money';
import { scriptTexts } from '../common/scan';
import { at, distinct } from '../common/values';
import { currencyOfHost, itemIdFromUrl } from './match';
import {
  asArray,
  hidesCaptcha,
  isRecord,
  type Json,
  type LazadaPage,
  readPage,
  record,
  showsCaptcha,
} from './payload';
import { displayedAmount } from './price';

const SITE = 'lazada';

type Confidence = ProductDraft['confidence'];

function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** An image or link address made absolute (the page uses protocol-relative ones). */
function absolute(value: unknown): string | null {
  const address = text(value);
  if (!address) return null;
  return address.startsWith('//') ? `https:${address}` : address;
}

function amount(value: unknown, currency: string): number | null {
  const minor = toMinor(value, currency);
  return minor !== null && minor > 0 ? minor : null;
}

/** `"pid:vid;pid:vid"` -> `{pid: vid}` (a vid may be a name: `"30129:Lava Black"`). */
function propPath(path: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  for (const pair of (text(path) ?? '').split(';')) {
    const colon = pair.indexOf(':');
    if (colon > 0) values[pair.slice(0, colon)] = pair.slice(colon + 1);
  }
  return values;
}

/** Property values, with size tabs (`{name: "Int", value: [...]}`) flattened into their values. */
function propertyValues(values: unknown): Json[] {
  return asArray(values)
    .filter(isRecord)
    .flatMap((value) => (Array.isArray(value.value) ? value.value.filter(isRecord) : [value]));
}

const WRAPPER_START =
  /^\s*(?:&lt;|<)html(?:&gt;|>)\s*(?:(?:&lt;|<)head(?:&gt;|>)\s*(?:&lt;|<)\/head(?:&gt;|>)\s*)?(?:&lt;|<)body(?:&gt;|>)/i;
const WRAPPER_END = /(?:&lt;|<)\/body(?:&gt;|>)\s*(?:&lt;|<)\/html(?:&gt;|>)\s*$/i;

/** The HTML of a description block without its (sometimes entity-escaped) document wrapper. */
function cleanHtml(value: unknown): string {
  return (text(value) ?? '').replace(WRAPPER_START, '').replace(WRAPPER_END, '').trim();
}

function hasContent(html: string): boolean {
  return /<img\b/i.test(html) || /[\p{L}\p{N}]/u.test(html.replace(/<[^>]*>/g, ''));
}

/** Whether HTML stops inside a tag (a payload cut short). */
function isCutOff(html: string): boolean {
  return html.lastIndexOf('<') > html.lastIndexOf('>');
}

function isAvailable(info: Json): boolean {
  const operation = text(at(info, 'operation', 'type'));
  const max = at(info, 'quantity', 'limit', 'max');
  return operation !== 'wishlist' && max !== 0;
}

function skuInfoList(skuInfos: Json): Json[] {
  return Object.values(skuInfos).filter(isRecord);
}

function draftOf(
  fields: Json,
  page: LazadaPage,
  input: ExtractInput,
  url: URL,
  itemId: string,
): ExtractResult {
  const confidence: Confidence = {};
  const primaryKey = record(fields.primaryKey);
  const skuInfos = record(fields.skuInfos);
  const tracking = { ...page.tracking, ...record(fields.tracking) };
  const product = record(fields.product);
  const dataLayer = record(
    skuInfoList(skuInfos).find((info) => isRecord(info.dataLayer))?.dataLayer,
  );

  // The item: named by the page data, else by the page's summary (og:url, LD+JSON).
  const payloadIds = distinct([
    text(primaryKey.itemId),
    text(record(skuInfos['0']).itemId),
    text(tracking.pdt_sku),
  ]);
  const naming = payloadIds.length > 0 ? null : page.naming(itemId);
  if (payloadIds.some((id) => id !== itemId) || naming === 'other') {
    return failure('layoutUnknown', SITE, ['matching item id']);
  }
  if (naming === 'none') {
    return failure('layoutUnknown', SITE, [
      ...(page.fields ? [] : ['__moduleData__ or app.run page data']),
      'item id (page data, og:url or LD+JSON)',
    ]);
  }

  // The page's summary (LD+JSON) is looked up only for a field the page data lacks.
  const summary = page.product;
  const dataTitle = text(product.title) ?? text(tracking.pdt_name);
  const title =
    dataTitle ??
    text(summary().name) ??
    text(page.meta('og:title')?.replace(/\s*\|\s*(?:Lazada|Daraz)\b.*$/i, ''));
  if (!dataTitle && title) {
    confidence.title = medium('fromPageHeading', 'from the page summary (LD+JSON, og:title)');
  }

  const summaryCurrency = () => {
    const code = text(at(summary(), 'offers', 'priceCurrency'));
    return code && /^[A-Z]{3}$/.test(code) ? code : null;
  };
  let currency =
    text(at(dataLayer, 'core', 'currencyCode')) ??
    text(at(tracking, 'core', 'currencyCode')) ??
    summaryCurrency();
  if (!currency) {
    currency = currencyOfHost(url);
    if (currency) {
      confidence.currency = medium('currencyFromSite', 'not in the page data; the site’s currency');
    }
  }
  if (!title || !currency) {
    return failure('layoutUnknown', SITE, [
      ...(title ? [] : ['title']),
      ...(currency ? [] : ['currency']),
    ]);
  }

  const skuBase = record(at(fields, 'productOption', 'skuBase'));
  const skuProperties = asArray(skuBase.properties)
    .filter(isRecord)
    .map((property) => ({
      id: text(property.pid) ?? text(property.name) ?? '',
      name: text(property.name) ?? '',
      values: propertyValues(property.values).map((value) => ({
        id: text(value.vid) ?? text(value.name) ?? '',
        name: text(value.name) ?? '',
        image: absolute(value.image),
      })),
    }));
  const valueImage = (values: Record<string, string>) => {
    for (const [pid, vid] of Object.entries(values)) {
      const image = skuProperties
        .find((p) => p.id === pid)
        ?.values.find((v) => v.id === vid)?.image;
      if (image) return image;
    }
    return null;
  };

  const baseSkus = asArray(skuBase.skus).filter(isRecord);
  const skuSources =
    baseSkus.length > 0
      ? baseSkus.map((sku) => ({ id: text(sku.skuId) ?? '', values: propPath(sku.propPath) }))
      : Object.keys(skuInfos)
          .filter((id) => id !== '0')
          .map((id) => ({ id, values: {} as Record<string, string> }));
  let unpriced = 0;
  const skus = skuSources
    .filter((sku) => sku.id !== '')
    .map(({ id, values }) => {
      const info = isRecord(skuInfos[id]) ? skuInfos[id] : null;
      if (!info) unpriced += 1;
      const price = info ? amount(at(info, 'price', 'salePrice', 'value'), currency) : null;
      const before = info ? amount(at(info, 'price', 'originalPrice', 'value'), currency) : null;
      const stock = info?.stock;
      return {
        id,
        values,
        price,
        originalPrice: before !== null && price !== null && before > price ? before : null,
        stock: typeof stock === 'number' && Number.isSafeInteger(stock) && stock > 0 ? stock : null,
        available: info ? isAvailable(info) : false,
        image: absolute(info?.image) ?? valueImage(values),
      };
    });
  if (skus.length === 0) {
    confidence.skus = low('noSkuModel', 'no skuBase or skuInfos in the page data');
    confidence.skuProperties = confidence.skus;
  } else if (unpriced > 0) {
    confidence.skus = medium(
      'skusNotLoaded',
      `${unpriced} SKUs are not loaded on the page (no price; taken as unavailable)`,
      { skus: unpriced },
    );
  } else {
    confidence.skus = medium(
      'stockHidden',
      'Lazada reports stock 0 for buyable SKUs: stock unknown, availability from the SKU',
    );
  }

  const prices = skus.map((sku) => sku.price).filter((price): price is number => price !== null);
  let min = prices.length > 0 ? Math.min(...prices) : null;
  let max = prices.length > 0 ? Math.max(...prices) : null;
  if (min === null) {
    min = amount(at(skuInfos, '0', 'price', 'salePrice', 'value'), currency);
    max = min;
  }
  if (min === null) {
    const shown = text(tracking.pdt_price);
    min = shown ? displayedAmount(shown, currency) : null;
    max = min;
    if (shown && min !== null) {
      confidence.price = low(
        'priceFromDisplayedText',
        `read from the displayed string "${shown}" (tracking.pdt_price), which can be the price before a discount`,
        { shown },
      );
    }
  }
  if (min === null) {
    return failure('layoutUnknown', SITE, [
      ...(page.fields ? [] : ['__moduleData__ or app.run page data']),
      'price (skuInfos or tracking.pdt_price)',
    ]);
  }

  const galleries = record(fields.skuGalleries);
  const gallery = asArray(
    galleries['0'] ?? galleries[text(primaryKey.skuId) ?? ''] ?? Object.values(galleries)[0],
  ).filter(isRecord);
  let images = gallery
    .filter((entry) => entry.type !== 'video')
    .map((entry) => absolute(entry.src) ?? absolute(entry.image) ?? absolute(entry.poster))
    .filter((image): image is string => image !== null);
  if (images.length === 0) {
    const ldImage = summary().image;
    images = (Array.isArray(ldImage) ? ldImage : [ldImage])
      .map(absolute)
      .filter((image): image is string => image !== null);
    if (images.length === 0) images = [absolute(page.meta('og:image'))].filter((i) => i !== null);
    if (images.length > 0) {
      confidence.images = medium('imagesFromPageSummary', 'from the page summary (LD+JSON, og)');
    }
  }
  images = [...new Set(images)];
  if (images.length === 0) confidence.images = low('noImages', 'no images in the page data');

  const highlights = cleanHtml(product.highlights);
  const desc = cleanHtml(product.desc);
  const html = [highlights, desc].filter(hasContent).join('');
  if (!html) {
    confidence.description = low('noDescription', 'no description in the page data');
  } else if (isCutOff(html)) {
    confidence.description = low('descriptionCutOff', 'the description HTML is cut off');
  }

  const seller = record(fields.seller);
  const sellerName = text(seller.name) ?? text(tracking.seller_name) ?? text(dataLayer.seller_name);
  const sellerUrl = absolute(seller.url);
  const shop = sellerName
    ? {
        id: text(seller.shopId) ?? text(seller.sellerId) ?? text(primaryKey.sellerId),
        name: sellerName,
        url: sellerUrl ? sellerUrl.replace(/[?#].*$/, '') : null,
      }
    : null;
  if (!shop) confidence.shop = low('noShop', 'no seller in the page data');
  else if (!text(seller.name)) {
    confidence.shop = medium('shopNameOnly', 'only the seller name from the tracking data');
  }

  let categoryPath = asArray(dataLayer.pdt_category ?? tracking.pdt_category)
    .map(text)
    .filter((name): name is string => name !== null);
  const ldCategory = categoryPath.length === 0 ? text(summary().category) : null;
  if (ldCategory) {
    categoryPath = ldCategory
      .split('>')
      .map((name) => name.trim())
      .filter(Boolean);
    confidence.categoryPath = medium('categoryFromPageSummary', 'from the LD+JSON category text');
  }

  const specifications = record(fields.specifications);
  const spec = record(
    specifications[text(primaryKey.skuId) ?? ''] ??
      specifications[text(primaryKey.defaultSkuId) ?? ''] ??
      Object.values(specifications)[0],
  );
  const attributes = Object.entries(record(spec.features))
    .filter(([name]) => name !== 'SKU')
    .map(([name, value]) => ({ name, value: text(value) ?? '' }))
    .filter((attribute) => attribute.value !== '');
  const brand = text(at(product, 'brand', 'name')) ?? text(product.brandName);
  if (brand && !attributes.some((attribute) => attribute.name === 'Brand')) {
    attributes.unshift({ name: 'Brand', value: brand });
  }
  const box = text(spec.boxContent);
  if (box) attributes.push({ name: 'What’s in the box', value: box });

  const draft: ProductDraft = {
    site: SITE,
    itemId,
    url: input.url,
    title,
    currency,
    price: { min, max: max ?? min },
    tiers: [],
    skuProperties,
    skus,
    images,
    description: html ? { html } : null,
    shop,
    categoryPath,
    weightGrams: null,
    dimensionsCm: null,
    attributes,
    minOrderQuantity: null,
    raw: boundedRaw({
      source: page.source,
      primaryKey,
      skuBase,
      skuInfos: Object.fromEntries(
        Object.entries(skuInfos).map(([id, info]) => {
          const { price, stock, operation, quantity, image } = record(info);
          return [id, { price, stock, operation, quantity, image }];
        }),
      ),
      tracking,
    }),
    confidence,
  };
  for (const field of ['itemId', 'title', 'currency', 'price', 'skuProperties', 'images']) {
    confidence[field] ??= HIGH;
  }
  if (html) confidence.description ??= HIGH;
  if (shop) confidence.shop ??= HIGH;
  if (categoryPath.length > 0) confidence.categoryPath ??= HIGH;
  if (attributes.length > 0) confidence.attributes = HIGH;
  return draft;
}

/**
 * Reads a Lazada or Daraz page, cheapest signs first: the captcha's title and slider, then the
 * address (a list or search page has no item id, and its scripts are never read), then the page
 * data; the captcha's dearer markers are looked for only when no page data was found.
 */
export function extractLazada(input: ExtractInput): ExtractResult {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return failure('notProduct', SITE);
  }
  if (showsCaptcha(input.document)) return failure('captcha', SITE);
  const itemId = itemIdFromUrl(url);
  if (!itemId) return failure('notProduct', SITE);
  const texts = scriptTexts(input.document);
  const page = readPage(input.document, texts);
  if (!page.fields && hidesCaptcha(input.document, texts)) return failure('captcha', SITE);
  return draftOf(page.fields ?? {}, page, input, url, itemId);
}
