/**
 * The shop products list over many products: 100,000 products of one seller in 20 shops (Lazada,
 * Shopee and TikTok), made in bulk with SQL.
 *
 * - The list's calls timed one after another through the service the route calls (its SQL as
 *   served, without HTTP): the first page of a platform (with the tabs' counts), a deep page (the
 *   100th, reached by its cursor), a status tab of one shop, and searches by a word of the title
 *   and by a seller SKU. Each prints p50 and p99 in ms.
 * - On PostgreSQL (TEST_POSTGRES_URL or DATABASE_URL) also: the same calls over HTTP to the app in
 *   a process of its own (./products-server.ts, the built console beside it) at a fixed rate
 *   (BENCH_PRODUCT_RATE, 500 req/s, for BENCH_SECONDS, 10 s): requests per second reached, p50,
 *   p99, errors and non-2xx (target p99 at most 25 ms); then the list page's first render in
 *   headless Chromium, signed in as the login screen leaves it, cold each time: time to the first
 *   row painted, scripting time, and the rows in the DOM (BENCH_RENDER_RUNS loads, 7; 0 leaves the
 *   render out, and the console unbuilt).
 *
 * The machine is shared: every figure carries the load average (1, 5 and 15 minutes) when it was
 * taken. On the PostgreSQL server a database is created for the run and dropped after; embedded
 * PGlite without one (the service figures only).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { and, asc, eq, sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client';
import { shops, users } from '../../server/db/schema/index';
import { hashPassword } from '../../server/lib/passwords';
import { listProducts } from '../../server/modules/products/products.service';
import type { ProductListQuery } from '../../shared/contracts/products';
import { API_CLIENTS, basicClientAuth, HEADERS } from '../../shared/contracts/protocol';
import { launchChromium } from '../support/browser';
import { adminQuery, withDatabase } from '../support/database-config';
import { httpSessionCall, type StoredSession, signInByApi } from '../support/stored-session';
import { type Print, round } from './figures';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SHOPS = 20;
const RUNS = Number(process.env.BENCH_PRODUCT_RUNS ?? 200);
const RATE = Number(process.env.BENCH_PRODUCT_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Enough connections that 500 req/s is reached while a request takes up to 40 ms. */
const CONNECTIONS = 20;
const RENDER_RUNS = Number(process.env.BENCH_RENDER_RUNS ?? 7);
const POSTGRES = process.env.TEST_POSTGRES_URL ?? process.env.DATABASE_URL;
const SELLER = { username: 'bench-products@example.com', password: 'Bench-pass1' };
const LIST_PAGE = '/cmp/thirdPartyPlatform/platformProductManage';

/** The machine's load average (1, 5 and 15 minutes) as a figure is taken. */
const load = () => loadavg().map((value) => round(value, 2));

