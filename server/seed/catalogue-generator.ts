import { MALL_SOURCE_SITES, type MallSourceSite } from '@shared/contracts/catalogue';
import type { Platform } from '@shared/contracts/shops';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../context';
import type { Database } from '../db/client';
import { catalogueCategories, catalogueSuppliers, configValues } from '../db/schema/index';
import {
  insertCatalogueProducts,
  type NewCatalogueProduct,
} from '../modules/catalogue/catalogue-write';
import {
  BRANDS,
  CITIES,
  COLOURS,
  COMPANY_WORDS,
  MATERIALS,
  QUALIFIERS,
  SIZES,
  STYLES,
  TOP_CATEGORIES,
  type Word,
} from './catalogue-vocabulary';

/**
 * Generates a realistic catalogue and mall, the same for the same seed: 2,000 leaf categories
 * (20 top × 10 secondary × 10), up to 50,000 suppliers, and products whose Chinese titles draw
 * brands, styles, materials, colours and sizes by Zipf frequencies (Thai and English titles for a
 * share), with SKUs, prices, power-law sales and listing dates over three years. Product `i` of a
 * seed depends only on (seed, i), so a load resumes where it stopped.
 */

const SUPPLIERS_MAX = 50_000;
/** Listing dates run over the three years before this day. */
const LISTED_UNTIL = Date.UTC(2026, 10, 1);
const THREE_YEARS_MS = 3 * 365 * 24 * 3600 * 1000;

/** A uuid made from a name (the same name, the same uuid): a 128-bit hash of it, not a secret. */
export function uuidOf(name: string): string {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < name.length; i++) {
    const k = name.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  const hex = [h1, h2, h3, h4].map((h) => (h >>> 0).toString(16).padStart(8, '0')).join('');
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 3) | 8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** uuidOf of names made again and again (categories, suppliers): computed once each. */
const remembered = new Map<string, string>();
function rememberedUuidOf(name: string): string {
  let id = remembered.get(name);
  if (id === undefined) {
    id = uuidOf(name);
    if (remembered.size < 200_000) remembered.set(name, id);
  }
  return id;
}

/** mulberry32: a small, fast generator of numbers in [0, 1). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mix(seed: number, i: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ i;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Picks from a list with Zipf frequencies (the first most often). */
function zipf<T>(list: readonly T[], s = 1.07): (r: number) => T {
  const weights = list.map((_, k) => 1 / (k + 1) ** s);
  const total = weights.reduce((a, b) => a + b, 0);
  let sum = 0;
  const cumulative = weights.map((w) => (sum += w / total));
  return (r) => {
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 1) < r) lo = mid + 1;
      else hi = mid;
    }
    return list[lo] as T;
  };
}

