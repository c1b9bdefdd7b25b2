import { randomUUID } from 'node:crypto';
import type { Language } from '@shared/contracts/languages';
import type { SyncRun } from '@shared/contracts/shops';
import { dayIn, isSiteCode, SITE_TIME_ZONES } from '@shared/contracts/site-codes';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Actor } from '../../context';
import { shopSync, syncRuns, users } from '../../db/schema/index';
import { PLATFORM_NAMES } from '../../integrations/marketplace/marketplace.errors';
import { AppError } from '../../lib/errors';
import { type Translator, translator } from '../../lib/i18n';
import { addDays, instantOf } from '../../lib/zoned-time';
import {
  describeFailure,
  LEASE_MS,
  SyncCancelled,
  type SyncDeps,
  syncRange,
} from './shop-sync.service';
import { listShopRows } from './shops.service';

/** The longest custom range a person may ask for. */
const MAX_RANGE_DAYS = 90;
/** The default range: the last 15 days, from 00:00:00 in the person's time zone (spec section 9). */
const DEFAULT_DAYS = 15;

type RunRow = typeof syncRuns.$inferSelect;

function toSyncRun(row: RunRow, t: Translator, platformOf: Map<string, string>): SyncRun {
  return {
    id: row.id,
    resource: row.resource,
    status: row.status,
    rangeFrom: row.rangeFrom.toISOString(),
    rangeTo: row.rangeTo.toISOString(),
    shopCount: row.shopIds.length,
    shopsDone: row.shopsDone,
    itemCount: row.itemCount,
    failures: Object.entries(row.failures).map(([shopId, failure]) => ({
      shopId,
      failure: {
        key: failure.key,
        message: t.error(failure.key as never, {
          platform: platformOf.get(shopId) ?? '',
          code: failure.code ?? '',
          message: failure.message ?? failure.code ?? '',
        }),
        platformCode: failure.code,
        at: row.finishedAt?.toISOString() ?? null,
      },
    })),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

async function platformsOfShops(deps: Pick<SyncDeps, 'db'>, actor: Actor) {
  const rows = await listShopRows(deps, actor);
  return new Map(rows.map((shop) => [shop.id, PLATFORM_NAMES[shop.platform]]));
}

/**
 * Starts a sync of orders that a person asked for (asyncOrder): the chosen shops (all the
 * person's shops when none is named), over the default last 15 days or a custom range. A shop
 * whose authorization is abnormal answers PLATFORM_OAUTH_ERROR (the console opens the
 * authorization dialog); no shop at all answers NO_AUTHORIZED_PLATFORM. The sync runs in the
 * background; its progress is read with `getSyncRun`.
 */
export async function startSyncRun(
  deps: SyncDeps,
  actor: Actor,
  input: {
    shopIds?: string | undefined;
    startTime?: string | undefined;
    endTime?: string | undefined;
    language: Language;
  },
): Promise<SyncRun> {
  const t = translator(input.language);
  const now = deps.clock.now();
  const visible = await listShopRows(deps, actor);
  const named = input.shopIds
    ? [
        ...new Set(
          input.shopIds
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean),
        ),
      ]
    : null;
  const chosen = named ? visible.filter((shop) => named.includes(shop.id)) : visible;
  if (named && chosen.length !== named.length) throw new AppError('RECORD_NOT_FOUND');
  if (chosen.length === 0)
    throw new AppError('NO_AUTHORIZED_PLATFORM', { datas: { crossBorder: false } });
  const abnormal = chosen.filter((shop) => shop.status !== 'normal' || !shop.authorizationId);
  const usable = chosen.filter((shop) => !abnormal.includes(shop));
  if ((named && abnormal.length > 0) || usable.length === 0)
    throw new AppError('PLATFORM_OAUTH_ERROR', {
      datas: {
        shopIds: abnormal.map((shop) => shop.id),
        shopNames: abnormal.map((shop) => shop.alias || shop.name),
        crossBorder: abnormal.some((shop) => shop.shopType === 'crossBorder'),
      },
    });

  const [user] = await deps.db
    .select({ site: users.site })
    .from(users)
    .where(eq(users.id, actor.userId));
  const zone = SITE_TIME_ZONES[user && isSiteCode(user.site) ? user.site : 'th'];
  const rangeTo = input.endTime ? new Date(input.endTime) : now;
  const rangeFrom = input.startTime
    ? new Date(input.startTime)
    : instantOf(zone, addDays(dayIn(zone, now), -(DEFAULT_DAYS - 1)));
  const tooLong = rangeTo.getTime() - rangeFrom.getTime() > MAX_RANGE_DAYS * 86_400_000;
  if (rangeFrom >= rangeTo || rangeTo.getTime() > now.getTime() + 60_000 || tooLong)
    throw new AppError('VALIDATION_FAILED', {
      params: { fields: 'startTime, endTime' },
      datas: [{ field: 'startTime', message: t.validation('invalid') }],
    });

  const running = await deps.db
    .select({ id: syncRuns.id, shopIds: syncRuns.shopIds })
    .from(syncRuns)
    .where(and(eq(syncRuns.ownerId, actor.ownerId), eq(syncRuns.status, 'running')));
  const overlapping = running.find((run) => usable.some((shop) => run.shopIds.includes(shop.id)));
  // The console shows the running sync's progress instead.
  if (overlapping) throw new AppError('SYNC_ALREADY_RUNNING', { datas: { runId: overlapping.id } });

  const owner = `run:${randomUUID()}`;
  const [run] = await deps.db
    .insert(syncRuns)
    .values({
      ownerId: actor.ownerId,
      requestedBy: actor.userId,
      resource: 'orders',
      shopIds: usable.map((shop) => shop.id),
      rangeFrom,
      rangeTo,
      status: 'running',
      leaseOwner: owner,
      leaseUntil: new Date(now.getTime() + LEASE_MS),
      createdAt: now,
    })
    .returning();
  if (!run) throw new AppError('OPERATION_FAILED');
  void executeSyncRun(deps, run.id, owner).catch((error: unknown) =>
    deps.logger.error('sync run failed', { runId: run.id, error }),
  );
  return toSyncRun(run, t, await platformsOfShops(deps, actor));
}

/** Waits (up to half a minute) for a shop's order sync to be free, then holds it for this run. */
async function holdShop(deps: SyncDeps, shopId: string, owner: string): Promise<boolean> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const now = deps.clock.now();
    await deps.db
      .insert(shopSync)
      .values({ shopId, resource: 'orders', nextSyncAt: now })
      .onConflictDoNothing();
    const held = await deps.db
      .update(shopSync)
      .set({ leaseOwner: owner, leaseUntil: new Date(now.getTime() + LEASE_MS) })
      .where(
        and(
          eq(shopSync.shopId, shopId),
          eq(shopSync.resource, 'orders'),
          or(isNull(shopSync.leaseUntil), lt(shopSync.leaseUntil, now)),
        ),
      )
      .returning({ shopId: shopSync.shopId });
    if (held.length > 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

async function releaseShop(deps: SyncDeps, shopId: string, owner: string): Promise<void> {
  await deps.db
    .update(shopSync)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(
      and(
        eq(shopSync.shopId, shopId),
        eq(shopSync.resource, 'orders'),
        eq(shopSync.leaseOwner, owner),
      ),
    );
}

/** Runs a started sync shop by shop, recording progress after every page; stops when cancelled. */
async function executeSyncRun(deps: SyncDeps, runId: string, owner: string): Promise<void> {
  const [run] = await deps.db.select().from(syncRuns).where(eq(syncRuns.id, runId));
  if (!run) return;
  const mine = and(eq(syncRuns.id, runId), eq(syncRuns.leaseOwner, owner));
  const failures: RunRow['failures'] = {};
  let itemCount = 0;
  let shopsDone = 0;
  let cancelled = false;
  const cancelRequested = async () => {
    const [row] = await deps.db
      .select({ cancel: syncRuns.cancelRequested })
      .from(syncRuns)
      .where(eq(syncRuns.id, runId));
    return row?.cancel ?? true;
  };
  for (const shopId of run.shopIds) {
    if (await cancelRequested()) {
      cancelled = true;
      break;
    }
    if (!(await holdShop(deps, shopId, owner))) {
      failures[shopId] = { key: 'SYNC_ALREADY_RUNNING', code: null, message: null };
    } else {
      const base = itemCount;
      try {
        itemCount += await syncRange(deps, null, {
          shopId,
          resource: 'orders',
          range: { from: run.rangeFrom, to: run.rangeTo },
          control: {
            leaseOwner: owner,
            shouldStop: cancelRequested,
            onPage: async (count) => {
              await deps.db
                .update(syncRuns)
                .set({
                  itemCount: base + count,
                  leaseUntil: new Date(deps.clock.now().getTime() + LEASE_MS),
                })
                .where(mine);
            },
          },
        });
      } catch (error) {
        if (error instanceof SyncCancelled) cancelled = true;
        else failures[shopId] = describeFailure(error);
      } finally {
        await releaseShop(deps, shopId, owner);
      }
      if (cancelled) break;
    }
    shopsDone += 1;
    await deps.db.update(syncRuns).set({ shopsDone, itemCount, failures }).where(mine);
  }
  const allFailed = Object.keys(failures).length === run.shopIds.length;
  await deps.db
    .update(syncRuns)
    .set({
      status: cancelled ? 'cancelled' : allFailed ? 'failed' : 'done',
      shopsDone,
      itemCount,
      failures,
      leaseOwner: null,
      leaseUntil: null,
      finishedAt: deps.clock.now(),
    })
    .where(mine);
}

async function ownRun(deps: Pick<SyncDeps, 'db'>, actor: Actor, runId: string): Promise<RunRow> {
  const [run] = await deps.db
    .select()
    .from(syncRuns)
    .where(and(eq(syncRuns.id, runId), eq(syncRuns.ownerId, actor.ownerId)));
  if (!run) throw new AppError('RECORD_NOT_FOUND');
  return run;
}

export async function getSyncRun(
  deps: Pick<SyncDeps, 'db'>,
  actor: Actor,
  input: { runId: string; language: Language },
): Promise<SyncRun> {
  return toSyncRun(
    await ownRun(deps, actor, input.runId),
    translator(input.language),
    await platformsOfShops(deps, actor),
  );
}

/** Asks a running sync to stop after its current page; a finished one is answered as it is. */
export async function cancelSyncRun(
  deps: Pick<SyncDeps, 'db'>,
  actor: Actor,
  input: { runId: string; language: Language },
): Promise<SyncRun> {
  const run = await ownRun(deps, actor, input.runId);
  if (run.status === 'running')
    await deps.db.update(syncRuns).set({ cancelRequested: true }).where(eq(syncRuns.id, run.id));
  return getSyncRun(deps, actor, input);
}

/**
 * Runs whose process stopped (their lease ran out) end as failed, so they do not block new ones.
 * No actor: the jobs run this over every account.
 */
export async function expireStaleRuns(
  deps: Pick<SyncDeps, 'db' | 'clock'>,
  _actor: null,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db
    .update(syncRuns)
    .set({ status: 'failed', leaseOwner: null, leaseUntil: null, finishedAt: now })
    .where(and(eq(syncRuns.status, 'running'), lt(syncRuns.leaseUntil, now)));
}
