import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type DatabaseHandle, openDatabase } from '@server/db/client';
import { inject } from 'vitest';
import { adminQuery, withDatabase } from './database-config';

/** The template dump, read once per worker. */
let template: Promise<Blob> | undefined;

/**
 * A fresh, migrated database for one test file: a PGlite loaded from the template dump (or from
 * `dump`, one a test took of its own), or a new PostgreSQL database copied from the template
 * (dropped again on close).
 */
export async function createTestDatabase(options: { dump?: Blob } = {}): Promise<DatabaseHandle> {
  const config = inject('database');
  if (config.kind === 'pglite') {
    template ??= readFile(config.templateFile).then((bytes) => new Blob([bytes]));
    return openDatabase({ kind: 'pglite', loadDataDir: options.dump ?? (await template) });
  }
  if (options.dump) throw new Error('PostgreSQL test databases start from the template only');
  const name = `cmp_test_${randomUUID().replaceAll('-', '')}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(config.url, `CREATE DATABASE ${name} TEMPLATE ${config.template}`);
      break;
    } catch (error) {
      // Two files copying the template at the same instant: PostgreSQL refuses the second; try again.
      if (attempt >= 20 || !String(error).includes('being accessed by other users')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
    }
  }
  const handle = await openDatabase({
    kind: 'postgres',
    url: withDatabase(config.url, name),
    maxConnections: 5,
  });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await adminQuery(config.url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
