import { defineEndpoint, type Permission } from './define-endpoint';
import {
  BulkResultSchema,
  CategoryAttributeListSchema,
  CategoryAttributesQuerySchema,
  CategoryListSchema,
  CopySitesRequestSchema,
  CopySitesResultSchema,
  DefaultLogisticsRequestSchema,
  MediaSchema,
  MultiSitePublishRequestSchema,
  ProductDetailSchema,
  ProductIdQuerySchema,
  ProductIdsRequestSchema,
  ProductListQuerySchema,
  ProductPageSchema,
  ProductSaveRequestSchema,
  ProductSyncRequestSchema,
  ProductSyncResultSchema,
  PublishRequestSchema,
  ReadinessQuerySchema,
  ReadinessSchema,
  RepriceRequestSchema,
  ShopCategoryQuerySchema,
  ShopLogisticsSchema,
  ShopPricingQuerySchema,
  ShopPricingSaveSchema,
  ShopPricingSchema,
} from './products';

const LIST = '/thirdPartyPlatform/platformProductManage' as const;
const DETAILS = [
  '/product/lazadaProductDetail',
  '/product/shopeeProductDetail',
  '/product/tiktokProductDetail',
] as const;
/** The list or any editor: either page reads products. */
const READ: { anyOf: readonly Permission[] } = {
  anyOf: [{ menu: LIST }, ...DETAILS.map((menu) => ({ menu }))],
};
/** A button of the list or of any editor. */
const button = (list: string, detail: string): { anyOf: readonly Permission[] } => ({
  anyOf: [{ menu: LIST, button: list }, ...DETAILS.map((menu) => ({ menu, button: detail }))],
});

