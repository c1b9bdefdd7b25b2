import { CATALOGUE_SOURCES } from '@shared/contracts/catalogue';
import { convertAtRate, landedCostPrice } from '@shared/contracts/landed-cost';
import type { Currency } from '@shared/contracts/money';
import type { ProductDraft } from '@shared/contracts/product-draft';
import { productRules, ruleTable } from '@shared/contracts/product-rules';
import {
  ACTIVATABLE_STATUSES,
  type BulkResult,
  type CopySitesRequest,
  DELISTABLE_STATUSES,
  LAZADA_SITES,
  type LazadaSite,
  LOCKED_STATUSES,
  type MultiSitePublishRequest,
  PRODUCT_STATUSES,
  type PricingTemplate,
  type ProductDetail,
  type ProductInput,
  type ProductListItem,
  type ProductListQuery,
  type ProductPage,
  type ProductStatus,
  PUBLISHABLE_STATUSES,
  type PublishRequest,
  type Readiness,
  type ShopLogistics,
  type ShopPricing,
  type SiteListing,
  statusOfFilter,
} from '@shared/contracts/products';
import type { SiteCode } from '@shared/contracts/site-codes';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import {
  collectedProducts,
  productListVersions,
  productStatusCounts,
  products,
  shopProductSettings,
  shops,
} from '../../db/schema/index';
import type { ProductJob } from '../../db/schema/products';
import { AppError } from '../../lib/errors';
import { type KeyedRow, keyset } from '../../lib/keyset';
import type { SyncedRecord } from '../shops/product-upsert';
import {
  allProductsOf,
  costingOf,
  type ProductRow,
  pricingOf,
  productOf,
  rateBetween,
  type ShopRow,
  shopCurrency,
  shopName,
  shopOf,
  visibleShopIds,
} from './product-access';
import { contentFromDraft, contentFromSynced, listingOf } from './product-content';
import { checkReadiness, ruleContextOf, shopAccessOf } from './readiness';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'marketplaces'>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const isIn = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/* ---------- content ---------- */

/**
 * A product's content: the stored one, else built from its claimed draft (priced in the shop's
 * currency: from the CNY cost by the shop's landed-cost template, or the draft's price converted
 * at the dated rate), else from its synced platform record.
 */
async function contentOf(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  product: ProductRow,
  shop: ShopRow,
): Promise<ProductInput> {
  if (product.content) return product.content;
  if (product.data) return contentOfDraft(deps, product, shop, product.data);
  return contentFromSynced(
    product.title,
    (product.raw as SyncedRecord | null) ?? { images: [], skus: [], record: null },
  );
}

async function contentOfDraft(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  product: ProductRow,
  shop: ShopRow,
  draft: ProductDraft,
): Promise<ProductInput> {
  const to = shopCurrency(shop);
  const { template, defaultLogisticsId } = await pricingOf(deps, shop);
  // The source's own prices (before the markup) are the cost when the source sells in CNY.
  const [collected] = product.collectId
    ? await deps.db
        .select({ draft: collectedProducts.original })
        .from(collectedProducts)
        .where(eq(collectedProducts.id, product.collectId))
    : [];
  // A product chosen from the catalogue keeps its source's prices (the cost) in its draft.
  const source =
    collected?.draft ?? (isIn(CATALOGUE_SOURCES, product.sourceSite ?? '') ? draft : null);
  const costing = source?.currency === 'CNY' && to !== 'CNY' ? await costingOf(deps, to) : null;
  const draftRate =
    draft.currency === to ? null : await rateBetween(deps, draft.currency as Currency, to);
  const sourceSku = (sku: ProductDraft['skus'][number] | null) =>
    sku ? source?.skus.find((candidate) => candidate.id === sku.id) : null;
  const costOf = (sku: ProductDraft['skus'][number] | null): number | null => {
    if (source?.currency !== 'CNY') return null;
    return sourceSku(sku)?.price ?? source.price.min ?? null;
  };
  const weight = draft.weightGrams === null ? null : Math.round(draft.weightGrams);
  const prices = (sku: ProductDraft['skus'][number] | null) => {
    const cost = costOf(sku);
    if (cost !== null && costing) {
      const priced = landedCostPrice({
        costMinor: cost,
        weightGrams: weight,
        dimensionsCm: draft.dimensionsCm,
        rate: costing.rate,
        to,
        template,
      });
      return { selling: priced.sellingPrice, original: priced.originalPrice };
    }
    const selling = sku?.price ?? draft.price.min ?? 0;
    const original = sku?.originalPrice ?? null;
    if (draft.currency === to) return { selling, original };
    if (!draftRate) return { selling: 0, original: null };
    return {
      selling: convertAtRate(selling, draft.currency as Currency, to, draftRate.rate),
      original:
        original === null
          ? null
          : convertAtRate(original, draft.currency as Currency, to, draftRate.rate),
    };
  };
  return contentFromDraft(draft, {
    prices,
    cost: costOf,
    logistics: defaultLogisticsId
      ? [{ channelId: defaultLogisticsId, enabled: true, feeMinor: null }]
      : [],
  });
}

