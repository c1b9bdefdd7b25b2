/**
 * The test commands (README, "Tests"):
 *
 * - `npm test`: the checks (lint, types, imports, unused code) beside two `vitest run`s: one of
 *   every test project but the browser tests, whose files share its workers (one per core), and
 *   one of the browser tests (with their builds), two files at once (`runsOf` below).
 *   The checks, which have no time limit, run at a lower priority and take what the tests leave.
 *   Their output lines start with `[check]`, the browser tests' with `[e2e]`.
 * - `TEST_POSTGRES_URL=… npm test` (`.ci/run`): the same, and the projects that use the database
 *   (server, console) a second time on that PostgreSQL, in the same run (`vitest.config.ts`).
 * - `npm test -- <files or Vitest options>`: one `vitest run` with them first, then the checks;
 *   `--no-checks` leaves the checks out.
 * - `npm run test:database`: the projects that use the database (server, console) and nothing
 *   else, on PostgreSQL when DATABASE_URL names one.
 * - `npm run test:changed`: the tests that what is uncommitted can affect (Vitest's `--changed`).
 *
 * Every run writes Vitest's JSON report (of both runs) to `.test-results/vitest.json` and every file's durations
 * to `.test-results/durations.md`, and prints the slowest files and the workers' time by project.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { FileDuration } from './support/durations-reporter';

const REPORTS = '.test-results';
/** The browser tests' project, run beside the others in a Vitest run of its own by `npm test`. */
const BROWSER_PROJECT = 'e2e';
/**
 * Browser-test files at once in that run. Beside the other run they finish well before it with
 * two; three at once, on a loaded machine, made each file's server start (a database, the demo
 * seed) outlast its two minutes without shortening the run.
 */
const BROWSER_WORKERS = 2;
const SLOWEST = 15;
const bin = (name: string) => join(process.cwd(), 'node_modules', '.bin', name);

const children = new Set<ReturnType<typeof spawn>>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(130);
  });
}

