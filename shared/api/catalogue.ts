import type * as z from 'zod/mini';
import type {
  CartAddRequest,
  CartUpdateRequest,
  CatalogueListQuerySchema,
  ChooseRequest,
  FollowRequest,
  MallSearchQuerySchema,
  ThirdPartyListQuerySchema,
} from '../contracts/catalogue';
import { endpoints } from '../contracts/endpoints';
import type { Http } from './http';

type Options = { signal?: AbortSignal };

/** The queries as sent (the address's text: `inStock` is 'true'). */
export type CatalogueListInput = z.input<typeof CatalogueListQuerySchema>;
export type ThirdPartyListInput = z.input<typeof ThirdPartyListQuerySchema>;
export type MallSearchInput = z.input<typeof MallSearchQuerySchema>;

const calls = endpoints.catalogue;

/** The catalogue (suppliers, direct sale, third-party products), the mall, follows, cart and choose. */
export function createCatalogueApi(http: Http) {
  return {
    /** The three-level category tree, with its version. */
    categories: async (options: Options = {}) => (await http.call(calls.categories, options)).datas,
    /** A page of supplier or direct-sale products. */
    list: async (query: CatalogueListInput, options: Options = {}) =>
      (await http.call(calls.list, { query, ...options })).datas,
    /** A page of a shop's third-party products (the categories it follows). */
    thirdParty: async (query: ThirdPartyListInput, options: Options = {}) =>
      (await http.call(calls.thirdPartyList, { query, ...options })).datas,
    /** A page of the mall's search. */
    search: async (query: MallSearchInput, options: Options = {}) =>
      (await http.call(calls.search, { query, ...options })).datas,
    detail: async (id: string, options: Options = {}) =>
      (await http.call(calls.detail, { query: { id }, ...options })).datas,
    follows: async (options: Options = {}) => (await http.call(calls.follows, options)).datas,
    follow: async (input: FollowRequest) => (await http.call(calls.follow, { json: input })).datas,
    /** All or nothing (CATALOGUE_ALREADY_CHOSEN names the conflicts). */
    choose: async (input: ChooseRequest) => (await http.call(calls.choose, { json: input })).datas,
    cart: async (options: Options = {}) => (await http.call(calls.cart, options)).datas,
    cartAdd: async (input: CartAddRequest) =>
      (await http.call(calls.cartAdd, { json: input })).datas,
    cartUpdate: async (input: CartUpdateRequest) =>
      (await http.call(calls.cartUpdate, { json: input })).datas,
    cartRemove: async (skuIds: string[]) =>
      (await http.call(calls.cartRemove, { json: { skuIds } })).datas,
  };
}
