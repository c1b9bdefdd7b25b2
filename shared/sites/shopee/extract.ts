/**
 * Reads a Shopee product into a draft. Shopee's HTML carries no price or variants: the data is the
 * PDP answer the page received (`pdp/get_pc`, older `item/get`), or the same PDP data embedded in
 * `text/mfe-initial-data`. Prices are integers x100000 of the item's currency; stock is hidden
 * (null) in get_pc, so availability comes from the model status.
 */
import type { ProductDraft } from '@shared/contracts/product-draft';
import { HIGH, low, medium } from '../common/confidence';
import { boundedRaw, type ExtractInput, type ExtractResult, failure } from '../common/draft';
import { amountText, toMinor } from '../common/money';
import { at } from '../common/values';
import { currencyOfHost, idsFromUrl, imageUrl, isVerificationUrl, type ShopeeIds } from './match';
import { breadcrumbCategories, headNamesItem, unavailableView } from './page';
import { asArray, findShopeeData, isRecord, itemIdOf, type Json, type PdpPayload } from './payload';

const SITE = 'shopee';
/** Shopee stores every amount as the price times this. */
const PRICE_SCALE = 100_000;

type Confidence = ProductDraft['confidence'];

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** An amount in Shopee's x100000 integers, in minor units of the currency; null if not a price. */
function scaled(value: unknown, currency: string): number | null {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) return null;
  const whole = Math.trunc(value / PRICE_SCALE);
  const fraction = String(value % PRICE_SCALE).padStart(5, '0');
  return toMinor(`${whole}.${fraction}`, currency);
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Shopee descriptions are plain text: kept as escaped paragraphs; null when it holds no words. */
function descriptionHtml(value: unknown): string | null {
  const body = text(value);
  if (!body || !/[\p{L}\p{N}]/u.test(body)) return null;
  return body
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}

/** A tier with no name and a single empty option is Shopee's way of saying "no variants". */
function isRealTier(tier: Json): boolean {
  const options = asArray(tier.options);
  return Boolean(text(tier.name)) || options.some((option) => Boolean(text(option)));
}

/** The payload to read when several name the item: get_pc with models first, captured first. */
function rank(payload: PdpPayload): number {
  return (
    (Array.isArray(payload.item.models) ? 2 : 0) + (payload.source === 'mfe-initial-data' ? 0 : 1)
  );
}

/**
 * The price the page shows (get_pc `product_price.price`: single value, or range when the single
 * value is -1), which can include session vouchers.
 */
function shownPrice(container: Json): { min: unknown; max: unknown; hidden: boolean } | null {
  const productPrice =
    at(container, 'pricing', 'data', 'product_price') ?? at(container, 'product_price');
  if (!isRecord(productPrice)) return null;
  const price = isRecord(productPrice.price) ? productPrice.price : {};
  const single = price.single_value;
  const hidden = productPrice.hide_price === true;
  if (typeof single === 'number' && single > 0) return { min: single, max: single, hidden };
  return { min: price.range_min, max: price.range_max, hidden };
}

