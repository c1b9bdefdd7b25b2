/**
 * The shop products list over many products: 100,000 products of one seller in 20 shops (Lazada,
 * Shopee and TikTok), made in bulk with SQL, then the list's calls timed one after another through
 * the service the route calls (its SQL as served, without HTTP): the first page of a platform
 * (with the tabs' counts), a deep page (the 100th, reached by its cursor), a status tab of one shop,
 * and searches by a word of the title and by a seller SKU. Each prints p50 and p99 in ms.
 *
 * On the PostgreSQL of DATABASE_URL (a database created beside it for the run, dropped after);
 * embedded PGlite without it.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { shops, users } from '../../server/db/schema/index';
import { listProducts } from '../../server/modules/products/products.service';
import type { ProductListQuery } from '../../shared/contracts/products';
import { adminQuery, withDatabase } from '../support/database-config';
import { type Print, round } from './figures';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SHOPS = 20;
const RUNS = Number(process.env.BENCH_PRODUCT_RUNS ?? 200);

async function benchDatabase() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = await openDatabase({ kind: 'pglite' });
    await handle.migrate();
    return { handle, target: 'pglite', drop: async () => {} };
  }
  const name = `cmp_bench_products_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const handle = await openDatabase({ kind: 'postgres', url: withDatabase(url, name) });
  await handle.migrate();
  const drop = () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      drop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  return { handle, target: 'postgres', drop };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

export async function productsBench(print: Print): Promise<void> {
  const { handle, target, drop } = await benchDatabase();
  try {
    const { db } = handle;
    const started = Date.now();
    const [owner] = await db
      .insert(users)
      .values({
        email: 'bench-products@example.com',
        passwordHash: 'x',
        name: 'Bench products',
        role: 'BUYER',
        site: 'th',
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .returning();
    if (!owner) throw new Error('no seller');
    await db.execute(sql`
      insert into shops (owner_id, platform, site, external_id, name, alias, shop_type, status,
                         authorized_at, created_at, updated_at)
      select ${owner.id}::uuid, (array['lazada','shopee','tiktok'])[1 + i % 3], 'th',
             'bench-' || i, 'Bench shop ' || i, '', 'crossBorder', 'normal', now(), now(), now()
      from generate_series(1, ${SHOPS}::int) as i`);
    // Titles from a few words, so that a word matches a share of them as a seller's would.
    await db.execute(sql`
      insert into products (owner_id, shop_id, platform, origin, title, sku, currency, status,
                            price_min_minor, price_max_minor, stock, sku_count, created_at, updated_at)
      select ${owner.id}::uuid, s.id, s.platform, 'created',
             (array['Steel','Bamboo','Ceramic','Cotton','Glass','Leather','Silicone','Wooden'])[1 + g % 8]
               || ' ' ||
             (array['flask','lamp','mug','bag','case','tray','bottle','stand','brush','towel'])[1 + (g / 8) % 10]
               || ' model ' || g,
             'SKU-' || lpad(g::text, 7, '0'), 'THB',
             (array['wait','online','online','online','offline','fail','pushing','del'])[1 + (g / ${SHOPS}) % 8],
             1000 + g % 50000, 1000 + g % 50000, g % 500, 1 + g % 4,
             now() - g * interval '1 minute', now() - g * interval '1 second'
      from generate_series(1, ${PRODUCTS}::int) as g
      join lateral (
        select id, platform from shops where owner_id = ${owner.id}::uuid
        order by external_id offset (g % ${SHOPS}) limit 1
      ) s on true`);
    await db.execute(sql`analyze`);
    const [shopee] = await db
      .select({ id: shops.id })
      .from(shops)
      .where(and(eq(shops.ownerId, owner.id), eq(shops.platform, 'shopee')))
      .orderBy(asc(shops.externalId))
      .limit(1);
    const shopeeShop = shopee?.id ?? '';
    const seedSeconds = round((Date.now() - started) / 1000);
    const actor = { ownerId: owner.id, shopIds: null } as never;
    const base = { limit: 50, status: 'all' } as const;

    async function time(name: string, query: () => ProductListQuery) {
      const samples: number[] = [];
      let rows = 0;
      for (let run = 0; run < RUNS; run++) {
        const at = performance.now();
        const page = await listProducts({ db }, actor, query());
        samples.push(performance.now() - at);
        rows = page.records.length;
      }
      samples.sort((a, b) => a - b);
      const figure = {
        bench: 'productList',
        case: name,
        target,
        products: PRODUCTS,
        shops: SHOPS,
        runs: RUNS,
        rows,
        p50_ms: round(percentile(samples, 50), 2),
        p99_ms: round(percentile(samples, 99), 2),
      };
      print(figure);
      return figure;
    }

    print({ bench: 'productList', case: 'seed', target, products: PRODUCTS, seconds: seedSeconds });
    const first = await time('first page (with the tabs’ counts)', () => ({
      ...base,
      platform: 'lazada',
    }));
    // The 100th page's cursor, walked to once.
    let cursor: string | null = null;
    for (let page = 1; page < 100; page++) {
      const answer = await listProducts({ db }, actor, {
        ...base,
        platform: 'lazada',
        ...(cursor ? { cursor } : {}),
      });
      cursor = answer.next;
      if (!cursor) break;
    }
    const deep = await time('page 100', () => ({
      ...base,
      platform: 'lazada',
      ...(cursor ? { cursor } : {}),
    }));
    print({
      bench: 'productList',
      case: 'deep page / first page, p50',
      ratio: round(deep.p50_ms / first.p50_ms, 2),
    });
    await time('one shop’s online tab', () => ({
      ...base,
      platform: 'shopee',
      shopId: shopeeShop,
      status: 'online',
    }));
    await time('search by a title word', () => ({
      ...base,
      platform: 'shopee',
      keyword: 'bamboo',
    }));
    await time('search by a seller SKU', () => ({
      ...base,
      platform: 'shopee',
      keyword: 'SKU-0042',
    }));
  } finally {
    await handle.close();
    await drop();
  }
}
