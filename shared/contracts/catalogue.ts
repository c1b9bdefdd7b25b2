import * as z from 'zod/mini';
import { CURRENCIES } from './money';
import { KeysetPageShape, KeysetQueryShape } from './paging';
import { PLATFORMS } from './shops';
import { SITE_CODES } from './site-codes';

/**
 * The catalogue and the mall (spec sections 1 to 4, 9): products a seller finds and chooses into
 * shops. Four sources: suppliers' products (priced in CNY), direct sale (our own stock in overseas
 * warehouses, priced in the warehouse site's currency), third-party products (shown per shop from
 * the categories it follows) and the mall (more than 10 million products, searched in Chinese,
 * Thai and English). Amounts are integer minor units of `currency`.
 */

export const CATALOGUE_SOURCES = ['supplier', 'directSale', 'thirdParty', 'mall'] as const;
/** @public */
export type CatalogueSource = (typeof CATALOGUE_SOURCES)[number];

/** The marketplaces a mall or third-party product was listed on (brand names in every language). */
export const MALL_SOURCE_SITES = [
  '1688',
  'taobao',
  'tmall',
  'pinduoduo',
  'jd',
  'aliexpress',
  'shopee',
  'lazada',
] as const;
export type MallSourceSite = (typeof MALL_SOURCE_SITES)[number];

/** Decisions.md: each authorized shop follows at most this many secondary categories (configuration). */
export const DEFAULT_FOLLOW_LIMIT = 3;
/** Relevance pages through this many best matches; other sorts page through every match. */
export const RELEVANCE_WINDOW = 1000;
/**
 * The most products (and shops) one choose request carries.
 * @public
 */
export const CHOOSE_PRODUCTS_MAX = 50;
/** @public */
export const CHOOSE_SHOPS_MAX = 20;
/** The most of one SKU a cart holds. */
export const CART_QUANTITY_MAX = 9999;
/** The most lines a cart holds. */
export const CART_LINES_MAX = 200;
/**
 * Search words: a query longer than this is refused.
 * @public
 */
export const SEARCH_QUERY_MAX = 100;

const Id = z.uuid({ error: 'invalid' });
const Minor = z.int();
const Level = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/**
 * A name in each interface language; th and en may be unknown (null) where only zh is.
 * @public
 */
export const TranslatedNamesSchema = z.object({
  zh: z.string(),
  th: z.nullable(z.string()),
  en: z.nullable(z.string()),
});
/** @public */
export type TranslatedNames = z.infer<typeof TranslatedNamesSchema>;

/**
 * A product's titles: the ones known (zh for nearly every product; th and en for a share).
 * @public
 */
export const TitlesSchema = z.object({
  zh: z.nullable(z.string()),
  th: z.nullable(z.string()),
  en: z.nullable(z.string()),
});
/** @public */
export type Titles = z.infer<typeof TitlesSchema>;

/**
 * One step of a category path: level 1 (top), 2 (secondary, the one shops follow), 3 (leaf).
 * @public
 */
export const CategoryStepSchema = z.object({
  id: z.string(),
  level: Level,
  /** In the request's language, falling back to zh. */
  name: z.string(),
});
export type CategoryStep = z.infer<typeof CategoryStepSchema>;

/** The category tree (GET, cached by the console in local storage as `categoryList`). */
export interface CategoryNode {
  id: string;
  parentId: string | null;
  level: 1 | 2 | 3;
  name: string;
  names: TranslatedNames;
  children: CategoryNode[];
}
/** @public */
export const CategoryNodeSchema: z.ZodMiniType<CategoryNode> = z.object({
  id: z.string(),
  parentId: z.nullable(z.string()),
  level: Level,
  name: z.string(),
  names: TranslatedNamesSchema,
  get children() {
    return z.array(CategoryNodeSchema);
  },
});
export const CategoryTreeSchema = z.object({
  categories: z.array(CategoryNodeSchema),
  /** Changes whenever the tree changes: the console refreshes its cached copy when it differs. */
  version: z.string(),
});
export type CategoryTree = z.infer<typeof CategoryTreeSchema>;

