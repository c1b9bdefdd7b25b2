import * as schema from '@server/db/schema/index';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { AppUnderTest } from './app';

/**
 * Whose every row of the database is: the tenant (a main account and its sub-accounts), and where
 * a row is one account's own (its sessions, messages, tours) or one shop's, that account or shop.
 * The authorization matrix and the fuzz run watch every change a call makes to the product's
 * tables (a trigger logs each row written, ./tenant-rows.ts `watchRows`) and fail a change to a
 * row out of the caller's reach; they read each tenant's ids and names to find them in answers
 * that must not hold them.
 *
 * Every table is listed: a new table fails `unclassifiedTables` until it is said whose it is.
 */

type Row = Record<string, unknown>;

/** Who a row belongs to. `tenant` is the main account's id. */
export interface Owner {
  tenant: string | null;
  /** The one account a row belongs to, when it is an account's own. */
  user: string | null;
  /** The one shop a row belongs to, when it is a shop's. */
  shop: string | null;
}

/** What is known of the accounts, shops and wallets, to say whose a row is. */
interface Lookup {
  tenantOfUser(id: unknown): string | null;
  ownerOfShop(id: unknown): string | null;
  ownerOfWallet(id: unknown): string | null;
  ownerOfWarehouse(id: unknown): string | null;
  ownerOfService(id: unknown): string | null;
}

type Classification =
  | ((row: Row, lookup: Lookup) => Owner)
  /** Content every account reads and only operators write (help, announcements, sites, rates). */
  | 'shared'
  /** Rows of no tenant: limits, codes and tickets before sign-in, callbacks, reconciliation. */
  | 'none';

const text = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);
const owned =
  (column: string, shop?: string): Classification =>
  (row) => ({ tenant: text(row[column]), user: null, shop: shop ? text(row[shop]) : null });
const personal =
  (column: string): Classification =>
  (row, lookup) => ({
    tenant: lookup.tenantOfUser(row[column]),
    user: text(row[column]),
    shop: null,
  });

const TABLES: Record<string, Classification> = {
  users: (row) => ({ tenant: text(row.parent_id ?? row.id), user: text(row.id), shop: null }),
  sessions: personal('user_id'),
  wechat_bind_tickets: personal('user_id'),
  messages: personal('user_id'),
  message_subscriptions: personal('user_id'),
  announcement_views: personal('user_id'),
  guide_progress: personal('user_id'),
  activity_events: personal('user_id'),
  short_links: personal('user_id'),
  shop_auth_states: personal('user_id'),
  user_shops: (row, lookup) => ({
    tenant: lookup.tenantOfUser(row.user_id),
    user: text(row.user_id),
    shop: text(row.shop_id),
  }),
  collected_products: owned('owner_id'),
  products: owned('owner_id', 'shop_id'),
  product_status_counts: owned('owner_id', 'shop_id'),
  product_list_versions: owned('owner_id'),
  plugin_settings: owned('owner_id'),
  coupons: owned('owner_id'),
  files: owned('owner_id'),
  trade_orders: owned('owner_id'),
  payment_orders: owned('owner_id'),
  shop_authorizations: owned('owner_id'),
  shops: owned('owner_id', 'id'),
  shop_sync: (row, lookup) => ({
    tenant: lookup.ownerOfShop(row.shop_id),
    user: null,
    shop: text(row.shop_id),
  }),
  sync_runs: owned('owner_id'),
  platform_orders: owned('owner_id', 'shop_id'),
  service_orders: owned('owner_id', 'shop_id'),
  service_steps: (row, lookup) => ({
    tenant: lookup.ownerOfService(row.service_order_id),
    user: null,
    shop: null,
  }),
  // A proof photo is its uploader's (an operator's) until a step of a service holds it.
  service_proofs: personal('uploaded_by'),
  service_price_lists: 'shared',
  order_submissions: owned('owner_id'),
  order_returns: owned('owner_id', 'shop_id'),
  purchase_links: owned('owner_id'),
  shop_product_settings: (row, lookup) => ({
    tenant: lookup.ownerOfShop(row.shop_id),
    user: null,
    shop: text(row.shop_id),
  }),
  media: owned('owner_id'),
  wallets: owned('owner_id'),
  purchases: owned('owner_id', 'shop_id'),
  warehouses: owned('owner_id'),
  warehouse_charges: owned('owner_id'),
  warehouse_orders: owned('owner_id'),
  warehouse_stock: (row, lookup) => ({
    tenant: lookup.ownerOfWarehouse(row.warehouse_id),
    user: null,
    shop: null,
  }),
  warehouse_usage: (row, lookup) => ({
    tenant: lookup.ownerOfWarehouse(row.warehouse_id),
    user: null,
    shop: null,
  }),
  wallet_freezes: owned('owner_id'),
  ledger_account_checks: owned('owner_id'),
  ledger_entries: (row, lookup) => ({
    tenant: lookup.ownerOfWallet(row.wallet_id),
    user: null,
    shop: null,
  }),
  ledger_postings: (row, lookup) => ({
    tenant: lookup.ownerOfWallet(row.wallet_id),
    user: null,
    shop: null,
  }),
  idempotency_keys: owned('owner_id'),
  announcements: 'shared',
  help_articles: 'shared',
  config_values: 'shared',
  sites: 'shared',
  exchange_rates: 'shared',
  ledger_checks: 'none',
  rate_limits: 'none',
  oauth_states: 'none',
  verification_codes: 'none',
  verification_tickets: 'none',
  captcha_challenges: 'none',
  mail_outbox: 'none',
  payment_callbacks: 'none',
  /** Push ids taken once, before any shop is known to be ours. */
  order_pushes: 'none',
  catalogue_categories: 'shared',
  catalogue_suppliers: 'shared',
  catalogue_products: 'shared',
  catalogue_skus: 'shared',
  catalogue_token_stats: 'shared',
  catalogue_token_top: 'shared',
  catalogue_token_newest: 'shared',
  catalogue_token_price: 'shared',
  catalogue_follows: (row, lookup) => ({
    tenant: lookup.ownerOfShop(row.shop_id),
    user: null,
    shop: text(row.shop_id),
  }),
  cart_items: personal('user_id'),
};

