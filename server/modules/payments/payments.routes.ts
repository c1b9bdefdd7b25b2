import { endpoints } from '@shared/contracts/endpoints';
import {
  IDEMPOTENCY_HEADER,
  PAYMENT_CHANNELS,
  type PaymentChannel,
} from '@shared/contracts/payments';
import { IdempotencyKeySchema } from '@shared/contracts/wallet';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as z from 'zod/mini';
import type { AppEnv } from '../../context';
import { AppError } from '../../lib/errors';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { validationError } from '../../lib/validate';
import { receiveNotification } from './notify.service';
import { closePaymentOrder, paymentOrder, refreshPaymentOrder } from './payment-actions.service';
import { createRecharge, listRecharges, rechargeOptions } from './recharge.service';
import { listTrades, payTrade, tradeDetail } from './trade-orders.service';

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

const isChannel = (value: string | undefined): value is PaymentChannel =>
  (PAYMENT_CHANNELS as readonly string[]).includes(value ?? '');

/*
 * `couponId` names a coupon, which the coupon service looks up among the owner's own coupons only
 * (another account's is COUPON_NOT_FOUND), so it is not one of the matrix's object types.
 */
export const paymentsRoutes = [
  defineRoute(endpoints.payments.rechargeOptions, async ({ c, deps, actor }) =>
    ok(c, await rechargeOptions(deps, actor)),
  ),
  defineRoute(
    endpoints.payments.recharge,
    { notObjects: ['couponId'] },
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
  defineRoute(endpoints.payments.recharges, async ({ c, deps, actor, query }) =>
    ok(c, await listRecharges(deps, actor, query)),
  ),
  defineRoute(endpoints.payments.order, async ({ c, deps, actor, query }) => {
    return ok(c, await paymentOrder(deps, actor, query.orderNo));
  }),
  defineRoute(endpoints.payments.refresh, async ({ c, deps, actor, json }) => {
    return ok(
      c,
      await refreshPaymentOrder(deps, actor, {
        orderNo: json.orderNo,
        idempotencyKey: idempotencyKeyOf(c),
        language: c.var.t.language,
      }),
    );
  }),
  defineRoute(endpoints.payments.close, async ({ c, deps, actor, json }) => {
    return ok(c, await closePaymentOrder(deps, actor, json.orderNo));
  }),
  defineRoute(endpoints.payments.trades, async ({ c, deps, actor, query }) =>
    ok(c, await listTrades(deps, actor, { ...query, language: c.var.t.language })),
  ),
  defineRoute(endpoints.payments.trade, async ({ c, deps, actor, query }) =>
    ok(c, await tradeDetail(deps, actor, { tradeNo: query.tradeNo, language: c.var.t.language })),
  ),
  defineRoute(
    endpoints.payments.payTrade,
    { notObjects: ['couponId'] },
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
  defineRoute(endpoints.payments.notify, async ({ c, deps }) => {
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
  }),
];
