import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { systemClock } from '../lib/clock';
import { fillSortedPostings } from '../modules/catalogue/catalogue-write';
import {
  generatedSoFar,
  seedCatalogue,
  seedCatalogueReferences,
  supplierCountFor,
} from './catalogue-generator';
import {
  BYTES_PER_PRODUCT,
  freeBytes,
  secondaryIndexes,
  sizes,
  writeBatch,
  writePostings,
} from './mall-load';
import { MallWorkers } from './mall-workers';

/**
 * `npm run seed:mall -- --rows N --seed S [--batch B] [--threads T]`: generates N catalogue and mall products
 * (deterministic for a seed) into the database `DATABASE_URL` names (generated on T worker
 * threads, one per core by default, COPY-streamed in order, the search's postings written at the
 * end, indexes built after a large load) or else the embedded one (DATA_DIR/pglite, batched inserts). A load stopped
 * anywhere resumes after its last batch when run again with the same seed.
 */

const say = (text: string) => process.stdout.write(`${text}\n`);
const complain = (text: string) => process.stderr.write(`${text}\n`);

const { values } = parseArgs({
  options: {
    rows: { type: 'string' },
    seed: { type: 'string', default: '1' },
    batch: { type: 'string' },
    threads: { type: 'string' },
  },
});
const rows = Number(values.rows);
const seed = Number(values.seed);
if (!Number.isSafeInteger(rows) || rows < 1 || !Number.isSafeInteger(seed)) {
  complain('usage: npm run seed:mall -- --rows N [--seed S] [--batch B] [--threads T]');
  process.exit(2);
}
const url = process.env.DATABASE_URL;
const dataDir = resolve(process.env.DATA_DIR ?? '.data');

function checkDisk(path: string, remaining: number) {
  const need = remaining * BYTES_PER_PRODUCT;
  const free = freeBytes(path);
  say(`disk: ${(free / 1e9).toFixed(1)} GB free, about ${(need / 1e9).toFixed(1)} GB needed`);
  if (free < need * 1.2) {
    complain(`not enough free disk for ${remaining} more products at ${path}`);
    process.exit(1);
  }
}

const started = performance.now();
const rate = (done: number, at: number) =>
  `${Math.round((done * 1000) / Math.max(1, performance.now() - at))} rows/s`;

