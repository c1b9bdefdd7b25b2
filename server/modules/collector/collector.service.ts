import type {
  CollectClaim,
  CollectedProduct,
  CollectedProductDetail,
  CollectListQuery,
  CollectPage,
  CollectResult,
  UpdateCollectedRequest,
} from '@shared/contracts/collector';
import type { Language } from '@shared/contracts/languages';
import type { ProductDraft } from '@shared/contracts/product-draft';
import type { SharedLink } from '@shared/contracts/short-links';
import { sourceSiteOf } from '@shared/contracts/source-sites';
import { and, asc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type * as z from 'zod/mini';
import type { Actor, AppDeps } from '../../context';
import type { Database } from '../../db/client';
import { collectedProducts, products, shops } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { type Translator, translator } from '../../lib/i18n';
import { type Keyset, keyset } from '../../lib/keyset';
import { sanitizeHtml } from '../../lib/sanitize-html';
import { validationError } from '../../lib/validate';
import {
  issueShortLink,
  SHARED_LINK_TTL_SECONDS,
  shortLinkUrl,
} from '../short-links/short-links.service';

type CollectedRow = typeof collectedProducts.$inferSelect;
/** The database or a transaction on it. */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/**
 * The shops the actor may see and act on: its main account's, for a sub-account only those it
 * was given.
 */
export function visibleShops(actor: Actor): SQL | undefined {
  const owned = eq(shops.ownerId, actor.ownerId);
  if (actor.shopIds === null) return owned;
  if (actor.shopIds.length === 0) return sql`false`;
  return and(owned, inArray(shops.id, actor.shopIds));
}

/** A row of the shops table as the collection box names it: its alias, else its name. */
export function shopNameOf(shop: { name: string; alias: string }): string {
  return shop.alias.trim() || shop.name;
}

/** Removes NUL characters from every string: PostgreSQL text and jsonb cannot hold them. */
function withoutNul<T>(value: T): T {
  if (typeof value === 'string') return value.replaceAll('\u0000', '') as T;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => [withoutNul(key), withoutNul(child)]),
    ) as T;
  return value;
}

/** A draft as it is stored: description HTML sanitised, no NUL characters. */
function storedDraft(draft: ProductDraft): ProductDraft {
  const clean = withoutNul(draft);
  if (clean.description && 'html' in clean.description)
    return { ...clean, description: { html: sanitizeHtml(clean.description.html) } };
  return clean;
}

type PriceRange = { min: number | null; max: number | null };

/** The lowest and highest SKU price (SKUs without a price left out). */
function skuRange(skus: ProductDraft['skus']): PriceRange {
  const prices = skus.flatMap((sku) => (sku.price === null ? [] : [sku.price]));
  if (prices.length === 0) return { min: null, max: null };
  return { min: Math.min(...prices), max: Math.max(...prices) };
}

/** A draft's price range: its own (one end standing for a missing other), else its SKUs'. */
export function priceRange(draft: Pick<ProductDraft, 'price' | 'skus'>): PriceRange {
  const { min, max } = draft.price;
  if (min === null && max === null) return skuRange(draft.skus);
  return { min: min ?? max, max: max ?? min };
}

/** The listing columns, read from the draft. */
function listingColumns(draft: ProductDraft) {
  const range = priceRange(draft);
  return {
    url: draft.url,
    title: draft.title,
    currency: draft.currency,
    priceMinMinor: range.min,
    priceMaxMinor: range.max,
    image: draft.images[0] ?? null,
    skuCount: draft.skus.length,
  };
}

/**
 * POST /api-product/collect/add: drafts read by the extension, in one transaction. A new item is
 * added; an item already in the box gets what was read now as its original, and as its draft too
 * unless the seller edited it; its claims stay.
 */
