import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import type { UsableCouponsQuery } from '../contracts/coupons';
import type {
  PaymentOrder,
  PayTradeRequest,
  RechargeListQuery,
  RechargeRequest,
  TradeListQuery,
} from '../contracts/payments';
import { useApi } from './api-context';

/** One page of the recharge history as the page asks for it. */
export type RechargeListParams = Pick<RechargeListQuery, 'page' | 'limit'> &
  Partial<Pick<RechargeListQuery, 'status'>>;

/** One page of the orders to pay. */
export type TradeListParams = Pick<TradeListQuery, 'page' | 'limit'> &
  Partial<Pick<TradeListQuery, 'status'>>;

const paymentKeys = {
  all: ['payments'] as const,
  options: () => [...paymentKeys.all, 'rechargeOptions'] as const,
  orders: () => [...paymentKeys.all, 'order'] as const,
  order: (orderNo: string) => [...paymentKeys.orders(), orderNo] as const,
  recharges: () => [...paymentKeys.all, 'recharges'] as const,
  rechargeList: (params: RechargeListParams) => [...paymentKeys.recharges(), params] as const,
  trades: () => [...paymentKeys.all, 'trades'] as const,
  tradeList: (params: TradeListParams) => [...paymentKeys.trades(), 'list', params] as const,
  trade: (tradeNo: string) => [...paymentKeys.trades(), 'detail', tradeNo] as const,
};

const couponKeys = {
  all: ['coupons'] as const,
  usable: (query: UsableCouponsQuery) => [...couponKeys.all, 'usable', query] as const,
};

/** Every wallet figure lives under this prefix (shared/queries/wallet.ts); moving money invalidates it. */
const WALLET_PREFIX = ['wallet'] as const;

/** How often an unpaid payment order is asked where it stands. */
const ORDER_POLL_MS = 2000;

/** Whether a payment order still waits for its payer. */
export function isOrderOpen(order: PaymentOrder): boolean {
  return order.status === 'unpaid';
}

function rechargeOptionsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: paymentKeys.options(),
    queryFn: ({ signal }) => api.payments.rechargeOptions({ signal }),
    // The rates move a few times a day; a visit sees the ones it opened with, refreshed on focus.
    staleTime: 60_000,
  });
}

function paymentOrderQuery(api: ApiClient, orderNo: string) {
  return queryOptions({
    queryKey: paymentKeys.order(orderNo),
    queryFn: ({ signal }) => api.payments.order(orderNo, { signal }),
  });
}

/** Presets, the custom limits and each channel's rate for the account's wallet currency. */
export function useRechargeOptions() {
  return useQuery({ ...rechargeOptionsQuery(useApi()), meta: { inlineErrors: true } });
}

/**
 * A payment order, asked again every two seconds while it is unpaid and the page is visible (the
 * polling stops when the tab is hidden and when the screen goes away).
 */
export function usePaymentOrder(orderNo: string | null) {
  const api = useApi();
  return useQuery({
    ...paymentOrderQuery(api, orderNo ?? ''),
    enabled: orderNo !== null,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data && !isOrderOpen(query.state.data) ? false : ORDER_POLL_MS,
    refetchIntervalInBackground: false,
    meta: { inlineErrors: true },
  });
}

/** A page of the recharge history; the previous page stays while the next loads. */
export function useRecharges(params: RechargeListParams) {
  const api = useApi();
  return useQuery({
    queryKey: paymentKeys.rechargeList(params),
    queryFn: ({ signal }) => api.payments.recharges(params, { signal }),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
}

/** A page of the account's orders to pay. */
export function useTrades(params: TradeListParams) {
  const api = useApi();
  return useQuery({
    queryKey: paymentKeys.tradeList(params),
    queryFn: ({ signal }) => api.payments.trades(params, { signal }),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
}

/** One order to pay. */
export function useTrade(tradeNo: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: paymentKeys.trade(tradeNo ?? ''),
    queryFn: ({ signal }) => api.payments.trade(tradeNo ?? '', { signal }),
    enabled: tradeNo !== null,
    meta: { inlineErrors: true },
  });
}

/** The coupons that fit an order of this scope, currency and amount, the best first. */
export function useUsableCoupons(query: UsableCouponsQuery | null) {
  const api = useApi();
  const asked = query ?? { scope: 'general', currency: 'USD', amount: 0 };
  return useQuery({
    queryKey: couponKeys.usable(asked),
    queryFn: ({ signal }) => api.coupons.usable(asked, { signal }),
    enabled: query !== null,
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
}

/** A money-moving call: the caller keeps the idempotency key of its input (a retry reuses it). */
interface Keyed<T> {
  input: T;
  idempotencyKey: string;
}

/** The order came back: the poll starts from it rather than from a second request. */
function useKeepOrder() {
  const client = useQueryClient();
  return (order: PaymentOrder) => client.setQueryData(paymentKeys.order(order.orderNo), order);
}

/** Opens a recharge payment order with its QR code. The form words a failure itself. */
export function useRecharge() {
  const api = useApi();
  const keep = useKeepOrder();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: Keyed<RechargeRequest>) =>
      api.payments.recharge(input, idempotencyKey),
    onSuccess: (order) => {
      keep(order);
      return client.invalidateQueries({ queryKey: paymentKeys.recharges() });
    },
    meta: { inlineErrors: true },
  });
}

/** Replaces an expired QR code's order with a fresh one. */
export function useRefreshPaymentOrder() {
  const api = useApi();
  const keep = useKeepOrder();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: Keyed<{ orderNo: string }>) =>
      api.payments.refresh(input.orderNo, idempotencyKey),
    onSuccess: async (order, { input }) => {
      keep(order);
      await client.invalidateQueries({ queryKey: paymentKeys.order(input.orderNo) });
      await client.invalidateQueries({ queryKey: paymentKeys.recharges() });
    },
    meta: { inlineErrors: true },
  });
}

/** Gives up an unpaid payment order. */
export function useClosePaymentOrder() {
  const api = useApi();
  const keep = useKeepOrder();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderNo: string) => api.payments.close(orderNo),
    onSuccess: async (order) => {
      keep(order);
      await client.invalidateQueries({ queryKey: paymentKeys.recharges() });
      await client.invalidateQueries({ queryKey: paymentKeys.trades() });
    },
    meta: { inlineErrors: true },
  });
}

/**
 * Pays an order from the wallet or opens its QR payment. A wallet short of the amount fails with
 * resp_code -10, which opens the insufficient-balance dialog (so no inline words for that one).
 */
export function usePayTrade() {
  const api = useApi();
  const keep = useKeepOrder();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: Keyed<PayTradeRequest>) =>
      api.payments.payTrade(input, idempotencyKey),
    onSuccess: async (result) => {
      keep(result.payment);
      client.setQueryData(paymentKeys.trade(result.trade.tradeNo), result.trade);
      await Promise.all([
        client.invalidateQueries({ queryKey: paymentKeys.trades() }),
        client.invalidateQueries({ queryKey: couponKeys.all }),
        client.invalidateQueries({ queryKey: WALLET_PREFIX }),
      ]);
    },
    meta: { inlineErrors: true },
  });
}

/**
 * After a payment went through: every wallet figure, the coupons and the lists are asked again.
 * (The session's cached user is the caller's to refresh: queries do not reach the session.)
 */
export function usePaymentSettled() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: WALLET_PREFIX }),
      client.invalidateQueries({ queryKey: couponKeys.all }),
      client.invalidateQueries({ queryKey: paymentKeys.recharges() }),
      client.invalidateQueries({ queryKey: paymentKeys.trades() }),
    ]);
}
