import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import type {
  ClaimRequest,
  CollectListQuery,
  PluginSettingsInput,
  UpdateCollectedRequest,
} from '../contracts/collector';
import { useApi } from './api-context';

/** One page of a collection box tab, as the list screen asks for it. */
export type CollectListParams = Pick<CollectListQuery, 'limit' | 'status'> &
  Partial<Pick<CollectListQuery, 'page' | 'cursor' | 'keyword' | 'site'>>;

const collectorKeys = {
  all: ['collector'] as const,
  lists: () => [...collectorKeys.all, 'list'] as const,
  list: (params: CollectListParams) => [...collectorKeys.lists(), params] as const,
  details: () => [...collectorKeys.all, 'detail'] as const,
  detail: (id: string) => [...collectorKeys.details(), id] as const,
  settings: () => [...collectorKeys.all, 'settings'] as const,
  sourceSites: () => [...collectorKeys.all, 'sourceSites'] as const,
};

/** The query sent: no empty keyword, no site filter when none is chosen. */
function cleanParams({
  page,
  cursor,
  limit,
  status,
  keyword,
  site,
}: CollectListParams): CollectListParams {
  const trimmed = keyword?.trim();
  return {
    ...(page !== undefined ? { page } : {}),
    ...(cursor ? { cursor } : {}),
    limit,
    status,
    ...(trimmed ? { keyword: trimmed } : {}),
    ...(site ? { site } : {}),
  };
}

function collectListQuery(api: ApiClient, params: CollectListParams) {
  const query = cleanParams(params);
  return queryOptions({
    queryKey: collectorKeys.list(query),
    queryFn: ({ signal }) => api.collector.list(query, { signal }),
  });
}

function collectDetailQuery(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: collectorKeys.detail(id),
    queryFn: ({ signal }) => api.collector.detail(id, { signal }),
  });
}

function pluginSettingsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: collectorKeys.settings(),
    queryFn: ({ signal }) => api.collector.settings({ signal }),
  });
}

function sourceSiteListQuery(api: ApiClient) {
  return queryOptions({
    queryKey: collectorKeys.sourceSites(),
    queryFn: ({ signal }) => api.collector.sourceSites({ signal }),
    // The sites the plug-in reads change with a release, not during a visit.
    staleTime: 30 * 60_000,
  });
}

/**
 * A page of one collection box tab with both tabs' counts. The previous page stays on screen
 * while the next one loads; the screen shows a failure itself (with a retry), so no toast.
 */
export function useCollectedProducts(params: CollectListParams) {
  return useQuery({
    ...collectListQuery(useApi(), params),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
}

/** One collected product with its draft as edited and as collected; the screen words a failure. */
export function useCollectedProduct(id: string | undefined) {
  return useQuery({
    ...collectDetailQuery(useApi(), id ?? ''),
    enabled: Boolean(id),
    meta: { inlineErrors: true },
  });
}

/** The seller's plug-in settings (default shops, pricing template, bulk rate) and the plug-in offered. */
export function usePluginSettings() {
  return useQuery({ ...pluginSettingsQuery(useApi()), meta: { inlineErrors: true } });
}

/** The source sites the plug-in reads. A screen can do without it (falling back to the known sites). */
export function useSourceSites() {
  return useQuery({ ...sourceSiteListQuery(useApi()), meta: { inlineErrors: true } });
}

export function useUpdateCollected() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCollectedRequest) => api.collector.update(input),
    onSuccess: (detail) => {
      client.setQueryData(collectorKeys.detail(detail.id), detail);
      return client.invalidateQueries({ queryKey: collectorKeys.lists() });
    },
    // The edit form puts failures on its fields or under the form.
    meta: { inlineErrors: true },
  });
}

/** A short link to a product's page for the main account's accounts (a new one each time). */
export function useShareCollected() {
  const api = useApi();
  return useMutation({ mutationFn: (id: string) => api.collector.shareLink(id) });
}

export function useDeleteCollected() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.collector.remove(ids),
    onSuccess: (_result, ids) => {
      for (const id of ids) client.removeQueries({ queryKey: collectorKeys.detail(id) });
      return client.invalidateQueries({ queryKey: collectorKeys.lists() });
    },
  });
}

/** Claims products into shops; the lists and the claimed products' details change with it. */
export function useClaimCollected() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ClaimRequest) => api.collector.claim(input),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: collectorKeys.lists() }),
        client.invalidateQueries({ queryKey: collectorKeys.details() }),
      ]),
    // The claim dialog shows conflicts and failures itself; dialog keys still open the global dialog.
    meta: { inlineErrors: true },
  });
}

export function useSavePluginSettings() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PluginSettingsInput) => api.collector.saveSettings(input),
    onSuccess: (settings) => client.setQueryData(collectorKeys.settings(), settings),
    meta: { inlineErrors: true },
  });
}

/** Refreshes the collection box lists (after the plug-in collected something from this page). */
export function useRefreshCollectedLists() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: collectorKeys.lists() });
}
