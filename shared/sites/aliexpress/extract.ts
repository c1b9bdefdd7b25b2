import type { ProductDraft } from '@shared/contracts/product-draft';
import { HIGH, low, medium } from '../common/confidence';
import { boundedRaw, type ExtractInput, type ExtractResult, failure } from '../common/draft';
import { toMinor } from '../common/money';
import { scriptTexts } from '../common/scan';
import { first, kgToGrams, list, rec, text } from '../common/values';
import { type Amount, findInCaptured, findInPage, type SourceProduct } from './generations';
import {
  categoriesFromDom,
  imagesFromDom,
  isCaptcha,
  isLoginPage,
  itemIdOf,
  pageWithoutProduct,
  shopFromDom,
  skuAxesFromDom,
  titleFromDom,
} from './page';
import { originalImage } from './values';

type Confidence = ProductDraft['confidence'][string];
type Sku = ProductDraft['skus'][number];
type SkuProperty = ProductDraft['skuProperties'][number];

/** `skuAttr` pairs: "14:365458#Brown;5:100014064" -> [["14", "365458"], ["5", "100014064"]]. */
function pairs(attr: string): [string, string][] {
  return attr.split(';').flatMap((pair) => {
    const [propertyId, rest] = pair.split(':');
    const valueId = rest?.split('#')[0]?.trim();
    return propertyId?.trim() && valueId ? [[propertyId.trim(), valueId] as [string, string]] : [];
  });
}

function propertiesFromData(product: SourceProduct): SkuProperty[] {
  return product.props.map(rec).flatMap((prop) => {
    const id = text(prop?.skuPropertyId);
    const name = text(prop?.skuPropertyName);
    if (!id || !name) return [];
    const values = list(prop?.skuPropertyValues)
      .map(rec)
      .flatMap((value) => {
        const valueId = first(text(value?.propertyValueIdLong), text(value?.propertyValueId));
        const valueName = first(
          text(value?.propertyValueDisplayName),
          text(value?.propertyValueDefinitionName),
          text(value?.propertyValueName),
        );
        if (!valueId || !valueName) return [];
        return [
          { id: valueId, name: valueName, image: originalImage(text(value?.skuPropertyImagePath)) },
        ];
      });
    return [{ id, name, values }];
  });
}

/** ≤2018 axes come from the page: each list's property id is found through the SKU pairs. */
function propertiesFromDom(document: Document, product: SourceProduct): SkuProperty[] {
  const allPairs = product.skus.flatMap((sku) => pairs(sku.attr));
  return skuAxesFromDom(document).flatMap((axis) => {
    const propertyId = allPairs.find(([, valueId]) =>
      axis.values.some((value) => value.id === valueId),
    )?.[0];
    return propertyId ? [{ id: propertyId, name: axis.name, values: axis.values }] : [];
  });
}

/** Amounts repeat across SKUs; each distinct one is converted once. */
const MINOR_CACHE = new Map<string, number | null>();

function cachedMinor(value: unknown, currency: string): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const key = `${currency} ${value}`;
  let minor = MINOR_CACHE.get(key);
  if (minor === undefined) {
    minor = toMinor(value, currency);
    if (MINOR_CACHE.size > 2000) MINOR_CACHE.clear();
    MINOR_CACHE.set(key, minor);
  }
  return minor;
}

type Note = NonNullable<Amount['from']>;

interface Money {
  minor: number | null;
  /** Why it is not a plain numeric field of the draft's currency, if so. */
  note: Note | null;
}

function money(value: Amount | null, currency: string): Money {
  if (!value) return { minor: null, note: null };
  if (value.currency && value.currency !== currency) {
    const reason = `an amount in ${value.currency}, not ${currency}, was left out`;
    const params = { found: value.currency, expected: currency };
    return { minor: null, note: low('amountInOtherCurrency', reason, params) };
  }
  const minor = cachedMinor(value.value, currency);
  return { minor: minor !== null && minor >= 0 ? minor : null, note: value.from ?? null };
}

