import { jsonAfter } from '../common/scan';
import { absolute, at, decimal, first, type Json, list, rec, text } from '../common/values';
import { objectAt } from './values';

/**
 * What an offer page states, read from whichever generation of page data it carries and put in
 * one shape. Prices stay as the decimal strings or numbers the page gave (CNY).
 */
export interface OfferData {
  generation: 'initData' | 'context';
  /** Every offer id the payload states (they must all be the URL's). */
  offerIds: string[];
  title: string | null;
  /** `skuModel.skuProps`: [{fid, prop, value: [{name, imageUrl}]}]. */
  skuProps: unknown[];
  /** `skuModel.skuInfoMap`: spec names (joined by `&gt;`) -> {skuId, price, discountPrice, ...}. */
  skuInfoMap: Json | null;
  /** `skuPrice` (a price per SKU) or `rangePrice` (a quantity ladder). */
  priceType: string | null;
  /** `skuParam.skuRangePrices` or the price block's `currentPrices`: [{beginAmount, price}]. */
  rangePrices: unknown[];
  /** The offer's own lowest and highest price (without promotion), when given. */
  offerRange: { min: unknown; max: unknown } | null;
  /** `skuModel.skuPriceScale`: "2.30-20.52" or "8.80". */
  priceScale: string | null;
  beginAmount: unknown;
  images: string[];
  detailUrl: string | null;
  shop: { id: string | null; name: string | null; url: string | null };
  /** Attributes with the id of their field (`fid`), so that SKU axes can be left out. */
  attributes: { fid: string | null; name: string; value: string }[];
  /** `unitWeight`, in kilograms. */
  unitWeightKg: number | null;
  /** `pieceWeightScale`: one row per SKU with weight, length, width, height, and its columns. */
  pieceRows: Json[];
  pieceColumns: Json[];
  categoryNames: string[];
  pricePrivate: boolean;
  /** The source objects the fields came from (buyer data left out). */
  source: Json;
}

/** The 2021-24 and 2025-26 carriers share this model (`globalData` / `Root.fields.dataJson`). */
function fromRoot(root: Json | null) {
  const temp = rec(root?.tempModel);
  const base = rec(root?.offerBaseInfo);
  const skuModel = rec(root?.skuModel);
  const orderParam = rec(at(root, 'orderParamModel', 'orderParam'));
  const skuParam = rec(orderParam?.skuParam);
  return {
    ids: [text(temp?.offerId), text(base?.offerId)],
    title: text(temp?.offerTitle),
    skuProps: list(skuModel?.skuProps),
    skuInfoMap: rec(skuModel?.skuInfoMap),
    priceScale: text(skuModel?.skuPriceScale),
    priceType: text(skuParam?.skuPriceType),
    rangePrices: list(skuParam?.skuRangePrices),
    beginAmount: orderParam?.beginNum,
    images: list(root?.images).map((image) => text(rec(image)?.fullPathImageURI)),
    shop: {
      id: first(text(base?.sellerUserId), text(temp?.sellerUserId), text(base?.sellerMemberId)),
      name: text(temp?.companyName),
      url: absolute(text(base?.sellerWinportUrl)),
    },
    pricePrivate: root?.isPricePrivate === true,
    source: {
      tempModel: temp,
      skuModel: skuModel && {
        skuProps: skuModel.skuProps,
        skuInfoMap: skuModel.skuInfoMap,
        skuPriceScale: skuModel.skuPriceScale,
      },
      orderParam,
      offerBaseInfo: base && {
        offerId: base.offerId,
        sellerUserId: base.sellerUserId,
        sellerMemberId: base.sellerMemberId,
        sellerWinportUrl: base.sellerWinportUrl,
        catId: base.catId,
      },
    },
  };
}

function strings(values: (string | null)[]): string[] {
  const seen = new Set<string>();
  for (const value of values) if (value) seen.add(value);
  return [...seen];
}

