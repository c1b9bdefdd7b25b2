import { endpoints } from '@shared/contracts/endpoints';
import type { ProductInput } from '@shared/contracts/products';
import { AppError } from '../../lib/errors';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { validationError } from '../../lib/validate';
import { readMediaFile, uploadMedia } from './media.service';
import {
  activateProducts,
  cancelSchedule,
  copyToSites,
  deleteProducts,
  delistProducts,
  listProducts,
  productDetail,
  productReadiness,
  publishMultiSite,
  publishProducts,
  repriceProducts,
  saveProduct,
  saveShopPricing,
  setDefaultLogistics,
  shopCategories,
  shopCategoryAttributes,
  shopLogistics,
  shopPricing,
} from './products.service';
import { syncFromShop } from './shop-products-sync';

const PRODUCT = { objects: [{ type: 'product', field: 'id' }] } as const;
const PRODUCTS = { objects: [{ type: 'product', field: 'ids' }] } as const;
const SHOP = { objects: [{ type: 'shop', field: 'shopId' }] } as const;

/** A product the Shopee Thai rules take (the matrix's fresh shop): what the editor would send. */
export const EXAMPLE_PRODUCT: ProductInput = {
  categoryId: '100001',
  title: 'Stainless steel vacuum flask 500 ml',
  sku: 'FLASK_500',
  brand: null,
  model: null,
  warrantyType: null,
  tax: null,
  packageWeightGrams: 450,
  packageLengthCm: 25,
  packageWidthCm: 8,
  packageHeightCm: 8,
  packageContent: '1 flask',
  attributes: {},
  variations: [],
  skus: [
    {
      id: 'sku-1',
      skuId: null,
      sellerSku: 'FLASK_500',
      options: [],
      originalPrice: null,
      sellingPrice: 29_900,
      promotionPrice: null,
      promotionStart: null,
      promotionEnd: null,
      stock: 20,
      costPrice: 3_500,
      image: null,
    },
  ],
  images: [
    {
      key: null,
      url: 'https://cbu01.alicdn.com/img/flask.jpg',
      mime: null,
      bytes: null,
      width: null,
      height: null,
      durationMs: null,
    },
  ],
  video: null,
  sizeChart: null,
  description: 'Keeps drinks hot for 12 hours and cold for 24 hours.',
  shortDescription: 'Double-wall vacuum flask',
  sourceUrl: null,
  variantType: 'single',
  wholesale: [],
  preOrder: { enabled: false, days: null },
  condition: 'new',
  logistics: [{ channelId: '70066', enabled: true, feeMinor: null }],
  freight: 'weight',
  warranty: { period: null, policy: null },
  cod: false,
};