/** Shop products: lists, editors, publishing, sync, readiness, pricing and media. */
export const productsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/product/product/list',
    access: 'session',
    query: ProductListQuerySchema,
    permission: { menu: LIST },
    response: ProductPageSchema,
    summary:
      'One keyset page of a platform’s products (by shop, status, title or SKU), newest change first',
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/product/product/detail',
    access: 'session',
    query: ProductIdQuerySchema,
    permission: READ,
    response: ProductDetailSchema,
    summary: 'A product as the editor opens it, with its shop’s pricing template and rate',
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/product/product/save',
    access: 'session',
    json: ProductSaveRequestSchema,
    permission: button('edit', 'save'),
    response: ProductDetailSchema,
    summary: 'Saves the editor’s product, checked with its shop’s rule table',
  }),
  readiness: defineEndpoint({
    method: 'GET',
    path: '/product/product/readiness',
    access: 'session',
    query: ReadinessQuerySchema,
    permission: READ,
    response: ReadinessSchema,
    summary: 'What blocks or warns before publishing a product, per target shop',
  }),
  publish: defineEndpoint({
    method: 'POST',
    path: '/product/product/publish',
    access: 'session',
    json: PublishRequestSchema,
    permission: button('publish', 'publish'),
    response: BulkResultSchema,
    summary:
      'Publishes products now or at a time (a job); refused where the readiness check finds errors',
  }),
  cancelSchedule: defineEndpoint({
    method: 'POST',
    path: '/product/product/cancelSchedule',
    access: 'session',
    json: ProductIdsRequestSchema,
    permission: button('publish', 'publish'),
    response: BulkResultSchema,
    summary: 'Takes timed products back to waiting',
  }),
  delist: defineEndpoint({
    method: 'POST',
    path: '/product/product/delist',
    access: 'session',
    json: ProductIdsRequestSchema,
    permission: button('publish', 'publish'),
    response: BulkResultSchema,
    summary: 'Takes online products offline on their platform',
  }),
  activate: defineEndpoint({
    method: 'POST',
    path: '/product/product/activate',
    access: 'session',
    json: ProductIdsRequestSchema,
    permission: button('publish', 'publish'),
    response: BulkResultSchema,
    summary: 'Puts offline products back online on their platform',
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/product/product/delete',
    access: 'session',
    json: ProductIdsRequestSchema,
    permission: { menu: LIST, button: 'delete' },
    response: BulkResultSchema,
    summary: 'Deletes products: from the platform when published, and from the list',
  }),
  sync: defineEndpoint({
    method: 'POST',
    path: '/product/product/sync',
    access: 'session',
    json: ProductSyncRequestSchema,
    permission: button('sync', 'save'),
    response: ProductSyncResultSchema,
    summary: 'Reads a shop’s products, or one product, from the platform now',
  }),
  reprice: defineEndpoint({
    method: 'POST',
    path: '/product/product/reprice',
    access: 'session',
    json: RepriceRequestSchema,
    permission: button('edit', 'save'),
    response: BulkResultSchema,
    summary:
      'Prices products’ SKUs from their CNY cost with their shop’s template, at today’s rate',
  }),
  copySites: defineEndpoint({
    method: 'POST',
    path: '/product/lazada/copySites',
    access: 'session',
    json: CopySitesRequestSchema,
    permission: {
      anyOf: [
        { menu: LIST, button: 'edit' },
        { menu: '/product/lazadaProductDetail', button: 'save' },
      ],
    },
    response: CopySitesResultSchema,
    summary:
      'Copies a product to the seller’s shops of its platform on other sites, waiting to be published',
  }),
  multiSitePublish: defineEndpoint({
    method: 'POST',
    path: '/product/lazada/multiSite/publish',
    access: 'session',
    json: MultiSitePublishRequestSchema,
    permission: {
      anyOf: [
        { menu: LIST, button: 'publish' },
        { menu: '/product/lazadaProductDetail', button: 'publish' },
      ],
    },
    response: BulkResultSchema,
    summary:
      'Lazada 6-in-1: publishes a Malaysia-site product to other sites, each at its own price',
  }),
  categories: defineEndpoint({
    method: 'GET',
    path: '/product/platform/categories',
    access: 'session',
    query: ShopCategoryQuerySchema,
    permission: READ,
    response: CategoryListSchema,
    summary: 'The category tree of a shop’s platform and site',
  }),
  categoryAttributes: defineEndpoint({
    method: 'GET',
    path: '/product/platform/categoryAttributes',
    access: 'session',
    query: CategoryAttributesQuerySchema,
    permission: READ,
    response: CategoryAttributeListSchema,
    summary: 'A category’s attributes, the required ones marked',
  }),
  logistics: defineEndpoint({
    method: 'GET',
    path: '/product/shop/logistics',
    access: 'session',
    query: ShopCategoryQuerySchema,
    permission: READ,
    response: ShopLogisticsSchema,
    summary: 'A shop’s logistics channels with their limits, and its default',
  }),
  setDefaultLogistics: defineEndpoint({
    method: 'POST',
    path: '/product/shop/defaultLogistics',
    access: 'session',
    json: DefaultLogisticsRequestSchema,
    permission: {
      anyOf: [
        { menu: '/thirdPartyPlatform/authorizeList', button: 'editAlias' },
        { menu: LIST, button: 'edit' },
      ],
    },
    response: ShopLogisticsSchema,
    summary: 'Chooses a shop’s default logistics channel among its own',
  }),
  pricing: defineEndpoint({
    method: 'GET',
    path: '/product/pricing/template',
    access: 'session',
    query: ShopPricingQuerySchema,
    permission: READ,
    response: ShopPricingSchema,
    summary: 'A shop’s pricing template (landed cost) and today’s CNY rate',
  }),
  savePricing: defineEndpoint({
    method: 'POST',
    path: '/product/pricing/template/save',
    access: 'main',
    json: ShopPricingSaveSchema,
    permission: { menu: LIST, button: 'edit' },
    response: ShopPricingSchema,
    summary: 'Saves a shop’s pricing template',
  }),
  uploadMedia: defineEndpoint({
    method: 'POST',
    path: '/product/media/upload',
    access: 'session',
    upload: true,
    permission: READ,
    response: MediaSchema,
    summary:
      'Stores an image (JPG, PNG or WebP, at most 2 MB) or an MP4 video (at most 30 MB, 10 to 60 s), as the multipart field `file`',
  }),
  media: defineEndpoint({
    method: 'GET',
    path: '/product/media/:key',
    access: 'session',
    raw: true,
    /** Fetched with the session (a blob the console shows through an object URL). */
    download: true,
    summary: 'A stored image or video, to the accounts of the main account that uploaded it',
  }),
};
