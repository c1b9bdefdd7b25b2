/**
 * The console's order list in headless Chromium over the orders bench's database (part `view` of
 * `npm run bench -- orders`): the built console (dist/console, `npm run build:console`) served by
 * the bench's app, signed in as its seller. It prints
 *
 * - the first render: from the page's start to its first order row;
 * - reading on: the list scrolled to its end again and again for BENCH_VIEW_READ_SECONDS (30),
 *   each time reading its next keyset page of 50 from the server: rows a second;
 * - the long list: the newest BENCH_VIEW_ROWS orders (100,000, as the list's pages give them) in
 *   one answer the bench puts in place of the first page (reading 2,000 pages on takes far too
 *   long on a loaded machine), the page reloaded: the time to its first row;
 * - two BENCH_VIEW_SECONDS (10 s) scrolls from the top at an even speed, one step a frame: a quick
 *   reader's (BENCH_VIEW_STEADY_ROWS, 100 rows a second) and through every row: the share of frames
 *   of at most 16.7 ms, their p50 and p99, the order rows in the document (at most), and the long
 *   tasks (over 50 ms) and the longest.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { launchChromium } from '../support/browser';
import { openSignedIn } from '../support/stored-session';
import { type Print, round } from './figures';

const ROWS = Number(process.env.BENCH_VIEW_ROWS ?? 100_000);
const READ_SECONDS = Number(process.env.BENCH_VIEW_READ_SECONDS ?? 30);
const SCROLL_SECONDS = Number(process.env.BENCH_VIEW_SECONDS ?? 10);
/** A quick reader's scroll: rows a second. */
const STEADY_ROWS = Number(process.env.BENCH_VIEW_STEADY_ROWS ?? 100);
const FRAME_MS = 1000 / 60;
const PAGE = '/cmp/thirdPartyPlatform/orderManage';

declare global {
  interface Window {
    __bench?: { firstRow: number | null; longTasks: { start: number; duration: number }[] };
  }
}