const pickTop = zipf(
  TOP_CATEGORIES.map((_, i) => i),
  0.8,
);
const pickNoun = zipf([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 0.9);
const pickQualifier = zipf([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 0.7);
const pickBrand = zipf(BRANDS);
const pickStyle = zipf(STYLES);
const pickMaterial = zipf(MATERIALS);
const pickColour = zipf(COLOURS);
const pickSize = zipf(SIZES);
const pickSite = zipf(MALL_SOURCE_SITES, 1.2);

interface CategorySeedRow {
  id: string;
  parentId: string | null;
  level: number;
  nameZh: string;
  nameTh: string;
  nameEn: string;
  sort: number;
}

/** The tree: 20 top categories, 200 secondary (a product noun), 2,000 leaves (noun and qualifier). */
function generateCategories(): CategorySeedRow[] {
  const rows: CategorySeedRow[] = [];
  TOP_CATEGORIES.forEach((top, t) => {
    const topId = uuidOf(`category:${t}`);
    rows.push({
      id: topId,
      parentId: null,
      level: 1,
      nameZh: top.name[0],
      nameTh: top.name[1],
      nameEn: top.name[2],
      sort: t,
    });
    top.nouns.forEach((noun, n) => {
      const secondId = uuidOf(`category:${t}:${n}`);
      rows.push({
        id: secondId,
        parentId: topId,
        level: 2,
        nameZh: noun[0],
        nameTh: noun[1],
        nameEn: noun[2],
        sort: n,
      });
      QUALIFIERS.forEach((q, k) => {
        rows.push({
          id: uuidOf(`category:${t}:${n}:${k}`),
          parentId: secondId,
          level: 3,
          nameZh: `${q[0]}${noun[0]}`,
          nameTh: `${noun[1]}${q[1]}`,
          nameEn: `${q[2]} ${noun[2]}`,
          sort: k,
        });
      });
    });
  });
  return rows;
}

export function supplierCountFor(rows: number): number {
  return Math.max(20, Math.min(SUPPLIERS_MAX, Math.ceil(rows / 4)));
}

function generateSupplier(i: number) {
  const r = random(mix(7, i));
  const city = CITIES[Math.floor(r() * CITIES.length)] ?? '';
  const word = COMPANY_WORDS[Math.floor(r() * COMPANY_WORDS.length)] ?? '';
  const kind = r() < 0.5 ? '贸易' : '工厂';
  return {
    id: uuidOf(`supplier:${i}`),
    name: `${city}${word}${kind}${i + 1}号有限公司`,
    site: 'cn',
    rating: r() < 0.1 ? null : 30 + Math.floor(r() * 21),
    productCount: 0,
  };
}

const DIRECT_SITES = [
  ['th', 'THB', 500],
  ['my', 'MYR', 65],
  ['ph', 'PHP', 800],
  ['vn', 'VND', 3500],
] as const;
const SHIPS_FROM = ['cn', 'cn', 'cn', 'cn', 'cn', 'cn', 'th', 'my', 'vn', 'ph'] as const;
const PLATFORMS_ALL: Platform[] = ['lazada', 'shopee', 'tiktok'];

function join(words: (string | null)[]): string {
  return words.filter(Boolean).join(' ');
}

/** Product `i` of a seed. */
export function generateProduct(seed: number, i: number, suppliers: number): NewCatalogueProduct {
  const r = random(mix(seed, i));
  const id = uuidOf(`product:${seed}:${i}`);
  const t = pickTop(r());
  const top = TOP_CATEGORIES[t] as (typeof TOP_CATEGORIES)[number];
  const n = pickNoun(r());
  const noun = top.nouns[n] as Word;
  const q = pickQualifier(r());
  const qualifier = QUALIFIERS[q] as Word;
  const roll = r();
  const source =
    roll < 0.84 ? 'mall' : roll < 0.9 ? 'supplier' : roll < 0.95 ? 'directSale' : 'thirdParty';

  const brand = r() < 0.7 ? pickBrand(r()) : null;
  const style = pickStyle(r());
  const style2 = r() < 0.4 ? pickStyle(r()) : null;
  const material = r() < 0.4 ? pickMaterial(r()) : null;
  const colour = r() < 0.4 ? pickColour(r()) : null;
  const withQualifier = r() < 0.5;
  const size = r() < 0.2 ? pickSize(r()) : null;
  const model =
    r() < 0.3
      ? `${String.fromCharCode(65 + Math.floor(r() * 26))}${1 + Math.floor(r() * 99)}`
      : null;
  const zh = [
    brand ? `${brand} ` : '',
    style[0],
    style2 && style2 !== style ? style2[0] : '',
    material?.[0] ?? '',
    colour?.[0] ?? '',
    withQualifier ? qualifier[0] : '',
    noun[0],
    size ? ` ${size}` : '',
    model ? ` ${model}` : '',
  ].join('');
  const th =
    r() < 0.35
      ? join([
          noun[1],
          withQualifier ? qualifier[1] : null,
          style[1],
          colour?.[1] ?? null,
          material?.[1] ?? null,
          brand,
          size,
        ])
      : null;
  const en =
    r() < 0.45
      ? join([
          brand,
          style[2],
          colour?.[2] ?? null,
          material?.[2] ?? null,
          withQualifier ? qualifier[2] : null,
          noun[2],
          size,
          model,
        ])
      : null;

  // Prices: log-uniform from 3 to 800 CNY.
  const base = Math.round(100 * 3 * (800 / 3) ** r());
  const direct = DIRECT_SITES[Math.floor(r() * DIRECT_SITES.length)] ?? DIRECT_SITES[0];
  const currency = source === 'directSale' ? direct[1] : 'CNY';
  const scale = (cny: number) =>
    source === 'directSale' ? Math.round((cny * direct[2]) / 100) * 100 : cny;
  const skuCount = 1 + Math.floor(r() ** 2 * 4);
  const colours = [colour ?? pickColour(r()), pickColour(r()), pickColour(r()), pickColour(r())];
  const skus = Array.from({ length: skuCount }, (_, k) => {
    const price = scale(Math.round(base * (1 + 0.1 * k)));
    const stock = r() < 0.08 ? 0 : 1 + Math.floor(r() ** 3 * 5000);
    return {
      id: uuidOf(`sku:${seed}:${i}:${k}`),
      skuCode: `SK${(i + 1).toString(36).toUpperCase()}-${k + 1}`,
      options: skuCount > 1 ? [(colours[k] as Word)[0]] : [],
      price,
      originalPrice: r() < 0.5 ? Math.round(price * 1.25) : null,
      stock,
      stockBySite: source === 'directSale' ? { [direct[0]]: stock } : null,
      image: null,
      weightGrams: 50 + Math.floor(r() * 2000),
      sort: k,
    };
  });
  const stock = skus.reduce((sum, sku) => sum + sku.stock, 0);
  const prices = skus.map((sku) => sku.price);
  const sourceSite: MallSourceSite | null =
    source === 'mall'
      ? pickSite(r())
      : source === 'thirdParty'
        ? r() < 0.5
          ? 'shopee'
          : 'lazada'
        : null;
  const platforms: Platform[] =
    source === 'thirdParty' ? [sourceSite === 'lazada' ? 'lazada' : 'shopee'] : PLATFORMS_ALL;
  return {
    id,
    source,
    sourceSite,
    sourceUrl: sourceSite ? `https://${sourceSite}.example.com/item/${i + 1}` : null,
    supplierId:
      source === 'mall' || source === 'supplier'
        ? rememberedUuidOf(`supplier:${Math.floor(r() ** 1.5 * suppliers)}`)
        : null,
    categoryL1: rememberedUuidOf(`category:${t}`),
    categoryL2: rememberedUuidOf(`category:${t}:${n}`),
    categoryL3: rememberedUuidOf(`category:${t}:${n}:${q}`),
    titleZh: zh,
    titleTh: th,
    titleEn: en,
    brand,
    model,
    cover: null,
    images: null,
    videoUrl: null,
    descriptionHtml: null,
    shortDescription: null,
    currency,
    priceMin: Math.min(...prices),
    priceMax: Math.max(...prices),
    stock,
    stockBySite: source === 'directSale' ? { [direct[0]]: stock } : null,
    shipsFrom:
      source === 'directSale'
        ? direct[0]
        : (SHIPS_FROM[Math.floor(r() * SHIPS_FROM.length)] ?? 'cn'),
    salesCount: Math.floor(10 ** (r() ** 3 * 5)) - 1,
    skuCount,
    weightGrams: skus[0]?.weightGrams ?? null,
    dimensionsCm: null,
    variations:
      skuCount > 1 ? [{ name: '颜色', options: skus.map((sku) => sku.options[0] ?? '') }] : [],
    platforms,
    listedAt: new Date(LISTED_UNTIL - Math.floor(r() * THREE_YEARS_MS)),
    skus,
  };
}

/** The categories and suppliers the products refer to (kept when there). */
export async function seedCatalogueReferences(db: Database, suppliers: number): Promise<void> {
  const categories = generateCategories();
  for (let i = 0; i < categories.length; i += 1000)
    await db
      .insert(catalogueCategories)
      .values(categories.slice(i, i + 1000))
      .onConflictDoNothing();
  for (let i = 0; i < suppliers; i += 2000) {
    const batch = Array.from({ length: Math.min(2000, suppliers - i) }, (_, k) =>
      generateSupplier(i + k),
    );
    await db.insert(catalogueSuppliers).values(batch).onConflictDoNothing();
  }
}

const PROGRESS_TYPE = 'CATALOGUE_GENERATOR';

/** How many products of a seed are loaded (each batch records it with its rows). */
export async function generatedSoFar(db: Database, seed: number): Promise<number> {
  const [row] = await db
    .select({ value: configValues.keyValue })
    .from(configValues)
    .where(
      sql`${configValues.dicType} = ${PROGRESS_TYPE} and ${configValues.keyName} = ${`seed-${seed}`}`,
    );
  return row ? Number(row.value) : 0;
}

/** The statement that records a seed's progress (run in the batch's transaction). */
function progressStatement(seed: number, done: number, now: Date) {
  return sql`insert into config_values (dic_type, key_name, key_value, remark, sort, updated_at)
    values (${PROGRESS_TYPE}, ${`seed-${seed}`}, ${String(done)}, 'products generated', 0, ${now.toISOString()}::timestamptz)
    on conflict (dic_type, key_name) do update set key_value = excluded.key_value, updated_at = excluded.updated_at`;
}

/**
 * Loads `rows` products of a seed with batched inserts (PGlite, and small loads anywhere),
 * resuming after the last batch loaded.
 */
export async function seedCatalogue(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  options: { rows: number; seed: number; batch?: number; onBatch?: (done: number) => void },
): Promise<{ loaded: number }> {
  let done = await generatedSoFar(deps.db, options.seed);
  if (done >= options.rows) return { loaded: 0 };
  const suppliers = supplierCountFor(options.rows);
  await seedCatalogueReferences(deps.db, suppliers);
  const batch = options.batch ?? 2000;
  const start = done;
  while (done < options.rows) {
    const end = Math.min(options.rows, done + batch);
    const products = Array.from({ length: end - done }, (_, k) =>
      generateProduct(options.seed, done + k, suppliers),
    );
    await deps.db.transaction(async (tx) => {
      await insertCatalogueProducts(tx as unknown as Database, products);
      await tx.execute(progressStatement(options.seed, end, deps.clock.now()));
    });
    done = end;
    options.onBatch?.(done);
  }
  return { loaded: done - start };
}
