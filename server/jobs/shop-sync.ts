import type { SyncResource } from '@shared/contracts/shops';
import { and, asc, eq, getTableColumns, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../context';
import {
  platformOrders,
  platformProducts,
  shopAuthorizations,
  shopSync,
  shops,
} from '../db/schema/index';
import { MarketplaceError } from '../integrations/marketplace/marketplace.errors';
import type {
  PlatformOrder,
  PlatformProduct,
  ShopAccess,
  TimeWindow,
} from '../integrations/marketplace/marketplace.types';
import { AppError } from '../lib/errors';
import { openSecret } from '../lib/secret-box';
import { reportAbnormal } from './shop-notices';

/**
 * The sync engine: pulls each shop's orders and products from its marketplace in time windows
 * (no longer than the platform allows), page by page, and upserts them by (platform, shop,
 * external id), keeping a record only if its platform update time is not older than the stored
 * one. Running any window twice, out of order, or after an interruption leaves the same rows.
 *
 * Work on a shop is claimed in the database (a row lock with SKIP LOCKED, then a lease renewed
 * after every page), so several server processes can run the engine at once and never work on
 * the same shop together.
 */

export type SyncDeps = Pick<
  AppDeps,
  'db' | 'clock' | 'config' | 'marketplaces' | 'logger' | 'mailer'
>;

/** A claim on a shop's sync stays this long without a renewal. */
export const LEASE_MS = 5 * 60 * 1000;
/** Each sync re-reads this much before the high-water mark, for records the platform dated late. */
const OVERLAP_MS = 10 * 60 * 1000;
/** A shop's first sync reaches this far back (the order sync default of spec section 9). */
const FIRST_SYNC_MS = 15 * 24 * 60 * 60 * 1000;
/** Raw platform records above this size are not kept. */
const RAW_LIMIT = 32_000;

export class SyncCancelled extends Error {
  constructor() {
    super('sync cancelled');
    this.name = 'SyncCancelled';
  }
}

/** Another process took over the shop (our lease ran out): stop without writing the outcome. */
class LeaseLost extends Error {
  constructor() {
    super('sync lease lost');
    this.name = 'LeaseLost';
  }
}

/** [from, to) cut into consecutive windows no longer than maxMs. */
function splitWindows(range: TimeWindow, maxMs: number): TimeWindow[] {
  const windows: TimeWindow[] = [];
  for (let start = range.from.getTime(); start < range.to.getTime(); start += maxMs) {
    windows.push({
      from: new Date(start),
      to: new Date(Math.min(start + maxMs, range.to.getTime())),
    });
  }
  return windows;
}

const bounded = (raw: unknown) => (JSON.stringify(raw ?? null).length <= RAW_LIMIT ? raw : null);

/** The newest version of each record of a page (a statement may not update one row twice). */
function newestById<T extends { externalId: string; updatedAt: Date }>(items: T[]): T[] {
  const byId = new Map<string, T>();
  for (const item of items) {
    const known = byId.get(item.externalId);
    if (!known || known.updatedAt <= item.updatedAt) byId.set(item.externalId, item);
  }
  return [...byId.values()];
}

type ShopRow = typeof shops.$inferSelect;

/** The record's identity: kept when a newer version of the record replaces the rest. */
const IDENTITY = new Set(['id', 'shopId', 'ownerId', 'platform', 'externalId']);

/** On conflict, every other column takes the incoming (`excluded`) value. */
function takeIncoming(table: typeof platformOrders | typeof platformProducts) {
  return Object.fromEntries(
    Object.entries(getTableColumns(table))
      .filter(([key]) => !IDENTITY.has(key))
      .map(([key, column]) => [key, sql.raw(`excluded.${column.name}`)]),
  );
}

async function upsertOrders(
  deps: Pick<SyncDeps, 'db' | 'clock'>,
  shop: ShopRow,
  orders: PlatformOrder[],
): Promise<void> {
  if (orders.length === 0) return;
  const now = deps.clock.now();
  await deps.db
    .insert(platformOrders)
    .values(
      newestById(orders).map((order) => ({
        shopId: shop.id,
        ownerId: shop.ownerId,
        platform: shop.platform,
        externalId: order.externalId,
        status: order.status,
        currency: order.currency,
        totalMinor: order.totalMinor,
        buyerName: order.buyerName,
        receiver: order.receiver,
        paymentMethod: order.paymentMethod,
        items: order.items,
        platformCreatedAt: order.createdAt,
        platformUpdatedAt: order.updatedAt,
        raw: bounded(order.raw),
        syncedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [platformOrders.platform, platformOrders.shopId, platformOrders.externalId],
      set: takeIncoming(platformOrders),
      setWhere: sql`${platformOrders.platformUpdatedAt} <= excluded.platform_updated_at`,
    });
}

async function upsertProducts(
  deps: Pick<SyncDeps, 'db' | 'clock'>,
  shop: ShopRow,
  products: PlatformProduct[],
): Promise<void> {
  if (products.length === 0) return;
  const now = deps.clock.now();
  await deps.db
    .insert(platformProducts)
    .values(
      newestById(products).map((product) => {
        const prices = product.skus.map((sku) => sku.salePriceMinor ?? sku.priceMinor);
        return {
          shopId: shop.id,
          ownerId: shop.ownerId,
          platform: shop.platform,
          externalId: product.externalId,
          title: product.title,
          status: product.status,
          currency: product.currency,
          categoryId: product.categoryId,
          priceMinMinor: prices.length ? Math.min(...prices) : 0,
          priceMaxMinor: prices.length ? Math.max(...prices) : 0,
          stock: product.skus.reduce((sum, sku) => sum + sku.stock, 0),
          images: product.images,
          skus: product.skus,
          platformCreatedAt: product.createdAt,
          platformUpdatedAt: product.updatedAt,
          raw: bounded(product.raw),
          syncedAt: now,
        };
      }),
    )
    .onConflictDoUpdate({
      target: [platformProducts.platform, platformProducts.shopId, platformProducts.externalId],
      set: takeIncoming(platformProducts),
      setWhere: sql`${platformProducts.platformUpdatedAt} <= excluded.platform_updated_at`,
    });
}

/** A shop with what a call needs; a shop without a normal authorization cannot sync. */
async function shopAccess(
  deps: Pick<SyncDeps, 'db' | 'config'>,
  shopId: string,
): Promise<{ shop: ShopRow; access: ShopAccess; authorizationId: string }> {
  const [row] = await deps.db
    .select({ shop: shops, authorization: shopAuthorizations })
    .from(shops)
    .leftJoin(shopAuthorizations, eq(shopAuthorizations.id, shops.authorizationId))
    .where(eq(shops.id, shopId));
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  const { shop, authorization } = row;
  if (authorization?.status !== 'normal' || shop.status !== 'normal')
    throw new AppError('PLATFORM_OAUTH_ERROR', {
      datas: {
        shopIds: [shop.id],
        shopNames: [shop.alias || shop.name],
        crossBorder: shop.shopType === 'crossBorder',
      },
    });
  return {
    shop,
    authorizationId: authorization.id,
    access: {
      shopId: shop.id,
      accessToken: openSecret(deps.config.shops.tokenKey, authorization.accessToken),
      externalId: shop.externalId,
      site: shop.site as ShopAccess['site'],
      cipher: shop.cipher,
    },
  };
}

export interface SyncControl {
  /** Renew this lease after every page; stop if it was lost. */
  leaseOwner?: string;
  /** Asked after every page; true stops the sync (SyncCancelled). */
  shouldStop?: () => Promise<boolean>;
  /** After every page, with the number of records so far. */
  onPage?: (count: number) => Promise<void>;
  signal?: AbortSignal;
}

async function renewLease(
  deps: Pick<SyncDeps, 'db' | 'clock'>,
  target: { shopId: string; resource: SyncResource },
  owner: string,
): Promise<void> {
  const renewed = await deps.db
    .update(shopSync)
    .set({ leaseUntil: new Date(deps.clock.now().getTime() + LEASE_MS) })
    .where(
      and(
        eq(shopSync.shopId, target.shopId),
        eq(shopSync.resource, target.resource),
        eq(shopSync.leaseOwner, owner),
      ),
    )
    .returning({ shopId: shopSync.shopId });
  if (renewed.length === 0) throw new LeaseLost();
}

/** Pulls one shop's orders or products updated in [from, to), window by window, page by page. */
export async function syncRange(
  deps: SyncDeps,
  target: { shopId: string; resource: SyncResource },
  range: TimeWindow,
  control: SyncControl = {},
): Promise<number> {
  const { shop, access } = await shopAccess(deps, target.shopId);
  const client = deps.marketplaces[shop.platform];
  let count = 0;
  for (const window of splitWindows(range, client.maxWindowMs)) {
    let cursor: string | null = null;
    do {
      if (target.resource === 'orders') {
        const page = await client.listOrders(access, window, cursor, control.signal);
        await upsertOrders(deps, shop, page.items);
        count += page.items.length;
        cursor = page.next;
      } else {
        const page = await client.listProducts(access, window, cursor, control.signal);
        await upsertProducts(deps, shop, page.items);
        count += page.items.length;
        cursor = page.next;
      }
      if (control.leaseOwner) await renewLease(deps, target, control.leaseOwner);
      await control.onPage?.(count);
      if (await control.shouldStop?.()) throw new SyncCancelled();
    } while (cursor);
  }
  return count;
}

export interface SyncFailure {
  key: string;
  code: string | null;
  message: string | null;
}

/** What is kept of a failure: its error key, and the platform's own code and message. */
export function describeFailure(error: unknown): SyncFailure {
  if (error instanceof MarketplaceError)
    return { key: error.key, code: error.platformCode, message: error.platformMessage || null };
  if (error instanceof AppError) return { key: error.key, code: null, message: null };
  return {
    key: 'OPERATION_FAILED',
    code: null,
    message: error instanceof Error ? error.message : null,
  };
}

/**
 * Claims up to `limit` shop syncs that are due, for `owner`: a row lock skipping rows another
 * process holds, then a lease written in the same transaction.
 */
async function claimDueSyncs(
  deps: Pick<SyncDeps, 'db' | 'clock'>,
  owner: string,
  limit: number,
): Promise<Array<{ shopId: string; resource: SyncResource }>> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ shopId: shopSync.shopId, resource: shopSync.resource })
      .from(shopSync)
      .innerJoin(shops, eq(shops.id, shopSync.shopId))
      .where(
        and(
          lte(shopSync.nextSyncAt, now),
          or(isNull(shopSync.leaseUntil), lt(shopSync.leaseUntil, now)),
          eq(shops.status, 'normal'),
          isNotNull(shops.authorizationId),
        ),
      )
      .orderBy(asc(shopSync.nextSyncAt))
      .limit(limit)
      .for('update', { of: shopSync, skipLocked: true });
    for (const claim of due) {
      await tx
        .update(shopSync)
        .set({ leaseOwner: owner, leaseUntil: new Date(now.getTime() + LEASE_MS) })
        .where(and(eq(shopSync.shopId, claim.shopId), eq(shopSync.resource, claim.resource)));
    }
    return due;
  });
}