/** Counts of the readiness check for the product's own shop (the list column). */
async function readinessCounts(
  deps: Deps,
  product: ProductRow,
  content: ProductInput,
  shop: ShopRow,
) {
  const result = await checkReadiness(deps, { product, content, shop });
  return {
    readinessErrors: result.issues.filter((issue) => issue.severity === 'error').length,
    readinessWarnings: result.issues.filter((issue) => issue.severity === 'warning').length,
  };
}

/** Builds and stores a product's content and listing columns (after a claim, a copy, a save). */
export async function refreshProduct(deps: Deps, product: ProductRow, shop: ShopRow) {
  const content = await contentOf(deps, product, shop);
  const counts = await readinessCounts(deps, product, content, shop);
  const [row] = await deps.db
    .update(products)
    .set({ content, currency: shopCurrency(shop), ...listingOf(content), ...counts })
    .where(eq(products.id, product.id))
    .returning();
  return row ?? product;
}

/* ---------- list ---------- */

/**
 * The columns a list row shows, read alone: a whole products row carries its content, draft and
 * platform record (JSON of any size), and mapping every column of 50 rows was most of a page's
 * processor time.
 */
const LIST_COLUMNS = {
  id: products.id,
  shopId: products.shopId,
  platform: products.platform,
  status: products.status,
  platformStatus: products.platformStatus,
  externalId: products.externalId,
  title: products.title,
  sku: products.sku,
  cover: products.cover,
  currency: products.currency,
  priceMinMinor: products.priceMinMinor,
  priceMaxMinor: products.priceMaxMinor,
  stock: products.stock,
  skuCount: products.skuCount,
  failure: products.failure,
  scheduledAt: products.scheduledAt,
  readinessErrors: products.readinessErrors,
  readinessWarnings: products.readinessWarnings,
  origin: products.origin,
  updatedAt: products.updatedAt,
} satisfies Partial<Record<keyof ProductRow, unknown>>;
type ListedProduct = Pick<ProductRow, keyof typeof LIST_COLUMNS>;
const LIST_SHOP_COLUMNS = { name: shops.name, alias: shops.alias, site: shops.site };
type ListedShop = Pick<ShopRow, keyof typeof LIST_SHOP_COLUMNS>;

function listItem(product: ListedProduct, shop: ListedShop): ProductListItem {
  return {
    id: product.id,
    shopId: product.shopId,
    shopName: shopName(shop),
    platform: product.platform,
    site: shop.site as SiteCode,
    status: product.status as ProductStatus,
    platformStatus: product.platformStatus,
    externalId: product.externalId,
    title: product.title,
    sku: product.sku,
    cover: product.cover,
    currency: product.currency as Currency,
    priceMin: product.priceMinMinor,
    priceMax: product.priceMaxMinor,
    stock: product.stock,
    skuCount: product.skuCount,
    failure: product.failure,
    scheduledAt: iso(product.scheduledAt),
    readiness: { errors: product.readinessErrors, warnings: product.readinessWarnings },
    origin: product.origin,
    updatedAt: product.updatedAt.toISOString(),
  };
}

/**
 * GET /product/product/list: a platform's products of the actor's shops, newest change first, in
 * keyset pages (updated_at, id): a deep page costs what the first does.
 */
