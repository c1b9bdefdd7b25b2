import { decimalToMinor, minorToDecimal } from '@shared/contracts/money';
import { type Context, Hono } from 'hono';
import {
  type AlipayParams,
  alipayResponseKey,
  alipayStringToSign,
  alipayTime,
  alipayVerify,
  parseAlipayTime,
} from '../../integrations/payments/alipay';
import { rsaSha256Sign } from '../../integrations/payments/rsa';
import type { SandboxPaymentsContext } from './context';
import { paymentToken, placePayment, randomDigits, type SandboxPayment } from './store';

const PRECREATE = 'alipay.trade.precreate';
/** A precreated QR code lasts two hours unless time_expire says otherwise. */
const DEFAULT_TTL_MS = 2 * 60 * 60 * 1000;
const MAX_TOTAL_MINOR = 10_000_000_000;

interface AlipayAnswer {
  code: string;
  msg: string;
  sub_code?: string;
  sub_msg?: string;
  [field: string]: unknown;
}

const missing = (subCode: string, subMsg: string): AlipayAnswer => ({
  code: '40001',
  msg: 'Missing Required Arguments',
  sub_code: subCode,
  sub_msg: subMsg,
});
const invalid = (subCode: string, subMsg: string): AlipayAnswer => ({
  code: '40002',
  msg: 'Invalid Arguments',
  sub_code: subCode,
  sub_msg: subMsg,
});
const business = (subCode: string, subMsg: string): AlipayAnswer => ({
  code: '40004',
  msg: 'Business Failed',
  sub_code: subCode,
  sub_msg: subMsg,
});

/** The qr_code URL of a sandbox payment: opening it is scanning it. */
const alipayQrUrl = (context: SandboxPaymentsContext, token: string) =>
  `${context.publicUrl.replace(/\/+$/, '')}/alipay/qr/${token}`;

/**
 * Alipay's gateway as far as precreate goes (POST /alipay/gateway.do): the common parameters, the
 * RSA2 signature checked with the app's public key, then biz_content. Every answer is HTTP 200,
 * `{"<method>_response":{...},"sign":"..."}` signed with Alipay's key over the exact JSON text
 * under the response key; failures before the method is known come under `error_response`.
 */
export function alipayGatewayRoutes(context: SandboxPaymentsContext) {
  const app = new Hono();
  const { config } = context;

  function answer(c: Context, key: string, content: AlipayAnswer) {
    const json = JSON.stringify(content);
    const sign = rsaSha256Sign(json, context.keys.alipay());
    return c.body(`{"${key}":${json},"sign":"${sign}"}`, 200, {
      'content-type': 'application/json;charset=utf-8',
    });
  }

  app.post('/alipay/gateway.do', async (c) => {
    const raw = await c.req.text();
    const params: AlipayParams = {
      ...Object.fromEntries(new URL(c.req.url).searchParams),
      ...Object.fromEntries(new URLSearchParams(raw)),
    };
    const method = params.method ?? '';
    const key = method === PRECREATE ? alipayResponseKey(PRECREATE) : 'error_response';
    const fail = (content: AlipayAnswer) => answer(c, key, content);

    if (!method) return fail(missing('isv.missing-method', '缺少方法名参数'));
    if (!params.app_id) return fail(missing('isv.missing-app-id', '缺少AppID参数'));
    if (params.app_id !== config.alipay.appId)
      return fail(invalid('isv.invalid-app-id', '无效的AppID参数'));
    if (!params.sign_type) return fail(missing('isv.missing-signature-type', '缺少签名类型参数'));
    if (params.sign_type !== 'RSA2')
      return fail(invalid('isv.invalid-signature-type', '无效的签名类型参数'));
    if (!params.sign) return fail(missing('isv.missing-signature', '缺少签名参数'));
    if (!params.timestamp) return fail(missing('isv.missing-timestamp', '缺少时间戳参数'));
    if (!parseAlipayTime(params.timestamp))
      return fail(invalid('isv.invalid-timestamp', '非法的时间戳参数'));
    const stringToSign = alipayStringToSign(params);
    if (!alipayVerify(stringToSign, params.sign, context.keys.alipayApp()))
      return fail(
        invalid(
          'isv.invalid-signature',
          `验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配，网关生成的验签字符串为：${stringToSign}`,
        ),
      );
    if (method !== PRECREATE) return fail(invalid('isv.invalid-method', '不存在的方法名'));
    if (params.charset && params.charset.toLowerCase() !== 'utf-8')
      return fail(invalid('isv.invalid-charset', '字符集错误'));
    if (params.format && params.format.toUpperCase() !== 'JSON')
      return fail(invalid('isv.invalid-format', '参数格式错误'));
    if (params.version !== '1.0') return fail(invalid('isv.invalid-version', '版本号错误'));

    let biz: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(params.biz_content ?? '');
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error();
      biz = parsed as Record<string, unknown>;
    } catch {
      return fail(business('ACQ.INVALID_PARAMETER', '参数无效: biz_content 不是 JSON 对象'));
    }
    const outTradeNo = biz.out_trade_no;
    if (typeof outTradeNo !== 'string' || !/^[A-Za-z0-9_]{1,64}$/.test(outTradeNo))
      return fail(business('ACQ.INVALID_PARAMETER', '参数无效: out_trade_no'));
    const amountText =
      typeof biz.total_amount === 'number' ? String(biz.total_amount) : biz.total_amount;
    const amount =
      typeof amountText === 'string' && /^\d+(\.\d{1,2})?$/.test(amountText)
        ? decimalToMinor(amountText, 'CNY')
        : null;
    if (amount === null || amount < 1 || amount > MAX_TOTAL_MINOR)
      return fail(
        business('ACQ.INVALID_PARAMETER', '参数无效: total_amount 应在 0.01 到 100000000 之间'),
      );
    const subject = biz.subject;
    if (typeof subject !== 'string' || !subject.trim() || subject.length > 256)
      return fail(business('ACQ.INVALID_PARAMETER', '参数无效: subject'));
    let expiresAt = new Date(context.clock.now().getTime() + DEFAULT_TTL_MS);
    if (biz.time_expire !== undefined) {
      const given = typeof biz.time_expire === 'string' ? parseAlipayTime(biz.time_expire) : null;
      if (!given) return fail(business('ACQ.INVALID_PARAMETER', '参数无效: time_expire'));
      expiresAt = given;
    }

    const token = paymentToken();
    const { payment, created } = await placePayment(context.db, {
      token,
      channel: 'alipay',
      merchantId: params.app_id,
      outTradeNo,
      amount,
      currency: 'CNY',
      subject,
      qrContent: alipayQrUrl(context, token),
      status: 'pending',
      request: biz,
      notifyUrl: params.notify_url || null,
      expiresAt,
      createdAt: context.clock.now(),
    });
    // The same out_trade_no again: the same QR code if nothing changed, else Alipay's refusals.
    if (!created) {
      if (payment.status === 'paid') return fail(business('ACQ.TRADE_HAS_SUCCESS', '交易已被支付'));
      if (payment.status !== 'pending')
        return fail(business('ACQ.TRADE_HAS_CLOSE', '交易已经关闭'));
      if (payment.amount !== amount || payment.subject !== subject)
        return fail(business('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改'));
    }
    return answer(c, key, {
      code: '10000',
      msg: 'Success',
      out_trade_no: outTradeNo,
      qr_code: payment.qrContent,
    });
  });

  // Opening the qr_code URL is what scanning it with Alipay would do: show the payment to pay.
  app.get('/alipay/qr/:token', (c) => {
    const target = new URLSearchParams({ qr: alipayQrUrl(context, c.req.param('token')) });
    const lang = c.req.query('lang');
    if (lang) target.set('lang', lang);
    return c.redirect(`/pay?${target}`, 302);
  });

  return app;
}

