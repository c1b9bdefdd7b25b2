/**
 * `npm run bench -- orders`: the orders page over a million orders on PostgreSQL. One seller with
 * BENCH_ORDER_SHOPS shops (100) and BENCH_ORDERS orders (1,000,000) spread evenly over 60 days in
 * every status of the three platforms, in the shape a sync writes, loaded with multi-row inserts
 * from `generate_series` in chunks (the table's secondary indexes dropped during the load and
 * built again after it, then VACUUM ANALYZE as autovacuum would leave the table). Then the real
 * app over HTTP:
 *
 * - `api`: the list's first page (limit 50) at fixed rates up to 1,000 req/s (BENCH_ORDER_RATES),
 *   then at the top rate the pending tab's first page, a page after 900,000 rows (its keyset
 *   cursor taken from the database) and the tab counts: requests per second, p50, p99, errors;
 *   and the first page against the page after 900,000 rows one request at a time, in turns (the
 *   cost of a page, free of queueing);
 * - `view`: the console's order list in headless Chromium read on to 100,000 rows
 *   (./orders-view.ts).
 *
 * `npm run bench -- orders api` (or `view`) runs one part. The machine is shared: each figure
 * carries the load average when it was taken. BENCH_ORDER_LOAD_SECONDS (900) bounds the load: past
 * it the bench measures what is loaded and says how far it got.
 */

import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createApp } from '../../server/app';
import { defaultConfig } from '../../server/config';
import type { Actor } from '../../server/context';
import { openDatabase } from '../../server/db/client';
import { systemClock } from '../../server/lib/clock';
import { createLogger } from '../../server/lib/logger';
import { createAccount } from '../../server/modules/accounts/accounts.service';
import { startSession } from '../../server/modules/auth/auth.service';
import { listOrders } from '../../server/modules/orders/orders.service';
import { addShop } from '../../server/modules/shops/shops.service';
import { SUCCESS_CODE } from '../../shared/contracts/envelope';
import {
  type OrderPage,
  PLATFORM_ORDER_STATUSES,
  type PlatformOrder,
} from '../../shared/contracts/orders';
import { encodeCursor } from '../../shared/contracts/paging';
import { API_CLIENTS, basicClientAuth, HEADERS } from '../../shared/contracts/protocol';
import { PLATFORMS } from '../../shared/contracts/shops';
import { type Print, round } from './figures';
import { orderViewBench } from './orders-view';

const POSTGRES = process.env.TEST_POSTGRES_URL ?? process.env.DATABASE_URL;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const SHOPS = Number(process.env.BENCH_ORDER_SHOPS ?? 100);
const RATES = (process.env.BENCH_ORDER_RATES ?? '100,250,500,1000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const LOAD_SECONDS = Number(process.env.BENCH_ORDER_LOAD_SECONDS ?? 900);
const CHUNK = 50_000;
const DEEP = 900_000;
const CONNECTIONS = 20;
const DAY = 86_400_000;
const PASSWORD = 'Bench-pass1';
const ORDER_PARTS = ['api', 'view'] as const;

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
/** The one-minute load average, as each figure carries it. */
const load = () => round(loadavg()[0] ?? 0, 2);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
};

