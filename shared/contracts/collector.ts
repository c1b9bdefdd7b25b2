import * as z from 'zod/mini';
import { currencyExponent } from './money';
import { KeysetPageShape, KeysetQueryShape } from './paging';
import { ProductDraftSchema, SOURCE_SITES } from './product-draft';
import { PLATFORMS } from './shops';

/**
 * The collection box (spec sections 2 to 5): products read from source pages by the extension,
 * kept per main account, edited, and claimed into marketplace shops as products waiting to be
 * edited and published.
 */

/** Spec section 4: a collected product is unclaimed until it is claimed into at least one shop. */
const COLLECT_STATUSES = ['unclaimed', 'claimed'] as const;
export type CollectStatus = (typeof COLLECT_STATUSES)[number];

/** The most products one collect call (a bulk collection's batch) or one claim may carry. */
export const COLLECT_BATCH_MAX = 50;
export const CLAIM_PRODUCTS_MAX = 100;
export const CLAIM_SHOPS_MAX = 20;

/** The header that marks a request as sent by the collector extension (spec section 5: plug-in installed). */
export const PLUGIN_HEADER = 'x-cmp-plugin';

/** A product claimed into a shop: the shop's product, waiting (status `wait`) to be edited and published. */
const CollectClaimSchema = z.object({
  shopId: z.string(),
  shopName: z.string(),
  platform: z.enum(PLATFORMS),
  productId: z.string(),
  claimedAt: z.string(),
});
export type CollectClaim = z.infer<typeof CollectClaimSchema>;

/** One row of the collection box. Amounts in minor units of `currency`. */
const CollectedProductSchema = z.object({
  id: z.string(),
  site: z.enum(SOURCE_SITES),
  itemId: z.string(),
  url: z.string(),
  title: z.string(),
  currency: z.string(),
  priceMin: z.nullable(z.int()),
  priceMax: z.nullable(z.int()),
  /** The first main image. */
  image: z.nullable(z.string()),
  skuCount: z.int(),
  status: z.enum(COLLECT_STATUSES),
  claims: z.array(CollectClaimSchema),
  /** Whether the seller changed it after collecting. */
  edited: z.boolean(),
  collectedAt: z.string(),
  updatedAt: z.string(),
});
export type CollectedProduct = z.infer<typeof CollectedProductSchema>;

/** The detail: the row, the draft as it stands now (with edits) and as it was collected. */
export const CollectedProductDetailSchema = z.object({
  ...CollectedProductSchema.shape,
  draft: ProductDraftSchema,
  /** The draft as the extension read it, untouched by edits (its `raw` is the source snapshot). */
  original: ProductDraftSchema,
});
export type CollectedProductDetail = z.infer<typeof CollectedProductDetailSchema>;

/** GET /api-product/collect/list. */
export const CollectListQuerySchema = z.object({
  ...KeysetQueryShape,
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
  status: z._default(z.enum(COLLECT_STATUSES), 'unclaimed'),
  /** Matches the title, the item id or the address. */
  keyword: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  site: z.optional(z.enum(SOURCE_SITES)),
});
export type CollectListQuery = z.infer<typeof CollectListQuerySchema>;
export const CollectPageSchema = z.object({
  records: z.array(CollectedProductSchema),
  total: z.int(),
  ...KeysetPageShape,
  /** How many of the account's products are in each tab (with the same keyword and site). */
  counts: z.object({ unclaimed: z.int(), claimed: z.int() }),
});
export type CollectPage = z.infer<typeof CollectPageSchema>;

/**
 * POST /api-product/collect/add (extension only: it carries the plug-in header). Each draft's
 * address must belong to its site. Collecting an item again refreshes what was read and keeps the
 * seller's edits and claims.
 */
export const CollectRequestSchema = z.object({
  drafts: z.array(ProductDraftSchema).check(z.minLength(1), z.maxLength(COLLECT_BATCH_MAX)),
});
export type CollectRequest = z.infer<typeof CollectRequestSchema>;
export const CollectResultSchema = z.object({
  records: z.array(
    z.object({
      id: z.string(),
      site: z.enum(SOURCE_SITES),
      itemId: z.string(),
      title: z.string(),
      /** False when the item was already in the box (it was refreshed). */
      created: z.boolean(),
    }),
  ),
});
export type CollectResult = z.infer<typeof CollectResultSchema>;

const IdsSchema = z
  .array(z.uuid({ error: 'invalid' }))
  .check(z.minLength(1, { error: 'required' }), z.maxLength(CLAIM_PRODUCTS_MAX));

/** GET /api-product/collect/detail. */
export const CollectIdQuerySchema = z.object({ id: z.uuid({ error: 'invalid' }) });

/** An amount a seller types: minor units, never negative. */
const EditMinor = z.int().check(z.minimum(0), z.maximum(1_000_000_000_00));

