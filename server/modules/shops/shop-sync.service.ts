import type { SyncResource } from '@shared/contracts/shops';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { platformOrders, shopAuthorizations, shopSync, shops } from '../../db/schema/index';
import { MarketplaceError } from '../../integrations/marketplace/marketplace.errors';
import type {
  PlatformOrder,
  PlatformProduct,
  ShopAccess,
  TimeWindow,
} from '../../integrations/marketplace/marketplace.types';
import { AppError } from '../../lib/errors';
import { openSecret } from '../../lib/secret-box';
import { upsertSyncedProducts } from './product-upsert';

/**
 * Syncing a shop: pulls its orders or products from its marketplace in time windows (no longer
 * than the platform allows), page by page, and upserts them by (platform, shop, external id),
 * keeping a record only if its platform update time is not older than the stored one. Running any
 * window twice, out of order, or after an interruption leaves the same rows.
 *
 * Whoever runs a sync holds the shop's lease (`shop_sync.lease_owner`) and has it renewed after
 * every page: the scheduled syncs of server/jobs/shop-sync.ts and the syncs a person asks for
 * (sync-runs.service.ts) both come through here.
 */

export type SyncDeps = Pick<
  AppDeps,
  'db' | 'clock' | 'config' | 'marketplaces' | 'logger' | 'mailer'
>;

/** A claim on a shop's sync stays this long without a renewal. */
export const LEASE_MS = 5 * 60 * 1000;
/** Raw platform records above this size are not kept. */
const RAW_LIMIT = 32_000;

export class SyncCancelled extends Error {
  constructor() {
    super('sync cancelled');
    this.name = 'SyncCancelled';
  }
}

/** Another process took over the shop (our lease ran out): stop without writing the outcome. */
export class LeaseLost extends Error {
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
function takeIncoming(table: typeof platformOrders) {
  return Object.fromEntries(
    Object.entries(getTableColumns(table))
      // A generated column (the order's console status) is the database's to work out.
      .filter(([key, column]) => !IDENTITY.has(key) && !column.generated)
      .map(([key, column]) => [key, sql.raw(`excluded.${column.name}`)]),
  );
}

/** Upserts a shop's orders as read from its platform (a sync's page, or the order a push named). */
export async function upsertPlatformOrders(
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

/** A shop with what a call needs; a shop without a normal authorization cannot sync. */
export async function shopAccess(
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
  /** Every page of products read (a full sync notes which it saw). */
  onProducts?: (items: PlatformProduct[]) => Promise<void>;
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

/**
 * Pulls one shop's orders or products updated in [from, to), window by window, page by page. No
 * actor: the sync job, and a sync a person asked for once its run checked the person's shops.
 */
export async function syncRange(
  deps: SyncDeps,
  _actor: null,
  input: {
    shopId: string;
    resource: SyncResource;
    range: TimeWindow;
    control?: SyncControl;
  },
): Promise<number> {
  const target = { shopId: input.shopId, resource: input.resource };
  const { range, control = {} } = input;
  const { shop, access } = await shopAccess(deps, target.shopId);
  const client = deps.marketplaces[shop.platform];
  let count = 0;
  for (const window of splitWindows(range, client.maxWindowMs)) {
    let cursor: string | null = null;
    do {
      if (target.resource === 'orders') {
        const page = await client.listOrders(access, window, cursor, control.signal);
        await upsertPlatformOrders(deps, shop, page.items);
        count += page.items.length;
        cursor = page.next;
      } else {
        const page = await client.listProducts(access, window, cursor, control.signal);
        await upsertSyncedProducts(deps, shop, page.items);
        await control.onProducts?.(page.items);
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
 * Makes a shop's syncs due now (after a retry button or a re-authorization). No actor: the caller
 * found the shop as its actor's.
 */
export async function queueShopSync(
  deps: Pick<SyncDeps, 'db' | 'clock'>,
  _actor: null,
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
