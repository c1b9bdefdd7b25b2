import * as z from 'zod/mini';
import { CURRENCIES } from './money';
import { indexStatuses, statusKey } from './orders';
import { KeysetQueryShape } from './paging';
import { PLATFORMS, type Platform } from './shops';
import { SITE_CODES } from './site-codes';

/**
 * A shop product's status (spec section 4): `wait` to be released, `pushing` being published or
 * reviewed by the platform, `intervalPushing` timed, `online`, `offline`, `del` (deleted, or
 * suspected so), `forbid` (banned by the platform), `fail` (publishing refused), `freeze`
 * (Lazada, TikTok Shop). A claimed product starts as `wait`.
 */
export const PRODUCT_STATUSES = [
  'wait',
  'pushing',
  'intervalPushing',
  'online',
  'offline',
  'del',
  'forbid',
  'fail',
  'freeze',
] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/**
 * Each platform's raw product status (docs: Lazada's product `status`, Shopee's `item_status`,
 * TikTok Shop's product `status`) as one of PRODUCT_STATUSES. A raw value not listed is `unknown`.
 * @public
 */
export const PLATFORM_PRODUCT_STATUSES = {
  lazada: {
    Active: 'online',
    live: 'online',
    'sold-out': 'online',
    InActive: 'offline',
    'Pending QC': 'pushing',
    pending: 'pushing',
    Rejected: 'fail',
    Suspended: 'forbid',
    Deleted: 'del',
    Freeze: 'freeze',
  },
  shopee: {
    NORMAL: 'online',
    UNLIST: 'offline',
    REVIEWING: 'pushing',
    BANNED: 'forbid',
    SELLER_DELETE: 'del',
    SHOPEE_DELETE: 'del',
  },
  tiktok: {
    DRAFT: 'wait',
    PENDING: 'pushing',
    ACTIVATE: 'online',
    SELLER_DEACTIVATED: 'offline',
    PLATFORM_DEACTIVATED: 'forbid',
    FAILED: 'fail',
    FREEZE: 'freeze',
    DELETED: 'del',
  },
} as const satisfies Record<Platform, Record<string, ProductStatus>>;

const PRODUCT_INDEX = indexStatuses<ProductStatus>(PLATFORM_PRODUCT_STATUSES);

/** The console's status of a synced product from its platform's raw status, whatever its case. */
export function productStatusOf(platform: Platform, raw: string): ProductStatus | 'unknown' {
  return PRODUCT_INDEX[platform].get(statusKey(raw)) ?? 'unknown';
}

/** Whether a stored status (of a claimed product) is one of PRODUCT_STATUSES. */
export const isProductStatus = (value: string): value is ProductStatus =>
  (PRODUCT_STATUSES as readonly string[]).includes(value);

/**
 * Statuses a platform's products can be in, in the order its list tabs show them.
 * @public
 */
export const PLATFORM_STATUS_TABS = {
  lazada: PRODUCT_STATUSES,
  shopee: ['wait', 'pushing', 'intervalPushing', 'online', 'offline', 'del', 'forbid', 'fail'],
  tiktok: PRODUCT_STATUSES,
} as const satisfies Record<Platform, readonly ProductStatus[]>;

/**
 * Shopee's list filter (spec section 4): `pushFail` is the status `fail` (decisions.md);
 * `intervalPushing`, `offline`, `del` and `forbid` show under `all` and in their own chips.
 */
/** @public */
export const SHOPEE_FILTERS = ['all', 'wait', 'online', 'pushing', 'pushFail'] as const;
export type ShopeeFilter = (typeof SHOPEE_FILTERS)[number];
/** The status a list filter asks for (`all`: none). */
export function statusOfFilter(filter: ProductStatus | ShopeeFilter): ProductStatus | null {
  if (filter === 'all') return null;
  if (filter === 'pushFail') return 'fail';
  return filter;
}

/** What each status lets the seller do (the list's bulk actions, the editor's buttons). */
export const PUBLISHABLE_STATUSES = [
  'wait',
  'fail',
  'offline',
  'online',
] as const satisfies readonly ProductStatus[];
export const DELISTABLE_STATUSES = ['online', 'freeze'] as const satisfies readonly ProductStatus[];
export const ACTIVATABLE_STATUSES = ['offline'] as const satisfies readonly ProductStatus[];
/** Statuses whose product is being published: its content cannot change until the job ends. */
export const LOCKED_STATUSES = [
  'pushing',
  'intervalPushing',
] as const satisfies readonly ProductStatus[];

