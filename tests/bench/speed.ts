/**
 * The product's speed, as `npm run bench` (and `npm run bench -- speed` alone) prints it:
 *
 * - the old build (the commit in BENCH_BASE, checked out under .tmp/bench-base) and the new one
 *   side by side: /cmp/login's first paint and LCP at x1 and x4 CPU throttling, median of 7 cold
 *   loads each, taken in turns so both see the same machine;
 * - the signed-in dashboard's first paint and LCP (old and new in turns), the JS it loads (bytes on the wire, gzip
 *   size, requests) and its requests in all;
 * - the API on PostgreSQL (a database made for the run, the demo seller seeded): the largest
 *   rate of a 404 against a bare `node:http` server's in the same run (the yardstick), then at
 *   fixed rates (250, 500 and 1,000 req/s) the bare server's 404 and our 404, userInfo and the
 *   collection box's list in turns: requests per second, p50 and p99 latency, errors. Each figure
 *   carries the machine's load average before and after it (the load generator and the servers
 *   share the machine's cores with whatever else runs) and the CPU time a request cost the
 *   server process and the database's processes (from /proc), with the requests one core would
 *   answer a second at that cost: the figure a loaded machine does not distort.
 *
 * The new server runs as `npm start` runs it (dist/server, built here); the old one as it ran then.
 * BENCH_SECONDS sets the length of each load (10 s), BENCH_RUNS the page loads (7), BENCH_RATES the
 * fixed rates (`250,500,1000`); BENCH_SERVER_NODE_ARGS is given to the API's server process (e.g.
 * `--cpu-prof --cpu-prof-dir=.tmp/prof` to profile it under the load); BENCH_API_BUILT=1 takes the
 * built server as it is (the api part alone otherwise builds the console and the server first).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import type { Browser, HTTPResponse } from 'puppeteer-core';
import { DEMO_CATALOGUE } from '../../server/seed/demo';
import { API_CLIENTS, basicClientAuth, HEADERS } from '../../shared/contracts/protocol';
import { launchChromium } from '../support/browser';
import { httpSessionCall, signInByApi } from '../support/stored-session';
import { type Print, round } from './figures';

/** The build before this work: what "old" means in the comparison. */
const BASE = process.env.BENCH_BASE ?? '7939589';
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATES = (process.env.BENCH_RATES ?? '250,500,1000').split(',').map(Number);
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const CONNECTIONS = 20;
const DEMO = { username: 'demo@example.com', password: 'demo1234' };
const POSTGRES = process.env.TEST_POSTGRES_URL ?? process.env.DATABASE_URL;

const root = process.cwd();
const nodeBin = process.execPath;

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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

interface Server {
  origin: string;
  /** The process answering (its CPU time is read from /proc). */
  pid: number;
  stop(): Promise<void>;
}

