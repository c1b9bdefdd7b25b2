import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The browser tests first. A browser-test file runs for tens of seconds (one, over a minute):
 * started last, it would keep one worker busy while the other has nothing left to do. Started
 * first, the two workers share them and then the many short files of the other projects fill
 * whatever time is left. Within a project the order stays Vitest's (longest first when it knows
 * the last run's durations, largest file first when it does not), and a project's files stay
 * together, so a worker goes on with the modules it has loaded.
 */
const FIRST = ['e2e'];

class BrowserTestsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = FIRST.indexOf(spec.project.name);
      return index === -1 ? FIRST.length : index;
    };
    // Array.prototype.sort is stable: within a rank, Vitest's order is kept.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * With TEST_POSTGRES_URL (`.ci/run` gives it), the projects that use the database run a second
 * time on that PostgreSQL, in the same run, their files sharing the run's workers with the others.
 */
const postgres = process.env.TEST_POSTGRES_URL;

const serverProject = {
  extends: true,
  test: {
    name: 'server',
    include: ['tests/server/**/*.test.ts'],
    environment: 'node',
    // One worker's files share its modules: each file still opens a database of its own.
    isolate: false,
    globalSetup: ['tests/support/database-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
} satisfies TestProjectInlineConfiguration;

const consoleProject = {
  extends: true,
  plugins: [react()],
  test: {
    name: 'console',
    include: ['tests/console/**/*.test.tsx'],
    environment: 'jsdom',
    // One worker's files share its modules and its window, which the setup file puts back
    // as a page load finds them after every test.
    isolate: false,
    setupFiles: ['tests/support/console-setup.ts'],
    globalSetup: ['tests/support/database-setup.ts'],
    // A file's first test draws the console cold (its routes compiled on demand): on a busy
    // 2-core machine that alone has taken half a minute.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
} satisfies TestProjectInlineConfiguration;

/** The modules through which a test reaches a database: the app in-process, or a database. */
const DATABASE_MODULES = /from '\.\.\/support\/(app|console|database|e2e-server)'/;

/**
 * Console files that start an app but whose screen reads nothing the database holds: the API
 * reference is built from the endpoint table (server/modules/docs), the same on any database.
 * Rendering every endpoint in jsdom makes them the longest console files: they run once.
 */
const SAME_ON_ANY_DATABASE = new Set([
  'documentation.test.tsx',
  'documentation-contents.test.tsx',
  'documentation-filter.test.tsx',
]);

/**
 * The console files that reach the database, themselves or through the harness modules they
 * import (`./…-harness`). The others (components, the extension's pages and the session on
 * stand-in answers) do the same on any database: they run once, not again on PostgreSQL.
 */
function consoleFilesWithDatabase(): string[] {
  const dir = here('./tests/console');
  const reaches = (file: string, seen = new Set<string>()): boolean => {
    if (seen.has(file)) return false;
    seen.add(file);
    const source = readFileSync(join(dir, file), 'utf8');
    if (DATABASE_MODULES.test(source)) return true;
    return [...source.matchAll(/from '\.\/([\w-]+)'/g)].some(([, local]) =>
      reaches(join(dirname(file), `${local}.tsx`), seen),
    );
  };
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter(
      (file) => file.endsWith('.test.tsx') && !SAME_ON_ANY_DATABASE.has(file) && reaches(file),
    )
    .map((file) => `tests/console/${file}`);
}

/** A project again, on the PostgreSQL of TEST_POSTGRES_URL (only some of its files, if given). */
function onPostgres(
  project: TestProjectInlineConfiguration,
  name: string,
  files: { include?: string[]; exclude?: string[] } = {},
) {
  return {
    ...project,
    test: {
      ...project.test,
      name,
      ...files,
      env: { DATABASE_URL: postgres ?? '' },
    },
  };
}

export default defineConfig({
  resolve: {
    alias: {
      '@shared': here('./shared'),
      '@extension': here('./extension'),
      '@entrypoints': here('./entrypoints'),
      '@server': here('./server'),
      '@console': here('./console'),
      '@locales': here('./locales'),
      '@tests': here('./tests'),
    },
  },
  test: {
    // The messaging library is compiled with the tests, so that a test's stand-in for
    // webextension-polyfill reaches it too.
    server: { deps: { inline: ['@webext-core/messaging'] } },
    // `npm test` (tests/run.ts) names the report.
    reporters: [
      'default',
      ['json', { outputFile: process.env.VITEST_REPORT ?? '.test-results/vitest.json' }],
      './tests/support/durations-reporter.ts',
    ],
    // The browser tests before the others (BrowserTestsFirst above).
    sequence: { sequencer: BrowserTestsFirst },
    // Every core (Vitest leaves one free by default).
    maxWorkers: '100%',
    // A young generation of 64 MB instead of 16: rendering and the embedded database allocate
    // fast, and the collector's scavenges took a tenth of the console tests' processor time.
    execArgv: ['--max-semi-space-size=64'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/shared/**/*.test.ts', 'tests/extension/**/*.test.ts'],
          environment: 'node',
          // Reading the saved supplier pages (several MB of HTML) takes seconds on a busy 2-core
          // machine, with every project's files running beside it.
          testTimeout: 20_000,
        },
      },
      serverProject,
      consoleProject,
      ...(postgres
        ? [
            onPostgres(serverProject, 'server-postgres', {
              // The embedded database's reuse of closed copies.
              exclude: ['tests/server/pglite-pool.test.ts'],
            }),
            onPostgres(consoleProject, 'console-postgres', { include: consoleFilesWithDatabase() }),
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // The builds first: in `npm test` the other run makes the database templates meanwhile
          // (the second to want them waits for the first, tests/support/database-setup.ts).
          globalSetup: ['tests/support/e2e-setup.ts', 'tests/support/database-setup.ts'],
          // Each worker has a server and a Chromium of its own (tests/support/e2e-config.ts); its
          // files share its modules (the server's code is imported once per worker).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