function draftOf(payload: PdpPayload, input: ExtractInput, url: URL, ids: ShopeeIds) {
  const { item, container } = payload;
  const confidence: Confidence = {};
  const title = text(item.title) ?? text(item.name);
  if (!title) return failure('layoutUnknown', SITE, ['title']);

  let currency = text(item.currency);
  if (!currency) {
    currency = currencyOfHost(url);
    if (!currency) return failure('layoutUnknown', SITE, ['currency']);
    confidence.currency = medium('currencyFromSite', 'not in the answer; the site’s currency');
  }

  const shown = shownPrice(container);
  let min = scaled(item.price_min ?? item.price, currency);
  let max = scaled(item.price_max ?? item.price, currency);
  if (min === null && shown && !shown.hidden) {
    min = scaled(shown.min, currency);
    max = scaled(shown.max, currency);
  }
  if (shown?.hidden || min === null) return failure('layoutUnknown', SITE, ['price']);
  max ??= min;
  const shownMin = shown ? scaled(shown.min, currency) : null;
  if (shownMin !== null && shownMin !== min) {
    confidence.price = medium(
      'priceBeforeVouchers',
      `the page shows ${shownMin} (${currency} minor units) after this session’s vouchers; this is the price before vouchers`,
      { shown: amountText(shownMin, currency) },
    );
  }

  const tiers = asArray(item.tier_variations).filter(isRecord);
  const realTiers = tiers
    .map((tier, index) => ({ tier, index }))
    .filter(({ tier }) => isRealTier(tier));
  const skuProperties = realTiers.map(({ tier, index }) => ({
    id: String(index),
    name: text(tier.name) ?? '',
    values: asArray(tier.options).map((option, position) => {
      const image = asArray(tier.images)[position];
      return {
        id: String(position),
        name: typeof option === 'string' ? option.trim() : String(option),
        image: typeof image === 'string' && image ? imageUrl(image, url) : null,
      };
    }),
  }));

  const itemStatus = text(item.item_status);
  const sellable = (itemStatus === null || itemStatus === 'normal') && item.status !== 0;
  let unmapped = 0;
  const skus = asArray(item.models)
    .filter(isRecord)
    .map((model) => {
      const tierIndex = asArray(isRecord(model.extinfo) ? model.extinfo.tier_index : undefined);
      const values: Record<string, string> = {};
      let image: string | null = null;
      for (const { index } of realTiers) {
        const position = tierIndex[index];
        if (typeof position !== 'number') continue;
        values[String(index)] = String(position);
        image ??=
          skuProperties.find((p) => p.id === String(index))?.values[position]?.image ?? null;
      }
      if (Object.keys(values).length !== realTiers.length) unmapped += 1;
      const price = scaled(model.price, currency);
      const before = scaled(model.price_before_discount, currency);
      const stock =
        typeof model.stock === 'number' && Number.isSafeInteger(model.stock) ? model.stock : null;
      const status = typeof model.status === 'number' ? model.status : 1;
      return {
        id: String(model.model_id ?? model.modelid ?? ''),
        values,
        price,
        originalPrice: before !== null && price !== null && before > price ? before : null,
        stock,
        available: sellable && status === 1 && stock !== 0,
        image,
      };
    })
    .filter((sku) => sku.id !== '');
  if (skus.length === 0) {
    confidence.skus = low('noSkuModel', 'the answer has no models[] (variants unknown)');
    if (realTiers.length === 0) confidence.skuProperties = confidence.skus;
  } else if (unmapped > 0) {
    confidence.skus = medium('skusWithoutOptions', `${unmapped} models have no tier_index`, {
      skus: unmapped,
    });
  } else if (skus.every((sku) => sku.stock === null)) {
    confidence.skus = medium(
      'stockHidden',
      'Shopee hides stock (null); availability from the model status',
    );
  }

  const hashes = [
    ...asArray(item.images),
    ...asArray(at(container, 'product_images', 'images')),
    item.image,
  ].filter((hash): hash is string => typeof hash === 'string' && hash !== '');
  const images = [...new Set(hashes.map((hash) => imageUrl(hash, url)))];
  if (images.length === 1 && !Array.isArray(item.images)) {
    confidence.images = medium('coverImageOnly', 'only the cover image is in the answer');
  }

  const html = descriptionHtml(item.description);
  if (!html) confidence.description = low('noDescription', 'no description text in the answer');

  const shopId = String(item.shop_id ?? item.shopid ?? ids.shopId);
  const shopDetailed = isRecord(container.shop_detailed) ? container.shop_detailed : {};
  const shopName = text(shopDetailed.name);
  const username = text(at(shopDetailed, 'account', 'username'));
  const shop = {
    id: shopId,
    name: shopName ?? '',
    url: username ? `${url.origin}/${username}` : `${url.origin}/shop/${shopId}`,
  };
  if (!shopName) confidence.shop = low('shopIdOnly', 'only the shop id is in the answer');

  let categoryPath = asArray(item.fe_categories ?? item.categories)
    .map((category) => (isRecord(category) ? text(category.display_name) : null))
    .filter((name): name is string => name !== null);
  if (categoryPath.length === 0) categoryPath = breadcrumbCategories(input.document, ids.itemId);

  const attributes = asArray(at(container, 'product_attributes', 'attrs') ?? item.attributes)
    .filter(isRecord)
    .map((attribute) => ({ name: text(attribute.name) ?? '', value: text(attribute.value) ?? '' }))
    .filter((attribute) => attribute.name && attribute.value);

  const minPurchase = item.min_purchase_limit;
  const draft: ProductDraft = {
    site: SITE,
    itemId: ids.itemId,
    url: input.url,
    title,
    currency,
    price: { min, max },
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
    minOrderQuantity:
      typeof minPurchase === 'number' && Number.isSafeInteger(minPurchase) && minPurchase > 1
        ? minPurchase
        : null,
    raw: boundedRaw({ source: payload.source, data: container }),
    confidence,
  };
  for (const field of ['itemId', 'title', 'currency', 'price', 'skuProperties', 'skus', 'images']) {
    confidence[field] ??= HIGH;
  }
  if (categoryPath.length > 0) confidence.categoryPath = HIGH;
  if (attributes.length > 0) confidence.attributes = HIGH;
  if (html) confidence.description = HIGH;
  if (shopName) confidence.shop = HIGH;
  return draft;
}

/**
 * Reads a Shopee page, cheapest signs first: the address (a verification page, or no item ids:
 * a list or search page, of which only the visible "unavailable" view is read), then the
 * captured answers and embedded data of a product address.
 */
export function extractShopee(input: ExtractInput): ExtractResult {
  const url = new URL(input.url);
  if (isVerificationUrl(url)) return failure('captcha', SITE);
  const ids = idsFromUrl(url);
  if (!ids) return failure(unavailableView(input.document) ?? 'notProduct', SITE);
  const data = findShopeeData(input);
  const matching = data.payloads.filter((p) => itemIdOf(p.item) === ids.itemId);
  const best = matching.sort((a, b) => rank(b) - rank(a))[0];
  if (best) return draftOf(best, input, url, ids);
  if (data.refused === 'riskControl') return failure('captcha', SITE);
  const view = unavailableView(input.document);
  if (view) return failure(view, SITE);
  if (data.listing) return failure('notProduct', SITE);
  if (data.payloads.length > 0) return failure('layoutUnknown', SITE, ['matching item id']);
  if (data.refused === 'error') return failure('errorPage', SITE);
  if (headNamesItem(input.document, ids.itemId)) {
    return failure('layoutUnknown', SITE, ['pdp/get_pc answer (price, variants)']);
  }
  return failure('layoutUnknown', SITE, ['pdp/get_pc answer', 'product head (og:url of the item)']);
}
