import type { CatalogueSort, MallSort } from '@shared/contracts/catalogue';
import { RELEVANCE_WINDOW } from '@shared/contracts/catalogue';
import type { Database } from '../../db/client';

/**
 * The mall's search as one statement, made from the search's shape (its sort, its direction,
 * whether a cursor is given, which filters) and prepared once per shape and connection; the
 * query's words, filters and cursor are its parameters.
 *
 * In the database, in order: the query's tokens' document frequencies (catalogue_token_stats),
 * the rarest of them, and from it one of these reads:
 * - `all`: every product holding the rarest token, from its sales postings (which list them all
 *   when it is held by at most the postings' depth), checked and sorted whole: relevance when the
 *   query is selective, newest and price orders up to the depth;
 * - `list`: a page from the rarest token's postings in the sort's order (sales: catalogue_token_top;
 *   newest: catalogue_token_newest; price: catalogue_token_price's cheapest or dearest end), each
 *   product checked, up to the page;
 * - `scan`: past a cut list's end (or a page read backwards from there), the products' sort index,
 *   each row checked, at most `budget` rows: a page not filled within them is reported
 *   (`exhausted`), so no search reads more than that however common its words.
 */

export type StatementShape = {
  sort: MallSort;
  /** Reading backwards (a previous-page cursor). */
  backward: boolean;
  cursor: boolean;
  /** The level of the category filter (1, 2, 3), or 0 without one. */
  categoryLevel: 0 | 1 | 2 | 3;
  priceMin: boolean;
  priceMax: boolean;
  inStock: boolean;
  sourceSite: boolean;
  shipsFrom: boolean;
  /** No words: the mall browsed in the sort's order (relevance: by sales). */
  browse: boolean;
};

export interface StatementValues {
  tokens: string[];
  /** `%term%` for each term: every term appears whole in the normalised titles. */
  patterns: string[];
  broadMatches: number;
  depth: number;
  budget: number;
  /** One more than the page shows. */
  limit: number;
  categoryId?: string | undefined;
  priceMin?: number | undefined;
  priceMax?: number | undefined;
  sourceSite?: string | undefined;
  shipsFrom?: string | undefined;
  cursor?: (string | number)[] | undefined;
  /** Relevance: `%phrase%`, `first%` and the characters the terms cover. */
  phrase?: string;
  first?: string;
  covered?: number;
}

/** A row as the statement answers it: the meta columns on every row, a product when `id` is set. */
export interface StatementRow {
  found: boolean;
  broad: boolean;
  exhausted: boolean;
  id: string | null;
  ck: string | null;
  source: string;
  source_site: string | null;
  source_url: string | null;
  supplier_id: string | null;
  supplier_name: string | null;
  category_l3: string;
  title_zh: string | null;
  title_th: string | null;
  title_en: string | null;
  brand: string | null;
  cover: string | null;
  currency: string;
  price_min: number | string | bigint;
  price_max: number | string | bigint;
  stock: number;
  stock_by_site: Record<string, number> | null;
  ships_from: string;
  sales_count: number;
  sku_count: number;
  listed_at: Date | string;
  platforms: string[];
}

/** The columns a list shows (never the description, images or variations). */
const COLUMNS = [
  'id',
  'source',
  'source_site',
  'source_url',
  'supplier_id',
  'category_l3',
  'title_zh',
  'title_th',
  'title_en',
  'brand',
  'cover',
  'currency',
  'price_min',
  'price_max',
  'stock',
  'stock_by_site',
  'ships_from',
  'sales_count',
  'sku_count',
  'listed_at',
  'platforms',
];
const PRODUCT_COLUMNS = COLUMNS.map((column) => `p.${column}`).join(', ');
const OUT_COLUMNS = COLUMNS.map((column) => `x.${column}`).join(', ');

interface Order {
  /** The products' column of the sort. */
  column: string;
  /** The type a cursor's value is cast to. */
  type: string;
  desc: boolean;
  /** The postings in this order: table, key column, and a condition on them. */
  list: { table: string; key: string; where: string };
}

const ORDERS: Record<CatalogueSort, Order> = {
  sales: {
    column: 'sales_count',
    type: 'bigint',
    desc: true,
    list: { table: 'catalogue_token_top', key: 'sales', where: '' },
  },
  newest: {
    column: 'listed_at',
    type: 'timestamptz',
    desc: true,
    list: { table: 'catalogue_token_newest', key: 'listed_at', where: '' },
  },
  priceAsc: {
    column: 'price_min',
    type: 'bigint',
    desc: false,
    list: { table: 'catalogue_token_price', key: 'price', where: ' and k.dearest = false' },
  },
  priceDesc: {
    column: 'price_min',
    type: 'bigint',
    desc: true,
    list: { table: 'catalogue_token_price', key: 'price', where: ' and k.dearest = true' },
  },
};

