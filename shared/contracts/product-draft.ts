import * as z from 'zod/mini';

/** The source sites the collector reads (issue: site ids). */
export const SOURCE_SITES = ['1688', 'aliexpress', 'shopee', 'lazada', 'pinduoduo'] as const;
export type SourceSite = (typeof SOURCE_SITES)[number];

/** How sure an adapter is of a field: read from the page's own data, inferred, or guessed. */
const CONFIDENCE_LEVELS = ['high', 'medium', 'low'] as const;
const ConfidenceSchema = z.object({
  level: z.enum(CONFIDENCE_LEVELS),
  /** Why it is not high (the field came from visible text, a unit was assumed, ...), in English. */
  reason: z.optional(z.string()),
  /** The key naming the reason, worded for the seller under `collector:confidenceReasons`. */
  code: z.optional(z.string()),
  /** The values the worded reason names (counts, the shown price text, ...). */
  params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
});

/** An amount in integer minor units of the draft's currency (its ISO 4217 exponent). */
const Minor = z.number().check(z.int());

const SkuValueSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.nullable(z.string()),
});

const SkuPropertySchema = z.object({
  id: z.string(),
  name: z.string(),
  values: z.array(SkuValueSchema),
});

const SkuSchema = z.object({
  id: z.string(),
  /** Property id -> value id, one entry per SKU property. */
  values: z.record(z.string(), z.string()),
  price: z.nullable(Minor),
  /** The price before a discount, when the page shows one. */
  originalPrice: z.nullable(Minor),
  /** Units in stock; null when the site hides it (never 0 for "unknown"). */
  stock: z.nullable(z.number().check(z.int())),
  available: z.boolean(),
  image: z.nullable(z.string()),
});

/** A product as read from a source page, before a seller edits or claims it. */
export const ProductDraftSchema = z.object({
  site: z.enum(SOURCE_SITES),
  itemId: z.string(),
  url: z.string(),
  title: z.string(),
  /** ISO 4217 code of every amount in the draft. */
  currency: z.string().check(z.regex(/^[A-Z]{3}$/)),
  price: z.object({ min: z.nullable(Minor), max: z.nullable(Minor) }),
  /** 1688 quantity tiers: from this many units, this unit price. */
  tiers: z.array(z.object({ minQuantity: z.number().check(z.int()), price: Minor })),
  skuProperties: z.array(SkuPropertySchema),
  skus: z.array(SkuSchema),
  images: z.array(z.string()),
  /** The description as HTML, or the address the page loads it from (the background fetches it). */
  description: z.nullable(z.union([z.object({ html: z.string() }), z.object({ url: z.string() })])),
  shop: z.nullable(
    z.object({ id: z.nullable(z.string()), name: z.string(), url: z.nullable(z.string()) }),
  ),
  categoryPath: z.array(z.string()),
  weightGrams: z.nullable(z.number()),
  dimensionsCm: z.nullable(z.object({ length: z.number(), width: z.number(), height: z.number() })),
  attributes: z.array(z.object({ name: z.string(), value: z.string() })),
  minOrderQuantity: z.nullable(z.number().check(z.int())),
  /** The source data the draft was read from, cut to a bounded size. */
  raw: z.unknown(),
  /** Per field of this object (by its name), how sure the adapter is. */
  confidence: z.record(z.string(), ConfidenceSchema),
});
export type ProductDraft = z.infer<typeof ProductDraftSchema>;

/** Why a page gave no product (each has a translated message and a hint for the seller). */
export const EXTRACTION_FAILURES = [
  'notProduct',
  'loginWall',
  'captcha',
  'errorPage',
  'layoutUnknown',
] as const;
export type ExtractionFailureKind = (typeof EXTRACTION_FAILURES)[number];

export interface ExtractionFailure {
  failure: ExtractionFailureKind;
  site: SourceSite | null;
  /** layoutUnknown: what the adapter looked for and did not find. */
  missing: string[];
}
