import type { ProductDraft } from '@shared/contracts/product-draft';
import { HIGH, low, medium } from '../common/confidence';
import { boundedRaw, type ExtractInput, type ExtractResult, failure } from '../common/draft';
import { toMinor } from '../common/money';
import { scriptTexts } from '../common/scan';
import { absolute, decimal, kgToGrams, list, rec, text, whole } from '../common/values';
import { findOfferData, type OfferData } from './generations';
import {
  isCaptcha,
  isLoginPage,
  offerIdOf,
  pageWithoutOffer,
  shopFromDom,
  titleFromDom,
} from './page';

const CURRENCY = 'CNY';

type Confidence = ProductDraft['confidence'][string];
type Sku = ProductDraft['skus'][number];
type SkuProperty = ProductDraft['skuProperties'][number];

/** Amounts repeat across SKUs; each distinct one is converted once. */
const MINOR_CACHE = new Map<string, number | null>();

function minor(value: unknown): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const key = String(value);
  let amount = MINOR_CACHE.get(key);
  if (amount === undefined) {
    amount = toMinor(value, CURRENCY);
    if (MINOR_CACHE.size > 2000) MINOR_CACHE.clear();
    MINOR_CACHE.set(key, amount);
  }
  return amount !== null && amount >= 0 ? amount : null;
}

/** SKU axes: 1688 values have no ids of their own; the value name is the id the SKU map uses. */
function skuProperties(offer: OfferData): SkuProperty[] {
  const properties: SkuProperty[] = [];
  for (const prop of offer.skuProps.map(rec)) {
    const name = text(prop?.prop);
    if (!name) continue;
    const values = list(prop?.value)
      .map(rec)
      .flatMap((value) => {
        const valueName = text(value?.name);
        return valueName
          ? [{ id: valueName, name: valueName, image: absolute(text(value?.imageUrl)) }]
          : [];
      });
    properties.push({ id: text(prop?.fid) ?? name, name, values });
  }
  return properties;
}

/** `skuInfoMap` keys join one value name per axis with `&gt;` (an escaped `>`). */
function specNames(key: string): string[] {
  return key.split(/&gt;|>/).map((name) => name.trim());
}

function skus(offer: OfferData, properties: SkuProperty[]): Sku[] {
  const out: Sku[] = [];
  for (const [key, entry] of Object.entries(offer.skuInfoMap ?? {})) {
    const info = rec(entry);
    if (!info) continue;
    const names = specNames(text(info.specAttrs) ?? key);
    const values: Record<string, string> = {};
    let image: string | null = null;
    properties.forEach((property, index) => {
      const name = names[index];
      const value = property.values.find((candidate) => candidate.name === name);
      if (!value) return;
      values[property.id] = value.id;
      image ??= value.image;
    });
    const listPrice = minor(info.price);
    const promoted = minor(info.discountPrice);
    const price = promoted ?? listPrice;
    const stock = whole(info.canBookCount);
    out.push({
      id: text(info.skuId) ?? text(info.specId) ?? key,
      values,
      price,
      originalPrice: listPrice !== null && price !== null && listPrice > price ? listPrice : null,
      stock: stock !== null && stock >= 0 ? stock : null,
      available: stock === null || stock > 0,
      image,
    });
  }
  return out;
}

/** A quantity ladder only when the page says the price depends on quantity (`rangePrice`). */
function tiers(offer: OfferData): ProductDraft['tiers'] {
  if (offer.priceType !== 'rangePrice') return [];
  const rows = offer.rangePrices.map(rec).flatMap((row) => {
    const minQuantity = whole(row?.beginAmount);
    const price = minor(row?.price);
    return minQuantity !== null && price !== null ? [{ minQuantity, price }] : [];
  });
  return rows.sort((a, b) => a.minQuantity - b.minQuantity);
}

function range(amounts: (number | null)[]): { min: number; max: number } | null {
  const known = amounts.filter((amount): amount is number => amount !== null);
  return known.length ? { min: Math.min(...known), max: Math.max(...known) } : null;
}

