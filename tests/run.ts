/**
 * `npm test` after the checks: every test project, in two Vitest runs side by side. The browser
 * tests run one file at a time (one Chromium, one server), which Vitest schedules after all the
 * other files, leaving a core idle for minutes; beside the unit, server and console run they use
 * it. Output lines of the browser run start with `[e2e]`; the two JSON reports are merged into
 * `.test-results/vitest.json`. Arguments (`npm test -- tests/console/login.test.tsx`) go to one
 * plain `vitest run`.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const REPORTS = '.test-results';
const vitest = join(process.cwd(), 'node_modules', '.bin', 'vitest');

interface Run {
  name: string;
  projects: string[];
  prefix: string;
}

const RUNS: Run[] = [
  { name: 'main', projects: ['unit', 'server', 'console'], prefix: '' },
  { name: 'e2e', projects: ['e2e'], prefix: '[e2e] ' },
];

const children = new Set<ReturnType<typeof spawn>>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(130);
  });
}

/** Runs vitest with these arguments; resolves with its exit code. */
function runVitest(args: string[], prefix: string, report: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(vitest, ['run', ...args], {
      stdio: ['ignore', prefix ? 'pipe' : 'inherit', prefix ? 'pipe' : 'inherit'],
      env: { ...process.env, VITEST_REPORT: report },
    });
    children.add(child);
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      if (!stream) continue;
      createInterface({ input: stream }).on('line', (line) => out.write(`${prefix}${line}\n`));
    }
    child.on('close', (code) => {
      children.delete(child);
      resolve(code ?? 1);
    });
  });
}

/** Vitest's JSON report: the counts are summed, the files listed together. */
type Report = Record<string, unknown> & { testResults: unknown[]; success: boolean };
const COUNTS = [
  'numTotalTestSuites',
  'numPassedTestSuites',
  'numFailedTestSuites',
  'numPendingTestSuites',
  'numTotalTests',
  'numPassedTests',
  'numFailedTests',
  'numPendingTests',
  'numTodoTests',
] as const;

async function readReport(path: string): Promise<Report | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as Report;
  } catch {
    return null;
  }
}

function merge(reports: Report[]): Report {
  const merged: Report = { ...reports[0], testResults: [], success: true };
  for (const key of COUNTS) merged[key] = reports.reduce((sum, r) => sum + Number(r[key] ?? 0), 0);
  merged.startTime = Math.min(...reports.map((r) => Number(r.startTime)));
  merged.testResults = reports.flatMap((r) => r.testResults);
  merged.success = reports.every((r) => r.success);
  return merged;
}

async function main() {
  const args = process.argv.slice(2);
  await mkdir(REPORTS, { recursive: true });
  const combined = join(REPORTS, 'vitest.json');
  if (args.length > 0) process.exit(await runVitest(args, '', combined));

  await rm(combined, { force: true });
  const started = Date.now();
  const codes = await Promise.all(
    RUNS.map((run) =>
      runVitest(
        run.projects.flatMap((project) => ['--project', project]),
        run.prefix,
        join(REPORTS, `vitest-${run.name}.json`),
      ),
    ),
  );
  const reports = await Promise.all(
    RUNS.map((run) => readReport(join(REPORTS, `vitest-${run.name}.json`))),
  );
  const missing = RUNS.filter((_, index) => !reports[index]).map((run) => run.name);
  const present = reports.filter((report): report is Report => report !== null);
  const total = present.length > 0 ? merge(present) : null;
  if (total) await writeFile(combined, JSON.stringify(total));
  process.stdout.write(
    `\nAll runs: ${total?.numPassedTests ?? 0} passed, ${total?.numFailedTests ?? 0} failed` +
      ` in ${((Date.now() - started) / 1000).toFixed(1)} s` +
      (missing.length > 0 ? `; no report from ${missing.join(', ')}` : '') +
      '\n',
  );
  process.exit(codes.every((code) => code === 0) && missing.length === 0 ? 0 : 1);
}

await main();