type ValueName = keyof StatementValues | 'cursor0' | 'cursor1';

/** Numbered parameters, in the order the text names them. */
class Params {
  readonly names: ValueName[] = [];
  private readonly named = new Map<string, string>();
  /** `$n` for a value of the search (the same name gives the same `$n`). */
  get(name: ValueName, type: string): string {
    let ref = this.named.get(name);
    if (!ref) {
      this.names.push(name);
      ref = `$${this.names.length}::${type}`;
      this.named.set(name, ref);
    }
    return ref;
  }
}

function parameterValue(values: StatementValues, name: ValueName): unknown {
  const value =
    name === 'cursor0'
      ? values.cursor?.[0]
      : name === 'cursor1'
        ? values.cursor?.[1]
        : values[name];
  return value ?? null;
}

/** The statements made so far, by shape: the text and the names of its parameters in order. */
const statements = new Map<string, { text: string; names: ValueName[] }>();

/** The statement's text and parameters for a search of this shape (its text made once). */
export function mallStatement(
  shape: StatementShape,
  values: StatementValues,
): { text: string; values: unknown[] } {
  const key = JSON.stringify(shape);
  let made = statements.get(key);
  if (!made) {
    made = statementOf(shape);
    statements.set(key, made);
  }
  return { text: made.text, values: made.names.map((name) => parameterValue(values, name)) };
}

/** `(key, id)` strictly past `(a, b)` in a reading order (descending or not), as index bounds. */
function past(key: string, id: string, a: string, b: string, descending: boolean): string {
  const op = descending ? '<' : '>';
  return `${key} ${op}= ${a} and (${key} ${op} ${a} or (${key} = ${a} and ${id} ${op} ${b}))`;
}

/**
 * An order by key and id, its nulls placed as the index read has them (the keys are never null,
 * but an order matches an index only with the same placement): sales and newest indexes are
 * descending with nulls last (read backwards: ascending with nulls first), price indexes
 * ascending.
 */
function orderBy(key: string, id: string, descending: boolean, descIndex = false): string {
  const dir = descIndex
    ? descending
      ? 'desc nulls last'
      : 'asc nulls first'
    : descending
      ? 'desc'
      : 'asc';
  return `${key} ${dir}, ${id} ${dir}`;
}