/** A server process on a port of its own, ready once getSiteList answers. */
async function startServer(options: {
  cwd: string;
  args: string[];
  env: Record<string, string>;
  dataDir?: string;
}): Promise<Server> {
  const port = await freePort();
  const { DATABASE_URL: _database, ...inherited } = process.env;
  const child: ChildProcess = spawn(nodeBin, options.args, {
    cwd: options.cwd,
    env: {
      ...inherited,
      PORT: String(port),
      SANDBOX_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
    }
    if (options.dataDir) await rm(options.dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api-user/public/getSiteList`)).ok)
        return { origin: `http://127.0.0.1:${port}`, pid: child.pid ?? 0, stop };
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  await stop();
  throw new Error(`server in ${options.cwd} did not start`);
}

async function freshDataDir() {
  await mkdir(join(root, '.tmp'), { recursive: true });
  return mkdtemp(join(root, '.tmp', 'bench-speed-'));
}

/** The old build: BASE checked out beside us (sharing node_modules), its console built. */
async function prepareBase(): Promise<string> {
  const dir = join(root, '.tmp', 'bench-base');
  if (!existsSync(join(dir, 'package.json'))) {
    await rm(dir, { recursive: true, force: true });
    execFileSync('git', ['worktree', 'prune'], { stdio: 'ignore' });
    execFileSync('git', ['worktree', 'add', '--detach', dir, BASE], { stdio: 'ignore' });
  }
  if (!existsSync(join(dir, 'node_modules')))
    await symlink(join(root, 'node_modules'), join(dir, 'node_modules'));
  if (!existsSync(join(dir, '.wxt')) && existsSync(join(root, '.wxt')))
    await cp(join(root, '.wxt'), join(dir, '.wxt'), { recursive: true });
  if (!existsSync(join(dir, 'dist', 'console', 'index.html')))
    execFileSync(
      join(root, 'node_modules', '.bin', 'vite'),
      ['build', '--config', 'console/vite.config.ts', '--logLevel', 'error'],
      { cwd: dir, stdio: 'inherit' },
    );
  return dir;
}

function buildNew() {
  execFileSync(
    join('node_modules', '.bin', 'vite'),
    ['build', '--config', 'console/vite.config.ts', '--logLevel', 'error'],
    { stdio: 'inherit' },
  );
  execFileSync(nodeBin, ['--import', 'tsx', 'server/build.ts'], { stdio: 'inherit' });
  execFileSync(nodeBin, ['--import', 'tsx', 'server/prerender.ts'], { stdio: 'inherit' });
}

interface Load {
  fcp: number;
  lcp: number;
  jsRequests: number;
  jsWireBytes: number;
  jsGzipBytes: number;
  requests: number;
  apiCalls: number;
}

/**
 * One cold load in a fresh browser context (no cache): FCP and LCP as the page reports them, and
 * what it fetched until the network was idle.
 */
async function coldLoad(
  browser: Browser,
  url: string,
  options: { cpuThrottling: number; signedIn?: { token: string; cache: string } },
): Promise<Load> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 1366, height: 768 });
    const cdp = await page.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuThrottling });
    const origin = new URL(url).origin;
    if (options.signedIn) {
      await page.setCookie({
        name: 'access_token',
        value: encodeURIComponent(options.signedIn.token),
        url: origin,
      });
      await page.evaluateOnNewDocument(
        (expected, value) => {
          if (location.origin === expected) localStorage.setItem('cmp-session', value);
        },
        origin,
        options.signedIn.cache,
      );
    }
    await page.evaluateOnNewDocument(() => {
      const record = window as unknown as { __lcp: number; __fcp: number };
      record.__lcp = 0;
      record.__fcp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) record.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (entry.name === 'first-contentful-paint') record.__fcp = entry.startTime;
      }).observe({ type: 'paint', buffered: true });
    });
    const figures = { jsRequests: 0, jsWireBytes: 0, jsGzipBytes: 0, requests: 0, apiCalls: 0 };
    const pending: Promise<void>[] = [];
    // Bytes on the wire as the network reports them (headers and compressed body).
    await cdp.send('Network.enable');
    const scripts = new Set<string>();
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script') scripts.add(event.requestId);
    });
    cdp.on('Network.loadingFinished', (event) => {
      if (scripts.has(event.requestId)) figures.jsWireBytes += event.encodedDataLength;
    });
    page.on('response', (response: HTTPResponse) => {
      figures.requests += 1;
      const type = response.request().resourceType();
      if (new URL(response.url()).pathname.startsWith('/api-')) figures.apiCalls += 1;
      if (type !== 'script') return;
      figures.jsRequests += 1;
      pending.push(
        response.buffer().then(
          (body) => {
            figures.jsGzipBytes += gzipSync(body, { level: 9 }).length;
          },
          () => undefined,
        ),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle0', timeout: 120_000 });
    await Promise.all(pending);
    const paint = await page.evaluate(() => {
      const record = window as unknown as { __lcp: number; __fcp: number };
      return { fcp: record.__fcp, lcp: record.__lcp };
    });
    return { ...paint, ...figures };
  } finally {
    await context.close();
  }
}

function summary(loads: Load[]) {
  return {
    runs: loads.length,
    fcp_ms_median: round(median(loads.map((load) => load.fcp))),
    lcp_ms_median: round(median(loads.map((load) => load.lcp))),
    js_requests: median(loads.map((load) => load.jsRequests)),
    js_wire_kb: round(median(loads.map((load) => load.jsWireBytes)) / 1024),
    js_gzip_kb: round(median(loads.map((load) => load.jsGzipBytes)) / 1024),
    requests: median(loads.map((load) => load.requests)),
    api_calls: median(loads.map((load) => load.apiCalls)),
  };
}

/** Login on the old and the new build, in turns, at x1 and x4. */
async function loginComparison(
  print: Print,
  browser: Browser,
  oldOrigin: string,
  newOrigin: string,
) {
  for (const cpuThrottling of [1, 4]) {
    const loads = { old: [] as Load[], new: [] as Load[] };
    for (let run = 0; run < RUNS; run++) {
      loads.old.push(await coldLoad(browser, `${oldOrigin}/cmp/login`, { cpuThrottling }));
      loads.new.push(await coldLoad(browser, `${newOrigin}/cmp/login`, { cpuThrottling }));
    }
    const before = summary(loads.old);
    const after = summary(loads.new);
    print({
      bench: 'login_paint',
      build: 'old',
      base: BASE,
      cpu_throttling: cpuThrottling,
      ...before,
    });
    print({ bench: 'login_paint', build: 'new', cpu_throttling: cpuThrottling, ...after });
    print({
      bench: 'login_paint_change',
      cpu_throttling: cpuThrottling,
      fcp_sooner_percent: round((1 - after.fcp_ms_median / before.fcp_ms_median) * 100),
      lcp_sooner_percent: round((1 - after.lcp_ms_median / before.lcp_ms_median) * 100),
      target_fcp_sooner_percent: 30,
      target_js_gzip_kb: 150,
    });
  }
}

/** The signed-in dashboard's cold loads, the old build's and the new one's in turns. */
async function dashboardComparison(
  print: Print,
  browser: Browser,
  origins: { old: string; new: string },
) {
  for (const cpuThrottling of [1, 4]) {
    const loads = { old: [] as Load[], new: [] as Load[] };
    for (let run = 0; run < RUNS; run++) {
      for (const build of ['old', 'new'] as const) {
        // A session of its own each time: a cold load of a seller who just signed in.
        const signedIn = await signInByApi(httpSessionCall(origins[build]), DEMO);
        loads[build].push(
          await coldLoad(browser, `${origins[build]}/cmp/cmpDashboard`, {
            cpuThrottling,
            signedIn,
          }),
        );
      }
    }
    for (const build of ['old', 'new'] as const)
      print({
        bench: 'dashboard_paint',
        build,
        cpu_throttling: cpuThrottling,
        ...summary(loads[build]),
        target_js_requests: 20,
      });
  }
}

/** A bare node:http server answering 404, in a process of its own: the yardstick. */
async function startBare(): Promise<Server> {
  const port = await freePort();
  const child = spawn(
    nodeBin,
    [
      '-e',
      `require('node:http').createServer((q, s) => { s.writeHead(404, { 'content-type': 'text/plain' }); s.end('Not found'); }).listen(${port}, '127.0.0.1')`,
    ],
    { stdio: 'ignore' },
  );
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      break;
    } catch {
      await new Promise((done) => setTimeout(done, 50));
    }
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((done) => child.once('exit', done));
      }
    },
  };
}

