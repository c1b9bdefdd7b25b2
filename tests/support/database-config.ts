import pg from 'pg';

/**
 * The prepared databases a test file copies its own from: `empty` is migrated and holds nothing,
 * `demo` holds the demo seller as the console's screen tests find it.
 */
export type Template = 'empty' | 'demo';

export type TestDatabaseConfig =
  /** Tarballs of PGlite data directories. */
  | { kind: 'pglite'; templates: Record<Template, string> }
  /**
   * Template databases on that PostgreSQL server; `copy` is how a copy is made (`STRATEGY
   * FILE_COPY` from PostgreSQL 15 on: the template's files copied at once instead of written
   * through the log, about half the time; empty before 15, where copying files is all there is).
   */
  | { kind: 'postgres'; url: string; templates: Record<Template, string>; copy: string };

/** The same server URL pointing at another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Runs one statement on the server's maintenance connection (CREATE/DROP DATABASE cannot run in a
 * pool transaction).
 */
export async function adminQuery(url: string, statement: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Runs an administrative statement again while the server refuses it because another session is
 * in the database: a file copying the same template, or the autovacuum worker, which visits new
 * databases at any moment and which `DROP DATABASE … WITH (FORCE)` may not end for a role without
 * `pg_signal_backend`. It leaves soon; the statement then succeeds.
 */
export async function whileBusy(statement: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await statement();
      return;
    } catch (error) {
      const busy = /being accessed by other users|pg_signal_backend/.test(String(error));
      if (attempt >= 40 || !busy) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
    }
  }
}

/** Drops a database, ending what is still connected to it. */
export function dropDatabase(url: string, name: string): Promise<void> {
  return whileBusy(() => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