/** Lazada's six sites; 6-in-1 publishing (one Malaysia-site product to the others) uses them. */
export const LAZADA_SITES = ['my', 'sg', 'th', 'vn', 'id', 'ph'] as const;
export type LazadaSite = (typeof LAZADA_SITES)[number];

const Minor = z.int();
/**
 * A number the rules check (whole, in range) with their own words: the shape takes any number so
 * that a fraction is answered "must be a whole number" on its field, not "required".
 */
const Checked = z.number();
const Id = z.uuid({ error: 'invalid' });
const IsoTime = z.iso.datetime({ offset: true, error: 'invalidFormat' });

/**
 * A stored upload (image or video), addressed by the SHA-256 of its bytes. `url` is the address
 * the console shows it from (our own, served only to the owner's accounts) or, for a product
 * synced from a platform, the platform's image address (then `key` is null and what is not known
 * is null).
 */
export const MediaSchema = z.object({
  key: z.nullable(z.string()),
  url: z.string().check(z.minLength(1), z.maxLength(2000)),
  /** The type read from the bytes: image/jpeg, image/png, image/webp, video/mp4. */
  mime: z.nullable(z.string()),
  bytes: z.nullable(z.int()),
  width: z.nullable(z.int()),
  height: z.nullable(z.int()),
  /** Videos: the duration read from the file, in milliseconds. */
  durationMs: z.nullable(z.int()),
});
export type Media = z.infer<typeof MediaSchema>;
/** @public */
export const MEDIA_KINDS = ['image', 'video'] as const;
/** @public */
export type MediaKind = (typeof MEDIA_KINDS)[number];

/**
 * A variation (tier) and its options, in the order the SKUs' `options` refer to them.
 * @public
 */
export const VariationSchema = z.object({
  name: z.string(),
  options: z.array(z.object({ name: z.string(), image: z.nullable(MediaSchema) })),
});
export type Variation = z.infer<typeof VariationSchema>;

/**
 * One SKU. Prices are integer minor units of the product's currency; `costPrice` is the source
 * cost in CNY minor units (the landed-cost pricing starts from it).
 * @public
 */
export const ProductSkuSchema = z.object({
  /** Our stable id of the SKU inside the product (the editor's row key). */
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  /** The platform's SKU ID, once published or synced. */
  skuId: z.nullable(z.string()),
  sellerSku: z.string(),
  /** One option name per variation, in the variations' order (empty for a single SKU). */
  options: z.array(z.string()),
  /** The strike-through price. */
  originalPrice: z.nullable(Checked),
  sellingPrice: Checked,
  promotionPrice: z.nullable(Checked),
  promotionStart: z.nullable(IsoTime),
  promotionEnd: z.nullable(IsoTime),
  stock: Checked,
  costPrice: z.nullable(Checked),
  image: z.nullable(MediaSchema),
});
export type ProductSku = z.infer<typeof ProductSkuSchema>;

/**
 * Shopee wholesale tier: from `min` to `max` units, this unit price.
 * @public
 */
export const WholesaleTierSchema = z.object({ min: Checked, max: Checked, price: Checked });
/** @public */
export type WholesaleTier = z.infer<typeof WholesaleTierSchema>;

/**
 * A shop's logistics channel as the platform reports it (its limits pre-fill the editor).
 * @public
 */
export const LogisticsChannelSchema = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  cod: z.boolean(),
  /** Heaviest parcel the channel takes, in grams; null when the platform sets none. */
  weightLimitGrams: z.nullable(z.int()),
  /** Largest side the channel takes, in cm; null when none. */
  maxSideCm: z.nullable(z.number()),
  /** Largest volume (L x W x H) the channel takes, in cm3; null when none. */
  maxVolumeCm3: z.nullable(z.number()),
});
export type LogisticsChannel = z.infer<typeof LogisticsChannelSchema>;

/**
 * A logistics method chosen for a Shopee product.
 * @public
 */
export const ProductLogisticsSchema = z.object({
  channelId: z.string().check(z.minLength(1)),
  enabled: z.boolean(),
  /** A fixed fee in minor units when the channel takes one; null: by weight or free. */
  feeMinor: z.nullable(Checked),
});

