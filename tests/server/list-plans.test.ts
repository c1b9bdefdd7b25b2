import { DEMO_ACCOUNT } from '@server/seed/demo';
import { seedDemoWallet } from '@server/seed/wallet';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

/**
 * Every list call, asked for on a database where the tables behind it hold 100,000 rows of a
 * thousand other sellers, must find its rows through an index: each statement it runs is
 * EXPLAINed, and a sequential scan over a table that large fails the test. Runs on PGlite, and on
 * PostgreSQL with DATABASE_URL (the server-postgres project).
 */

const ROWS = 100_000;
const TENANTS = 1000;

/** A table behind a list call, and how its copies are told apart. */
interface Fill {
  table: string;
  /** Which rows are copied (the demo seller's, unless said). */
  template: (demo: string) => string;
  /** Columns naming the seller (another one in each copy) or its wallet. */
  owner?: string[];
  wallet?: string;
  /** Unique columns: text gets a suffix, numbers an offset, uuids a new value. */
  unique?: string[];
  /** Columns left empty in the copies (unique only where set). */
  empty?: string[];
  /** Triggers off while copying (the journal's balance check: copies have no postings). */
  triggers?: string[];
}

const FILLS: Fill[] = [
  {
    table: 'collected_products',
    template: (demo) => `owner_id = '${demo}'`,
    owner: ['owner_id'],
    unique: ['item_id'],
  },
  { table: 'messages', template: (demo) => `user_id = '${demo}'`, owner: ['user_id'] },
  { table: 'coupons', template: (demo) => `owner_id = '${demo}'`, owner: ['owner_id'] },
  {
    table: 'trade_orders',
    template: (demo) => `owner_id = '${demo}'`,
    owner: ['owner_id'],
    unique: ['trade_no'],
    empty: ['coupon_id'],
  },
  {
    table: 'payment_orders',
    template: (demo) => `owner_id = '${demo}'`,
    owner: ['owner_id'],
    unique: ['order_no', 'idempotency_key'],
    empty: ['provider_trade_no'],
  },
  {
    table: 'ledger_entries',
    template: (demo) => `wallet_id in (select id from wallets where owner_id = '${demo}')`,
    wallet: 'wallet_id',
    unique: ['sequence'],
    triggers: ['ledger_entries_balanced'],
  },
  {
    table: 'wallet_freezes',
    template: (demo) => `owner_id = '${demo}'`,
    owner: ['owner_id'],
    wallet: 'wallet_id',
    unique: ['reference_id'],
  },
  {
    // Sub-accounts: every other seller has a hundred.
    table: 'users',
    template: (demo) => `id = '${demo}'`,
    owner: ['parent_id'],
    unique: ['email'],
    empty: ['phone', 'wechat_open_id'],
  },
  {
    table: 'shops',
    template: (demo) => `owner_id = '${demo}'`,
    owner: ['owner_id'],
    unique: ['external_id'],
  },
  { table: 'announcements', template: () => 'true' },
  { table: 'help_articles', template: () => 'true' },
];

/** Every list call of the API, as the console asks for its first page. */
const LIST_CALLS = [
  '/api-product/collect/list?page=1&limit=20&status=unclaimed',
  '/api-product/collect/list?page=2&limit=20&status=claimed&keyword=shirt',
  '/api-user/message/getMessageList?page=1&limit=10',
  '/api-user/coupon/list?page=1&limit=10',
  '/api-user/pay/trade/list?page=1&limit=10',
  '/api-user/pay/recharge/list?page=1&limit=10',
  '/api-user/user/balance_record/list?page=1&limit=10',
  '/api-user/user/freeze_record/list?page=1&limit=10',
  '/api-user/subAccount/list?page=1&limit=10',
  '/api-user/shop/list',
  '/user-center/user/notice/list?page=1&limit=10',
  '/user-center/helpcenter/list/size?page=1&limit=10',
];

/**
 * Every keyset list, asked for a page after its first and one back from there: the first page is
 * asked for one row, and its `next`, then that page's `previous`, name the positions.
 */
