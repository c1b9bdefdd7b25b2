import {
  CART_LINES_MAX,
  CART_QUANTITY_MAX,
  type Cart,
  type CatalogueProductDetail,
  type CategoryTree,
  type ChooseConflicts,
  type ChooseRequest,
  type ChooseResult,
  DEFAULT_FOLLOW_LIMIT,
  type FollowList,
  type FollowRequest,
  type ShopFollows,
} from '@shared/contracts/catalogue';
import type { Language } from '@shared/contracts/languages';
import type { ProductDraft } from '@shared/contracts/product-draft';
import type { Platform } from '@shared/contracts/shops';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Actor, AppDeps } from '../../context';
import type { Database } from '../../db/client';
import {
  cartItems,
  catalogueFollows,
  catalogueProducts,
  catalogueSkus,
  catalogueSuppliers,
  configValues,
  products,
  shops,
} from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { type Queryable, shopNameOf, visibleShops } from '../collector/collector.service';
import { heldSources } from '../products/held-sources';
import { categoryIndex, nameIn, pathOf, treeOf } from './categories';
import { productOf } from './search.service';

type CatalogueRow = typeof catalogueProducts.$inferSelect;
type SkuRow = typeof catalogueSkus.$inferSelect;
type ShopRow = typeof shops.$inferSelect;

/* ---------- categories ---------- */

export async function getCategoryTree(
  deps: Pick<AppDeps, 'db'>,
  language: Language,
): Promise<CategoryTree> {
  return treeOf(await categoryIndex(deps.db), language);
}

/* ---------- detail ---------- */

const siteStock = (bySite: Record<string, number> | null) =>
  Object.entries(bySite ?? {}).map(([site, stock]) => ({
    site: site as CatalogueProductDetail['shipsFrom'],
    stock,
  }));

export async function getCatalogueDetail(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  input: { id: string; language: Language },
): Promise<CatalogueProductDetail> {
  const [row] = await deps.db
    .select()
    .from(catalogueProducts)
    .where(eq(catalogueProducts.id, input.id));
  if (!row) throw new AppError('RECORD_NOT_FOUND');
  const [skus, supplierRows, chosen, index] = await Promise.all([
    deps.db
      .select()
      .from(catalogueSkus)
      .where(eq(catalogueSkus.productId, row.id))
      .orderBy(asc(catalogueSkus.sort), asc(catalogueSkus.id)),
    row.supplierId
      ? deps.db.select().from(catalogueSuppliers).where(eq(catalogueSuppliers.id, row.supplierId))
      : Promise.resolve([]),
    deps.db
      .select({ shopId: products.shopId })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(
        and(
          eq(products.sourceSite, row.source),
          eq(products.sourceItemId, row.id),
          visibleShops(actor),
        ),
      ),
    categoryIndex(deps.db),
  ]);
  const supplier = supplierRows[0] ?? null;
  const base = productOf(row, index, input.language, supplier?.name ?? null);
  return {
    ...base,
    supplier: supplier
      ? {
          id: supplier.id,
          name: supplier.name,
          site: supplier.site as CatalogueProductDetail['shipsFrom'],
          rating: supplier.rating,
          productCount: supplier.productCount,
        }
      : null,
    model: row.model,
    variations: row.variations ?? [],
    skus: skus.map((sku) => ({
      id: sku.id,
      skuCode: sku.skuCode,
      options: sku.options,
      price: sku.price,
      originalPrice: sku.originalPrice,
      stock: sku.stock,
      stockBySite: siteStock(sku.stockBySite),
      image: sku.image,
      weightGrams: sku.weightGrams,
    })),
    images: row.images ?? (row.cover ? [row.cover] : []),
    videoUrl: row.videoUrl,
    descriptionHtml: row.descriptionHtml,
    shortDescription: row.shortDescription,
    weightGrams: row.weightGrams,
    dimensionsCm: row.dimensionsCm,
    chosenShopIds: chosen.map((c) => c.shopId),
  };
}

/* ---------- follows ---------- */

/** Decisions.md: the configuration's CATALOGUE/FOLLOW_LIMIT, else 3. */
async function followLimit(db: Pick<Database, 'select'>): Promise<number> {
  const [row] = await db
    .select({ value: configValues.keyValue })
    .from(configValues)
    .where(and(eq(configValues.dicType, 'CATALOGUE'), eq(configValues.keyName, 'FOLLOW_LIMIT')));
  const value = row ? Number.parseInt(row.value, 10) : Number.NaN;
  return Number.isSafeInteger(value) && value >= 0 ? value : DEFAULT_FOLLOW_LIMIT;
}

