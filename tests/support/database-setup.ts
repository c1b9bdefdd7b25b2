import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { MIGRATIONS_FOLDER, openDatabase } from '@server/db/client';
import type { TestProject } from 'vitest/node';
import { adminQuery, type TestDatabaseConfig, withDatabase } from './database-config';

declare module 'vitest' {
  export interface ProvidedContext {
    database: TestDatabaseConfig;
  }
}

const CACHE_DIR = join(process.cwd(), 'node_modules', '.cache', 'cmp-tests');

/** A digest of every migration, so the cached template is rebuilt when the schema changes. */
async function migrationsDigest(): Promise<string> {
  const hash = createHash('sha256');
  const walk = async (dir: string) => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else hash.update(entry.name).update(await readFile(path));
    }
  };
  await walk(MIGRATIONS_FOLDER);
  return hash.digest('hex').slice(0, 16);
}

/**
 * Prepares one migrated database that every test file copies: a PGlite data-dir dump (cached on
 * disk by migration digest), or, with DATABASE_URL, a template database on that PostgreSQL.
 */
export default async function setup(project: TestProject) {
  const digest = await migrationsDigest();
  const url = process.env.DATABASE_URL;
  if (url) {
    // Each project runs this setup in the same process: the name must differ per call.
    const template = `cmp_template_${digest}_${randomBytes(4).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${template}`);
    const handle = await openDatabase({
      kind: 'postgres',
      url: withDatabase(url, template),
      maxConnections: 1,
    });
    await handle.migrate();
    await handle.close();
    await adminQuery(url, `ALTER DATABASE ${template} WITH IS_TEMPLATE true`);
    project.provide('database', { kind: 'postgres', url, template });
    return async () => {
      await adminQuery(url, `ALTER DATABASE ${template} WITH IS_TEMPLATE false`);
      await adminQuery(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    };
  }

  const templateFile = join(CACHE_DIR, `pglite-${digest}.tar`);
  if (!existsSync(templateFile)) {
    await mkdir(CACHE_DIR, { recursive: true });
    // Templates of earlier schemas are of no more use.
    for (const name of await readdir(CACHE_DIR)) {
      // (a partial file of this digest, `<template>.<pid>`, may be another project's being written)
      const partial = name.startsWith(`${basename(templateFile)}.`) && /\.\d+$/.test(name);
      if (name.startsWith('pglite-') && !partial) await rm(join(CACHE_DIR, name), { force: true });
    }
    const handle = await openDatabase({ kind: 'pglite' });
    await handle.migrate();
    const dump = await handle.dumpDataDir?.();
    await handle.close();
    if (!dump) throw new Error('PGlite did not produce a data-dir dump');
    const partial = `${templateFile}.${process.pid}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, templateFile);
  }
  project.provide('database', { kind: 'pglite', templateFile });
  return undefined;
}
