import { endpoints } from '../contracts/endpoints';
import {
  IDEMPOTENCY_HEADER,
  type PayTradeRequest,
  type RechargeListQuery,
  type RechargeRequest,
  type TradeListQuery,
} from '../contracts/payments';
import type { Http } from './http';

type Options = { signal?: AbortSignal };

const calls = endpoints.payments;

/** The header that makes a money-moving call safe to repeat. */
const idempotent = (key: string) => ({ [IDEMPOTENCY_HEADER]: key });

/** Recharges, payment orders and paying pending orders. Money-moving calls carry an idempotency key. */
export function createPaymentsApi(http: Http) {
  return {
    /** Presets, the custom limit and each channel's rate. */
    rechargeOptions: async (options: Options = {}) =>
      (await http.call(calls.rechargeOptions, options)).datas,
    /** Opens a recharge payment order with its QR code. */
    recharge: async (input: RechargeRequest, idempotencyKey: string) =>
      (await http.call(calls.recharge, { json: input, headers: idempotent(idempotencyKey) })).datas,
    /** A payment order as it stands (the page polls it). */
    order: async (orderNo: string, options: Options = {}) =>
      (await http.call(calls.order, { query: { orderNo }, ...options })).datas,
    /** Closes an expired QR code's order and opens a fresh one. */
    refresh: async (orderNo: string, idempotencyKey: string) =>
      (await http.call(calls.refresh, { json: { orderNo }, headers: idempotent(idempotencyKey) }))
        .datas,
    /** Gives up an unpaid payment order. */
    close: async (orderNo: string) => (await http.call(calls.close, { json: { orderNo } })).datas,
    /** Recharge history. */
    recharges: async (query: Partial<RechargeListQuery>, options: Options = {}) =>
      (await http.call(calls.recharges, { query, ...options })).datas,
    /** The account's orders to pay, pending first. */
    trades: async (query: Partial<TradeListQuery>, options: Options = {}) =>
      (await http.call(calls.trades, { query, ...options })).datas,
    trade: async (tradeNo: string, options: Options = {}) =>
      (await http.call(calls.trade, { query: { tradeNo }, ...options })).datas,
    /** Pays an order from the wallet or opens its QR payment. */
    payTrade: async (input: PayTradeRequest, idempotencyKey: string) =>
      (await http.call(calls.payTrade, { json: input, headers: idempotent(idempotencyKey) })).datas,
  };
}
