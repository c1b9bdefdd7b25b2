import type { CategoryNode, CategoryStep, CategoryTree } from '@shared/contracts/catalogue';
import type { Language } from '@shared/contracts/languages';
import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { catalogueCategories } from '../../db/schema/index';

type CategoryRow = typeof catalogueCategories.$inferSelect;

export interface CategoryIndex {
  byId: Map<string, CategoryRow>;
  rows: CategoryRow[];
  version: string;
}

/** The tree changes only with a seed or a load: read once a minute per database. */
const TTL_MS = 60_000;
const cache = new WeakMap<object, { at: number; index: Promise<CategoryIndex> }>();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function load(db: Database): Promise<CategoryIndex> {
  const rows = await db
    .select()
    .from(catalogueCategories)
    .orderBy(
      asc(catalogueCategories.level),
      asc(catalogueCategories.sort),
      asc(catalogueCategories.id),
    );
  let hash = 0;
  for (const row of rows)
    for (const ch of `${row.id}${row.parentId}${row.nameZh}${row.nameTh}${row.nameEn}`)
      hash = (Math.imul(hash, 31) + (ch.codePointAt(0) ?? 0)) | 0;
  return {
    byId: new Map(rows.map((row) => [row.id, row])),
    rows,
    version: `${rows.length}-${(hash >>> 0).toString(36)}`,
  };
}

/**
 * The category tree, from a copy at most a minute old (always fresh when it was empty). A
 * category in `knowing` the copy does not hold is looked up by its key first: the tree is read
 * again only when it exists (loaded meanwhile), so ids a client makes up cost one lookup each,
 * not the whole tree.
 */
export async function categoryIndex(
  db: Database,
  knowing: readonly string[] = [],
  now = Date.now(),
): Promise<CategoryIndex> {
  const held = cache.get(db);
  if (held && now - held.at < TTL_MS) {
    const index = await held.index;
    const unknown = knowing.filter((id) => !index.byId.has(id));
    if (index.rows.length > 0 && !(await anyExists(db, unknown))) return index;
  }
  const index = load(db);
  cache.set(db, { at: now, index });
  index.catch(() => cache.delete(db));
  return index;
}

async function anyExists(db: Database, ids: readonly string[]): Promise<boolean> {
  const keys = ids.filter((id) => UUID.test(id));
  if (keys.length === 0) return false;
  const found = await db
    .select({ id: catalogueCategories.id })
    .from(catalogueCategories)
    .where(inArray(catalogueCategories.id, keys))
    .limit(1);
  return found.length > 0;
}

export function nameIn(row: Pick<CategoryRow, 'nameZh' | 'nameTh' | 'nameEn'>, language: Language) {
  if (language === 'th') return row.nameTh ?? row.nameEn ?? row.nameZh;
  if (language === 'en') return row.nameEn ?? row.nameZh;
  return row.nameZh;
}

/** Top, secondary and leaf of a leaf category. */
export function pathOf(index: CategoryIndex, leafId: string, language: Language): CategoryStep[] {
  const path: CategoryStep[] = [];
  for (
    let row = index.byId.get(leafId);
    row;
    row = row.parentId ? index.byId.get(row.parentId) : undefined
  )
    path.unshift({ id: row.id, level: row.level as 1 | 2 | 3, name: nameIn(row, language) });
  return path;
}

export function treeOf(index: CategoryIndex, language: Language): CategoryTree {
  const nodes = new Map<string, CategoryNode>();
  const roots: CategoryNode[] = [];
  for (const row of index.rows) {
    const node: CategoryNode = {
      id: row.id,
      parentId: row.parentId,
      level: row.level as 1 | 2 | 3,
      name: nameIn(row, language),
      names: { zh: row.nameZh, th: row.nameTh, en: row.nameEn },
      children: [],
    };
    nodes.set(row.id, node);
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    if (parent) parent.children.push(node);
    else if (row.parentId === null) roots.push(node);
  }
  return { categories: roots, version: index.version };
}
