import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import type {
  OperatorQueueQuery,
  ServiceExportQuery,
  ServiceListQuery,
} from '../contracts/services';
import { useApi } from './api-context';

type ListParams = Omit<Partial<ServiceListQuery>, 'limit'> & { limit: number };
type QueueParams = Omit<Partial<OperatorQueueQuery>, 'limit'> & { limit: number };

/** Every service query starts with ['services']. */
const serviceKeys = {
  all: ['services'] as const,
  prices: () => [...serviceKeys.all, 'prices'] as const,
  list: (params: ListParams) => [...serviceKeys.all, 'list', params] as const,
  detail: (serviceNo: string, operator: boolean) =>
    [...serviceKeys.all, 'detail', serviceNo, operator] as const,
  queue: (params: QueueParams) => [...serviceKeys.all, 'queue', params] as const,
};
/** Moving money changes what the wallet, coupons, the dashboard and the orders show. */
const MONEY_PREFIXES = [['wallet'], ['coupons'], ['dashboard'], ['orders']] as const;

function serviceListQuery(api: ApiClient, params: ListParams) {
  return queryOptions({
    queryKey: serviceKeys.list(params),
    queryFn: ({ signal }) => api.services.list(params, { signal }),
  });
}

/** The price list in force, with the wallet's currency and the rates to it. */
export function useServicePrices() {
  const api = useApi();
  return useQuery({
    queryKey: serviceKeys.prices(),
    queryFn: ({ signal }) => api.services.prices({ signal }),
    meta: { inlineErrors: true },
  });
}

/** One keyset page of a progress tab, with every tab's count. */
export function useServices(params: ListParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...serviceListQuery(useApi(), params),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    meta: { inlineErrors: true },
  });
}

/** The progress list's tab and filters as an .xlsx file (`{ blob, filename }`). */
export function useExportServices() {
  const api = useApi();
  return useMutation({
    mutationFn: (query: Partial<ServiceExportQuery>) => api.services.export(query),
    meta: { inlineErrors: true },
  });
}

/** One service with its steps; an operator reads any seller's through the operator call. */
export function useService(serviceNo: string | null, operator = false) {
  const api = useApi();
  return useQuery({
    queryKey: serviceKeys.detail(serviceNo ?? '', operator),
    queryFn: ({ signal }) =>
      operator
        ? api.services.operatorDetail(serviceNo ?? '', { signal })
        : api.services.detail(serviceNo ?? '', { signal }),
    enabled: !!serviceNo,
    meta: { inlineErrors: true },
  });
}

/** The operator's queue across sellers, one keyset page. */
export function useServiceQueue(params: QueueParams, options: { enabled?: boolean } = {}) {
  const api = useApi();
  return useQuery({
    queryKey: serviceKeys.queue(params),
    queryFn: ({ signal }) => api.services.queue(params, { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    meta: { inlineErrors: true },
  });
}

/** Runs a service call that moves money or a step, then refreshes services and money. */
function useServiceMutation<I, O>(run: (api: ApiClient, input: I) => Promise<O>) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => run(api, input),
    // The screens show the failure themselves; -10 and session ends still go to the one handler.
    meta: { inlineErrors: true },
    onSuccess: async () => {
      await Promise.all(
        [serviceKeys.all, ...MONEY_PREFIXES].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}

export function useBuyService() {
  return useServiceMutation(
    (api, input: { request: Parameters<ApiClient['services']['buy']>[0]; key: string }) =>
      api.services.buy(input.request, input.key),
  );
}

export function useCancelServiceOrder() {
  return useServiceMutation((api, serviceNo: string) => api.services.cancel(serviceNo));
}

/** An operator's step by name. */
export type ServiceOperation =
  | { kind: 'move'; input: Parameters<ApiClient['services']['move']>[0] }
  | { kind: 'complete'; input: Parameters<ApiClient['services']['complete']>[0] }
  | { kind: 'abort'; input: Parameters<ApiClient['services']['abort']>[0] };

export function useServiceOperation() {
  return useServiceMutation((api, operation: ServiceOperation): Promise<unknown> => {
    switch (operation.kind) {
      case 'move':
        return api.services.move(operation.input);
      case 'complete':
        return api.services.complete(operation.input);
      default:
        return api.services.abort(operation.input);
    }
  });
}

export function useUploadServiceProof() {
  const api = useApi();
  return useMutation({
    mutationFn: (file: Blob) => api.services.proof(file),
    meta: { inlineErrors: true },
  });
}

/** One data URL per proof photo for the page's life: the same photo is fetched once. */
const proofUrls = new Map<string, Promise<string>>();

/** A blob as a data: address (the console's CSP lets images come from data:, not blob:). */
async function dataUrlOf(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return `data:${blob.type || 'application/octet-stream'};base64,${btoa(binary)}`;
}

/** A proof photo's address for an <img>: fetched with the session, never a bare address. */
export function useProofSrc(id: string): string | null {
  const api = useApi();
  const query = useQuery({
    queryKey: [...serviceKeys.all, 'proof', id],
    queryFn: () => {
      let url = proofUrls.get(id);
      if (!url) {
        url = api.services.proofFile({ key: id }).then(dataUrlOf);
        url.catch(() => proofUrls.delete(id));
        proofUrls.set(id, url);
      }
      return url;
    },
    staleTime: Number.POSITIVE_INFINITY,
    meta: { inlineErrors: true },
  });
  return query.data ?? null;
}