/** POST /api-product/collect/update: what the seller may change in a collected product. */
export const UpdateCollectedRequestSchema = z.object({
  id: z.uuid({ error: 'invalid' }),
  title: z.string().check(z.trim(), z.minLength(1, { error: 'required' }), z.maxLength(255)),
  /** The main images in order (a subset of the product's images, or added addresses). */
  images: z
    .array(z.url({ protocol: /^https?$/, error: 'invalidUrl' }))
    .check(z.minLength(1, { error: 'required' }), z.maxLength(50)),
  /** Per SKU (by its id): price and stock. SKUs not named keep theirs. */
  skus: z
    .array(
      z.object({
        id: z.string(),
        price: z.nullable(EditMinor),
        stock: z.nullable(z.int().check(z.minimum(0), z.maximum(10_000_000))),
      }),
    )
    .check(z.maxLength(2000)),
  /** The product's own price range when it has no SKUs. */
  price: z.object({ min: z.nullable(EditMinor), max: z.nullable(EditMinor) }),
  descriptionHtml: z.nullable(z.string().check(z.maxLength(200_000))),
  weightGrams: z.nullable(z.number().check(z.positive(), z.maximum(1_000_000))),
  dimensionsCm: z.nullable(
    z.object({
      length: z.number().check(z.positive(), z.maximum(10_000)),
      width: z.number().check(z.positive(), z.maximum(10_000)),
      height: z.number().check(z.positive(), z.maximum(10_000)),
    }),
  ),
});
export type UpdateCollectedRequest = z.infer<typeof UpdateCollectedRequestSchema>;

/** POST /api-product/collect/delete. Claimed shop products stay. */
export const DeleteCollectedRequestSchema = z.object({ ids: IdsSchema });
export const DeleteCollectedResultSchema = z.object({ deleted: z.int() });

/**
 * POST /api-product/collect/claim: every product into every shop (normal shops the actor may act
 * on). All or nothing: a product already claimed into one of the shops refuses the whole claim
 * (COLLECT_ALREADY_CLAIMED, the pairs in `datas.conflicts`).
 */
export const ClaimRequestSchema = z.object({
  ids: IdsSchema,
  shopIds: z
    .array(z.uuid({ error: 'invalid' }))
    .check(z.minLength(1, { error: 'chooseShop' }), z.maxLength(CLAIM_SHOPS_MAX)),
});
export type ClaimRequest = z.infer<typeof ClaimRequestSchema>;
export const ClaimResultSchema = z.object({
  products: z.array(
    z.object({
      collectId: z.string(),
      shopId: z.string(),
      productId: z.string(),
      status: z.literal('wait'),
      /** The publish-readiness check in its shop, run at the claim: errors block, warnings ask. */
      readiness: z.object({ errors: z.int(), warnings: z.int() }),
    }),
  ),
});
export type ClaimResult = z.infer<typeof ClaimResultSchema>;
/** `datas` of COLLECT_ALREADY_CLAIMED. */
export const ClaimConflictsSchema = z.object({
  conflicts: z.array(
    z.object({
      collectId: z.string(),
      title: z.string(),
      shopId: z.string(),
      shopName: z.string(),
    }),
  ),
});
export type ClaimConflicts = z.infer<typeof ClaimConflictsSchema>;

/** How claimed prices are made from source prices (the seller's pricing template). */
export const PRICE_ROUNDINGS = ['none', 'whole', 'ninetyNine'] as const;
export type PriceRounding = (typeof PRICE_ROUNDINGS)[number];

/** The seller's plug-in settings (GET /admin/pluginmanage/getByTenantId; saved by POST /admin/pluginmanage/save). */
export const PluginSettingsInputSchema = z.object({
  /** The shops the side panel and the claim dialog choose first. */
  defaultShopIds: z.array(z.uuid({ error: 'invalid' })).check(z.maxLength(CLAIM_SHOPS_MAX)),
  pricing: z.object({
    /** Added to the source price, in percent (0 to 500). */
    markupPercent: z.int().check(z.minimum(0), z.maximum(500)),
    rounding: z.enum(PRICE_ROUNDINGS),
  }),
  /** Bulk collection: at most this many product pages opened per minute (1 to 60). */
  bulkPerMinute: z.int().check(z.minimum(1), z.maximum(60)),
});
export type PluginSettingsInput = z.infer<typeof PluginSettingsInputSchema>;
export const PluginSettingsSchema = z.object({
  ...PluginSettingsInputSchema.shape,
  /** The plug-in the server offers, and where to download it. */
  version: z.string(),
  downloadUrl: z.string(),
});
export type PluginSettings = z.infer<typeof PluginSettingsSchema>;

export const DEFAULT_PLUGIN_SETTINGS: PluginSettingsInput = {
  defaultShopIds: [],
  pricing: { markupPercent: 0, rounding: 'none' },
  bulkPerMinute: 12,
};

/** GET /admin/pluginmanage/platform/list?type=collect: the source sites the plug-in reads. */
const SourceSiteInfoSchema = z.object({
  site: z.enum(SOURCE_SITES),
  name: z.string(),
  iconUrl: z.string(),
  /** Its hosts (with their subdomains). */
  hosts: z.array(z.string()),
  /** The address of a product page, as an example for "collect by URL". */
  example: z.string(),
});
export type SourceSiteInfo = z.infer<typeof SourceSiteInfoSchema>;
export const SourceSiteListSchema = z.array(SourceSiteInfoSchema);

/**
 * A source price (minor units of `currency`) through the seller's pricing template: the markup,
 * rounded half up to a minor unit, then the rounding. Rounding never lowers a price: `whole` goes
 * up to a whole unit, `ninetyNine` up to the next price ending in .99 (in 99 for currencies
 * without decimals).
 */
export function applyPricing(
  minor: number,
  currency: string,
  pricing: PluginSettingsInput['pricing'],
): number {
  const marked = Math.floor((minor * (100 + pricing.markupPercent) + 50) / 100);
  const places = currencyExponent(currency);
  if (pricing.rounding === 'whole') {
    const unit = 10 ** places;
    return Math.ceil(marked / unit) * unit;
  }
  if (pricing.rounding === 'ninetyNine') {
    const unit = places > 0 ? 10 ** places : 100;
    return Math.ceil((marked + 1) / unit) * unit - 1;
  }
  return marked;
}
