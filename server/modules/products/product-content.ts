import type { ProductDraft } from '@shared/contracts/product-draft';
import type { Media, ProductInput, ProductSku, Variation } from '@shared/contracts/products';
import type { SyncedRecord } from '../shops/product-upsert';

/**
 * A product's content (what the editor shows and publishing sends) built from what brought it: a
 * claimed product's priced draft, or a synced product's platform record. Also the listing
 * columns the list reads, from the content.
 */

const externalMedia = (url: string): Media => ({
  key: null,
  url,
  mime: null,
  bytes: null,
  width: null,
  height: null,
  durationMs: null,
});

const EMPTY_CONTENT: Omit<ProductInput, 'title' | 'skus' | 'variations' | 'images'> = {
  categoryId: null,
  sku: '',
  brand: null,
  model: null,
  warrantyType: null,
  tax: null,
  packageWeightGrams: null,
  packageLengthCm: null,
  packageWidthCm: null,
  packageHeightCm: null,
  packageContent: '',
  attributes: {},
  video: null,
  sizeChart: null,
  description: '',
  shortDescription: '',
  sourceUrl: null,
  variantType: 'single',
  wholesale: [],
  preOrder: { enabled: false, days: null },
  condition: 'new',
  logistics: [],
  freight: 'weight',
  warranty: { period: null, policy: null },
  cod: false,
};

type DraftSku = ProductDraft['skus'][number];

/** A code of letters, digits and underscores (Shopee's seller SKU rule), at most `max` long. */
const code = (text: string, max: number) => text.replace(/[^A-Za-z0-9_]/g, '_').slice(0, max);

/**
 * A claimed product's content from its priced draft. `prices` gives each SKU's selling price in
 * the shop's currency (the draft may be priced in the source's currency); `cost` each SKU's cost
 * in CNY minor units when the source sells in CNY.
 */
export function contentFromDraft(
  draft: ProductDraft,
  options: {
    prices: (sku: DraftSku | null) => { selling: number; original: number | null };
    cost: (sku: DraftSku | null) => number | null;
    logistics: ProductInput['logistics'];
  },
): ProductInput {
  const properties = draft.skuProperties.filter((property) => property.values.length > 0);
  const variations: Variation[] = properties.map((property) => ({
    name: property.name.slice(0, 20),
    options: property.values.map((value) => ({
      name: value.name.slice(0, 20),
      image: value.image ? externalMedia(value.image) : null,
    })),
  }));
  const single = (): ProductSku => {
    const price = options.prices(null);
    return {
      id: 'sku-1',
      skuId: null,
      sellerSku: code(draft.itemId, 30),
      options: [],
      originalPrice: price.original,
      sellingPrice: price.selling,
      promotionPrice: null,
      promotionStart: null,
      promotionEnd: null,
      stock: Math.max(
        0,
        draft.skus.reduce((sum, sku) => sum + (sku.stock ?? 0), 0),
      ),
      costPrice: options.cost(null),
      image: null,
    };
  };
  const skus: ProductSku[] =
    draft.skus.length > 0 && properties.length > 0
      ? draft.skus.map((sku, index) => {
          const price = options.prices(sku);
          return {
            id: sku.id || `sku-${index + 1}`,
            skuId: null,
            sellerSku: code(`${draft.itemId}_${index + 1}`, 30),
            options: properties.map((property) => {
              const valueId = sku.values[property.id];
              const name = property.values.find((value) => value.id === valueId)?.name ?? '';
              return name.slice(0, 20);
            }),
            originalPrice: price.original,
            sellingPrice: price.selling,
            promotionPrice: null,
            promotionStart: null,
            promotionEnd: null,
            stock: Math.max(0, sku.stock ?? 0),
            costPrice: options.cost(sku),
            image: sku.image ? externalMedia(sku.image) : null,
          };
        })
      : [single()];
  const dimensions = draft.dimensionsCm;
  const description =
    draft.description && 'html' in draft.description ? draft.description.html : '';
  return {
    ...EMPTY_CONTENT,
    title: draft.title,
    sku: code(draft.itemId, 50),
    variations: properties.length > 0 ? variations : [],
    variantType: properties.length > 0 ? 'multiple' : 'single',
    skus,
    images: draft.images.slice(0, 8).map(externalMedia),
    packageWeightGrams:
      draft.weightGrams === null ? null : Math.max(1, Math.round(draft.weightGrams)),
    packageLengthCm: dimensions?.length ?? null,
    packageWidthCm: dimensions?.width ?? null,
    packageHeightCm: dimensions?.height ?? null,
    description,
    sourceUrl: draft.url,
    logistics: options.logistics,
  };
}

/** A synced product's content from its platform record (variations from the SKUs' attributes). */
export function contentFromSynced(title: string, record: SyncedRecord): ProductInput {
  const names: string[] = [];
  for (const sku of record.skus)
    for (const name of Object.keys(sku.attributes)) if (!names.includes(name)) names.push(name);
  const variations: Variation[] = names.map((name) => ({
    name,
    options: [...new Set(record.skus.map((sku) => sku.attributes[name] ?? ''))]
      .filter(Boolean)
      .map((option) => ({ name: option, image: null })),
  }));
  const skus: ProductSku[] = record.skus.map((sku, index) => ({
    id: sku.externalId || `sku-${index + 1}`,
    skuId: sku.externalId || null,
    sellerSku: sku.sellerSku ?? '',
    options: names.map((name) => sku.attributes[name] ?? ''),
    originalPrice: null,
    sellingPrice: sku.priceMinor,
    promotionPrice: sku.salePriceMinor,
    promotionStart: null,
    promotionEnd: null,
    stock: sku.stock,
    costPrice: null,
    image: sku.image ? externalMedia(sku.image) : null,
  }));
  return {
    ...EMPTY_CONTENT,
    title,
    categoryId: record.categoryId ?? null,
    variations,
    variantType: names.length > 0 ? 'multiple' : 'single',
    skus,
    images: record.images.map(externalMedia),
  };
}

/** The listing columns of a product from its content. */
/**
 * A whole number the listing's integer columns hold: a draft may still carry a fraction or an
 * out-of-range number its rules refuse (shown as its failure, never stored in these columns).
 */
const INT_MAX = 2_147_483_647;
const column = (value: number) => Math.min(INT_MAX, Math.max(0, Math.floor(value)));

export function listingOf(content: ProductInput) {
  const prices = content.skus.map((sku) => column(sku.promotionPrice ?? sku.sellingPrice));
  return {
    title: content.title,
    sku: content.sku || (content.skus[0]?.sellerSku ?? ''),
    cover: content.images[0]?.url ?? null,
    coverHash: content.images[0]?.key ?? null,
    priceMinMinor: prices.length ? Math.min(...prices) : null,
    priceMaxMinor: prices.length ? Math.max(...prices) : null,
    stock: column(content.skus.reduce((sum, sku) => sum + column(sku.stock), 0)),
    skuCount: content.skus.length,
    categoryId: content.categoryId,
  };
}
