import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index';

type Schema = typeof schema;
/** The database every service receives: PGlite or node-postgres behind the same Drizzle API. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Applies the migrations in server/db/migrations (the same ones on both drivers). */
  migrate(): Promise<void>;
  /**
   * PGlite only: the whole data directory as an uncompressed tarball, checkpointed first so a
   * copy starts without replaying the journal.
   */
  dumpDataDir?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = join(import.meta.dirname, 'migrations');

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  | {
      kind: 'pglite';
      dataDir?: string;
      /** Start from this tarball of a data directory (as `dumpDataDir` gives it). */
      loadDataDir?: Uint8Array;
      /** Arguments for initdb, when the data directory is made anew. */
      initdbArgs?: string[];
    };

/**
 * Bytes as PGlite reads a tarball or its bundle (it only asks for the bytes, and only reads
 * them): handing it a Blob would copy all of them through Node's Blob reader, which takes longer
 * than starting the database does. Bytes that fill their buffer (a file read whole) are handed
 * over as they are; only a view into a larger buffer is copied out.
 */
function tarball(bytes: Uint8Array): Blob {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const buffer = whole
    ? bytes.buffer
    : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return { type: 'application/x-tar', arrayBuffer: async () => buffer } as Blob;
}

/**
 * PGlite's WebAssembly, compiled once per process, and its file-system bundle, read once: a
 * database opened without them compiles its own copy of the module (more processor time than
 * starting the database takes), which adds up where a process opens many (the tests).
 */
let runtime: Promise<Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'>> | undefined;

/** Node's WebAssembly, which the server's libraries (no DOM) do not declare. */
declare const WebAssembly: {
  compile(bytes: Uint8Array): Promise<NonNullable<PGliteOptions['pgliteWasmModule']>>;
};

function pgliteRuntime() {
  runtime ??= (async () => {
    const resolve = createRequire(import.meta.url).resolve;
    const [wasm, data] = await Promise.all([
      readFile(resolve('@electric-sql/pglite/pglite.wasm')),
      readFile(resolve('@electric-sql/pglite/pglite.data')),
    ]);
    return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: tarball(data) };
  })();
  return runtime;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
    // An idle connection the server ended (a restart, an administrator) must not crash the process:
    // the pool drops it, and the next query opens a fresh one.
    pool.on('error', () => {});
    // So must a connection that dies while a request holds it: the request fails with the error,
    // the process goes on.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Database,
      driver: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create({
    ...(await pgliteRuntime()),
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: tarball(options.loadDataDir) } : {}),
    ...(options.initdbArgs ? { initDbStartParams: options.initdbArgs } : {}),
  });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    dumpDataDir: async () => {
      await client.exec('CHECKPOINT');
      // Uncompressed: a copy loads in about half the time of a gzipped one.
      return new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
    },
    close: () => client.close(),
  };
}