async function benchDatabase() {
  const url = POSTGRES;
  if (!url) {
    const handle = await openDatabase({ kind: 'pglite' });
    await handle.migrate();
    return { handle, target: 'pglite', url: null, drop: async () => {} };
  }
  const name = `cmp_bench_products_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const databaseUrl = withDatabase(url, name);
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl });
  await handle.migrate();
  const drop = () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      drop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  return { handle, target: 'postgres', url: databaseUrl, drop };
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
      );
    });
  });
}

/** The console as `npm start` serves it, built unless a build is there (BENCH_BUILD=1 rebuilds). */
function consoleBuild(): string {
  const dir = resolve('dist/console');
  if (process.env.BENCH_BUILD === '1' || !existsSync(join(dir, 'index.html')))
    execFileSync(
      join('node_modules', '.bin', 'vite'),
      ['build', '--config', 'console/vite.config.ts', '--logLevel', 'error'],
      { stdio: 'inherit' },
    );
  return dir;
}

/** ./products-server.ts on the bench's database, ready once it says so. */
async function startAppServer(databaseUrl: string, consoleDir: string) {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'products-server.ts')],
    {
      env: {
        ...process.env,
        BENCH_DATABASE_URL: databaseUrl,
        CONSOLE_DIR: consoleDir,
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
    }
  };
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error('the app did not start in 120 s')), 120_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) {
        clearTimeout(timer);
        ready();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the app exited (${code})`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { origin: `http://127.0.0.1:${port}`, stop };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

export async function productsBench(print: Print): Promise<void> {
  const { handle, target, url, drop } = await benchDatabase();
  try {
    const { db } = handle;
    const started = Date.now();
    const [owner] = await db
      .insert(users)
      .values({
        email: SELLER.username,
        passwordHash: await hashPassword(SELLER.password),
        name: 'Bench products',
        role: 'BUYER',
        site: 'th',
        businessType: 'crossBorder',
        onboardedAt: new Date(),
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
        load_average: load(),
      };
      print(figure);
      return figure;
    }

    print({
      bench: 'productList',
      case: 'seed',
      target,
      products: PRODUCTS,
      seconds: seedSeconds,
      load_average: load(),
    });
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
      load_average: load(),
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

    if (!url) {
      print({
        bench: 'productList',
        case: 'over HTTP and first render',
        skipped: 'set TEST_POSTGRES_URL or DATABASE_URL to a PostgreSQL server',
      });
      return;
    }
    const app = await startAppServer(
      url,
      RENDER_RUNS > 0 ? consoleBuild() : resolve('dist/console'),
    );
    try {
      const session = await signInByApi(httpSessionCall(app.origin), SELLER);
      await overHttp(print, app.origin, session.token, {
        'first page (with the tabs’ counts)': '?platform=lazada&limit=50',
        'page 100': `?platform=lazada&limit=50&cursor=${encodeURIComponent(cursor ?? '')}`,
        'one shop’s online tab': `?platform=shopee&shopId=${shopeeShop}&status=online&limit=50`,
        'search by a title word': '?platform=shopee&keyword=bamboo&limit=50',
        'search by a seller SKU': '?platform=shopee&keyword=SKU-0042&limit=50',
      });
      if (RENDER_RUNS > 0) await firstRender(print, app.origin, session);
    } finally {
      await app.stop();
    }
  } finally {
    await handle.close();
    await drop();
  }
}

/** Each list call at a fixed rate over HTTP, as the console calls it. */
async function overHttp(
  print: Print,
  origin: string,
  token: string,
  calls: Record<string, string>,
): Promise<void> {
  const headers = {
    [HEADERS.authorization]: basicClientAuth(API_CLIENTS.console),
    [HEADERS.token]: token,
  };
  for (const [name, query] of Object.entries(calls)) {
    const path = `/product/product/list${query}`;
    // One call first: the answer must be a page, or the figures would time an error.
    const probe = (await (await fetch(`${origin}${path}`, { headers })).json()) as {
      resp_code: number;
    };
    if (probe.resp_code !== 0) throw new Error(`${name}: ${JSON.stringify(probe)}`);
    const before = load();
    const result = await autocannon({
      url: `${origin}${path}`,
      headers,
      connections: CONNECTIONS,
      duration: SECONDS,
      overallRate: RATE,
    });
    print({
      bench: 'productList',
      case: `HTTP ${name}`,
      target: 'postgres',
      products: PRODUCTS,
      shops: SHOPS,
      target_rate: RATE,
      requests_per_second: round(result.requests.average),
      p50_ms: result.latency.p50,
      p99_ms: result.latency.p99,
      target_p99_ms: 25,
      errors: result.errors + result.timeouts,
      non_2xx: result.non2xx,
      connections: CONNECTIONS,
      seconds: SECONDS,
      load_average_before: before,
      load_average: load(),
    });
  }
}

/**
 * The list page's cold loads in headless Chromium (a new context each, no cache), signed in as
 * the login screen leaves it: when the first row was painted (two animation frames after it
 * entered the DOM, from navigation start), the page's scripting time by then, and its rows.
 */
async function firstRender(print: Print, origin: string, session: StoredSession) {
  const { browser, close } = await launchChromium();
  const samples: { painted: number; scripting: number; rows: number }[] = [];
  try {
    for (let run = 0; run < RENDER_RUNS; run++) {
      const context = await browser.createBrowserContext();
      try {
        const page = await context.newPage();
        await page.setViewport({ width: 1366, height: 768 });
        await page.setCookie({
          name: 'access_token',
          value: encodeURIComponent(session.token),
          url: origin,
        });
        await page.evaluateOnNewDocument(
          (expected, value) => {
            if (location.origin !== expected) return;
            localStorage.setItem('cmp-session', value);
            const record = window as unknown as { __firstRow: number; __rows: number };
            record.__firstRow = 0;
            const seen = new MutationObserver(() => {
              if (!document.querySelector('[data-testid="product-row"]')) return;
              seen.disconnect();
              requestAnimationFrame(() =>
                requestAnimationFrame(() => {
                  record.__firstRow = performance.now();
                  record.__rows = document.querySelectorAll('[data-testid="product-row"]').length;
                }),
              );
            });
            seen.observe(document, { childList: true, subtree: true });
          },
          origin,
          session.cache,
        );
        await page.goto(`${origin}${LIST_PAGE}`, { timeout: 120_000 });
        await page.waitForFunction(
          () => (window as unknown as { __firstRow: number }).__firstRow > 0,
          { timeout: 120_000, polling: 50 },
        );
        const metrics = await page.metrics();
        const figures = await page.evaluate(() => {
          const record = window as unknown as { __firstRow: number; __rows: number };
          return { painted: record.__firstRow, rows: record.__rows };
        });
        samples.push({ ...figures, scripting: (metrics.ScriptDuration ?? 0) * 1000 });
      } finally {
        await context.close();
      }
    }
  } finally {
    await close();
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  print({
    bench: 'productList',
    case: 'list page first render (Chromium, cold)',
    target: 'postgres',
    products: PRODUCTS,
    runs: samples.length,
    first_row_painted_ms_median: round(median(samples.map((sample) => sample.painted))),
    first_row_painted_ms_max: round(Math.max(...samples.map((sample) => sample.painted))),
    scripting_ms_median: round(median(samples.map((sample) => sample.scripting))),
    target_scripting_ms: 100,
    dom_rows_median: median(samples.map((sample) => sample.rows)),
    viewport: '1366x768',
    load_average: load(),
  });
}
