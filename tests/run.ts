/**
 * The test commands (README, "Tests"):
 *
 * - `npm test`: the checks (lint, types, imports, unused code) and every test project, as three
 *   processes side by side: the unit, server and console tests; the browser tests; the checks.
 *   The tests share the processor evenly (a test starved of it times out); the checks, which
 *   have no time limit, run at a lower priority and take what is left.
 *   Output lines of the checks start with `[check]`, those of the browser run with `[e2e]`.
 * - `npm test -- <files or Vitest options>`: one `vitest run` with them first, then the checks;
 *   `--no-checks` leaves the checks out.
 * - `npm run test:database`: the projects that use the database (server, console) and nothing
 *   else, on PostgreSQL when DATABASE_URL names one.
 * - `TEST_POSTGRES_URL=… npm test` (`.ci/run`): everything as `npm test`, and the projects that use
 *   the database a second time on that PostgreSQL, started when the unit, server and console run
 *   or the browser run has ended, so the two passes share the processor without a gap.
 * - `npm run test:changed`: the tests that what is uncommitted can affect (Vitest's `--changed`).
 *
 * Every run writes Vitest's JSON report to `.test-results/vitest.json` and every file's durations
 * to `.test-results/durations.md`, and prints the slowest files.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { FileDuration } from './support/durations-reporter';

const REPORTS = '.test-results';
const SLOWEST = 15;
const bin = (name: string) => join(process.cwd(), 'node_modules', '.bin', name);

interface Run {
  name: string;
  /** Vitest's arguments besides `run`. */
  args: string[];
  prefix: string;
  env?: Record<string, string>;
  /** Started once the first of these runs has ended (it takes the processor they leave). */
  after?: string[];
  /** Shown after the project's name in the durations. */
  label?: string;
}

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

async function readJson<T>(path: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
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

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The durations table: every file, slowest first; the slowest printed, all kept in a file. */
async function reportDurations(rows: FileDuration[]) {
  if (rows.length === 0) return;
  rows.sort((a, b) => b.total - a.total);
  const line = (row: FileDuration) =>
    `| ${seconds(row.total)} | ${seconds(row.collect)} | ${seconds(row.run)} | ${row.tests} | ${row.project} | ${row.file} |`;
  const table = [
    '| file | import | tests and hooks | tests | project | path |',
    '| ---: | ---: | ---: | ---: | --- | --- |',
    ...rows.map(line),
  ];
  await writeFile(
    join(REPORTS, 'durations.md'),
    `# Test files by duration\n\nWall time of each file in its worker, slowest first.\n\n${table.join('\n')}\n`,
  );
  process.stdout.write(
    `\nSlowest ${Math.min(SLOWEST, rows.length)} of ${rows.length} files (all in ${REPORTS}/durations.md):\n`,
  );
  const width = Math.max(...rows.slice(0, SLOWEST).map((row) => row.file.length));
  for (const row of rows.slice(0, SLOWEST)) {
    process.stdout.write(
      `  ${seconds(row.total).padStart(8)}  ${row.file.padEnd(width)}  ${row.project.padEnd(7)} ${String(row.tests).padStart(3)} tests, import ${seconds(row.collect)}\n`,
    );
  }
}

/** Runs the given Vitest runs side by side (with the checks, when asked) and reports them as one. */
async function runAll(runs: Run[], withChecks: boolean): Promise<number> {
  await rm(REPORTS, { recursive: true, force: true });
  await mkdir(REPORTS, { recursive: true });
  const started = Date.now();
  const files = (each: Run) => ({
    report: join(REPORTS, `vitest-${each.name}.json`),
    durations: join(REPORTS, `durations-${each.name}.json`),
  });
  const ended = new Map<string, Promise<number>>();
  const launch = (each: Run): Promise<number> =>
    run(bin('vitest'), ['run', ...each.args], {
      prefix: each.prefix,
      env: {
        ...each.env,
        VITEST_REPORT: files(each).report,
        VITEST_DURATIONS: files(each).durations,
      },
    });
  for (const each of runs) {
    const waitFor = (each.after ?? [])
      .map((name) => ended.get(name))
      .filter((p) => p !== undefined);
    ended.set(
      each.name,
      waitFor.length > 0 ? Promise.race(waitFor).then(() => launch(each)) : launch(each),
    );
  }
  const [checked, ...codes] = await Promise.all([
    withChecks
      ? run('npm', ['run', '--silent', 'check'], { prefix: '[check] ', yields: true })
      : Promise.resolve(0),
    ...runs.map((each) => ended.get(each.name) ?? Promise.resolve(1)),
  ]);
  const reports = await Promise.all(runs.map((each) => readJson<Report>(files(each).report)));
  const durations = await Promise.all(
    runs.map((each) => readJson<FileDuration[]>(files(each).durations)),
  );
  const missing = runs.filter((_, index) => !reports[index]).map((each) => each.name);
  const present = reports.filter((report): report is Report => report !== null);
  const total = present.length > 0 ? merge(present) : null;
  if (total) await writeFile(join(REPORTS, 'vitest.json'), JSON.stringify(total));
  await reportDurations(
    durations.flatMap((rows, index) => {
      const label = runs[index]?.label;
      return (rows ?? []).map((row) =>
        label ? { ...row, project: `${row.project} ${label}` } : row,
      );
    }),
  );
  process.stdout.write(
    `\nAll runs: ${total?.numPassedTests ?? 0} passed, ${total?.numFailedTests ?? 0} failed` +
      ` in ${seconds(Date.now() - started)}` +
      (missing.length > 0 ? `; no report from ${missing.join(', ')}` : '') +
      '\n',
  );
  if (checked !== 0) process.stdout.write('The checks failed (the lines starting with [check]).\n');
  return checked === 0 && codes.every((code) => code === 0) && missing.length === 0 ? 0 : 1;
}

/** The projects whose tests use the database: they run again on PostgreSQL. */
const DATABASE_PROJECTS = ['--project', 'server', '--project', 'console'];

async function main() {
  const args = process.argv.slice(2);
  if (args[0] === '--database') {
    return runAll([{ name: 'database', args: DATABASE_PROJECTS, prefix: '' }], false);
  }
  if (args[0] === '--changed') {
    return runAll([{ name: 'changed', args: ['--changed', ...args.slice(1)], prefix: '' }], false);
  }
  if (args.length > 0) {
    // The files first, so their answer comes in seconds; then the checks, unless left out.
    const withChecks = !args.includes('--no-checks');
    const code = await runAll(
      [{ name: 'files', args: args.filter((arg) => arg !== '--no-checks'), prefix: '' }],
      false,
    );
    if (!withChecks) return code;
    const checked = await run('npm', ['run', '--silent', 'check']);
    return code === 0 && checked === 0 ? 0 : 1;
  }
  // With TEST_POSTGRES_URL (as `.ci/run` gives it), the projects that use the database run a
  // second time on that PostgreSQL, from the moment the first of the other two runs has ended.
  const postgres = process.env.TEST_POSTGRES_URL;
  return runAll(
    [
      // Every project but the browser tests (a new project joins this run by itself).
      { name: 'main', args: ['--project', '!e2e'], prefix: '' },
      { name: 'e2e', args: ['--project', 'e2e'], prefix: '[e2e] ' },
      ...(postgres
        ? [
            {
              name: 'postgres',
              args: DATABASE_PROJECTS,
              prefix: '[postgres] ',
              env: { DATABASE_URL: postgres },
              after: ['main', 'e2e'],
              label: 'on PostgreSQL',
            },
          ]
        : []),
    ],
    true,
  );
}

process.exit(await main());
