import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

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

/** A project again, on the PostgreSQL of TEST_POSTGRES_URL. */
function onPostgres(project: TestProjectInlineConfiguration, name: string) {
  return { ...project, test: { ...project.test, name, env: { DATABASE_URL: postgres ?? '' } } };
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
            onPostgres(serverProject, 'server-postgres'),
            onPostgres(consoleProject, 'console-postgres'),
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/database-setup.ts', 'tests/support/e2e-setup.ts'],
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
