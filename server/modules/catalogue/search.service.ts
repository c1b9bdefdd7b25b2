import type {
  CatalogueListQuery,
  CataloguePage,
  CatalogueProduct,
  CatalogueSort,
  MallSearchQuery,
  MallSort,
  ThirdPartyListQuery,
} from '@shared/contracts/catalogue';
import type { Language } from '@shared/contracts/languages';
import { type CursorPosition, decodeCursor, encodeCursor } from '@shared/contracts/paging';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import type { Database } from '../../db/client';
import { catalogueFollows, catalogueProducts as p, shops } from '../../db/schema/index';
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
import { mallStatement, runStatement, type StatementRow } from './mall-statement';

type ProductRow = typeof p.$inferSelect;

/**
 * The selectivity guard: when even the rarest token of a query is held by more products than
 * this, ranking every match would read them all; the search then reads in the sort's order and
 * stops at the page (LIMIT), checking each row on the way.
 */
const BROAD_MATCHES = SEARCH_POSTINGS_DEPTH;
/**
 * The most rows of the sort's index a search reads past a common token's postings: a page not
 * filled within them answers "narrow your search" (so does a search stopped by the server).
 */
const SEARCH_SCAN_BUDGET = 20_000;

const QUERY_CANCELED = '57014';

function hasSqlState(error: unknown, state: string): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === 'object' && (current as { code?: unknown }).code === state) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The title in the reader's language, else in Chinese, English or Thai, whichever it has. */
function titleIn(titles: Record<Language, string | null>, language: Language): string {
  return titles[language] ?? titles.zh ?? titles.en ?? titles.th ?? '';
}

