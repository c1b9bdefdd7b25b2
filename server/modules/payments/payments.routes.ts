import {
  IDEMPOTENCY_HEADER,
  PAYMENT_CHANNELS,
  type PaymentChannel,
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
} from '@shared/contracts/payments';
import { IdempotencyKeySchema } from '@shared/contracts/wallet';
import { allows } from '@shared/permissions';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as z from 'zod/mini';
import type { Actor, AppEnv } from '../../context';
import { AppError } from '../../lib/errors';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { validationError } from '../../lib/validate';
import { receiveNotification } from './notify.service';
import { closePaymentOrder, paymentOrder, refreshPaymentOrder } from './payment-actions.service';
import { createRecharge, listRecharges, rechargeOptions } from './recharge.service';
import { listTrades, payTrade, tradeDetail } from './trade-orders.service';

/** The recharge page (spec section 2, /pay/recharge) and the page that pays orders. */
const RECHARGE_MENU = '/pay/recharge';
const TRADE_MENU = '/pay/orderTrading';
/** The pages that show a payment order: either paying page, and the pay result page. */
const PAYMENT_PAGES = [RECHARGE_MENU, TRADE_MENU, '/payResult'] as const;

const KeyHeaderSchema = z.object({ [IDEMPOTENCY_HEADER]: IdempotencyKeySchema });

/** The request's idempotency key; VALIDATION_FAILED naming the header when missing or malformed. */
function idempotencyKeyOf(c: Context<AppEnv>): string {
  const result = KeyHeaderSchema.safeParse(
    { [IDEMPOTENCY_HEADER]: c.req.header(IDEMPOTENCY_HEADER) },
    { reportInput: true },
  );
  if (!result.success) throw validationError(c.var.t, result.error.issues);
  return result.data[IDEMPOTENCY_HEADER];
}

/** A payment order belongs to either paying page; holding one of the pages is enough. */
function guardPaymentPages(actor: Actor): void {
  if (!PAYMENT_PAGES.some((menu) => allows(actor.routes, menu)))
    throw new AppError('PERMISSION_DENIED');
}

const isChannel = (value: string | undefined): value is PaymentChannel =>
  (PAYMENT_CHANNELS as readonly string[]).includes(value ?? '');

/*
 * `couponId` names a coupon, which the coupon service looks up among the owner's own coupons only
 * (another account's is COUPON_NOT_FOUND), so it is not one of the matrix's object types.
 */
export const paymentsRoutes = [
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/pay/recharge/options',
      access: 'session',
      permission: { menu: RECHARGE_MENU },
      response: RechargeOptionsSchema,
      summary:
        "What the recharge page offers: the wallet currency, presets, the custom minimum and USD 300 at today's rate, each channel's currency and rate",
    },
    async ({ c, deps, actor }) => ok(c, await rechargeOptions(deps, actor)),
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/api-user/pay/recharge',
      access: 'session',
      json: RechargeRequestSchema,
      notObjects: ['couponId'],
      permission: { menu: RECHARGE_MENU, button: 'recharge' },
      response: PaymentOrderSchema,
      summary:
        'Opens a recharge payment order with its QR code (Idempotency-Key header required; the same key and input answer the same order)',
    },
    async ({ c, deps, actor, json }) =>
      ok(
        c,
        await createRecharge(deps, actor, {
          ...json,
          idempotencyKey: idempotencyKeyOf(c),
          language: c.var.t.language,
        }),
      ),
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/pay/recharge/list',
      access: 'session',
      query: RechargeListQuerySchema,
      permission: { menu: RECHARGE_MENU },
      response: RechargePageSchema,
      summary:
        "The account's recharges, newest first, by status, channel and creation time (in the reader's time zone)",
    },
    async ({ c, deps, actor, query }) => ok(c, await listRecharges(deps, actor, query)),
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/pay/order',
      access: 'session',
      query: PaymentOrderQuerySchema,
      response: PaymentOrderSchema,
      summary:
        'One payment order of the account as it stands (closed once its QR code expired). Needs the menu /pay/recharge, /pay/orderTrading or /payResult.',
    },
    async ({ c, deps, actor, query }) => {
      guardPaymentPages(actor);
      return ok(c, await paymentOrder(deps, actor, query.orderNo));
    },
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/api-user/pay/order/refresh',
      access: 'session',
      json: PaymentOrderQuerySchema,
      response: PaymentOrderSchema,
      summary:
        'Closes an unpaid or expired payment order as refreshed and opens a fresh one with the same input (Idempotency-Key header required)',
    },
    async ({ c, deps, actor, json }) => {
      guardPaymentPages(actor);
      return ok(
        c,
        await refreshPaymentOrder(deps, actor, {
          orderNo: json.orderNo,
          idempotencyKey: idempotencyKeyOf(c),
          language: c.var.t.language,
        }),
      );
    },
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/api-user/pay/order/close',
      access: 'session',
      json: PaymentOrderQuerySchema,
      response: PaymentOrderSchema,
      summary: 'Gives up an unpaid payment order: its coupon back, its trade order back to pending',
    },
    async ({ c, deps, actor, json }) => {
      guardPaymentPages(actor);
      return ok(c, await closePaymentOrder(deps, actor, json.orderNo));
    },
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/pay/trade/list',
      access: 'session',
      query: TradeListQuerySchema,
      permission: { menu: TRADE_MENU },
      response: TradePageSchema,
      summary:
        "The account's orders to pay, those still to pay first, titles in the reader's language",
    },
    async ({ c, deps, actor, query }) =>
      ok(c, await listTrades(deps, actor, { ...query, language: c.var.t.language })),
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/pay/trade/detail',
      access: 'session',
      query: TradeOrderQuerySchema,
      permission: { menu: TRADE_MENU },
      response: TradeOrderSchema,
      summary: "One order to pay, with its lines, in the reader's language",
    },
    async ({ c, deps, actor, query }) =>
      ok(c, await tradeDetail(deps, actor, { tradeNo: query.tradeNo, language: c.var.t.language })),
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/api-user/pay/orderTrading',
      access: 'session',
      json: PayTradeRequestSchema,
      notObjects: ['couponId'],
      permission: { menu: TRADE_MENU, button: 'pay' },
      response: PayTradeResultSchema,
      summary:
        'Pays an order from the wallet (with a coupon; resp_code -10 with the shortfall when the wallet is short) or opens its QR payment (Idempotency-Key header required)',
    },
    async ({ c, deps, actor, json }) =>
      ok(
        c,
        await payTrade(deps, actor, {
          ...json,
          idempotencyKey: idempotencyKeyOf(c),
          language: c.var.t.language,
        }),
      ),
  ),
  // The providers call this without a session; the body is read as it came, for its signature.
  defineRoute(
    {
      method: 'POST',
      path: '/api-user/pay/notify/:channel',
      access: 'public',
      raw: true,
      summary:
        "A payment provider's notification (WeChat Pay, Alipay, PromptPay), verified by its signature; answered in the provider's own format",
    },
    async ({ c, deps }) => {
      const channel = c.req.param('channel');
      if (!isChannel(channel)) throw new AppError('NOT_FOUND');
      const body = await c.req.text();
      const headers: Record<string, string> = {};
      c.req.raw.headers.forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      const reply = await receiveNotification(deps, null, {
        channel,
        incoming: { headers, body, contentType: c.req.header('content-type') ?? '' },
      });
      // WeChat Pay's success is 204 without a body; a body with it would not be a valid response.
      if (reply.status === 204) return c.body(null, 204);
      return c.body(reply.body, reply.status as ContentfulStatusCode, {
        'content-type': reply.contentType,
      });
    },
  ),
];
