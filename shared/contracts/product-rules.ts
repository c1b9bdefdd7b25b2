import * as z from 'zod/mini';
import { CURRENCY_DECIMALS, type Currency } from './money';
import { type Media, type ProductInput, ProductInputSchema, type ReadinessCode } from './products';
import type { Platform } from './shops';
import type { SiteCode } from './site-codes';
import type { ValidationMessageKey } from './validation';

/**
 * The product rules of spec section 5, one table per platform and site, shared by the editors
 * (as the form's schema) and the server (before it saves or publishes): a rule answers the same
 * in both. Every failure names its field (dotted path of ProductInput) and a `validation` key.
 */

export const MB = 1024 * 1024;
const JPG_PNG = ['image/jpeg', 'image/png'] as const;

interface Range {
  min: number;
  max: number;
}

interface ImageRule {
  /** At most this many images (the cover is the first). */
  max: number;
  /** At least this many (1: a cover is required). */
  min: number;
  types: readonly string[];
  maxBytes: number;
  /** Smallest and largest side in px (checked by the readiness check, a warning). */
  sidePx: Range;
  /** The recommended cover size in px (a warning when the cover is not square). */
  recommendedPx: number | null;
}

interface VideoRule {
  types: readonly string[];
  maxBytes: number;
  durationMs: Range;
}

export interface RuleTable {
  platform: Platform;
  site: SiteCode;
  currency: Currency;
  /** Decimals of price fields: the currency's ISO 4217 exponent (decisions.md). */
  priceDecimals: number;
  title: Range;
  /** Description length in characters (HTML tags not counted); null: no rule. */
  description: Range | null;
  shortDescriptionMin: number | null;
  /** Package content: required and this long, or null. */
  packageContent: Range | null;
  weightRequired: boolean;
  /** The largest value of stock and price fields, in whole units (Shopee: 1,000,000); null: none. */
  numberMax: number | null;
  /** The product's SKU at most this long. */
  productSkuMax: number;
  /** Each SKU's seller SKU: required, at most this long, and matching `sellerSkuPattern`. */
  sellerSku: { required: boolean; max: number; pattern: RegExp | null };
  /** At least one SKU (Lazada: a variant option). */
  variationsMax: number;
  optionsPerVariationMax: number;
  /** Length of a variation's name and its options' names; null: no limit. */
  variationNameMax: number | null;
  images: ImageRule;
  video: VideoRule | null;
  preOrderDays: Range | null;
  /** Wholesale tiers are offered (Shopee). */
  wholesale: boolean;
  /** At least one logistics method (Shopee). */
  logisticsRequired: boolean;
}

const SITE_CURRENCY: Partial<Record<SiteCode, Currency>> = {
  my: 'MYR',
  th: 'THB',
  vn: 'VND',
  sg: 'SGD',
  id: 'IDR',
  ph: 'PHP',
  cn: 'CNY',
  tw: 'CNY',
  gb: 'GBP',
};

/** The currency a shop on a site sells in (pl and br sell in USD here: no currency of theirs is ours). */
export const siteCurrency = (site: SiteCode): Currency => SITE_CURRENCY[site] ?? 'USD';

function lazada(site: SiteCode): RuleTable {
  const currency = siteCurrency(site);
  return {
    platform: 'lazada',
    site,
    currency,
    priceDecimals: CURRENCY_DECIMALS[currency],
    title: { min: 1, max: 255 },
    description: null,
    shortDescriptionMin: null,
    packageContent: { min: 1, max: 1000 },
    weightRequired: true,
    numberMax: null,
    productSkuMax: 50,
    sellerSku: { required: true, max: 50, pattern: null },
    variationsMax: 3,
    optionsPerVariationMax: 50,
    variationNameMax: null,
    images: {
      max: 8,
      min: 1,
      types: JPG_PNG,
      maxBytes: 2 * MB,
      sidePx: { min: 330, max: 5000 },
      recommendedPx: null,
    },
    video: null,
    preOrderDays: null,
    wholesale: false,
    logisticsRequired: false,
  };
}

/** Shopee's title length by site (decisions.md: default 20 to 120). */
const SHOPEE_TITLE: Partial<Record<SiteCode, Range>> = {};
/** Sites whose currency has no decimals take prices to 1,000,000,000 whole units. */
const SHOPEE_NUMBER_MAX: Partial<Record<SiteCode, number>> = {
  vn: 1_000_000_000,
  id: 1_000_000_000,
};

