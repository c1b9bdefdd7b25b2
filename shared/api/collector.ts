import {
  type ClaimRequest,
  type CollectListQuery,
  type CollectRequest,
  type PluginSettingsInput,
  SourceSiteListSchema,
  type UpdateCollectedRequest,
} from '../contracts/collector';
import { endpoints } from '../contracts/endpoints';
import { type Http, narrowDatas } from './http';

type Options = { signal?: AbortSignal };

const calls = endpoints.collector;

/** The collection box and the plug-in's settings. */
export function createCollectorApi(http: Http) {
  return {
    /** One page of a tab, with both tabs' counts. */
    list: async (query: Partial<CollectListQuery>, options: Options = {}) =>
      (await http.call(calls.list, { query, ...options })).datas,
    detail: async (id: string, options: Options = {}) =>
      (await http.call(calls.detail, { query: { id }, ...options })).datas,
    /** A short link to the product's page, for the main account's accounts. */
    shareLink: async (id: string) => (await http.call(calls.shareLink, { json: { id } })).datas,
    /** Drafts read by the extension (it sends the plug-in header). */
    collect: async (input: CollectRequest) =>
      (await http.call(calls.collect, { json: input })).datas,
    update: async (input: UpdateCollectedRequest) =>
      (await http.call(calls.update, { json: input })).datas,
    remove: async (ids: string[]) => (await http.call(calls.remove, { json: { ids } })).datas,
    /** All or nothing (COLLECT_ALREADY_CLAIMED names the conflicts). */
    claim: async (input: ClaimRequest) => (await http.call(calls.claim, { json: input })).datas,
    /** The source sites the plug-in reads (the platform list asked for `collect`). */
    sourceSites: async (options: Options = {}) =>
      narrowDatas(
        SourceSiteListSchema,
        (await http.call(endpoints.shops.platforms, { query: { type: 'collect' }, ...options }))
          .datas,
      ),
    /** The seller's plug-in settings. */
    settings: async (options: Options = {}) => (await http.call(calls.settings, options)).datas,
    saveSettings: async (input: PluginSettingsInput) =>
      (await http.call(calls.saveSettings, { json: input })).datas,
  };
}