const KEYSET_CALLS = [
  '/api-product/collect/list?status=unclaimed',
  '/api-product/collect/list?status=claimed',
  '/api-user/message/getMessageList',
  '/api-user/message/getMessageList?isRead=1',
  '/api-user/coupon/list?status=unused',
  '/api-user/coupon/list?status=used',
  '/api-user/coupon/list?status=expired',
  '/api-user/coupon/list?status=freezing',
  '/api-user/pay/trade/list',
  '/api-user/pay/recharge/list',
  '/api-user/user/balance_record/list',
  '/api-user/user/freeze_record/list',
  '/api-user/subAccount/list',
  '/api-user/subAccount/list?status=enabled',
  '/user-center/user/notice/list',
  '/user-center/helpcenter/list/size',
];

let t: TestApp;
let token: string;
/** A seller copied from the demo, with a hundred of each of its rows (and sub-accounts). */
let tenantToken: string;
let demoId: string;

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

async function query<T>(text: string): Promise<T[]> {
  return rowsOf<T>(await t.db.execute(sql.raw(text)));
}

async function columnsOf(table: string) {
  return query<{
    column_name: string;
    data_type: string;
    is_identity: string;
    column_default: string | null;
    is_generated: string;
  }>(
    `select column_name, data_type, is_identity, column_default, is_generated
     from information_schema.columns where table_schema = 'public' and table_name = '${table}'
     order by ordinal_position`,
  );
}

/** A thousand other sellers, each with wallets like the demo seller's. */
async function makeTenants() {
  const columns = (await columnsOf('users')).filter(
    (c) => c.is_identity !== 'YES' && c.is_generated !== 'ALWAYS',
  );
  const pick = (name: string) =>
    name === 'id'
      ? 'gen_random_uuid()'
      : name === 'email'
        ? `'plan-' || n || '@example.com'`
        : name === 'phone' || name === 'wechat_open_id' || name === 'parent_id'
          ? 'null'
          : `u."${name}"`;
  await query(`create table plan_tenants (n int primary key, id uuid not null)`);
  await query(`
    insert into users (${columns.map((c) => `"${c.column_name}"`).join(', ')})
    select ${columns.map((c) => pick(c.column_name)).join(', ')}
    from users u cross join generate_series(0, ${TENANTS - 1}) n where u.id = '${demoId}'`);
  await query(`
    insert into plan_tenants (n, id)
    select substring(email from 'plan-([0-9]+)@')::int, id from users where email like 'plan-%@example.com'`);
  const wallet = (await columnsOf('wallets')).filter((c) => c.is_identity !== 'YES');
  await query(
    `create table plan_wallets (old_id uuid, n int, new_id uuid, primary key (old_id, n))`,
  );
  await query(`
    insert into plan_wallets select w.id, pt.n, gen_random_uuid()
    from wallets w cross join plan_tenants pt where w.owner_id = '${demoId}'`);
  await query(`
    insert into wallets (${wallet.map((c) => `"${c.column_name}"`).join(', ')})
    select ${wallet
      .map((c) =>
        c.column_name === 'id'
          ? 'pw.new_id'
          : c.column_name === 'owner_id'
            ? 'pt.id'
            : `w."${c.column_name}"`,
      )
      .join(', ')}
    from plan_wallets pw join wallets w on w.id = pw.old_id join plan_tenants pt on pt.n = pw.n`);
}

