import { defineEndpoint, type Permission } from './define-endpoint';
import {
  PaymentOrderQuerySchema,
  PaymentOrderSchema,
  PayTradeRequestSchema,
  PayTradeResultSchema,
  RechargeListQuerySchema,
  RechargeOptionsSchema,
  RechargePageSchema,
  RechargeRequestSchema,
  TradeListQuerySchema,
  TradeOrderQuerySchema,
  TradeOrderSchema,
  TradePageSchema,
} from './payments';

/** The pages that show a payment order: either paying page, and the pay result page. */
const PAYMENT_ORDER_PAGES: { anyOf: readonly Permission[] } = {
  anyOf: [{ menu: '/pay/recharge' }, { menu: '/pay/orderTrading' }, { menu: '/payResult' }],
};

/**
 * Recharges, payment orders and paying pending orders. Money-moving calls carry an
 * Idempotency-Key header.
 */
export const paymentsEndpoints = {
  rechargeOptions: defineEndpoint({
    method: 'GET',
    path: '/api-user/pay/recharge/options',
    access: 'session',
    permission: { menu: '/pay/recharge' },
    response: RechargeOptionsSchema,
    summary:
      "What the recharge page offers: the wallet currency, presets, the custom minimum and USD 300 at today's rate, each channel's currency and rate",
  }),
  recharge: defineEndpoint({
    method: 'POST',
    path: '/api-user/pay/recharge',
    access: 'session',
    json: RechargeRequestSchema,
    permission: { menu: '/pay/recharge', button: 'recharge' },
    response: PaymentOrderSchema,
    summary:
      'Opens a recharge payment order with its QR code (Idempotency-Key header required; the same key and input answer the same order)',
  }),
  recharges: defineEndpoint({
    method: 'GET',
    path: '/api-user/pay/recharge/list',
    access: 'session',
    query: RechargeListQuerySchema,
    permission: { menu: '/pay/recharge' },
    response: RechargePageSchema,
    summary:
      "The account's recharges, newest first, by status, channel and creation time (in the reader's time zone)",
  }),
  /** The page polls it. */
  order: defineEndpoint({
    method: 'GET',
    path: '/api-user/pay/order',
    access: 'session',
    query: PaymentOrderQuerySchema,
    permission: PAYMENT_ORDER_PAGES,
    response: PaymentOrderSchema,
    summary: 'One payment order of the account as it stands (closed once its QR code expired).',
  }),
  refresh: defineEndpoint({
    method: 'POST',
    path: '/api-user/pay/order/refresh',
    access: 'session',
    json: PaymentOrderQuerySchema,
    permission: PAYMENT_ORDER_PAGES,
    response: PaymentOrderSchema,
    summary:
      'Closes an unpaid or expired payment order as refreshed and opens a fresh one with the same input (Idempotency-Key header required)',
  }),
  close: defineEndpoint({
    method: 'POST',
    path: '/api-user/pay/order/close',
    access: 'session',
    json: PaymentOrderQuerySchema,
    permission: PAYMENT_ORDER_PAGES,
    response: PaymentOrderSchema,
    summary: 'Gives up an unpaid payment order: its coupon back, its trade order back to pending',
  }),
  trades: defineEndpoint({
    method: 'GET',
    path: '/api-user/pay/trade/list',
    access: 'session',
    query: TradeListQuerySchema,
    permission: { menu: '/pay/orderTrading' },
    response: TradePageSchema,
    summary:
      "The account's orders to pay, those still to pay first, titles in the reader's language",
  }),
  trade: defineEndpoint({
    method: 'GET',
    path: '/api-user/pay/trade/detail',
    access: 'session',
    query: TradeOrderQuerySchema,
    permission: { menu: '/pay/orderTrading' },
    response: TradeOrderSchema,
    summary: "One order to pay, with its lines, in the reader's language",
  }),
  payTrade: defineEndpoint({
    method: 'POST',
    path: '/api-user/pay/orderTrading',
    access: 'session',
    json: PayTradeRequestSchema,
    permission: { menu: '/pay/orderTrading', button: 'pay' },
    response: PayTradeResultSchema,
    summary:
      'Pays an order from the wallet (with a coupon; resp_code -10 with the shortfall when the wallet is short) or opens its QR payment (Idempotency-Key header required)',
  }),
  /** The providers call this without a session; the body is read as it came, for its signature. */
  notify: defineEndpoint({
    method: 'POST',
    path: '/api-user/pay/notify/:channel',
    access: 'public',
    raw: true,
    summary:
      "A payment provider's notification (WeChat Pay, Alipay, PromptPay), verified by its signature; answered in the provider's own format",
  }),
};
