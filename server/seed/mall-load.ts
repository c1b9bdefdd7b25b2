import { statfsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { SEARCH_POSTINGS_DEPTH } from '../lib/search-tokens';
import { searchColumnsOf, trimPostings } from '../modules/catalogue/catalogue-write';
import { generateProduct, uuidOf } from './catalogue-generator';

/**
 * The PostgreSQL side of `npm run seed:mall`: each batch of generated products, their SKUs and
 * their tokens' document frequencies streamed with COPY in one transaction with the load's
 * progress, so a load stopped anywhere resumes after its last batch.
 */

const PRODUCT_COLUMNS = [
  'id',
  'source',
  'source_site',
  'source_url',
  'supplier_id',
  'category_l1',
  'category_l2',
  'category_l3',
  'title_zh',
  'title_th',
  'title_en',
  'brand',
  'model',
  'cover',
  'images',
  'video_url',
  'description_html',
  'short_description',
  'currency',
  'price_min',
  'price_max',
  'stock',
  'stock_by_site',
  'ships_from',
  'sales_count',
  'sku_count',
  'weight_grams',
  'dimensions_cm',
  'variations',
  'platforms',
  'listed_at',
  'search_text',
  'tokens',
] as const;
const SKU_COLUMNS = [
  'id',
  'product_id',
  'sku_code',
  'options',
  'price',
  'original_price',
  'stock',
  'stock_by_site',
  'image',
  'weight_grams',
  'sort',
] as const;
const JSON_COLUMNS = new Set(['images', 'stock_by_site', 'dimensions_cm', 'variations']);

const COPY_SPECIAL = /[\\\n\r\t]/;
const ARRAY_SPECIAL = /[\\"]/;

/** Text as COPY's text format writes it (backslash, newline, carriage return and tab escaped). */
function copyText(text: string): string {
  if (!COPY_SPECIAL.test(text)) return text;
  return text
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t');
}

/** An array literal's element, quoted. */
function arrayItem(item: unknown): string {
  const text = String(item);
  return `"${ARRAY_SPECIAL.test(text) ? text.replace(/\\/g, '\\\\').replace(/"/g, '\\"') : text}"`;
}

/** A value in COPY's text format. */
function field(json: boolean, value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (json) return copyText(JSON.stringify(value));
  if (Array.isArray(value)) return copyText(`{${value.map(arrayItem).join(',')}}`);
  if (value instanceof Date) return value.toISOString();
  return copyText(String(value));
}

const camel = (column: string) =>
  column.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());

/** A table's columns with the row's keys and whether each is JSON: a line's recipe, made once. */
function columnsOf(columns: readonly string[]) {
  return columns.map((column) => ({ key: camel(column), json: JSON_COLUMNS.has(column) }));
}
const PRODUCT_FIELDS = columnsOf(PRODUCT_COLUMNS);
const SKU_FIELDS = columnsOf(SKU_COLUMNS);

function line(fields: ReturnType<typeof columnsOf>, row: Record<string, unknown>): string {
  let text = '';
  for (let i = 0; i < fields.length; i++) {
    const column = fields[i] as (typeof fields)[number];
    text += (i === 0 ? '' : '\t') + field(column.json, row[column.key]);
  }
  return `${text}\n`;
}

async function copy(client: pg.PoolClient, statement: string, text: string): Promise<void> {
  const stream = client.query(copyFrom(statement));
  await pipeline(Readable.from(text ? [text] : []), stream);
}

/** Products `from` to `to` of a seed as COPY text, with their tokens' document frequencies. */
export interface GeneratedBatch {
  from: number;
  to: number;
  products: string;
  skus: string;
  df: [string, number][];
}

/**
 * Generates products `from` to `to` of a seed: the batch's COPY text when `copy`, and each mall
 * product's tokens into `top` (the postings), when given.
 */
export function generateBatch(
  options: { seed: number; from: number; to: number; suppliers: number; copy: boolean },
  top: TopPostings | null,
): GeneratedBatch {
  let products = '';
  let skus = '';
  const df = new Map<string, number>();
  for (let i = options.from; i < options.to; i++) {
    const { skus: productSkus, ...generated } = generateProduct(options.seed, i, options.suppliers);
    const product = { ...generated, ...searchColumnsOf(generated) };
    if (top && product.source === 'mall') {
      const head = uuidHead(product.id);
      for (const token of product.tokens) top.add(token, product.salesCount ?? 0, i, head);
    }
    if (!options.copy) continue;
    products += line(PRODUCT_FIELDS, product);
    for (const sku of productSkus) skus += line(SKU_FIELDS, { ...sku, productId: product.id });
    for (const token of product.tokens) df.set(token, (df.get(token) ?? 0) + 1);
  }
  return { from: options.from, to: options.to, products, skus, df: [...df] };
}

/** Writes a generated batch in one transaction, recording the progress. */
export async function writeBatch(
  client: pg.PoolClient,
  seed: number,
  batch: GeneratedBatch,
): Promise<void> {
  const dfText = batch.df.map(([token, count]) => `${field(false, token)}\t${count}\n`).join('');
  await client.query('begin');
  try {
    await copy(
      client,
      `copy catalogue_products (${PRODUCT_COLUMNS.join(', ')}) from stdin`,
      batch.products,
    );
    await copy(client, `copy catalogue_skus (${SKU_COLUMNS.join(', ')}) from stdin`, batch.skus);
    await client.query(
      'create temp table catalogue_df_batch (token text, df bigint) on commit drop',
    );
    await copy(client, 'copy catalogue_df_batch (token, df) from stdin', dfText);
    await client.query(`insert into catalogue_token_stats (token, df)
      select token, df from catalogue_df_batch order by token
      on conflict (token) do update set df = catalogue_token_stats.df + excluded.df`);
    await setProgress(client, `seed-${seed}`, batch.to);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

async function setProgress(client: pg.PoolClient, key: string, value: number): Promise<void> {
  await client.query(
    `insert into config_values (dic_type, key_name, key_value, remark, sort, updated_at)
     values ('CATALOGUE_GENERATOR', $1, $2, 'products generated', 0, now())
     on conflict (dic_type, key_name) do update set key_value = excluded.key_value, updated_at = now()`,
    [key, String(value)],
  );
}

/** The first 32 bits of a uuid, as a number: uuids compare as their bytes. */
const uuidHead = (id: string) => Number.parseInt(id.slice(0, 8), 16);

/**
 * Per token, the SEARCH_POSTINGS_DEPTH best mall products of a seed by (sales, id), both
 * descending, as catalogue_token_top orders them: a bounded min-heap per token whose root is the
 * one to drop first. Products are their numbers in the seed; ids are made again when needed.
 */
export class TopPostings {
  private readonly heaps = new Map<
    string,
    { sales: Int32Array; head: Float64Array; index: Int32Array; size: number }
  >();

  constructor(
    private readonly seed: number,
    private readonly depth = SEARCH_POSTINGS_DEPTH,
  ) {}

  /** Whether product a (sales, head, index) comes after product b in the postings' order. */
  private after(sa: number, ha: number, ia: number, sb: number, hb: number, ib: number): boolean {
    if (sa !== sb) return sa < sb;
    if (ha !== hb) return ha < hb;
    if (ia === ib) return false;
    return uuidOf(`product:${this.seed}:${ia}`) < uuidOf(`product:${this.seed}:${ib}`);
  }

  add(token: string, sales: number, index: number, head: number): void {
    let heap = this.heaps.get(token);
    if (!heap) {
      heap = {
        sales: new Int32Array(8),
        head: new Float64Array(8),
        index: new Int32Array(8),
        size: 0,
      };
      this.heaps.set(token, heap);
    }
    if (heap.size === this.depth) {
      // Full: it enters only ahead of the root (the last kept), which it replaces.
      const root0 = heap.sales[0] as number;
      if (!this.after(root0, heap.head[0] as number, heap.index[0] as number, sales, head, index))
        return;
      heap.sales[0] = sales;
      heap.head[0] = head;
      heap.index[0] = index;
      this.down(heap, 0);
      return;
    }
    if (heap.size === heap.sales.length) {
      const grow = Math.min(this.depth, heap.size * 2);
      const sales2 = new Int32Array(grow);
      sales2.set(heap.sales);
      const head2 = new Float64Array(grow);
      head2.set(heap.head);
      const index2 = new Int32Array(grow);
      index2.set(heap.index);
      heap.sales = sales2;
      heap.head = head2;
      heap.index = index2;
    }
    let at = heap.size++;
    heap.sales[at] = sales;
    heap.head[at] = head;
    heap.index[at] = index;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!this.worse(heap, at, parent)) break;
      this.swap(heap, at, parent);
      at = parent;
    }
  }

  /** Whether entry a is to be dropped before entry b. */
  private worse(
    heap: { sales: Int32Array; head: Float64Array; index: Int32Array },
    a: number,
    b: number,
  ) {
    return this.after(
      heap.sales[a] as number,
      heap.head[a] as number,
      heap.index[a] as number,
      heap.sales[b] as number,
      heap.head[b] as number,
      heap.index[b] as number,
    );
  }

  private swap(
    heap: { sales: Int32Array; head: Float64Array; index: Int32Array },
    a: number,
    b: number,
  ) {
    const s = heap.sales[a] as number;
    heap.sales[a] = heap.sales[b] as number;
    heap.sales[b] = s;
    const h = heap.head[a] as number;
    heap.head[a] = heap.head[b] as number;
    heap.head[b] = h;
    const i = heap.index[a] as number;
    heap.index[a] = heap.index[b] as number;
    heap.index[b] = i;
  }

  private down(
    heap: { sales: Int32Array; head: Float64Array; index: Int32Array; size: number },
    from: number,
  ) {
    let at = from;
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let worst = at;
      if (left < heap.size && this.worse(heap, left, worst)) worst = left;
      if (right < heap.size && this.worse(heap, right, worst)) worst = right;
      if (worst === at) return;
      this.swap(heap, at, worst);
      at = worst;
    }
  }

  /** Each token's kept products as (sales, product number) pairs, for another thread to merge. */
  export(): [string, Int32Array, Int32Array, Float64Array][] {
    return [...this.heaps].map(([token, heap]) => [
      token,
      heap.sales.slice(0, heap.size),
      heap.index.slice(0, heap.size),
      heap.head.slice(0, heap.size),
    ]);
  }

  /** Adds what another TopPostings of the same seed exported. */
  merge(exported: [string, Int32Array, Int32Array, Float64Array][]): void {
    for (const [token, sales, index, head] of exported)
      for (let k = 0; k < sales.length; k++)
        this.add(token, sales[k] as number, index[k] as number, head[k] as number);
  }

  /** The postings as COPY text (token, sales, product id), token by token. */
  copyText(): { text: string; rows: number } {
    const lines: string[] = [];
    const tokens = [...this.heaps.keys()].sort();
    for (const token of tokens) {
      const heap = this.heaps.get(token);
      if (!heap) continue;
      const escaped = field(false, token);
      for (let k = 0; k < heap.size; k++)
        lines.push(
          `${escaped}\t${heap.sales[k]}\t${uuidOf(`product:${this.seed}:${heap.index[k]}`)}\n`,
        );
    }
    return { text: lines.join(''), rows: lines.length };
  }
}

