import type { ProductInput, PublishFailure, SiteListing } from '@shared/contracts/products';
import type { SiteCode } from '@shared/contracts/site-codes';
import { and, asc, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { products, shops } from '../../db/schema/index';
import { MarketplaceError } from '../../integrations/marketplace/marketplace.errors';
import type {
  MarketplaceClient,
  ProductInput as PlatformInput,
  ShopAccess,
} from '../../integrations/marketplace/marketplace.types';
import { AppError } from '../../lib/errors';
import { storedStatus } from '../shops/product-upsert';
import { mediaBytes } from './media.service';
import type { ProductRow, ShopRow } from './product-access';
import { listingOf } from './product-content';
import { shopAccessOf } from './readiness';
import { SourceImageError, storeSourceImages } from './source-media';

/**
 * Publishing and the other platform work on a product (delist, activate, delete), as jobs on the
 * product's row: a runner claims due rows with a row lock (SKIP LOCKED) and writes a lease in the
 * same transaction, so any number of runners in any number of processes share the work and no
 * two ever work on one product. Every write after the platform call is conditional on the lease:
 * a runner that lost it (it ran past the lease) changes nothing.
 *
 * Publishing puts the media on the platform first (our stored images uploaded, the platform's own
 * kept), then creates the product (or updates it, once it has a platform id: a product is never
 * created twice), then each pending Lazada site of a 6-in-1 product, then reads the platform's
 * status back: wait -> pushing -> online (or pushing while the platform reviews), or fail with the
 * platform's code and reason (publish again to retry).
 */

export type JobDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'marketplaces' | 'logger'>;

/** A claim stays this long without the job finishing. */
const JOB_LEASE_MS = 5 * 60 * 1000;

interface Claimed {
  product: ProductRow;
  shop: ShopRow;
  lease: Date;
}

async function claimDue(deps: JobDeps, limit: number): Promise<Claimed[]> {
  const now = deps.clock.now();
  const lease = new Date(now.getTime() + JOB_LEASE_MS);
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ product: products, shop: shops })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(
        and(
          isNotNull(products.job),
          lte(products.jobDueAt, now),
          or(isNull(products.jobLeaseUntil), lt(products.jobLeaseUntil, now)),
        ),
      )
      .orderBy(asc(products.jobDueAt))
      .limit(limit)
      .for('update', { of: products, skipLocked: true });
    for (const { product } of due)
      await tx
        .update(products)
        .set({
          jobLeaseUntil: lease,
          jobAttempts: sql`${products.jobAttempts} + 1`,
          ...(product.job === 'publish' ? { status: 'pushing', scheduledAt: null } : {}),
        })
        .where(eq(products.id, product.id));
    return due.map(({ product, shop }) => ({ product, shop, lease }));
  });
}

/** Writes to the claimed row only while this runner holds its lease. */
async function whileHeld(
  deps: JobDeps,
  claim: Claimed,
  values: Partial<typeof products.$inferInsert>,
): Promise<boolean> {
  const done = await deps.db
    .update(products)
    .set(values)
    .where(and(eq(products.id, claim.product.id), eq(products.jobLeaseUntil, claim.lease)))
    .returning({ id: products.id });
  return done.length > 0;
}

function failureOf(error: unknown, at: Date): PublishFailure {
  // The console words it from the code, with the reason and the address the message carries.
  if (error instanceof SourceImageError)
    return { code: error.key, message: `${error.reason} ${error.url}`, at: at.toISOString() };
  if (error instanceof MarketplaceError)
    return {
      code: error.platformCode ?? error.key,
      message: error.platformMessage || error.key,
      at: at.toISOString(),
    };
  if (error instanceof AppError)
    return { code: error.key, message: error.key, at: at.toISOString() };
  return {
    code: 'OPERATION_FAILED',
    message: error instanceof Error ? error.message : 'failed',
    at: at.toISOString(),
  };
}

/** Our stored media uploaded to the platform (each once per job); the platform's own kept. */
function mediaUploader(deps: JobDeps, client: MarketplaceClient, access: ShopAccess) {
  const done = new Map<string, string>();
  return async (media: { key: string | null; url: string } | null): Promise<string | null> => {
    if (!media) return null;
    if (!media.key) return media.url;
    const known = done.get(media.key);
    if (known) return known;
    const stored = await mediaBytes(deps, null, media.key);
    if (!stored) throw new AppError('RECORD_NOT_FOUND');
    const extension =
      stored.mime === 'image/png' ? 'png' : stored.mime === 'image/webp' ? 'webp' : 'jpg';
    const reference = await client.uploadImage(access, {
      bytes: stored.bytes,
      mime: stored.mime,
      name: `${media.key}.${extension}`,
    });
    done.set(media.key, reference);
    return reference;
  };
}

/** What the platform client takes, from our content (prices of one site for a 6-in-1 listing). */
async function platformInput(
  content: ProductInput,
  upload: ReturnType<typeof mediaUploader>,
  prices?: Record<string, number>,
): Promise<PlatformInput> {
  const images: string[] = [];
  for (const image of content.images) {
    const reference = await upload(image);
    if (reference) images.push(reference);
  }
  const skus = [];
  for (const sku of content.skus) {
    const attributes: Record<string, string> = {};
    content.variations.forEach((variation, index) => {
      attributes[variation.name] = sku.options[index] ?? '';
    });
    skus.push({
      sellerSku: sku.sellerSku,
      priceMinor: prices?.[sku.id] ?? sku.sellingPrice,
      stock: sku.stock,
      attributes,
      image: await upload(sku.image),
    });
  }
  const dimensions =
    content.packageLengthCm && content.packageWidthCm && content.packageHeightCm
      ? {
          length: content.packageLengthCm,
          width: content.packageWidthCm,
          height: content.packageHeightCm,
        }
      : null;
  return {
    title: content.title,
    description: content.description || content.title,
    categoryId: content.categoryId ?? '',
    images,
    brand: content.brand,
    weightGrams: content.packageWeightGrams ?? 0,
    dimensionsCm: dimensions,
    attributes: Object.fromEntries(
      Object.entries(content.attributes).map(([id, values]) => [id, values.join(',')]),
    ),
    skus,
    logisticsIds: content.logistics
      .filter((method) => method.enabled)
      .map((method) => method.channelId),
  };
}

