import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import type {
  CopySitesRequest,
  MediaKind,
  MultiSitePublishRequest,
  ProductListQuery,
  ProductSaveRequest,
  ProductSyncRequest,
  PublishRequest,
} from '../contracts/products';
import { LOCKED_STATUSES } from '../contracts/products';
import { useApi } from './api-context';

/** One keyset page of a product list, as the list screen asks for it. */
export type ProductListParams = Pick<ProductListQuery, 'platform' | 'status' | 'limit'> &
  Partial<Pick<ProductListQuery, 'shopId' | 'keyword' | 'cursor'>>;

const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (params: ProductListParams) => [...productKeys.lists(), params] as const,
  details: () => [...productKeys.all, 'detail'] as const,
  detail: (id: string) => [...productKeys.details(), id] as const,
  readiness: (id: string) => [...productKeys.all, 'readiness', id] as const,
  categories: (shopId: string) => [...productKeys.all, 'categories', shopId] as const,
  attributes: (shopId: string, categoryId: string) =>
    [...productKeys.all, 'attributes', shopId, categoryId] as const,
  logistics: (shopId: string) => [...productKeys.all, 'logistics', shopId] as const,
};

/** While a product is being published, how often it is asked whether the platform answered. */
const PUSHING_POLL_MS = 2000;

function productListQuery(api: ApiClient, params: ProductListParams) {
  const keyword = params.keyword?.trim();
  const query = { ...params, ...(keyword ? { keyword } : { keyword: undefined }) };
  return queryOptions({
    queryKey: productKeys.list(query),
    queryFn: ({ signal }) => api.products.list(query, { signal }),
  });
}

/** A page of a product list; the previous page stays on screen while the next one loads. */
export function useProductList(params: ProductListParams) {
  return useQuery({
    ...productListQuery(useApi(), params),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
    // A product being published changes status on its own: the list follows it.
    refetchInterval: (query) =>
      query.state.data?.records.some((row) =>
        (LOCKED_STATUSES as readonly string[]).includes(row.status),
      )
        ? PUSHING_POLL_MS * 2
        : false,
  });
}

/** Where our own stored media live: fetched with the session, never a bare address. */
const STORED_MEDIA = /^\/product\/media\/([^/?#]+)$/;
/** One object URL per stored file for the page's life: the same picture is fetched once. */
const objectUrls = new Map<string, Promise<string>>();

/**
 * The address an <img> or <video> can show: a platform's picture as it is, one of our stored
 * files (served only to the uploader's accounts) fetched with the session as an object URL.
 */
export function useMediaSrc(src: string | null | undefined): string | null {
  const api = useApi();
  const key = src ? (STORED_MEDIA.exec(src)?.[1] ?? null) : null;
  const stored = useQuery({
    queryKey: [...productKeys.all, 'media', key ?? ''],
    queryFn: () => {
      const id = key ?? '';
      let url = objectUrls.get(id);
      if (!url) {
        url = api.products.media({ key: id }).then((blob) => URL.createObjectURL(blob));
        url.catch(() => objectUrls.delete(id));
        objectUrls.set(id, url);
      }
      return url;
    },
    enabled: key !== null,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { inlineErrors: true },
  });
  if (!src) return null;
  return key === null ? src : (stored.data ?? null);
}

/** A product as the editor opens it; followed while it is being published. */
export function useProductDetail(id: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: productKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.products.detail(id ?? '', { signal }),
    enabled: id !== null,
    meta: { inlineErrors: true },
    refetchInterval: (query) =>
      query.state.data && (LOCKED_STATUSES as readonly string[]).includes(query.state.data.status)
        ? PUSHING_POLL_MS
        : false,
  });
}

/** The publish-readiness check of a saved product, per target shop. */
export function useReadiness(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: productKeys.readiness(id),
    queryFn: ({ signal }) => api.products.readiness(id, { signal }),
    meta: { inlineErrors: true },
  });
}

export function useCategories(shopId: string) {
  const api = useApi();
  return useQuery({
    queryKey: productKeys.categories(shopId),
    queryFn: ({ signal }) => api.products.categories(shopId, { signal }),
    // A platform's categories change rarely.
    staleTime: 30 * 60_000,
  });
}

export function useCategoryAttributes(shopId: string, categoryId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: productKeys.attributes(shopId, categoryId ?? ''),
    queryFn: ({ signal }) => api.products.categoryAttributes(shopId, categoryId ?? '', { signal }),
    enabled: categoryId !== null,
    staleTime: 30 * 60_000,
  });
}

export function useShopLogistics(shopId: string, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: productKeys.logistics(shopId),
    queryFn: ({ signal }) => api.products.logistics(shopId, { signal }),
    enabled,
  });
}

/** Saves a product; its detail, readiness and the lists follow. */
export function useSaveProduct() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductSaveRequest) => api.products.save(input),
    onSuccess: (detail) => {
      client.setQueryData(productKeys.detail(detail.id), detail);
      void client.invalidateQueries({ queryKey: productKeys.readiness(detail.id) });
      return client.invalidateQueries({ queryKey: productKeys.lists() });
    },
    // The editor puts failures on its fields.
    meta: { inlineErrors: true },
  });
}

/** After an action on products: their details and the lists are read again. */
function useRefreshProducts() {
  const client = useQueryClient();
  return (ids: readonly string[]) =>
    Promise.all([
      ...ids.map((id) => client.invalidateQueries({ queryKey: productKeys.detail(id) })),
      client.invalidateQueries({ queryKey: productKeys.lists() }),
    ]);
}

export function usePublishProducts() {
  const api = useApi();
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: (input: Omit<PublishRequest, 'confirmWarnings'> & { confirmWarnings?: boolean }) =>
      api.products.publish(input),
    onSuccess: (_result, input) => refresh(input.ids),
  });
}

/** The actions on products that take only their ids. */
export type ProductIdsAction = 'delist' | 'activate' | 'delete' | 'cancelSchedule';

export function useProductIdsAction() {
  const api = useApi();
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: ({ action, ids }: { action: ProductIdsAction; ids: string[] }) =>
      action === 'delist'
        ? api.products.delist(ids)
        : action === 'activate'
          ? api.products.activate(ids)
          : action === 'delete'
            ? api.products.remove(ids)
            : api.products.cancelSchedule(ids),
    onSuccess: (_result, { ids }) => refresh(ids),
    // The bulk dialog words each refusal itself.
    meta: { inlineErrors: true },
  });
}

export function useSyncProducts() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductSyncRequest) => api.products.sync(input),
    onSuccess: () => client.invalidateQueries({ queryKey: productKeys.all }),
  });
}

export function useCopySites() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CopySitesRequest) => api.products.copySites(input),
    onSuccess: () => client.invalidateQueries({ queryKey: productKeys.lists() }),
  });
}

export function useMultiSitePublish() {
  const api = useApi();
  const refresh = useRefreshProducts();
  return useMutation({
    mutationFn: (input: MultiSitePublishRequest) => api.products.multiSitePublish(input),
    onSuccess: (_result, input) => refresh([input.id]),
  });
}

export function useUploadMedia() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ file, kind }: { file: Blob; kind: MediaKind }) =>
      api.products.uploadMedia(file, kind),
  });
}
