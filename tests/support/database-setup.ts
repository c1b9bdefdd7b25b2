import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type DatabaseHandle, MIGRATIONS_FOLDER, openDatabase } from '@server/db/client';
import type { TestProject } from 'vitest/node';
import { createManualClock } from './clock';
import {
  adminQuery,
  dropDatabase,
  type Template,
  type TestDatabaseConfig,
  withDatabase,
} from './database-config';
import { sourceDigest } from './source-digest';

declare module 'vitest' {
  export interface ProvidedContext {
    database: TestDatabaseConfig;
  }
}

const CACHE_DIR = join(process.cwd(), 'node_modules', '.cache', 'cmp-tests');
/** What the demo template is made by: its digest changes when any file it imports does. */
const DEMO_SOURCES = [
  'server/seed/demo.ts',
  'server/seed/catalogue-generator.ts',
  'tests/support/clock.ts',
];
const SELF = 'tests/support/database-setup.ts';
/** A template of other sources unused this long is removed (no run lasts a tenth of it). */
const STALE_AFTER_MS = 12 * 60 * 60 * 1000;

/**
 * A copy of the template starts in a fifth of the time when it is small: a test database needs
 * little memory (with the default 128 MB of shared buffers, a PGlite spends most of its start
 * clearing them), one megabyte of journal per segment instead of sixteen, and none of the
 * template databases that only CREATE DATABASE reads (a PGlite holds one database).
 */
const PGLITE_INITDB = ['--wal-segsize=1'];
const PGLITE_SETTINGS = [
  "ALTER SYSTEM SET shared_buffers = '8MB'",
  'ALTER DATABASE template0 WITH IS_TEMPLATE false',
  'DROP DATABASE template0',
  'ALTER DATABASE template1 WITH IS_TEMPLATE false',
  'DROP DATABASE template1',
];

/** Catalogue products in the tests' demo template. */
export const TEST_CATALOGUE_ROWS = 500;

/** The demo seller as the console's screen tests find it, on the test apps' manual clock. */
async function seedTemplate(handle: DatabaseHandle) {
  // Loaded only when a template is made: most runs find both in the cache.
  const { seedDemo, DEMO_CATALOGUE } = await import('@server/seed/demo');
  await seedDemo({ db: handle.db, clock: createManualClock() });
  // The demo's catalogue from the same generator and seed, but a fortieth of `npm start`'s 20,000
  // products: every test file starts from a copy of this template, and at 20,000 the copy is
  // seven times larger (126 MB against 19 MB). Tests of search plant what they look for.
  await (await import('@server/seed/catalogue-generator')).seedCatalogue(
    { db: handle.db, clock: createManualClock() },
    { ...DEMO_CATALOGUE, rows: TEST_CATALOGUE_ROWS },
  );
}

async function digests(): Promise<Record<Template, string>> {
  // The migrations, and how the templates are made from them.
  const made = { folders: [MIGRATIONS_FOLDER], files: [SELF, 'server/db/client.ts'] };
  const [empty, demo] = await Promise.all([
    sourceDigest(made),
    sourceDigest({ ...made, entries: DEMO_SOURCES }),
  ]);
  return { empty, demo };
}

/** Writes a file whole or not at all (another run may be reading the cache). */
async function writeAtomically(path: string, bytes: Uint8Array) {
  const partial = `${path}.${process.pid}`;
  await writeFile(partial, bytes);
  await rename(partial, path);
}

/** PGlite: tarballs in the cache folder, kept across runs until what made them changes. */
async function pgliteTemplates(): Promise<TestDatabaseConfig> {
  const digest = await digests();
  const files: Record<Template, string> = {
    empty: join(CACHE_DIR, `pglite-empty-${digest.empty}.tar`),
    demo: join(CACHE_DIR, `pglite-demo-${digest.demo}.tar`),
  };
  const config: TestDatabaseConfig = { kind: 'pglite', templates: files };
  if (existsSync(files.empty) && existsSync(files.demo)) {
    // Marked as in use: a run of other sources (a file edited meanwhile) leaves them alone.
    const now = new Date();
    await Promise.all(Object.values(files).map((file) => utimes(file, now, now)));
    return config;
  }

  await mkdir(CACHE_DIR, { recursive: true });
  await whileLocked(async () => {
    // Made meanwhile by the run that held the lock (`npm test`'s two Vitest runs start together).
    if (!(existsSync(files.empty) && existsSync(files.demo))) await makePgliteTemplates(files);
  });
  return config;
}

const LOCK = join(CACHE_DIR, 'pglite.lock');
/** A lock older than this is taken over whoever held it (no template takes a tenth of it). */
const LOCK_STALE_MS = 10 * 60 * 1000;