export async function listProducts(
  deps: Pick<AppDeps, 'db'>,
  actor: Pick<Actor, 'ownerId' | 'shopIds'>,
  query: ProductListQuery,
): Promise<ProductPage> {
  const filters: (SQL | undefined)[] = [
    visibleShopIds(actor),
    eq(products.platform, query.platform),
  ];
  if (query.shopId) filters.push(eq(products.shopId, query.shopId));
  if (query.keyword) {
    const like = `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // Title or SKU, as the trigram index reads them (migration 0025): one expression, one index.
    filters.push(sql`(${products.title} || E'\\n' || ${products.sku}) ilike ${like}`);
  }
  // The tabs' counts: every status under the other filters, once per first page.
  const countFilters = [...filters];
  const counted = query.keyword
    ? searchedStatusCounts(deps, actor, query, countFilters)
    : keptStatusCounts(deps, actor, query.platform, query.shopId);
  const status = statusOfFilter(query.status);
  if (status) filters.push(eq(products.status, status));
  const page = keyset(
    [
      { column: products.updatedAt, order: 'desc' },
      { column: products.id, order: 'desc' },
    ],
    query,
  );
  const [rows, counts] = await Promise.all([
    deps.db
      .select({ product: LIST_COLUMNS, shop: LIST_SHOP_COLUMNS, cursorKey: page.key })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(and(...filters, page.where))
      .orderBy(...page.orderBy)
      .limit(page.limit),
    query.cursor ? null : counted,
  ]);
  const {
    rows: shown,
    next,
    previous,
  } = page.finish<KeyedRow & { product: ListedProduct; shop: ListedShop }>(rows);
  return {
    records: shown.map(({ product, shop }) => listItem(product, shop)),
    next,
    previous,
    counts,
  };
}

/** Every status at 0, then the counts of the rows given. */
function countsOf(rows: readonly { status: string; count: number }[]) {
  const counts = Object.fromEntries(PRODUCT_STATUSES.map((status) => [status, 0])) as Record<
    ProductStatus,
    number
  >;
  for (const row of rows) counts[row.status as ProductStatus] = Number(row.count);
  return counts;
}

/** The tabs' counts under a keyword: the matching products counted (the trigram indexes find them). */
async function statusCounts(
  deps: Pick<AppDeps, 'db'>,
  filters: readonly (SQL | undefined)[],
): Promise<Record<ProductStatus, number>> {
  return countsOf(
    await deps.db
      .select({ status: products.status, count: sql<number>`count(*)::int` })
      .from(products)
      .where(and(...filters))
      .groupBy(products.status),
  );
}

/** Searched tab counts of each database: a search's key, the version they were counted at, the counts. */
const searchedCounts = new WeakMap<
  object,
  Map<string, { version: number; counts: Promise<Record<ProductStatus, number>> }>
>();
/** The searches whose counts are kept at most (the least recently counted go first). */
const SEARCHED_COUNTS_KEPT = 2000;

/**
 * The tabs' counts under a keyword, counted again only when the seller's products changed since
 * (their version, moved on by triggers whenever a product is inserted, deleted, or changed in
 * title, SKU, status, shop or platform, migration 0030): the same search again, or another tab of
 * it, reads one row instead of matching every product. Exact: the version is read before the
 * counting starts, so counts are never kept under a version older than what they counted; a
 * search that finds another version counts again. Searches at once under one version share one
 * counting.
 */
async function searchedStatusCounts(
  deps: Pick<AppDeps, 'db'>,
  actor: Pick<Actor, 'ownerId' | 'shopIds'>,
  query: ProductListQuery,
  filters: readonly (SQL | undefined)[],
): Promise<Record<ProductStatus, number>> {
  const key = JSON.stringify([
    actor.ownerId,
    actor.shopIds,
    query.platform,
    query.shopId ?? null,
    query.keyword,
  ]);
  const [row] = await deps.db
    .select({ version: productListVersions.version })
    .from(productListVersions)
    .where(eq(productListVersions.ownerId, actor.ownerId));
  const version = row?.version ?? 0;
  let kept = searchedCounts.get(deps.db);
  if (!kept) {
    kept = new Map();
    searchedCounts.set(deps.db, kept);
  }
  const found = kept.get(key);
  if (found?.version === version) return found.counts;
  const counts = statusCounts(deps, filters);
  kept.delete(key);
  kept.set(key, { version, counts });
  if (kept.size > SEARCHED_COUNTS_KEPT) {
    const oldest = kept.keys().next().value;
    if (oldest !== undefined) kept.delete(oldest);
  }
  counts.catch(() => {
    if (kept.get(key)?.counts === counts) kept.delete(key);
  });
  return counts;
}

/**
 * The tabs' counts without a keyword: summed from the counts kept per shop and status (statement
 * triggers on products keep them, migration 0025), a few rows per shop instead of every product.
 */
async function keptStatusCounts(
  deps: Pick<AppDeps, 'db'>,
  actor: Pick<Actor, 'ownerId' | 'shopIds'>,
  platform: ProductListQuery['platform'],
  shopId: string | undefined,
): Promise<Record<ProductStatus, number>> {
  if (actor.shopIds && actor.shopIds.length === 0) return countsOf([]);
  const kept = productStatusCounts;
  return countsOf(
    await deps.db
      .select({ status: kept.status, count: sql<number>`sum(${kept.count})::int` })
      .from(kept)
      .where(
        and(
          eq(kept.ownerId, actor.ownerId),
          eq(kept.platform, platform),
          actor.shopIds ? inArray(kept.shopId, actor.shopIds) : undefined,
          shopId ? eq(kept.shopId, shopId) : undefined,
        ),
      )
      .groupBy(kept.status),
  );
}

/* ---------- detail and save ---------- */

export async function productDetail(
  deps: Deps,
  actor: Pick<Actor, 'ownerId' | 'shopIds'>,
  id: string,
): Promise<ProductDetail> {
  const { product, shop } = await productOf(deps, actor, id);
  return detailOf(deps, product, shop);
}

async function detailOf(deps: Deps, product: ProductRow, shop: ShopRow): Promise<ProductDetail> {
  const content = await contentOf(deps, product, shop);
  const pricing = await pricingOf(deps, shop);
  return {
    ...content,
    id: product.id,
    shopId: shop.id,
    shopName: shopName(shop),
    platform: product.platform,
    site: shop.site as SiteCode,
    currency: shopCurrency(shop),
    status: product.status as ProductStatus,
    platformStatus: product.platformStatus,
    externalId: product.externalId,
    origin: product.origin,
    failure: product.failure,
    scheduledAt: iso(product.scheduledAt),
    siteListings: product.siteListings,
    costing: await costingOf(deps, shopCurrency(shop)),
    pricing: pricing.template,
    defaultLogisticsId: pricing.defaultLogisticsId,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
    version: product.version,
  };
}

/**
 * POST /product/product/save: the editor's product, checked with its shop's site table and its
 * category's required attributes; one that fails a rule is saved as a draft (the readiness check
 * lists its failures, and publishing needs every rule), unless the failure is of its files. `version` must be the one the editor opened (PRODUCT_CHANGED
 * otherwise); a product being published cannot change (PRODUCT_LOCKED). Media are re-read from
 * what was stored: the client cannot claim another type or size.
 */
export async function saveProduct(
  deps: Deps,
  actor: Pick<Actor, 'ownerId' | 'shopIds'>,
  input: { id: string; version: number; product: ProductInput },
  onInvalid: (issues: readonly import('zod/mini').core.$ZodIssue[]) => never,
): Promise<ProductDetail> {
  const { product, shop } = await productOf(deps, actor, input.id);
  if (isIn(LOCKED_STATUSES, product.status)) throw new AppError('PRODUCT_LOCKED');
  const content = await withStoredMedia(deps, actor, input.product);
  const context = await ruleContextOf(deps, shop, content.categoryId);
  const parsed = productRules(ruleTable(shop.platform, shop.site as SiteCode), context).safeParse(
    content,
  );
  // A product that does not pass every rule yet is kept as a draft (its failures are the
  // readiness check's errors, and publishing waits for them); only what is stored with it as
  // media is refused outright: more or other files than the platform takes.
  if (!parsed.success) {
    const hard = parsed.error.issues.filter((issue) => isMediaPath(issue.path));
    if (hard.length > 0) onInvalid(hard);
  }
  const counts = await readinessCounts(deps, product, content, shop);
  const now = deps.clock.now();
  const [saved] = await deps.db
    .update(products)
    .set({
      content,
      ...listingOf(content),
      ...counts,
      version: sql`${products.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(products.id, product.id), eq(products.version, input.version)))
    .returning();
  if (!saved) throw new AppError('PRODUCT_CHANGED');
  return detailOf(deps, saved, shop);
}