async function followsOf(
  db: Queryable,
  shopList: readonly ShopRow[],
  language: Language,
  limit: number,
): Promise<ShopFollows[]> {
  const rows = shopList.length
    ? await db
        .select()
        .from(catalogueFollows)
        .where(
          inArray(
            catalogueFollows.shopId,
            shopList.map((shop) => shop.id),
          ),
        )
        .orderBy(asc(catalogueFollows.createdAt), asc(catalogueFollows.categoryId))
    : [];
  const index = await categoryIndex(db as Database);
  return shopList.map((shop) => ({
    shopId: shop.id,
    shopName: shopNameOf(shop),
    platform: shop.platform,
    site: shop.site as ShopFollows['site'],
    categories: rows
      .filter((row) => row.shopId === shop.id)
      .map((row) => {
        const category = index.byId.get(row.categoryId);
        return {
          id: row.categoryId,
          name: category ? nameIn(category, language) : '',
          path: pathOf(index, row.categoryId, language),
        };
      }),
    limit,
  }));
}

export async function listFollows(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  language: Language,
): Promise<FollowList> {
  const shopList = await deps.db
    .select()
    .from(shops)
    .where(visibleShops(actor))
    .orderBy(asc(shops.platform), asc(shops.name), asc(shops.id));
  const limit = await followLimit(deps.db);
  return { shops: await followsOf(deps.db, shopList, language, limit), limit };
}

/**
 * POST follow: the categories the shop should follow. The shop's row is locked first, so two
 * requests for one shop take turns and the second counts the first's follows: every earlier
 * follow must stay (CATALOGUE_FOLLOW_CHANGE) and at most the limit in all (CATALOGUE_FOLLOW_LIMIT).
 */
export async function followCategories(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Actor,
  input: FollowRequest & { language: Language },
): Promise<ShopFollows> {
  const wanted = [...new Set(input.categoryIds)];
  const index = await categoryIndex(deps.db, wanted);
  if (wanted.some((id) => index.byId.get(id)?.level !== 2))
    throw new AppError('CATALOGUE_CATEGORY_NOT_SECONDARY');
  const limit = await followLimit(deps.db);
  return deps.db.transaction(async (tx) => {
    const [shop] = await tx
      .select()
      .from(shops)
      .where(and(eq(shops.id, input.shopId), visibleShops(actor)))
      .for('update');
    if (!shop) throw new AppError('RECORD_NOT_FOUND');
    const held = await tx
      .select({ categoryId: catalogueFollows.categoryId })
      .from(catalogueFollows)
      .where(eq(catalogueFollows.shopId, shop.id));
    if (held.some((row) => !wanted.includes(row.categoryId)))
      throw new AppError('CATALOGUE_FOLLOW_CHANGE');
    if (wanted.length > limit) throw new AppError('CATALOGUE_FOLLOW_LIMIT', { params: { limit } });
    const added = wanted.filter((id) => !held.some((row) => row.categoryId === id));
    if (added.length > 0) {
      const now = deps.clock.now();
      await tx.insert(catalogueFollows).values(
        added.map((categoryId) => ({
          shopId: shop.id,
          categoryId,
          createdBy: actor.userId,
          createdAt: now,
        })),
      );
    }
    const [follows] = await followsOf(tx, [shop], input.language, limit);
    if (!follows) throw new AppError('RECORD_NOT_FOUND');
    return follows;
  });
}

/* ---------- cart ---------- */

export async function getCart(
  deps: Pick<AppDeps, 'db'>,
  actor: Pick<Actor, 'userId'>,
  language: Language,
): Promise<Cart> {
  const rows = await deps.db
    .select({ item: cartItems, sku: catalogueSkus, product: catalogueProducts })
    .from(cartItems)
    .innerJoin(catalogueSkus, eq(catalogueSkus.id, cartItems.skuId))
    .innerJoin(catalogueProducts, eq(catalogueProducts.id, catalogueSkus.productId))
    .where(eq(cartItems.userId, actor.userId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.skuId));
  const index = await categoryIndex(deps.db);
  const lines = rows.map(({ item, sku, product }) => {
    const shown = productOf(product, index, language, null);
    return {
      skuId: sku.id,
      productId: product.id,
      source: product.source,
      title: shown.title,
      options: sku.options,
      image: sku.image ?? product.cover,
      currency: shown.currency,
      price: sku.price,
      stock: sku.stock,
      quantity: item.quantity,
      addedAt: item.addedAt.toISOString(),
    };
  });
  return { lines, count: lines.reduce((sum, line) => sum + line.quantity, 0) };
}

