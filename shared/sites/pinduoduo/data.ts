/**
 * A draft from PDD's initDataObj (`goods`, `mall`). Units are mixed: `*InCent` and
 * `oldGroupPrice` are fen, `groupPrice`/`normalPrice`/`min…Price` are yuan strings. The group
 * (拼单) price is the headline price; the single-purchase (单独购买) price is kept as the SKU's
 * original price when it is higher. A price of 0 means the price is hidden from H5 visitors.
 */
import type { ProductDraft } from '@shared/contracts/product-draft';
import { HIGH, high, low, medium } from '../common/confidence';
import { boundedRaw, type ExtractResult, failure } from '../common/draft';
import { toMinor } from '../common/money';
import { asArray, isRecord, type Json, record } from './payload';

const SITE = 'pinduoduo';
const CURRENCY = 'CNY';

function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

function yuan(value: unknown): number | null {
  const minor = toMinor(value, CURRENCY);
  return minor !== null && minor > 0 ? minor : null;
}

function fen(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : null;
}

function imageOf(entry: unknown): string | null {
  const address = text(isRecord(entry) ? entry.url : entry);
  if (!address) return null;
  if (address.startsWith('//')) return `https:${address}`;
  return address.replace(/^http:\/\//, 'https://');
}

function imageList(entries: unknown): string[] {
  return [
    ...new Set(
      asArray(entries)
        .map(imageOf)
        .filter((image): image is string => image !== null),
    ),
  ];
}

/** Whether the answer is the empty shell PDD serves for a delisted or vanished item. */
export function isEmptyShell(goods: Json): boolean {
  return !text(goods.goodsName) && asArray(goods.skus).length === 0;
}

export function draftFromInit(init: Json, url: string, goodsId: string): ExtractResult {
  const goods = record(init.goods);
  const mall = record(init.mall);
  const confidence: ProductDraft['confidence'] = {};
  const title = text(goods.goodsName) ?? text(goods.shareDesc);
  if (!title) return failure('layoutUnknown', SITE, ['title']);

  const specsOf = (sku: Json) => asArray(sku.specs).filter(isRecord);
  const rawSkus = asArray(goods.skus).filter(isRecord);
  const properties = new Map<string, ProductDraft['skuProperties'][number]>();
  rawSkus.forEach((sku) => {
    specsOf(sku).forEach((spec, axis) => {
      const id = text(spec.spec_key_id) ?? text(spec.spec_key) ?? '';
      const property = properties.get(id) ?? { id, name: text(spec.spec_key) ?? '', values: [] };
      properties.set(id, property);
      const valueId = text(spec.spec_value_id) ?? text(spec.spec_value) ?? '';
      if (property.values.some((value) => value.id === valueId)) return;
      property.values.push({
        id: valueId,
        name: text(spec.spec_value) ?? '',
        image: axis === 0 ? imageOf(sku.thumbUrl) : null,
      });
    });
  });

  const goodsOnSale = goods.isOnSale !== false && goods.isGoodsOnSale !== false;
  const skus = rawSkus.map((sku) => {
    const values: Record<string, string> = {};
    for (const spec of specsOf(sku)) {
      values[text(spec.spec_key_id) ?? text(spec.spec_key) ?? ''] =
        text(spec.spec_value_id) ?? text(spec.spec_value) ?? '';
    }
    const price = yuan(sku.groupPrice) ?? fen(sku.oldGroupPrice);
    const single = yuan(sku.normalPrice);
    const quantity = sku.quantity;
    const stock = typeof quantity === 'number' && Number.isSafeInteger(quantity) ? quantity : null;
    const flag = sku.isOnSale ?? sku.isOnsale;
    const onSale = goodsOnSale && flag !== 0 && flag !== false;
    return {
      id: text(sku.skuId ?? sku.skuID) ?? '',
      values,
      price,
      originalPrice: single !== null && price !== null && single > price ? single : null,
      stock,
      available: onSale && stock !== 0,
      image: imageOf(sku.thumbUrl),
    };
  });

  const prices = skus.map((sku) => sku.price).filter((price): price is number => price !== null);
  const min =
    fen(goods.minOnSaleGroupPriceInCent) ??
    yuan(goods.minOnSaleGroupPrice) ??
    yuan(goods.minGroupPrice) ??
    (prices.length > 0 ? Math.min(...prices) : null);
  const max =
    fen(goods.maxOnSaleGroupPriceInCent) ??
    yuan(goods.maxOnSaleGroupPrice) ??
    yuan(goods.maxGroupPrice) ??
    (prices.length > 0 ? Math.max(...prices) : min);
  if (min === null) return failure('layoutUnknown', SITE, ['price (0 or hidden on the H5 page)']);
  if (skus.some((sku) => sku.originalPrice !== null)) {
    confidence.skus = high(
      'groupPrice',
      'price is the group (拼单) price; originalPrice the single-purchase price',
    );
  }

  let images = imageList(goods.topGallery);
  if (images.length === 0) images = imageList(goods.viewImageData);
  if (images.length === 0) {
    images = imageList([goods.hdThumbUrl ?? goods.thumbUrl]);
    confidence.images = medium('coverImageOnly', 'only the thumbnail is in the data');
  }

  const detail = imageList(goods.detailGallery);
  if (detail.length === 0) {
    confidence.description = low('noDescription', 'no detail images in the data');
  }

  const mallId = text(mall.mallId ?? mall.mallID ?? goods.mallID);
  const mallName = text(mall.mallName);
  const shop = mallName
    ? {
        id: mallId,
        name: mallName,
        url: mallId ? `https://mobile.yangkeduo.com/mall_page.html?mall_id=${mallId}` : null,
      }
    : null;
  if (!shop) confidence.shop = low('noShop', 'no mall in the data');

  const attributes = asArray(goods.goodsProperty)
    .filter(isRecord)
    .map((property) => ({
      name: text(property.key) ?? '',
      value: asArray(property.values).map(text).filter(Boolean).join('，'),
    }))
    .filter((attribute) => attribute.name && attribute.value);

  const draft: ProductDraft = {
    site: SITE,
    itemId: goodsId,
    url,
    title,
    currency: CURRENCY,
    price: { min, max: max ?? min },
    tiers: [],
    skuProperties: [...properties.values()],
    skus,
    images,
    description:
      detail.length > 0 ? { html: detail.map((src) => `<img src="${src}">`).join('') } : null,
    shop,
    categoryPath: [],
    weightGrams: null,
    dimensionsCm: null,
    attributes,
    minOrderQuantity: null,
    raw: boundedRaw({
      goods: Object.fromEntries(
        [
          'goodsID',
          'goodsName',
          'catID1',
          'catID2',
          'catID3',
          'catID4',
          'minOnSaleGroupPriceInCent',
          'maxOnSaleGroupPriceInCent',
          'minNormalPrice',
          'maxNormalPrice',
          'linePrice',
          'quantity',
          'isOnSale',
          'sideSalesTip',
          'skus',
        ].map((key) => [key, goods[key]]),
      ),
      mall: { mallId, mallName },
    }),
    confidence,
  };
  confidence.categoryPath = low('categoryIdsOnly', 'the data has category ids only (catID1-4)');
  for (const field of ['itemId', 'title', 'currency', 'price', 'skuProperties', 'skus', 'images']) {
    confidence[field] ??= HIGH;
  }
  if (detail.length > 0) confidence.description ??= HIGH;
  if (shop) confidence.shop = HIGH;
  if (attributes.length > 0) confidence.attributes = HIGH;
  return draft;
}
