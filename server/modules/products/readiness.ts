import {
  checkProduct,
  type RuleContext,
  readinessCodeOf,
  ruleTable,
} from '@shared/contracts/product-rules';
import type {
  ProductInput,
  ReadinessCode,
  ReadinessIssue,
  ShopReadiness,
} from '@shared/contracts/products';
import type { SiteCode } from '@shared/contracts/site-codes';
import type { ValidationMessageKey } from '@shared/contracts/validation';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type * as z from 'zod/mini';
import type { AppDeps } from '../../context';
import { products } from '../../db/schema/index';
import type { PlatformAttribute } from '../../integrations/marketplace/marketplace.types';
import { openSecret } from '../../lib/secret-box';
import { type ProductRow, type ShopRow, shopName } from './product-access';

/**
 * The publish-readiness check of one product for one target shop: every rule of the shop's site
 * table (errors), the category's required attributes (errors), and what a platform refuses or
 * frowns on that a rule cannot see: image size and ratio, and duplicates across the seller's
 * shops (warnings). Each line names the field to jump to.
 */

/** Words of a title for near-identical comparison. */
const words = (title: string) =>
  new Set(
    title
      .toLowerCase()
      .normalize('NFKC')
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );

/** Near-identical titles: nine tenths of their words shared (Jaccard). */
function nearlySameTitle(a: string, b: string): boolean {
  const left = words(a);
  const right = words(b);
  if (left.size === 0 || right.size === 0) return false;
  let shared = 0;
  for (const word of left) if (right.has(word)) shared += 1;
  return shared / (left.size + right.size - shared) >= 0.9;
}

/** Category attributes, read once per platform site and category for ten minutes. */
const attributeCache = new Map<string, { at: number; attributes: PlatformAttribute[] }>();

async function categoryAttributes(
  deps: Pick<AppDeps, 'db' | 'config' | 'marketplaces' | 'clock'>,
  shop: ShopRow,
  categoryId: string,
): Promise<PlatformAttribute[] | null> {
  const key = `${shop.platform}:${shop.site}:${categoryId}`;
  const now = deps.clock.now().getTime();
  const cached = attributeCache.get(key);
  if (cached && now - cached.at < 10 * 60_000) return cached.attributes;
  try {
    const access = await shopAccessOf(deps, shop);
    if (!access) return null;
    const attributes = await deps.marketplaces[shop.platform].categoryAttributes(
      access,
      categoryId,
    );
    attributeCache.set(key, { at: now, attributes });
    return attributes;
  } catch {
    return null;
  }
}

/** What a marketplace call needs for a shop, or null when it has no normal authorization. */
export async function shopAccessOf(
  deps: Pick<AppDeps, 'db' | 'config'>,
  shop: ShopRow,
  site?: SiteCode,
) {
  if (!shop.authorizationId || shop.status !== 'normal') return null;
  const { shopAuthorizations } = await import('../../db/schema/index');
  const [authorization] = await deps.db
    .select()
    .from(shopAuthorizations)
    .where(eq(shopAuthorizations.id, shop.authorizationId));
  if (authorization?.status !== 'normal') return null;
  return {
    shopId: shop.id,
    accessToken: openSecret(deps.config.shops.tokenKey, authorization.accessToken),
    externalId: shop.externalId,
    site: site ?? (shop.site as SiteCode),
    cipher: shop.cipher,
  };
}

/**
 * Attributes the editor keeps in fields of their own (Lazada lists name, description, brand, ...
 * among the category's attributes): checked as those fields, never asked for twice.
 */
const FIELD_ATTRIBUTES: Record<string, keyof ProductInput> = {
  name: 'title',
  description: 'description',
  short_description: 'shortDescription',
  brand: 'brand',
  model: 'model',
  warranty_type: 'warrantyType',
};

/** Required attributes kept in fields of their own that the product leaves empty. */
function emptyFieldAttributes(attributes: PlatformAttribute[] | null, content: ProductInput) {
  return (attributes ?? []).flatMap((attribute) => {
    const field = FIELD_ATTRIBUTES[attribute.id];
    if (!field || !attribute.required) return [];
    const value = content[field];
    return typeof value === 'string' && value.trim() !== ''
      ? []
      : [{ field, name: attribute.name }];
  });
}