/** Copies of the template rows, each copy another seller's, until the table holds ROWS more. */
async function fill(spec: Fill) {
  const [{ count } = { count: 0 }] = await query<{ count: number }>(
    `select count(*)::int as count from "${spec.table}" where ${spec.template(demoId)}`,
  );
  expect(count, `${spec.table} has rows to copy`).toBeGreaterThan(0);
  const copies = Math.ceil(ROWS / count);
  const columns = (await columnsOf(spec.table)).filter(
    (c) =>
      c.is_identity !== 'YES' &&
      c.is_generated !== 'ALWAYS' &&
      !c.column_default?.startsWith('nextval('),
  );
  const expression = (c: (typeof columns)[number]) => {
    const name = c.column_name;
    if (name === 'id' && c.data_type === 'uuid') return 'gen_random_uuid()';
    if (spec.owner?.includes(name)) return 'pt.id';
    if (spec.wallet === name) return 'pw.new_id';
    if (spec.empty?.includes(name)) return 'null';
    if (spec.unique?.includes(name)) {
      if (c.data_type === 'uuid') return 'gen_random_uuid()';
      if (c.data_type === 'integer' || c.data_type === 'bigint')
        return `base."${name}" + g * 10000`;
      return `base."${name}" || '#' || g`;
    }
    return `base."${name}"`;
  };
  for (const trigger of spec.triggers ?? [])
    await query(`alter table "${spec.table}" disable trigger "${trigger}"`);
  // Indexes are built once after the copy rather than kept up row by row, and foreign keys
  // checked once over the whole table rather than by a lookup per row (the same indexes and
  // keys: adding a key back validates every row, so a copy that broke one fails here).
  const indexes = await query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes
     where schemaname = 'public' and tablename = '${spec.table}' and indexname not like '%_pkey'`,
  );
  const foreignKeys = await query<{ name: string; definition: string }>(
    `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
     where conrelid = '"${spec.table}"'::regclass and contype = 'f'`,
  );
  for (const index of indexes) await query(`drop index "${index.indexname}"`);
  for (const key of foreignKeys)
    await query(`alter table "${spec.table}" drop constraint "${key.name}"`);
  await query(`
    insert into "${spec.table}" (${columns.map((c) => `"${c.column_name}"`).join(', ')})
    select ${columns.map(expression).join(', ')}
    from (select * from "${spec.table}" where ${spec.template(demoId)}) base
    cross join generate_series(1, ${copies}) g
    join plan_tenants pt on pt.n = g % ${TENANTS}
    ${spec.wallet ? `join plan_wallets pw on pw.old_id = base."${spec.wallet}" and pw.n = pt.n` : ''}
    limit ${ROWS}`);
  for (const index of indexes) await query(index.indexdef);
  for (const key of foreignKeys)
    await query(`alter table "${spec.table}" add constraint "${key.name}" ${key.definition}`);
  for (const trigger of spec.triggers ?? [])
    await query(`alter table "${spec.table}" enable trigger "${trigger}"`);
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode, found: string[] = []): string[] {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) found.push(node['Relation Name']);
  for (const child of node.Plans ?? []) seqScans(child, found);
  return found;
}

/** The statements a call runs, as the database is asked them, and its answer's data. */
async function statementsOf(path: string) {
  return (await run(path)).statements;
}

interface Queryable {
  query: (...args: unknown[]) => unknown;
}

async function run(path: string, as = token) {
  const client = (
    t.db as unknown as {
      $client: Queryable & {
        transaction?: (body: (tx: Queryable) => unknown, ...rest: unknown[]) => unknown;
        connect?: (...args: unknown[]) => Promise<Queryable>;
      };
    }
  ).$client;
  const seen: { text: string; params: unknown[] }[] = [];
  const restore: (() => void)[] = [];
  /** Notes the selects `target` runs (the client, a transaction's, a pooled connection's). */
  const watch = (target: Queryable) => {
    const original = target.query;
    target.query = function (this: unknown, ...args: unknown[]) {
      const [first, second] = args;
      const text = typeof first === 'string' ? first : ((first as { text?: string })?.text ?? '');
      const params = Array.isArray(second)
        ? second
        : ((first as { values?: unknown[] })?.values ?? []);
      if (/^\s*(select|with)\b/i.test(text)) seen.push({ text, params });
      return original.apply(this, args);
    };
    restore.push(() => {
      target.query = original;
    });
  };
  watch(client);
  // Statements inside a transaction (a list read from one snapshot) run on its own handle.
  const { transaction, connect } = client;
  if (transaction) {
    client.transaction = function (this: unknown, body, ...rest) {
      return transaction.call(
        this,
        (tx: Queryable) => {
          watch(tx);
          return body(tx);
        },
        ...rest,
      );
    };
    restore.push(() => {
      client.transaction = transaction;
    });
  }
  if (connect) {
    client.connect = function (this: unknown, ...args: unknown[]) {
      // The callback form is the pool's own `query` (already watched on the pool): passed on.
      if (typeof args.at(-1) === 'function') return connect.apply(this, args);
      return Promise.resolve(connect.apply(this, args)).then((connection: Queryable) => {
        watch(connection);
        return connection;
      });
    };
    restore.push(() => {
      client.connect = connect;
    });
  }
  let datas: Record<string, unknown>;
  try {
    const res = await t.call('GET', path, { token: as });
    expect(res.body.resp_code, `${path}: ${res.text.slice(0, 300)}`).toBe(0);
    datas = res.body.datas;
  } finally {
    for (const undo of restore.reverse()) undo();
  }
  return { statements: seen, datas };
}

/** Fails on a sequential scan of a large table in any statement of the call. */
async function expectIndexed(path: string, statements: { text: string; params: unknown[] }[]) {
  expect(statements.length, `${path} ran no select`).toBeGreaterThan(0);
  const large = new Set(FILLS.map((spec) => spec.table));
  for (const statement of statements) {
    const plan = await explain(statement);
    const scanned = seqScans(plan).filter((table) => large.has(table));
    expect(scanned, `${path}\n${statement.text}\n${JSON.stringify(plan)}`).toEqual([]);
  }
}

async function explain(statement: { text: string; params: unknown[] }): Promise<PlanNode> {
  const client = (
    t.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }
  ).$client;
  const result = await client.query(`explain (format json) ${statement.text}`, statement.params);
  const [row] = rowsOf<Record<string, unknown>>(result);
  const plan = Object.values(row ?? {})[0];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
  return parsed[0]?.Plan as PlanNode;
}

beforeAll(async () => {
  t = await createTestApp({ from: 'demo' });
  const login = await t.call('POST', '/api-uaa/oauth/loginByPassword', {
    json: { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
  });
  token = login.body.datas.access_token;
  const [demo] = await query<{ id: string }>(
    `select id from users where email = '${DEMO_ACCOUNT.email}'`,
  );
  demoId = demo?.id ?? '';
  // The demo's money (recharges, coupons, orders, freezes), as the seller's own run has it.
  await seedDemoWallet(t.deps, demoId);
  await makeTenants();
  for (const spec of FILLS) await fill(spec);
  await query('analyze');
  const tenant = await t.call('POST', '/api-uaa/oauth/loginByPassword', {
    json: { username: 'plan-1@example.com', password: DEMO_ACCOUNT.password },
  });
  expect(tenant.body.resp_code, tenant.text).toBe(0);
  tenantToken = tenant.body.datas.access_token;
}, 600_000);

afterAll(async () => {
  await t?.close();
});

describe('list calls on tables of 100,000 rows', () => {
  it('the tables behind them hold at least 100,000 rows', async () => {
    for (const spec of FILLS) {
      const [{ count } = { count: 0 }] = await query<{ count: number }>(
        `select count(*)::int as count from "${spec.table}"`,
      );
      expect(count, spec.table).toBeGreaterThanOrEqual(ROWS);
    }
  });

  it.each(LIST_CALLS)(
    '%s reads through an index, never a sequential scan of a large table',
    async (path) => {
      await expectIndexed(path, await statementsOf(path));
    },
  );

  it.each(KEYSET_CALLS)(
    '%s reads a keyset page, forwards and back, through an index',
    async (path) => {
      const join = path.includes('?') ? '&' : '?';
      // The demo seller where it has two rows to page through, else a copy with a hundred
      // (copies of journal entries have no postings, so the balance history is the demo's).
      let as = token;
      let first = await run(`${path}${join}limit=1`, as);
      if (first.datas.next === null) {
        as = tenantToken;
        first = await run(`${path}${join}limit=1`, as);
      }
      const next = first.datas.next;
      expect(next, `${path}: a second row`).toEqual(expect.any(String));
      const after = await run(`${path}${join}limit=1&cursor=${next}`, as);
      expect(after.statements.some((s) => /json_build_array/.test(s.text))).toBe(true);
      await expectIndexed(`${path} after`, after.statements);
      const previous = after.datas.previous;
      expect(previous, `${path}: the second page leads back`).toEqual(expect.any(String));
      const back = await run(`${path}${join}limit=1&cursor=${previous}`, as);
      expect(back.datas.records).toEqual(first.datas.records);
      await expectIndexed(`${path} back`, back.statements);
    },
  );
});