/** CPU time (user and system) a process has used so far, in ms; 0 where /proc cannot tell. */
async function cpuMs(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1000 / CLOCK_TICKS);
  } catch {
    return 0;
  }
}
/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const CLOCK_TICKS = 100;

/** What a load costs the server process and the database processes it talks to, in CPU ms. */
interface CpuMeter {
  server: number;
  /** The database processes serving the server now, each with when it started. */
  database(): Promise<{ pid: number; started: number }[]>;
}

/**
 * Follows the database's processes through a load (the pool opens and closes connections as it
 * goes): those present at the start count from their CPU then, those opened during it from zero,
 * each to its last reading.
 */
function watchDatabase(meter: CpuMeter, since: number) {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const read = async () => {
    for (const { pid, started } of await meter.database()) {
      const ms = await cpuMs(pid);
      if (!first.has(pid)) first.set(pid, started >= since ? 0 : ms);
      if (ms > 0) last.set(pid, ms);
    }
  };
  const ready = read();
  const timer = setInterval(() => void read().catch(() => {}), 250);
  return {
    ready,
    async spent() {
      clearInterval(timer);
      await read();
      let ms = 0;
      for (const [pid, end] of last) ms += Math.max(0, end - (first.get(pid) ?? end));
      return ms;
    },
  };
}

const machineLoad = () => round(loadavg()[0] ?? 0, 2);