/** The category's required (non-variation) attributes, and whether it needs a size chart. */
export async function ruleContextOf(
  deps: Pick<AppDeps, 'db' | 'config' | 'marketplaces' | 'clock'>,
  shop: ShopRow,
  categoryId: string | null,
): Promise<RuleContext & { attributes: PlatformAttribute[] | null }> {
  if (!categoryId) return { attributes: null };
  const attributes = await categoryAttributes(deps, shop, categoryId);
  return {
    attributes,
    requiredAttributes: (attributes ?? [])
      .filter(
        (attribute) =>
          attribute.required && !attribute.variation && !(attribute.id in FIELD_ATTRIBUTES),
      )
      .map((attribute) => attribute.id),
    sizeChartRequired: (attributes ?? []).some(
      (attribute) => attribute.required && /size.?chart/i.test(attribute.name),
    ),
  };
}

export async function checkReadiness(
  deps: Pick<AppDeps, 'db' | 'config' | 'marketplaces' | 'clock'>,
  input: { product: ProductRow; content: ProductInput; shop: ShopRow; site?: SiteCode },
): Promise<ShopReadiness> {
  const { product, content, shop } = input;
  const site = input.site ?? (shop.site as SiteCode);
  const table = ruleTable(shop.platform, site);
  const issues: ReadinessIssue[] = [];
  const add = (
    severity: ReadinessIssue['severity'],
    code: ReadinessCode,
    field: string,
    params: ReadinessIssue['params'] = {},
  ) => issues.push({ severity, code, field, params });

  if (shop.status !== 'normal' || !shop.authorizationId) add('error', 'shopAbnormal', 'shop');
  if (!content.categoryId) add('error', 'categoryMissing', 'categoryId');
  const context = await ruleContextOf(deps, shop, content.categoryId);
  const raw: z.core.$ZodRawIssue[] = [];
  checkProduct(content, table, context, raw);
  for (const issue of raw) {
    const field = (issue.path ?? []).map(String).join('.');
    const key = issue.message as ValidationMessageKey;
    const params = {
      ...((issue as { params?: Record<string, string | number> }).params ?? {}),
      key,
    };
    if (field.startsWith('attributes.')) {
      const id = field.slice('attributes.'.length);
      const name = context.attributes?.find((attribute) => attribute.id === id)?.name ?? id;
      add('error', 'attributeRequired', field, { ...params, name });
    } else add('error', readinessCodeOf(field, key), field, params);
  }

  for (const missing of emptyFieldAttributes(context.attributes, content))
    if (!issues.some((issue) => issue.field === missing.field))
      add('error', 'attributeRequired', missing.field, { key: 'required', name: missing.name });

  // Images: sizes outside the platform's, a cover that is not square where one is recommended.
  content.images.forEach((image, index) => {
    if (image.width === null || image.height === null) return;
    const { min, max } = table.images.sidePx;
    const side = Math.min(image.width, image.height);
    if (side < min || Math.max(image.width, image.height) > max)
      add('warning', 'imageDimensions', `images.${index}`, { minimum: min, maximum: max });
    if (index === 0 && table.images.recommendedPx !== null && image.width !== image.height)
      add('warning', 'imageRatio', 'images.0', { size: table.images.recommendedPx });
  });

  // Duplicates across the seller's other shops of the platform.
  // Candidates: the same source item, the same cover bytes, or a title with the same start
  // (near-identical titles share it); compared word by word below.
  const candidates = await deps.db
    .select({
      id: products.id,
      title: products.title,
      sourceSite: products.sourceSite,
      sourceItemId: products.sourceItemId,
      coverHash: products.coverHash,
    })
    .from(products)
    .where(
      and(
        eq(products.ownerId, product.ownerId),
        eq(products.platform, shop.platform),
        ne(products.id, product.id),
        ne(products.shopId, shop.id),
        or(
          product.sourceItemId && product.sourceSite
            ? and(
                eq(products.sourceSite, product.sourceSite),
                eq(products.sourceItemId, product.sourceItemId),
              )
            : sql`false`,
          content.images[0]?.key ? eq(products.coverHash, content.images[0].key) : sql`false`,
          sql`lower(left(${products.title}, 12)) = lower(left(${content.title}, 12))`,
        ),
      ),
    )
    .limit(50);
  for (const other of candidates) {
    if (
      product.sourceItemId &&
      other.sourceItemId === product.sourceItemId &&
      other.sourceSite === product.sourceSite
    )
      add('warning', 'duplicateSource', 'sourceUrl', { productId: other.id });
    else if (content.images[0]?.key && other.coverHash === content.images[0].key)
      add('warning', 'duplicateCover', 'images.0', { productId: other.id });
    else if (nearlySameTitle(other.title, content.title))
      add('warning', 'duplicateTitle', 'title', { productId: other.id });
  }

  return {
    shopId: shop.id,
    shopName: shopName(shop),
    platform: shop.platform,
    site,
    ready: !issues.some((issue) => issue.severity === 'error'),
    issues,
  };
}
