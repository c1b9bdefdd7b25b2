import {
  CartAddRequestSchema,
  CartRemoveRequestSchema,
  CartSchema,
  CartUpdateRequestSchema,
  CatalogueIdQuerySchema,
  CatalogueListQuerySchema,
  CataloguePageSchema,
  CatalogueProductDetailSchema,
  CategoryTreeSchema,
  ChooseRequestSchema,
  ChooseResultSchema,
  FollowListSchema,
  FollowRequestSchema,
  MallSearchQuerySchema,
  ShopFollowsSchema,
  ThirdPartyListQuerySchema,
} from './catalogue';
import { defineEndpoint } from './define-endpoint';

const LIST = '/product/thirdProductList' as const;
const DETAIL = '/product/thirdDetails' as const;
const BROWSE = { anyOf: [{ menu: LIST }, { menu: DETAIL }] } as const;
const CHOOSE = {
  anyOf: [
    { menu: LIST, button: 'claim' },
    { menu: DETAIL, button: 'claim' },
  ],
} as const;

/** The catalogue (suppliers, direct sale, third-party products) and the mall; follows, cart, choose. */
export const catalogueEndpoints = {
  categories: defineEndpoint({
    method: 'GET',
    path: '/api-product/catalogue/categories',
    access: 'session',
    response: CategoryTreeSchema,
    summary:
      'The three-level category tree, names in the request language (cached as categoryList)',
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api-product/catalogue/list',
    access: 'session',
    query: CatalogueListQuerySchema,
    permission: BROWSE,
    response: CataloguePageSchema,
    summary:
      'Supplier or direct-sale products: category, supplier, warehouse site, in stock, price; newest, sales or price; keyset pages',
  }),
  thirdPartyList: defineEndpoint({
    method: 'GET',
    path: '/api-product/catalogue/thirdProductList',
    access: 'session',
    query: ThirdPartyListQuerySchema,
    permission: BROWSE,
    response: CataloguePageSchema,
    summary: "A shop's third-party products: those of the categories it follows",
  }),
  search: defineEndpoint({
    method: 'GET',
    path: '/api-product/mall/search',
    access: 'session',
    query: MallSearchQuerySchema,
    permission: BROWSE,
    response: CataloguePageSchema,
    summary:
      'Searches the mall in Chinese, Thai and English: filters, relevance (first 1,000), sales, newest, price; keyset pages',
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api-product/catalogue/detail',
    access: 'session',
    query: CatalogueIdQuerySchema,
    permission: BROWSE,
    response: CatalogueProductDetailSchema,
    summary:
      'A catalogue or mall product with its SKUs, prices, stock, images, description and supplier',
  }),
  follows: defineEndpoint({
    method: 'GET',
    path: '/api-product/catalogue/follows',
    access: 'session',
    permission: BROWSE,
    response: FollowListSchema,
    summary: 'The secondary categories each shop the account may act on follows, and the limit',
  }),
  follow: defineEndpoint({
    method: 'POST',
    path: '/api-product/catalogue/follow',
    access: 'session',
    json: FollowRequestSchema,
    permission: { menu: LIST, button: 'follow' },
    response: ShopFollowsSchema,
    summary:
      'Sets the categories a shop follows: earlier follows stay (a change is refused), at most the limit',
  }),
  choose: defineEndpoint({
    method: 'POST',
    path: '/api-product/catalogue/choose',
    access: 'session',
    json: ChooseRequestSchema,
    permission: CHOOSE,
    response: ChooseResultSchema,
    summary:
      'Chooses catalogue or mall products into shops as products waiting to be published, priced with the pricing template; all or nothing',
  }),
  cart: defineEndpoint({
    method: 'GET',
    path: '/api-product/cart/list',
    access: 'session',
    response: CartSchema,
    summary: "The account's cart: SKUs with quantities, and the count (the sum of quantities)",
  }),
  cartAdd: defineEndpoint({
    method: 'POST',
    path: '/api-product/cart/add',
    access: 'session',
    json: CartAddRequestSchema,
    response: CartSchema,
    summary: 'Adds a SKU to the cart (to the quantity already there)',
  }),
  cartUpdate: defineEndpoint({
    method: 'POST',
    path: '/api-product/cart/update',
    access: 'session',
    json: CartUpdateRequestSchema,
    response: CartSchema,
    summary: "Sets a cart line's quantity",
  }),
  cartRemove: defineEndpoint({
    method: 'POST',
    path: '/api-product/cart/remove',
    access: 'session',
    json: CartRemoveRequestSchema,
    response: CartSchema,
    summary: 'Removes SKUs from the cart',
  }),
};