/** Whether the process that wrote a lock is still there (an unreadable lock is being written). */
async function lockHeld(): Promise<boolean> {
  const [pid, age] = await Promise.all([
    readFile(LOCK, 'utf8').then(Number, () => Number.NaN),
    stat(LOCK).then(
      (info) => Date.now() - info.mtimeMs,
      () => 0,
    ),
  ]);
  if (age > LOCK_STALE_MS) return false;
  if (!Number.isInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `make` holding the cache's lock: two runs started together (the browser tests' beside the
 * others') make the templates once, the second waiting for the first and then finding them.
 */
async function whileLocked(make: () => Promise<void>) {
  for (;;) {
    try {
      await writeFile(LOCK, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!(await lockHeld())) await rm(LOCK, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    await make();
  } finally {
    await rm(LOCK, { force: true });
  }
}

async function makePgliteTemplates(files: Record<Template, string>) {
  const current = new Set(Object.values(files).map((file) => file.split('/').pop()));
  for (const name of await readdir(CACHE_DIR)) {
    // Templates of other sources not used for a while are of no more use; one used lately may
    // be a run's that is still going, or a branch's that is checked out again (a partial file
    // `<name>.<pid>` is being written).
    if (!name.startsWith('pglite-') || /\.\d+$/.test(name) || current.has(name)) continue;
    const path = join(CACHE_DIR, name);
    const used = await stat(path).then(
      (info) => info.mtimeMs,
      () => Date.now(),
    );
    if (Date.now() - used > STALE_AFTER_MS) await rm(path, { force: true });
  }
  if (!existsSync(files.empty)) {
    const handle = await openDatabase({ kind: 'pglite', initdbArgs: PGLITE_INITDB });
    await handle.migrate();
    for (const statement of PGLITE_SETTINGS) await handle.db.execute(statement);
    const dump = await handle.dumpDataDir?.();
    await handle.close();
    if (!dump) throw new Error('PGlite did not produce a data-dir dump');
    await writeAtomically(files.empty, dump);
  }
  if (!existsSync(files.demo)) {
    const handle = await openDatabase({
      kind: 'pglite',
      loadDataDir: new Uint8Array(await readFile(files.empty)),
    });
    await seedTemplate(handle);
    const dump = await handle.dumpDataDir?.();
    await handle.close();
    if (!dump) throw new Error('PGlite did not produce a data-dir dump');
    await writeAtomically(files.demo, dump);
  }
}

/** PostgreSQL: template databases of this run, dropped when it ends. */
async function postgresTemplates(url: string) {
  const run = randomBytes(4).toString('hex');
  const names: Record<Template, string> = {
    empty: `cmp_template_empty_${run}`,
    demo: `cmp_template_demo_${run}`,
  };
  const prepare = async (name: string, fill: (handle: DatabaseHandle) => Promise<void>) => {
    const handle = await openDatabase({
      kind: 'postgres',
      url: withDatabase(url, name),
      maxConnections: 1,
    });
    await fill(handle);
    await handle.close();
    await adminQuery(url, `ALTER DATABASE ${name} WITH IS_TEMPLATE true`);
  };
  const version = await adminQuery(url, 'SHOW server_version_num');
  const copy =
    Number(version.rows[0]?.server_version_num ?? 0) >= 150_000 ? 'STRATEGY FILE_COPY' : '';
  await adminQuery(url, `CREATE DATABASE ${names.empty}`);
  await prepare(names.empty, (handle) => handle.migrate());
  await adminQuery(url, `CREATE DATABASE ${names.demo} TEMPLATE ${names.empty} ${copy}`);
  await prepare(names.demo, seedTemplate);
  return {
    config: { kind: 'postgres', url, templates: names, copy } satisfies TestDatabaseConfig,
    drop: async () => {
      for (const name of Object.values(names)) {
        await adminQuery(url, `ALTER DATABASE ${name} WITH IS_TEMPLATE false`);
        await dropDatabase(url, name);
      }
    },
  };
}

interface Prepared {
  config: TestDatabaseConfig;
  drop?: () => Promise<void>;
  users: number;
}

/**
 * Every project that touches the database runs this setup, in one process: the first prepares the
 * templates of its database (PGlite, or the PostgreSQL its `env.DATABASE_URL` names), the others
 * on the same one are given the same templates, and the last to finish drops those of PostgreSQL.
 */
const shared = globalThis as typeof globalThis & {
  cmpTestTemplates?: Map<string, Promise<Prepared>>;
};

/** The database a project's tests use: the PostgreSQL its `env.DATABASE_URL` names, or PGlite. */
const databaseOf = (project: TestProject) =>
  project.config.env?.DATABASE_URL || process.env.DATABASE_URL || undefined;

/** The templates of a database, prepared once per run. */
function templatesOf(url: string | undefined): Promise<Prepared> {
  const key = url ?? 'pglite';
  shared.cmpTestTemplates ??= new Map();
  let preparing = shared.cmpTestTemplates.get(key);
  if (!preparing) {
    preparing = url
      ? postgresTemplates(url).then((prepared) => ({ ...prepared, users: 0 }))
      : pgliteTemplates().then((config) => ({ config, users: 0 }));
    shared.cmpTestTemplates.set(key, preparing);
  }
  return preparing;
}

export default async function setup(project: TestProject) {
  const url = databaseOf(project);
  const key = url ?? 'pglite';
  // Vitest runs the projects' global setups one after the other: the first to run starts the
  // templates of every database the run's projects use, side by side (PGlite's are made in this
  // process, PostgreSQL's mostly in its server), instead of each after the last.
  for (const other of project.vitest.projects) {
    if ([other.config.globalSetup].flat().some((file) => file.endsWith(SELF)))
      void templatesOf(databaseOf(other)).catch(() => undefined);
  }
  const prepared = await templatesOf(url);
  prepared.users += 1;
  project.provide('database', prepared.config);
  return async () => {
    prepared.users -= 1;
    if (prepared.users === 0) {
      shared.cmpTestTemplates?.delete(key);
      await prepared.drop?.();
    }
  };
}
