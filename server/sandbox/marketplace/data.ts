import { createHash } from 'node:crypto';
import type { Platform } from '@shared/contracts/shops';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sandboxOrders, sandboxProducts, sandboxShops } from '../../db/schema/index';
import type { Clock } from '../../lib/clock';
import type { SandboxPlatform } from './platform';
import { ensureSeller, type SandboxShop, shopsOfSeller } from './store';

/** A repeatable random sequence in [0, 1) from a text seed (mulberry32). */
export function seededRandom(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const digits = (random: () => number, length: number) =>
  Array.from(
    { length },
    (_, i) => Math.floor(random() * (i === 0 ? 9 : 10)) + (i === 0 ? 1 : 0),
  ).join('');

/** An order id in the platform's own form. */
function sandboxOrderId(platform: Platform, random: () => number, at: Date): string {
  if (platform === 'shopee') {
    const day = at.toISOString().slice(2, 10).replaceAll('-', '');
    const letters = Array.from({ length: 8 }, () =>
      '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'.charAt(Math.floor(random() * 34)),
    ).join('');
    return `${day}${letters}`;
  }
  return digits(random, platform === 'tiktok' ? 18 : 15);
}

const sandboxProductId = (platform: Platform, random: () => number) =>
  digits(random, platform === 'tiktok' ? 19 : 11);

/** Every platform's seller accounts and shops (existing ones are left as they are). */
export async function ensureSandboxSellers(
  db: Database,
  clock: Clock,
  platforms: readonly SandboxPlatform[],
): Promise<void> {
  for (const platform of platforms)
    for (const { shops, ...seller } of platform.sellers)
      await ensureSeller(db, clock, { ...seller, platform: platform.platform }, shops);
}

export interface OrderSpec {
  status: string;
  createdAt: Date;
  updatedAt: Date;
}

/** Adds orders to a sandbox shop, in the platform's own shape; answers their ids. */
export async function addSandboxOrders(
  db: Database,
  platform: SandboxPlatform,
  shop: SandboxShop,
  specs: readonly OrderSpec[],
  random: () => number,
): Promise<string[]> {
  const ids: string[] = [];
  const rows = specs.map((spec) => {
    const id = sandboxOrderId(platform.platform, random, spec.createdAt);
    ids.push(id);
    return {
      platform: platform.platform,
      shopId: shop.shopId,
      orderId: id,
      status: spec.status,
      data: platform.buildOrder({ shop, id, ...spec, random }),
      createdAt: spec.createdAt,
      updatedAt: spec.updatedAt,
    };
  });
  if (rows.length) await db.insert(sandboxOrders).values(rows).onConflictDoNothing();
  return ids;
}

async function addSandboxProducts(
  db: Database,
  platform: SandboxPlatform,
  shop: SandboxShop,
  specs: readonly OrderSpec[],
  random: () => number,
): Promise<string[]> {
  const ids: string[] = [];
  const rows = specs.map((spec) => {
    const id = sandboxProductId(platform.platform, random);
    ids.push(id);
    return {
      platform: platform.platform,
      shopId: shop.shopId,
      productId: id,
      status: spec.status,
      data: platform.buildProduct({ shop, id, ...spec, random }),
      createdAt: spec.createdAt,
      updatedAt: spec.updatedAt,
    };
  });
  if (rows.length) await db.insert(sandboxProducts).values(rows).onConflictDoNothing();
  return ids;
}

/**
 * Gives every shop of every seller products and orders in every status, spread over the last
 * two weeks, once (a shop that has orders is left alone). Repeatable: the same shop always
 * gets the same records.
 */
export async function seedSandboxRecords(
  db: Database,
  clock: Clock,
  platforms: readonly SandboxPlatform[],
): Promise<void> {
  const now = clock.now().getTime();
  const hour = 3_600_000;
  for (const platform of platforms) {
    for (const seller of platform.sellers) {
      for (const shop of await shopsOfSeller(db, platform.platform, seller.id)) {
        const [existing] = await db
          .select({ total: count() })
          .from(sandboxOrders)
          .where(
            and(
              eq(sandboxOrders.platform, platform.platform),
              eq(sandboxOrders.shopId, shop.shopId),
            ),
          );
        if ((existing?.total ?? 0) > 0) continue;
        const random = seededRandom(`${platform.platform}:${shop.shopId}`);
        // Within the last two weeks, so a shop's first sync (15 days) brings every status in.
        const spread = () => {
          const created = now - Math.floor(random() * 13 * 24) * hour - hour;
          const updated = Math.min(now - 60_000, created + Math.floor(random() * 48) * hour);
          return { createdAt: new Date(created), updatedAt: new Date(updated) };
        };
        const orders = platform.orderStatuses.flatMap((status) =>
          Array.from({ length: 2 }, () => ({ status, ...spread() })),
        );
        await addSandboxOrders(db, platform, shop, orders, random);
        const products = Array.from({ length: 12 }, (_, i) => ({
          // Most products are on sale; a few show the other statuses.
          status:
            i < 8
              ? (platform.productStatuses[0] ?? 'live')
              : (platform.productStatuses[(i - 7) % platform.productStatuses.length] ?? 'live'),
          ...spread(),
        }));
        await addSandboxProducts(db, platform, shop, products, random);
      }
    }
  }
}

/** A tester moves an order to another of the platform's statuses; its update time becomes now. */
export async function moveSandboxOrder(
  db: Database,
  clock: Clock,
  platform: SandboxPlatform,
  input: { shopId: string; orderId: string; status: string },
): Promise<boolean> {
  if (!platform.orderStatuses.includes(input.status)) return false;
  const where = and(
    eq(sandboxOrders.platform, platform.platform),
    eq(sandboxOrders.shopId, input.shopId),
    eq(sandboxOrders.orderId, input.orderId),
  );
  const [order] = await db.select().from(sandboxOrders).where(where);
  if (!order) return false;
  const now = clock.now();
  await db
    .update(sandboxOrders)
    .set({
      status: input.status,
      data: platform.withOrderStatus(order.data, input.status, now),
      updatedAt: now,
    })
    .where(where);
  return true;
}

/** One order of a sandbox shop, as a push tells of it. */
export async function sandboxOrderOf(
  db: Database,
  platform: Platform,
  input: { shopId: string; orderId: string },
) {
  const [order] = await db
    .select({ status: sandboxOrders.status, updatedAt: sandboxOrders.updatedAt })
    .from(sandboxOrders)
    .where(
      and(
        eq(sandboxOrders.platform, platform),
        eq(sandboxOrders.shopId, input.shopId),
        eq(sandboxOrders.orderId, input.orderId),
      ),
    );
  return order ?? null;
}

/** A buyer places a new order in a sandbox shop now, in `status`; answers its id. */
export async function placeSandboxOrder(
  db: Database,
  clock: Clock,
  platform: SandboxPlatform,
  shop: SandboxShop,
  status: string,
): Promise<string | null> {
  if (!platform.orderStatuses.includes(status)) return null;
  const now = clock.now();
  const random = seededRandom(
    `${platform.platform}:${shop.shopId}:${now.getTime()}:${Math.random()}`,
  );
  const [id] = await addSandboxOrders(
    db,
    platform,
    shop,
    [{ status, createdAt: now, updatedAt: now }],
    random,
  );
  return id ?? null;
}

/** The newest orders of a shop, for the tester page. */
export async function recentSandboxOrders(db: Database, platform: Platform, shopId: string) {
  return db
    .select({
      orderId: sandboxOrders.orderId,
      status: sandboxOrders.status,
      updatedAt: sandboxOrders.updatedAt,
    })
    .from(sandboxOrders)
    .where(and(eq(sandboxOrders.platform, platform), eq(sandboxOrders.shopId, shopId)))
    .orderBy(desc(sandboxOrders.updatedAt))
    .limit(50);
}

export async function allSandboxShops(db: Database) {
  return db
    .select()
    .from(sandboxShops)
    .orderBy(asc(sandboxShops.platform), asc(sandboxShops.shopId));
}
