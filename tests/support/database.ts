import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { type DatabaseHandle, openDatabase } from '@server/db/client';
import { inject } from 'vitest';
import {
  adminQuery,
  dropDatabase,
  type Template,
  type TestDatabaseConfig,
  whileBusy,
  withDatabase,
} from './database-config';
import { pooledPglite } from './pglite-pool';

/** Each template tarball, read once per process. */
const tarballs = new Map<string, Promise<Uint8Array>>();

export interface TestDatabaseOptions {
  /** Which prepared database to copy (default `empty`). */
  from?: Template;
  /** PGlite: start from this data-dir dump instead, one a test took of its own. */
  dump?: Uint8Array;
}

/**
 * A database of its own, copied from a prepared template: a PGlite loaded from the template's
 * tarball (or one a test of this process closed, put back to the template's state:
 * `pglite-pool.ts`), or a new PostgreSQL database made from the template database (dropped again
 * on close).
 */
export async function openTestDatabase(
  config: TestDatabaseConfig,
  options: TestDatabaseOptions = {},
): Promise<DatabaseHandle> {
  const template = config.templates[options.from ?? 'empty'];
  if (config.kind === 'pglite') {
    if (options.dump) return openDatabase({ kind: 'pglite', loadDataDir: options.dump });
    return pooledPglite(template, async () => {
      let bytes = tarballs.get(template);
      if (!bytes) {
        bytes = readFile(template).then((buffer) => new Uint8Array(buffer));
        tarballs.set(template, bytes);
      }
      const handle = await openDatabase({ kind: 'pglite', loadDataDir: await bytes });
      return (handle.db as unknown as { $client: PGlite }).$client;
    });
  }
  if (options.dump) throw new Error('PostgreSQL test databases start from a template only');
  const name = `cmp_test_${randomUUID().replaceAll('-', '')}`;
  // Two files copying the template at the same instant: PostgreSQL refuses the second.
  await whileBusy(() =>
    adminQuery(config.url, `CREATE DATABASE ${name} TEMPLATE ${template} ${config.copy}`),
  );
  const handle = await openDatabase({
    kind: 'postgres',
    url: withDatabase(config.url, name),
    maxConnections: 5,
  });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropDatabase(config.url, name);
    },
  };
}

/** A database of its own for a test file, from the templates the run's global setup prepared. */
export function createTestDatabase(options: TestDatabaseOptions = {}): Promise<DatabaseHandle> {
  return openTestDatabase(inject('database'), options);
}
