import { endpoints } from '../contracts/endpoints';
import type {
  CopySitesRequest,
  MediaKind,
  MultiSitePublishRequest,
  ProductListQuery,
  ProductSaveRequest,
  ProductSyncRequest,
  PublishRequest,
} from '../contracts/products';
import type { Http } from './http';

type Options = { signal?: AbortSignal };

const calls = endpoints.products;

/** Shop products: lists, editors, publishing, sync, readiness, media. */
export function createProductsApi(http: Http) {
  return {
    /** One keyset page of a platform's products. */
    list: async (
      query: Pick<ProductListQuery, 'platform'> & Partial<Omit<ProductListQuery, 'platform'>>,
      options: Options = {},
    ) => (await http.call(calls.list, { query, ...options })).datas,
    detail: async (id: string, options: Options = {}) =>
      (await http.call(calls.detail, { query: { id }, ...options })).datas,
    save: async (input: ProductSaveRequest) => (await http.call(calls.save, { json: input })).datas,
    /** The publish-readiness check per target shop. */
    readiness: async (id: string, options: Options = {}) =>
      (await http.call(calls.readiness, { query: { id }, ...options })).datas,
    publish: async (
      input: Omit<PublishRequest, 'confirmWarnings'> & { confirmWarnings?: boolean },
    ) => (await http.call(calls.publish, { json: { confirmWarnings: false, ...input } })).datas,
    cancelSchedule: async (ids: string[]) =>
      (await http.call(calls.cancelSchedule, { json: { ids } })).datas,
    delist: async (ids: string[]) => (await http.call(calls.delist, { json: { ids } })).datas,
    activate: async (ids: string[]) => (await http.call(calls.activate, { json: { ids } })).datas,
    remove: async (ids: string[]) => (await http.call(calls.remove, { json: { ids } })).datas,
    sync: async (input: ProductSyncRequest) => (await http.call(calls.sync, { json: input })).datas,
    copySites: async (input: CopySitesRequest) =>
      (await http.call(calls.copySites, { json: input })).datas,
    multiSitePublish: async (input: MultiSitePublishRequest) =>
      (await http.call(calls.multiSitePublish, { json: input })).datas,
    categories: async (shopId: string, options: Options = {}) =>
      (await http.call(calls.categories, { query: { shopId }, ...options })).datas,
    categoryAttributes: async (shopId: string, categoryId: string, options: Options = {}) =>
      (await http.call(calls.categoryAttributes, { query: { shopId, categoryId }, ...options }))
        .datas,
    logistics: async (shopId: string, options: Options = {}) =>
      (await http.call(calls.logistics, { query: { shopId }, ...options })).datas,
    /** A stored image or video's bytes (the uploader's accounts only). */
    media: async ({ key }: { key: string }, options: Options = {}) =>
      (await http.call(calls.media, { params: { key }, ...options })).blob,
    /** An image or a video, as the multipart field `file` with its kind. */
    uploadMedia: async (file: Blob, kind: MediaKind) => {
      const form = new FormData();
      form.set('file', file);
      form.set('kind', kind);
      return (await http.call(calls.uploadMedia, { form })).datas;
    },
  };
}
