import { randomUUID } from 'node:crypto';
import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { rsaSha256Verify } from '../../integrations/payments/rsa';
import {
  parseWechatpayAuthorization,
  WECHATPAY_TIME_WINDOW_SECONDS,
  wechatpayEncrypt,
  wechatpayNonce,
  wechatpayRequestMessage,
  wechatpaySignatureHeaders,
  wechatpayTime,
} from '../../integrations/payments/wechatpay';
import type { SandboxPaymentsContext } from './context';
import { paymentToken, placePayment, randomDigits, type SandboxPayment } from './store';

/** A native order's code_url lasts two hours unless time_expire says otherwise. */
const DEFAULT_TTL_MS = 2 * 60 * 60 * 1000;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const codeUrl = (token: string) => `weixin://wxpay/bizpayurl?pr=${token}`;

/** The Wechatpay-* headers WeChat Pay puts on everything it sends, signed with its key. */
export function wechatpayHeaders(context: SandboxPaymentsContext, body: string) {
  return wechatpaySignatureHeaders({
    serial: context.sandbox.wechat.platformSerial,
    privateKey: context.keys.wechatPay(),
    timestamp: String(Math.floor(context.clock.now().getTime() / 1000)),
    nonce: wechatpayNonce(),
    body,
  });
}

/**
 * WeChat Pay v3 as far as Native orders go (POST /wechatpay/v3/pay/transactions/native): the
 * Authorization header (merchant, certificate serial, timestamp window, signature over method,
 * path, timestamp, nonce and body with the merchant's public key) answered 401 SIGN_ERROR when
 * wrong, then the body's rules, answered 400 PARAM_ERROR. Every answer is signed with WeChat Pay's
 * key in the Wechatpay-* headers, errors as `{"code","message"}` with a real HTTP status.
 */
export function wechatpayRoutes(context: SandboxPaymentsContext) {
  const app = new Hono();
  const { config } = context;

  function send(c: Context, status: ContentfulStatusCode, content: Record<string, unknown>) {
    const body = JSON.stringify(content);
    return c.body(body, status, {
      'content-type': 'application/json; charset=utf-8',
      'request-id': randomUUID(),
      ...wechatpayHeaders(context, body),
    });
  }
  const signError = (c: Context, message: string) => send(c, 401, { code: 'SIGN_ERROR', message });
  const paramError = (c: Context, field: string, message: string) =>
    send(c, 400, {
      code: 'PARAM_ERROR',
      message,
      detail: { field, location: 'body' },
    });

  app.post('/wechatpay/v3/pay/transactions/native', async (c) => {
    const raw = await c.req.text();
    const auth = parseWechatpayAuthorization(c.req.header('authorization'));
    if (!auth) return signError(c, 'Authorization 缺失或格式错误');
    if (auth.mchid !== config.wechat.mchId) return signError(c, '商户号不存在或与签名不匹配');
    if (auth.serial_no !== config.wechat.merchantSerial) return signError(c, '商户证书序列号有误');
    const skew = Math.abs(context.clock.now().getTime() / 1000 - Number(auth.timestamp));
    if (!/^\d{1,12}$/.test(auth.timestamp) || skew > WECHATPAY_TIME_WINDOW_SECONDS)
      return signError(c, '请求的时间戳已过期');
    const url = new URL(c.req.url);
    const message = wechatpayRequestMessage({
      method: c.req.method,
      url: url.pathname + url.search,
      timestamp: auth.timestamp,
      nonce: auth.nonce_str,
      body: raw,
    });
    if (!rsaSha256Verify(message, auth.signature, context.keys.wechatMerchant()))
      return signError(c, '签名错误');

    let order: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error();
      order = parsed as Record<string, unknown>;
    } catch {
      return send(c, 400, { code: 'PARAM_ERROR', message: '请求体不是合法的 JSON' });
    }
    if (order.appid !== config.wechat.appId) return paramError(c, 'appid', 'appid 与 mchid 不匹配');
    if (order.mchid !== auth.mchid) return paramError(c, 'mchid', 'mchid 与签名的商户号不一致');
    const description = order.description;
    if (typeof description !== 'string' || !description || Array.from(description).length > 127)
      return paramError(c, 'description', 'description 长度应为 1 到 127');
    const outTradeNo = order.out_trade_no;
    if (typeof outTradeNo !== 'string' || !/^[0-9A-Za-z_\-*]{6,32}$/.test(outTradeNo))
      return paramError(c, 'out_trade_no', 'out_trade_no 应为 6 到 32 位数字、字母、_-*');
    const notifyUrl = order.notify_url;
    const local = `${context.merchantUrl.replace(/\/+$/, '')}/`;
    if (
      typeof notifyUrl !== 'string' ||
      notifyUrl.includes('?') ||
      !(/^https:\/\/[^/]+/.test(notifyUrl) || notifyUrl.startsWith(local))
    )
      return paramError(c, 'notify_url', 'notify_url 应为 HTTPS 地址且不能携带参数');
    const amount = order.amount as { total?: unknown; currency?: unknown } | undefined;
    const total = amount?.total;
    if (typeof total !== 'number' || !Number.isSafeInteger(total) || total <= 0)
      return paramError(c, 'amount.total', 'amount.total 应为大于 0 的整数（分）');
    if ((amount?.currency ?? 'CNY') !== 'CNY')
      return paramError(c, 'amount.currency', 'amount.currency 仅支持 CNY');
    let expiresAt = new Date(context.clock.now().getTime() + DEFAULT_TTL_MS);
    if (order.time_expire !== undefined) {
      const text = typeof order.time_expire === 'string' ? order.time_expire : '';
      const given = RFC3339.test(text) ? new Date(text) : null;
      if (!given || Number.isNaN(given.getTime()))
        return paramError(c, 'time_expire', 'time_expire 应为 RFC 3339 时间');
      expiresAt = given;
    }

    const token = paymentToken();
    const { payment, created } = await placePayment(context.db, {
      token,
      channel: 'wechat',
      merchantId: auth.mchid,
      outTradeNo,
      amount: total,
      currency: 'CNY',
      subject: description,
      qrContent: codeUrl(token),
      status: 'pending',
      request: order,
      notifyUrl,
      expiresAt,
      createdAt: context.clock.now(),
    });
    // The same out_trade_no again: the same code_url if nothing changed, else refused.
    if (!created) {
      if (payment.status === 'paid')
        return send(c, 403, { code: 'ORDERPAID', message: '该订单已支付' });
      if (payment.status !== 'pending')
        return send(c, 400, { code: 'ORDER_CLOSED', message: '订单已关闭' });
      if (
        payment.amount !== total ||
        payment.subject !== description ||
        payment.notifyUrl !== notifyUrl
      )
        return send(c, 400, {
          code: 'INVALID_REQUEST',
          message: '商户订单号重复，且与原订单信息不一致',
        });
    }
    return send(c, 200, { code_url: payment.qrContent });
  });

  return app;
}

