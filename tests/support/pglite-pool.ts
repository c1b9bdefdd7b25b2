import type { PGlite, Transaction } from '@electric-sql/pglite';
import { type Database, type DatabaseHandle, MIGRATIONS_FOLDER } from '@server/db/client';
import * as schema from '@server/db/schema/index';
import { shareSessionFeed } from '@server/db/session-changes';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

/**
 * PGlite test databases, used again instead of thrown away.
 *
 * Opening a PGlite copy of a template costs a test file a third of a second to a second of
 * processor time (a WebAssembly instance linked, its file system unpacked, PostgreSQL started),
 * and more where the worker's heap is large, as in the console's. When a test closes its
 * database, the instance is put back to the template's state instead, and the next test that asks
 * for a copy of that template gets it: the tables the test changed are emptied and filled again
 * from the template's rows (in their order), the sequences set back, and the session reset
 * (`DISCARD ALL`). What a test sees is the template as a fresh copy holds it. An instance whose
 * schema a test changed (any catalog row newer than the reset), or that fails to reset, is closed
 * instead. A closed handle refuses further queries, as a closed PGlite does: a request still
 * running after its test ended cannot reach the next test's database.
 */

/** A template's state, read once per process from a fresh copy. */
interface Snapshot {
  /** Every table (schema-qualified, quoted), in catalog order. */
  tables: string[];
  /** Rows per table in the template. */
  counts: Map<string, number>;
  /** The template's rows of each table that has any, as COPY writes them. */
  rows: Map<string, Blob>;
  /** The tables another table's foreign key names. */
  referenced: Set<string>;
  /** Each sequence's `setval` arguments. */
  sequences: Map<string, { value: string; called: boolean }>;
}

interface Idle {
  client: PGlite;
  /** The last transaction of the reset: anything a test writes is newer. */
  mark: string;
}

/** Idle instances per template, at most two each (a file rarely holds more at once). */
const idle = new Map<string, Idle[]>();
/** Each template's snapshot, taken from the first copy this process opens. */
const snapshots = new Map<string, Promise<Snapshot>>();
const KEEP = 2;

async function rowsOf<T>(client: PGlite | Transaction, sql: string): Promise<T[]> {
  return (await client.query<T>(sql)).rows;
}

async function takeSnapshot(client: PGlite): Promise<Snapshot> {
  const tables = (
    await rowsOf<{ name: string }>(
      client,
      `SELECT format('%I.%I', n.nspname, c.relname) AS name
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
          AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'
        ORDER BY c.oid`,
    )
  ).map((row) => row.name);
  const counts = new Map<string, number>();
  if (tables.length > 0) {
    const counted = await rowsOf<{ name: string; n: number }>(
      client,
      tables
        .map(
          (table) =>
            `SELECT '${table.replaceAll("'", "''")}' AS name, count(*)::int AS n FROM ${table}`,
        )
        .join(' UNION ALL '),
    );
    for (const { name, n } of counted) counts.set(name, n);
  }
  const rows = new Map<string, Blob>();
  for (const table of tables) {
    if (!counts.get(table)) continue;
    const copied = await client.query(`COPY ${table} TO '/dev/blob'`);
    if (!copied.blob) throw new Error(`COPY ${table} gave no rows`);
    rows.set(table, copied.blob);
  }
  // TRUNCATE refuses a table another one's foreign key names, even with the checks off.
  const referenced = new Set(
    (
      await rowsOf<{ name: string }>(
        client,
        `SELECT DISTINCT format('%I.%I', n.nspname, r.relname) AS name
           FROM pg_constraint k
           JOIN pg_class r ON r.oid = k.confrelid JOIN pg_namespace n ON n.oid = r.relnamespace
          WHERE k.contype = 'f'`,
      )
    ).map((row) => row.name),
  );
  const sequences = new Map<string, { value: string; called: boolean }>();
  for (const { name } of await rowsOf<{ name: string }>(
    client,
    `SELECT format('%I.%I', schemaname, sequencename) AS name FROM pg_sequences`,
  )) {
    const [state] = await rowsOf<{ value: string; called: boolean }>(
      client,
      `SELECT last_value::text AS value, is_called AS called FROM ${name}`,
    );
    if (state) sequences.set(name, state);
  }
  return { tables, counts, rows, referenced, sequences };
}

/** The transaction id the next write will be newer than. */
async function currentMark(client: PGlite): Promise<string> {
  const [row] = await rowsOf<{ mark: string }>(client, 'SELECT txid_current()::text AS mark');
  if (!row) throw new Error('no transaction id');
  return row.mark;
}

/** Catalogs a change of schema writes to. */
const CATALOGS = [
  'pg_class',
  'pg_attribute',
  'pg_attrdef',
  'pg_type',
  'pg_proc',
  'pg_constraint',
  'pg_index',
  'pg_trigger',
  'pg_namespace',
  'pg_sequence',
  'pg_rewrite',
  'pg_policy',
  'pg_enum',
  'pg_extension',
  'pg_database',
  'pg_authid',
];

