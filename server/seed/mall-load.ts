import { statfsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { documentFrequencies, searchColumnsOf } from '../modules/catalogue/catalogue-write';
import { generateProduct } from './catalogue-generator';

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

/** A value in COPY's text format. */
function field(column: string, value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  let text: string;
  if (JSON_COLUMNS.has(column)) text = JSON.stringify(value);
  else if (Array.isArray(value))
    text = `{${value.map((item) => `"${String(item).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
  else if (value instanceof Date) text = value.toISOString();
  else text = String(value);
  return text
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t');
}

const camel = (column: string) =>
  column.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());

function line(columns: readonly string[], row: Record<string, unknown>): string {
  return `${columns.map((column) => field(column, row[camel(column)])).join('\t')}\n`;
}

async function copy(client: pg.PoolClient, statement: string, lines: string[]): Promise<void> {
  const stream = client.query(copyFrom(statement));
  await pipeline(Readable.from(lines.length ? [lines.join('')] : []), stream);
}

/** Loads products `from` to `to` of a seed in one transaction, recording the progress. */
export async function copyBatch(
  client: pg.PoolClient,
  options: { seed: number; from: number; to: number; suppliers: number },
): Promise<void> {
  const products = [];
  for (let i = options.from; i < options.to; i++) {
    const { skus, ...product } = generateProduct(options.seed, i, options.suppliers);
    products.push({ product: { ...product, ...searchColumnsOf(product) }, skus });
  }
  const productLines = products.map(({ product }) => line(PRODUCT_COLUMNS, product));
  const skuLines = products.flatMap(({ product, skus }) =>
    skus.map((sku) => line(SKU_COLUMNS, { ...sku, productId: product.id })),
  );
  const df = documentFrequencies(products.map(({ product }) => product.tokens));
  const dfLines = [...df].map(([token, count]) => `${field('token', token)}\t${count}\n`);
  await client.query('begin');
  try {
    await copy(
      client,
      `copy catalogue_products (${PRODUCT_COLUMNS.join(', ')}) from stdin`,
      productLines,
    );
    await copy(client, `copy catalogue_skus (${SKU_COLUMNS.join(', ')}) from stdin`, skuLines);
    await client.query(
      'create temp table catalogue_df_batch (token text, df bigint) on commit drop',
    );
    await copy(client, 'copy catalogue_df_batch (token, df) from stdin', dfLines);
    await client.query(`insert into catalogue_token_stats (token, df)
      select token, df from catalogue_df_batch order by token
      on conflict (token) do update set df = catalogue_token_stats.df + excluded.df`);
    await client.query(
      `insert into config_values (dic_type, key_name, key_value, remark, sort, updated_at)
       values ('CATALOGUE_GENERATOR', $1, $2, 'products generated', 0, now())
       on conflict (dic_type, key_name) do update set key_value = excluded.key_value, updated_at = now()`,
      [`seed-${options.seed}`, String(options.to)],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
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
