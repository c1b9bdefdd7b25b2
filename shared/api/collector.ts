import {
  type ClaimRequest,
  ClaimResultSchema,
  CollectedProductDetailSchema,
  type CollectListQuery,
  CollectPageSchema,
  type CollectRequest,
  CollectResultSchema,
  DeleteCollectedResultSchema,
  type PluginSettingsInput,
  PluginSettingsSchema,
  SourceSiteListSchema,
  type UpdateCollectedRequest,
} from '../contracts/collector';
import type { Http } from './http';

type Options = { signal?: AbortSignal };

/** The collection box and the plug-in's settings. */
export function createCollectorApi(http: Http) {
  return {
    /** GET /api-product/collect/list: one page of a tab, with both tabs' counts. */
    list: async (query: Partial<CollectListQuery>, options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-product/collect/list',
          query,
          schema: CollectPageSchema,
          ...options,
        })
      ).datas,
    /** GET /api-product/collect/detail. */
    detail: async (id: string, options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-product/collect/detail',
          query: { id },
          schema: CollectedProductDetailSchema,
          ...options,
        })
      ).datas,
    /** POST /api-product/collect/add: drafts read by the extension (it sends the plug-in header). */
    collect: async (input: CollectRequest) =>
      (
        await http.request({
          method: 'POST',
          path: '/api-product/collect/add',
          json: input,
          schema: CollectResultSchema,
        })
      ).datas,
    /** POST /api-product/collect/update. */
    update: async (input: UpdateCollectedRequest) =>
      (
        await http.request({
          method: 'POST',
          path: '/api-product/collect/update',
          json: input,
          schema: CollectedProductDetailSchema,
        })
      ).datas,
    /** POST /api-product/collect/delete. */
    remove: async (ids: string[]) =>
      (
        await http.request({
          method: 'POST',
          path: '/api-product/collect/delete',
          json: { ids },
          schema: DeleteCollectedResultSchema,
        })
      ).datas,
    /** POST /api-product/collect/claim: all or nothing (COLLECT_ALREADY_CLAIMED names the conflicts). */
    claim: async (input: ClaimRequest) =>
      (
        await http.request({
          method: 'POST',
          path: '/api-product/collect/claim',
          json: input,
          schema: ClaimResultSchema,
        })
      ).datas,
    /** GET /admin/pluginmanage/platform/list?type=collect: the source sites the plug-in reads. */
    sourceSites: async (options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/admin/pluginmanage/platform/list',
          query: { type: 'collect' },
          schema: SourceSiteListSchema,
          tokenless: true,
          ...options,
        })
      ).datas,
    /** GET /admin/pluginmanage/getByTenantId: the seller's plug-in settings. */
    settings: async (options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/admin/pluginmanage/getByTenantId',
          schema: PluginSettingsSchema,
          ...options,
        })
      ).datas,
    /** POST /admin/pluginmanage/save. */
    saveSettings: async (input: PluginSettingsInput) =>
      (
        await http.request({
          method: 'POST',
          path: '/admin/pluginmanage/save',
          json: input,
          schema: PluginSettingsSchema,
        })
      ).datas,
  };
}
