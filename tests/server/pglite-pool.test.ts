import { readFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '@server/db/client';
import { users } from '@server/db/schema/index';
import { freeze, recharge } from '@server/modules/wallet/wallet.service';
import { DEMO_ACCOUNT } from '@server/seed/demo';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { createTestDatabase } from '../support/database';

/** Runs on the embedded database only (vitest.config.ts leaves it out of server-postgres). */
const config = inject('database');

/** What the handle's queries go to (the pool's handle refuses them once closed). */
const clientOf = (handle: { db: unknown }) => (handle.db as { $client: PGlite }).$client;
/** The PGlite instance behind a pooled handle. */
const instanceOf = (handle: object) => (handle as { client?: PGlite }).client;

/** Everything a test could see of a database: every table's rows, the sequences, the settings. */
async function state(client: PGlite) {
  const tables = (
    await client.query<{ name: string }>(
      `SELECT format('%I.%I', n.nspname, c.relname) AS name
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
          AND n.nspname NOT LIKE 'pg_toast%'
        ORDER BY 1`,
    )
  ).rows.map((row) => row.name);
  const seen: Record<string, string> = {};
  for (const table of tables) {
    const copied = await client.query(`COPY ${table} TO '/dev/blob'`);
    seen[table] = copied.blob ? await copied.blob.text() : '';
  }
  const sequences = await client.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, sequencename) AS name FROM pg_sequences ORDER BY 1`,
  );
  for (const { name } of sequences.rows) {
    const { rows } = await client.query(`SELECT last_value, is_called FROM ${name}`);
    seen[`sequence ${name}`] = JSON.stringify(rows);
  }
  const settings = await client.query(
    `SELECT name, setting FROM pg_settings WHERE source <> 'default' ORDER BY 1`,
  );
  seen.settings = JSON.stringify(settings.rows);
  return seen;
}

/** The demo template as a copy of its own holds it. */
async function templateState() {
  if (config.kind !== 'pglite') throw new Error('the PGlite pool is tested on PGlite');
  const fresh = await openDatabase({
    kind: 'pglite',
    loadDataDir: new Uint8Array(await readFile(config.templates.demo)),
  });
  try {
    return await state(clientOf(fresh));
  } finally {
    await fresh.close();
  }
}

const opened: TestApp[] = [];
async function openApp() {
  const app = await createTestApp({ from: 'demo' });
  opened.push(app);
  return app;
}
afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
});

describe('PGlite copies used again (tests/support/pglite-pool.ts)', () => {
  it('gives the next test the template again after writes, deletes, sequences and settings', async () => {
    const expected = await templateState();
    for (let round = 0; round < 2; round++) {
      const app = await openApp();
      const client = clientOf(app);
      expect(await state(client)).toEqual(expected);

      const [owner] = await app.db.select().from(users).where(eq(users.email, DEMO_ACCOUNT.email));
      if (!owner) throw new Error('no demo seller');
      const deps = { db: app.db, clock: app.clock };
      await recharge(deps, null, {
        ownerId: owner.id,
        currency: 'THB',
        amount: 1000 + round,
        idempotencyKey: `recharge-${round}`,
        reference: { type: 'recharge', id: `recharge-${round}` },
      });
      await freeze(deps, null, {
        ownerId: owner.id,
        currency: 'THB',
        amount: 10,
        idempotencyKey: `freeze-${round}`,
        reference: { type: 'service', id: `service-${round}` },
      });
      await app.db.update(users).set({ name: `renamed ${round}` });
      const login = await app.call('POST', '/api-uaa/oauth/loginByPassword', {
        json: { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
      });
      expect(login.body.resp_code).toBe(0);
      await app.db.execute(sql`SET TIME ZONE 'Asia/Bangkok'`);
      expect(await state(client)).not.toEqual(expected);

      await app.close();
      // A closed copy answers nothing, even while the next test uses the instance.
      await expect(app.db.select().from(users)).rejects.toThrow();
    }
    // Reading every row of the demo database, four times.
  }, 90_000);

  it('opens a new instance after a test changed the schema', async () => {
    const expected = await templateState();
    const changed = await createTestDatabase({ from: 'demo' });
    await changed.db.execute(sql`CREATE TABLE scratch (id int)`);
    await changed.close();

    const next = await createTestDatabase({ from: 'demo' });
    try {
      expect(instanceOf(next)).not.toBe(instanceOf(changed));
      expect(await state(clientOf(next))).toEqual(expected);
    } finally {
      await next.close();
    }
  });

  it('hands the instance to the next test when it could be put back', async () => {
    const first = await createTestDatabase({ from: 'demo' });
    await first.db.delete(users);
    await first.close();
    const next = await createTestDatabase({ from: 'demo' });
    try {
      expect(instanceOf(next)).toBe(instanceOf(first));
      expect(await next.db.select().from(users)).not.toHaveLength(0);
    } finally {
      await next.close();
    }
  });
});