export const productsRoutes = [
  defineRoute(
    endpoints.products.list,
    { ...SHOP, example: (ids) => ({ query: { platform: 'shopee', shopId: ids.shopId } }) },
    async ({ c, deps, actor, query }) => {
      if (query.shopId) {
        const { shopOf } = await import('./product-access');
        await shopOf(deps, actor, query.shopId);
      }
      return ok(c, await listProducts(deps, actor, query));
    },
  ),
  defineRoute(
    endpoints.products.detail,
    { ...PRODUCT, example: (ids) => ({ query: { id: ids.productId } }) },
    async ({ c, deps, actor, query }) => ok(c, await productDetail(deps, actor, query.id)),
  ),
  defineRoute(
    endpoints.products.save,
    {
      ...PRODUCT,
      example: (ids) => ({ json: { id: ids.productId, version: 1, product: EXAMPLE_PRODUCT } }),
    },
    async ({ c, deps, actor, json }) =>
      ok(
        c,
        await saveProduct(deps, actor, json, (issues) => {
          throw validationError(c.var.t, issues);
        }),
        'saved',
      ),
  ),
  defineRoute(
    endpoints.products.readiness,
    {
      objects: [
        { type: 'product', field: 'id' },
        { type: 'shop', field: 'shopId' },
      ],
      example: (ids) => ({ query: { id: ids.productId, shopId: ids.shopId } }),
    },
    async ({ c, deps, actor, query }) => ok(c, await productReadiness(deps, actor, query)),
  ),
  defineRoute(
    endpoints.products.publish,
    { ...PRODUCTS, example: (ids) => ({ json: { ids: [ids.productId] } }) },
    async ({ c, deps, actor, json }) => {
      const result = await publishProducts(deps, actor, json);
      deps.kickJobs();
      return ok(c, result);
    },
  ),
  defineRoute(
    endpoints.products.cancelSchedule,
    { ...PRODUCTS, example: (ids) => ({ json: { ids: [ids.productId] } }) },
    async ({ c, deps, actor, json }) => ok(c, await cancelSchedule(deps, actor, json.ids)),
  ),
  defineRoute(
    endpoints.products.delist,
    { ...PRODUCTS, example: (ids) => ({ json: { ids: [ids.productId] } }) },
    async ({ c, deps, actor, json }) => {
      const result = await delistProducts(deps, actor, json.ids);
      deps.kickJobs();
      return ok(c, result);
    },
  ),
  defineRoute(
    endpoints.products.activate,
    { ...PRODUCTS, example: (ids) => ({ json: { ids: [ids.productId] } }) },
    async ({ c, deps, actor, json }) => {
      const result = await activateProducts(deps, actor, json.ids);
      deps.kickJobs();
      return ok(c, result);
    },
  ),
  defineRoute(
    endpoints.products.remove,
    { ...PRODUCTS, example: (ids) => ({ json: { ids: [ids.productId] } }) },
    async ({ c, deps, actor, json }) => {
      const result = await deleteProducts(deps, actor, json.ids);
      deps.kickJobs();
      return ok(c, result);
    },
  ),
  defineRoute(
    endpoints.products.sync,
    {
      objects: [
        { type: 'shop', field: 'shopId' },
        { type: 'product', field: 'id' },
      ],
      example: (ids) => ({ json: { shopId: ids.shopId } }),
    },
    async ({ c, deps, actor, json }) => ok(c, await syncFromShop(deps, actor, json)),
  ),
  defineRoute(
    endpoints.products.reprice,
    { ...PRODUCTS, example: (ids) => ({ json: { ids: [ids.productId] } }) },
    async ({ c, deps, actor, json }) => ok(c, await repriceProducts(deps, actor, json.ids)),
  ),
  defineRoute(
    endpoints.products.copySites,
    { ...PRODUCT, example: (ids) => ({ json: { id: ids.productId, sites: ['sg'] } }) },
    async ({ c, deps, actor, json }) => ok(c, await copyToSites(deps, actor, json)),
  ),
  defineRoute(
    endpoints.products.multiSitePublish,
    {
      ...PRODUCT,
      example: (ids) => ({ json: { id: ids.productId, sites: [{ site: 'sg' }] } }),
    },
    async ({ c, deps, actor, json }) => {
      const result = await publishMultiSite(deps, actor, json);
      deps.kickJobs();
      return ok(c, result);
    },
  ),
  defineRoute(
    endpoints.products.categories,
    { ...SHOP, example: (ids) => ({ query: { shopId: ids.shopId } }) },
    async ({ c, deps, actor, query }) => ok(c, await shopCategories(deps, actor, query.shopId)),
  ),
  defineRoute(
    endpoints.products.categoryAttributes,
    {
      ...SHOP,
      notObjects: ['categoryId'],
      example: (ids) => ({ query: { shopId: ids.shopId, categoryId: '100001' } }),
    },
    async ({ c, deps, actor, query }) => ok(c, await shopCategoryAttributes(deps, actor, query)),
  ),
  defineRoute(
    endpoints.products.logistics,
    { ...SHOP, example: (ids) => ({ query: { shopId: ids.shopId } }) },
    async ({ c, deps, actor, query }) => ok(c, await shopLogistics(deps, actor, query.shopId)),
  ),
  defineRoute(
    endpoints.products.setDefaultLogistics,
    {
      ...SHOP,
      notObjects: ['channelId'],
      example: (ids) => ({ json: { shopId: ids.shopId, channelId: null } }),
    },
    async ({ c, deps, actor, json }) =>
      ok(c, await setDefaultLogistics(deps, actor, json), 'saved'),
  ),
  defineRoute(
    endpoints.products.pricing,
    { ...SHOP, example: (ids) => ({ query: { shopId: ids.shopId } }) },
    async ({ c, deps, actor, query }) => ok(c, await shopPricing(deps, actor, query.shopId)),
  ),
  defineRoute(
    endpoints.products.savePricing,
    {
      ...SHOP,
      example: (ids) => ({
        json: {
          shopId: ids.shopId,
          template: {
            markupPercent: 0,
            rounding: 'none',
            shippingPerKg: 3500,
            handling: 100,
            platformFeeBps: 600,
            marginBps: 2000,
            strikeThroughBps: 2500,
          },
        },
      }),
    },
    async ({ c, deps, actor, json }) => ok(c, await saveShopPricing(deps, actor, json), 'saved'),
  ),
  defineRoute(endpoints.products.uploadMedia, async ({ c, deps, actor }) => {
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const file = body.file;
    if (!(file instanceof File))
      throw new AppError('FILE_TYPE_UNSUPPORTED', { params: { types: 'JPG, PNG, WebP, MP4' } });
    return ok(c, await uploadMedia(deps, actor, new Uint8Array(await file.arrayBuffer())));
  }),
  // Served to the accounts of the uploader's main account only (the token in the header or the
  // access_token parameter), as the type read from the bytes, never sniffed by the browser.
  defineRoute(
    endpoints.products.media,
    // A content key, not an owned row: the owner check is the service's (tests/server/security).
    { notObjects: ['key'] },
    async ({ c, deps, actor }) => {
      const file = await readMediaFile(deps, actor, c.req.param('key') ?? '');
      if (!file) throw new AppError('RECORD_NOT_FOUND');
      return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
        'content-type': file.mime,
        'cache-control': 'private, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
      });
    },
  ),
];