if (url) {
  const handle = await openDatabase({ kind: 'postgres', url });
  await handle.migrate();
  let done = await generatedSoFar(handle.db, seed);
  checkDisk('/', rows - done);
  const suppliers = supplierCountFor(rows);
  await seedCatalogueReferences(handle.db, suppliers);
  await handle.close();
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  const client = await pool.connect();
  // A large load writes without the secondary indexes and builds them once at the end.
  const stored = await client.query<{ value: string }>(
    `select key_value as value from config_values where dic_type = 'CATALOGUE_GENERATOR' and key_name = 'indexes'`,
  );
  let dropped: { name: string; definition: string }[] = stored.rows[0]
    ? JSON.parse(stored.rows[0].value)
    : [];
  if (dropped.length === 0 && rows - done >= 100_000) {
    dropped = await secondaryIndexes(client);
    await client.query('begin');
    await client.query(
      `insert into config_values (dic_type, key_name, key_value, remark, sort, updated_at)
       values ('CATALOGUE_GENERATOR', 'indexes', $1, 'dropped for a load', 0, now())`,
      [JSON.stringify(dropped)],
    );
    for (const index of dropped) await client.query(`drop index if exists "${index.name}"`);
    await client.query('commit');
    say(`dropped ${dropped.length} indexes for the load`);
  }
  // The postings of the products loaded so far, when a stopped load wrote none: made again.
  const postingsDone = Number(
    (
      await client.query<{ value: string }>(
        `select key_value as value from config_values where dic_type = 'CATALOGUE_GENERATOR' and key_name = $1`,
        [`postings-${seed}`],
      )
    ).rows[0]?.value ?? 0,
  );
  const batch = Number(values.batch ?? 10_000);
  const threads = Math.max(1, Number(values.threads ?? availableParallelism()));
  const loadStart = performance.now();
  const first = done;
  const tasks: { from: number; to: number; copy: boolean }[] = [];
  if (postingsDone < rows)
    for (let from = postingsDone; from < done; from += batch * 5)
      tasks.push({ from, to: Math.min(done, from + batch * 5), copy: false });
  for (let from = done; from < rows; from += batch)
    tasks.push({ from, to: Math.min(rows, from + batch), copy: true });
  const workers = new MallWorkers(threads, { seed, suppliers });
  // Batches are generated on every thread and written here in their order.
  await workers.run(tasks, async (generated) => {
    if (!generated.products) return;
    await writeBatch(client, seed, generated);
    done = generated.to;
    say(`${done}/${rows} products, ${rate(done - first, loadStart)}`);
  });
  const generatorSeconds = (performance.now() - loadStart) / 1000;
  let postingsSeconds = 0;
  if (postingsDone < rows) {
    const at = performance.now();
    const top = await workers.postings();
    const count = await writePostings(client, seed, rows, top);
    // The newest and price postings of the common tokens, made from the products loaded.
    await client.query('begin');
    await client.query(`set local work_mem = '64MB'`);
    for (const statement of fillSortedPostings()) {
      const query = new PgDialect().sqlToQuery(statement);
      await client.query(query.sql, query.params);
    }
    await client.query('commit');
    postingsSeconds = (performance.now() - at) / 1000;
    say(`postings: ${count} rows in ${postingsSeconds.toFixed(1)} s`);
  }
  await workers.close();
  let indexSeconds = 0;
  if (dropped.length > 0) {
    const indexStart = performance.now();
    // Built on two connections at once (the machine's two cores), each with room to sort.
    const second = await pool.connect();
    const build = async (connection: pg.PoolClient, part: typeof dropped) => {
      await connection.query(`set maintenance_work_mem = '512MB'`);
      for (const index of part) {
        const at = performance.now();
        await connection.query(
          index.definition.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS '),
        );
        say(`index ${index.name}: ${((performance.now() - at) / 1000).toFixed(1)} s`);
      }
    };
    await Promise.all([
      build(
        client,
        dropped.filter((_, k) => k % 2 === 0),
      ),
      build(
        second,
        dropped.filter((_, k) => k % 2 === 1),
      ),
    ]);
    second.release();
    await client.query(
      `delete from config_values where dic_type = 'CATALOGUE_GENERATOR' and key_name = 'indexes'`,
    );
    indexSeconds = (performance.now() - indexStart) / 1000;
  }
  await client.query('analyze catalogue_products');
  await client.query('analyze catalogue_skus');
  await client.query('analyze catalogue_token_stats');
  await client.query('vacuum analyze catalogue_token_top');
  await client.query('vacuum analyze catalogue_token_newest');
  await client.query('vacuum analyze catalogue_token_price');
  const measured = await sizes(client);
  for (const table of measured.tables)
    say(`${table.name}: table ${table.table}, indexes ${table.indexes}, total ${table.total}`);
  say(
    JSON.stringify({
      rows,
      seed,
      loaded: done - first,
      generatorSeconds: Number(generatorSeconds.toFixed(1)),
      rowsPerSecond: Math.round((done - first) / Math.max(generatorSeconds, 0.001)),
      postingsSeconds: Number(postingsSeconds.toFixed(1)),
      indexSeconds: Number(indexSeconds.toFixed(1)),
      database: measured.database,
    }),
  );
  client.release();
  await pool.end();
} else {
  mkdirSync(dataDir, { recursive: true });
  const handle = await openDatabase({ kind: 'pglite', dataDir: resolve(dataDir, 'pglite') });
  await handle.migrate();
  const done = await generatedSoFar(handle.db, seed);
  checkDisk(dataDir, rows - done);
  const loadStart = performance.now();
  await seedCatalogue(
    { db: handle.db, clock: systemClock },
    {
      rows,
      seed,
      ...(values.batch ? { batch: Number(values.batch) } : {}),
      onBatch: (now) => say(`${now}/${rows} products, ${rate(now - done, loadStart)}`),
    },
  );
  await handle.close();
}
say(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