function priceRange(
  offer: OfferData,
  skuList: Sku[],
  ladder: ProductDraft['tiers'],
): { price: ProductDraft['price']; confidence: Confidence } {
  const fromSkus = range(skuList.map((sku) => sku.price));
  if (fromSkus) return { price: fromSkus, confidence: HIGH };
  const fromTiers = range(ladder.map((tier) => tier.price));
  if (fromTiers) return { price: fromTiers, confidence: HIGH };
  if (offer.offerRange) {
    const fromOffer = range([minor(offer.offerRange.min), minor(offer.offerRange.max)]);
    if (fromOffer) return { price: fromOffer, confidence: HIGH };
  }
  const scale = offer.priceScale?.split('-').map((part) => minor(part.trim())) ?? [];
  const fromScale = range(scale);
  if (fromScale) return { price: fromScale, confidence: HIGH };
  const fromRows = range(offer.rangePrices.map((row) => minor(rec(row)?.price)));
  if (fromRows) return { price: fromRows, confidence: HIGH };
  return {
    price: { min: null, max: null },
    confidence: offer.pricePrivate
      ? low('pricesHidden', 'prices are hidden from this visitor')
      : low('noPrice', 'no price in the page data'),
  };
}

/** Offer weight in grams: `unitWeight` is in kg; `pieceWeightScale` weights carry their unit. */
function weight(offer: OfferData): { grams: number | null; confidence: Confidence } {
  const weightColumn = offer.pieceColumns.find((column) => column.name === 'weight');
  const label = text(weightColumn?.label) ?? '';
  const rowsInKg = /\(\s*kg\s*\)|千克|公斤/i.test(label);
  const rowGrams = offer.pieceRows
    .map((row) => decimal(row.weight))
    .filter((value): value is number => value !== null && value > 0)
    .map((value) => (rowsInKg ? kgToGrams(value) : value));
  const spread = range(rowGrams);
  const differs = spread !== null && spread.min !== spread.max;
  if (offer.unitWeightKg !== null && offer.unitWeightKg > 0) {
    const grams = kgToGrams(offer.unitWeightKg);
    return {
      grams,
      confidence:
        spread && differs
          ? medium(
              'weightsDifferPerSku',
              `the offer's unit weight; SKU weights range ${spread.min}-${spread.max} g`,
              { min: spread.min, max: spread.max },
            )
          : HIGH,
    };
  }
  if (spread) {
    const inGrams = /\(\s*g\s*\)|克/.test(label);
    const heaviest = "the heaviest SKU's weight";
    return {
      grams: spread.max,
      confidence: rowsInKg
        ? differs || !inGrams
          ? medium('heaviestSkuWeightFromKg', `${heaviest}, converted from kg`)
          : HIGH
        : !inGrams
          ? medium('weightUnitAssumed', `${heaviest}, assumed to be grams`)
          : differs
            ? medium('heaviestSkuWeight', `${heaviest}, in grams as labelled`)
            : HIGH,
    };
  }
  return { grams: null, confidence: low('noWeight', 'no weight in the page data') };
}

function dimensions(
  offer: OfferData,
  grams: number | null,
): { size: ProductDraft['dimensionsCm']; confidence: Confidence } {
  const rows = offer.pieceRows.flatMap((row) => {
    const length = decimal(row.length);
    const width = decimal(row.width);
    const height = decimal(row.height);
    return length && width && height ? [{ row, size: { length, width, height } }] : [];
  });
  if (!rows.length)
    return { size: null, confidence: low('noPackageSize', 'no package size in the page data') };
  const same = rows.every(
    ({ size }) =>
      size.length === rows[0]?.size.length &&
      size.width === rows[0]?.size.width &&
      size.height === rows[0]?.size.height,
  );
  if (same) return { size: rows[0]?.size ?? null, confidence: HIGH };
  const matching = rows.find(({ row }) => grams !== null && decimal(row.weight) === grams);
  const largest = rows.reduce((a, b) =>
    a.size.length * a.size.width * a.size.height >= b.size.length * b.size.width * b.size.height
      ? a
      : b,
  );
  return {
    size: (matching ?? largest).size,
    confidence: matching
      ? medium(
          'sizesDifferMatchingWeight',
          'sizes differ per SKU; the size of the SKU whose weight is the offer weight',
        )
      : medium('sizesDifferLargest', 'sizes differ per SKU; the largest one'),
  };
}