export async function collectDrafts(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Actor,
  drafts: readonly ProductDraft[],
): Promise<CollectResult> {
  const { db, clock } = deps;
  for (const [index, draft] of drafts.entries()) {
    if (sourceSiteOf(draft.url) !== draft.site)
      throw new AppError('COLLECT_URL_UNSUPPORTED', { datas: { index, url: draft.url } });
    if (!draft.itemId.trim() || !draft.title.trim())
      throw new AppError('COLLECT_FAILED', { datas: { index, url: draft.url } });
  }
  const now = clock.now();
  const t = collectedProducts;
  /** A column: the seller's when the draft was edited, else the new read's. */
  const follow = (column: AnyPgColumn) =>
    sql`case when ${t.edited} then ${column} else excluded.${sql.identifier(column.name)} end`;
  return db.transaction(async (tx) => {
    const records: CollectResult['records'] = [];
    for (const read of drafts) {
      const original = storedDraft(read);
      // The source snapshot is kept once, with the original.
      const draft: ProductDraft = { ...original, raw: null };
      const [row] = await tx
        .insert(t)
        .values({
          ownerId: actor.ownerId,
          collectedBy: actor.userId,
          site: draft.site,
          itemId: draft.itemId,
          ...listingColumns(draft),
          draft,
          original,
          collectedAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [t.ownerId, t.site, t.itemId],
          set: {
            original: sql`excluded.original`,
            draft: follow(t.draft),
            url: follow(t.url),
            title: follow(t.title),
            currency: follow(t.currency),
            priceMinMinor: follow(t.priceMinMinor),
            priceMaxMinor: follow(t.priceMaxMinor),
            image: follow(t.image),
            skuCount: follow(t.skuCount),
            collectedBy: sql`excluded.collected_by`,
            collectedAt: sql`excluded.collected_at`,
            updatedAt: sql`excluded.updated_at`,
          },
        })
        .returning({
          id: t.id,
          site: t.site,
          itemId: t.itemId,
          title: t.title,
          // A row this statement inserted has no xmax; a row it updated carries its row lock's.
          created: sql<boolean>`(xmax = 0)`,
        });
      if (!row) throw new AppError('COLLECT_FAILED');
      records.push({ ...row, created: Boolean(row.created) });
    }
    return { records };
  });
}