export async function orderViewBench(
  print: Print,
  context: {
    origin: string;
    credentials: { username: string; password: string };
    beginTime: string;
    orders: number;
    load(): number;
    /** Makes the next first page the console reads the newest `count` orders; how many. */
    armLongPage(count: number): Promise<number>;
  },
) {
  if (!existsSync(resolve('dist/console/index.html'))) {
    print({
      bench: 'orders',
      part: 'view',
      skipped: 'build the console first (npm run build:console)',
    });
    return;
  }
  const chromium = await launchChromium();
  try {
    const page = await chromium.browser.newPage();
    await page.setViewport({ width: 1440, height: 1000 });
    // The names tsx keeps on the functions of this file's page code need their helper there.
    await page.evaluateOnNewDocument('globalThis.__name = (fn) => fn;');
    // Before the console's code: the first row's time and every long task.
    await page.evaluateOnNewDocument(() => {
      const bench: NonNullable<Window['__bench']> = { firstRow: null, longTasks: [] };
      window.__bench = bench;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
      const watch = new MutationObserver(() => {
        if (document.querySelector('[data-testid="order-row"]')) {
          bench.firstRow = performance.now();
          watch.disconnect();
        }
      });
      document.addEventListener('DOMContentLoaded', () =>
        watch.observe(document.body, { childList: true, subtree: true }),
      );
    });
    await openSignedIn(
      page,
      context.origin,
      context.credentials,
      `${PAGE}?beginTime=${encodeURIComponent(context.beginTime)}`,
    );
    await page.waitForSelector('[data-testid="order-row"]', { timeout: 120_000 });
    const firstRow = await page.evaluate(() => window.__bench?.firstRow ?? null);
    print({
      bench: 'orders',
      part: 'view',
      step: 'first render',
      first_row_ms: firstRow === null ? null : round(firstRow, 0),
      load_average: context.load(),
    });

    // Reading on: to the end of the list again and again, each time its next page, for a while.
    const reading = await page.evaluate(async (budget: number) => {
      const started = performance.now();
      const count = () =>
        Number(
          document.querySelector('[data-testid="orders-table"]')?.getAttribute('aria-rowcount') ??
            1,
        ) - 1;
      while (performance.now() - started < budget) {
        const box = document.querySelector<HTMLElement>('[data-testid="orders-table-scroll"]');
        if (box) box.scrollTop = box.scrollHeight;
        await new Promise((done) => setTimeout(done, 20));
      }
      return { rows: count(), ms: performance.now() - started };
    }, READ_SECONDS * 1000);
    print({
      bench: 'orders',
      part: 'view',
      step: `read on by scrolling to the end for ${READ_SECONDS} s (pages of 50 from the server)`,
      rows: reading.rows,
      rows_per_second: round(reading.rows / (reading.ms / 1000), 0),
      load_average: context.load(),
    });

    // The long list: ROWS orders in one answer in place of the first page, then the page again.
    const armed = await context.armLongPage(Math.min(ROWS, context.orders));
    await page.reload();
    await page.waitForFunction(
      (wanted: number) =>
        Number(
          document.querySelector('[data-testid="orders-table"]')?.getAttribute('aria-rowcount') ??
            0,
        ) -
          1 ===
        wanted,
      { timeout: 600_000, polling: 100 },
      armed,
    );
    const longFirst = await page.evaluate(() => window.__bench?.firstRow ?? null);
    print({
      bench: 'orders',
      part: 'view',
      step: `first render of ${armed} rows`,
      first_row_ms: longFirst === null ? null : round(longFirst, 0),
      row_height_px: await page.evaluate(
        () =>
          document.querySelector('[data-testid="order-row"]')?.getBoundingClientRect().height ??
          null,
      ),
      load_average: context.load(),
    });

    const pxPerRow = 64;
    for (const pass of [
      {
        name: `steady scroll, ${STEADY_ROWS} rows/s for ${SCROLL_SECONDS} s`,
        px: STEADY_ROWS * pxPerRow * SCROLL_SECONDS,
      },
      { name: `through all ${armed} rows in ${SCROLL_SECONDS} s`, px: Number.POSITIVE_INFINITY },
    ]) {
      const profiling = process.env.BENCH_VIEW_PROFILE ? await page.createCDPSession() : null;
      if (profiling) {
        await profiling.send('Profiler.enable');
        await profiling.send('Profiler.start');
      }
      const before = await page.metrics();
      const scroll = await page.evaluate(
        async (seconds: number, distance: number | null) => {
          const box = document.querySelector<HTMLElement>('[data-testid="orders-table-scroll"]');
          if (!box) throw new Error('no scroll box');
          box.scrollTop = 0;
          await new Promise((done) => setTimeout(done, 1000));
          const bench = window.__bench;
          const tasksBefore = bench?.longTasks.length ?? 0;
          const end = Math.min(
            distance ?? Number.POSITIVE_INFINITY,
            box.scrollHeight - box.clientHeight,
          );
          const frames: number[] = [];
          let domRows = 0;
          await new Promise<void>((done) => {
            let start: number | null = null;
            let previous: number | null = null;
            const step = (now: number) => {
              if (start === null) start = now;
              if (previous !== null) frames.push(now - previous);
              previous = now;
              const progress = Math.min(1, (now - start) / (seconds * 1000));
              box.scrollTop = progress * end;
              if (frames.length % 10 === 0)
                domRows = Math.max(
                  domRows,
                  document.querySelectorAll('[data-testid="order-row"]').length,
                );
              if (progress < 1) requestAnimationFrame(step);
              else done();
            };
            requestAnimationFrame(step);
          });
          const tasks = (bench?.longTasks ?? []).slice(tasksBefore);
          return {
            frames,
            domRows,
            scrolledPx: Math.round(end),
            longTasks: tasks.length,
            longest: tasks.reduce((most, task) => Math.max(most, task.duration), 0),
          };
        },
        SCROLL_SECONDS,
        Number.isFinite(pass.px) ? pass.px : null,
      );
      const after = await page.metrics();
      if (profiling) {
        const { profile } = await profiling.send('Profiler.stop');
        await writeFile(
          `${process.env.BENCH_VIEW_PROFILE}-${pass.px === Number.POSITIVE_INFINITY ? 'through' : 'steady'}.cpuprofile`,
          JSON.stringify(profile),
        );
      }
      // The main thread's own time a frame (script, style, layout, all tasks): what the frames
      // would cost on a machine to themselves, where the frame times above wait for a share.
      const perFrame = (
        key: 'ScriptDuration' | 'RecalcStyleDuration' | 'LayoutDuration' | 'TaskDuration',
      ) =>
        round(
          (((after[key] ?? 0) - (before[key] ?? 0)) * 1000) / Math.max(1, scroll.frames.length),
          1,
        );
      const sorted = [...scroll.frames].sort((a, b) => a - b);
      // Frame times are vsync-aligned (16.67 ms apart, a little jitter); a frame missed is 33 ms.
      const within = scroll.frames.filter((ms) => ms <= FRAME_MS + 0.3).length;
      print({
        bench: 'orders',
        part: 'view',
        step: pass.name,
        frames: scroll.frames.length,
        frames_within_16_7ms_share: round((within / Math.max(1, scroll.frames.length)) * 100, 2),
        frame_p50_ms: round(sorted[Math.floor(sorted.length / 2)] ?? 0, 1),
        frame_p99_ms: round(sorted[Math.floor(sorted.length * 0.99)] ?? 0, 1),
        dom_rows_max: scroll.domRows,
        scrolled_px: scroll.scrolledPx,
        long_tasks_over_50ms: scroll.longTasks,
        longest_task_ms: round(scroll.longest, 0),
        main_thread_ms_per_frame: perFrame('TaskDuration'),
        script_ms_per_frame: perFrame('ScriptDuration'),
        style_ms_per_frame: perFrame('RecalcStyleDuration'),
        layout_ms_per_frame: perFrame('LayoutDuration'),
        load_average: context.load(),
      });
    }
  } finally {
    await chromium.close();
  }
}
