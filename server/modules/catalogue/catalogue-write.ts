import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { catalogueProducts, catalogueSkus } from '../../db/schema/index';
import {
  indexTokensOfNormalised,
  normaliseForSearch,
  SEARCH_POSTINGS_DEPTH,
} from '../../lib/search-tokens';

export type NewCatalogueProduct = Omit<
  typeof catalogueProducts.$inferInsert,
  'searchText' | 'tokens'
> & { skus: Omit<typeof catalogueSkus.$inferInsert, 'productId'>[] };

/** The titles as search reads them: normalised, each apart (a term never spans two titles). */
export function searchTextOf(titles: {
  titleZh?: string | null;
  titleTh?: string | null;
  titleEn?: string | null;
}): string {
  return [titles.titleZh, titles.titleTh, titles.titleEn]
    .filter((title): title is string => Boolean(title))
    .map(normaliseForSearch)
    .join(' | ');
}

/** The search columns of a product: its normalised titles and their index tokens. */
export function searchColumnsOf(titles: Parameters<typeof searchTextOf>[0]) {
  const searchText = searchTextOf(titles);
  return { searchText, tokens: indexTokensOfNormalised(searchText) };
}

/** Each token with the number of these token lists holding it. */
function documentFrequencies(tokenLists: readonly (readonly string[])[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const tokens of tokenLists)
    for (const token of tokens) df.set(token, (df.get(token) ?? 0) + 1);
  return df;
}

/** Adds counts to the document frequencies (tokens in sorted order: parallel writers never deadlock). */
async function addDocumentFrequencies(
  db: Pick<Database, 'execute'>,
  df: Map<string, number>,
): Promise<void> {
  const entries = [...df].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (let i = 0; i < entries.length; i += 20_000) {
    const chunk = JSON.stringify(entries.slice(i, i + 20_000));
    await db.execute(sql`insert into catalogue_token_stats (token, df)
      select e->>0, (e->>1)::bigint from json_array_elements(${chunk}::json) as e
      order by 1
      on conflict (token) do update set df = catalogue_token_stats.df + excluded.df`);
  }
}

/**
 * Cuts the postings of the given tokens (null: of every token) back to their best `depth`
 * (SEARCH_POSTINGS_DEPTH; a test cuts them shorter): for each token held by more products, the first to drop is found by the
 * index and it and every one after it go.
 */
export function trimPostings(tokens: readonly string[] | null, depth = SEARCH_POSTINGS_DEPTH): SQL {
  const which =
    tokens === null
      ? sql`true`
      : sql`s.token in (select json_array_elements_text(${JSON.stringify(tokens)}::json))`;
  return sql`delete from catalogue_token_top k using (
      select s.token, c.sales, c.product_id from catalogue_token_stats s
      cross join lateral (select t.sales, t.product_id from catalogue_token_top t where t.token = s.token
        order by t.sales desc nulls last, t.product_id desc nulls last offset ${depth} limit 1) c
      where s.df > ${depth} and ${which}
    ) d
    where k.token = d.token and (k.sales, k.product_id) <= (d.sales, d.product_id)`;
}

/**
 * The newest and price postings of common tokens (held by more than `depth` products), cut back
 * to their `depth` newest, cheapest and dearest: the given tokens' (null: every token's).
 */
function trimSortedPostings(
  tokens: readonly string[] | null,
  depth = SEARCH_POSTINGS_DEPTH,
): SQL[] {
  const which =
    tokens === null
      ? sql`select token from catalogue_token_stats where df > ${depth}`
      : sql`select json_array_elements_text(${JSON.stringify(tokens)}::json) as token`;
  return [
    sql`delete from catalogue_token_newest k using (
      select s.token, c.listed_at, c.product_id from (${which}) s
      cross join lateral (select t.listed_at, t.product_id from catalogue_token_newest t where t.token = s.token
        order by t.listed_at desc, t.product_id desc offset ${depth} limit 1) c
    ) d
    where k.token = d.token and (k.listed_at, k.product_id) <= (d.listed_at, d.product_id)`,
    sql`delete from catalogue_token_price k using (
      select s.token, c.price, c.product_id from (${which}) s
      cross join lateral (select t.price, t.product_id from catalogue_token_price t
        where t.token = s.token and not t.dearest
        order by t.price, t.product_id offset ${depth} limit 1) c
    ) d
    where k.token = d.token and not k.dearest and (k.price, k.product_id) >= (d.price, d.product_id)`,
    sql`delete from catalogue_token_price k using (
      select s.token, c.price, c.product_id from (${which}) s
      cross join lateral (select t.price, t.product_id from catalogue_token_price t
        where t.token = s.token and t.dearest
        order by t.price desc, t.product_id desc offset ${depth} limit 1) c
    ) d
    where k.token = d.token and k.dearest and (k.price, k.product_id) <= (d.price, d.product_id)`,
  ];
}

/**
 * Makes the newest and price postings of every common token anew from the products (after a
 * load that wrote products without them): each token held by more than `depth` products gets its
 * `depth` newest, cheapest and dearest mall products.
 */