/** The product's tables as the schema declares them (the sandbox's, in a schema of their own, stand apart). */
function productTables(): string[] {
  return (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableConfig(table))
    .filter((config) => config.schema === undefined || config.schema === 'public')
    .map((config) => config.name);
}

/** Tables of the schema not said to be anyone's. */
export function unclassifiedTables(): string[] {
  return productTables().filter((name) => !(name in TABLES));
}

/** What an actor may change: its tenant's rows, narrowed for a sub-account to its own and its shops'. */
export interface Reach {
  /** Null: no tenant (not signed in). */
  tenant: string | null;
  /** A sub-account: only its own account's rows among the per-account ones. */
  user?: string;
  /** A sub-account: only these shops' rows among the per-shop ones. */
  shops?: readonly string[];
}

/** Whether a row is out of the actor's reach: another tenant's, shared, or (for a sub-account) another account's or shop's. */
function outOfReach(owner: Owner | 'shared', reach: Reach): boolean {
  if (owner === 'shared') return true;
  // A row of no known tenant (a sub-account's row after its account was removed) is judged by
  // the account it names: the caller's tenant removed it, or the row would still be found.
  if (owner.tenant === null) return false;
  if (owner.tenant !== reach.tenant) return true;
  if (reach.user !== undefined && owner.user !== null && owner.user !== reach.user) return true;
  if (reach.shops && owner.shop !== null && !reach.shops.includes(owner.shop)) return true;
  return false;
}

const rowsOf = (result: unknown): Row[] =>
  ((result as { rows?: Row[] }).rows ?? (result as Row[])) as Row[];

/** A change of one row as the trigger logged it. */
interface LoggedChange {
  tbl: string;
  op: string;
  old: Row | null;
  new: Row | null;
}

export interface RowChange {
  table: string;
  op: string;
  owner: Owner | 'shared';
  /** The row is of a tenant the same call made (a registration): no one else's. */
  newTenant: boolean;
}

