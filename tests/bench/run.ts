/**
 * `npm run bench`: builds the console, starts the real server on a fresh embedded database in a
 * child process, and prints one JSON line per figure:
 *   - the gzip size of the JS and CSS that /cmp/login loads first;
 *   - FCP and LCP of /cmp/login in headless Chromium, median of 5 cold loads, then at 4x CPU throttling;
 *   - requests per second and p50/p99 latency of getSiteList and loginByPassword at a fixed concurrency.
 */
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import type { Browser } from 'puppeteer-core';
import { DEMO_ACCOUNT } from '../../server/db/seed';
import { API_CLIENTS, basicClientAuth } from '../../shared/contracts/protocol';
import { launchChromium } from '../support/browser';
import { startServerProcess } from '../support/server-process';

const RUNS = 5;
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;

function print(figure: Record<string, unknown>) {
  process.stdout.write(`${JSON.stringify(figure)}\n`);
}

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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

async function firstLoad(browser: Browser, url: string) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const sizes = { js: 0, css: 0, jsFiles: 0, cssFiles: 0 };
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.buffer().then((body) => {
        const gzipped = gzipSync(body, { level: 9 }).length;
        if (type === 'script') {
          sizes.js += gzipped;
          sizes.jsFiles += 1;
        } else {
          sizes.css += gzipped;
          sizes.cssFiles += 1;
        }
      }),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle0' });
  await Promise.all(pending);
  await context.close();
  return sizes;
}

async function paintTimings(browser: Browser, url: string, cpuThrottling: number) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1366, height: 768 });
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottling });
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
  await page.goto(url, { waitUntil: 'networkidle0' });
  await page.waitForSelector('button[type="submit"]');
  await new Promise((resolve) => setTimeout(resolve, 300));
  const timings = await page.evaluate(() => {
    const record = window as unknown as { __lcp: number; __fcp: number };
    return { fcp: record.__fcp, lcp: record.__lcp };
  });
  await context.close();
  return timings;
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

async function main() {
  execFileSync(
    join('node_modules', '.bin', 'vite'),
    ['build', '--config', 'console/vite.config.ts', '--logLevel', 'error'],
    {
      stdio: 'inherit',
    },
  );
  const port = await freePort();
  const server = await startServerProcess(port);
  const base = `http://127.0.0.1:${port}`;
  const { browser, close: closeBrowser } = await launchChromium();
  try {
    const sizes = await firstLoad(browser, `${base}/cmp/login`);
    print({
      bench: 'login_first_load',
      js_gzip_kb: round(sizes.js / 1024),
      css_gzip_kb: round(sizes.css / 1024),
      js_files: sizes.jsFiles,
      css_files: sizes.cssFiles,
      target_js_gzip_kb: 150,
    });
    for (const throttling of [1, 4]) {
      const runs = [];
      for (let run = 0; run < RUNS; run++)
        runs.push(await paintTimings(browser, `${base}/cmp/login`, throttling));
      print({
        bench: 'login_paint',
        cpu_throttling: throttling,
        runs: RUNS,
        fcp_ms_median: round(median(runs.map((r) => r.fcp))),
        lcp_ms_median: round(median(runs.map((r) => r.lcp))),
        ...(throttling === 4 ? { target_lcp_ms: 1000 } : {}),
      });
    }
    print({
      bench: 'getSiteList',
      ...(await load({ url: `${base}/api-user/public/getSiteList` })),
    });
    print({
      bench: 'loginByPassword',
      ...(await load({
        url: `${base}/api-uaa/oauth/loginByPassword`,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: basicClientAuth(API_CLIENTS.console),
        },
        body: JSON.stringify({ username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
      })),
    });
  } finally {
    await closeBrowser();
    await server.stop();
  }
}

await main();
