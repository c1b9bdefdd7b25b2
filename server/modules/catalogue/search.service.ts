import {
  type CatalogueListQuery,
  type CataloguePage,
  type CatalogueProduct,
  type CatalogueSort,
  type MallSearchQuery,
  type MallSort,
  RELEVANCE_WINDOW,
  type ThirdPartyListQuery,
} from '@shared/contracts/catalogue';
import type { Language } from '@shared/contracts/languages';
import { decodeCursor } from '@shared/contracts/paging';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import type { Database } from '../../db/client';
import {
  catalogueFollows,
  catalogueTokenStats,
  catalogueTokenTop,
  catalogueProducts as p,
  shops,
} from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { type KeysetKey, keyset } from '../../lib/keyset';
import {
  normaliseForSearch,
  SEARCH_POSTINGS_DEPTH,
  searchTerms,
  searchTokens,
} from '../../lib/search-tokens';
import { visibleShops } from '../collector/collector.service';
import { type CategoryIndex, categoryIndex, pathOf } from './categories';

type ProductRow = typeof p.$inferSelect;

/**
 * The selectivity guard: when even the rarest token of a query is held by more products than
 * this, ranking every match would read them all; the search then reads in the sort's order and
 * stops at the page (LIMIT), checking each row on the way.
 */
const BROAD_MATCHES = SEARCH_POSTINGS_DEPTH;
/** A search that runs longer than this is stopped and answers "narrow your search". */
const SEARCH_TIMEOUT_MS = 3_000;

const QUERY_CANCELED = '57014';

function hasSqlState(error: unknown, state: string): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === 'object' && (current as { code?: unknown }).code === state) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The row as lists show it, names in the reader's language. */
export function productOf(
  row: ProductRow,
  index: CategoryIndex,
  language: Language,
  supplierName: string | null,
): CatalogueProduct {
  const titles = { zh: row.titleZh, th: row.titleTh, en: row.titleEn };
  const title =
    (language === 'th' ? titles.th : language === 'en' ? titles.en : titles.zh) ??
    titles.zh ??
    titles.en ??
    titles.th ??
    '';
  return {
    id: row.id,
    source: row.source,
    sourceSite: row.sourceSite,
    sourceUrl: row.sourceUrl,
    supplier: row.supplierId ? { id: row.supplierId, name: supplierName ?? '' } : null,
    categoryPath: pathOf(index, row.categoryL3, language),
    title,
    titles,
    brand: row.brand,
    cover: row.cover,
    currency: row.currency as CatalogueProduct['currency'],
    priceMin: row.priceMin,
    priceMax: row.priceMax,
    stock: row.stock,
    stockBySite: Object.entries(row.stockBySite ?? {}).map(([site, stock]) => ({
      site: site as CatalogueProduct['shipsFrom'],
      stock,
    })),
    shipsFrom: row.shipsFrom as CatalogueProduct['shipsFrom'],
    salesCount: row.salesCount,
    skuCount: row.skuCount,
    listedAt: row.listedAt.toISOString(),
    platforms: row.platforms as CatalogueProduct['platforms'],
  };
}

/** The keys of a sort: its column, then the id that breaks ties. */
function sortKeys(sort: CatalogueSort): KeysetKey[] {
  switch (sort) {
    case 'newest':
      return [
        { column: p.listedAt, order: 'desc' },
        { column: p.id, order: 'desc' },
      ];
    case 'sales':
      return [
        { column: p.salesCount, order: 'desc' },
        { column: p.id, order: 'desc' },
      ];
    case 'priceAsc':
      return [
        { column: p.priceMin, order: 'asc' },
        { column: p.id, order: 'asc' },
      ];
    case 'priceDesc':
      return [
        { column: p.priceMin, order: 'desc' },
        { column: p.id, order: 'desc' },
      ];
  }
}

interface Filters {
  categoryId?: string | undefined;
  priceMin?: number | undefined;
  priceMax?: number | undefined;
  inStock?: boolean | undefined;
}

/** A category of any level, as the column of the product's path that holds it. */
function categoryCondition(index: CategoryIndex, categoryId: string): SQL {
  const level = index.byId.get(categoryId)?.level;
  if (level === 1) return eq(p.categoryL1, categoryId);
  if (level === 2) return eq(p.categoryL2, categoryId);
  if (level === 3) return eq(p.categoryL3, categoryId);
  return sql`false`;
}

function filterConditions(index: CategoryIndex, filters: Filters): (SQL | undefined)[] {
  return [
    filters.categoryId ? categoryCondition(index, filters.categoryId) : undefined,
    filters.priceMin === undefined ? undefined : sql`${p.priceMin} >= ${filters.priceMin}`,
    filters.priceMax === undefined ? undefined : sql`${p.priceMin} <= ${filters.priceMax}`,
    filters.inStock ? sql`${p.stock} > 0` : undefined,
  ];
}