async function runPublish(deps: JobDeps, claim: Claimed): Promise<void> {
  const { product, shop } = claim;
  const client = deps.marketplaces[shop.platform];
  const access = await shopAccessOf(deps, shop);
  if (!access) throw new AppError('PLATFORM_OAUTH_ERROR');
  let content = product.content;
  if (!content) throw new AppError('RECORD_NOT_FOUND');
  // A claimed or created product's remote images: fetched and stored once, kept in its content.
  if (product.origin !== 'synced') {
    const stored = await storeSourceImages(deps, product.ownerId, content);
    if (stored) {
      if (
        !(await whileHeld(deps, claim, {
          content: stored,
          ...listingOf(stored),
          version: product.version + 1,
        }))
      )
        return;
      content = stored;
    }
  }
  const upload = mediaUploader(deps, client, access);
  const input = await platformInput(content, upload);
  let externalId = product.externalId;
  if (externalId) await client.updateProduct(access, externalId, input);
  else {
    externalId = (await client.createProduct(access, input)).externalId;
    // Kept at once: a retry after this point updates rather than creates a second product.
    if (!(await whileHeld(deps, claim, { externalId }))) return;
  }
  const listings: SiteListing[] = [];
  for (const listing of product.siteListings) {
    if (listing.status !== 'pushing') {
      listings.push(listing);
      continue;
    }
    const siteAccess = { ...access, site: listing.site as SiteCode };
    try {
      const siteInput = await platformInput(content, upload, listing.prices);
      let siteId = listing.externalId;
      if (siteId) await client.updateProduct(siteAccess, siteId, siteInput);
      else siteId = (await client.createProduct(siteAccess, siteInput)).externalId;
      const read = await client.getProduct(siteAccess, siteId);
      listings.push({
        ...listing,
        externalId: siteId,
        status: storedStatus(shop.platform, read.status),
        failure: null,
      });
    } catch (error) {
      if (!(error instanceof MarketplaceError)) throw error;
      listings.push({ ...listing, status: 'fail', failure: failureOf(error, deps.clock.now()) });
    }
  }
  const read = await client.getProduct(access, externalId);
  const skuIds = new Map(read.skus.map((sku) => [sku.sellerSku ?? '', sku.externalId]));
  await whileHeld(deps, claim, {
    status: storedStatus(shop.platform, read.status),
    platformStatus: read.status,
    siteListings: listings,
    content: {
      ...content,
      skus: content.skus.map((sku) => ({ ...sku, skuId: skuIds.get(sku.sellerSku) ?? sku.skuId })),
    },
    platformUpdatedAt: read.updatedAt,
    platformCreatedAt: product.platformCreatedAt ?? read.createdAt,
    syncedAt: deps.clock.now(),
    failure: null,
    job: null,
    jobDueAt: null,
    jobLeaseUntil: null,
    updatedAt: deps.clock.now(),
  });
}

async function runListing(deps: JobDeps, claim: Claimed, listed: boolean): Promise<void> {
  const { product, shop } = claim;
  const access = await shopAccessOf(deps, shop);
  if (!access || !product.externalId) throw new AppError('PLATFORM_OAUTH_ERROR');
  await deps.marketplaces[shop.platform].setListed(access, product.externalId, listed);
  await whileHeld(deps, claim, {
    status: listed ? 'online' : 'offline',
    failure: null,
    job: null,
    jobDueAt: null,
    jobLeaseUntil: null,
    updatedAt: deps.clock.now(),
  });
}

async function runDelete(deps: JobDeps, claim: Claimed): Promise<void> {
  const { product, shop } = claim;
  const access = await shopAccessOf(deps, shop);
  if (!access || !product.externalId) throw new AppError('PLATFORM_OAUTH_ERROR');
  await deps.marketplaces[shop.platform].deleteProduct(access, product.externalId);
  await deps.db
    .delete(products)
    .where(and(eq(products.id, product.id), eq(products.jobLeaseUntil, claim.lease)));
}

/**
 * Runs the product jobs that are due (publishing now or at its time, delisting, activating,
 * deleting), at most `limit` per round. No actor: background work over every account.
 */
export async function runProductJobs(deps: JobDeps, _actor: null, limit = 20): Promise<number> {
  const claimed = await claimDue(deps, limit);
  for (const claim of claimed) {
    const job = claim.product.job;
    try {
      if (job === 'publish') await runPublish(deps, claim);
      else if (job === 'delist') await runListing(deps, claim, false);
      else if (job === 'activate') await runListing(deps, claim, true);
      else if (job === 'delete') await runDelete(deps, claim);
    } catch (error) {
      deps.logger.warn('product job failed', { productId: claim.product.id, job, error });
      const failure = failureOf(error, deps.clock.now());
      await whileHeld(deps, claim, {
        // A refused publish is `fail`; a refused delist, activation or deletion keeps its status.
        ...(job === 'publish' ? { status: 'fail' } : {}),
        failure,
        job: null,
        jobDueAt: null,
        jobLeaseUntil: null,
        updatedAt: deps.clock.now(),
      });
    }
  }
  return claimed.length;
}