/** Runs a command, its output lines prefixed (when a prefix is given); resolves with its exit code. */
function run(
  command: string,
  args: string[],
  /** `yields`: at a lower priority (nice 10), taking the processor when the tests leave it. */
  options: { prefix?: string; env?: Record<string, string>; yields?: boolean } = {},
): Promise<number> {
  const prefix = options.prefix ?? '';
  return new Promise((resolve) => {
    const [file, argv] = options.yields
      ? ['nice', ['-n', '10', command, ...args]]
      : [command, args];
    const child = spawn(file, argv, {
      stdio: ['ignore', prefix ? 'pipe' : 'inherit', prefix ? 'pipe' : 'inherit'],
      env: { ...process.env, ...options.env },
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

/** Vitest's JSON report. */
type Report = { numPassedTests?: number; numFailedTests?: number };

async function readJson<T>(path: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch {
    return null;
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The durations table: every file, slowest first; the slowest printed, all kept in a file. */
async function reportDurations(rows: FileDuration[]) {
  if (rows.length === 0) return;
  rows.sort((a, b) => b.total - a.total);
  const line = (row: FileDuration) =>
    `| ${seconds(row.total)} | ${seconds(row.prepare)} | ${seconds(row.environment)} | ${seconds(row.collect)} | ${seconds(row.run)} | ${row.tests} | ${row.project} | ${row.file} |`;
  const table = [
    '| file | worker start | environment | import | tests and hooks | tests | project | path |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
    ...rows.map(line),
  ];
  await writeFile(
    join(REPORTS, 'durations.md'),
    `# Test files by duration\n\nWall time of each file in its worker, slowest first.\n\n${table.join('\n')}\n`,
  );
  process.stdout.write(
    `\nSlowest ${Math.min(SLOWEST, rows.length)} of ${rows.length} files (all in ${REPORTS}/durations.md):\n`,
  );
  const slowest = rows.slice(0, SLOWEST);
  const width = Math.max(...slowest.map((row) => row.file.length));
  const projectWidth = Math.max(...slowest.map((row) => row.project.length));
  for (const row of slowest) {
    process.stdout.write(
      `  ${seconds(row.total).padStart(8)}  ${row.file.padEnd(width)}  ${row.project.padEnd(projectWidth)} ${String(row.tests).padStart(3)} tests, import ${seconds(row.collect)}, environment ${seconds(row.environment)}\n`,
    );
  }
  // What each project costs the workers in all: where a faster run is to be found.
  const projects = new Map<string, { files: number; tests: number; total: number }>();
  for (const row of rows) {
    const sum = projects.get(row.project) ?? { files: 0, tests: 0, total: 0 };
    projects.set(row.project, {
      files: sum.files + 1,
      tests: sum.tests + row.tests,
      total: sum.total + row.total,
    });
  }
  process.stdout.write('Worker time by project:\n');
  for (const [project, sum] of [...projects].sort((a, b) => b[1].total - a[1].total)) {
    process.stdout.write(
      `  ${seconds(sum.total).padStart(8)}  ${project}: ${sum.files} files, ${sum.tests} tests\n`,
    );
  }
  reportWorkers(rows);
}

/**
 * When each worker was busy, from the start of the run (global setup included): what it waited
 * before its first file, the time of its files and between them, and how long it stood idle at the end while
 * another worker still ran. Idle time at either end is where a run loses its workers.
 */
function reportWorkers(rows: FileDuration[]) {
  const workers = new Map<string, FileDuration[]>();
  for (const row of rows) {
    if (!row.worker || row.end === 0) continue;
    const name = `${row.runName ? `${row.runName} ` : ''}worker ${row.worker}`;
    workers.set(name, [...(workers.get(name) ?? []), row]);
  }
  if (workers.size === 0) return;
  const last = Math.max(...rows.map((row) => row.end));
  process.stdout.write(`Workers (the last file ended ${seconds(last)} after the run started):\n`);
  for (const [worker, files] of [...workers].sort((a, b) => a[0].localeCompare(b[0]))) {
    const first = Math.min(...files.map((row) => row.start));
    const end = Math.max(...files.map((row) => row.end));
    const busy = files.reduce((sum, row) => sum + (row.end - row.start), 0);
    process.stdout.write(
      `  ${worker}: first file at ${seconds(first)}, ${files.length} files in ${seconds(busy)}, ${seconds(end - first - busy)} between them (starting a worker, waiting for files), idle ${seconds(last - end)} at the end\n`,
    );
  }
}

/** One Vitest run's report files. */
function reportsOf(name: string) {
  return {
    report: join(REPORTS, `${name}.json`),
    durations: join(REPORTS, `durations-${name}.json`),
  };
}

/** A `vitest run`, writing its reports under `name` (its output lines prefixed, when given). */
function vitest(name: string, args: string[], prefix?: string) {
  const files = reportsOf(name);
  return run(bin('vitest'), ['run', ...args], {
    prefix,
    env: { VITEST_REPORT: files.report, VITEST_DURATIONS: files.durations },
  });
}

/**
 * Reports of several runs as one: the counts added up, the files' results put together (`.ci/run`
 * reads the counts of `.test-results/vitest.json`).
 */
function mergeReports(reports: (Report | null)[]): Report | null {
  const found = reports.filter((report): report is Report => report !== null);
  if (found.length < reports.length) return null;
  const merged: Record<string, unknown> = {};
  for (const report of found) {
    for (const [key, value] of Object.entries(report)) {
      const before = merged[key];
      if (typeof value === 'number' && key.startsWith('num'))
        merged[key] = ((before as number | undefined) ?? 0) + value;
      else if (typeof value === 'boolean')
        merged[key] = ((before as boolean | undefined) ?? true) && value;
      else if (Array.isArray(value))
        merged[key] = [...((before as unknown[] | undefined) ?? []), ...value];
      else if (key === 'startTime')
        merged[key] = Math.min((before as number | undefined) ?? Infinity, value as number);
      else merged[key] ??= value;
    }
  }
  return merged as Report;
}

/**
 * The Vitest runs of `npm test`: the browser tests in a run of their own beside the run of the
 * others, each with its workers. A browser-test file leaves most of its core idle (it waits on
 * Chromium, its server and the network between them), and the builds it needs are made by its
 * run's global setup: beside the run of the other files, they take what those leave instead of
 * holding both workers before the first test and through the browser-test files.
 */
function runsOf(args: string[]): { name: string; args: string[]; prefix?: string }[] {
  if (args.length > 0) return [{ name: 'vitest', args }];
  return [
    { name: 'vitest', args: ['--project', `!${BROWSER_PROJECT}`] },
    {
      name: BROWSER_PROJECT,
      args: ['--project', BROWSER_PROJECT, '--maxWorkers', String(BROWSER_WORKERS)],
      prefix: `[${BROWSER_PROJECT}] `,
    },
  ];
}

/** One `npm test` (beside the checks, when asked), and its report. */
async function runAll(args: string[], withChecks: boolean): Promise<number> {
  await rm(REPORTS, { recursive: true, force: true });
  await mkdir(REPORTS, { recursive: true });
  const started = Date.now();
  const runs = runsOf(args);
  const [checked, ...codes] = await Promise.all([
    withChecks
      ? run('npm', ['run', '--silent', 'check'], { prefix: '[check] ', yields: true })
      : Promise.resolve(0),
    ...runs.map((one) => vitest(one.name, one.args, one.prefix)),
  ]);
  const code = codes.every((one) => one === 0) ? 0 : 1;
  const report = mergeReports(
    await Promise.all(runs.map((one) => readJson<Report>(reportsOf(one.name).report))),
  );
  if (report && runs.length > 1)
    await writeFile(join(REPORTS, 'vitest.json'), JSON.stringify(report));
  const durations = await Promise.all(
    runs.map(async (one) =>
      ((await readJson<FileDuration[]>(reportsOf(one.name).durations)) ?? []).map((row) => ({
        ...row,
        runName: one.name === 'vitest' ? undefined : one.name,
      })),
    ),
  );
  await reportDurations(durations.flat());
  process.stdout.write(
    `\nAll tests: ${report?.numPassedTests ?? 0} passed, ${report?.numFailedTests ?? 0} failed` +
      ` in ${seconds(Date.now() - started)}${report ? '' : '; no report'}\n`,
  );
  if (checked !== 0) process.stdout.write('The checks failed (the lines starting with [check]).\n');
  return checked === 0 && code === 0 && report !== null ? 0 : 1;
}

/** The projects whose tests use the database: they run again on PostgreSQL. */
const DATABASE_PROJECTS = ['--project', 'server', '--project', 'console'];

async function main() {
  const args = process.argv.slice(2);
  if (args[0] === '--database') return runAll(DATABASE_PROJECTS, false);
  if (args[0] === '--changed') return runAll(['--changed', ...args.slice(1)], false);
  if (args.length > 0) {
    // The files first, so their answer comes in seconds; then the checks, unless left out.
    const withChecks = !args.includes('--no-checks');
    const code = await runAll(
      args.filter((arg) => arg !== '--no-checks'),
      false,
    );
    if (!withChecks) return code;
    const checked = await run('npm', ['run', '--silent', 'check']);
    return code === 0 && checked === 0 ? 0 : 1;
  }
  return runAll([], true);
}

process.exit(await main());