/** Whether a rule's failure is about the product's files (images, video, size chart). */
function isMediaPath(path: readonly PropertyKey[]): boolean {
  const [first, , third] = path;
  return (
    first === 'images' ||
    first === 'video' ||
    first === 'sizeChart' ||
    (first === 'skus' && third === 'image') ||
    (first === 'variations' && path[4] === 'image')
  );
}

/** Media the product names by key, as stored for the actor's main account (unknown keys refused). */
async function withStoredMedia(
  deps: Pick<AppDeps, 'db'>,
  actor: Pick<Actor, 'ownerId'>,
  content: ProductInput,
): Promise<ProductInput> {
  const { mediaOf } = await import('./media.service');
  const keys = new Set<string>();
  const visit = (media: ProductInput['video']) => {
    if (media?.key) keys.add(media.key);
  };
  for (const image of content.images) visit(image);
  visit(content.video);
  visit(content.sizeChart);
  for (const sku of content.skus) visit(sku.image);
  for (const variation of content.variations)
    for (const option of variation.options) visit(option.image);
  const stored = await mediaOf(deps, actor, [...keys]);
  const fix = <M extends ProductInput['video']>(media: M): M => {
    if (!media?.key) return media;
    const known = stored.get(media.key);
    if (!known) throw new AppError('RECORD_NOT_FOUND');
    return known as M;
  };
  return {
    ...content,
    images: content.images.map(fix),
    video: fix(content.video),
    sizeChart: fix(content.sizeChart),
    skus: content.skus.map((sku) => ({ ...sku, image: fix(sku.image) })),
    variations: content.variations.map((variation) => ({
      ...variation,
      options: variation.options.map((option) => ({ ...option, image: fix(option.image) })),
    })),
  };
}

/* ---------- readiness ---------- */

export async function productReadiness(
  deps: Deps,
  actor: Pick<Actor, 'ownerId' | 'shopIds'>,
  input: { id: string; shopId?: string | undefined },
): Promise<Readiness> {
  const { product, shop } = await productOf(deps, actor, input.id);
  const content = await contentOf(deps, product, shop);
  const target = input.shopId ? await shopOf(deps, actor, input.shopId) : shop;
  const targets = [await checkReadiness(deps, { product, content, shop: target })];
  if (!input.shopId)
    for (const listing of product.siteListings)
      targets.push(await checkReadiness(deps, { product, content, shop, site: listing.site }));
  return { productId: product.id, targets };
}

