import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index';
import {
  createSessionFeed,
  emitSessionChange,
  SESSION_CHANGES_CHANNEL,
  type SessionFeed,
  shareSessionFeed,
  statementWatcher,
} from './session-changes';

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

type QueryText = string | { text?: string } | undefined;
const textOf = (query: QueryText) => (typeof query === 'string' ? query : (query?.text ?? ''));

/** Tells the feed, once a statement of this connection completes, what it changed (session-changes.ts). */
function watchConnection(client: pg.PoolClient, feed: SessionFeed) {
  const watcher = statementWatcher(feed);
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const after = watcher.before(textOf(args[0] as QueryText));
    if (!after) return query(...args);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...results: unknown[]) => {
        after();
        return (callback as (...values: unknown[]) => unknown)(...results);
      };
      return query(...args);
    }
    const result = query(...args);
    if (typeof (result as Promise<unknown> | undefined)?.then !== 'function') {
      after();
      return result;
    }
    return (result as Promise<unknown>).finally(after);
  };
}

/**
 * Hears NOTIFY cmp_session_changed from every process on a connection of its own; while it is
 * down the feed is not live (nothing may be kept) and it connects again.
 */
function listenForSessionChanges(url: string, feed: SessionFeed) {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const down = () => {
    feed.live = false;
    emitSessionChange(feed, null);
    client?.removeAllListeners();
    client?.end().catch(() => {});
    client = null;
    if (!closed) {
      retry = setTimeout(connect, 1000);
      retry.unref();
    }
  };
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    client = next;
    next.on('error', down);
    next.on('end', () => {
      if (client === next) down();
    });
    next.on('notification', (message) => {
      if (message.channel === SESSION_CHANGES_CHANNEL)
        emitSessionChange(feed, message.payload ?? null);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${SESSION_CHANGES_CHANNEL}`);
      if (client === next && !closed) feed.live = true;
    } catch {
      if (client === next) down();
    }
  };
  const ready = connect();
  return {
    ready,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      feed.live = false;
      const current = client;
      client = null;
      current?.removeAllListeners();
      await current?.end().catch(() => {});
    },
  };
}

/** PGlite is one process: its statements alone tell the feed (a transaction's when it ends). */
function watchPglite(client: PGlite, feed: SessionFeed) {
  const watcher = statementWatcher(feed);
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (text: string, ...rest: unknown[]) => {
    const after = watcher.before(text);
    try {
      return await (query as (...args: unknown[]) => Promise<unknown>)(text, ...rest);
    } finally {
      after?.();
    }
  }) as typeof client.query;
  client.exec = (async (text: string, ...rest: unknown[]) => {
    const after = watcher.before(text);
    try {
      return await (exec as (...args: unknown[]) => Promise<unknown>)(text, ...rest);
    } finally {
      after?.();
    }
  }) as typeof client.exec;
  client.transaction = (async (callback: Parameters<typeof client.transaction>[0]) => {
    const inner = statementWatcher(feed);
    inner.before('begin');
    try {
      return await transaction((tx) => {
        const txQuery = tx.query.bind(tx);
        const txExec = tx.exec.bind(tx);
        tx.query = ((text: string, ...rest: unknown[]) => {
          inner.before(text);
          return (txQuery as (...args: unknown[]) => Promise<unknown>)(text, ...rest);
        }) as typeof tx.query;
        tx.exec = ((text: string, ...rest: unknown[]) => {
          inner.before(text);
          return (txExec as (...args: unknown[]) => Promise<unknown>)(text, ...rest);
        }) as typeof tx.exec;
        return callback(tx);
      });
    } finally {
      inner.before('commit')?.();
    }
  }) as typeof client.transaction;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? 10,
      // Every statement of the app is a short one: no plan compiled (JIT), which the planner's
      // estimates for branches a statement never runs would ask for and which costs more than the
      // statement (up to seconds, the mall's search found), and no parallel workers to start.
      options: '-c jit=off -c max_parallel_workers_per_gather=0',
    });
    const db = drizzlePg(pool, { schema });
    const feed = createSessionFeed(db, false);
    // An idle connection the server ended (a restart, an administrator) must not crash the process:
    // the pool drops it, and the next query opens a fresh one.
    pool.on('error', () => {});
    // So must a connection that dies while a request holds it: the request fails with the error,
    // the process goes on.
    pool.on('connect', (client) => {
      client.on('error', () => {});
      watchConnection(client, feed);
    });
    const listener = listenForSessionChanges(options.url, feed);
    await listener.ready;
    return {
      db: db as unknown as Database,
      driver: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  const client = await PGlite.create({
    ...(await pgliteRuntime()),
    // The products list's search by part of a title or SKU uses trigram indexes (migration 0025).
    extensions: { pg_trgm },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: tarball(options.loadDataDir) } : {}),
    ...(options.initdbArgs ? { initDbStartParams: options.initdbArgs } : {}),
  });
  const db = drizzlePglite(client, { schema });
  watchPglite(client, createSessionFeed(db, true));
  // Known by its client too: another drizzle instance over it shares the feed (shareSessionFeed).
  shareSessionFeed(client, db);
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