/**
 * A supplier (of supplier products; a mall product's shop on its source site).
 * @public
 */
export const SupplierSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Where it ships from (cn for Chinese suppliers). */
  site: z.enum(SITE_CODES),
  /** Stars out of 50 (4.5 stars: 45), null when unrated. */
  rating: z.nullable(z.int()),
  productCount: z.int(),
});
/** @public */
export type Supplier = z.infer<typeof SupplierSchema>;

/**
 * Direct sale: what a warehouse site holds of a product or SKU.
 * @public
 */
export const SiteStockSchema = z.object({ site: z.enum(SITE_CODES), stock: z.int() });
/** @public */
export type SiteStock = z.infer<typeof SiteStockSchema>;

/**
 * One row of a catalogue list or a mall search.
 * @public
 */
export const CatalogueProductSchema = z.object({
  id: z.string(),
  source: z.enum(CATALOGUE_SOURCES),
  /** Mall and third-party products: the marketplace it was listed on; null for the others. */
  sourceSite: z.nullable(z.enum(MALL_SOURCE_SITES)),
  sourceUrl: z.nullable(z.string()),
  supplier: z.nullable(z.object({ id: z.string(), name: z.string() })),
  /** Top, secondary and leaf category. */
  categoryPath: z.array(CategoryStepSchema),
  /** The title in the request's language, falling back to zh, then en, then th. */
  title: z.string(),
  titles: TitlesSchema,
  brand: z.nullable(z.string()),
  cover: z.nullable(z.string()),
  /** CNY for supplier and mall products; the warehouse site's currency for direct sale. */
  currency: z.enum(CURRENCIES),
  priceMin: Minor,
  priceMax: Minor,
  /** Every SKU's stock together. */
  stock: z.int(),
  /** Direct sale: the stock in each warehouse site; empty for the other sources. */
  stockBySite: z.array(SiteStockSchema),
  /** Where it ships from. */
  shipsFrom: z.enum(SITE_CODES),
  salesCount: z.int(),
  skuCount: z.int(),
  listedAt: z.string(),
  /** The marketplaces it may be chosen into (a shop of another platform is refused). */
  platforms: z.array(z.enum(PLATFORMS)),
});
export type CatalogueProduct = z.infer<typeof CatalogueProductSchema>;

/**
 * A SKU of a catalogue product (spec section 3: SKU, seller SKU, variants, prices, stock).
 * @public
 */
export const CatalogueSkuSchema = z.object({
  id: z.string(),
  /** The supplier's SKU code (the seller SKU once chosen into a shop). */
  skuCode: z.string(),
  /** One option per variation, in the variations' order. */
  options: z.array(z.string()),
  price: Minor,
  /** The strike-through price, when there is one. */
  originalPrice: z.nullable(Minor),
  stock: z.int(),
  stockBySite: z.array(SiteStockSchema),
  image: z.nullable(z.string()),
  weightGrams: z.nullable(z.int()),
});
/** @public */
export type CatalogueSku = z.infer<typeof CatalogueSkuSchema>;

/** The detail: the row with its SKUs, images, description and supplier. */
export const CatalogueProductDetailSchema = z.object({
  ...CatalogueProductSchema.shape,
  supplier: z.nullable(SupplierSchema),
  model: z.nullable(z.string()),
  variations: z.array(z.object({ name: z.string(), options: z.array(z.string()) })),
  skus: z.array(CatalogueSkuSchema),
  images: z.array(z.string()),
  videoUrl: z.nullable(z.string()),
  descriptionHtml: z.nullable(z.string()),
  shortDescription: z.nullable(z.string()),
  weightGrams: z.nullable(z.int()),
  dimensionsCm: z.nullable(z.object({ length: z.int(), width: z.int(), height: z.int() })),
  /** The actor's shops this product was already chosen into (shop ids). */
  chosenShopIds: z.array(z.string()),
});
export type CatalogueProductDetail = z.infer<typeof CatalogueProductDetailSchema>;