/* ---------- bulk actions ---------- */

type Refused = BulkResult['refused'][number];

/**
 * POST /product/product/publish: queues a publishing job per product (now, or at `at`:
 * intervalPushing). Refused: a product not of the actor's shops, in a status that cannot be
 * published, whose shop is not authorized, or whose readiness check has errors (warnings too,
 * unless confirmed).
 */
export async function publishProducts(
  deps: Deps,
  actor: Pick<Actor, 'ownerId' | 'shopIds'>,
  input: PublishRequest,
): Promise<BulkResult> {
  const now = deps.clock.now();
  const at = input.at ? new Date(input.at) : null;
  const timed = at !== null && at.getTime() > now.getTime();
  const found = await allProductsOf(deps, actor, input.ids);
  const accepted: string[] = [];
  const refused: Refused[] = [];
  for (const id of input.ids) {
    const entry = found.find((one) => one.product.id === id);
    if (!entry) {
      refused.push({ id, code: 'notFound' });
      continue;
    }
    const { product, shop } = entry;
    if (!isIn(PUBLISHABLE_STATUSES, product.status)) {
      refused.push({ id, code: isIn(LOCKED_STATUSES, product.status) ? 'locked' : 'wrongStatus' });
      continue;
    }
    if (shop.status !== 'normal' || !shop.authorizationId) {
      refused.push({ id, code: 'shopAbnormal' });
      continue;
    }
    const content = await contentOf(deps, product, shop);
    const readiness = await checkReadiness(deps, { product, content, shop });
    const errors = readiness.issues.filter((issue) => issue.severity === 'error');
    const warnings = readiness.issues.filter((issue) => issue.severity === 'warning');
    if (errors.length > 0) {
      refused.push({ id, code: 'notReady', issues: errors });
      continue;
    }
    if (warnings.length > 0 && !input.confirmWarnings) {
      refused.push({ id, code: 'warnings', issues: warnings });
      continue;
    }
    const [queued] = await deps.db
      .update(products)
      .set({
        content,
        status: timed ? 'intervalPushing' : 'pushing',
        scheduledAt: timed ? at : null,
        job: 'publish',
        jobDueAt: timed ? at : now,
        jobLeaseUntil: null,
        failure: null,
        updatedAt: now,
      })
      // Only from the status it was read in: a concurrent request queues it once.
      .where(and(eq(products.id, id), eq(products.status, product.status)))
      .returning({ id: products.id });
    if (queued) accepted.push(id);
    else refused.push({ id, code: 'locked' });
  }
  return { accepted, refused };
}

/** Queues a platform job (delist, activate, delete) on products in the given statuses. */
async function queueJob(
  deps: Deps,
  actor: Pick<Actor, 'ownerId' | 'shopIds'>,
  ids: readonly string[],
  job: ProductJob,
  allowed: readonly string[],
): Promise<BulkResult> {
  const now = deps.clock.now();
  const found = await allProductsOf(deps, actor, ids);
  const accepted: string[] = [];
  const refused: Refused[] = [];
  for (const id of ids) {
    const entry = found.find((one) => one.product.id === id);
    if (!entry) {
      refused.push({ id, code: 'notFound' });
      continue;
    }
    const { product, shop } = entry;
    if (!product.externalId) {
      refused.push({ id, code: 'notPublished' });
      continue;
    }
    if (!allowed.includes(product.status) || product.job) {
      refused.push({ id, code: product.job ? 'locked' : 'wrongStatus' });
      continue;
    }
    if (shop.status !== 'normal' || !shop.authorizationId) {
      refused.push({ id, code: 'shopAbnormal' });
      continue;
    }
    const [queued] = await deps.db
      .update(products)
      .set({ job, jobDueAt: now, jobLeaseUntil: null, updatedAt: now })
      .where(and(eq(products.id, id), sql`${products.job} is null`))
      .returning({ id: products.id });
    if (queued) accepted.push(id);
    else refused.push({ id, code: 'locked' });
  }
  return { accepted, refused };
}

export const delistProducts = (
  deps: Deps,
  actor: Pick<Actor, 'ownerId' | 'shopIds'>,
  ids: string[],
) => queueJob(deps, actor, ids, 'delist', DELISTABLE_STATUSES);
export const activateProducts = (
  deps: Deps,
  actor: Pick<Actor, 'ownerId' | 'shopIds'>,
  ids: string[],
) => queueJob(deps, actor, ids, 'activate', ACTIVATABLE_STATUSES);

/**
 * POST /product/product/delete: a product never published is deleted here at once; a published
 * one is deleted on its platform by a job, then here.
 */