/** The confidence of amounts read with these notes: the weakest of them, worded by its code. */
function noted(notes: Map<string, Note>): Confidence {
  const all = [...notes.values()];
  const weakest = all.find((note) => note.level === 'low') ?? all[0];
  if (!weakest) return HIGH;
  return { ...weakest, reason: [...notes.keys()].join('; ') };
}

function skus(
  product: SourceProduct,
  properties: SkuProperty[],
  currency: string,
  notes: Map<string, Note>,
): Sku[] {
  return product.skus.map((source) => {
    const values: Record<string, string> = {};
    let image: string | null = null;
    for (const [propertyId, valueId] of pairs(source.attr)) {
      values[propertyId] = valueId;
      const property = properties.find((candidate) => candidate.id === propertyId);
      image ??= property?.values.find((value) => value.id === valueId)?.image ?? null;
    }
    const sale = money(source.sale, currency);
    const before = money(source.list, currency);
    for (const note of [sale.note, before.note]) if (note) notes.set(note.reason, note);
    const stock = source.stock !== null && source.stock >= 0 ? source.stock : null;
    return {
      id: source.id,
      values,
      price: sale.minor,
      originalPrice:
        before.minor !== null && sale.minor !== null && before.minor > sale.minor
          ? before.minor
          : null,
      stock,
      available: stock !== null ? stock > 0 : source.salable !== false,
      image,
    };
  });
}

/** Attributes that repeat a name (one row per value on the page) are joined into one. */
function attributes(rows: { name: string; value: string }[]): ProductDraft['attributes'] {
  const joined = new Map<string, string[]>();
  for (const { name, value } of rows) {
    const values = joined.get(name) ?? [];
    if (!values.includes(value)) values.push(value);
    joined.set(name, values);
  }
  return [...joined].map(([name, values]) => ({ name, value: values.join(', ') }));
}