/** Minutes until the next try after `failures` failures in a row: 1, 2, 4, ... up to an hour. */
const retryMinutes = (failures: number) => Math.min(60, 2 ** Math.max(0, failures - 1));

/**
 * One claimed sync, from the high-water mark (less the overlap) to now. Success moves the mark
 * and schedules the next run; a failure is kept with its reason and retried with backoff; a
 * token failure turns the shop's authorization abnormal and tells the seller.
 */
async function runClaimedSync(
  deps: SyncDeps,
  owner: string,
  target: { shopId: string; resource: SyncResource },
): Promise<void> {
  const [state] = await deps.db
    .select()
    .from(shopSync)
    .where(and(eq(shopSync.shopId, target.shopId), eq(shopSync.resource, target.resource)));
  if (!state || state.leaseOwner !== owner) return;
  const started = deps.clock.now();
  const from = state.highWaterMark
    ? new Date(state.highWaterMark.getTime() - OVERLAP_MS)
    : new Date(started.getTime() - FIRST_SYNC_MS);
  const mine = and(
    eq(shopSync.shopId, target.shopId),
    eq(shopSync.resource, target.resource),
    eq(shopSync.leaseOwner, owner),
  );
  const interval =
    (target.resource === 'orders'
      ? deps.config.shops.orderSyncMinutes
      : deps.config.shops.productSyncMinutes) * 60_000;
  try {
    const count = await syncRange(deps, target, { from, to: started }, { leaseOwner: owner });
    await deps.db
      .update(shopSync)
      .set({
        highWaterMark: started,
        lastSyncedAt: deps.clock.now(),
        nextSyncAt: new Date(started.getTime() + interval),
        leaseOwner: null,
        leaseUntil: null,
        lastCount: count,
        failures: 0,
        lastErrorKey: null,
        lastErrorCode: null,
        lastErrorMessage: null,
        lastErrorAt: null,
      })
      .where(mine);
  } catch (error) {
    if (error instanceof LeaseLost) return;
    const failure = describeFailure(error);
    const failures = state.failures + 1;
    const now = deps.clock.now();
    await deps.db
      .update(shopSync)
      .set({
        leaseOwner: null,
        leaseUntil: null,
        failures,
        lastErrorKey: failure.key,
        lastErrorCode: failure.code,
        lastErrorMessage: failure.message,
        lastErrorAt: now,
        nextSyncAt: new Date(now.getTime() + retryMinutes(failures) * 60_000),
      })
      .where(mine);
    if (error instanceof MarketplaceError && error.failure === 'token')
      await reportAbnormal(deps, target.shopId, failure);
    else if (!(error instanceof MarketplaceError || error instanceof AppError))
      deps.logger.error('shop sync failed', { shopId: target.shopId, error });
  }
}

/** Claims and runs due syncs until none is left or `limit` ran; answers how many ran. */
export async function runDueSyncs(deps: SyncDeps, owner: string, limit = 10): Promise<number> {
  let ran = 0;
  while (ran < limit) {
    const claims = await claimDueSyncs(deps, owner, Math.min(3, limit - ran));
    if (claims.length === 0) break;
    for (const claim of claims) await runClaimedSync(deps, owner, claim);
    ran += claims.length;
  }
  return ran;
}

/** Makes a shop's syncs due now (after a retry button or a re-authorization). */
export async function queueShopSync(
  deps: Pick<SyncDeps, 'db' | 'clock'>,
  shopId: string,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db
    .insert(shopSync)
    .values(
      (['orders', 'products'] as const).map((resource) => ({ shopId, resource, nextSyncAt: now })),
    )
    .onConflictDoUpdate({ target: [shopSync.shopId, shopSync.resource], set: { nextSyncAt: now } });
}
