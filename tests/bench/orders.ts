/**
 * `npm run bench -- orders`: the orders page's calls over many orders on PostgreSQL. One seller
 * with BENCH_ORDER_SHOPS shops (100) and BENCH_ORDERS orders (100,000) spread over 60 days in
 * every status of the three platforms, made in bulk with SQL in the shape a sync writes; then the
 * real app over HTTP at a fixed rate: the list's first page (all, and the pending tab), a page
 * halfway down the list (its keyset cursor reached by walking the pages), and the tab counts,
 * each with p50, p99 and errors.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createApp } from '../../server/app';
import { defaultConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { systemClock } from '../../server/lib/clock';
import { createLogger } from '../../server/lib/logger';
import { createAccount } from '../../server/modules/accounts/accounts.service';
import { startSession } from '../../server/modules/auth/auth.service';
import { addShop } from '../../server/modules/shops/shops.service';
import { PLATFORM_ORDER_STATUSES } from '../../shared/contracts/orders';
import { API_CLIENTS, basicClientAuth, HEADERS } from '../../shared/contracts/protocol';
import { PLATFORMS } from '../../shared/contracts/shops';
import { type Print, round } from './figures';

const POSTGRES = process.env.TEST_POSTGRES_URL ?? process.env.DATABASE_URL;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const SHOPS = Number(process.env.BENCH_ORDER_SHOPS ?? 100);
const RATE = Number(process.env.BENCH_ORDER_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 2;
const DAY = 86_400_000;

/** A database of its own on the PostgreSQL server, dropped after the run. */
async function benchDatabase(url: string) {
  const name = `cmp_bench_orders_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

const stamp = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');

export async function ordersBench(print: Print) {
  if (!POSTGRES) {
    print({
      bench: 'orders',
      skipped: 'set TEST_POSTGRES_URL or DATABASE_URL to a PostgreSQL server',
    });
    return;
  }
  const database = await benchDatabase(POSTGRES);
  const handle = await openDatabase({ kind: 'postgres', url: database.url });
  let server: ReturnType<typeof serve> | null = null;
  try {
    await handle.migrate();
    const { db } = handle;
    const clock = systemClock;
    const seeded = performance.now();
    const seller = await createAccount({ db, clock }, null, {
      email: 'bench-orders@example.com',
      password: 'Bench-pass1',
      name: 'Bench orders',
      role: 'BUYER',
      site: 'th',
    });
    await db.execute(
      sql`update users set business_type = 'crossBorder', onboarded_at = now() where id = ${seller.id}`,
    );
    for (let i = 0; i < SHOPS; i++)
      await addShop(
        { db, clock },
        { ownerId: seller.id },
        {
          platform: PLATFORMS[i % PLATFORMS.length] ?? 'lazada',
          site: 'th',
          externalId: `bench-${i}`,
          name: `Bench shop ${i}`,
          shopType: i % 4 === 0 ? 'local' : 'crossBorder',
        },
      );
    // Every raw status of each platform, in turn.
    const statuses = PLATFORMS.flatMap((platform) =>
      Object.keys(PLATFORM_ORDER_STATUSES[platform]).map((status) => ({ platform, status })),
    );
    const values = sql.join(
      statuses.map((s) => sql`(${s.platform}, ${s.status})`),
      sql`, `,
    );
    const item = JSON.stringify([
      {
        externalId: 'i1',
        productExternalId: 'p1',
        skuExternalId: 's1',
        sellerSku: 'SKU-1',
        name: 'Desk lamp',
        variation: 'Colour: black',
        image: null,
        quantity: 1,
        unitPriceMinor: 45_000,
      },
    ]);
    await db.execute(sql`
      with shop as (
        select id, platform, row_number() over (order by external_id) - 1 as n from shops
        where owner_id = ${seller.id}
      ),
      status as (
        select v.platform, v.status, row_number() over (partition by v.platform) - 1 as n,
               count(*) over (partition by v.platform) as of
        from (values ${values}) as v(platform, status)
      )
      insert into platform_orders (shop_id, owner_id, platform, external_id, status, currency,
        total_minor, buyer_name, receiver, payment_method, items, platform_created_at,
        platform_updated_at, raw, synced_at)
      select shop.id, ${seller.id}, shop.platform, 'B' || g, status.status, 'THB', 45000, 'Buyer',
             '{"name":"Somchai","phone":"0812345678","address":"1 Sukhumvit Road"}'::jsonb, 'COD',
             ${item}::jsonb, now() - (g % 5000) * interval '17 minutes' - (g / 5000) * interval '1 second',
             now() - (g % 5000) * interval '17 minutes', null, now()
      from generate_series(0, ${ORDERS - 1}::int) as g
      join shop on shop.n = g % ${SHOPS}
      join status on status.platform = shop.platform and status.n = (g / ${SHOPS}) % status.of`);
    await db.execute(sql`analyze`);
    const seedSeconds = round((performance.now() - seeded) / 1000);

    const logger = createLogger({ level: 'error' });
    const app = createApp({ db, clock, logger, config: defaultConfig });
    const { access_token: token } = await startSession({ db, clock, config: defaultConfig }, null, {
      user: seller,
      meta: { clientId: API_CLIENTS.console.id, ip: '127.0.0.1', userAgent: 'bench' },
    });
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server?.once('listening', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const headers = {
      [HEADERS.authorization]: basicClientAuth(API_CLIENTS.console),
      [HEADERS.token]: token,
    };
    const range = `beginTime=${encodeURIComponent(stamp(new Date(Date.now() - 60 * DAY)))}`;

    // The cursor of a page halfway down the list, reached as the console reaches it.
    let cursor: string | null = null;
    let walked = 0;
    while (walked < ORDERS / 2) {
      const page = (await (
        await fetch(
          `${origin}/order/order/list?${range}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          { headers },
        )
      ).json()) as { resp_code: number; datas: { records: unknown[]; nextCursor: string | null } };
      if (page.resp_code !== 0 || !page.datas.nextCursor)
        throw new Error(
          `the list ended early: ${JSON.stringify({ ...page.datas, records: page.datas.records.length })}`,
        );
      walked += page.datas.records.length;
      cursor = page.datas.nextCursor;
    }
    const counted = (await (
      await fetch(`${origin}/order/order/status_statistics`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ beginTime: stamp(new Date(Date.now() - 60 * DAY)) }),
      })
    ).json()) as { datas: Record<string, number> };

    const calls = [
      { name: 'list first page (all, 50)', path: `/order/order/list?${range}&limit=50` },
      {
        name: 'list first page (pending tab, 50)',
        path: `/order/order/list?${range}&tab=waitDeal&limit=50`,
      },
      {
        name: `list page after ${walked} rows (50)`,
        path: `/order/order/list?${range}&limit=50&cursor=${encodeURIComponent(cursor ?? '')}`,
      },
      {
        name: 'tab counts (status_statistics)',
        path: '/order/order/status_statistics',
        method: 'POST' as const,
        body: JSON.stringify({ beginTime: stamp(new Date(Date.now() - 60 * DAY)) }),
      },
    ];
    for (const call of calls) {
      const result = await autocannon({
        url: `${origin}${call.path}`,
        method: call.method ?? 'GET',
        headers: call.body ? { ...headers, 'content-type': 'application/json' } : headers,
        ...(call.body ? { body: call.body } : {}),
        connections: CONNECTIONS,
        duration: SECONDS,
        overallRate: RATE,
      });
      print({
        bench: 'orders',
        call: call.name,
        database: 'postgresql',
        orders: ORDERS,
        shops: SHOPS,
        target_rate: RATE,
        requests_per_second: round(result.requests.average),
        p50_ms: result.latency.p50,
        p99_ms: result.latency.p99,
        errors: result.errors + result.timeouts,
        non_2xx: result.non2xx,
        seconds: SECONDS,
      });
    }
    print({ bench: 'orders', seed_seconds: seedSeconds, all_tab_count: counted.datas.all ?? null });
  } finally {
    if (server) {
      const running = server;
      await new Promise((resolve) => running.close(resolve));
    }
    await handle.close();
    await database.drop();
  }
}