async function skuExists(db: Database, skuId: string): Promise<void> {
  const [sku] = await db
    .select({ id: catalogueSkus.id })
    .from(catalogueSkus)
    .where(eq(catalogueSkus.id, skuId));
  if (!sku) throw new AppError('RECORD_NOT_FOUND');
}

/** POST cart add: to the quantity already there (at most CART_QUANTITY_MAX), in one statement. */
export async function addToCart(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId'>,
  input: { skuId: string; quantity: number; language: Language },
): Promise<Cart> {
  await skuExists(deps.db, input.skuId);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(cartItems)
      .where(eq(cartItems.userId, actor.userId));
    await tx
      .insert(cartItems)
      .values({
        userId: actor.userId,
        skuId: input.skuId,
        quantity: input.quantity,
        addedAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [cartItems.userId, cartItems.skuId],
        set: {
          quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${CART_QUANTITY_MAX})`,
          updatedAt: now,
        },
      });
    const [after] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(cartItems)
      .where(eq(cartItems.userId, actor.userId));
    if ((after?.n ?? 0) > CART_LINES_MAX && (after?.n ?? 0) > (count?.n ?? 0))
      throw new AppError('VALIDATION_FAILED', { params: { fields: 'skuId' } });
  });
  return getCart(deps, actor, input.language);
}

/** POST cart update: sets a line's quantity (a line not in the cart is "not found"). */
export async function updateCartLine(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Pick<Actor, 'userId'>,
  input: { skuId: string; quantity: number; language: Language },
): Promise<Cart> {
  const updated = await deps.db
    .update(cartItems)
    .set({ quantity: input.quantity, updatedAt: deps.clock.now() })
    .where(and(eq(cartItems.userId, actor.userId), eq(cartItems.skuId, input.skuId)))
    .returning({ skuId: cartItems.skuId });
  if (updated.length === 0) throw new AppError('RECORD_NOT_FOUND');
  return getCart(deps, actor, input.language);
}

export async function removeFromCart(
  deps: Pick<AppDeps, 'db'>,
  actor: Pick<Actor, 'userId'>,
  input: { skuIds: string[]; language: Language },
): Promise<Cart> {
  await deps.db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, actor.userId), inArray(cartItems.skuId, input.skuIds)));
  return getCart(deps, actor, input.language);
}

/* ---------- choose into shops ---------- */

/**
 * A catalogue product as the draft a claimed product keeps: its SKUs and variations at the
 * source's prices (the cost, in CNY for every source but direct sale). The shop's pricing
 * template prices it when its content is first built, as for a collected product.
 */
function draftOf(row: CatalogueRow, skus: readonly SkuRow[]): ProductDraft {
  const variations = row.variations ?? [];
  const skuProperties = variations.map((variation, v) => ({
    id: `p${v + 1}`,
    name: variation.name,
    values: variation.options.map((option, o) => ({
      id: `p${v + 1}v${o + 1}`,
      name: option,
      image: null,
    })),
  }));
  const title = row.titleZh ?? row.titleEn ?? row.titleTh ?? '';
  return {
    // The stored draft names its catalogue source (the products row's source_site says the same).
    site: row.source as unknown as ProductDraft['site'],
    itemId: row.id,
    url: row.sourceUrl ?? '',
    title,
    currency: row.currency,
    price: { min: row.priceMin, max: row.priceMax },
    tiers: [],
    skuProperties,
    skus: skus.map((sku) => ({
      id: sku.id,
      values: Object.fromEntries(
        sku.options.flatMap((option, v) => {
          const value = skuProperties[v]?.values.find((candidate) => candidate.name === option);
          return value ? [[`p${v + 1}`, value.id]] : [];
        }),
      ),
      price: sku.price,
      originalPrice: sku.originalPrice,
      stock: sku.stock,
      available: sku.stock > 0,
      image: sku.image,
    })),
    images: row.images ?? (row.cover ? [row.cover] : []),
    description: row.descriptionHtml ? { html: row.descriptionHtml } : null,
    shop: null,
    categoryPath: [],
    weightGrams: row.weightGrams,
    dimensionsCm: row.dimensionsCm,
    attributes: [
      ...(row.brand ? [{ name: 'brand', value: row.brand }] : []),
      ...(row.model ? [{ name: 'model', value: row.model }] : []),
    ],
    minOrderQuantity: null,
    raw: null,
    confidence: {},
  };
}

const UNIQUE_VIOLATION = '23505';

function hasSqlState(error: unknown, state: string): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current === 'object' && (current as { code?: unknown }).code === state) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

async function chosenConflicts(
  db: Queryable,
  rows: readonly CatalogueRow[],
  targets: readonly ShopRow[],
): Promise<ChooseConflicts['conflicts']> {
  const held = await heldSources(db, rows, targets, (row) => ({
    site: row.source,
    itemId: row.id,
  }));
  return held.map(({ item, shop }) => ({
    catalogueId: item.id,
    title: item.titleZh ?? item.titleEn ?? item.titleTh ?? '',
    shopId: shop.id,
    shopName: shopNameOf(shop),
  }));
}

function alreadyChosen(conflicts: ChooseConflicts['conflicts']): AppError {
  const datas: ChooseConflicts = { conflicts };
  return new AppError('CATALOGUE_ALREADY_CHOSEN', { datas });
}

/**
 * POST choose: every product into every shop as a product waiting to be published (`wait`), the
 * way a collected product is claimed (the same products row, keyed by shop, source and item).
 * All or nothing: a product not in the catalogue (RECORD_NOT_FOUND), a shop the actor may not act
 * on or not authorized (COLLECT_SHOP_UNAVAILABLE), a shop of a platform the product is not sold
 * on (CATALOGUE_SHOP_UNFIT) or a product already in one of the shops (CATALOGUE_ALREADY_CHOSEN,
 * naming every pair; the unique key refuses it as well when two requests race).
 */
export async function chooseIntoShops(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  actor: Actor,
  input: ChooseRequest,
): Promise<ChooseResult> {
  const ids = [...new Set(input.productIds)];
  const shopIds = [...new Set(input.shopIds)];
  const now = deps.clock.now();
  const found = await deps.db
    .select()
    .from(shops)
    .where(and(inArray(shops.id, shopIds), visibleShops(actor)));
  const unavailable = shopIds.filter(
    (id) => !found.some((shop) => shop.id === id && shop.status === 'normal'),
  );
  // Without naming them: a shop of another account is not even said to exist.
  if (unavailable.length > 0) throw new AppError('COLLECT_SHOP_UNAVAILABLE');
  const rows = await deps.db
    .select()
    .from(catalogueProducts)
    .where(inArray(catalogueProducts.id, ids));
  if (rows.length !== ids.length) throw new AppError('RECORD_NOT_FOUND');
  const chosen = ids.flatMap((id) => rows.find((row) => row.id === id) ?? []);
  const targets = shopIds.flatMap((id) => found.find((shop) => shop.id === id) ?? []);
  const unfit = chosen.some((row) =>
    targets.some((shop) => !row.platforms.includes(shop.platform as Platform)),
  );
  if (unfit) throw new AppError('CATALOGUE_SHOP_UNFIT');
  const conflicts = await chosenConflicts(deps.db, chosen, targets);
  if (conflicts.length > 0) throw alreadyChosen(conflicts);
  const skus = await deps.db
    .select()
    .from(catalogueSkus)
    .where(inArray(catalogueSkus.productId, ids))
    .orderBy(asc(catalogueSkus.sort), asc(catalogueSkus.id));
  const values = chosen.flatMap((row) => {
    const data = draftOf(
      row,
      skus.filter((sku) => sku.productId === row.id),
    );
    return targets.map((shop) => ({
      ownerId: actor.ownerId,
      shopId: shop.id,
      platform: shop.platform,
      origin: 'claimed' as const,
      sourceSite: row.source,
      sourceItemId: row.id,
      sourceUrl: row.sourceUrl,
      title: data.title,
      cover: row.cover,
      currency: data.currency,
      priceMinMinor: row.priceMin,
      priceMaxMinor: row.priceMax,
      stock: row.stock,
      skuCount: Math.max(1, row.skuCount),
      status: 'wait' as const,
      data,
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    }));
  });
  try {
    const created = await deps.db
      .insert(products)
      .values(values)
      .returning({ id: products.id, shopId: products.shopId, sourceItemId: products.sourceItemId });
    return {
      products: created.map((product) => ({
        catalogueId: product.sourceItemId ?? '',
        shopId: product.shopId,
        productId: product.id,
        status: 'wait' as const,
      })),
    };
  } catch (error) {
    // Another request chose one of them since the check: the unique key refused the insert.
    if (hasSqlState(error, UNIQUE_VIOLATION))
      throw alreadyChosen(await chosenConflicts(deps.db, chosen, targets));
    throw error;
  }
}