async function supplierNames(
  db: Database,
  rows: readonly ProductRow[],
): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((row) => (row.supplierId ? [row.supplierId] : [])))];
  if (ids.length === 0) return new Map();
  const found = (await db.execute(
    sql`select id, name from catalogue_suppliers where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  )) as unknown as { rows: { id: string; name: string }[] };
  return new Map(found.rows.map((row) => [row.id, row.name]));
}

async function pageOf(
  db: Database,
  index: CategoryIndex,
  language: Language,
  rows: ProductRow[],
  cursors: { next: string | null; previous: string | null },
  sort: MallSort,
  broad: boolean,
): Promise<CataloguePage> {
  const names = await supplierNames(db, rows);
  return {
    records: rows.map((row) =>
      productOf(row, index, language, row.supplierId ? (names.get(row.supplierId) ?? null) : null),
    ),
    ...cursors,
    broad,
    sort,
  };
}

/** A list read from the sort's index: the conditions, then keyset pages in the sort's order. */
async function sortedList(
  db: Database,
  conditions: (SQL | undefined)[],
  sort: CatalogueSort,
  query: { cursor?: string | undefined; limit: number },
) {
  const page = keyset(sortKeys(sort), query);
  const rows = await db
    .select({ row: p, cursorKey: page.key })
    .from(p)
    .where(and(...conditions, page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  const finished = page.finish(rows);
  return {
    rows: finished.rows.map((r) => r.row),
    next: finished.next,
    previous: finished.previous,
  };
}

/** GET the supplier or direct-sale list. */
export async function listCatalogue(
  deps: Pick<AppDeps, 'db'>,
  input: CatalogueListQuery & { language: Language },
): Promise<CataloguePage> {
  const index = await categoryIndex(deps.db, input.categoryId ? [input.categoryId] : []);
  const conditions = [
    eq(p.source, input.source),
    ...filterConditions(index, input),
    input.supplierId ? eq(p.supplierId, input.supplierId) : undefined,
    input.site ? sql`coalesce((${p.stockBySite} ->> ${input.site})::int, 0) > 0` : undefined,
  ];
  const { rows, next, previous } = await sortedList(deps.db, conditions, input.sort, input);
  return pageOf(deps.db, index, input.language, rows, { next, previous }, input.sort, false);
}

/** GET a shop's third-party products: those of the secondary categories it follows. */
export async function listThirdParty(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  input: ThirdPartyListQuery & { language: Language },
): Promise<CataloguePage> {
  const [shop] = await deps.db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.id, input.shopId), visibleShops(actor)));
  if (!shop) throw new AppError('RECORD_NOT_FOUND');
  const followed = await deps.db
    .select({ categoryId: catalogueFollows.categoryId })
    .from(catalogueFollows)
    .where(eq(catalogueFollows.shopId, shop.id));
  const index = await categoryIndex(deps.db, [
    ...followed.map((f) => f.categoryId),
    ...(input.categoryId ? [input.categoryId] : []),
  ]);
  if (followed.length === 0)
    return pageOf(
      deps.db,
      index,
      input.language,
      [],
      { next: null, previous: null },
      input.sort,
      false,
    );
  const conditions = [
    eq(p.source, 'thirdParty'),
    inArray(
      p.categoryL2,
      followed.map((f) => f.categoryId),
    ),
    ...filterConditions(index, input),
  ];
  const { rows, next, previous } = await sortedList(deps.db, conditions, input.sort, input);
  return pageOf(deps.db, index, input.language, rows, { next, previous }, input.sort, false);
}

/** Characters of letters and digits in a query (a one-character query is asked inside a category). */
function letterCount(q: string): number {
  return searchTerms(q).reduce((sum, term) => sum + [...term.text].length, 0);
}

export interface SearchOptions {
  /**
   * The selectivity guard's threshold: a query whose rarest token more products hold is broad
   * (at most, and by default, SEARCH_POSTINGS_DEPTH: below it a token's postings list them all).
   */
  broadMatches?: number;
  /** How deep the postings go (SEARCH_POSTINGS_DEPTH; a test cuts them shorter). */
  postingsDepth?: number;
  timeoutMs?: number;
}

/** The mall products holding a token, best sellers first (all of them up to the postings' depth). */
const postingsOf = (token: string) =>
  sql`(select ${catalogueTokenTop.productId} from ${catalogueTokenTop} where ${catalogueTokenTop.token} = ${token})`;

/**
 * GET the mall's search. The query's tokens (server/lib/search-tokens.ts) find the candidates in
 * the postings (catalogue_token_top: per token, its mall products by sales, at most
 * SEARCH_POSTINGS_DEPTH), and every candidate is checked against its tokens and normalised titles
 * (each term of the query appears whole). A selective query (its rarest token held by at most
 * `broadMatches` products: all in the postings) ranks or sorts every match. A broad one reads in
 * order and stops at the page: by sales (and relevance, which then means sales) the rarest token's
 * postings, the best sellers holding it, and past them the sales index; newest and price the
 * sort's index. No search reads more than its page's worth of a common token's products.
 */
export async function searchMall(
  deps: Pick<AppDeps, 'db'>,
  input: MallSearchQuery & { language: Language },
  options: SearchOptions = {},
): Promise<CataloguePage> {
  const depth = options.postingsDepth ?? SEARCH_POSTINGS_DEPTH;
  const broadMatches = Math.min(options.broadMatches ?? BROAD_MATCHES, depth);
  const index = await categoryIndex(deps.db, input.categoryId ? [input.categoryId] : []);
  const q = input.q ?? '';
  const conditions = [
    eq(p.source, 'mall'),
    ...filterConditions(index, input),
    input.sourceSite ? eq(p.sourceSite, input.sourceSite) : undefined,
    input.shipsFrom ? eq(p.shipsFrom, input.shipsFrom) : undefined,
  ];
  const letters = letterCount(q);
  const page = (
    rows: ProductRow[],
    cursors: { next: string | null; previous: string | null },
    sort: MallSort,
    broad: boolean,
    db: Database = deps.db,
  ) => pageOf(db, index, input.language, rows, cursors, sort, broad);

  // Browsing: no words, the sort's index (relevance means nothing without words: by sales).
  if (letters === 0) {
    const sort = input.sort === 'relevance' ? 'sales' : input.sort;
    const { rows, next, previous } = await sortedList(deps.db, conditions, sort, input);
    return page(rows, { next, previous }, input.sort, false);
  }
  if (letters === 1 && !input.categoryId) throw new AppError('CATALOGUE_QUERY_TOO_SHORT');

  const tokens = searchTokens(q, 'query');
  const terms = searchTerms(q).map((term) => term.text);
  const tokenArray = sql`array[${sql.join(
    tokens.map((token) => sql`${token}`),
    sql`, `,
  )}]::text[]`;
  const matches = [
    sql`${p.tokens} @> ${tokenArray}`,
    ...terms.map((term) => sql`${p.searchText} like ${`%${term}%`}`),
  ];

  try {
    return await deps.db.transaction(async (tx) => {
      // In one statement, for this transaction only: the tokens' document frequencies; the
      // timeout; for a broad query (its rarest token held by more than `broadMatches`) neither a
      // full scan and sort nor a bitmap scan (the planner cannot estimate the title checks): an
      // index in order, each row checked, up to the page; and no plan compiled (JIT) nor spread
      // over parallel workers, which the planner's high estimates for these reads would ask for
      // and which cost more than the few rows read (many searches run at once on few cores).
      const timeout = String(Math.round(options.timeoutMs ?? SEARCH_TIMEOUT_MS));
      const found = (await tx.execute(
        sql`with stats as (
            select ${catalogueTokenStats.token} as token, ${catalogueTokenStats.df} as df
            from ${catalogueTokenStats} where ${catalogueTokenStats.token} = any(${tokenArray})
          ), guard as (
            select case when (select min(df) from stats) > ${broadMatches} then 'off' else 'on' end as scans
          )
          select (select coalesce(json_agg(json_build_array(token, df)), '[]'::json) from stats)::text as stats,
            set_config('statement_timeout', ${timeout}, true) as timeout,
            set_config('enable_bitmapscan', guard.scans, true) as bitmap,
            set_config('enable_seqscan', guard.scans, true) as seq,
            set_config('jit', 'off', true) as jit,
            set_config('max_parallel_workers_per_gather', '0', true) as parallel
          from guard`,
      )) as unknown as { rows: { stats: string }[] };
      const stats = (JSON.parse(found.rows[0]?.stats ?? '[]') as [string, number | string][]).map(
        ([token, df]) => ({ token, df: Number(df) }),
      );
      // A token no product holds: nothing matches.
      if (stats.length < tokens.length)
        return page([], { next: null, previous: null }, input.sort, false, tx);
      const rarest = stats.reduce((a, b) => (b.df < a.df ? b : a));
      const broad = rarest.df > broadMatches;
      if (broad) {
        const sort = input.sort === 'relevance' ? 'sales' : input.sort;
        const read =
          sort === 'sales'
            ? await bySalesFromPostings(tx, rarest, depth, [...conditions, ...matches], input)
            : await sortedList(tx, [...conditions, ...matches], sort, input);
        return page(read.rows, { next: read.next, previous: read.previous }, sort, true, tx);
      }
      // Selective: every product holding the rarest token is in its postings (at most
      // `broadMatches`), ranked or sorted whole.
      const candidates = postingsOf(rarest.token);
      if (input.sort !== 'relevance') {
        const { rows, next, previous } = await sortedList(
          tx,
          [...conditions, ...matches, sql`${p.id} in ${candidates}`],
          input.sort,
          input,
        );
        return page(rows, { next, previous }, input.sort, false, tx);
      }
      return page(
        ...(await ranked(tx, conditions, matches, candidates, normaliseForSearch(q), terms, input)),
        'relevance',
        false,
        tx,
      );
    });
  } catch (error) {
    if (hasSqlState(error, QUERY_CANCELED))
      throw new AppError('CATALOGUE_NARROW_SEARCH', { cause: error });
    throw error;
  }
}

/**
 * A broad query by sales: the rarest token's postings in their order (its best sellers), each
 * product checked, up to the page. The postings hold every product of the token down to their
 * last, so a page filled from them is the page; one that runs past them (or a page read backwards,
 * which may start past them) reads the sales index instead, from the same cursor (the keys are the
 * same: sales, then id).
 */
async function bySalesFromPostings(
  db: Database,
  rarest: { token: string; df: number },
  depth: number,
  conditions: (SQL | undefined)[],
  query: { cursor?: string | undefined; limit: number },
) {
  const cut = rarest.df > depth;
  const backward = query.cursor ? decodeCursor(query.cursor)?.direction === 'p' : false;
  if (!(cut && backward)) {
    const k = catalogueTokenTop;
    const page = keyset(
      [
        { column: sql`${k.sales}`, type: 'integer', order: 'desc' },
        { column: sql`${k.productId}`, type: 'uuid', order: 'desc' },
      ],
      query,
    );
    const rows = await db
      .select({ row: p, cursorKey: page.key })
      .from(k)
      .innerJoin(p, eq(p.id, k.productId))
      .where(and(eq(k.token, rarest.token), ...conditions, page.where))
      .orderBy(...page.orderBy)
      .limit(page.limit);
    if (!cut || rows.length === page.limit) {
      const finished = page.finish(rows);
      return {
        rows: finished.rows.map((r) => r.row),
        next: finished.next,
        previous: finished.previous,
      };
    }
  }
  return sortedList(db, conditions, 'sales', query);
}

/**
 * Relevance: the query whole in a title first, then a title that starts with its first term, then
 * the share of the titles the terms cover, then sales; the best RELEVANCE_WINDOW are paged.
 */
async function ranked(
  db: Database,
  conditions: (SQL | undefined)[],
  matches: SQL[],
  candidates: SQL,
  phrase: string,
  terms: string[],
  query: { cursor?: string | undefined; limit: number },
): Promise<[ProductRow[], { next: string | null; previous: string | null }]> {
  const covered = terms.reduce((sum, term) => sum + [...term].length, 0);
  const score = sql`(
    (case when ${p.searchText} like ${`%${phrase}%`} then 2000 else 0 end)
    + (case when ${p.searchText} like ${`${terms[0] ?? ''}%`} then 1000 else 0 end)
    + least(999, (1000 * ${covered}) / greatest(char_length(${p.searchText}), 1))
  )::bigint * 1000000 + least(${p.salesCount}, 999999)`;
  const top = sql`(select ${p.id} as id, ${score} as score from ${p}
    where ${and(...conditions, ...matches, sql`${p.id} in ${candidates}`)}
    order by score desc, ${p.id} desc limit ${RELEVANCE_WINDOW}) as ranked`;
  const page = keyset(
    [
      { column: sql`ranked.score`, type: 'bigint', order: 'desc' },
      { column: sql`ranked.id`, type: 'uuid', order: 'desc' },
    ],
    query,
  );
  const rows = (await db.execute(
    sql`select ranked.id, ${page.key} as "cursorKey" from ${top} ${page.where ? sql`where ${page.where}` : sql``}
      order by ${sql.join(page.orderBy, sql`, `)} limit ${page.limit}`,
  )) as unknown as { rows: { id: string; cursorKey: string }[] };
  const finished = page.finish(rows.rows);
  const ids = finished.rows.map((row) => row.id);
  const full = ids.length ? await db.select().from(p).where(inArray(p.id, ids)) : [];
  const byId = new Map(full.map((row) => [row.id, row]));
  return [
    ids.flatMap((id) => byId.get(id) ?? []),
    { next: finished.next, previous: finished.previous },
  ];
}
