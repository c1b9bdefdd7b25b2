import {
  IDEMPOTENCY_HEADER,
  PaymentOrderSchema,
  type PayTradeRequest,
  PayTradeResultSchema,
  type RechargeListQuery,
  RechargeOptionsSchema,
  RechargePageSchema,
  type RechargeRequest,
  type TradeListQuery,
  TradeOrderSchema,
  TradePageSchema,
} from '../contracts/payments';
import type { Http } from './http';

type Options = { signal?: AbortSignal };

/** Recharges, payment orders and paying pending orders. Money-moving calls carry an idempotency key. */
export function createPaymentsApi(http: Http) {
  return {
    /** GET /api-user/pay/recharge/options: presets, the custom limit and each channel's rate. */
    rechargeOptions: async (options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/pay/recharge/options',
          schema: RechargeOptionsSchema,
          ...options,
        })
      ).datas,
    /** POST /api-user/pay/recharge: opens a recharge payment order with its QR code. */
    recharge: async (input: RechargeRequest, idempotencyKey: string) =>
      (
        await http.request({
          method: 'POST',
          path: '/api-user/pay/recharge',
          json: input,
          headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
          schema: PaymentOrderSchema,
        })
      ).datas,
    /** GET /api-user/pay/order: a payment order as it stands (the page polls it). */
    order: async (orderNo: string, options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/pay/order',
          query: { orderNo },
          schema: PaymentOrderSchema,
          ...options,
        })
      ).datas,
    /** POST /api-user/pay/order/refresh: closes an expired QR code's order and opens a fresh one. */
    refresh: async (orderNo: string, idempotencyKey: string) =>
      (
        await http.request({
          method: 'POST',
          path: '/api-user/pay/order/refresh',
          json: { orderNo },
          headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
          schema: PaymentOrderSchema,
        })
      ).datas,
    /** POST /api-user/pay/order/close: gives up an unpaid payment order. */
    close: async (orderNo: string) =>
      (
        await http.request({
          method: 'POST',
          path: '/api-user/pay/order/close',
          json: { orderNo },
          schema: PaymentOrderSchema,
        })
      ).datas,
    /** GET /api-user/pay/recharge/list: recharge history. */
    recharges: async (query: Partial<RechargeListQuery>, options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/pay/recharge/list',
          query,
          schema: RechargePageSchema,
          ...options,
        })
      ).datas,
    /** GET /api-user/pay/trade/list: the account's orders to pay, pending first. */
    trades: async (query: Partial<TradeListQuery>, options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/pay/trade/list',
          query,
          schema: TradePageSchema,
          ...options,
        })
      ).datas,
    /** GET /api-user/pay/trade/detail. */
    trade: async (tradeNo: string, options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/pay/trade/detail',
          query: { tradeNo },
          schema: TradeOrderSchema,
          ...options,
        })
      ).datas,
    /** POST /api-user/pay/orderTrading: pays an order from the wallet or opens its QR payment. */
    payTrade: async (input: PayTradeRequest, idempotencyKey: string) =>
      (
        await http.request({
          method: 'POST',
          path: '/api-user/pay/orderTrading',
          json: input,
          headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
          schema: PayTradeResultSchema,
        })
      ).datas,
  };
}
