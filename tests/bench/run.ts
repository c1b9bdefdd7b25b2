/**
 * `npm run bench`: prints one JSON line per figure:
 *   - the product's speed (./speed.ts): login first paint of the old and the new build in one run,
 *     the dashboard's first paint, JS and requests, and the API on PostgreSQL against a bare
 *     node:http server. `npm run bench -- speed` runs only this, `npm run bench -- speed login` (or
 *     `dashboard`, `api`) only those parts;
 *   - p50/p99 latency of getMessageList (the bell's poll) at a fixed request rate, over a database
 *     of many sellers with many messages each. `npm run bench -- getMessageList` runs only this;
 *   - orders per second of a shop's order sync from the sandbox (first and repeated run), and the
 *     rows after both. `npm run bench -- syncOrders` runs only this;
 *   - the collector's extraction time per saved page, content script and zip sizes (./collector.ts).
 *     `npm run bench -- collector` runs only this;
 *   - the wallet ledger under many concurrent clients: operations per second, p50/p99 latency and
 *     invariant violations (./wallet.ts). `npm run bench -- wallet` runs only this;
 *   - the shop products list over 100,000 products in 20 shops: first and deep pages, a shop's
 *     tab, searches by title and SKU, p50/p99 (./products.ts). `npm run bench -- productList`
 *     runs only this;
 *   - the orders page over 1,000,000 orders in 100 shops on PostgreSQL: list pages (first and after
 *     900,000 rows) and tab counts, p50/p99 at fixed rates up to 1,000 req/s, and the console's
 *     order list read on to 100,000 rows and scrolled in Chromium (./orders.ts, ./orders-view.ts).
 *     `npm run bench -- orders` runs only this (`orders api` or `orders view` one part);
 *   - the fuzz run: 100,000 calls of every declared endpoint as every kind of account with random
 *     and malformed requests, the failures found and calls per second (./fuzz.ts).
 *     `npm run bench -- fuzz` runs only this;
 *   - the mall's search over generated products on PostgreSQL (./mall.ts).
 *     `npm run bench -- mall -- --rows 10000000` runs only this, over 10 million products.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { asc, eq, like, sql } from 'drizzle-orm';
import { defaultConfig, shopCallbackUrl } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { platformOrders, sandboxShops, shops, users } from '../../server/db/schema/index';
import { createMarketplaceClients } from '../../server/integrations/marketplace/clients';
import { sandboxMarketplaces } from '../../server/integrations/marketplace/marketplace.config';
import { systemClock } from '../../server/lib/clock';
import { createLogger } from '../../server/lib/logger';
import { createMailer } from '../../server/lib/mailer';
import { hashPassword } from '../../server/lib/passwords';
import { createAccount } from '../../server/modules/accounts/accounts.service';
import { startSession } from '../../server/modules/auth/auth.service';
import { syncRange } from '../../server/modules/shops/shop-sync.service';
import { createSandboxApp, SANDBOX_PLATFORMS } from '../../server/sandbox/app';
import {
  addSandboxOrders,
  ensureSandboxSellers,
  seededRandom,
} from '../../server/sandbox/marketplace/data';
import { shopeeSandbox } from '../../server/sandbox/shopee/shopee.sandbox';
import { authorizeDemoShops } from '../../server/seed/shops';
import { API_CLIENTS, basicClientAuth, HEADERS } from '../../shared/contracts/protocol';
import { collectorBench } from './collector';
import { type Print, round } from './figures';
import { fuzzBench } from './fuzz';
import { mallBench } from './mall';
import { ordersBench } from './orders';
import { productsBench } from './products';
import { SPEED_PARTS, speedBench } from './speed';
import { walletBench } from './wallet';

const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;

const print: Print = (figure) => {
  process.stdout.write(`${JSON.stringify(figure)}\n`);
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function load(options: autocannon.Options) {
  const result = await autocannon({ connections: CONNECTIONS, duration: LOAD_SECONDS, ...options });
  return {
    requests_per_second: round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    non_2xx: result.non2xx,
    errors: result.errors,
    connections: CONNECTIONS,
    seconds: LOAD_SECONDS,
  };
}

/** The message poll's load: sellers, their messages, how many of them poll, and how often. */
const MESSAGE_BENCH = {
  sellers: Number(process.env.BENCH_MESSAGE_SELLERS ?? 2000),
  messagesPerSeller: Number(process.env.BENCH_MESSAGES_PER_SELLER ?? 200),
  /** Signed-in sellers whose bells poll during the run, round robin. */
  polling: Number(process.env.BENCH_MESSAGE_POLLING ?? 500),
  /** Requests per second over all connections: each signed-in user polls once a minute, so 100/s is 6,000 users online. */
  rate: Number(process.env.BENCH_MESSAGE_RATE ?? 100),
};