/** The claims of these collected products, into the shops the actor may see, oldest first. */
async function claimsOf(
  db: Queryable,
  actor: Actor,
  collectIds: readonly string[],
): Promise<Map<string, CollectClaim[]>> {
  const claims = new Map<string, CollectClaim[]>();
  if (collectIds.length === 0) return claims;
  const rows = await db
    .select({
      collectId: products.collectId,
      shopId: shops.id,
      name: shops.name,
      alias: shops.alias,
      platform: shops.platform,
      productId: products.id,
      claimedAt: products.createdAt,
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(inArray(products.collectId, [...collectIds]), visibleShops(actor)))
    .orderBy(asc(products.createdAt), asc(shops.platform), asc(shops.name), asc(products.id));
  for (const row of rows) {
    if (!row.collectId) continue;
    const list = claims.get(row.collectId) ?? [];
    list.push({
      shopId: row.shopId,
      shopName: shopNameOf(row),
      platform: row.platform,
      productId: row.productId,
      claimedAt: row.claimedAt.toISOString(),
    });
    claims.set(row.collectId, list);
  }
  return claims;
}

/** What a list shows of a collected product: every column but the drafts (the bulk of a row). */
const summaryColumns = {
  id: collectedProducts.id,
  site: collectedProducts.site,
  itemId: collectedProducts.itemId,
  url: collectedProducts.url,
  title: collectedProducts.title,
  currency: collectedProducts.currency,
  priceMinMinor: collectedProducts.priceMinMinor,
  priceMaxMinor: collectedProducts.priceMaxMinor,
  image: collectedProducts.image,
  skuCount: collectedProducts.skuCount,
  claimedAt: collectedProducts.claimedAt,
  edited: collectedProducts.edited,
  collectedAt: collectedProducts.collectedAt,
  updatedAt: collectedProducts.updatedAt,
};
type CollectedSummary = Pick<CollectedRow, keyof typeof summaryColumns>;

function toCollected(row: CollectedSummary, claims: CollectClaim[]): CollectedProduct {
  return {
    id: row.id,
    site: row.site,
    itemId: row.itemId,
    url: row.url,
    title: row.title,
    currency: row.currency,
    priceMin: row.priceMinMinor,
    priceMax: row.priceMaxMinor,
    image: row.image,
    skuCount: row.skuCount,
    status: row.claimedAt ? 'claimed' : 'unclaimed',
    claims,
    edited: row.edited,
    collectedAt: row.collectedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toDetail(row: CollectedRow, claims: CollectClaim[]): CollectedProductDetail {
  return { ...toCollected(row, claims), draft: row.draft, original: row.original };
}

/** `%keyword%` for ILIKE, its own wildcards taken literally. */
function containing(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * GET /api-product/collect/list: one page of a tab (unclaimed or claimed), newest first, with how
 * many products each tab holds under the same keyword and site.
 */
export async function listCollected(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  query: CollectListQuery,
): Promise<CollectPage> {
  const { db } = deps;
  const page = keyset(LIST_KEYS, query);
  const found = query.cursor
    ? await cursorPage(db, actor, query, page)
    : await firstPageQuery(db, query).execute({
        ownerId: actor.ownerId,
        pattern: query.keyword ? containing(query.keyword) : null,
        site: query.site ?? null,
        limit: page.limit,
        offset: page.offset,
      });
  let tallied = found[0]?.tally;
  if (!tallied) {
    const [row] = await db
      .select({ tally: tallyOf(listBase(actor.ownerId, query)) })
      .from(sql`(values (1)) as one (x)`);
    tallied = row?.tally;
  }
  const { rows, next, previous } = page.finish(found);
  const counts = { unclaimed: tallied?.[0] ?? 0, claimed: tallied?.[1] ?? 0 };
  // Only a claimed product has claims (claiming sets its time, and nothing clears it).
  const claims = await claimsOf(
    db,
    actor,
    rows.filter((row) => row.claimedAt !== null).map((row) => row.id),
  );
  return {
    records: rows.map((row) => toCollected(row, claims.get(row.id) ?? [])),
    total: counts[query.status],
    next,
    previous,
    counts,
  };
}

/** The list's order: newest change first, the id breaking ties. */
const LIST_KEYS = [
  { column: collectedProducts.updatedAt, order: 'desc' },
  { column: collectedProducts.id, order: 'asc' },
] as const;

/** The account's products under the keyword and site asked for (values, or placeholders). */
function listBase(
  ownerId: string | Placeholder,
  filter: { keyword?: string | undefined; site?: string | undefined } | Placeholders,
): SQL | undefined {
  const t = collectedProducts;
  const conditions: (SQL | undefined)[] = [eq(t.ownerId, ownerId)];
  if (filter.keyword) {
    const pattern =
      typeof filter.keyword === 'string' ? containing(filter.keyword) : filter.keyword;
    conditions.push(or(ilike(t.title, pattern), ilike(t.itemId, pattern), ilike(t.url, pattern)));
  }
  if (filter.site) conditions.push(sql`${t.site} = ${filter.site}`);
  return and(...conditions);
}

type Placeholder = ReturnType<typeof sql.placeholder>;
interface Placeholders {
  keyword?: Placeholder | undefined;
  site?: Placeholder | undefined;
}

/**
 * Both tabs' counts (a subquery the database runs once) ride along the page's rows: one statement
 * for the whole answer, a second only past the end, where no row carries them.
 */
const tallyOf = (base: SQL | undefined) =>
  sql<number[] | null>`(select array[
      count(*) filter (where ${collectedProducts.claimedAt} is null),
      count(*) filter (where ${collectedProducts.claimedAt} is not null)
    ]::int[] from ${collectedProducts} where ${base})`;

const tabOf = (status: CollectListQuery['status']) =>
  status === 'unclaimed'
    ? isNull(collectedProducts.claimedAt)
    : isNotNull(collectedProducts.claimedAt);

/** A page after or before a cursor: built for its position. */
function cursorPage(db: Database, actor: Actor, query: CollectListQuery, page: Keyset) {
  const base = listBase(actor.ownerId, query);
  return db
    .select({ ...summaryColumns, cursorKey: page.key, tally: tallyOf(base) })
    .from(collectedProducts)
    .where(and(base, tabOf(query.status), page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit);
}

/**
 * A numbered page (the first one the box opens on, above all): one statement per tab and filter,
 * prepared once per database, so a request only binds its values.
 */
const firstPages = new WeakMap<Database, Map<string, ReturnType<typeof prepareFirstPage>>>();

function prepareFirstPage(db: Database, shape: FirstPageShape) {
  const page = keyset(LIST_KEYS, { limit: 1 });
  const base = listBase(sql.placeholder('ownerId'), {
    keyword: shape.keyword ? sql.placeholder('pattern') : undefined,
    site: shape.site ? sql.placeholder('site') : undefined,
  });
  return db
    .select({ ...summaryColumns, cursorKey: page.key, tally: tallyOf(base) })
    .from(collectedProducts)
    .where(and(base, tabOf(shape.status)))
    .orderBy(...page.orderBy)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`collect_list_${shape.status}_${shape.keyword ? 'k' : ''}${shape.site ? 's' : ''}`);
}

interface FirstPageShape {
  status: CollectListQuery['status'];
  keyword: boolean;
  site: boolean;
}

function firstPageQuery(db: Database, query: CollectListQuery) {
  const shape: FirstPageShape = {
    status: query.status,
    keyword: Boolean(query.keyword),
    site: Boolean(query.site),
  };
  const key = `${shape.status}:${shape.keyword}:${shape.site}`;
  let prepared = firstPages.get(db);
  if (!prepared) {
    prepared = new Map();
    firstPages.set(db, prepared);
  }
  let statement = prepared.get(key);
  if (!statement) {
    statement = prepareFirstPage(db, shape);
    prepared.set(key, statement);
  }
  return statement;
}

async function ownRow(
  db: Queryable,
  actor: Actor,
  id: string,
  lock = false,
): Promise<CollectedRow> {
  const select = db
    .select()
    .from(collectedProducts)
    .where(and(eq(collectedProducts.id, id), eq(collectedProducts.ownerId, actor.ownerId)))
    .limit(1);
  const [row] = lock ? await select.for('update') : await select;
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  return row;
}

/** GET /api-product/collect/detail: one product of the box, as it stands and as it was collected. */
export async function getCollected(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  id: string,
): Promise<CollectedProductDetail> {
  const { db } = deps;
  const row = await ownRow(db, actor, id);
  const claims = await claimsOf(db, actor, [row.id]);
  return toDetail(row, claims.get(row.id) ?? []);
}

/**
 * POST /api-product/collect/shareLink: a short link to the product's page in the console, bound
 * to the actor's main account (its sub-accounts open it too; anyone else is told it is not
 * theirs), for 30 days.
 */
export async function shareCollected(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  actor: Actor,
  id: string,
): Promise<SharedLink> {
  const row = await ownRow(deps.db, actor, id);
  const link = await issueShortLink(deps, null, {
    target: `/cmp/product/collectorDetails?${new URLSearchParams({ id: row.id })}`,
    ownerId: actor.ownerId,
    ttlSeconds: SHARED_LINK_TTL_SECONDS,
  });
  return { id: link.id, url: shortLinkUrl(deps.config, link.id), expiresAt: link.expiresAt };
}

/** A failure of one field, worded like the contract's own validation. */
function fieldIssue(path: (string | number)[], input: unknown): z.core.$ZodIssue {
  return { code: 'custom', message: 'invalid', path, input } as z.core.$ZodIssue;
}

/** The seller's changes applied to a draft; fails naming the fields that cannot apply. */
function editedDraft(
  t: Translator,
  draft: ProductDraft,
  input: UpdateCollectedRequest,
): ProductDraft {
  const issues: z.core.$ZodIssue[] = [];
  const changes = new Map<string, UpdateCollectedRequest['skus'][number]>();
  for (const [index, sku] of input.skus.entries()) {
    if (!draft.skus.some((known) => known.id === sku.id))
      issues.push(fieldIssue(['skus', index, 'id'], sku.id));
    else changes.set(sku.id, sku);
  }
  const { min, max } = input.price;
  if (min !== null && max !== null && min > max) issues.push(fieldIssue(['price', 'max'], max));
  if (issues.length > 0) throw validationError(t, issues);

  const skus = draft.skus.map((sku) => {
    const change = changes.get(sku.id);
    return change ? { ...sku, price: change.price, stock: change.stock } : sku;
  });
  return {
    ...draft,
    title: input.title,
    images: [...input.images],
    skus,
    // With SKUs, the product's range is theirs.
    price: skus.length > 0 ? skuRange(skus) : { min: min ?? max, max: max ?? min },
    description:
      input.descriptionHtml === null ? null : { html: sanitizeHtml(input.descriptionHtml) },
    weightGrams: input.weightGrams,
    dimensionsCm: input.dimensionsCm,
  };
}

/** POST /api-product/collect/update: the seller's edit of the draft (the original stays as read). */
export async function updateCollected(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Actor,
  input: UpdateCollectedRequest & { language: Language },
): Promise<CollectedProductDetail> {
  const { db, clock } = deps;
  const t = translator(input.language);
  const row = await db.transaction(async (tx) => {
    const current = await ownRow(tx, actor, input.id, true);
    const draft = withoutNul(editedDraft(t, current.draft, input));
    const [updated] = await tx
      .update(collectedProducts)
      .set({ draft, ...listingColumns(draft), edited: true, updatedAt: clock.now() })
      .where(eq(collectedProducts.id, current.id))
      .returning();
    if (!updated) throw new AppError('RECORD_NOT_FOUND');
    return updated;
  });
  const claims = await claimsOf(db, actor, [row.id]);
  return toDetail(row, claims.get(row.id) ?? []);
}

/**
 * POST /api-product/collect/delete: removes products from the box, all of them or (when one is
 * not the account's) none. Shop products claimed from them stay.
 */
export async function deleteCollected(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  ids: readonly string[],
): Promise<{ deleted: number }> {
  const { db } = deps;
  const wanted = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(collectedProducts)
      .where(
        and(eq(collectedProducts.ownerId, actor.ownerId), inArray(collectedProducts.id, wanted)),
      )
      .returning({ id: collectedProducts.id });
    if (deleted.length !== wanted.length) throw new AppError('RECORD_NOT_FOUND');
    return { deleted: deleted.length };
  });
}
