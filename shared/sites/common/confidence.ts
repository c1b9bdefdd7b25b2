import type { ProductDraft } from '@shared/contracts/product-draft';

type Confidence = ProductDraft['confidence'][string];

/**
 * Every reason an adapter gives for a field it is not sure of, by code, with the names of the
 * values its words name. The seller reads each in their language under
 * `collector:confidenceReasons.<code>`; the English `reason` stays with the draft as the fallback.
 */
export const CONFIDENCE_REASONS = {
  // Title and currency
  fromPageHeading: [],
  currencyFromSite: [],
  // Prices
  noPrice: [],
  pricesHidden: [],
  priceBeforeVouchers: ['shown'],
  priceFromDisplayedText: ['shown'],
  selectedOptionPrice: ['shown'],
  salePricesFromLocalText: [],
  salePricesFromDisplayText: [],
  amountInOtherCurrency: ['found', 'expected'],
  groupPrice: [],
  tiersUnknown: [],
  bulkPricesNotKept: [],
  // Options (SKUs)
  noSkuModel: [],
  noSkuAxes: [],
  soldWithoutSkus: [],
  noOptionNames: [],
  optionNamesFromPage: [],
  skuPricesFromTiers: [],
  noSkuPrices: [],
  skusWithoutOptions: ['skus'],
  skusNotLoaded: ['skus'],
  stockHidden: [],
  selectedOptionOnly: [],
  // Images and description
  noImages: [],
  imagesFromGallery: [],
  imagesFromPageSummary: [],
  coverImageOnly: [],
  noDescription: [],
  noDescriptionUrl: [],
  descriptionCutOff: [],
  descriptionFromPage: [],
  // Shop
  noShop: [],
  shopFromPage: [],
  shopIdOnly: [],
  shopNameOnly: [],
  // Category and attributes
  noCategory: [],
  categoryIdsOnly: [],
  leafCategoryOnly: [],
  categoryFromBreadcrumb: [],
  categoryFromPageSummary: [],
  noAttributes: [],
  attributesFromPage: [],
  // Weight, size and order quantity
  noWeight: [],
  weightsDifferPerSku: ['min', 'max'],
  heaviestSkuWeight: [],
  heaviestSkuWeightFromKg: [],
  weightUnitAssumed: [],
  noPackageSize: [],
  sizesDifferMatchingWeight: [],
  sizesDifferLargest: [],
  noMinOrderQuantity: [],
} as const satisfies Record<string, readonly string[]>;

export type ReasonCode = keyof typeof CONFIDENCE_REASONS;

/** The values a reason's words name: none for most, else each of its names. */
type ParamsOf<C extends ReasonCode> = (typeof CONFIDENCE_REASONS)[C] extends readonly []
  ? []
  : [params: Record<(typeof CONFIDENCE_REASONS)[C][number], string | number>];

/** A confidence that says why, by code and in English. */
type Reasoned<L extends Confidence['level']> = Confidence & {
  level: L;
  code: ReasonCode;
  reason: string;
};

function reasoned<L extends Confidence['level'], C extends ReasonCode>(
  level: L,
  code: C,
  reason: string,
  params: ParamsOf<C>,
): Reasoned<L> {
  const [values] = params;
  return values ? { level, code, reason, params: values } : { level, code, reason };
}

/** Read from the page's own data. */
export const HIGH: Confidence = { level: 'high' };

/** Read from the page's own data, with a note on how to read it. */
export function high<C extends ReasonCode>(code: C, reason: string, ...params: ParamsOf<C>) {
  return reasoned('high', code, reason, params);
}

/** Inferred: from visible text, another field, or an assumption. */
export function medium<C extends ReasonCode>(code: C, reason: string, ...params: ParamsOf<C>) {
  return reasoned('medium', code, reason, params);
}

/** Guessed, or missing from the page. */
export function low<C extends ReasonCode>(code: C, reason: string, ...params: ParamsOf<C>) {
  return reasoned('low', code, reason, params);
}