/** @public */
export const CATALOGUE_SORTS = ['newest', 'sales', 'priceAsc', 'priceDesc'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];
/** @public */
export const MALL_SORTS = ['relevance', ...CATALOGUE_SORTS] as const;
export type MallSort = (typeof MALL_SORTS)[number];

const Limit = z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20);
const PriceBound = z.optional(
  z.coerce.number().check(z.int(), z.minimum(0), z.maximum(1_000_000_000_00)),
);
const InStock = z.optional(
  z.pipe(
    z.enum(['true', 'false', '1', '0']),
    z.transform((value) => value === 'true' || value === '1'),
  ),
);

/** Filters every list shares: any category level, a price range (minor units), in stock only. */
const FilterShape = {
  categoryId: z.optional(Id),
  priceMin: PriceBound,
  priceMax: PriceBound,
  inStock: InStock,
};

/** GET supplier and direct-sale lists. `site`: direct sale, the warehouse site holding stock. */
export const CatalogueListQuerySchema = z.object({
  source: z.enum(['supplier', 'directSale']),
  ...FilterShape,
  supplierId: z.optional(Id),
  site: z.optional(z.enum(SITE_CODES)),
  sort: z._default(z.enum(CATALOGUE_SORTS), 'newest'),
  ...KeysetQueryShape,
  limit: Limit,
});
export type CatalogueListQuery = z.infer<typeof CatalogueListQuerySchema>;

/** GET third-party products of a shop: the categories it follows (or one of them). */
export const ThirdPartyListQuerySchema = z.object({
  shopId: Id,
  ...FilterShape,
  sort: z._default(z.enum(CATALOGUE_SORTS), 'newest'),
  ...KeysetQueryShape,
  limit: Limit,
});
export type ThirdPartyListQuery = z.infer<typeof ThirdPartyListQuerySchema>;

/**
 * GET the mall's search. Without `q` the mall browses (a category, sorted). A one-character query
 * is answered only inside a category (CATALOGUE_QUERY_TOO_SHORT); a search that would take too
 * long answers CATALOGUE_NARROW_SEARCH.
 */
export const MallSearchQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(SEARCH_QUERY_MAX))),
  ...FilterShape,
  sourceSite: z.optional(z.enum(MALL_SOURCE_SITES)),
  shipsFrom: z.optional(z.enum(SITE_CODES)),
  sort: z._default(z.enum(MALL_SORTS), 'relevance'),
  ...KeysetQueryShape,
  limit: Limit,
});
export type MallSearchQuery = z.infer<typeof MallSearchQuerySchema>;

/** A page of any catalogue list or search. */
export const CataloguePageSchema = z.object({
  records: z.array(CatalogueProductSchema),
  ...KeysetPageShape,
  /**
   * The search matched so many products that they are shown by `sort` (sales when relevance was
   * asked) from the index instead of ranked: the console suggests narrowing it.
   */
  broad: z.boolean(),
  /** The sort the page was served in (relevance falls back to sales when `broad`). */
  sort: z.enum(MALL_SORTS),
});
export type CataloguePage = z.infer<typeof CataloguePageSchema>;

/** GET a catalogue product's detail (any source). */
export const CatalogueIdQuerySchema = z.object({ id: Id });

/** A shop's follows: the secondary categories whose third-party products it sees. */
export const ShopFollowsSchema = z.object({
  shopId: z.string(),
  shopName: z.string(),
  platform: z.enum(PLATFORMS),
  site: z.enum(SITE_CODES),
  categories: z.array(
    z.object({ id: z.string(), name: z.string(), path: z.array(CategoryStepSchema) }),
  ),
  /** How many secondary categories it may follow in all. */
  limit: z.int(),
});
export type ShopFollows = z.infer<typeof ShopFollowsSchema>;
/** GET the follows of every shop the actor may act on. */
export const FollowListSchema = z.object({ shops: z.array(ShopFollowsSchema), limit: z.int() });
export type FollowList = z.infer<typeof FollowListSchema>;