/** @public */
export const VARIANT_TYPES = ['single', 'multiple'] as const;
/** @public */
export const CONDITIONS = ['new', 'used'] as const;
/**
 * Freight: worked out by the platform from the weight, or free for the buyer.
 * @public
 */
export const FREIGHT_MODES = ['weight', 'free'] as const;

/**
 * The values of a category attribute: option ids or free text.
 * @public
 */
export const AttributeValuesSchema = z.record(z.string(), z.array(z.string()));

/**
 * What the editors send and the server keeps (spec section 3, Product): the common fields, and
 * Shopee's additions (optional elsewhere). `images[0]` is the cover. Weights are grams and sizes
 * cm; prices integer minor units of the shop's currency.
 */
export const ProductInputSchema = z.object({
  categoryId: z.nullable(z.string()),
  title: z.string(),
  /** The product's seller SKU (Shopee item_sku; Lazada's parent SKU). */
  sku: z.string(),
  brand: z.nullable(z.string()),
  model: z.nullable(z.string()),
  warrantyType: z.nullable(z.string()),
  tax: z.nullable(z.string()),
  packageWeightGrams: z.nullable(Checked),
  packageLengthCm: z.nullable(z.number()),
  packageWidthCm: z.nullable(z.number()),
  packageHeightCm: z.nullable(z.number()),
  packageContent: z.string(),
  attributes: AttributeValuesSchema,
  variations: z.array(VariationSchema),
  skus: z.array(ProductSkuSchema),
  images: z.array(MediaSchema),
  video: z.nullable(MediaSchema),
  sizeChart: z.nullable(MediaSchema),
  description: z.string(),
  shortDescription: z.string(),
  sourceUrl: z.nullable(z.string()),
  // Shopee's additions (kept on every platform; the rules of the others ignore them).
  variantType: z.enum(VARIANT_TYPES),
  wholesale: z.array(WholesaleTierSchema),
  preOrder: z.object({ enabled: z.boolean(), days: z.nullable(Checked) }),
  condition: z.enum(CONDITIONS),
  logistics: z.array(ProductLogisticsSchema),
  freight: z.enum(FREIGHT_MODES),
  warranty: z.object({ period: z.nullable(z.string()), policy: z.nullable(z.string()) }),
  cod: z.boolean(),
});
export type ProductInput = z.infer<typeof ProductInputSchema>;

/**
 * Why a publish was refused: the platform's reason and code, and when.
 * @public
 */
export const PublishFailureSchema = z.object({
  code: z.string(),
  message: z.string(),
  at: z.string(),
});
export type PublishFailure = z.infer<typeof PublishFailureSchema>;

/**
 * A product on one of Lazada's other sites (6-in-1): its own price in the site's currency, set at
 * a recorded dated rate, and its own state.
 * @public
 */
export const SiteListingSchema = z.object({
  site: z.enum(LAZADA_SITES),
  currency: z.enum(CURRENCIES),
  /** One price for every SKU on this site, by SKU id. */
  prices: z.record(z.string(), Minor),
  /** The rate from the product's currency it was priced at ("0.2931"), and its date. */
  rate: z.string(),
  rateAt: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  externalId: z.nullable(z.string()),
  failure: z.nullable(PublishFailureSchema),
});
export type SiteListing = z.infer<typeof SiteListingSchema>;

/**
 * The dated rate a product's cost was converted at (CNY to the shop's currency).
 * @public
 */
export const CostingSchema = z.object({
  from: z.literal('CNY'),
  to: z.enum(CURRENCIES),
  rate: z.string(),
  rateAt: z.string(),
});
export type Costing = z.infer<typeof CostingSchema>;

/**
 * Errors block publishing; warnings ask first.
 * @public
 */
export const READINESS_SEVERITIES = ['error', 'warning'] as const;
/**
 * What the readiness check finds (worded under `products:readiness.<code>`, with `params`):
 * a rule of the site's table (`rule`, with the validation key in params.key), a required category
 * attribute missing, the title's length for the site, image count, size and ratio, the video, and
 * duplicates across the seller's shops (same source item, same cover image, near-identical title).
 * @public
 */