function shopee(site: SiteCode): RuleTable {
  const currency = siteCurrency(site);
  return {
    platform: 'shopee',
    site,
    currency,
    priceDecimals: CURRENCY_DECIMALS[currency],
    title: SHOPEE_TITLE[site] ?? { min: 20, max: 120 },
    description: { min: 25, max: 3000 },
    shortDescriptionMin: 20,
    packageContent: null,
    weightRequired: true,
    numberMax: SHOPEE_NUMBER_MAX[site] ?? 1_000_000,
    productSkuMax: 50,
    sellerSku: { required: false, max: 30, pattern: /^[A-Za-z0-9_]*$/ },
    variationsMax: 2,
    optionsPerVariationMax: 20,
    variationNameMax: 20,
    images: {
      max: 8,
      min: 1,
      types: JPG_PNG,
      maxBytes: 2 * MB,
      sidePx: { min: 500, max: 5000 },
      recommendedPx: 1000,
    },
    video: { types: ['video/mp4'], maxBytes: 30 * MB, durationMs: { min: 10_000, max: 60_000 } },
    preOrderDays: { min: 7, max: 30 },
    wholesale: true,
    logisticsRequired: true,
  };
}

/** TikTok Shop's published limits (decisions.md), in the same table. */
function tiktok(site: SiteCode): RuleTable {
  const currency = siteCurrency(site);
  return {
    platform: 'tiktok',
    site,
    currency,
    priceDecimals: CURRENCY_DECIMALS[currency],
    title: { min: 1, max: 255 },
    description: { min: 1, max: 10_000 },
    shortDescriptionMin: null,
    packageContent: null,
    weightRequired: true,
    numberMax: null,
    productSkuMax: 50,
    sellerSku: { required: false, max: 50, pattern: null },
    variationsMax: 3,
    optionsPerVariationMax: 50,
    variationNameMax: null,
    images: {
      max: 9,
      min: 1,
      types: ['image/jpeg', 'image/png', 'image/webp'],
      maxBytes: 10 * MB,
      sidePx: { min: 300, max: 4000 },
      recommendedPx: null,
    },
    video: { types: ['video/mp4'], maxBytes: 100 * MB, durationMs: { min: 1_000, max: 60_000 } },
    preOrderDays: null,
    wholesale: false,
    logisticsRequired: false,
  };
}

const BUILDERS: Record<Platform, (site: SiteCode) => RuleTable> = { lazada, shopee, tiktok };

/** The rule table of a platform's site. */
export function ruleTable(platform: Platform, site: SiteCode): RuleTable {
  return BUILDERS[platform](site);
}

/** What the rules need to know beyond the product: the category's demands. */
export interface RuleContext {
  /** Ids of the category's required attributes (the editor marks them). */
  requiredAttributes?: readonly string[];
  /** The category needs a size chart. */
  sizeChartRequired?: boolean;
}

type Issues = z.core.$ZodRawIssue[];

function issue(
  issues: Issues,
  path: (string | number)[],
  message: ValidationMessageKey,
  params: Record<string, string | number> = {},
): void {
  issues.push({ code: 'custom', message, input: undefined, path, params });
}

/**
 * Characters as the seller counts them (code points, not UTF-16 units).
 * @public
 */
export const textLength = (text: string) => [...text].length;
/**
 * The text of an HTML description, as its length is counted.
 * @public
 */