/**
 * One load from autocannon: requests per second, p50 and p99, errors; the 1-minute load average
 * of the machine before and after (the generator and the server share its cores with whatever
 * else runs); and, where the processes are known, the CPU each request cost the server and the
 * database, and so how many requests a second one core would answer at that cost.
 */
async function load(options: autocannon.Options, meter?: CpuMeter) {
  const loadBefore = machineLoad();
  const database = meter ? watchDatabase(meter, Date.now()) : null;
  await database?.ready;
  const serverBefore = meter ? await cpuMs(meter.server) : 0;
  const result = await autocannon({ connections: CONNECTIONS, duration: LOAD_SECONDS, ...options });
  const serverAfter = meter ? await cpuMs(meter.server) : 0;
  const databaseMs = database ? await database.spent() : 0;
  const requests = result.requests.total;
  const perRequest = (ms: number) => (requests > 0 ? round(ms / requests, 3) : null);
  const cpu = meter
    ? {
        server_cpu_ms_per_request: perRequest(serverAfter - serverBefore),
        database_cpu_ms_per_request: perRequest(databaseMs),
      }
    : {};
  const serverCpu = cpu.server_cpu_ms_per_request;
  return {
    requests_per_second: round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non_2xx: result.non2xx,
    connections: CONNECTIONS,
    seconds: LOAD_SECONDS,
    load_average_1m: [loadBefore, machineLoad()],
    ...cpu,
    ...(serverCpu ? { server_requests_per_core_second: Math.round(1000 / serverCpu) } : {}),
    ...(serverCpu && cpu.database_cpu_ms_per_request
      ? {
          server_and_database_requests_per_core_second: Math.round(
            1000 / (serverCpu + cpu.database_cpu_ms_per_request),
          ),
        }
      : {}),
  };
}

/**
 * Waits until the demo catalogue the server loads after it starts is in (its generator records
 * its progress), so no figure is taken while thousands of rows are being written beside it.
 */
async function catalogueLoaded(admin: pg.Client, print: Print) {
  const started = performance.now();
  const deadline = Date.now() + 600_000;
  for (;;) {
    const { rows } = await admin.query<{ done: string }>(
      `select key_value as done from config_values
        where dic_type = 'CATALOGUE_GENERATOR' and key_name = $1`,
      [`seed-${DEMO_CATALOGUE.seed}`],
    );
    if (Number(rows[0]?.done ?? 0) >= DEMO_CATALOGUE.rows) break;
    if (Date.now() > deadline) throw new Error('the demo catalogue did not load in 10 minutes');
    await new Promise((done) => setTimeout(done, 1000));
  }
  print({
    bench: 'api_setup',
    demo_catalogue_rows: DEMO_CATALOGUE.rows,
    waited_for_it_ms: Math.round(performance.now() - started),
  });
}