/** The row as lists show it, names in the reader's language. */
export function productOf(
  row: ProductRow,
  index: CategoryIndex,
  language: Language,
  supplierName: string | null,
): CatalogueProduct {
  const titles = { zh: row.titleZh, th: row.titleTh, en: row.titleEn };
  const title = titleIn(titles, language);
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

export interface SearchOptions {
  /**
   * The selectivity guard's threshold: a query whose rarest token more products hold is broad
   * (at most, and by default, SEARCH_POSTINGS_DEPTH: below it a token's postings list them all).
   */
  broadMatches?: number;
  /** How deep the postings go (SEARCH_POSTINGS_DEPTH; a test cuts them shorter). */
  postingsDepth?: number;
  /** The most rows a search reads past a common token's postings (SEARCH_SCAN_BUDGET). */
  scanBudget?: number;
}

/** A mall product as the search's statement answers it. */
function mallProductOf(
  row: StatementRow & { id: string },
  index: CategoryIndex,
  language: Language,
): CatalogueProduct {
  const titles = { zh: row.title_zh, th: row.title_th, en: row.title_en };
  const title = titleIn(titles, language);
  return {
    id: row.id,
    source: row.source as CatalogueProduct['source'],
    sourceSite: row.source_site as CatalogueProduct['sourceSite'],
    sourceUrl: row.source_url,
    supplier: row.supplier_id ? { id: row.supplier_id, name: row.supplier_name ?? '' } : null,
    categoryPath: pathOf(index, row.category_l3, language),
    title,
    titles,
    brand: row.brand,
    cover: row.cover,
    currency: row.currency as CatalogueProduct['currency'],
    priceMin: Number(row.price_min),
    priceMax: Number(row.price_max),
    stock: row.stock,
    stockBySite: Object.entries(row.stock_by_site ?? {}).map(([site, stock]) => ({
      site: site as CatalogueProduct['shipsFrom'],
      stock,
    })),
    shipsFrom: row.ships_from as CatalogueProduct['shipsFrom'],
    salesCount: row.sales_count,
    skuCount: row.sku_count,
    listedAt: (row.listed_at instanceof Date
      ? row.listed_at
      : new Date(row.listed_at)
    ).toISOString(),
    platforms: row.platforms as CatalogueProduct['platforms'],
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:\d{2})?)?$/;

/** A cursor's position, checked against the sort's keys (else it is another list's). */
function positionOf(cursor: string | undefined, sort: MallSort): CursorPosition | null {
  if (!cursor) return null;
  const position = decodeCursor(cursor);
  const [key, id] = position?.key ?? [];
  const fits =
    position?.key.length === 2 &&
    typeof id === 'string' &&
    UUID.test(id) &&
    (sort === 'newest'
      ? typeof key === 'string' && TIMESTAMP.test(key)
      : typeof key === 'number' && Number.isSafeInteger(key));
  if (!position || !fits) throw new AppError('VALIDATION_FAILED', { params: { fields: 'cursor' } });
  return position;
}

/**
 * GET the mall's search, in one statement (mall-statement.ts): the query's tokens
 * (server/lib/search-tokens.ts) find the candidates in the postings, and every candidate is
 * checked against its tokens and normalised titles (each term of the query appears whole). A
 * selective query (its rarest token held by at most `broadMatches` products, all in its postings)
 * ranks or sorts every match. A broad one reads in the sort's order and stops at the page: the
 * rarest token's postings by sales (relevance then means sales), newest or price, and past a
 * common token's postings the sort's index, at most `scanBudget` rows (else "narrow your
 * search"). Without words the mall is browsed in the sort's order.
 */
export async function searchMall(
  deps: Pick<AppDeps, 'db'>,
  input: MallSearchQuery & { language: Language },
  options: SearchOptions = {},
): Promise<CataloguePage> {
  const depth = options.postingsDepth ?? SEARCH_POSTINGS_DEPTH;
  const broadMatches = Math.min(options.broadMatches ?? BROAD_MATCHES, depth);
  const index = await categoryIndex(deps.db, input.categoryId ? [input.categoryId] : []);
  const terms = searchTerms(input.q ?? '');
  const letters = terms.reduce((sum, term) => sum + [...term.text].length, 0);
  if (letters === 1 && !input.categoryId) throw new AppError('CATALOGUE_QUERY_TOO_SHORT');
  const browse = letters === 0;
  // Browsing: relevance means nothing without words (by sales).
  const keySort: MallSort = browse && input.sort === 'relevance' ? 'sales' : input.sort;
  const position = positionOf(input.cursor, keySort);
  const backward = position?.direction === 'p';
  const level = input.categoryId ? index.byId.get(input.categoryId)?.level : 0;
  const empty = (broad: boolean): CataloguePage => ({
    records: [],
    next: null,
    previous: null,
    broad,
    sort: input.sort,
  });
  // A category the tree does not hold: nothing is in it.
  if (level === undefined) return empty(false);
  const texts = terms.map((term) => term.text);
  const { text, values } = mallStatement(
    {
      sort: browse ? keySort : input.sort,
      backward,
      cursor: position !== null,
      categoryLevel: level as 0 | 1 | 2 | 3,
      priceMin: input.priceMin !== undefined,
      priceMax: input.priceMax !== undefined,
      inStock: Boolean(input.inStock),
      sourceSite: Boolean(input.sourceSite),
      shipsFrom: Boolean(input.shipsFrom),
      browse,
    },
    {
      tokens: browse ? [] : searchTokens(input.q ?? '', 'query'),
      patterns: texts.map((term) => `%${term}%`),
      broadMatches,
      depth,
      budget: options.scanBudget ?? SEARCH_SCAN_BUDGET,
      limit: input.limit + 1,
      categoryId: input.categoryId,
      priceMin: input.priceMin,
      priceMax: input.priceMax,
      sourceSite: input.sourceSite,
      shipsFrom: input.shipsFrom,
      cursor: position?.key,
      phrase: `%${normaliseForSearch(input.q ?? '')}%`,
      first: `${texts[0] ?? ''}%`,
      covered: letters,
    },
  );
  let rows: StatementRow[];
  try {
    rows = await runStatement<StatementRow>(deps.db, text, values);
  } catch (error) {
    if (hasSqlState(error, QUERY_CANCELED))
      throw new AppError('CATALOGUE_NARROW_SEARCH', { cause: error });
    throw error;
  }
  const meta = rows[0];
  if (!meta?.found) return empty(false);
  if (meta.exhausted) throw new AppError('CATALOGUE_NARROW_SEARCH');
  const sort: MallSort = meta.broad && input.sort === 'relevance' ? 'sales' : input.sort;
  const found = rows.filter((row): row is StatementRow & { id: string; ck: string } =>
    Boolean(row.id),
  );
  const more = found.length > input.limit;
  const page = found.slice(0, input.limit);
  if (backward) page.reverse();
  const cursorOf = (direction: 'n' | 'p', row: { ck: string }) =>
    encodeCursor({ direction, key: JSON.parse(row.ck) as (string | number)[] });
  const first = page[0];
  const last = page.at(-1);
  return {
    records: page.map((row) => mallProductOf(row, index, input.language)),
    next: backward
      ? last
        ? cursorOf('n', last)
        : null
      : more && last
        ? cursorOf('n', last)
        : null,
    previous: backward
      ? more && first
        ? cursorOf('p', first)
        : null
      : position !== null && first
        ? cursorOf('p', first)
        : null,
    broad: meta.broad,
    sort,
  };
}