export async function ordersBench(print: Print, only: readonly string[] = []) {
  const parts = ORDER_PARTS.filter((part) => only.length === 0 || only.includes(part));
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
    const seller = await createAccount({ db, clock }, null, {
      email: 'bench-orders@example.com',
      password: PASSWORD,
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
    const loaded = await loadOrders(db, seller.id, print);

    const logger = createLogger({ level: 'error' });
    const config = { ...defaultConfig, consoleDir: resolve('dist/console') };
    const app = createApp({ db, clock, logger, config });
    const { access_token: token } = await startSession({ db, clock, config }, null, {
      user: seller,
      meta: { clientId: API_CLIENTS.console.id, ip: '127.0.0.1', userAgent: 'bench' },
    });
    // The view part's long list: armed, the next first page the console asks for is this answer.
    let longPage: string | null = null;
    server = serve({
      fetch: (request) => {
        const url = new URL(request.url);
        if (longPage && url.pathname === '/order/order/list' && !url.searchParams.has('cursor')) {
          const body = longPage;
          longPage = null;
          return new Response(body, { headers: { 'content-type': 'application/json' } });
        }
        return app.fetch(request);
      },
      port: 0,
      hostname: '127.0.0.1',
    });
    await new Promise((resolve) => server?.once('listening', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const headers = {
      [HEADERS.authorization]: basicClientAuth(API_CLIENTS.console),
      [HEADERS.token]: token,
    };
    // As the console asks: a range and the reader's time zone (the whole 60 days and a day more).
    const beginTime = stamp(new Date(Date.now() - 61 * DAY));
    const range = `beginTime=${encodeURIComponent(beginTime)}&timeZone=UTC`;

    if (parts.includes('api'))
      await apiPart(print, {
        db,
        app,
        sellerId: seller.id,
        origin,
        headers,
        range,
        beginTime,
        loaded,
      });
    if (parts.includes('view'))
      await orderViewBench(print, {
        origin,
        credentials: { username: 'bench-orders@example.com', password: PASSWORD },
        beginTime,
        orders: loaded,
        load,
        armLongPage: async (count) => {
          const records = await newestOrders({ db, clock }, seller.id, beginTime, count);
          longPage = JSON.stringify({
            resp_code: SUCCESS_CODE,
            resp_msg: 'success',
            datas: { records, nextCursor: null },
          });
          return records.length;
        },
      });
  } finally {
    if (server) {
      const running = server;
      await new Promise((resolve) => running.close(resolve));
    }
    await handle.close();
    await database.drop();
  }
}

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

/** The newest `count` orders as the list's pages give them, read in-process in long pages. */
async function newestOrders(
  deps: { db: Db; clock: typeof systemClock },
  sellerId: string,
  beginTime: string,
  count: number,
): Promise<PlatformOrder[]> {
  const actor: Actor = {
    userId: sellerId,
    sessionId: 'bench',
    roles: ['BUYER'],
    parentId: null,
    ownerId: sellerId,
    isMain: true,
    routes: [],
    shopIds: null,
  };
  const records: PlatformOrder[] = [];
  let cursor: string | null = null;
  do {
    const page: OrderPage = await listOrders(deps, actor, {
      tab: 'all',
      beginTime,
      timeZone: 'UTC',
      limit: Math.min(10_000, count - records.length),
      ...(cursor ? { cursor } : {}),
    });
    records.push(...page.records);
    cursor = page.nextCursor;
  } while (cursor && records.length < count);
  return records;
}

/**
 * The orders, in chunks of multi-row inserts from generate_series: the g-th order is the shop
 * g mod SHOPS's, created 60 days × g / ORDERS ago, in its platform's raw statuses in turn. The
 * secondary indexes go during the load and are built after it. Returns how many were loaded.
 */
async function loadOrders(db: Db, sellerId: string, print: Print): Promise<number> {
  const started = performance.now();
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
  const indexes = (await db.execute(
    sql`select indexname, indexdef from pg_indexes
        where tablename = 'platform_orders' and indexname <> 'platform_orders_pkey'`,
  )) as unknown as { rows: { indexname: string; indexdef: string }[] };
  for (const index of indexes.rows) await db.execute(sql.raw(`drop index ${index.indexname}`));
  const spread = (60 * DAY) / ORDERS;
  let loaded = 0;
  while (loaded < ORDERS) {
    if ((performance.now() - started) / 1000 > LOAD_SECONDS) break;
    const last = Math.min(ORDERS, loaded + CHUNK) - 1;
    await db.execute(sql`
      with shop as (
        select id, platform, row_number() over (order by external_id) - 1 as n from shops
        where owner_id = ${sellerId}
      ),
      status as (
        select v.platform, v.status, row_number() over (partition by v.platform) - 1 as n,
               count(*) over (partition by v.platform) as of
        from (values ${values}) as v(platform, status)
      )
      insert into platform_orders (shop_id, owner_id, platform, external_id, status, currency,
        total_minor, buyer_name, receiver, payment_method, items, platform_created_at,
        platform_updated_at, raw, synced_at)
      select shop.id, ${sellerId}, shop.platform, 'B' || g, status.status, 'THB', 45000, 'Buyer',
             '{"name":"Somchai","phone":"0812345678","address":"1 Sukhumvit Road"}'::jsonb, 'COD',
             ${item}::jsonb, now() - g::float8 * ${spread}::float8 * interval '1 millisecond',
             now() - g::float8 * ${spread}::float8 * interval '1 millisecond', null, now()
      from generate_series(${loaded}::int, ${last}::int) as g
      join shop on shop.n = g % ${SHOPS}
      join status on status.platform = shop.platform and status.n = (g / ${SHOPS}) % status.of`);
    loaded = last + 1;
  }
  const inserted = performance.now();
  for (const index of indexes.rows) await db.execute(sql.raw(index.indexdef));
  const indexed = performance.now();
  await db.execute(sql`vacuum analyze platform_orders`);
  await db.execute(sql`analyze`);
  print({
    bench: 'orders',
    step: 'load',
    orders: loaded,
    of: ORDERS,
    shops: SHOPS,
    insert_seconds: round((inserted - started) / 1000),
    rows_per_second: round(loaded / ((inserted - started) / 1000), 0),
    index_seconds: round((indexed - inserted) / 1000),
    vacuum_seconds: round((performance.now() - indexed) / 1000),
    load_average: load(),
    ...(loaded < ORDERS ? { stopped: `past BENCH_ORDER_LOAD_SECONDS=${LOAD_SECONDS}` } : {}),
  });
  return loaded;
}

async function apiPart(
  print: Print,
  context: {
    db: Db;
    app: ReturnType<typeof createApp>;
    sellerId: string;
    origin: string;
    headers: Record<string, string>;
    range: string;
    beginTime: string;
    loaded: number;
  },
) {
  const { db, origin, headers, range } = context;
  // The position of the row 900,000 rows down (or as deep as the load went), as a cursor.
  const depth = Math.min(DEEP, context.loaded - 100);
  const found = (await db.execute(sql`
    select json_build_array(platform_created_at, id)::text as key from platform_orders
    where owner_id = ${context.sellerId}
    order by platform_created_at desc, id desc offset ${depth - 1} limit 1`)) as unknown as {
    rows: { key: string }[];
  };
  const key = found.rows[0]?.key;
  if (!key) throw new Error('no row that deep');
  const deep = encodeCursor({ direction: 'n', key: JSON.parse(key) as (string | number)[] });
  const first = `/order/order/list?${range}&limit=50`;
  const after = `/order/order/list?${range}&limit=50&cursor=${encodeURIComponent(deep)}`;
  const counts = {
    path: '/order/order/status_statistics',
    method: 'POST' as const,
    body: JSON.stringify({ beginTime: context.beginTime, timeZone: 'UTC' }),
  };

  // The deep page holds the rows it should: 50 of them, older than the first page's.
  const check = async (path: string) =>
    (await (await fetch(`${origin}${path}`, { headers })).json()) as {
      resp_code: number;
      datas: { records: { createdAt: string }[]; nextCursor: string | null };
    };
  const [top, deepPage] = await Promise.all([check(first), check(after)]);
  if (top.resp_code !== 0 || deepPage.resp_code !== 0 || deepPage.datas.records.length !== 50)
    throw new Error(`the list did not answer: ${JSON.stringify(deepPage).slice(0, 300)}`);
  const tabCounts = (await (
    await fetch(`${origin}${counts.path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: counts.body,
    })
  ).json()) as { datas: Record<string, unknown> };

  // One request at a time, the first page and the deep one in turns: what a page costs.
  const timings = { first: [] as number[], deep: [] as number[] };
  for (let i = 0; i < 200; i++)
    for (const [name, path] of [
      ['first', first],
      ['deep', after],
    ] as const) {
      const begun = performance.now();
      const response = await fetch(`${origin}${path}`, { headers });
      await response.arrayBuffer();
      timings[name].push(performance.now() - begun);
    }
  print({
    bench: 'orders',
    call: `list first page vs page after ${depth} rows, one at a time (200 each, in turns)`,
    first_p50_ms: round(median(timings.first), 2),
    first_p99_ms: round(percentile(timings.first, 99), 2),
    deep_p50_ms: round(median(timings.deep), 2),
    deep_p99_ms: round(percentile(timings.deep, 99), 2),
    deep_over_first_p50: round(median(timings.deep) / median(timings.first), 2),
    load_average: load(),
  });

  // What a request costs this process's processor: the app called in-process (no sockets, no
  // load generator beside it), one request at a time, with the peer a node server hands it;
  // PostgreSQL's own time is its processes'. A dictionary (signed in, no database read) is what
  // any call costs before its own work.
  const env = {
    incoming: { socket: { remoteAddress: '127.0.0.1', remotePort: 40000, remoteFamily: 'IPv4' } },
  };
  for (const [name, path] of [
    ['a dictionary (PLATFORM_TYPE)', '/order/dic/PLATFORM_TYPE'],
    ['list first page (all, 50)', first],
    ['list first page (pending tab, 50)', `/order/order/list?${range}&tab=waitDeal&limit=50`],
    [`list page after ${depth} rows (50)`, after],
  ] as const) {
    const call = async () => {
      const response = await context.app.fetch(new Request(`${origin}${path}`, { headers }), env);
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      await response.arrayBuffer();
    };
    for (let i = 0; i < 50; i++) await call();
    const n = Number(process.env.BENCH_ORDER_CPU_CALLS ?? 1000);
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < n; i++) await call();
    const used = process.cpuUsage(cpu);
    const wall = performance.now() - started;
    print({
      bench: 'orders',
      call: `${name}, in-process, one at a time`,
      requests: n,
      cpu_ms_per_request: round((used.user + used.system) / 1000 / n, 3),
      wall_ms_per_request: round(wall / n, 3),
      load_average: load(),
    });
  }

  const top_rate = RATES.at(-1) ?? 1000;
  const calls: {
    name: string;
    path: string;
    rate: number;
    method?: 'GET' | 'POST';
    body?: string;
  }[] = [
    ...RATES.map((rate) => ({ name: 'list first page (all, 50)', path: first, rate })),
    {
      name: 'list first page (pending tab, 50)',
      path: `/order/order/list?${range}&tab=waitDeal&limit=50`,
      rate: top_rate,
    },
    { name: `list page after ${depth} rows (50)`, path: after, rate: top_rate },
    { name: 'tab counts (status_statistics)', ...counts, rate: top_rate },
  ];
  for (const call of calls) {
    const result = await autocannon({
      url: `${origin}${call.path}`,
      method: call.method ?? 'GET',
      headers: call.body ? { ...headers, 'content-type': 'application/json' } : headers,
      ...(call.body ? { body: call.body } : {}),
      connections: CONNECTIONS,
      duration: SECONDS,
      overallRate: call.rate,
    });
    print({
      bench: 'orders',
      call: call.name,
      database: 'postgresql',
      orders: context.loaded,
      shops: SHOPS,
      target_rate: call.rate,
      requests_per_second: round(result.requests.average),
      p50_ms: result.latency.p50,
      p99_ms: result.latency.p99,
      errors: result.errors + result.timeouts,
      non_2xx: result.non2xx,
      seconds: SECONDS,
      load_average: load(),
    });
  }
  print({ bench: 'orders', tab_counts: tabCounts.datas });
}