function draftOf(input: ExtractInput, url: URL, itemId: string, product: SourceProduct) {
  const confidence: Record<string, Confidence> = {};
  const legacy = product.generation === 'legacy';
  const title = product.title ?? titleFromDom(input.document);
  const currency = product.currency;
  const properties = legacy
    ? propertiesFromDom(input.document, product)
    : propertiesFromData(product);
  const notes = new Map<string, Note>();
  const skuList = currency ? skus(product, properties, currency, notes) : [];
  const priced = skuList.flatMap((sku) => (sku.price !== null ? [sku.price] : []));
  let price: ProductDraft['price'] = { min: null, max: null };
  if (priced.length) price = { min: Math.min(...priced), max: Math.max(...priced) };
  else if (currency) {
    const min = money(product.range.min, currency);
    const max = money(product.range.max, currency);
    for (const note of [min.note, max.note]) if (note) notes.set(note.reason, note);
    price = { min: min.minor, max: max.minor ?? min.minor };
  }
  const missing: string[] = [];
  if (!title) missing.push('title');
  if (!currency) missing.push('currency');
  if (price.min === null) missing.push('price');
  if (!title || !currency || price.min === null) {
    return failure('layoutUnknown', 'aliexpress', missing);
  }
  confidence.title = product.title ? HIGH : medium('fromPageHeading', 'read from the page heading');
  confidence.currency = HIGH;
  confidence.price = noted(notes);
  confidence.tiers = product.bulk
    ? medium(
        'bulkPricesNotKept',
        'per-SKU bulk prices (from bulkOrder units) are not kept as tiers',
      )
    : HIGH;
  confidence.skuProperties = legacy
    ? properties.length
      ? medium('optionNamesFromPage', "names read from the page's SKU lists")
      : low('noOptionNames', 'the SKU names are not in the page data')
    : HIGH;
  confidence.skus = skuList.length
    ? noted(notes)
    : low('noSkuModel', 'no SKU list in the page data');
  let images = product.images;
  confidence.images = images.length ? HIGH : low('noImages', 'no images in the page data');
  if (!images.length && legacy) {
    images = imagesFromDom(input.document);
    if (images.length)
      confidence.images = medium('imagesFromGallery', 'read from the gallery thumbnails');
  }
  confidence.description = product.descriptionUrl
    ? HIGH
    : low('noDescriptionUrl', 'no description address in the page data');
  const domShop = product.shop.name ? null : shopFromDom(input.document);
  const shopName = product.shop.name ?? domShop?.name ?? null;
  const shop = shopName
    ? {
        id: product.shop.id ?? domShop?.id ?? null,
        name: shopName,
        url: product.shop.url ?? domShop?.url ?? null,
      }
    : null;
  confidence.shop = product.shop.name
    ? HIGH
    : shop
      ? medium('shopFromPage', 'read from the store link')
      : low('noShop', 'no shop in the page data');
  let categoryPath = product.categoryNames;
  confidence.categoryPath = categoryPath.length
    ? HIGH
    : low('noCategory', 'the page data names no category');
  if (!categoryPath.length && legacy) {
    categoryPath = categoriesFromDom(input.document);
    if (categoryPath.length)
      confidence.categoryPath = medium('categoryFromBreadcrumb', 'read from the breadcrumb');
  }
  const weightGrams = product.weightKg ? kgToGrams(product.weightKg) : null;
  confidence.weightGrams = weightGrams
    ? HIGH
    : low('noWeight', 'no package weight in the page data');
  confidence.dimensionsCm = product.size
    ? HIGH
    : low('noPackageSize', 'no package size in the page data');
  const attributeList = attributes(product.attributes);
  confidence.attributes = attributeList.length
    ? HIGH
    : low('noAttributes', 'no attributes in the page data');
  confidence.minOrderQuantity = low(
    'noMinOrderQuantity',
    'the page states no minimum order quantity',
  );
  const draft: ProductDraft = {
    site: 'aliexpress',
    itemId,
    url: `${url.origin}/item/${itemId}.html`,
    title,
    currency,
    price,
    tiers: [],
    skuProperties: properties,
    skus: skuList,
    images,
    description: product.descriptionUrl ? { url: product.descriptionUrl } : null,
    shop,
    categoryPath,
    weightGrams,
    dimensionsCm: product.size,
    attributes: attributeList,
    minOrderQuantity: null,
    raw: boundedRaw(product.source),
    confidence,
  };
  return draft;
}

/** Reads an AliExpress item page: a captured mtop answer, else the inline runParams data. */
export function extractAliexpress(input: ExtractInput): ExtractResult {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    return failure('notProduct', 'aliexpress');
  }
  if (isCaptcha(input.document, url)) return failure('captcha', 'aliexpress');
  const itemId = itemIdOf(url);
  if (!itemId) {
    return failure(isLoginPage(input.document, url) ? 'loginWall' : 'notProduct', 'aliexpress');
  }
  const captured = findInCaptured(input.captured);
  if (captured === 'captcha') return failure('captcha', 'aliexpress');
  // A captured answer for the address's item wins; answers for other items (a single-page
  // navigation's leftovers) only count when the page itself holds nothing.
  const answer = captured.find((candidate) => candidate.productIds.includes(itemId));
  const scripts = answer ? [] : scriptTexts(input.document);
  const product = answer ?? findInPage(scripts) ?? captured[0] ?? null;
  if (!product) {
    const kind = pageWithoutProduct(input.document, url, (pattern) =>
      scripts.some((script) => pattern.test(script)),
    );
    return failure(
      kind ?? 'layoutUnknown',
      'aliexpress',
      kind
        ? []
        : ['product data (window.runParams, or a captured mtop.aliexpress.pdp.pc.query answer)'],
    );
  }
  if (product.productIds.some((id) => id !== itemId)) {
    return failure('layoutUnknown', 'aliexpress', ['matching item id']);
  }
  return draftOf(input, url, itemId, product);
}