export function fillSortedPostings(depth = SEARCH_POSTINGS_DEPTH): SQL[] {
  const ranked = (order: SQL) => sql`select token, listed_at, price_min, id from (
      select token, listed_at, price_min, id, row_number() over (partition by token order by ${order}) as n
      from catalogue_broad_pairs
    ) r where n <= ${depth}`;
  return [
    sql`delete from catalogue_token_newest`,
    sql`delete from catalogue_token_price`,
    sql`create temp table catalogue_broad_pairs as
      select t.token, p.listed_at, p.price_min, p.id
      from catalogue_products p cross join lateral unnest(p.tokens) as t(token)
      where p.source = 'mall' and t.token in (select token from catalogue_token_stats where df > ${depth})`,
    sql`insert into catalogue_token_newest (token, listed_at, product_id)
      select token, listed_at, id from (${ranked(sql`listed_at desc, id desc`)}) r`,
    sql`insert into catalogue_token_price (token, dearest, price, product_id)
      select token, false, price_min, id from (${ranked(sql`price_min, id`)}) r`,
    sql`insert into catalogue_token_price (token, dearest, price, product_id)
      select token, true, price_min, id from (${ranked(sql`price_min desc, id desc`)}) r`,
    sql`drop table catalogue_broad_pairs`,
  ];
}

/**
 * Adds mall products to the newest and price postings of the common tokens they hold (held by
 * more than `depth` products). A token that has just become common gets its lists from its sales
 * postings, which list every product holding it until they are cut (so call this before
 * trimPostings).
 */
function addSortedPostings(
  tokens: readonly string[],
  productIds: readonly string[],
  depth = SEARCH_POSTINGS_DEPTH,
): SQL[] {
  const common = sql`(select s.token from catalogue_token_stats s
    where s.token in (select json_array_elements_text(${JSON.stringify(tokens)}::json)) and s.df > ${depth})`;
  const fresh = sql`(select c.token from ${common} c
    where not exists (select 1 from catalogue_token_newest n where n.token = c.token))`;
  const holders = (columns: SQL) => sql`
    select ${columns} from catalogue_token_top k join catalogue_products p on p.id = k.product_id
    where k.token in ${fresh}
    union all
    select ${columns} from catalogue_products p cross join lateral unnest(p.tokens) as k(token)
    where p.id in (select (json_array_elements_text(${JSON.stringify(productIds)}::json))::uuid)
      and p.source = 'mall' and k.token in ${common} and k.token not in ${fresh}`;
  return [
    sql`insert into catalogue_token_price (token, dearest, price, product_id)
      select token, d.dearest, price_min, id from (${holders(sql`k.token, p.price_min, p.id`)}) h
      cross join (values (false), (true)) as d(dearest)
      on conflict do nothing`,
    // Last: the newest lists are what marks a token's lists made.
    sql`insert into catalogue_token_newest (token, listed_at, product_id)
      ${holders(sql`k.token, p.listed_at, p.id`)}
      on conflict do nothing`,
  ];
}

/** Adds mall products to the postings, then cuts the tokens they hold back to their depth. */
async function addPostings(
  db: Pick<Database, 'execute'>,
  products: readonly {
    id: string;
    source: string;
    salesCount?: number | undefined;
    tokens: string[];
  }[],
  depth: number,
): Promise<void> {
  const postings = products
    .filter((product) => product.source === 'mall')
    .flatMap((product) =>
      product.tokens.map((token) => [token, product.salesCount ?? 0, product.id] as const),
    )
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (postings.length === 0) return;
  for (let i = 0; i < postings.length; i += 20_000) {
    const chunk = JSON.stringify(postings.slice(i, i + 20_000));
    await db.execute(sql`insert into catalogue_token_top (token, sales, product_id)
      select e->>0, (e->>1)::integer, (e->>2)::uuid from json_array_elements(${chunk}::json) as e
      on conflict do nothing`);
  }
  const tokens = [...new Set(postings.map(([token]) => token))];
  const mall = products.filter((product) => product.source === 'mall').map((product) => product.id);
  for (const statement of addSortedPostings(tokens, mall, depth)) await db.execute(statement);
  for (const statement of trimSortedPostings(tokens, depth)) await db.execute(statement);
  await db.execute(trimPostings(tokens, depth));
}

/** snake_case keys, dates as ISO text: a row as json_populate_recordset reads it. */
function recordOf(row: Record<string, unknown>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (value === undefined) continue;
    record[key.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`)] =
      value instanceof Date ? value.toISOString() : value;
  }
  return record;
}

/** Rows into a table in statements of `size` rows, each one JSON parameter (fast on PGlite too). */
async function insertRecords(
  db: Pick<Database, 'execute'>,
  table: 'catalogue_products' | 'catalogue_skus',
  rows: readonly Record<string, unknown>[],
  size: number,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    const chunk = JSON.stringify(rows.slice(i, i + size).map(recordOf));
    await db.execute(
      sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${chunk}::json)`,
    );
  }
}

/**
 * Writes catalogue products with their SKUs, their search tokens (the same function search reads
 * queries with) and the tokens' document frequencies, in one transaction.
 */
export async function insertCatalogueProducts(
  db: Database,
  rows: readonly NewCatalogueProduct[],
  /** The postings' depth (SEARCH_POSTINGS_DEPTH; a test makes it shorter). */
  depth = SEARCH_POSTINGS_DEPTH,
): Promise<void> {
  if (rows.length === 0) return;
  // The columns' defaults (a JSON row names every column: one it leaves out would be null).
  const products = rows.map(({ skus: _skus, ...product }) => ({
    stock: 0,
    salesCount: 0,
    skuCount: 0,
    ...product,
    ...searchColumnsOf(product),
  }));
  const skus = rows.flatMap((row) =>
    row.skus.map((sku, index) => ({ stock: 0, sort: index, ...sku, productId: row.id })),
  );
  await db.transaction(async (tx) => {
    // Catalogue writes take turns: each leaves every token's postings at its best, in order.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('catalogue_token_top'))`);
    await insertRecords(tx, 'catalogue_products', products, 1000);
    await insertRecords(tx, 'catalogue_skus', skus, 2000);
    await addDocumentFrequencies(tx, documentFrequencies(products.map((p) => p.tokens)));
    await addPostings(tx, products, depth);
  });
}