function attributeRows(rows: unknown[]): OfferData['attributes'] {
  const out: OfferData['attributes'] = [];
  for (const row of rows.map(rec)) {
    const name = text(row?.name);
    const value = first(
      text(row?.value),
      list(row?.values)
        .map(text)
        .filter((v): v is string => v !== null)
        .join(',') || null,
    );
    if (name && value) out.push({ fid: text(row?.fid), name, value });
  }
  return out;
}

/** 2021-24: `window.__INIT_DATA = { data: { <id>: {componentType, data} }, globalData }`. */
function fromInitData(init: Json): OfferData | null {
  const global = rec(init.globalData);
  const modules = Object.values(rec(init.data) ?? {}).map(rec);
  if (!global?.skuModel && !global?.tempModel) return null;
  const module = (name: string): unknown =>
    modules.find((m) => String(m?.componentType ?? '').endsWith(name))?.data;
  const root = fromRoot(global);
  const gallery = rec(module('-main-pic'));
  const titleModule = rec(module('-offer-title'));
  const logistics = rec(module('-offer-logistics'));
  const cross = rec(module('-offer-cross'));
  const price = rec(module('-offer-price'));
  const priceModel = rec(price?.priceModel);
  return {
    generation: 'initData',
    offerIds: strings([...root.ids, text(gallery?.offerId)]),
    title: first(root.title, text(titleModule?.title), text(gallery?.subject)),
    skuProps: root.skuProps,
    skuInfoMap: root.skuInfoMap,
    priceType: first(root.priceType, text(priceModel?.priceDisplayType)),
    rangePrices: root.rangePrices.length ? root.rangePrices : list(priceModel?.currentPrices),
    offerRange: null,
    priceScale: root.priceScale,
    beginAmount: root.beginAmount,
    images: strings(
      list(gallery?.offerImgList)
        .map((url) => absolute(text(url)))
        .concat(root.images.map(absolute)),
    ),
    detailUrl: absolute(text(rec(module('-offer-description'))?.detailUrl)),
    shop: root.shop,
    attributes: attributeRows(list(module('-attribute-new'))),
    unitWeightKg: first(decimal(logistics?.unitWeight), decimal(cross?.unitWeight)),
    pieceRows: list(at(cross, 'pieceWeightScale', 'pieceWeightScaleInfo'))
      .map(rec)
      .filter((row): row is Json => row !== null),
    pieceColumns: list(at(cross, 'pieceWeightScale', 'columnList'))
      .map(rec)
      .filter((column): column is Json => column !== null),
    categoryNames: [],
    pricePrivate: root.pricePrivate || price?.isPrivatePrice === true,
    source: {
      generation: 'initData',
      ...root.source,
      priceModel,
      logistics: logistics && { unitWeight: logistics.unitWeight, skuWeight: logistics.skuWeight },
      pieceWeightScale: cross?.pieceWeightScale,
    },
  };
}