/**
 * Alipay's asynchronous notification of a payment's outcome (notify_type trade_status_sync): a
 * form signed RSA2 with Alipay's key over every field but sign and sign_type. A failed payment is
 * told as TRADE_CLOSED, the status Alipay gives a trade that ends unpaid.
 */
export function alipayNotification(
  context: SandboxPaymentsContext,
  payment: SandboxPayment,
  outcome: 'paid' | 'failed',
  tradeNo: string,
): { contentType: string; body: string } {
  const now = context.clock.now();
  const amount = minorToDecimal(payment.amount, 'CNY');
  const paid = outcome === 'paid';
  const params: AlipayParams = {
    gmt_create: alipayTime(payment.createdAt),
    charset: 'utf-8',
    subject: payment.subject,
    buyer_id: `2088${randomDigits(12)}`,
    notify_id: `${alipayTime(now).replace(/\D/g, '')}${randomDigits(20)}`,
    notify_type: 'trade_status_sync',
    notify_time: alipayTime(now),
    trade_status: paid ? 'TRADE_SUCCESS' : 'TRADE_CLOSED',
    app_id: payment.merchantId,
    auth_app_id: payment.merchantId,
    seller_id: '2088000000000001',
    out_trade_no: payment.outTradeNo,
    trade_no: tradeNo,
    total_amount: amount,
    version: '1.0',
    ...(paid
      ? {
          gmt_payment: alipayTime(now),
          receipt_amount: amount,
          invoice_amount: amount,
          buyer_pay_amount: amount,
          point_amount: '0.00',
          fund_bill_list: JSON.stringify([{ amount, fundChannel: 'ALIPAYACCOUNT' }]),
        }
      : { gmt_close: alipayTime(now) }),
    sign_type: 'RSA2',
  };
  params.sign = rsaSha256Sign(
    alipayStringToSign(params, ['sign', 'sign_type']),
    context.keys.alipay(),
  );
  return {
    contentType: 'application/x-www-form-urlencoded;charset=utf-8',
    body: new URLSearchParams(params).toString(),
  };
}

/** Alipay's trade number: the China date, then digits (28 in all). */
export function alipayTradeNo(now: Date): string {
  return `${alipayTime(now).slice(0, 10).replaceAll('-', '')}2200${randomDigits(16)}`;
}
