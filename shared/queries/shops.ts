import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import { useApi } from './api-context';

const shopKeys = {
  all: ['shops'] as const,
  list: () => [...shopKeys.all, 'list'] as const,
};

function shopListQuery(api: ApiClient) {
  return queryOptions({
    queryKey: shopKeys.list(),
    queryFn: ({ signal }) => api.shops.list({ signal }),
  });
}

/** The shops the signed-in account may see (a sub-account: only those it was given). */
export function useShops() {
  return useQuery(shopListQuery(useApi()));
}

export function useSetShopAlias() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { shopId: string; alias: string }) => api.shops.setAlias(input),
    onSuccess: () => client.invalidateQueries({ queryKey: shopKeys.all }),
    // The alias form shows its failure itself.
    meta: { inlineErrors: true },
  });
}
