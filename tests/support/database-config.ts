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

/** Runs one statement on the server's maintenance connection (CREATE/DROP DATABASE cannot run in a pool transaction). */
export async function adminQuery(url: string, statement: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}