function draftOf(input: ExtractInput, offerId: string, offer: OfferData): ExtractResult {
  const confidence: Record<string, Confidence> = {};
  const title = offer.title ?? titleFromDom(input.document);
  confidence.title = offer.title ? HIGH : medium('fromPageHeading', 'read from the page heading');
  const properties = skuProperties(offer);
  const skuList = skus(offer, properties);
  const ladder = tiers(offer);
  const { price, confidence: priceConfidence } = priceRange(offer, skuList, ladder);
  const missing: string[] = [];
  if (!title) missing.push('title');
  if (price.min === null && !offer.pricePrivate) missing.push('price');
  if (missing.length) return failure('layoutUnknown', '1688', missing);
  confidence.currency = HIGH;
  confidence.price = priceConfidence;
  confidence.tiers =
    offer.priceType === 'rangePrice' || offer.priceType === 'skuPrice'
      ? HIGH
      : medium('tiersUnknown', 'the page does not say whether prices depend on quantity');
  confidence.skuProperties = properties.length
    ? HIGH
    : offer.skuInfoMap
      ? medium('noSkuAxes', 'the offer has no SKU axes')
      : low('noSkuModel', 'no SKU model in the page data');
  confidence.skus = skuList.length
    ? HIGH
    : offer.skuInfoMap
      ? medium('soldWithoutSkus', 'the offer is sold without SKUs')
      : low('noSkuModel', 'no SKU model in the page data');
  if (skuList.length && skuList.every((sku) => sku.price === null)) {
    confidence.skus = offer.pricePrivate
      ? low('pricesHidden', 'prices are hidden from this visitor')
      : ladder.length
        ? medium('skuPricesFromTiers', 'SKU prices follow the quantity tiers')
        : low('noSkuPrices', 'no SKU prices in the page data');
  }
  const images = offer.images;
  confidence.images = images.length ? HIGH : low('noImages', 'no images in the page data');
  confidence.description = offer.detailUrl
    ? HIGH
    : low('noDescriptionUrl', 'no description address in the page data');
  const domShop = offer.shop.name ? null : shopFromDom(input.document);
  const shopName = offer.shop.name ?? domShop?.name ?? null;
  const shop = shopName
    ? { id: offer.shop.id, name: shopName, url: offer.shop.url ?? domShop?.url ?? null }
    : null;
  confidence.shop = offer.shop.name
    ? HIGH
    : shop
      ? medium('shopFromPage', 'shop name read from the shop bar')
      : low('noShop', 'no shop in the page data');
  confidence.categoryPath = offer.categoryNames.length
    ? medium('leafCategoryOnly', 'only the leaf category is named')
    : low('categoryIdsOnly', 'the page data holds category ids only');
  const { grams, confidence: weightConfidence } = weight(offer);
  confidence.weightGrams = weightConfidence;
  const { size, confidence: sizeConfidence } = dimensions(offer, grams);
  confidence.dimensionsCm = sizeConfidence;
  const axisIds = new Set(properties.map((property) => property.id));
  const attributes = offer.attributes
    .filter((attribute) => !attribute.fid || !axisIds.has(attribute.fid))
    .map(({ name, value }) => ({ name, value }));
  confidence.attributes = attributes.length
    ? HIGH
    : low('noAttributes', 'no attributes in the page data');
  const minOrderQuantity = whole(offer.beginAmount) ?? ladder[0]?.minQuantity ?? null;
  confidence.minOrderQuantity =
    minOrderQuantity !== null
      ? HIGH
      : low('noMinOrderQuantity', 'no minimum order quantity in the page data');
  return {
    site: '1688',
    itemId: offerId,
    url: `https://detail.1688.com/offer/${offerId}.html`,
    title: title ?? '',
    currency: CURRENCY,
    price,
    tiers: ladder,
    skuProperties: properties,
    skus: skuList,
    images,
    description: offer.detailUrl ? { url: offer.detailUrl } : null,
    shop,
    categoryPath: offer.categoryNames,
    weightGrams: grams,
    dimensionsCm: size,
    attributes,
    minOrderQuantity,
    raw: boundedRaw(offer.source),
    confidence,
  };
}

/** Reads a 1688 offer page (embedded data first, the DOM for a missing title or shop). */
export function extract1688(input: ExtractInput): ExtractResult {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return failure('notProduct', '1688');
  }
  if (isCaptcha(input.document, url)) return failure('captcha', '1688');
  const offerId = offerIdOf(url);
  if (!offerId) {
    return failure(isLoginPage(input.document, url) ? 'loginWall' : 'notProduct', '1688');
  }
  const scripts = scriptTexts(input.document);
  const offer = findOfferData(scripts);
  if (!offer) {
    const kind = pageWithoutOffer(input.document, url, (pattern) =>
      scripts.some((script) => pattern.test(script)),
    );
    return failure(
      kind ?? 'layoutUnknown',
      '1688',
      kind ? [] : ['offer data (window.__INIT_DATA or window.context)'],
    );
  }
  if (offer.offerIds.some((id) => id !== offerId)) {
    return failure('layoutUnknown', '1688', ['matching item id']);
  }
  return draftOf(input, offerId, offer);
}