/**
 * Puts an instance back to its template's state; false when it cannot be (its schema changed).
 */
async function reset(client: PGlite, snapshot: Snapshot, mark: string): Promise<boolean> {
  const newer = `xmin::text::bigint > ${mark}`;
  const [schemaChanged] = await rowsOf<{ changed: boolean }>(
    client,
    `SELECT ${CATALOGS.map((catalog) => `EXISTS (SELECT 1 FROM ${catalog} WHERE ${newer})`).join(' OR ')} AS changed`,
  );
  if (schemaChanged?.changed !== false) return false;

  // A table changed when it holds a row written after the mark, or fewer rows than it had.
  const changed = new Set<string>();
  const { tables, counts } = snapshot;
  if (tables.length > 0) {
    const states = await rowsOf<{ name: string; n: number; written: number }>(
      client,
      tables
        .map(
          (table) =>
            `SELECT '${table.replaceAll("'", "''")}' AS name, count(*)::int AS n,
                    (count(*) FILTER (WHERE ${newer}))::int AS written FROM ${table}`,
        )
        .join(' UNION ALL '),
    );
    for (const { name, n, written } of states) {
      if (written > 0 || n !== counts.get(name)) {
        changed.add(name);
      }
    }
  }
  const sequences = [...snapshot.sequences];
  const moved =
    sequences.length === 0
      ? []
      : await rowsOf<{ name: string }>(
          client,
          sequences
            .map(
              ([name, { value, called }]) =>
                `SELECT '${name.replaceAll("'", "''")}' AS name FROM ${name}
                  WHERE last_value::text <> '${value}' OR is_called <> ${called}`,
            )
            .join(' UNION ALL '),
        );

  if (changed.size > 0 || moved.length > 0) {
    await client.transaction(async (tx) => {
      // The template's rows as they were: no trigger or foreign-key check runs on them again.
      await tx.query('SET LOCAL session_replication_role = replica');
      const emptied = tables.filter((table) => changed.has(table));
      // Only the changed tables: with the checks off, no foreign key reaches further.
      const truncated = emptied.filter((table) => !snapshot.referenced.has(table));
      if (truncated.length > 0) await tx.query(`TRUNCATE ${truncated.join(', ')}`);
      for (const table of emptied) {
        if (snapshot.referenced.has(table)) await tx.query(`DELETE FROM ${table}`);
      }
      for (const table of emptied) {
        const blob = snapshot.rows.get(table);
        if (blob) await tx.query(`COPY ${table} FROM '/dev/blob'`, [], { blob });
      }
      for (const { name } of moved) {
        const state = snapshot.sequences.get(name);
        if (state)
          await tx.query('SELECT setval($1::regclass, $2::bigint, $3)', [
            name,
            state.value,
            state.called,
          ]);
      }
    });
  }
  await client.exec('DISCARD ALL');
  return true;
}

/** A handle on an instance that refuses queries once closed, as a closed PGlite does. */
function handleOn(
  client: PGlite,
  release: () => Promise<void>,
): DatabaseHandle & { client: PGlite } {
  let closed = false;
  const open = () => {
    if (closed) throw new Error('PGlite is closed');
  };
  const guarded = {
    query: (...args: Parameters<PGlite['query']>) => {
      open();
      return client.query(...args);
    },
    exec: (...args: Parameters<PGlite['exec']>) => {
      open();
      return client.exec(...args);
    },
    transaction: (...args: Parameters<PGlite['transaction']>) => {
      open();
      return client.transaction(...args);
    },
  } as unknown as PGlite;
  const db = drizzle(guarded, { schema });
  // The session cache's feed of the instance (its statements already tell it): kept per database.
  shareSessionFeed(db, client);
  return {
    client,
    db: db as unknown as Database,
    driver: 'pglite',
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    dumpDataDir: async () => {
      open();
      await client.exec('CHECKPOINT');
      return new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await release();
    },
  };
}

/**
 * A copy of the template: an idle instance put back to it, or a new one that `open` makes (whose
 * state becomes the template's snapshot in this process).
 */
export async function pooledPglite(
  template: string,
  open: () => Promise<PGlite>,
): Promise<DatabaseHandle> {
  const reused = idle.get(template)?.pop();
  const client = reused?.client ?? (await open());
  let snapshot = snapshots.get(template);
  if (!snapshot) {
    snapshot = takeSnapshot(client);
    snapshots.set(template, snapshot);
  }
  const taken = await snapshot;
  const mark = reused?.mark ?? (await currentMark(client));
  return handleOn(client, async () => {
    const kept = idle.get(template) ?? [];
    let usable = false;
    try {
      usable = kept.length < KEEP && (await reset(client, taken, mark));
    } catch {
      usable = false;
    }
    if (!usable) {
      await client.close().catch(() => undefined);
      return;
    }
    kept.push({ client, mark: await currentMark(client) });
    idle.set(template, kept);
  });
}