export async function deleteProducts(
  deps: Deps,
  actor: Pick<Actor, 'ownerId' | 'shopIds'>,
  ids: string[],
): Promise<BulkResult> {
  const found = await allProductsOf(deps, actor, ids);
  const local = found.filter(
    ({ product }) => !product.externalId && !isIn(LOCKED_STATUSES, product.status),
  );
  if (local.length > 0)
    await deps.db.delete(products).where(
      and(
        inArray(
          products.id,
          local.map(({ product }) => product.id),
        ),
        sql`${products.externalId} is null`,
        sql`${products.job} is null`,
      ),
    );
  const remote = ids.filter((id) => !local.some(({ product }) => product.id === id));
  const queued = await queueJob(deps, actor, remote, 'delete', [
    'online',
    'offline',
    'fail',
    'forbid',
    'freeze',
    'del',
    'wait',
  ]);
  return {
    accepted: [...local.map(({ product }) => product.id), ...queued.accepted],
    refused: queued.refused,
  };
}

/** POST /product/product/cancelSchedule: timed products back to waiting (or failed, as they were). */
export async function cancelSchedule(
  deps: Deps,
  actor: Pick<Actor, 'ownerId' | 'shopIds'>,
  ids: string[],
): Promise<BulkResult> {
  const now = deps.clock.now();
  const found = await allProductsOf(deps, actor, ids);
  const accepted: string[] = [];
  const refused: Refused[] = [];
  for (const id of ids) {
    const entry = found.find((one) => one.product.id === id);
    if (!entry) {
      refused.push({ id, code: 'notFound' });
      continue;
    }
    const [done] = await deps.db
      .update(products)
      .set({
        status: entry.product.externalId ? 'offline' : 'wait',
        job: null,
        jobDueAt: null,
        scheduledAt: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(products.id, id),
          eq(products.status, 'intervalPushing'),
          sql`(${products.jobLeaseUntil} is null or ${products.jobLeaseUntil} < ${now.toISOString()}::timestamptz)`,
        ),
      )
      .returning({ id: products.id });
    if (done) accepted.push(id);
    else refused.push({ id, code: 'wrongStatus' });
  }
  return { accepted, refused };
}

/* ---------- copy to other sites and 6-in-1 ---------- */

/**
 * POST /product/lazada/copySites: a `wait` copy of a Lazada product in the seller's Lazada shop
 * on each chosen site, its prices converted at the recorded dated rate.
 */