/** A database of its own on the PostgreSQL server, dropped after the run. */
async function benchDatabase(url: string) {
  const name = `cmp_bench_${process.pid}`;
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

async function apiLoad(print: Print) {
  if (!POSTGRES) {
    print({
      bench: 'api',
      skipped: 'set TEST_POSTGRES_URL or DATABASE_URL to a PostgreSQL server',
    });
    return;
  }
  const database = await benchDatabase(POSTGRES);
  const bare = await startBare();
  let server: Server | null = null;
  try {
    server = await startServer({
      cwd: root,
      args: [...SERVER_NODE_ARGS, 'dist/server/index.js'],
      env: {
        DATABASE_URL: database.url,
        SEED_DEMO: '1',
        // The demo's shops and payments come from the sandbox (on loopback).
        SANDBOX: '1',
        TOKEN_ENCRYPTION_KEY: 'ab'.repeat(32),
      },
    });
    const { token } = await signInByApi(httpSessionCall(server.origin), DEMO);
    const headers = {
      [HEADERS.authorization]: basicClientAuth(API_CLIENTS.console),
      [HEADERS.token]: token,
    };
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await catalogueLoaded(admin, print);
    // The database's CPU: the server's connections to the bench database (listed at each reading).
    const ours: CpuMeter = {
      server: server.pid,
      database: async () =>
        (
          await admin.query<{ pid: number; started: Date }>(
            `select pid, backend_start as started from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid()`,
          )
        ).rows.map((row) => ({ pid: row.pid, started: row.started.getTime() })),
    };
    const theirs: CpuMeter = { server: bare.pid, database: async () => [] };
    try {
      const calls = [
        { name: '404', path: '/cmp/favicon.ico' },
        { name: 'userInfo', path: '/api-user/user/userInfo' },
        { name: 'collect/list', path: '/api-product/collect/list?page=1&limit=20' },
      ];
      // Warm both servers (compiled code, the pool's connections, prepared statements) first.
      for (const call of calls)
        await autocannon({ url: `${server.origin}${call.path}`, headers, duration: 2 });
      await autocannon({ url: `${bare.origin}/cmp/favicon.ico`, duration: 2 });

      const yardstick = await load({ url: `${bare.origin}/cmp/favicon.ico` }, theirs);
      const ours404 = await load({ url: `${server.origin}/cmp/favicon.ico` }, ours);
      print({ bench: 'http_404_max', server: 'bare node:http', ...yardstick });
      print({
        bench: 'http_404_max',
        server: 'ours',
        ...ours404,
        share_of_bare: round(ours404.requests_per_second / yardstick.requests_per_second, 2),
        ...(ours404.server_cpu_ms_per_request && yardstick.server_cpu_ms_per_request
          ? {
              share_of_bare_per_core: round(
                yardstick.server_cpu_ms_per_request / ours404.server_cpu_ms_per_request,
                2,
              ),
            }
          : {}),
        target_share_of_bare: 0.5,
      });
      for (const rate of RATES) {
        print({
          bench: 'api_fixed_rate',
          call: '404',
          server: 'bare node:http',
          target_rate: rate,
          ...(await load({ url: `${bare.origin}/cmp/favicon.ico`, overallRate: rate }, theirs)),
        });
        for (const call of calls) {
          print({
            bench: 'api_fixed_rate',
            call: call.name,
            server: 'ours',
            database: 'postgresql',
            target_rate: rate,
            ...(await load(
              { url: `${server.origin}${call.path}`, headers, overallRate: rate },
              ours,
            )),
            ...(call.name === '404' ? {} : { target_p99_ms: 25 }),
          });
        }
      }
    } finally {
      await admin.end();
    }
  } finally {
    await server?.stop();
    await bare.stop();
    await database.drop();
  }
}

/** The parts of the bench: all by default, `npm run bench -- speed login api` for some. */
export const SPEED_PARTS = ['login', 'dashboard', 'api'] as const;
export type SpeedPart = (typeof SPEED_PARTS)[number];

export async function speedBench(print: Print, parts: readonly SpeedPart[] = SPEED_PARTS) {
  const machine = () => loadavg().map((value) => round(value, 2));
  print({ bench: 'machine', when: 'start', cores: cpus().length, load_average: machine() });
  if (parts.includes('login') || parts.includes('dashboard')) await pagePaint(print, parts);
  if (parts.includes('api')) {
    if (!parts.includes('login') && !parts.includes('dashboard') && !process.env.BENCH_API_BUILT)
      buildNew();
    await apiLoad(print);
  }
  print({ bench: 'machine', when: 'end', load_average: machine() });
}

async function pagePaint(print: Print, parts: readonly SpeedPart[]) {
  const baseDir = await prepareBase();
  buildNew();
  const oldData = await freshDataDir();
  const newData = await freshDataDir();
  // Both on the embedded database, each as its build starts: the old from source, the new built.
  const [oldServer, newServer] = await Promise.all([
    startServer({
      cwd: baseDir,
      args: ['--import', 'tsx', 'server/index.ts'],
      env: { DATA_DIR: oldData },
      dataDir: oldData,
    }),
    startServer({
      cwd: root,
      args: ['dist/server/index.js'],
      env: { DATA_DIR: newData, CONSOLE_DIR: resolve(root, 'dist/console') },
      dataDir: newData,
    }),
  ]);
  const { browser, close } = await launchChromium();
  try {
    if (parts.includes('login'))
      await loginComparison(print, browser, oldServer.origin, newServer.origin);
    if (parts.includes('dashboard'))
      await dashboardComparison(print, browser, { old: oldServer.origin, new: newServer.origin });
  } finally {
    await close();
    await oldServer.stop();
    await newServer.stop();
  }
}