export const READINESS_CODES = [
  'rule',
  'categoryMissing',
  'attributeRequired',
  'titleLength',
  'imageCount',
  'imageSize',
  'imageRatio',
  'imageDimensions',
  'video',
  'logisticsMissing',
  'duplicateSource',
  'duplicateCover',
  'duplicateTitle',
  'shopAbnormal',
] as const;
export type ReadinessCode = (typeof READINESS_CODES)[number];
/** @public */
export const ReadinessIssueSchema = z.object({
  severity: z.enum(READINESS_SEVERITIES),
  code: z.enum(READINESS_CODES),
  /** The field to jump to (dotted path of ProductInput: "title", "attributes.100", "skus.2.sellingPrice"). */
  field: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type ReadinessIssue = z.infer<typeof ReadinessIssueSchema>;
/**
 * The check for one target shop (or one Lazada site of a 6-in-1 product).
 * @public
 */
export const ShopReadinessSchema = z.object({
  shopId: z.string(),
  shopName: z.string(),
  platform: z.enum(PLATFORMS),
  site: z.enum(SITE_CODES),
  /** No error: publishing may go ahead (warnings ask first). */
  ready: z.boolean(),
  issues: z.array(ReadinessIssueSchema),
});
export type ShopReadiness = z.infer<typeof ShopReadinessSchema>;
/** GET /product/product/readiness: the product's own shop first, then its other target sites. */
export const ReadinessSchema = z.object({
  productId: z.string(),
  targets: z.array(ShopReadinessSchema),
});
export type Readiness = z.infer<typeof ReadinessSchema>;
export const ReadinessQuerySchema = z.object({
  id: Id,
  /** Check against this shop instead of the product's own (a copy or a claim target). */
  shopId: z.optional(Id),
});
/** The readiness column of the list: counts for the product's own shop. */
const ReadinessCountsSchema = z.object({ errors: z.int(), warnings: z.int() });

/**
 * A row of the product list.
 * @public
 */
export const ProductListItemSchema = z.object({
  id: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  platform: z.enum(PLATFORMS),
  site: z.enum(SITE_CODES),
  status: z.enum(PRODUCT_STATUSES),
  /** The platform's raw status, when synced (shown beside ours). */
  platformStatus: z.nullable(z.string()),
  externalId: z.nullable(z.string()),
  title: z.string(),
  sku: z.string(),
  cover: z.nullable(z.string()),
  currency: z.enum(CURRENCIES),
  priceMin: z.nullable(Minor),
  priceMax: z.nullable(Minor),
  stock: z.int(),
  skuCount: z.int(),
  failure: z.nullable(PublishFailureSchema),
  /** intervalPushing: when it will be published. */
  scheduledAt: z.nullable(z.string()),
  readiness: ReadinessCountsSchema,
  /** Claimed from the collection box, synced from the shop, or copied from another site. */
  origin: z.enum(['claimed', 'synced', 'copied', 'created']),
  updatedAt: z.string(),
});
export type ProductListItem = z.infer<typeof ProductListItemSchema>;

/** GET /product/product/list: keyset pages, newest change first. */
export const ProductListQuerySchema = z.object({
  platform: z.enum(PLATFORMS),
  shopId: z.optional(Id),
  /** A status, Shopee's pushFail, or all (the default). */
  status: z._default(z.enum([...PRODUCT_STATUSES, 'all', 'pushFail']), 'all'),
  /** Matches the title or a seller SKU (the product's or a SKU's). */
  keyword: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  ...KeysetQueryShape,
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200)), 50),
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;
/** A count per product status (every status named, so the answer's schema lists each one). */
const ProductStatusCountsSchema = z.object({
  wait: z.int(),
  pushing: z.int(),
  intervalPushing: z.int(),
  online: z.int(),
  offline: z.int(),
  del: z.int(),
  forbid: z.int(),
  fail: z.int(),
  freeze: z.int(),
} satisfies Record<ProductStatus, unknown>);
export const ProductPageSchema = z.object({
  records: z.array(ProductListItemSchema),
  /** Cursor of the next page (older rows), null on the last. */
  next: z.nullable(z.string()),
  /** Cursor of the previous page, null on the first. */
  previous: z.nullable(z.string()),
  /**
   * The products per status under the same platform, shop and keyword (the tabs' counts), on a
   * first page (no cursor); null on the pages after it.
   */
  counts: z.nullable(ProductStatusCountsSchema),
});
export type ProductPage = z.infer<typeof ProductPageSchema>;

/**
 * A shop's pricing template: the collector's template (markup and rounding, used when no cost is
 * known) extended with the landed cost (used when a SKU has its CNY cost). Fees and margin are in
 * basis points (1/100 of a percent) of the selling price; shipping in CNY minor units per kg of
 * chargeable weight.
 * @public
 */
export const PricingTemplateSchema = z.object({
  markupPercent: z.int().check(z.minimum(0), z.maximum(500)),
  rounding: z.enum(['none', 'whole', 'ninetyNine']),
  shippingPerKg: z.int().check(z.minimum(0), z.maximum(100_000_00)),
  /** Fixed cost per unit (packing, handling) in CNY minor units. */
  handling: z.int().check(z.minimum(0), z.maximum(100_000_00)),
  platformFeeBps: z.int().check(z.minimum(0), z.maximum(4000)),
  marginBps: z.int().check(z.minimum(0), z.maximum(5000)),
  /** The strike-through price is this much above the selling price (0: none). */
  strikeThroughBps: z.int().check(z.minimum(0), z.maximum(50_000)),
});
export type PricingTemplate = z.infer<typeof PricingTemplateSchema>;
/** GET /product/product/detail: a product as the editor opens it. */
export const ProductDetailSchema = z.object({
  ...ProductInputSchema.shape,
  id: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  platform: z.enum(PLATFORMS),
  site: z.enum(SITE_CODES),
  currency: z.enum(CURRENCIES),
  status: z.enum(PRODUCT_STATUSES),
  platformStatus: z.nullable(z.string()),
  externalId: z.nullable(z.string()),
  origin: z.enum(['claimed', 'synced', 'copied', 'created']),
  failure: z.nullable(PublishFailureSchema),
  scheduledAt: z.nullable(z.string()),
  /** The Lazada sites this product also sells on (6-in-1); empty elsewhere. */
  siteListings: z.array(SiteListingSchema),
  /** The rate its CNY costs convert at in the editor's live profit; null when none is stored. */
  costing: z.nullable(CostingSchema),
  /** The shop's pricing template (the live profit uses its fees). */
  pricing: PricingTemplateSchema,
  /** The shop's default logistics channel (pre-fills logistics of a new product). */
  defaultLogisticsId: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Optimistic concurrency: send it back with save; a stale one is refused. */
  version: z.int(),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;
export const ProductIdQuerySchema = z.object({ id: Id });

/** POST /product/product/save: the editor's product (checked with its shop's rule table). */
export const ProductSaveRequestSchema = z.object({
  id: Id,
  version: z.int(),
  product: ProductInputSchema,
});
/** @public */
export type ProductSaveRequest = z.infer<typeof ProductSaveRequestSchema>;

/** @public */
export const BULK_MAX = 200;
const Ids = z.array(Id).check(z.minLength(1), z.maxLength(BULK_MAX));

/**
 * POST /product/product/publish: publish now, or at `at` (intervalPushing). A product whose
 * readiness check has errors is refused; `confirmWarnings` goes ahead past warnings.
 */
export const PublishRequestSchema = z.object({
  ids: Ids,
  at: z.optional(IsoTime),
  confirmWarnings: z._default(z.boolean(), false),
});
export type PublishRequest = z.infer<typeof PublishRequestSchema>;
/** POST /product/product/delist, /activate, /delete, /cancelSchedule. */
export const ProductIdsRequestSchema = z.object({ ids: Ids });
/** @public */
export type ProductIdsRequest = z.infer<typeof ProductIdsRequestSchema>;
/**
 * Why a bulk action left a product alone (worded under `products:refused.<code>`).
 * @public
 */
export const BULK_REFUSALS = [
  'notFound',
  'wrongStatus',
  'notReady',
  'warnings',
  'shopAbnormal',
  'notPublished',
  'locked',
] as const;
/** @public */
export type BulkRefusal = (typeof BULK_REFUSALS)[number];
export const BulkResultSchema = z.object({
  /** Ids the action was taken for (or queued, for publishing). */
  accepted: z.array(z.string()),
  refused: z.array(
    z.object({
      id: z.string(),
      code: z.enum(BULK_REFUSALS),
      /** notReady / warnings: the readiness lines that stop it. */
      issues: z.optional(z.array(ReadinessIssueSchema)),
    }),
  ),
});
export type BulkResult = z.infer<typeof BulkResultSchema>;

/** POST /product/product/sync: pull a shop's products, or one product, from the platform now. */
export const ProductSyncRequestSchema = z.union([z.object({ shopId: Id }), z.object({ id: Id })]);
/** @public */
export type ProductSyncRequest = z.infer<typeof ProductSyncRequestSchema>;
export const ProductSyncResultSchema = z.object({
  /** Products read and stored (new or changed). */
  synced: z.int(),
  /** Products the full sync no longer found: now `del` (suspected deleted). */
  missing: z.int(),
});

/** POST /product/lazada/copySites: copies of a product as `wait` products in the seller's shops on these sites. */
export const CopySitesRequestSchema = z.object({
  id: Id,
  sites: z.array(z.enum(LAZADA_SITES)).check(z.minLength(1, { error: 'chooseSite' })),
});
export type CopySitesRequest = z.infer<typeof CopySitesRequestSchema>;
export const CopySitesResultSchema = z.object({
  created: z.array(
    z.object({ site: z.enum(SITE_CODES), shopId: z.string(), productId: z.string() }),
  ),
  /** noShop: the seller has no Lazada shop on that site; exists: that shop already holds the item. */
  refused: z.array(
    z.object({ site: z.enum(SITE_CODES), code: z.enum(['noShop', 'exists', 'sameSite']) }),
  ),
});

/**
 * POST /product/lazada/multiSite/publish (Lazada 6-in-1, Malaysia-site cross-border shops only):
 * the product to these sites, each priced at the recorded rate unless a price is given.
 */
export const MultiSitePublishRequestSchema = z.object({
  id: Id,
  sites: z
    .array(
      z.object({
        site: z.enum(LAZADA_SITES),
        /** SKU id -> price in the site's currency; missing SKUs are converted. */
        prices: z.optional(z.record(z.string(), Minor)),
      }),
    )
    .check(z.minLength(1, { error: 'chooseSite' })),
  at: z.optional(IsoTime),
});
export type MultiSitePublishRequest = z.infer<typeof MultiSitePublishRequestSchema>;

/** Editor look-ups: the shop's categories, a category's attributes, the shop's logistics. */
export const ShopCategoryQuerySchema = z.object({ shopId: Id });
export const CategoryAttributesQuerySchema = z.object({
  shopId: Id,
  categoryId: z.string().check(z.minLength(1), z.maxLength(64)),
});
/** @public */
export const CategorySchema = z.object({
  id: z.string(),
  parentId: z.nullable(z.string()),
  name: z.string(),
  leaf: z.boolean(),
});
export const CategoryListSchema = z.array(CategorySchema);
/** @public */
export const CategoryAttributeSchema = z.object({
  id: z.string(),
  name: z.string(),
  required: z.boolean(),
  /** A sale property (a variation) rather than a product attribute. */
  variation: z.boolean(),
  inputType: z.enum(['text', 'select', 'multiSelect', 'number']),
  options: z.array(z.object({ id: z.string(), name: z.string() })),
});
/** @public */
export type CategoryAttribute = z.infer<typeof CategoryAttributeSchema>;
export const CategoryAttributeListSchema = z.array(CategoryAttributeSchema);
export const ShopLogisticsSchema = z.object({
  channels: z.array(LogisticsChannelSchema),
  /** The shop's default channel (one of `channels`), null when not set. */
  defaultId: z.nullable(z.string()),
});
export type ShopLogistics = z.infer<typeof ShopLogisticsSchema>;
/** POST /product/shop/defaultLogistics: one of the shop's enabled channels, or null to clear. */
export const DefaultLogisticsRequestSchema = z.object({
  shopId: Id,
  channelId: z.nullable(z.string().check(z.minLength(1), z.maxLength(64))),
});

export const ShopPricingQuerySchema = z.object({ shopId: Id });
export const ShopPricingSchema = z.object({
  shopId: z.string(),
  template: PricingTemplateSchema,
  /** The shop's own template, or the account's (the collector's) when the shop has none. */
  own: z.boolean(),
  costing: z.nullable(CostingSchema),
});
export type ShopPricing = z.infer<typeof ShopPricingSchema>;
export const ShopPricingSaveSchema = z.object({ shopId: Id, template: PricingTemplateSchema });
/** POST /product/product/reprice: apply the shop's template to products' SKUs with a cost. */
export const RepriceRequestSchema = z.object({ ids: Ids });
