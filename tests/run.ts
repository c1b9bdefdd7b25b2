/**
 * `npm test`: the checks (lint, types, imports, unused code) and every test project, as three
 * processes side by side. The browser tests run one file at a time (one Chromium, one server),
 * which Vitest would schedule after all the other files, leaving a core idle for minutes; beside
 * the unit, server and console run, and beside the single-threaded type check, they use it.
 * Output lines of the checks start with `[check]`, those of the browser run with `[e2e]`; the two
 * JSON reports are merged into `.test-results/vitest.json`. With arguments
 * (`npm test -- tests/console/login.test.tsx`) the checks run first, then one plain `vitest run`.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const REPORTS = '.test-results';
const bin = (name: string) => join(process.cwd(), 'node_modules', '.bin', name);

interface Run {
  name: string;
  /** Which projects: every one but the browser tests, or those alone (a new project joins the first). */
  project: string;
  prefix: string;
}

const RUNS: Run[] = [
  { name: 'main', project: '!e2e', prefix: '' },
  { name: 'e2e', project: 'e2e', prefix: '[e2e] ' },
];

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
  prefix: string,
  env: Record<string, string> = {},
): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', prefix ? 'pipe' : 'inherit', prefix ? 'pipe' : 'inherit'],
      env: { ...process.env, ...env },
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
  const check = (prefix: string) => run('npm', ['run', '--silent', 'check'], prefix);
  if (args.length > 0) {
    const checked = await check('');
    process.exit(checked === 0 ? await run(bin('vitest'), ['run', ...args], '') : checked);
  }

  await rm(combined, { force: true });
  const started = Date.now();
  const [checked, ...codes] = await Promise.all([
    check('[check] '),
    ...RUNS.map((each) =>
      run(bin('vitest'), ['run', '--project', each.project], each.prefix, {
        VITEST_REPORT: join(REPORTS, `vitest-${each.name}.json`),
      }),
    ),
  ]);
  const reports = await Promise.all(
    RUNS.map((each) => readReport(join(REPORTS, `vitest-${each.name}.json`))),
  );
  const missing = RUNS.filter((_, index) => !reports[index]).map((each) => each.name);
  const present = reports.filter((report): report is Report => report !== null);
  const total = present.length > 0 ? merge(present) : null;
  if (total) await writeFile(combined, JSON.stringify(total));
  process.stdout.write(
    `\nAll runs: ${total?.numPassedTests ?? 0} passed, ${total?.numFailedTests ?? 0} failed` +
      ` in ${((Date.now() - started) / 1000).toFixed(1)} s` +
      (missing.length > 0 ? `; no report from ${missing.join(', ')}` : '') +
      '\n',
  );
  if (checked !== 0) process.stdout.write('The checks failed (the lines starting with [check]).\n');
  process.exit(checked === 0 && codes.every((code) => code === 0) && missing.length === 0 ? 0 : 1);
}

await main();