/**
 * POST follow: the shop's followed secondary categories as they should stand. A follow cannot be
 * changed: every category it already follows must stay (else CATALOGUE_FOLLOW_CHANGE), and at
 * most `limit` in all (else CATALOGUE_FOLLOW_LIMIT).
 */
export const FollowRequestSchema = z.object({
  shopId: Id,
  categoryIds: z.array(Id).check(z.minLength(1, { error: 'required' }), z.maxLength(20)),
});
export type FollowRequest = z.infer<typeof FollowRequestSchema>;

/**
 * The cart: catalogue and mall SKUs with quantities (userInfo.skuList follows it).
 * @public
 */
export const CartLineSchema = z.object({
  skuId: z.string(),
  productId: z.string(),
  source: z.enum(CATALOGUE_SOURCES),
  title: z.string(),
  options: z.array(z.string()),
  image: z.nullable(z.string()),
  currency: z.enum(CURRENCIES),
  price: Minor,
  stock: z.int(),
  quantity: z.int(),
  addedAt: z.string(),
});
/** @public */
export type CartLine = z.infer<typeof CartLineSchema>;
export const CartSchema = z.object({
  lines: z.array(CartLineSchema),
  /** The header's cart count: the sum of the quantities. */
  count: z.int(),
});
export type Cart = z.infer<typeof CartSchema>;

const Quantity = z
  .int()
  .check(z.minimum(1, { error: 'quantityMin' }), z.maximum(CART_QUANTITY_MAX));
/** POST cart add: adds to the quantity already in the cart. */
export const CartAddRequestSchema = z.object({ skuId: Id, quantity: Quantity });
/** @public */
export type CartAddRequest = z.infer<typeof CartAddRequestSchema>;
/** POST cart update: sets the quantity. */
export const CartUpdateRequestSchema = z.object({ skuId: Id, quantity: Quantity });
/** @public */
export type CartUpdateRequest = z.infer<typeof CartUpdateRequestSchema>;
/** POST cart remove. */
export const CartRemoveRequestSchema = z.object({
  skuIds: z.array(Id).check(z.minLength(1, { error: 'required' }), z.maxLength(CART_LINES_MAX)),
});
/** @public */
export type CartRemoveRequest = z.infer<typeof CartRemoveRequestSchema>;

/**
 * POST choose: catalogue or mall products into shops (normal shops the actor may act on, of a
 * platform the product may be sold on), each as a product waiting (status `wait`) priced with the
 * shop's pricing template. All or nothing: a product already chosen into one of the shops refuses
 * the whole request (CATALOGUE_ALREADY_CHOSEN, the pairs in `datas.conflicts`).
 */
export const ChooseRequestSchema = z.object({
  productIds: z
    .array(Id)
    .check(z.minLength(1, { error: 'required' }), z.maxLength(CHOOSE_PRODUCTS_MAX)),
  shopIds: z
    .array(Id)
    .check(z.minLength(1, { error: 'chooseShop' }), z.maxLength(CHOOSE_SHOPS_MAX)),
});
export type ChooseRequest = z.infer<typeof ChooseRequestSchema>;
export const ChooseResultSchema = z.object({
  products: z.array(
    z.object({
      catalogueId: z.string(),
      shopId: z.string(),
      productId: z.string(),
      status: z.literal('wait'),
    }),
  ),
});
export type ChooseResult = z.infer<typeof ChooseResultSchema>;
/**
 * `datas` of CATALOGUE_ALREADY_CHOSEN.
 * @public
 */
export const ChooseConflictsSchema = z.object({
  conflicts: z.array(
    z.object({
      catalogueId: z.string(),
      title: z.string(),
      shopId: z.string(),
      shopName: z.string(),
    }),
  ),
});
export type ChooseConflicts = z.infer<typeof ChooseConflictsSchema>;