/** The statement's text and parameters for a search of this shape. */
function statementOf(shape: StatementShape): { text: string; names: ValueName[] } {
  const $ = new Params();
  const filters: string[] = ["p.source = 'mall'"];
  if (shape.categoryLevel)
    filters.push(`p.category_l${shape.categoryLevel} = ${$.get('categoryId', 'uuid')}`);
  if (shape.priceMin) filters.push(`p.price_min >= ${$.get('priceMin', 'bigint')}`);
  if (shape.priceMax) filters.push(`p.price_min <= ${$.get('priceMax', 'bigint')}`);
  if (shape.inStock) filters.push('p.stock > 0');
  if (shape.sourceSite) filters.push(`p.source_site = ${$.get('sourceSite', 'text')}`);
  if (shape.shipsFrom) filters.push(`p.ships_from = ${$.get('shipsFrom', 'text')}`);
  const limit = $.get('limit', 'integer');
  const priceSorted = shape.sort === 'priceAsc' || shape.sort === 'priceDesc';
  const priceRange = (column: string) =>
    priceSorted
      ? [
          ...(shape.priceMin ? [`${column} >= ${$.get('priceMin', 'bigint')}`] : []),
          ...(shape.priceMax ? [`${column} <= ${$.get('priceMax', 'bigint')}`] : []),
        ]
      : [];
  const sort: CatalogueSort = shape.sort === 'relevance' ? 'sales' : shape.sort;
  const order = ORDERS[sort];
  const descending = order.desc !== shape.backward;
  const descIndex = sort === 'sales' || sort === 'newest';
  const cursorKey = (type: string) => $.get('cursor0', type);

  if (shape.browse) {
    const where = [
      ...filters,
      ...(shape.cursor
        ? [
            past(
              `p.${order.column}`,
              'p.id',
              cursorKey(order.type),
              $.get('cursor1', 'uuid'),
              descending,
            ),
          ]
        : []),
    ];
    const text = `select true as found, false as broad, false as exhausted, ${OUT_COLUMNS},
        json_build_array(x.k1, x.id)::text as ck, (select s.name from catalogue_suppliers s where s.id = x.supplier_id) as supplier_name
      from (select ${PRODUCT_COLUMNS}, p.${order.column} as k1 from catalogue_products p
        where ${where.join(' and ')}
        order by ${orderBy(`p.${order.column}`, 'p.id', descending, descIndex)} limit ${limit}) x

      order by ${orderBy('x.k1', 'x.id', descending)}`;
    return { text, names: $.names };
  }

  const tokens = $.get('tokens', 'text[]');
  const matches = [
    `p.tokens @> ${tokens}`,
    `p.search_text like all(${$.get('patterns', 'text[]')})`,
    ...filters,
  ].join(' and ');
  const broadMatches = $.get('broadMatches', 'integer');
  const depth = $.get('depth', 'integer');
  const rarest = '(select rarest from g)';
  const branches: string[] = [];
  const ctes: string[] = [
    `q as materialized (select token, df from catalogue_token_stats where token = any(${tokens}))`,
    `g as materialized (select count(*) = cardinality(${tokens}) as found, coalesce(min(df), 0) as df,
      (select token from q order by df, token limit 1) as rarest from q)`,
  ];
  // The page's rows, in reading order, with their key (k1) beside the id.
  let keyType = order.type;

  if (shape.sort === 'relevance') {
    // Selective: every holder of the rarest token ranked, the best RELEVANCE_WINDOW paged.
    keyType = 'bigint';
    const covered = $.get('covered', 'integer');
    const score = `((case when p.search_text like ${$.get('phrase', 'text')} then 2000 else 0 end)
      + (case when p.search_text like ${$.get('first', 'text')} then 1000 else 0 end)
      + least(999, (1000 * ${covered}) / greatest(char_length(p.search_text), 1))
      )::bigint * 1000000 + least(p.sales_count, 999999)`;
    const scoreDescending = !shape.backward;
    ctes.push(`ranked as (select ${PRODUCT_COLUMNS}, ${score} as k1
      from catalogue_token_top k join catalogue_products p on p.id = k.product_id
      where (select found and df <= ${broadMatches} from g) and k.token = ${rarest} and ${matches}
      order by k1 desc, p.id desc limit ${RELEVANCE_WINDOW})`);
    branches.push(
      `select * from ranked r${
        shape.cursor
          ? ` where ${past('r.k1', 'r.id', cursorKey('bigint'), $.get('cursor1', 'uuid'), scoreDescending)}`
          : ''
      } order by ${orderBy('r.k1', 'r.id', scoreDescending)} limit ${limit}`,
    );
  } else if (sort !== 'sales') {
    // Newest and price, the rarest token held by at most the depth: all its holders sorted.
    ctes.push(`whole as (select ${PRODUCT_COLUMNS}, p.${order.column} as k1
      from catalogue_token_top k join catalogue_products p on p.id = k.product_id
      where (select found and df <= ${depth} from g) and k.token = ${rarest} and ${matches}${
        shape.cursor
          ? ` and ${past(`p.${order.column}`, 'p.id', cursorKey(order.type), $.get('cursor1', 'uuid'), descending)}`
          : ''
      }
      order by ${orderBy(`p.${order.column}`, 'p.id', descending, descIndex)} limit ${limit})`);
    branches.push('select * from whole');
  }

  // The postings in the sort's order: sales (also relevance when broad), or newest and price when
  // the rarest token is held by more than the depth (their lists hold only such tokens).
  const listGate =
    shape.sort === 'relevance'
      ? `found and df > ${broadMatches}`
      : sort === 'sales'
        ? 'found'
        : `found and df > ${depth}`;
  const list = order.list;
  const k1 = `k.${list.key}`;
  const cursorPast = (key: string, id: string) =>
    shape.cursor
      ? ` and ${past(key, id, cursorKey(keyType), $.get('cursor1', 'uuid'), descending)}`
      : '';
  // The list's last entry (in its order): where a cut list ends.
  ctes.push(`edge as materialized (select ${k1} as e1, k.product_id as e2 from ${list.table} k
    where (select found and df > ${depth} from g) and k.token = ${rarest}${list.where}
    order by ${orderBy(k1, 'k.product_id', !order.desc, descIndex)} limit 1)`);
  // A cut list (or one not made yet): past its end, the sort's index.
  const cut = `(select df > ${depth} from g)`;
  // A page read backwards from past the list's end cannot be read from the list.
  const beyond = shape.cursor
    ? `coalesce((select ${past('e1', 'e2', cursorKey(keyType), $.get('cursor1', 'uuid'), !order.desc)} from edge), true)`
    : 'true';
  const listUsable = shape.backward ? ` and not (${cut} and ${beyond})` : '';
  // Sorted by price, a price range bounds the index reads themselves.
  const listPrice = priceRange('k.price')
    .map((condition) => ` and ${condition}`)
    .join('');
  // The list read in its order (a subquery of its own, so its index gives the order) and each
  // product checked, up to the page.
  ctes.push(`listed as (select ${PRODUCT_COLUMNS}, k.k1
    from (select ${k1} as k1, k.product_id from ${list.table} k
      where (select ${listGate} from g)${listUsable} and k.token = ${rarest}${list.where}${listPrice}${cursorPast(k1, 'k.product_id')}
      order by ${orderBy(k1, 'k.product_id', descending, descIndex)} offset 0) k
    join catalogue_products p on p.id = k.product_id
    where ${matches}
    order by ${orderBy('k.k1', 'k.product_id', descending, descIndex)} limit ${limit})`);
  branches.push('select * from listed');

  // Past a cut list: the sort's index from the list's end (or the cursor, when later), at most
  // `budget` rows, each checked.
  const scanGate = shape.backward
    ? `${cut} and ${beyond}`
    : `${cut} and (select count(*) from listed) < ${limit}`;
  const indexed = [
    "p.source = 'mall'",
    ...(shape.categoryLevel ? [filters[1] as string] : []),
    ...priceRange('p.price_min'),
  ].join(' and ');
  const column = `p.${order.column}`;
  const ranges: [string, string][] = shape.backward
    ? [['true', `${indexed}${cursorPast(column, 'p.id')}`]]
    : [
        [
          'exists (select 1 from edge)',
          `${indexed}${cursorPast(column, 'p.id')} and ${past(column, 'p.id', '(select e1 from edge)', '(select e2 from edge)', order.desc)}`,
        ],
        ['not exists (select 1 from edge)', `${indexed}${cursorPast(column, 'p.id')}`],
      ];
  const budget = $.get('budget', 'integer');
  const scanGated = `(select ${listGate} from g) and ${scanGate}`;
  ranges.forEach(([gate, range], n) => {
    ctes.push(`scanned${n} as (select * from (select ${PRODUCT_COLUMNS}, ${column} as k1,
        p.tokens, p.search_text, p.category_l1, p.category_l2
      from catalogue_products p where ${scanGated} and ${gate} and ${range}
      order by ${orderBy(column, 'p.id', descending, descIndex)} limit ${budget}) p
      where ${matches} order by ${orderBy('p.k1', 'p.id', descending)} limit ${limit})`);
    branches.push(`select ${COLUMNS.join(', ')}, k1 from scanned${n}`);
  });
  const exhausted = `(select ${scanGated} from g)
    and (select count(*) from page) < ${limit}
    and (${ranges
      .map(
        ([
          gate,
          range,
        ]) => `(select count(*) from (select 1 from catalogue_products p where ${gate} and ${range}
      order by ${orderBy(column, 'p.id', descending, descIndex)} limit ${budget}) c)`,
      )
      .join(' + ')}) = ${budget}`;
  ctes.push(
    `page as materialized (select * from (${branches
      .map((branch) => `select ${COLUMNS.join(', ')}, k1::${keyType} as k1 from (${branch}) b`)
      .join(' union all ')}) u order by ${orderBy('u.k1', 'u.id', descending)} limit ${limit})`,
  );
  const broad = `g.found and g.df > ${broadMatches}`;
  const text = `with ${ctes.join(',\n')}
    select g.found, ${broad} as broad, coalesce(${exhausted}, false) as exhausted, ${OUT_COLUMNS},
      json_build_array(x.k1, x.id)::text as ck, (select s.name from catalogue_suppliers s where s.id = x.supplier_id) as supplier_name
    from g left join page x on true
    order by ${orderBy('x.k1', 'x.id', descending)}`;
  return { text, names: $.names };
}

interface PgClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
  query(text: string): Promise<unknown>;
  release(error?: Error | boolean): void;
}
interface PgPool {
  totalCount: number;
  connect(): Promise<PgClient>;
}
interface Pglite {
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}

const names = new Map<string, string>();

/**
 * Runs a statement on the database's own client: node-postgres prepares it once per connection
 * under a name of its text; PGlite runs it as it is.
 */
export async function runStatement<R>(db: Database, text: string, values: unknown[]): Promise<R[]> {
  const pool = (db as unknown as { $client?: PgPool | Pglite }).$client;
  if (!pool) throw new Error('the search needs the database’s client');
  if (!('totalCount' in pool)) return (await pool.query(text, values)).rows as R[];
  let name = names.get(text);
  if (!name) {
    name = `mall_search_${names.size + 1}`;
    names.set(text, name);
  }
  const client = await pool.connect();
  try {
    const result = await client.query({ name, text, values });
    client.release();
    return result.rows as R[];
  } catch (error) {
    // As the pool's own query does: a connection whose statement failed is not used again.
    client.release(error instanceof Error ? error : true);
    throw error;
  }
}