/**
 * Logs every row written to the product's tables (the sandbox's aside) into a table of the test
 * database's own, and says whose each was: `take()` returns the changes since the last call and
 * forgets them. Ownership comes from the rows as they were and are, and from the accounts, shops
 * and wallets known (kept up to date from the log itself, so a row removed with its account is
 * still known).
 */
export async function watchRows(t: Pick<AppUnderTest, 'db'>) {
  const tables = Object.entries(TABLES)
    .filter(([, how]) => how !== 'none')
    .map(([name]) => name);
  const statements = [
    `create table if not exists test_row_changes (
      id bigserial primary key, tbl text not null, op text not null, old jsonb, new jsonb)`,
    `create or replace function test_log_row_change() returns trigger language plpgsql as $$
    begin
      insert into test_row_changes (tbl, op, old, new) values (
        TG_TABLE_NAME, TG_OP,
        case when TG_OP <> 'INSERT' then to_jsonb(OLD) end,
        case when TG_OP <> 'DELETE' then to_jsonb(NEW) end);
      return null;
    end $$`,
    ...tables.flatMap((table) => [
      `drop trigger if exists test_log_row_change on ${table}`,
      `create trigger test_log_row_change after insert or update or delete on ${table}
        for each row execute function test_log_row_change()`,
    ]),
  ];
  for (const statement of statements) await t.db.execute(sql.raw(statement));
  const userTenants = new Map<string, string>();
  const shopOwners = new Map<string, string>();
  const walletOwners = new Map<string, string>();
  const warehouseOwners = new Map<string, string>();
  const serviceOwners = new Map<string, string>();
  const learn = (table: string, row: Row | null) => {
    if (!row) return;
    if (table === 'users') userTenants.set(String(row.id), String(row.parent_id ?? row.id));
    if (table === 'shops') shopOwners.set(String(row.id), String(row.owner_id));
    if (table === 'wallets') walletOwners.set(String(row.id), String(row.owner_id));
    if (table === 'warehouses') warehouseOwners.set(String(row.id), String(row.owner_id));
    if (table === 'service_orders') serviceOwners.set(String(row.id), String(row.owner_id));
  };
  for (const row of rowsOf(await t.db.execute(sql.raw('select id, parent_id from users'))))
    learn('users', row);
  for (const row of rowsOf(await t.db.execute(sql.raw('select id, owner_id from shops'))))
    learn('shops', row);
  for (const row of rowsOf(await t.db.execute(sql.raw('select id, owner_id from wallets'))))
    learn('wallets', row);
  for (const row of rowsOf(await t.db.execute(sql.raw('select id, owner_id from warehouses'))))
    learn('warehouses', row);
  for (const row of rowsOf(await t.db.execute(sql.raw('select id, owner_id from service_orders'))))
    learn('service_orders', row);
  const lookup: Lookup = {
    tenantOfUser: (id) => (id == null ? null : (userTenants.get(String(id)) ?? null)),
    ownerOfShop: (id) => (id == null ? null : (shopOwners.get(String(id)) ?? null)),
    ownerOfWallet: (id) => (id == null ? null : (walletOwners.get(String(id)) ?? null)),
    ownerOfWarehouse: (id) => (id == null ? null : (warehouseOwners.get(String(id)) ?? null)),
    ownerOfService: (id) => (id == null ? null : (serviceOwners.get(String(id)) ?? null)),
  };
  const ownerOf = (table: string, row: Row): Owner | 'shared' => {
    const how = TABLES[table];
    if (how === 'shared') return 'shared';
    if (!how || how === 'none') return { tenant: null, user: null, shop: null };
    return how(row, lookup);
  };

  return {
    /** Whose a row of a table is (for the secrets below). */
    ownerOf,
    /** The changes since the last call, each with whose row it was (or became). */
    async take(): Promise<RowChange[]> {
      const logged = rowsOf(
        await t.db.execute(sql.raw('delete from test_row_changes returning tbl, op, old, new')),
      ) as unknown as LoggedChange[];
      if (logged.length === 0) return [];
      const parse = (value: unknown) =>
        (typeof value === 'string' ? JSON.parse(value) : value) as Row | null;
      const changes = logged.map((change) => ({
        ...change,
        old: parse(change.old),
        new: parse(change.new),
      }));
      for (const change of changes) learn(change.tbl, change.new ?? change.old);
      const born = new Set(
        changes
          .filter(
            (change) =>
              change.tbl === 'users' && change.op === 'INSERT' && change.new?.parent_id == null,
          )
          .map((change) => String(change.new?.id)),
      );
      const out: RowChange[] = [];
      for (const change of changes) {
        // A write that changed nothing is no change.
        if (change.op === 'UPDATE' && JSON.stringify(change.old) === JSON.stringify(change.new))
          continue;
        // A row moved from one owner to another counts as a change of both.
        for (const row of [change.old, change.new])
          if (row) {
            const owner = ownerOf(change.tbl, row);
            const newTenant = owner !== 'shared' && owner.tenant !== null && born.has(owner.tenant);
            out.push({ table: change.tbl, op: change.op, owner, newTenant });
          }
      }
      return out;
    },
  };
}

