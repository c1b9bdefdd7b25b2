import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { catalogueProducts, catalogueSkus, catalogueTokenStats } from '../../db/schema/index';
import { normaliseForSearch, searchTokens } from '../../lib/search-tokens';

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
  return { searchText, tokens: searchTokens(searchText, 'index') };
}

/** Each token with the number of these token lists holding it. */
export function documentFrequencies(
  tokenLists: readonly (readonly string[])[],
): Map<string, number> {
  const df = new Map<string, number>();
  for (const tokens of tokenLists)
    for (const token of tokens) df.set(token, (df.get(token) ?? 0) + 1);
  return df;
}

/** Adds counts to the document frequencies (tokens in sorted order: parallel writers never deadlock). */
export async function addDocumentFrequencies(
  db: Pick<Database, 'insert'>,
  df: Map<string, number>,
): Promise<void> {
  const entries = [...df].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (let i = 0; i < entries.length; i += 2000) {
    await db
      .insert(catalogueTokenStats)
      .values(entries.slice(i, i + 2000).map(([token, count]) => ({ token, df: count })))
      .onConflictDoUpdate({
        target: catalogueTokenStats.token,
        set: { df: sql`${catalogueTokenStats.df} + excluded.df` },
      });
  }
}

/**
 * Writes catalogue products with their SKUs, their search tokens (the same function search reads
 * queries with) and the tokens' document frequencies, in one transaction.
 */
export async function insertCatalogueProducts(
  db: Database,
  rows: readonly NewCatalogueProduct[],
): Promise<void> {
  if (rows.length === 0) return;
  const products = rows.map(({ skus: _skus, ...product }) => ({
    ...product,
    ...searchColumnsOf(product),
  }));
  const skus = rows.flatMap((row) => row.skus.map((sku) => ({ ...sku, productId: row.id })));
  await db.transaction(async (tx) => {
    for (let i = 0; i < products.length; i += 500)
      await tx.insert(catalogueProducts).values(products.slice(i, i + 500));
    for (let i = 0; i < skus.length; i += 1000)
      await tx.insert(catalogueSkus).values(skus.slice(i, i + 1000));
    await addDocumentFrequencies(tx, documentFrequencies(products.map((p) => p.tokens)));
  });
}