const POSTINGS_INDEX = 'catalogue_token_top_idx';

/**
 * Writes the postings of a seed's products after a load: added to those there (a resumed load
 * adds some twice: kept once), then every token cut back to its best SEARCH_POSTINGS_DEPTH.
 */
export async function writePostings(
  client: pg.PoolClient,
  seed: number,
  rows: number,
  top: TopPostings,
): Promise<number> {
  const { text, rows: count } = top.copyText();
  await client.query('begin');
  try {
    const existing = await client.query('select 1 from catalogue_token_top limit 1');
    if (existing.rowCount === 0) {
      // Into an empty table: the rows first, then the index built over them at once.
      await client.query(`drop index if exists ${POSTINGS_INDEX}`);
      await copy(client, 'copy catalogue_token_top (token, sales, product_id) from stdin', text);
      await client.query(`set local maintenance_work_mem = '512MB'`);
      await client.query(
        `create unique index ${POSTINGS_INDEX} on catalogue_token_top (token, sales desc, product_id desc)`,
      );
    } else {
      await client.query(
        'create temp table catalogue_top_batch (token text, sales integer, product_id uuid) on commit drop',
      );
      await copy(client, 'copy catalogue_top_batch (token, sales, product_id) from stdin', text);
      await client.query(`insert into catalogue_token_top (token, sales, product_id)
        select token, sales, product_id from catalogue_top_batch order by 1, 2 desc, 3 desc on conflict do nothing`);
      const trim = new PgDialect().sqlToQuery(trimPostings(null));
      await client.query(trim.sql, trim.params);
    }
    await setProgress(client, `postings-${seed}`, rows);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  return count;
}

/** Free bytes on the file system holding `path`. */
export function freeBytes(path: string): number {
  const stats = statfsSync(path);
  return Number(stats.bavail) * Number(stats.bsize);
}

/** What a product takes on disk with its SKUs, tokens and indexes (measured: about 2.5 kB). */
export const BYTES_PER_PRODUCT = 2_600;

/** The secondary indexes of the catalogue tables (dropped for a large load, built after). */
export async function secondaryIndexes(
  client: pg.PoolClient,
): Promise<{ name: string; definition: string }[]> {
  const found = await client.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
     where tablename in ('catalogue_products', 'catalogue_skus') and indexname not like '%_pkey'
     order by indexname`,
  );
  return found.rows;
}

export async function sizes(client: pg.PoolClient) {
  const found = await client.query<{ name: string; table: string; indexes: string; total: string }>(
    `select relname as name, pg_size_pretty(pg_table_size(oid)) as table,
       pg_size_pretty(pg_indexes_size(oid)) as indexes, pg_size_pretty(pg_total_relation_size(oid)) as total
     from pg_class where relname in ('catalogue_products', 'catalogue_skus', 'catalogue_token_stats', 'catalogue_suppliers', 'catalogue_categories')
     order by relname`,
  );
  const database = await client.query<{ size: string }>(
    'select pg_size_pretty(pg_database_size(current_database())) as size',
  );
  return { tables: found.rows, database: database.rows[0]?.size ?? '' };
}
