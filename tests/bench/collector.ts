/**
 * The collector's figures:
 *   - extraction time of every saved page in headless Chromium: the site adapters bundled as the
 *     content scripts use them, each page parsed into a document of the browser, `extract` timed
 *     over several runs (median per page; target at most 30 ms);
 *   - the gzip size of each built content script (target at most 60 kB each);
 *   - the size of the extension's zip as the server offers it for download (target at most 1 MB).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { SOURCE_SITES } from '../../shared/contracts/product-draft';
import { expectationsOf } from '../shared/sites/expectation';
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

async function extractionBench(print: Print) {
  const bundle = await adaptersBundle();
  const { browser, close } = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto('about:blank');
    await page.addScriptTag({ content: bundle });
    const medians: number[] = [];
    for (const site of SOURCE_SITES) {
      const expectations = await expectationsOf(site);
      for (const [file, expectation] of Object.entries(expectations)) {
        const text = readFileSync(join(FIXTURES, site, file), 'utf8');
        const timing = await page.evaluate(
          (input) =>
            (
              window as unknown as {
                __timeExtract: (i: typeof input) => { median: number; outcome: string };
              }
            ).__timeExtract(input),
          { text, url: expectation.url, load: expectation.load ?? null, runs: RUNS },
        );
        medians.push(timing.median);
        print({
          bench: 'extraction',
          site,
          page: file,
          outcome: timing.outcome,
          runs: RUNS,
          median_ms: round(timing.median, 2),
          target_ms: 30,
        });
      }
    }
    const sorted = [...medians].sort((a, b) => a - b);
    print({
      bench: 'extraction_summary',
      pages: medians.length,
      worst_median_ms: round(sorted.at(-1) ?? Number.NaN, 2),
      median_of_medians_ms: round(sorted[Math.floor(sorted.length / 2)] ?? Number.NaN, 2),
      target_ms: 30,
    });
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