export type RowWatch = Awaited<ReturnType<typeof watchRows>>;

/** The changes of rows out of the actor's reach. */
export function changesOutOfReach(changes: readonly RowChange[], reach: Reach): RowChange[] {
  return changes.filter((change) => !change.newTenant && outOfReach(change.owner, reach));
}

/** Text columns that name a tenant's things (besides every uuid it holds). */
const NAMED_TEXT: Record<string, readonly string[]> = {
  users: ['email', 'name'],
  shops: ['name', 'alias', 'external_id'],
  payment_orders: ['order_no'],
  trade_orders: ['trade_no'],
  collected_products: ['title'],
  platform_orders: ['external_id', 'buyer_name'],
  service_orders: ['service_no', 'platform_order_no'],
  order_returns: ['return_no', 'tracking_no'],
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Secrets = Map<string, Owner>;

/**
 * What names each tenant's things: every uuid in its rows and the names and numbers above, each
 * with the account and shop it belongs to. A value found in two tenants' rows, or in shared
 * ones, names nothing of one tenant and is left out; so are values shorter than six characters.
 */
export async function tenantSecrets(
  t: Pick<AppUnderTest, 'db'>,
  watch: RowWatch,
): Promise<Secrets> {
  const tenants = new Map<string, Set<string>>();
  const where: Secrets = new Map();
  for (const [table, how] of Object.entries(TABLES)) {
    if (how === 'none') continue;
    const rows = rowsOf(await t.db.execute(sql.raw(`select to_jsonb(t) as row from ${table} t`)));
    for (const { row: raw } of rows) {
      const row = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Row;
      const owner = watch.ownerOf(table, row);
      const tenant = owner === 'shared' ? 'shared' : owner.tenant;
      if (tenant === null) continue;
      for (const [column, value] of Object.entries(row)) {
        if (typeof value !== 'string' || value.length < 6) continue;
        if (!UUID.test(value) && !(NAMED_TEXT[table] ?? []).includes(column)) continue;
        tenants.set(value, (tenants.get(value) ?? new Set()).add(tenant));
        if (owner === 'shared') continue;
        const known = where.get(value);
        // A value seen in a shop's row and elsewhere in the tenant belongs to the tenant at large.
        where.set(value, {
          tenant,
          user: known && known.user !== owner.user ? null : owner.user,
          shop: known && known.shop !== owner.shop ? null : owner.shop,
        });
      }
    }
  }
  for (const [value, seen] of tenants) if (seen.size > 1 || seen.has('shared')) where.delete(value);
  return where;
}

/**
 * The secrets an actor must not be answered: every other tenant's, and for a sub-account its
 * tenant's shops it does not hold. (Per-account values of its tenant are not secret from it: a
 * sub-account sees its main account's id.)
 */
export function secretsOutOfReach(secrets: Secrets, reach: Reach): Set<string> {
  const out = new Set<string>();
  for (const [value, owner] of secrets) {
    if (owner.tenant !== reach.tenant) out.add(value);
    else if (reach.shops && owner.shop !== null && !reach.shops.includes(owner.shop))
      out.add(value);
  }
  return out;
}
