import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import type { OrderSyncInput } from '../api/shops';
import type { AuthorizeUrlRequest } from '../contracts/shops';
import { useApi } from './api-context';

const shopKeys = {
  all: ['shops'] as const,
  lists: () => [...shopKeys.all, 'list'] as const,
  platforms: () => [...shopKeys.all, 'platforms'] as const,
  syncRuns: () => [...shopKeys.all, 'syncRun'] as const,
  syncRun: (runId: string) => [...shopKeys.syncRuns(), runId] as const,
};

/** How often a running order sync is asked where it stands. */
const SYNC_POLL_MS = 1000;

function shopListQuery(api: ApiClient) {
  return queryOptions({
    queryKey: shopKeys.lists(),
    queryFn: ({ signal }) => api.shops.list({ signal }),
  });
}

function platformListQuery(api: ApiClient) {
  return queryOptions({
    queryKey: shopKeys.platforms(),
    queryFn: ({ signal }) => api.shops.platforms({ signal }),
    // The marketplaces change with a release, not during a visit.
    staleTime: 30 * 60_000,
  });
}

/** The shops the signed-in account may see (a sub-account: only those it was given), with their state. */
export function useShops() {
  return useQuery(shopListQuery(useApi()));
}

/**
 * The marketplaces a shop can be authorized on (platformTypeList). When it cannot be read the
 * list is empty (spec section 3): no screen falls back to the platforms it knows; the one that
 * offers them says so itself.
 */
export function usePlatformTypes() {
  return useQuery({ ...platformListQuery(useApi()), meta: { inlineErrors: true } });
}

export function useSetShopAlias() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { shopId: string; alias: string }) => api.shops.setAlias(input),
    onSuccess: () => client.invalidateQueries({ queryKey: shopKeys.lists() }),
    // The alias form shows its failure itself.
    meta: { inlineErrors: true },
  });
}

/** The platform's consent page for a new (or, with shopId, a renewed) authorization. */
export function useAuthorizeUrl() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: AuthorizeUrlRequest) => api.shops.authorizeUrl(input),
    // The dialog words the failure itself; dialog keys still open the global dialog.
    meta: { inlineErrors: true },
  });
}

export function useUnbindShop() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { shopId: string }) => api.shops.unbind(input),
    onSuccess: () => client.invalidateQueries({ queryKey: shopKeys.lists() }),
  });
}

/** Queues a sync of one shop's orders and products; the list shows the shop as it now stands. */
export function useRetryShopSync() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { shopId: string }) => (await api.shops.retrySync(input)).datas,
    onSuccess: () => client.invalidateQueries({ queryKey: shopKeys.lists() }),
  });
}

export function useStartOrderSync() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OrderSyncInput) => api.shops.startOrderSync(input),
    onSuccess: (run) => client.setQueryData(shopKeys.syncRun(run.id), run),
    // The sync dialog words the failure itself; dialog keys still open the global dialog.
    meta: { inlineErrors: true },
  });
}

/**
 * Where an order sync run stands, asked again every second while it runs. When it has ended, the
 * shop list is refreshed (the shops' sync state moved with it).
 */
export function useOrderSyncRun(runId: string | null) {
  const api = useApi();
  const client = useQueryClient();
  return useQuery({
    queryKey: shopKeys.syncRun(runId ?? ''),
    queryFn: async ({ signal }) => {
      const run = await api.shops.orderSyncStatus(runId ?? '', { signal });
      if (run.status !== 'running') void client.invalidateQueries({ queryKey: shopKeys.lists() });
      return run;
    },
    enabled: runId !== null,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data && query.state.data.status !== 'running' ? false : SYNC_POLL_MS,
  });
}

export function useCancelOrderSync() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (runId: string) => api.shops.cancelOrderSync(runId),
    onSuccess: (run) => {
      client.setQueryData(shopKeys.syncRun(run.id), run);
      return client.invalidateQueries({ queryKey: shopKeys.lists() });
    },
  });
}