export const htmlTextLength = (html: string) =>
  textLength(
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&[a-z#0-9]+;/gi, ' ')
      .trim(),
  );

function checkLength(
  issues: Issues,
  path: (string | number)[],
  length: number,
  range: Range,
): void {
  if (length === 0 && range.min > 0) issue(issues, path, 'required');
  else if (length < range.min) issue(issues, path, 'tooShort', { minimum: range.min });
  else if (length > range.max) issue(issues, path, 'tooLong', { maximum: range.max });
}

function checkMedia(
  issues: Issues,
  path: (string | number)[],
  media: Media,
  types: readonly string[],
  maxBytes: number,
): void {
  if (media.mime !== null && !types.includes(media.mime))
    issue(issues, path, 'fileType', { types: types.map((t) => t.split('/')[1]).join(', ') });
  else if (media.bytes !== null && media.bytes > maxBytes)
    issue(issues, path, 'fileTooLarge', { maximum: Math.round(maxBytes / MB) });
}

function checkMoney(
  issues: Issues,
  path: (string | number)[],
  minor: number,
  table: RuleTable,
  required: boolean,
): void {
  if (!Number.isSafeInteger(minor)) issue(issues, path, 'integer');
  else if (minor < 0 || (required && minor === 0))
    issue(issues, path, 'tooSmall', { minimum: required ? 10 ** -table.priceDecimals : 0 });
  else if (table.numberMax !== null && minor > table.numberMax * 10 ** table.priceDecimals)
    issue(issues, path, 'tooBig', { maximum: table.numberMax });
}

/** Every rule of the table over one product (appends to `issues`). */
export function checkProduct(
  product: ProductInput,
  table: RuleTable,
  context: RuleContext,
  issues: Issues,
): void {
  checkLength(issues, ['title'], textLength(product.title.trim()), table.title);
  if (table.description)
    checkLength(issues, ['description'], htmlTextLength(product.description), table.description);
  if (table.shortDescriptionMin !== null) {
    const length = htmlTextLength(product.shortDescription);
    if (length < table.shortDescriptionMin)
      issue(issues, ['shortDescription'], length === 0 ? 'required' : 'tooShort', {
        minimum: table.shortDescriptionMin,
      });
  }
  if (table.packageContent)
    checkLength(
      issues,
      ['packageContent'],
      textLength(product.packageContent.trim()),
      table.packageContent,
    );
  if (table.weightRequired) {
    if (product.packageWeightGrams === null) issue(issues, ['packageWeightGrams'], 'required');
    else if (!Number.isSafeInteger(product.packageWeightGrams))
      issue(issues, ['packageWeightGrams'], 'decimals', { maximum: 3 });
    else if (product.packageWeightGrams <= 0)
      issue(issues, ['packageWeightGrams'], 'tooSmall', { minimum: 0.001 });
  }
  for (const side of ['packageLengthCm', 'packageWidthCm', 'packageHeightCm'] as const) {
    const value = product[side];
    if (value !== null && !(value > 0)) issue(issues, [side], 'tooSmall', { minimum: 0.01 });
  }
  if (textLength(product.sku) > table.productSkuMax)
    issue(issues, ['sku'], 'tooLong', { maximum: table.productSkuMax });

  checkVariations(product, table, issues);
  checkSkus(product, table, issues);
  checkImages(product, table, issues);
  if (product.video) {
    if (!table.video) issue(issues, ['video'], 'fileType', { types: '-' });
    else {
      checkMedia(issues, ['video'], product.video, table.video.types, table.video.maxBytes);
      const ms = product.video.durationMs;
      const { min, max } = table.video.durationMs;
      if (ms !== null && (ms < min || ms > max))
        issue(issues, ['video'], 'videoDuration', { minimum: min / 1000, maximum: max / 1000 });
    }
  }
  if (context.sizeChartRequired && product.sizeChart === null)
    issue(issues, ['sizeChart'], 'required');
  for (const id of context.requiredAttributes ?? []) {
    const values = product.attributes[id] ?? [];
    if (values.every((value) => value.trim() === '')) issue(issues, ['attributes', id], 'required');
  }
  if (table.preOrderDays && product.preOrder.enabled) {
    const days = product.preOrder.days;
    if (days === null) issue(issues, ['preOrder', 'days'], 'required');
    else if (!Number.isSafeInteger(days)) issue(issues, ['preOrder', 'days'], 'integer');
    else if (days < table.preOrderDays.min)
      issue(issues, ['preOrder', 'days'], 'tooSmall', { minimum: table.preOrderDays.min });
    else if (days > table.preOrderDays.max)
      issue(issues, ['preOrder', 'days'], 'tooBig', { maximum: table.preOrderDays.max });
  }
  if (table.wholesale) checkWholesale(product, table, issues);
  if (table.logisticsRequired && !product.logistics.some((method) => method.enabled))
    issue(issues, ['logistics'], 'tooFewItems', { minimum: 1 });
}

function checkVariations(product: ProductInput, table: RuleTable, issues: Issues): void {
  const { variations } = product;
  if (variations.length > table.variationsMax)
    issue(issues, ['variations'], 'tooManyItems', { maximum: table.variationsMax });
  if (product.variantType === 'multiple' && variations.length === 0)
    issue(issues, ['variations'], 'tooFewItems', { minimum: 1 });
  const names = new Set<string>();
  variations.forEach((variation, index) => {
    const name = variation.name.trim();
    if (name === '') issue(issues, ['variations', index, 'name'], 'required');
    else if (names.has(name.toLowerCase()))
      issue(issues, ['variations', index, 'name'], 'duplicate');
    else if (table.variationNameMax !== null && textLength(name) > table.variationNameMax)
      issue(issues, ['variations', index, 'name'], 'tooLong', { maximum: table.variationNameMax });
    names.add(name.toLowerCase());
    if (variation.options.length === 0)
      issue(issues, ['variations', index, 'options'], 'tooFewItems', { minimum: 1 });
    if (variation.options.length > table.optionsPerVariationMax)
      issue(issues, ['variations', index, 'options'], 'tooManyItems', {
        maximum: table.optionsPerVariationMax,
      });
    const options = new Set<string>();
    variation.options.forEach((option, at) => {
      const path = ['variations', index, 'options', at, 'name'];
      const value = option.name.trim();
      if (value === '') issue(issues, path, 'required');
      else if (options.has(value.toLowerCase())) issue(issues, path, 'duplicate');
      else if (table.variationNameMax !== null && textLength(value) > table.variationNameMax)
        issue(issues, path, 'tooLong', { maximum: table.variationNameMax });
      options.add(value.toLowerCase());
    });
  });
}

function checkSkus(product: ProductInput, table: RuleTable, issues: Issues): void {
  const { skus, variations } = product;
  if (skus.length === 0) {
    issue(issues, ['skus'], 'tooFewItems', { minimum: 1 });
    return;
  }
  if (product.variantType === 'single' && skus.length > 1)
    issue(issues, ['skus'], 'tooManyItems', { maximum: 1 });
  const combos = new Set<string>();
  const sellerSkus = new Set<string>();
  skus.forEach((sku, index) => {
    const at = (field: string) => ['skus', index, field];
    const code = sku.sellerSku.trim();
    if (code === '') {
      if (table.sellerSku.required) issue(issues, at('sellerSku'), 'required');
    } else if (textLength(code) > table.sellerSku.max)
      issue(issues, at('sellerSku'), 'tooLong', { maximum: table.sellerSku.max });
    else if (table.sellerSku.pattern && !table.sellerSku.pattern.test(code))
      issue(issues, at('sellerSku'), 'invalidFormat');
    else if (sellerSkus.has(code)) issue(issues, at('sellerSku'), 'duplicate');
    if (code !== '') sellerSkus.add(code);
    const names = variations.map((variation) => variation.options.map((option) => option.name));
    if (
      sku.options.length !== variations.length ||
      sku.options.some((option, tier) => !names[tier]?.includes(option))
    )
      issue(issues, at('options'), 'invalidOption');
    else {
      const combo = JSON.stringify(sku.options);
      if (combos.has(combo)) issue(issues, at('options'), 'duplicate');
      combos.add(combo);
    }
    checkMoney(issues, at('sellingPrice'), sku.sellingPrice, table, true);
    if (sku.originalPrice !== null) {
      checkMoney(issues, at('originalPrice'), sku.originalPrice, table, false);
      if (sku.originalPrice < sku.sellingPrice)
        issue(issues, at('originalPrice'), 'tooSmall', {
          minimum: minorText(sku.sellingPrice, table.priceDecimals),
        });
    }
    if (sku.promotionPrice !== null) {
      checkMoney(issues, at('promotionPrice'), sku.promotionPrice, table, false);
      if (sku.promotionPrice > sku.sellingPrice)
        issue(issues, at('promotionPrice'), 'promotionAbovePrice');
      if (sku.promotionStart === null) issue(issues, at('promotionStart'), 'required');
      if (sku.promotionEnd === null) issue(issues, at('promotionEnd'), 'required');
    }
    if (
      sku.promotionStart !== null &&
      sku.promotionEnd !== null &&
      Date.parse(sku.promotionEnd) <= Date.parse(sku.promotionStart)
    )
      issue(issues, at('promotionEnd'), 'endBeforeStart');
    if (!Number.isSafeInteger(sku.stock)) issue(issues, at('stock'), 'integer');
    else if (sku.stock < 0) issue(issues, at('stock'), 'tooSmall', { minimum: 0 });
    else if (table.numberMax !== null && sku.stock > table.numberMax)
      issue(issues, at('stock'), 'tooBig', { maximum: table.numberMax });
    if (sku.costPrice !== null && (!Number.isSafeInteger(sku.costPrice) || sku.costPrice < 0))
      issue(issues, at('costPrice'), 'tooSmall', { minimum: 0 });
    if (sku.image)
      checkMedia(issues, [...at('image')], sku.image, table.images.types, table.images.maxBytes);
  });
}

function checkImages(product: ProductInput, table: RuleTable, issues: Issues): void {
  const { images } = product;
  if (images.length < table.images.min) issue(issues, ['images'], 'required');
  if (images.length > table.images.max)
    issue(issues, ['images'], 'tooManyItems', { maximum: table.images.max });
  images.forEach((image, index) => {
    checkMedia(issues, ['images', index], image, table.images.types, table.images.maxBytes);
  });
  product.variations.forEach((variation, index) => {
    variation.options.forEach((option, at) => {
      if (option.image)
        checkMedia(
          issues,
          ['variations', index, 'options', at, 'image'],
          option.image,
          table.images.types,
          table.images.maxBytes,
        );
    });
  });
}

function checkWholesale(product: ProductInput, table: RuleTable, issues: Issues): void {
  const tiers = product.wholesale;
  if (tiers.length === 0) return;
  const lowest = Math.min(...product.skus.map((sku) => sku.sellingPrice));
  tiers.forEach((tier, index) => {
    const at = (field: string) => ['wholesale', index, field];
    if (!Number.isSafeInteger(tier.min)) issue(issues, at('min'), 'integer');
    else if (index === 0 && tier.min !== 2)
      issue(issues, at('min'), 'wholesaleFirstMin', { minimum: 2 });
    else if (index > 0 && tier.min <= (tiers[index - 1]?.max ?? 0))
      issue(issues, at('min'), 'wholesaleOverlap');
    if (!Number.isSafeInteger(tier.max)) issue(issues, at('max'), 'integer');
    else if (tier.max <= tier.min) issue(issues, at('max'), 'wholesaleRange');
    else if (table.numberMax !== null && tier.max > table.numberMax)
      issue(issues, at('max'), 'tooBig', { maximum: table.numberMax });
    checkMoney(issues, at('price'), tier.price, table, true);
    if (Number.isFinite(lowest) && tier.price >= lowest)
      issue(issues, at('price'), 'wholesaleAbovePrice');
    else if (index > 0 && tier.price >= (tiers[index - 1]?.price ?? Number.POSITIVE_INFINITY))
      issue(issues, at('price'), 'wholesaleTierPrice');
  });
}

/** Minor units as text for a message ("12.50"). */
function minorText(minor: number, places: number): string {
  if (places === 0) return String(minor);
  const digits = String(Math.abs(minor)).padStart(places + 1, '0');
  return `${minor < 0 ? '-' : ''}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/**
 * The form's and the server's schema of a product for one platform site: the shape of
 * ProductInput and every rule of its table.
 */
export function productRules(table: RuleTable, context: RuleContext = {}) {
  return ProductInputSchema.check(
    z.superRefine((product, ctx) => {
      checkProduct(product, table, context, ctx.issues);
    }),
  );
}

/** Lazada's "at least one site" when copying to other sites, and any list of sites. */
export const SitesChoiceSchema = z.array(z.string()).check(z.minLength(1, { error: 'chooseSite' }));

/**
 * A decimal typed in a form field with at most `places` decimals ("12.5"; none for VND and IDR),
 * the editor's price and weight inputs before they become minor units or grams.
 */
export function decimalText(places: number) {
  const pattern = places === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${places}})?$`);
  return z.string().check(
    z.trim(),
    z.minLength(1, { error: 'required' }),
    z.refine((text) => /^\d+(\.\d+)?$/.test(text), { error: 'invalidType' }),
    z.refine((text) => pattern.test(text), { error: 'decimals', params: { maximum: places } }),
  );
}
/** A price field of a site (its currency's decimals). */
export const priceText = (table: RuleTable) => decimalText(table.priceDecimals);
/** The package weight field, in kg with at most 3 decimals (grams on the wire). */
export const weightKgText = decimalText(3);

/** kg text ("1.25") in grams, exactly. */
export function kgTextToGrams(text: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
}

/**
 * The readiness code of a rule's failure on a field: the same name in the server's
 * publish-readiness check and in the editor's live one.
 */
export function readinessCodeOf(field: string, key: ValidationMessageKey): ReadinessCode {
  if (field === 'title') return 'titleLength';
  if (field === 'images')
    return key === 'tooManyItems' || key === 'required' ? 'imageCount' : 'rule';
  if (field.startsWith('images.')) return key === 'fileTooLarge' ? 'imageSize' : 'rule';
  if (field === 'video') return 'video';
  if (field === 'logistics') return 'logisticsMissing';
  if (field.startsWith('attributes.')) return 'attributeRequired';
  return 'rule';
}
