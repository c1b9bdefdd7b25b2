import {
  type InfiniteData,
  keepPreviousData,
  type Query,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import type { UsableCouponsQuery } from '../contracts/coupons';
import type {
  CreateOrder,
  DictionaryName,
  OrderFilters,
  OrderListQuery,
  OrderPage,
  OrderTab,
  ProcessOrderRequest,
} from '../contracts/orders';
import type { CreateReturn, ReturnListQuery, ReturnOutcome } from '../contracts/returns';
import { useApi } from './api-context';

/**
 * Every orders query starts with ['orders']: processing, a manual order or a return invalidates
 * that prefix, and lists, counts and details read again; processing also moves money (['wallet']).
 */
const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (params: Partial<OrderListQuery>) => [...orderKeys.lists(), params] as const,
  statistics: (filters: OrderFilters) => [...orderKeys.all, 'statistics', filters] as const,
  detail: (orderId: string) => [...orderKeys.all, 'detail', orderId] as const,
  deal: (orderId: string) => [...orderKeys.all, 'deal', orderId] as const,
  choices: (orderId: string, keyword: string) =>
    [...orderKeys.all, 'choices', orderId, keyword] as const,
  returns: (params: Partial<ReturnListQuery>) => [...orderKeys.all, 'returns', params] as const,
  dictionary: (name: DictionaryName) => ['dictionary', name] as const,
};

function withoutEmpty<T extends object>(params: T): T {
  return Object.fromEntries(
    Object.entries(params).filter(
      ([, value]) => value !== undefined && value !== null && value !== '',
    ),
  ) as T;
}

function pagesKey(params: Partial<OrderListQuery>) {
  const { cursor, ...query } = withoutEmpty(params);
  return [...orderKeys.list(query), cursor ?? null] as const;
}

/** How long a list read stays fresh (the console's default): no focus or remount reads it again. */
const PAGES_STALE_MS = 30_000;

type OrderPages = InfiniteData<OrderPage, string | null>;

/** An order list cut to its first page: what a refetch reads again (one request, not every page). */
function firstPageOnly(data: OrderPages | undefined): OrderPages | undefined {
  if (!data || data.pages.length <= 1) return data;
  return { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) };
}

/** Every order list held cut to its first page, before they are read again. */
function cutListsToFirstPage(client: QueryClient) {
  client.setQueriesData<OrderPages>({ queryKey: orderKeys.lists() }, firstPageOnly);
}

/**
 * Whether a list refetches on a focus, a reconnect or a remount (when it is stale, as by
 * default); a stale one is cut to its first page first, so it reads one page again, not all it
 * had read.
 */
function fromFirstPageWhenStale(query: Query<OrderPage, Error, OrderPages>): boolean {
  if (query.isStaleByTime(PAGES_STALE_MS)) {
    const cut = firstPageOnly(query.state.data);
    if (cut !== query.state.data && cut) query.setData(cut);
  }
  return true;
}

/**
 * A tab of orders from a position on (`cursor`, else the newest), one keyset page after another:
 * `fetchNextPage` adds the page after the last one read. The rows read stay while another tab or
 * other filters load. Read again (a refresh, a change elsewhere, a focus or a remount once stale),
 * the list reads its first page alone: the pages after it come again as it scrolls.
 */
export function useOrderPages(params: Partial<OrderListQuery>) {
  const api = useApi();
  const { cursor, ...query } = withoutEmpty(params);
  return useInfiniteQuery({
    queryKey: pagesKey(params),
    queryFn: ({ signal, pageParam }) =>
      api.orders.list({ ...query, ...(pageParam ? { cursor: pageParam } : {}) }, { signal }),
    initialPageParam: cursor ?? null,
    getNextPageParam: (page) => page.nextCursor,
    // Pages only ever add rows: comparing thousands of rows read before with themselves on every
    // page would cost more than the page.
    structuralSharing: false,
    placeholderData: keepPreviousData,
    staleTime: PAGES_STALE_MS,
    refetchOnMount: fromFirstPageWhenStale,
    refetchOnWindowFocus: fromFirstPageWhenStale,
    refetchOnReconnect: fromFirstPageWhenStale,
    meta: { inlineErrors: true },
  });
}

/** The user's refresh of a list: its first page read again, the pages after it dropped. */
export function useRefreshOrderPages(params: Partial<OrderListQuery>) {
  const client = useQueryClient();
  const key = pagesKey(params);
  return () => {
    client.setQueryData<OrderPages>(key, firstPageOnly);
    return client.refetchQueries({ queryKey: key, exact: true });
  };
}

