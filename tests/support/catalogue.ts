import { catalogueCategories } from '@server/db/schema/index';
import { insertCatalogueProducts } from '@server/modules/catalogue/catalogue-write';
import type { TestApp } from './app';

/** A fresh category path and a catalogue product in it, for the authorization matrix's examples. */
export async function catalogueObjects(
  t: Pick<TestApp, 'db'>,
): Promise<{ catalogueProductId: string; followCategoryId: string }> {
  const [top, secondary, leaf, product, sku] = Array.from({ length: 5 }, () => crypto.randomUUID());
  if (!top || !secondary || !leaf || !product || !sku) throw new Error('no ids');
  await t.db.insert(catalogueCategories).values([
    { id: top, parentId: null, level: 1, nameZh: '矩阵', nameTh: null, nameEn: 'Matrix' },
    {
      id: secondary,
      parentId: top,
      level: 2,
      nameZh: '矩阵二级',
      nameTh: null,
      nameEn: 'Matrix 2',
    },
    {
      id: leaf,
      parentId: secondary,
      level: 3,
      nameZh: '矩阵三级',
      nameTh: null,
      nameEn: 'Matrix 3',
    },
  ]);
  await insertCatalogueProducts(t.db, [
    {
      id: product,
      source: 'mall',
      sourceSite: '1688',
      categoryL1: top,
      categoryL2: secondary,
      categoryL3: leaf,
      titleZh: '矩阵商品',
      currency: 'CNY',
      priceMin: 1000,
      priceMax: 1000,
      shipsFrom: 'cn',
      platforms: ['lazada', 'shopee', 'tiktok'],
      listedAt: new Date(Date.UTC(2026, 0, 1)),
      skus: [{ id: sku, skuCode: 'MX', options: [], price: 1000, stock: 5 }],
    },
  ]);
  return { catalogueProductId: product, followCategoryId: secondary };
}