/** 2025-26: `window.context = (fn)(window.contextPath, { result: { data: { <Block>: {fields} } } })`. */
function fromContext(context: Json): OfferData | null {
  const result = rec(context.result);
  const data = rec(result?.data);
  if (!data) return null;
  const blocks = Object.values(data).map((block) => rec(rec(block)?.fields));
  const block = (key: string, uiType: string): Json | null =>
    rec(rec(data[key])?.fields) ?? blocks.find((fields) => fields?.uiType === uiType) ?? null;
  const root = fromRoot(rec(block('Root', 'od_region')?.dataJson));
  const model = rec(at(result, 'global', 'globalData', 'model'));
  const detail = rec(model?.offerDetail);
  const seller = rec(model?.sellerModel);
  const titleBlock = block('productTitle', 'od_title');
  const gallery = block('gallery', 'od_picture_gallery');
  const mainPrice = block('mainPrice', 'od_main_price');
  const pack = block('productPackInfo', 'od_product_pack_info');
  const shipping = block('shippingServices', 'od_shipping_services');
  const priceModel = rec(mainPrice?.priceModel);
  const offerPrice = rec(at(mainPrice, 'finalPriceModel', 'tradeWithoutPromotion'));
  if (!titleBlock && !mainPrice && !root.title && !detail) return null;
  const winport = text(at(seller, 'sellerWinportUrlMap', 'indexUrl'));
  return {
    generation: 'context',
    offerIds: strings([...root.ids, text(gallery?.offerId), text(detail?.offerId)]),
    title: first(
      root.title,
      text(titleBlock?.title),
      text(gallery?.subject),
      text(detail?.subject),
    ),
    skuProps: root.skuProps.length ? root.skuProps : list(detail?.skuProps),
    skuInfoMap: root.skuInfoMap,
    priceType: first(
      root.priceType,
      text(priceModel?.priceDisplayType),
      text(mainPrice?.originPriceType),
    ),
    rangePrices: root.rangePrices.length ? root.rangePrices : list(priceModel?.currentPrices),
    offerRange: offerPrice
      ? { min: offerPrice.offerMinPrice, max: offerPrice.offerMaxPrice }
      : null,
    priceScale: root.priceScale,
    beginAmount: first(root.beginAmount, offerPrice?.offerBeginAmount),
    images: strings(
      list(gallery?.offerImgList)
        .concat(list(gallery?.mainImage))
        .map((url) => absolute(text(url)))
        .concat(root.images.map(absolute))
        .concat(
          list(detail?.imageList).map((image) => absolute(text(rec(image)?.fullPathImageURI))),
        ),
    ),
    detailUrl: absolute(
      first(
        text(block('description', 'od_product_description')?.detailUrl),
        text(detail?.detailUrl),
      ),
    ),
    shop: {
      id: first(root.shop.id, text(seller?.memberId)),
      name: first(
        root.shop.name,
        text(at(titleBlock, 'shopInfo', 'companyName')),
        text(seller?.companyName),
      ),
      url: first(
        root.shop.url,
        winport ? absolute(winport.replace(/\/page\/index\.html$/, '')) : null,
      ),
    },
    attributes: attributeRows(list(detail?.featureAttributes)),
    unitWeightKg: first(
      decimal(pack?.unitWeight),
      decimal(shipping?.unitWeight),
      decimal(at(block('submitOrder', 'od_submit_order'), 'freightInfo', 'unitWeight')),
    ),
    pieceRows: list(at(pack, 'pieceWeightScale', 'pieceWeightScaleInfo'))
      .map(rec)
      .filter((row): row is Json => row !== null),
    pieceColumns: list(at(pack, 'pieceWeightScale', 'columnList'))
      .map(rec)
      .filter((column): column is Json => column !== null),
    categoryNames: strings([text(detail?.leafCategoryName)]),
    pricePrivate: root.pricePrivate || mainPrice?.isPrivatePrice === true,
    source: {
      generation: 'context',
      ...root.source,
      priceModel,
      tradeWithoutPromotion: offerPrice && {
        offerMinPrice: offerPrice.offerMinPrice,
        offerMaxPrice: offerPrice.offerMaxPrice,
        offerBeginAmount: offerPrice.offerBeginAmount,
      },
      unitWeight: pack?.unitWeight ?? shipping?.unitWeight,
    },
  };
}

/** The call that builds `window.context` passes the data object after `window.contextPath`. */
const CONTEXT_ARGUMENT = /\(\s*window\.contextPath\s*,\s*\{/;
const CONTEXT_ASSIGNMENT = /window\.context\s*=\s*\{/;

/** The offer data of a page, from the first inline script that carries a known generation. */
export function findOfferData(scripts: string[]): OfferData | null {
  for (const script of scripts) {
    if (script.includes('__INIT_DATA')) {
      const init = rec(jsonAfter(script, /window\.__INIT_DATA\b/));
      const offer = init && fromInitData(init);
      if (offer) return offer;
    }
    if (script.includes('window.context')) {
      const match = CONTEXT_ARGUMENT.exec(script) ?? CONTEXT_ASSIGNMENT.exec(script);
      if (!match) continue;
      const context = rec(objectAt(script, match.index + match[0].length - 1));
      const offer = context && fromContext(context);
      if (offer) return offer;
    }
  }
  return null;
}