/**
 * An embedded database in `dataDir` with many sellers and messages, made in bulk with SQL (the
 * shape notify writes), and sessions for the polling sellers; returns their tokens.
 */
async function seedMessageLoad(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  try {
    await database.migrate();
    const { db } = database;
    const passwordHash = await hashPassword('Bench-pass1');
    await db.execute(sql`
      insert into users (email, password_hash, name, role, site, business_type, onboarded_at, created_at, updated_at)
      select 'bench-' || i || '@example.com', ${passwordHash}, 'Bench seller ' || i, 'BUYER', 'th',
             'crossBorder', now(), now(), now()
      from generate_series(1, ${MESSAGE_BENCH.sellers}::int) as i`);
    // Types 1 to 6 in turn, one a minute going back, a quarter of them unread.
    await db.execute(sql`
      insert into messages (user_id, type, title_key, params, jump_id, is_read, created_at, read_at)
      select u.id, 1 + g % 6, 'orderNew',
             jsonb_build_object('orderNo', 'B' || g, 'shop', 'Bench shop'), 'B' || g,
             case when g % 4 = 0 then 1 else 2 end,
             now() - g * interval '1 minute',
             case when g % 4 = 0 then null else now() end
      from users u cross join generate_series(1, ${MESSAGE_BENCH.messagesPerSeller}::int) as g
      where u.email like 'bench-%'`);
    await db.execute(sql`analyze`);
    const polling = await db
      .select()
      .from(users)
      .where(like(users.email, 'bench-%'))
      .orderBy(asc(users.email))
      .limit(MESSAGE_BENCH.polling);
    const deps = { db, clock: systemClock, config: defaultConfig };
    const meta = { clientId: API_CLIENTS.console.id, ip: '127.0.0.1', userAgent: 'bench' };
    const tokens: string[] = [];
    for (const user of polling)
      tokens.push((await startSession(deps, null, { user, meta })).access_token);
    return tokens;
  } finally {
    await database.close();
  }
}

