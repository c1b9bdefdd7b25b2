/**
 * The collector's figures:
 *   - extraction time of every saved page in headless Chromium (every file of the fixture
 *     folders: product, list and negative pages): the site adapters bundled as the content
 *     scripts use them, each page parsed into a document of the browser, `extract` timed over
 *     several runs (per page the first reading, the median and the slowest; target at most 30 ms
 *     for each median), then the worst page. Pages are read in one tab one after the other, so
 *     only the first page's first reading also pays for compiling the adapters;
 *   - the same for every saved page shown at a list or search address of its site, which the
 *     content script reads on every list page to tell it from a product page;
 *   - the gzip size of each built content script (target at most 60 kB each);
 *   - the size of the extension's zip as the server offers it for download (target at most 1 MB).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { SOURCE_SITES, type SourceSite } from '../../shared/contracts/product-draft';
import {
  type Expectation,
  expectationsOf,
  LIST_ADDRESSES,
  savedPages,
} from '../shared/sites/expectation';
import { launchChromium } from '../support/browser';
import { type Print, round } from './figures';

const ROOT = process.cwd();
const FIXTURES = join(ROOT, 'tests/fixtures/sites');
const RUNS = Number(process.env.BENCH_EXTRACT_RUNS ?? 15);

/** shared/sites as one script for a page: `window.__extract(input)`. */
async function adaptersBundle(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'error',
    resolve: {
      alias: {
        '@shared': fileURLToPath(new URL('../../shared', import.meta.url)),
      },
    },
    build: {
      write: false,
      minify: true,
      target: 'chrome100',
      lib: {
        entry: fileURLToPath(new URL('./extract-entry.ts', import.meta.url)),
        formats: ['iife'],
        name: 'collectorBench',
      },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  for (const result of results) {
    if ('output' in result) {
      const chunk = result.output.find((item) => item.type === 'chunk');
      if (chunk && chunk.type === 'chunk') return chunk.code;
    }
  }
  throw new Error('no bundle');
}

const TARGET_MS = 30;

interface Timing {
  first: number;
  median: number;
  max: number;
  outcome: string;
}

interface PageTiming extends Timing {
  site: string;
  page: string;
}

type TimeExtract = (input: {
  text: string;
  url: string;
  load: Expectation['load'] | null;
  runs: number;
}) => Timing;

/** Every saved page of every site, with the expectation written for it (none may lack one). */
async function everySavedPage() {
  const pages: { site: SourceSite; file: string; text: string; expectation: Expectation }[] = [];
  for (const site of SOURCE_SITES) {
    const expectations = await expectationsOf(site);
    for (const file of savedPages(join(FIXTURES, site))) {
      const expectation = expectations[file];
      if (!expectation) throw new Error(`${site}/${file}: no expectation written for it`);
      pages.push({
        site,
        file,
        text: readFileSync(join(FIXTURES, site, file), 'utf8'),
        expectation,
      });
    }
  }
  return pages;
}

function summary(bench: string, timings: PageTiming[], print: Print) {
  const worst = (key: 'first' | 'median' | 'max') =>
    timings.reduce((a, b) => (b[key] > a[key] ? b : a));
  const byMedian = worst('median');
  const byFirst = worst('first');
  const medians = timings.map((timing) => timing.median).sort((a, b) => a - b);
  print({
    bench,
    pages: timings.length,
    worst_median_ms: round(byMedian.median, 2),
    worst_median_page: `${byMedian.site}/${byMedian.page}`,
    worst_first_ms: round(byFirst.first, 2),
    worst_first_page: `${byFirst.site}/${byFirst.page}`,
    worst_run_ms: round(worst('max').max, 2),
    median_of_medians_ms: round(medians[Math.floor(medians.length / 2)] ?? Number.NaN, 2),
    pages_over_target: timings.filter((timing) => timing.median > TARGET_MS).length,
    target_ms: TARGET_MS,
  });
}

async function extractionBench(print: Print) {
  const bundle = await adaptersBundle();
  const pages = await everySavedPage();
  const { browser, close } = await launchChromium();
  try {
    const tab = await browser.newPage();
    await tab.goto('about:blank');
    await tab.addScriptTag({ content: bundle });
    const time = (text: string, url: string, load: Expectation['load'] | null) =>
      tab.evaluate(
        (input) => (window as unknown as { __timeExtract: TimeExtract }).__timeExtract(input),
        { text, url, load, runs: RUNS },
      );

    const own: PageTiming[] = [];
    for (const { site, file, text, expectation } of pages) {
      const timing = await time(text, expectation.url, expectation.load ?? null);
      own.push({ site, page: file, ...timing });
      print({
        bench: 'extraction',
        site,
        page: file,
        bytes: Buffer.byteLength(text),
        expected: expectation.failure ?? 'draft',
        outcome: timing.outcome,
        runs: RUNS,
        first_ms: round(timing.first, 2),
        median_ms: round(timing.median, 2),
        max_ms: round(timing.max, 2),
        target_ms: TARGET_MS,
      });
    }
    summary('extraction_summary', own, print);

    const listed: PageTiming[] = [];
    for (const { site, file, text, expectation } of pages) {
      const url = LIST_ADDRESSES[site];
      const timing = await time(text, url, expectation.load ?? null);
      listed.push({ site, page: file, ...timing });
      print({
        bench: 'extraction_at_list_address',
        site,
        page: file,
        url,
        outcome: timing.outcome,
        runs: RUNS,
        first_ms: round(timing.first, 2),
        median_ms: round(timing.median, 2),
        max_ms: round(timing.max, 2),
        target_ms: TARGET_MS,
      });
    }
    summary('extraction_at_list_address_summary', listed, print);
  } finally {
    await close();
  }
}

function sizeBench(print: Print) {
  // The build `npm start` makes: the unpacked extension and the zip the server hands out.
  const { WXT_OUT_DIR: _out, WXT_CONSOLE_ORIGIN: _origin, ...env } = process.env;
  execFileSync(join(ROOT, 'node_modules', '.bin', 'wxt'), ['zip'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  const unpacked = join(ROOT, '.output', 'chrome-mv3', 'content-scripts');
  for (const file of readdirSync(unpacked)
    .filter((name) => name.endsWith('.js'))
    .sort()) {
    const bytes = readFileSync(join(unpacked, file));
    print({
      bench: 'content_script_size',
      script: file,
      raw_kb: round(bytes.length / 1024),
      gzip_kb: round(gzipSync(bytes, { level: 9 }).length / 1024),
      target_gzip_kb: 60,
    });
  }
  const zip = statSync(join(ROOT, '.output', 'extension.zip')).size;
  print({ bench: 'extension_zip_size', kb: round(zip / 1024), target_kb: 1024 });
}

export async function collectorBench(print: Print) {
  await extractionBench(print);
  sizeBench(print);
}
