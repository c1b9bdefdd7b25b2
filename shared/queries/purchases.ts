import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import type { PurchaseListQuery } from '../contracts/purchases';
import type { WarehouseSite } from '../contracts/warehouses';
import { useApi } from './api-context';

type ListParams = Omit<Partial<PurchaseListQuery>, 'limit'> & { limit: number };

/** Every purchase query starts with ['purchases'], every warehouse one with ['warehouses']. */
const purchaseKeys = {
  all: ['purchases'] as const,
  list: (params: ListParams) => [...purchaseKeys.all, 'list', params] as const,
  detail: (purchaseNo: string) => [...purchaseKeys.all, 'detail', purchaseNo] as const,
  customer: () => [...purchaseKeys.all, 'customer'] as const,
};
const warehouseKeys = {
  all: ['warehouses'] as const,
  list: (site: WarehouseSite | undefined) => [...warehouseKeys.all, 'list', site ?? 'all'] as const,
  quote: (site: WarehouseSite, volume: number) =>
    [...warehouseKeys.all, 'quote', site, volume] as const,
  inventory: (id: string) => [...warehouseKeys.all, 'inventory', id] as const,
  forecast: (id: string) => [...warehouseKeys.all, 'forecast', id] as const,
};
/** Moving money changes what the wallet, coupons and the session's user show. */
const MONEY_PREFIXES = [['wallet'], ['coupons'], ['dashboard']] as const;

function purchaseListQuery(api: ApiClient, params: ListParams) {
  return queryOptions({
    queryKey: purchaseKeys.list(params),
    queryFn: ({ signal }) => api.purchases.list(params, { signal }),
  });
}

/** One keyset page of a purchase tab, with every tab's count. */
export function usePurchases(params: ListParams) {
  return useQuery({
    ...purchaseListQuery(useApi(), params),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
}

export function usePurchase(purchaseNo: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: purchaseKeys.detail(purchaseNo ?? ''),
    queryFn: ({ signal }) => api.purchases.detail(purchaseNo ?? '', { signal }),
    enabled: !!purchaseNo,
    meta: { inlineErrors: true },
  });
}

export function usePurchaseCustomer() {
  const api = useApi();
  return useQuery({
    queryKey: purchaseKeys.customer(),
    queryFn: ({ signal }) => api.purchases.customer({ signal }),
    staleTime: 30 * 60_000,
    meta: { inlineErrors: true },
  });
}

/** Runs a purchase or warehouse call, then refreshes both and what money moved. */
function useMoneyMutation<I, O>(run: (api: ApiClient, input: I) => Promise<O>) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => run(api, input),
    onSuccess: async () => {
      await Promise.all(
        [purchaseKeys.all, warehouseKeys.all, ...MONEY_PREFIXES].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}

/** A purchase step by name (the seller's and the operators'). */
export type PurchaseAction =
  | { kind: 'cancel' | 'accept' | 'approve' | 'receive'; purchaseNo: string }
  | { kind: 'reject' | 'fail'; purchaseNo: string; reason: string }
  | { kind: 'ship'; input: Parameters<ApiClient['purchases']['ship']>[0] };

export function usePurchaseAction() {
  return useMoneyMutation((api, action: PurchaseAction): Promise<unknown> => {
    switch (action.kind) {
      case 'reject':
        return api.purchases.reject(action.purchaseNo, action.reason);
      case 'fail':
        return api.purchases.fail(action.purchaseNo, action.reason);
      case 'ship':
        return api.purchases.ship(action.input);
      default:
        return api.purchases[action.kind](action.purchaseNo);
    }
  });
}

export function useCreatePurchase() {
  return useMoneyMutation(
    (api, input: { request: Parameters<ApiClient['purchases']['create']>[0]; key: string }) =>
      api.purchases.create(input.request, input.key),
  );
}

export function useAttachPdf() {
  const api = useApi();
  return useMutation({ mutationFn: (file: Blob) => api.purchases.attach(file) });
}

export function useWarehouses(site: WarehouseSite | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: warehouseKeys.list(site),
    queryFn: ({ signal }) => api.warehouses.list(site, { signal }),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
}

export function useWarehouseQuote(site: WarehouseSite | null, volume: number) {
  const api = useApi();
  return useQuery({
    queryKey: warehouseKeys.quote(site ?? 'th', volume),
    queryFn: ({ signal }) => api.warehouses.quote(site ?? 'th', volume, { signal }),
    enabled: site !== null && Number.isInteger(volume) && volume >= 1,
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
}

export function useWarehouseInventory(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: warehouseKeys.inventory(id),
    queryFn: ({ signal }) => api.warehouses.inventory(id, { signal }),
    meta: { inlineErrors: true },
  });
}

export function useWarehouseForecast(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: warehouseKeys.forecast(id),
    queryFn: ({ signal }) => api.warehouses.forecast(id, { signal }),
    meta: { inlineErrors: true },
  });
}

/** A warehouse change by name; those that charge carry their idempotency key. */
export type WarehouseAction =
  | { kind: 'open'; site: WarehouseSite; volume: number; couponId?: string; key: string }
  | { kind: 'upgrade'; id: string; volume: number; couponId?: string; key: string }
  | { kind: 'renew'; id: string; couponId?: string; key: string }
  | { kind: 'downgrade'; id: string; volume: number }
  | { kind: 'cancelMonthly' | 'resumeMonthly'; id: string };

export function useWarehouseAction() {
  return useMoneyMutation((api, action: WarehouseAction): Promise<unknown> => {
    switch (action.kind) {
      case 'open': {
        const { site, volume, couponId, key } = action;
        return api.warehouses.open({ site, volume, ...(couponId ? { couponId } : {}) }, key);
      }
      case 'upgrade': {
        const { id, volume, couponId, key } = action;
        return api.warehouses.upgrade({ id, volume, ...(couponId ? { couponId } : {}) }, key);
      }
      case 'renew': {
        const { id, couponId, key } = action;
        return api.warehouses.renew({ id, ...(couponId ? { couponId } : {}) }, key);
      }
      case 'downgrade':
        return api.warehouses.downgrade(action.id, action.volume);
      default:
        return api.warehouses[action.kind](action.id);
    }
  });
}
