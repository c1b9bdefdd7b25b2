import type { Database } from '@server/db/client';
import { catalogueCategories, catalogueSuppliers } from '@server/db/schema/index';
import {
  insertCatalogueProducts,
  type NewCatalogueProduct,
} from '@server/modules/catalogue/catalogue-write';

/** A UUID the contract accepts (version 4, variant 8), made from a kind and a number. */
export function plantedId(kind: number, n: number): string {
  const tail = (kind * 1_000_000 + n).toString(16).padStart(12, '0');
  return `00000000-0000-4000-8000-${tail}`;
}

/** The planted category tree: two top categories, four secondary ones, five leaves. */
export const CATEGORIES = {
  digital: { id: plantedId(1, 1), zh: '数码', th: 'ดิจิทัล', en: 'Digital' },
  phoneAccessories: {
    id: plantedId(1, 11),
    zh: '手机配件',
    th: 'อุปกรณ์มือถือ',
    en: 'Phone accessories',
  },
  phoneCases: { id: plantedId(1, 111), zh: '手机壳', th: 'เคสมือถือ', en: 'Phone cases' },
  cables: { id: plantedId(1, 112), zh: '数据线', th: 'สายชาร์จ', en: 'Cables' },
  computer: {
    id: plantedId(1, 12),
    zh: '电脑配件',
    th: 'อุปกรณ์คอมพิวเตอร์',
    en: 'Computer accessories',
  },
  keyboards: { id: plantedId(1, 121), zh: '键盘', th: 'คีย์บอร์ด', en: 'Keyboards' },
  home: { id: plantedId(1, 2), zh: '家居', th: 'ของใช้ในบ้าน', en: 'Home' },
  kitchen: { id: plantedId(1, 21), zh: '厨房用品', th: 'เครื่องครัว', en: 'Kitchen' },
  cups: { id: plantedId(1, 211), zh: '水杯', th: 'แก้วน้ำ', en: 'Cups' },
  storage: { id: plantedId(1, 22), zh: '收纳', th: 'จัดเก็บ', en: 'Storage' },
  boxes: { id: plantedId(1, 221), zh: '收纳盒', th: 'กล่องเก็บของ', en: 'Storage boxes' },
  lighting: { id: plantedId(1, 23), zh: '灯具', th: 'โคมไฟ', en: 'Lighting' },
  lamps: { id: plantedId(1, 231), zh: '台灯', th: 'โคมไฟตั้งโต๊ะ', en: 'Desk lamps' },
} as const;
type CategoryName = keyof typeof CATEGORIES;

const TREE: [CategoryName, CategoryName | null, 1 | 2 | 3][] = [
  ['digital', null, 1],
  ['phoneAccessories', 'digital', 2],
  ['phoneCases', 'phoneAccessories', 3],
  ['cables', 'phoneAccessories', 3],
  ['computer', 'digital', 2],
  ['keyboards', 'computer', 3],
  ['home', null, 1],
  ['kitchen', 'home', 2],
  ['cups', 'kitchen', 3],
  ['storage', 'home', 2],
  ['boxes', 'storage', 3],
  ['lighting', 'home', 2],
  ['lamps', 'lighting', 3],
];

/** The leaf's secondary and top categories. */
function pathOf(leaf: CategoryName): [string, string, string] {
  const secondary = TREE.find(([name]) => name === leaf)?.[1];
  const top = secondary ? TREE.find(([name]) => name === secondary)?.[1] : null;
  if (!secondary || !top) throw new Error(`${leaf} is not a leaf`);
  return [CATEGORIES[top].id, CATEGORIES[secondary].id, CATEGORIES[leaf].id];
}

export const SUPPLIER = { id: plantedId(2, 1), name: 'Yiwu Bright Trading' };

/** One planted product: its titles, leaf, source and figures; two SKUs (black and white). */
export interface PlantedProduct {
  n: number;
  zh: string;
  th?: string;
  en?: string;
  leaf: CategoryName;
  source?: NewCatalogueProduct['source'];
  sourceSite?: NewCatalogueProduct['sourceSite'];
  price?: number;
  sales?: number;
  stock?: number;
  shipsFrom?: string;
  stockBySite?: Record<string, number>;
  /** Days before 2026-11-01 it was listed. */
  age?: number;
}

export const productId = (n: number) => plantedId(3, n);
export const skuId = (n: number, index: number) => plantedId(4, n * 10 + index);

function rowOf(product: PlantedProduct): NewCatalogueProduct {
  const [l1, l2, l3] = pathOf(product.leaf);
  const price = product.price ?? 1290;
  const source = product.source ?? 'mall';
  const stock = product.stock ?? 200;
  const direct = source === 'directSale';
  return {
    id: productId(product.n),
    source,
    sourceSite:
      source === 'mall' || source === 'thirdParty' ? (product.sourceSite ?? '1688') : null,
    sourceUrl: null,
    supplierId: SUPPLIER.id,
    categoryL1: l1,
    categoryL2: l2,
    categoryL3: l3,
    titleZh: product.zh,
    titleTh: product.th ?? null,
    titleEn: product.en ?? null,
    brand: null,
    model: null,
    cover: null,
    images: [],
    videoUrl: null,
    descriptionHtml: `<p>${product.zh}</p>`,
    shortDescription: null,
    currency: direct ? 'THB' : 'CNY',
    priceMin: price,
    priceMax: price + 200,
    stock,
    stockBySite: direct ? (product.stockBySite ?? { th: stock }) : null,
    shipsFrom: product.shipsFrom ?? (direct ? 'th' : 'cn'),
    salesCount: product.sales ?? 100,
    skuCount: 2,
    weightGrams: 120,
    dimensionsCm: null,
    variations: [{ name: 'Colour', options: ['Black', 'White'] }],
    platforms: ['lazada', 'shopee', 'tiktok'],
    listedAt: new Date(Date.UTC(2026, 10, 1) - (product.age ?? product.n) * 86_400_000),
    skus: ['Black', 'White'].map((colour, index) => ({
      id: skuId(product.n, index),
      skuCode: `SKU-${product.n}-${colour.toUpperCase()}`,
      options: [colour],
      price: price + index * 200,
      originalPrice: null,
      stock: Math.floor(stock / 2),
      stockBySite: direct ? { th: Math.floor(stock / 2) } : null,
      image: null,
      weightGrams: 120,
      sort: index,
    })),
  };
}

/**
 * Plants the category tree, one supplier and these products through the server's own writer
 * (search tokens and their document frequencies included), as the generator does.
 */
export async function plantCatalogue(db: Database, products: readonly PlantedProduct[]) {
  await db
    .insert(catalogueCategories)
    .values(
      TREE.map(([name, parent, level], sort) => ({
        id: CATEGORIES[name].id,
        parentId: parent ? CATEGORIES[parent].id : null,
        level,
        nameZh: CATEGORIES[name].zh,
        nameTh: CATEGORIES[name].th,
        nameEn: CATEGORIES[name].en,
        sort,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(catalogueSuppliers)
    .values({ ...SUPPLIER, site: 'cn', rating: 45, productCount: products.length })
    .onConflictDoNothing();
  await insertCatalogueProducts(db, products.map(rowOf));
}