/** The code_url's token, or null when the text is not a sandbox code_url. */
export function wechatpayToken(qrContent: string): string | null {
  const match = /^weixin:\/\/wxpay\/bizpayurl\?pr=([0-9a-f]+)$/.exec(qrContent);
  return match?.[1] ?? null;
}

/**
 * WeChat Pay's payment callback: the transaction encrypted (AEAD_AES_256_GCM with the APIv3 key,
 * associated_data "transaction"), in the event envelope. WeChat Pay itself only calls back on
 * success; a failed payment is told here too (trade_state PAYERROR) so the merchant learns it
 * without waiting for the order to expire.
 */
export function wechatpayNotification(
  context: SandboxPaymentsContext,
  payment: SandboxPayment,
  outcome: 'paid' | 'failed',
  transactionId: string,
): { contentType: string; body: string } {
  const now = context.clock.now();
  const paid = outcome === 'paid';
  const transaction = {
    mchid: payment.merchantId,
    appid: context.config.wechat.appId,
    out_trade_no: payment.outTradeNo,
    transaction_id: transactionId,
    trade_type: 'NATIVE',
    trade_state: paid ? 'SUCCESS' : 'PAYERROR',
    trade_state_desc: paid ? '支付成功' : '支付失败',
    bank_type: 'OTHERS',
    attach: '',
    ...(paid ? { success_time: wechatpayTime(now) } : {}),
    payer: { openid: `oSandbox${randomDigits(20)}` },
    amount: {
      total: payment.amount,
      payer_total: paid ? payment.amount : 0,
      currency: 'CNY',
      payer_currency: 'CNY',
    },
  };
  const nonce = wechatpayNonce(12);
  const body = JSON.stringify({
    id: randomUUID(),
    create_time: wechatpayTime(now),
    resource_type: 'encrypt-resource',
    event_type: paid ? 'TRANSACTION.SUCCESS' : 'TRANSACTION.PAYERROR',
    summary: paid ? '支付成功' : '支付失败',
    resource: {
      original_type: 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: wechatpayEncrypt(
        JSON.stringify(transaction),
        context.config.wechat.apiV3Key,
        nonce,
        'transaction',
      ),
      associated_data: 'transaction',
      nonce,
    },
  });
  return { contentType: 'application/json', body };
}

/** WeChat Pay's transaction number: 4200, then digits (28 in all). */
export function wechatpayTransactionId(): string {
  return `4200${randomDigits(24)}`;
}