export async function copyToSites(
  deps: Deps,
  actor: Pick<Actor, 'ownerId' | 'shopIds' | 'userId'>,
  input: CopySitesRequest,
) {
  const { product, shop } = await productOf(deps, actor, input.id);
  const content = await contentOf(deps, product, shop);
  const from = shopCurrency(shop);
  const created: { site: SiteCode; shopId: string; productId: string }[] = [];
  const refused: { site: SiteCode; code: 'noShop' | 'exists' | 'sameSite' }[] = [];
  const candidates = await deps.db
    .select()
    .from(shops)
    .where(and(eq(shops.ownerId, actor.ownerId), eq(shops.platform, product.platform)));
  const now = deps.clock.now();
  for (const site of [...new Set(input.sites)]) {
    if (site === shop.site) {
      refused.push({ site, code: 'sameSite' });
      continue;
    }
    const target = candidates.find(
      (one) =>
        one.site === site &&
        one.status === 'normal' &&
        (actor.shopIds === null || actor.shopIds.includes(one.id)),
    );
    if (!target) {
      refused.push({ site, code: 'noShop' });
      continue;
    }
    const to = shopCurrency(target);
    const rate =
      from === to ? { rate: '1', rateAt: now.toISOString() } : await rateBetween(deps, from, to);
    if (!rate) throw new AppError('EXCHANGE_RATE_MISSING', { params: { from, to } });
    const convert = (minor: number) => convertAtRate(minor, from, to, rate.rate);
    const copy: ProductInput = {
      ...content,
      skus: content.skus.map((sku) => ({
        ...sku,
        skuId: null,
        sellingPrice: convert(sku.sellingPrice),
        originalPrice: sku.originalPrice === null ? null : convert(sku.originalPrice),
        promotionPrice: sku.promotionPrice === null ? null : convert(sku.promotionPrice),
      })),
      wholesale: content.wholesale.map((tier) => ({ ...tier, price: convert(tier.price) })),
      logistics: [],
    };
    const [row] = await deps.db
      .insert(products)
      .values({
        ownerId: actor.ownerId,
        shopId: target.id,
        platform: product.platform,
        origin: 'copied',
        collectId: product.collectId,
        sourceSite: product.sourceSite,
        sourceItemId: product.sourceItemId,
        sourceUrl: product.sourceUrl,
        currency: to,
        status: 'wait',
        content: copy,
        ...listingOf(copy),
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      refused.push({ site, code: 'exists' });
      continue;
    }
    await refreshProduct(deps, row, target);
    created.push({ site, shopId: target.id, productId: row.id });
  }
  return { created, refused };
}

/**
 * POST /product/lazada/multiSite/publish (6-in-1): a Malaysia-site cross-border product to other
 * Lazada sites through the same authorization, each site's prices converted at the recorded rate
 * (or as given) and each with its own state. The listings publish with the product's next job.
 */
export async function publishMultiSite(
  deps: Deps,
  actor: Pick<Actor, 'ownerId' | 'shopIds'>,
  input: MultiSitePublishRequest,
): Promise<BulkResult> {
  const { product, shop } = await productOf(deps, actor, input.id);
  if (product.platform !== 'lazada' || shop.site !== 'my' || shop.shopType !== 'crossBorder')
    throw new AppError('PRODUCT_MULTI_SITE_UNAVAILABLE');
  if (isIn(LOCKED_STATUSES, product.status)) throw new AppError('PRODUCT_LOCKED');
  const content = await contentOf(deps, product, shop);
  const from = shopCurrency(shop);
  const now = deps.clock.now();
  const listings = new Map<LazadaSite, SiteListing>(
    product.siteListings.map((listing) => [listing.site, listing]),
  );
  for (const choice of input.sites) {
    if (choice.site === 'my') continue;
    const to = shopCurrency({ ...shop, site: choice.site });
    const rate = await rateBetween(deps, from, to);
    if (!rate) throw new AppError('EXCHANGE_RATE_MISSING', { params: { from, to } });
    const prices = Object.fromEntries(
      content.skus.map((sku) => [
        sku.id,
        choice.prices?.[sku.id] ?? convertAtRate(sku.sellingPrice, from, to, rate.rate),
      ]),
    );
    const before = listings.get(choice.site);
    listings.set(choice.site, {
      site: choice.site,
      currency: to,
      prices,
      rate: rate.rate,
      rateAt: rate.rateAt,
      status: 'pushing',
      externalId: before?.externalId ?? null,
      failure: null,
    });
  }
  const siteListings = LAZADA_SITES.flatMap((site) => listings.get(site) ?? []);
  const result = await publishProducts(deps, actor, {
    ids: [product.id],
    confirmWarnings: true,
    ...(input.at ? { at: input.at } : {}),
  });
  if (result.accepted.length === 0 && product.status !== 'online') return result;
  const timed = input.at !== undefined && new Date(input.at).getTime() > now.getTime();
  await deps.db
    .update(products)
    .set({
      siteListings,
      ...(result.accepted.length === 0
        ? { job: 'publish', jobDueAt: timed ? new Date(input.at ?? '') : now, status: 'pushing' }
        : {}),
      updatedAt: now,
    })
    .where(eq(products.id, product.id));
  return { accepted: [product.id], refused: [] };
}

/* ---------- shop look-ups: categories, attributes, logistics, pricing ---------- */

async function accessOrRefuse(deps: Deps, shop: ShopRow, site?: SiteCode) {
  const access = await shopAccessOf(deps, shop, site);
  if (!access)
    throw new AppError('PLATFORM_OAUTH_ERROR', {
      datas: {
        shopIds: [shop.id],
        shopNames: [shopName(shop)],
        crossBorder: shop.shopType === 'crossBorder',
      },
    });
  return access;
}

export async function shopCategories(
  deps: Deps,
  actor: Pick<Actor, 'ownerId' | 'shopIds'>,
  shopId: string,
) {
  const shop = await shopOf(deps, actor, shopId);
  return deps.marketplaces[shop.platform].categories(await accessOrRefuse(deps, shop));
}

export async function shopCategoryAttributes(
  deps: Deps,
  actor: Pick<Actor, 'ownerId' | 'shopIds'>,
  input: { shopId: string; categoryId: string },
) {
  const shop = await shopOf(deps, actor, input.shopId);
  return deps.marketplaces[shop.platform].categoryAttributes(
    await accessOrRefuse(deps, shop),
    input.categoryId,
  );
}

/** A shop's channels as the platform reports them now (kept for the editor), and its default. */
export async function shopLogistics(
  deps: Deps,
  actor: Pick<Actor, 'ownerId' | 'shopIds'>,
  shopId: string,
): Promise<ShopLogistics> {
  const shop = await shopOf(deps, actor, shopId);
  const channels = (
    await deps.marketplaces[shop.platform].logisticsChannels(await accessOrRefuse(deps, shop))
  ).map((channel) => ({
    id: channel.id,
    name: channel.name,
    enabled: channel.enabled,
    cod: channel.cod,
    weightLimitGrams: channel.weightLimitGrams ?? null,
    maxSideCm: channel.maxSideCm ?? null,
    maxVolumeCm3: channel.maxVolumeCm3 ?? null,
  }));
  const now = deps.clock.now();
  const [settings] = await deps.db
    .insert(shopProductSettings)
    .values({ shopId, channels, channelsReadAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: shopProductSettings.shopId,
      set: { channels, channelsReadAt: now },
    })
    .returning();
  const defaultId = settings?.defaultLogisticsId ?? null;
  return {
    channels,
    defaultId: channels.some((channel) => channel.id === defaultId) ? defaultId : null,
  };
}

/**
 * POST /product/shop/defaultLogistics: one of the shop's own enabled channels (as the platform
 * reports them now) becomes its default; the shops page shows its name.
 */
export async function setDefaultLogistics(
  deps: Deps,
  actor: Pick<Actor, 'ownerId' | 'shopIds'>,
  input: { shopId: string; channelId: string | null },
): Promise<ShopLogistics> {
  const current = await shopLogistics(deps, actor, input.shopId);
  const channel = input.channelId
    ? current.channels.find((one) => one.id === input.channelId && one.enabled)
    : null;
  if (input.channelId && !channel) throw new AppError('RECORD_NOT_FOUND');
  await applyDefaultLogistics(deps, input.shopId, channel ?? null);
  return { channels: current.channels, defaultId: channel?.id ?? null };
}

/** Records a shop's default channel (one the caller read from the shop) and its name for the shops page. */
export async function applyDefaultLogistics(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  shopId: string,
  channel: { id: string; name: string } | null,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db
    .update(shopProductSettings)
    .set({ defaultLogisticsId: channel?.id ?? null, updatedAt: now })
    .where(eq(shopProductSettings.shopId, shopId));
  await deps.db
    .update(shops)
    .set({ defaultLogistics: channel?.name ?? null, updatedAt: now })
    .where(eq(shops.id, shopId));
}

export async function shopPricing(
  deps: Deps,
  actor: Pick<Actor, 'ownerId' | 'shopIds'>,
  shopId: string,
): Promise<ShopPricing> {
  const shop = await shopOf(deps, actor, shopId);
  const pricing = await pricingOf(deps, shop);
  return {
    shopId,
    template: pricing.template,
    own: pricing.own,
    costing: await costingOf(deps, shopCurrency(shop)),
  };
}

export async function saveShopPricing(
  deps: Deps,
  actor: Pick<Actor, 'ownerId' | 'shopIds'>,
  input: { shopId: string; template: PricingTemplate },
): Promise<ShopPricing> {
  await shopOf(deps, actor, input.shopId);
  const now = deps.clock.now();
  const values = { ...input.template, updatedAt: now };
  await deps.db
    .insert(shopProductSettings)
    .values({ shopId: input.shopId, ...values })
    .onConflictDoUpdate({ target: shopProductSettings.shopId, set: values });
  return shopPricing(deps, actor, input.shopId);
}

/**
 * POST /product/product/reprice: each SKU with a CNY cost priced anew from it by its shop's
 * template, at today's dated rate (recorded in the answer's costing of the detail).
 */
export async function repriceProducts(
  deps: Deps,
  actor: Pick<Actor, 'ownerId' | 'shopIds'>,
  ids: string[],
): Promise<BulkResult> {
  const found = await allProductsOf(deps, actor, ids);
  const accepted: string[] = [];
  const refused: Refused[] = [];
  const now = deps.clock.now();
  for (const id of ids) {
    const entry = found.find((one) => one.product.id === id);
    if (!entry) {
      refused.push({ id, code: 'notFound' });
      continue;
    }
    const { product, shop } = entry;
    if (isIn(LOCKED_STATUSES, product.status)) {
      refused.push({ id, code: 'locked' });
      continue;
    }
    const to = shopCurrency(shop);
    const costing = await costingOf(deps, to);
    if (!costing) throw new AppError('EXCHANGE_RATE_MISSING', { params: { from: 'CNY', to } });
    const { template } = await pricingOf(deps, shop);
    const content = await contentOf(deps, product, shop);
    const dimensions =
      content.packageLengthCm && content.packageWidthCm && content.packageHeightCm
        ? {
            length: content.packageLengthCm,
            width: content.packageWidthCm,
            height: content.packageHeightCm,
          }
        : null;
    const skus = content.skus.map((sku) => {
      if (sku.costPrice === null) return sku;
      const priced = landedCostPrice({
        costMinor: sku.costPrice,
        weightGrams: content.packageWeightGrams,
        dimensionsCm: dimensions,
        rate: costing.rate,
        to,
        template,
      });
      return { ...sku, sellingPrice: priced.sellingPrice, originalPrice: priced.originalPrice };
    });
    const next = { ...content, skus };
    await deps.db
      .update(products)
      .set({
        content: next,
        ...listingOf(next),
        version: sql`${products.version} + 1`,
        updatedAt: now,
      })
      .where(eq(products.id, id));
    accepted.push(id);
  }
  return { accepted, refused };
}