/** Each tab's count with the list's filters. */
export function useOrderStatistics(filters: OrderFilters) {
  const api = useApi();
  const query = withoutEmpty(filters);
  return useQuery({
    queryKey: orderKeys.statistics(query),
    queryFn: ({ signal }) => api.orders.statistics(query, { signal }),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
}

/** An order's details (a manual order's through virtualOrderDetail). */
export function useOrderDetail(orderId: string | null, manual = false) {
  const api = useApi();
  return useQuery({
    queryKey: orderKeys.detail(orderId ?? ''),
    queryFn: ({ signal }) =>
      manual
        ? api.orders.virtualDetail(orderId ?? '', { signal })
        : api.orders.detail(orderId ?? '', { signal }),
    enabled: orderId !== null,
    meta: { inlineErrors: true },
  });
}

/** What processing an order needs. */
export function useDealOrderDetail(orderId: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: orderKeys.deal(orderId ?? ''),
    queryFn: ({ signal }) => api.orders.dealDetail(orderId ?? '', { signal }),
    enabled: orderId !== null,
    meta: { inlineErrors: true },
  });
}

/** The price of a processing choice, before submitting it. */
export function useProcessEstimate(request: ProcessOrderRequest | null) {
  const api = useApi();
  return useQuery({
    queryKey: [...orderKeys.all, 'estimate', request] as const,
    queryFn: () => api.orders.process({ ...(request as ProcessOrderRequest), estimateOnly: true }),
    enabled: request !== null && request.items.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
    meta: { inlineErrors: true },
  });
}

/** Coupons that fit an amount. */
export function useUsableCoupons(query: UsableCouponsQuery | null) {
  const api = useApi();
  return useQuery({
    queryKey: ['coupons', 'usable', query] as const,
    queryFn: ({ signal }) => api.coupons.usable(query as UsableCouponsQuery, { signal }),
    enabled: query !== null && query.amount > 0,
    meta: { inlineErrors: true },
  });
}

function useOrdersMutation<I, O>(run: (api: ApiClient, input: I) => Promise<O>, wallet = false) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => run(api, input),
    meta: { inlineErrors: true },
    onSuccess: async () => {
      cutListsToFirstPage(client);
      await client.invalidateQueries({ queryKey: orderKeys.all });
      if (wallet) await client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}

export const useProcessOrder = () =>
  useOrdersMutation((api, input: ProcessOrderRequest) => api.orders.process(input), true);
export const useCancelService = () =>
  useOrdersMutation(
    (api, input: { orderId: string; serviceNo: string }) => api.orders.cancelService(input),
    true,
  );
export const useSavePurchaseLink = () =>
  useOrdersMutation(
    (
      api,
      input: {
        orderId: string;
        orderItemId: string;
        url: string;
        supplierSku?: string;
        price: number;
      },
    ) => api.orders.savePurchaseLink(input),
  );
export const useCreateOrder = () =>
  useOrdersMutation((api, input: CreateOrder) => api.orders.create(input));

/** The seller's products an item can be matched with. */
export function useProductChoices(orderId: string | null, keyword: string) {
  const api = useApi();
  return useQuery({
    queryKey: orderKeys.choices(orderId ?? '', keyword),
    queryFn: ({ signal }) =>
      api.orders.productChoices(
        { orderId: orderId ?? '', ...(keyword ? { keyword } : {}) },
        { signal },
      ),
    enabled: orderId !== null,
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
}

/** The list's tab and filters as an .xlsx file; the list words a failure. */
export function useExportOrders() {
  const api = useApi();
  return useMutation({
    mutationFn: (query: OrderFilters & { tab?: OrderTab }) =>
      api.orders.export(withoutEmpty(query)),
    meta: { inlineErrors: true },
  });
}

/** A dictionary, read once per session (a fixed table). */
export function useDictionary(name: DictionaryName) {
  const api = useApi();
  return useQuery({
    queryKey: orderKeys.dictionary(name),
    queryFn: ({ signal }) => {
      const read = {
        RETURN_EXPRESS: api.orders.returnExpress,
        PLATFORM_TYPE: api.orders.platformTypes,
        SITE_NAME: api.orders.siteNames,
        SHIPMENT_RECEIPT_TYPE: api.orders.shipmentReceiptTypes,
        MESSAGE_TYPE: api.orders.messageTypes,
      }[name];
      return read({ signal });
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
}

/** One page of a tab of returns, with every tab's count. */
export function useReturns(params: Partial<ReturnListQuery>) {
  const api = useApi();
  const query = withoutEmpty(params);
  return useQuery({
    queryKey: orderKeys.returns(query),
    queryFn: ({ signal }) => api.returns.list(query, { signal }),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
}

export const useCreateReturn = () =>
  useOrdersMutation((api, input: CreateReturn) => api.returns.create(input));
export const useSignReturn = () =>
  useOrdersMutation((api, returnId: string) => api.returns.sign(returnId));
export const useProcessReturn = () =>
  useOrdersMutation((api, input: { returnId: string; outcome: ReturnOutcome }) =>
    api.returns.process(input),
  );
export const useCancelReturn = () =>
  useOrdersMutation((api, returnId: string) => api.returns.cancel(returnId));
