import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { CatalogueListInput, MallSearchInput, ThirdPartyListInput } from '../api/catalogue';
import type { ApiClient } from '../api/client';
import type {
  Cart,
  CartAddRequest,
  CategoryTree,
  ChooseRequest,
  FollowRequest,
} from '../contracts/catalogue';
import { useApi } from './api-context';

/** A page of each list, as the list screen asks for it. */
export type CatalogueListParams = CatalogueListInput;
export type ThirdPartyListParams = ThirdPartyListInput;
export type MallSearchParams = MallSearchInput;

const catalogueKeys = {
  all: ['catalogue'] as const,
  categories: () => [...catalogueKeys.all, 'categories'] as const,
  lists: () => [...catalogueKeys.all, 'list'] as const,
  list: (kind: 'catalogue' | 'thirdParty' | 'mall', params: object) =>
    [...catalogueKeys.lists(), kind, params] as const,
  details: () => [...catalogueKeys.all, 'detail'] as const,
  detail: (id: string) => [...catalogueKeys.details(), id] as const,
  follows: () => [...catalogueKeys.all, 'follows'] as const,
  cart: () => [...catalogueKeys.all, 'cart'] as const,
};

/** The query sent: no undefined or empty values. */
function clean<T extends object>(params: T): T {
  return Object.fromEntries(
    Object.entries(params).filter(([, value]) => value !== undefined && value !== ''),
  ) as T;
}

/**
 * The category tree. `initial` is a copy kept from an earlier visit: it is shown at once and
 * replaced when the server's differs.
 */
export function categoryTreeQuery(api: ApiClient, initial?: CategoryTree | null) {
  return queryOptions({
    queryKey: catalogueKeys.categories(),
    queryFn: ({ signal }) => api.catalogue.categories({ signal }),
    ...(initial ? { initialData: initial, initialDataUpdatedAt: 0 } : {}),
    // The tree changes with the catalogue, not during a visit.
    staleTime: 30 * 60_000,
    meta: { inlineErrors: true },
  });
}

const listOptions = { placeholderData: keepPreviousData, meta: { inlineErrors: true } } as const;

/** A page of supplier or direct-sale products; the previous page stays while the next loads. */
export function useCatalogueList(params: CatalogueListParams, enabled = true) {
  const api = useApi();
  const query = clean(params);
  return useQuery({
    queryKey: catalogueKeys.list('catalogue', query),
    queryFn: ({ signal }) => api.catalogue.list(query, { signal }),
    enabled,
    ...listOptions,
  });
}

/** A page of a shop's third-party products. */
export function useThirdPartyList(params: ThirdPartyListParams, enabled = true) {
  const api = useApi();
  const query = clean(params);
  return useQuery({
    queryKey: catalogueKeys.list('thirdParty', query),
    queryFn: ({ signal }) => api.catalogue.thirdParty(query, { signal }),
    enabled,
    ...listOptions,
  });
}

/** A page of the mall's search. */
export function useMallSearch(params: MallSearchParams, enabled = true) {
  const api = useApi();
  const query = clean(params);
  return useQuery({
    queryKey: catalogueKeys.list('mall', query),
    queryFn: ({ signal }) => api.catalogue.search(query, { signal }),
    enabled,
    ...listOptions,
    // A search refused as too broad is shown at once, not asked again.
    retry: false,
  });
}

/** One catalogue or mall product with its SKUs; the screen words a failure. */
export function useCatalogueProduct(id: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: catalogueKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.catalogue.detail(id ?? '', { signal }),
    enabled: Boolean(id),
    meta: { inlineErrors: true },
  });
}

/** The categories each shop follows, and the limit. */
export function useFollows() {
  const api = useApi();
  return useQuery({
    queryKey: catalogueKeys.follows(),
    queryFn: ({ signal }) => api.catalogue.follows({ signal }),
    meta: { inlineErrors: true },
  });
}

/** Follows categories for a shop; the follows and the third-party lists change with it. */
export function useFollow() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: FollowRequest) => api.catalogue.follow(input),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: catalogueKeys.follows() }),
        client.invalidateQueries({ queryKey: [...catalogueKeys.lists(), 'thirdParty'] }),
      ]),
    // The follow dialog shows the refusal itself.
    meta: { inlineErrors: true },
  });
}

/** Chooses products into shops; the shops' product lists and the details change with it. */
export function useChoose() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ChooseRequest) => api.catalogue.choose(input),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: catalogueKeys.details() }),
        client.invalidateQueries({ queryKey: ['products'] }),
      ]),
    // The choose dialog shows conflicts and failures itself.
    meta: { inlineErrors: true },
  });
}

/** The account's cart. */
export function useCart() {
  const api = useApi();
  return useQuery({
    queryKey: catalogueKeys.cart(),
    queryFn: ({ signal }) => api.catalogue.cart({ signal }),
    meta: { inlineErrors: true },
  });
}

/**
 * The cart's changes: each answers the whole cart, which replaces the cached one and is handed
 * to `onCart` (the session's skuList follows it).
 */
export function useCartChanges(onCart: (cart: Cart) => void) {
  const api = useApi();
  const client = useQueryClient();
  const done = (cart: Cart) => {
    client.setQueryData(catalogueKeys.cart(), cart);
    onCart(cart);
  };
  const options = { onSuccess: done, meta: { inlineErrors: true } } as const;
  return {
    add: useMutation({
      mutationFn: (input: CartAddRequest) => api.catalogue.cartAdd(input),
      ...options,
    }),
    update: useMutation({
      mutationFn: (input: CartAddRequest) => api.catalogue.cartUpdate(input),
      ...options,
    }),
    remove: useMutation({
      mutationFn: (skuIds: string[]) => api.catalogue.cartRemove(skuIds),
      ...options,
    }),
  };
}