/** `npm start`'s server on a data directory made beforehand (it seeds nothing when it has users). */
async function startServerOn(port: number, dataDir: string) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: { ...env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api-user/public/getSiteList`)).ok) return stop;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error('server did not start within 120 s');
}

/** getMessageList as the bells of many signed-in sellers poll it, at a fixed rate. */
async function messagePollBench() {
  await mkdir(join(process.cwd(), '.tmp'), { recursive: true });
  const dataDir = await mkdtemp(join(process.cwd(), '.tmp', 'bench-messages-'));
  try {
    const started = Date.now();
    const tokens = await seedMessageLoad(dataDir);
    const seedSeconds = round((Date.now() - started) / 1000);
    const port = await freePort();
    const stop = await startServerOn(port, dataDir);
    try {
      let next = 0;
      const result = await load({
        url: `http://127.0.0.1:${port}`,
        overallRate: MESSAGE_BENCH.rate,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => {
              const token = tokens[next++ % tokens.length] ?? '';
              return {
                ...request,
                path: '/api-user/message/getMessageList?page=1&limit=6',
                headers: {
                  ...request.headers,
                  authorization: basicClientAuth(API_CLIENTS.console),
                  [HEADERS.token]: token,
                },
              };
            },
          },
        ],
      });
      print({
        bench: 'getMessageList',
        ...result,
        target_rate: MESSAGE_BENCH.rate,
        sellers: MESSAGE_BENCH.sellers,
        messages: MESSAGE_BENCH.sellers * MESSAGE_BENCH.messagesPerSeller,
        polling_sellers: tokens.length,
        seed_seconds: seedSeconds,
      });
    } finally {
      await stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A Shopee shop with many orders in the sandbox, authorized through the real flow, synced twice. */
async function syncBench() {
  const ORDERS = Number(process.env.BENCH_SYNC_ORDERS ?? 2000);
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-sync-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  try {
    await database.migrate();
    const clock = systemClock;
    const config = { ...defaultConfig, marketplaces: sandboxMarketplaces('http://sandbox.test') };
    const logger = createLogger({ level: 'error' });
    const sandbox = createSandboxApp({
      marketplaces: { config: config.marketplaces, callbackUrl: shopCallbackUrl(config) },
      db: database.db,
      clock,
      logger,
      publicUrl: 'http://sandbox.test',
      apps: [],
      fetch,
    });
    const toSandbox = ((input: RequestInfo | URL, init?: RequestInit) =>
      sandbox.fetch(new Request(input, init))) as typeof fetch;
    await ensureSandboxSellers(database.db, clock, SANDBOX_PLATFORMS);
    const [shop] = await database.db
      .select()
      .from(sandboxShops)
      .where(eq(sandboxShops.shopId, '220000101'));
    if (!shop) throw new Error('no sandbox shop');
    const random = seededRandom('bench');
    const now = Date.now();
    await addSandboxOrders(
      database.db,
      shopeeSandbox,
      shop,
      Array.from({ length: ORDERS }, (_, i) => {
        const updatedAt = new Date(now - 10 * 86_400_000 + Math.floor(random() * 10 * 86_400_000));
        return {
          status: shopeeSandbox.orderStatuses[i % shopeeSandbox.orderStatuses.length] ?? 'UNPAID',
          createdAt: new Date(updatedAt.getTime() - 3_600_000),
          updatedAt,
        };
      }),
      random,
    );
    const deps = {
      db: database.db,
      clock,
      config,
      logger,
      mailer: createMailer({ db: database.db, clock, logger, from: config.mail.from }),
      marketplaces: createMarketplaceClients(config.marketplaces, {
        fetch: toSandbox,
        now: () => clock.now(),
      }),
    };
    const seller = await createAccount({ db: database.db, clock }, null, {
      email: 'bench-sync@example.com',
      password: 'Bench-pass1',
      name: 'Bench',
      role: 'BUYER',
      site: 'th',
    });
    await authorizeDemoShops(deps, seller.id);
    const [ours] = await database.db
      .select()
      .from(shops)
      .where(like(shops.externalId, '220000101'));
    if (!ours) throw new Error('shop not authorized');
    const range = { from: new Date(now - 11 * 86_400_000), to: new Date(now) };
    const runs: number[] = [];
    for (let run = 0; run < 2; run++) {
      const started = performance.now();
      const count = await syncRange(deps, null, { shopId: ours.id, resource: 'orders', range });
      runs.push(count / ((performance.now() - started) / 1000));
    }
    const [rows] = await database.db
      .select({ total: sql<number>`count(*)::int` })
      .from(platformOrders)
      .where(eq(platformOrders.shopId, ours.id));
    print({
      bench: 'syncOrders',
      platform: 'shopee',
      sandbox_orders: ORDERS,
      orders_per_second_first: round(runs[0] ?? 0),
      orders_per_second_repeat: round(runs[1] ?? 0),
      rows_after_two_runs: rows?.total ?? 0,
    });
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'collector') {
  await collectorBench(print);
} else if (process.argv[2] === 'getMessageList') {
  await messagePollBench();
} else if (process.argv[2] === 'syncOrders') {
  await syncBench();
} else if (process.argv[2] === 'wallet') {
  await walletBench(print);
} else if (process.argv[2] === 'speed') {
  const parts = SPEED_PARTS.filter((part) => process.argv.slice(3).includes(part));
  await speedBench(print, parts.length > 0 ? parts : SPEED_PARTS);
} else if (process.argv[2] === 'orders') {
  await ordersBench(print, process.argv.slice(3));
} else if (process.argv[2] === 'fuzz') {
  await fuzzBench(print);
} else if (process.argv[2] === 'productList') {
  await productsBench(print);
} else if (process.argv[2] === 'mall') {
  await mallBench(print, process.argv.slice(3));
} else {
  await speedBench(print);
  await messagePollBench();
  await syncBench();
  await collectorBench(print);
  await walletBench(print);
  await productsBench(print);
  await ordersBench(print);
  await fuzzBench(print);
  await mallBench(print, []);
}
