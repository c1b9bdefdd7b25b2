import { randomUUID } from 'node:crypto';
import { productListVersions, products, shops } from '@server/db/schema/index';
import { PRODUCT_STATUSES } from '@shared/contracts/products';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';

/** The list's tab counts kept per shop and status, and the trigram search behind its keyword. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = async (token: string, query: Record<string, string>) => {
  const res = await t.call('GET', `/product/product/list?${new URLSearchParams(query)}`, { token });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas as { counts: Record<string, number>; records: unknown[] };
};

/** What counting the products themselves says, every status present. */
async function counted(ownerId: string, platform: string, shopIds?: string[]) {
  const rows = await t.db
    .select({ status: products.status, n: sql<number>`count(*)::int` })
    .from(products)
    .where(
      and(
        eq(products.ownerId, ownerId),
        eq(products.platform, platform as 'lazada'),
        shopIds ? inArray(products.shopId, shopIds) : undefined,
      ),
    )
    .groupBy(products.status);
  const counts = Object.fromEntries(PRODUCT_STATUSES.map((status) => [status, 0]));
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

const product = (owner: string, shopId: string, i: number, status: string) => ({
  ownerId: owner,
  shopId,
  platform: 'lazada' as const,
  origin: 'created' as const,
  title: `Bamboo tray ${i}`,
  sku: `TRAY-${i}`,
  currency: 'THB',
  status,
  createdAt: t.clock.now(),
  updatedAt: t.clock.now(),
});

describe('the list’s tab counts', () => {
  it('stay what counting the products says through inserts, status changes, deletes, a sub-account’s shops and a shop’s removal', async () => {
    const seller = await makeSeller(t, `counts-${randomUUID()}@example.com`, [
      'Lazada A',
      'Shopee',
      'Tiktok',
      'Lazada B',
    ]);
    const [shopA, , , shopB] = seller.shops;
    if (!shopA || !shopB) throw new Error('no shops');
    const owner = seller.user.id;
    const check = async (token = seller.token, shopIds?: string[]) => {
      const expected = await counted(owner, 'lazada', shopIds);
      expect((await list(token, { platform: 'lazada' })).counts).toEqual(expected);
      return expected;
    };
    expect(await check()).toMatchObject({ online: 0, wait: 0 });

    // One statement over two shops and three statuses.
    await t.db
      .insert(products)
      .values([
        ...Array.from({ length: 5 }, (_, i) => product(owner, shopA.id, i, 'online')),
        ...Array.from({ length: 3 }, (_, i) => product(owner, shopA.id, 10 + i, 'wait')),
        ...Array.from({ length: 4 }, (_, i) => product(owner, shopB.id, 20 + i, 'fail')),
      ]);
    expect(await check()).toMatchObject({ online: 5, wait: 3, fail: 4 });
    // A shop's tab: its own counts only.
    expect((await list(seller.token, { platform: 'lazada', shopId: shopB.id })).counts).toEqual(
      await counted(owner, 'lazada', [shopB.id]),
    );

    // Status changes in both directions in one statement, and one that changes nothing counted.
    await t.db
      .update(products)
      .set({
        status: sql`case when ${products.status} = 'online' then 'offline' else 'online' end`,
      })
      .where(and(eq(products.ownerId, owner), inArray(products.status, ['online', 'wait'])));
    await t.db.update(products).set({ title: 'Renamed' }).where(eq(products.shopId, shopB.id));
    expect(await check()).toMatchObject({ online: 3, offline: 5, wait: 0, fail: 4 });

    await t.db
      .delete(products)
      .where(and(eq(products.shopId, shopA.id), eq(products.status, 'offline')));
    expect(await check()).toMatchObject({ online: 3, offline: 0, fail: 4 });

    // A sub-account of shop B sees shop B's counts, never the whole seller's.
    const sub = await makeSubAccount(t, seller.token, `counts-sub-${randomUUID()}@example.com`, [
      shopB.id,
    ]);
    expect(await check(sub.token, [shopB.id])).toMatchObject({ online: 0, fail: 4 });
    // With no shops, nothing.
    const none = await makeSubAccount(
      t,
      seller.token,
      `counts-none-${randomUUID()}@example.com`,
      [],
    );
    const empty = await list(none.token, { platform: 'lazada' });
    expect(Object.values(empty.counts).every((n) => n === 0)).toBe(true);

    // A removed shop takes its products and their counts with it.
    await t.db.delete(shops).where(eq(shops.id, shopB.id));
    expect(await check()).toMatchObject({ online: 3, fail: 0 });
  });

  it('are counted under a keyword, the search finding titles and SKUs by any part through the trigram indexes', async () => {
    const seller = await makeSeller(t, `search-${randomUUID()}@example.com`, ['Lazada']);
    const [shop] = seller.shops;
    if (!shop) throw new Error('no shop');
    await t.db
      .insert(products)
      .values([
        ...Array.from({ length: 3 }, (_, i) => product(seller.user.id, shop.id, i, 'online')),
        { ...product(seller.user.id, shop.id, 9, 'wait'), title: 'Glass jar', sku: 'JAR_50%' },
      ]);
    const tray = await list(seller.token, { platform: 'lazada', keyword: 'mboo tr' });
    expect(tray.records).toHaveLength(3);
    expect(tray.counts).toMatchObject({ online: 3, wait: 0 });
    const jar = await list(seller.token, { platform: 'lazada', keyword: 'r_50%' });
    expect(jar.records).toHaveLength(1);
    expect(jar.counts).toMatchObject({ online: 0, wait: 1 });
    // `%` and `_` are matched as themselves.
    expect(
      (await list(seller.token, { platform: 'lazada', keyword: 'TRAY_' })).records,
    ).toHaveLength(0);

    // The planner can answer `%term%` from the trigram index over title and SKU.
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const { rows } = (await tx.execute(
        sql.raw(`explain select id from products where (title || E'\\n' || sku) ilike '%bamboo%'`),
      )) as unknown as { rows: Record<string, string>[] };
      return rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toContain('products_search_trgm_idx');
    // A term never matches across the title's end and the SKU's start.
    expect(
      (await list(seller.token, { platform: 'lazada', keyword: '0 TRAY' })).records,
    ).toHaveLength(0);
  });

  it('under a keyword stay what counting says as the same search comes again between changes, and only changes the search reads move the version', async () => {
    const seller = await makeSeller(t, `searched-${randomUUID()}@example.com`, [
      'Lazada',
      'Lazada 2',
    ]);
    const [shop, other] = seller.shops;
    if (!shop || !other) throw new Error('no shops');
    const owner = seller.user.id;
    /** What counting the products matching the keyword says. */
    const matching = async (keyword: string, shopId?: string) => {
      const rows = await t.db
        .select({ status: products.status, n: sql<number>`count(*)::int` })
        .from(products)
        .where(
          and(
            eq(products.ownerId, owner),
            eq(products.platform, 'lazada'),
            shopId ? eq(products.shopId, shopId) : undefined,
            sql`strpos(lower(${products.title} || E'\n' || ${products.sku}), lower(${keyword})) > 0`,
          ),
        )
        .groupBy(products.status);
      const counts = Object.fromEntries(PRODUCT_STATUSES.map((status) => [status, 0]));
      for (const row of rows) counts[row.status] = Number(row.n);
      return counts;
    };
    const check = async (keyword: string, shopId?: string) => {
      const expected = await matching(keyword, shopId);
      // Twice: the second reads what the first counted, and must say the same.
      for (let i = 0; i < 2; i++)
        expect(
          (await list(seller.token, { platform: 'lazada', keyword, ...(shopId ? { shopId } : {}) }))
            .counts,
        ).toEqual(expected);
      return expected;
    };
    const version = async () => {
      const [row] = await t.db
        .select({ version: productListVersions.version })
        .from(productListVersions)
        .where(eq(productListVersions.ownerId, owner));
      return row?.version ?? 0;
    };
    expect(await check('bamboo')).toMatchObject({ online: 0 });

    await t.db
      .insert(products)
      .values([
        ...Array.from({ length: 4 }, (_, i) => product(owner, shop.id, i, 'online')),
        ...Array.from({ length: 2 }, (_, i) => product(owner, other.id, 10 + i, 'wait')),
      ]);
    expect(await check('bamboo')).toMatchObject({ online: 4, wait: 2 });
    expect(await check('bamboo', other.id)).toMatchObject({ online: 0, wait: 2 });

    // A title that stops matching, a SKU that starts to, a status moved, a product moved to the
    // other shop: each is counted at once.
    const [first, second, third] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.shopId, shop.id)))
      .orderBy(products.title);
    if (!first || !second || !third) throw new Error('no products');
    await t.db.update(products).set({ title: 'Glass jar' }).where(eq(products.id, first.id));
    expect(await check('bamboo')).toMatchObject({ online: 3, wait: 2 });
    await t.db.update(products).set({ sku: 'BAMBOO-1' }).where(eq(products.id, first.id));
    expect(await check('bamboo')).toMatchObject({ online: 4, wait: 2 });
    await t.db.update(products).set({ status: 'offline' }).where(eq(products.id, second.id));
    expect(await check('bamboo')).toMatchObject({ online: 3, offline: 1, wait: 2 });
    await t.db.update(products).set({ shopId: other.id }).where(eq(products.id, third.id));
    expect(await check('bamboo', other.id)).toMatchObject({ online: 1, wait: 2 });
    expect(await check('bamboo', shop.id)).toMatchObject({ online: 2, offline: 1 });

    // What the search does not read leaves the version where it is; what it reads moves it.
    const before = await version();
    await t.db.update(products).set({ stock: 7 }).where(eq(products.ownerId, owner));
    expect(await version()).toBe(before);
    await t.db.update(products).set({ title: 'Bamboo lid' }).where(eq(products.id, second.id));
    expect(await version()).toBeGreaterThan(before);

    await t.db.delete(products).where(eq(products.shopId, other.id));
    expect(await check('bamboo')).toMatchObject({ online: 2, offline: 1, wait: 0 });
    expect(await check('bamboo', other.id)).toMatchObject({ online: 0, wait: 0 });
  });
});
