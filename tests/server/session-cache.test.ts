import { createApp } from '@server/app';
import { openDatabase } from '@server/db/client';
import {
  changesSessions,
  createSessionFeed,
  sessionFeedOf,
  statementWatcher,
} from '@server/db/session-changes';
import { createLogger } from '@server/lib/logger';
import { DEMO_ACCOUNT } from '@server/seed/demo';
import { API_CLIENTS, basicClientAuth, HEADERS } from '@shared/contracts/protocol';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { withDatabase } from '../support/database-config';

type Queryable = { query: (...args: unknown[]) => unknown };

/** The statements an app's database runs while `run` goes on. */
async function statementsDuring(db: object, run: () => Promise<unknown>): Promise<string[]> {
  const client = (db as { $client: Queryable }).$client;
  const original = client.query;
  const seen: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first] = args;
    seen.push(typeof first === 'string' ? first : ((first as { text?: string })?.text ?? ''));
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return seen;
}

const headers = (token?: string) => ({
  [HEADERS.authorization]: basicClientAuth(API_CLIENTS.console),
  ...(token ? { [HEADERS.token]: token } : {}),
});

async function signIn(app: { request: TestApp['app']['request'] }) {
  const res = await app.request('/api-uaa/oauth/loginByPassword', {
    method: 'POST',
    headers: { ...headers(), 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
  });
  const body = (await res.json()) as { datas: { access_token: string } };
  return body.datas.access_token;
}

const userInfo = (app: { request: TestApp['app']['request'] }, token: string) =>
  app.request('/api-user/user/userInfo', { headers: headers(token) });

describe('which statements change a session', () => {
  it('any write to users or user_shops, a removed shop, and a session ended, but not a sign-in or a touch', () => {
    for (const changing of [
      'update "users" set "status" = $1 where "users"."id" = $2',
      'update "users" set "grants" = $1, "updated_at" = $2 where "users"."id" = $3',
      'delete from "users" where "users"."id" = $1',
      'insert into "user_shops" ("user_id", "shop_id") values ($1, $2)',
      'delete from "user_shops" where "user_shops"."user_id" = $1',
      'update "sessions" set "revoked_at" = $1, "revoked_reason" = $2 where "sessions"."id" = $3',
      'delete from "shops" where "shops"."id" = $1',
      'UPDATE users SET role = $1 WHERE id = $2',
    ])
      expect(changesSessions(changing), changing).toBe(true);
    for (const harmless of [
      'select * from "users"',
      'insert into "sessions" ("user_id", "token_hash") values ($1, $2)',
      'update "sessions" set "last_seen_at" = $1 where "sessions"."id" = $2',
      'update "users" set "last_login_at" = $1 where "users"."id" = $2',
      'update "shops" set "alias" = $1 where "shops"."id" = $2',
      'insert into "messages" ("user_id") values ($1)',
    ])
      expect(changesSessions(harmless), harmless).toBe(false);
  });

  it('a change inside a transaction is told when it ends, one outside as it completes', () => {
    const feed = createSessionFeed({}, true);
    const heard: (string | null)[] = [];
    feed.listeners.add((userId) => heard.push(userId));
    const watcher = statementWatcher(feed);
    expect(watcher.before('begin')).toBeNull();
    expect(watcher.before('update "users" set "status" = $1 where "users"."id" = $2')).toBeNull();
    expect(heard).toEqual([]);
    watcher.before('commit')?.();
    expect(heard).toEqual([null]);
    watcher.before('begin');
    watcher.before('select 1');
    expect(watcher.before('commit')).toBeNull();
    watcher.before('delete from "user_shops" where "user_shops"."user_id" = $1')?.();
    expect(heard).toEqual([null, null]);
  });
});

describe('the session cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ from: 'demo' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves a signed-in request without reading the session again, and forgets it at sign-out', async () => {
    const token = await signIn(t.app);
    expect((await userInfo(t.app, token)).status).toBe(200);
    const again = await statementsDuring(t.db, async () => {
      expect((await userInfo(t.app, token)).status).toBe(200);
    });
    expect(again.length).toBeGreaterThan(0);
    expect(again.filter((statement) => /"sessions"/.test(statement))).toEqual([]);

    const out = await t.app.request('/api-uaa/oauth/remove/token', {
      method: 'POST',
      headers: headers(token),
    });
    expect(out.status).toBe(200);
    expect((await userInfo(t.app, token)).status).toBe(401);
  });

  it('forgets an account disabled by a statement of any code, at once', async () => {
    const token = await signIn(t.app);
    expect((await userInfo(t.app, token)).status).toBe(200);
    await t.db.execute(
      sql.raw(`update users set status = 'forbidden' where email = '${DEMO_ACCOUNT.email}'`),
    );
    expect((await userInfo(t.app, token)).status).toBe(401);
    await t.db.execute(
      sql.raw(`update users set status = 'enabled' where email = '${DEMO_ACCOUNT.email}'`),
    );
  });
});

const database = inject('database');
if (database.kind === 'postgres') {
  describe('across processes (PostgreSQL)', () => {
    let t: TestApp;
    let other: Awaited<ReturnType<typeof openDatabase>>;
    beforeAll(async () => {
      t = await createTestApp({ from: 'demo' });
      const [row] = (
        (await t.db.execute(sql.raw('select current_database() as name'))) as unknown as {
          rows: { name: string }[];
        }
      ).rows;
      other = await openDatabase({
        kind: 'postgres',
        url: withDatabase(database.url, row?.name ?? ''),
        maxConnections: 2,
      });
    });
    afterAll(async () => {
      await other?.close();
      await t?.close();
    });

    it('a session ended in one process is forgotten by another as soon as it is told', async () => {
      // Another server process on the same database: its own pool, cache and notifications.
      const second = createApp({
        db: other.db,
        clock: t.clock,
        config: t.deps.config,
        logger: createLogger({ level: 'error', write: () => {} }),
      });
      const token = await signIn(t.app);
      expect((await userInfo(second, token)).status).toBe(200);
      const cached = await statementsDuring(other.db, async () => {
        expect((await userInfo(second, token)).status).toBe(200);
      });
      expect(cached.filter((statement) => /"sessions"/.test(statement))).toEqual([]);

      const feed = sessionFeedOf(other.db);
      expect(feed?.live).toBe(true);
      const told = new Promise<string | null>((resolve) => {
        const listener = (userId: string | null) => {
          feed?.listeners.delete(listener);
          resolve(userId);
        };
        feed?.listeners.add(listener);
      });
      const out = await t.app.request('/api-uaa/oauth/remove/token', {
        method: 'POST',
        headers: headers(token),
      });
      expect(out.status).toBe(200);
      expect(await told).toMatch(/^[0-9a-f-]{36}$/);
      expect((await userInfo(second, token)).status).toBe(401);
    });
  });
}
