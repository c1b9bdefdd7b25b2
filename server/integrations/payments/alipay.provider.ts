import { decimalToMinor, minorToDecimal } from '@shared/contracts/money';
import {
  type AlipayParams,
  alipayResponseKey,
  alipayResponseParts,
  alipaySign,
  alipayTime,
  alipayVerify,
  alipayVerifyNotify,
  parseAlipayTime,
} from './alipay';
import {
  PaymentNotificationRejected,
  type PaymentProvider,
  type PaymentProviderDeps,
  PaymentProviderError,
  type VerifiedNotification,
} from './payment-provider';
import { privateKeyFrom, publicKeyFrom } from './rsa';

/** The app on Alipay's open platform (real, or as registered with the sandbox). */
export interface AlipayConfig {
  appId: string;
  /** The gateway: https://openapi.alipay.com/gateway.do (sandbox: .../alipay/gateway.do). */
  gateway: string;
  /** The app's private key (PEM, or the bare base64 PKCS#8 Alipay's key tool writes). */
  appPrivateKey: string;
  /** Alipay's public key (PEM, or bare base64 SPKI), for responses and notifications. */
  alipayPublicKey: string;
}

const PRECREATE = 'alipay.trade.precreate';
const TIMEOUT_MS = 15_000;

/** trade_status -> what it says about our payment (TRADE_FINISHED: paid, no refund possible any more). */
const TRADE_STATUS: Record<string, VerifiedNotification['outcome']> = {
  TRADE_SUCCESS: 'paid',
  TRADE_FINISHED: 'paid',
  TRADE_CLOSED: 'closed',
  WAIT_BUYER_PAY: 'pending',
};

/**
 * Alipay face-to-face payment: `alipay.trade.precreate` returns a qr_code the payer scans; Alipay
 * then posts the trade status to our notify_url as a signed form and expects the plain text
 * `success` back, or retries.
 */
export function createAlipayProvider(
  config: AlipayConfig,
  deps: PaymentProviderDeps,
): PaymentProvider {
  const privateKey = privateKeyFrom(config.appPrivateKey);
  const publicKey = publicKeyFrom(config.alipayPublicKey);

  async function call(method: string, biz: Record<string, unknown>, notifyUrl?: string) {
    const params: AlipayParams = {
      app_id: config.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: alipayTime(deps.clock.now()),
      version: '1.0',
      ...(notifyUrl ? { notify_url: notifyUrl } : {}),
      biz_content: JSON.stringify(biz),
    };
    params.sign = alipaySign(params, privateKey);
    let text: string;
    try {
      const response = await deps.fetch(config.gateway, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      text = await response.text();
    } catch (cause) {
      throw new PaymentProviderError('alipay', 'UNAVAILABLE', `Alipay ${method} unreachable`, {
        cause,
      });
    }
    const parts = alipayResponseParts(text, method);
    let body: Record<string, unknown> | null = null;
    try {
      body = parts ? (JSON.parse(parts.content) as Record<string, unknown>) : null;
    } catch {
      body = null;
    }
    if (!parts || !body)
      throw new PaymentProviderError(
        'alipay',
        'BAD_RESPONSE',
        `Alipay ${method} answered without ${alipayResponseKey(method)}`,
      );
    // An error is reported whether or not it is signed (a forged one could only fail a payment);
    // a success is believed only with Alipay's signature over the exact text it came in.
    if (body.code !== '10000') {
      const code = String(body.sub_code ?? body.code ?? 'UNKNOWN');
      const message = [body.msg, body.sub_msg].filter(Boolean).join(': ');
      throw new PaymentProviderError('alipay', code, `Alipay ${method}: ${code} ${message}`);
    }
    if (
      parts.key !== alipayResponseKey(method) ||
      !parts.sign ||
      !alipayVerify(parts.content, parts.sign, publicKey)
    )
      throw new PaymentProviderError(
        'alipay',
        'INVALID_SIGNATURE',
        `Alipay ${method}: the response signature did not verify`,
      );
    return body;
  }

  return {
    channel: 'alipay',

    async createQr(input) {
      if (input.currency !== 'CNY')
        throw new RangeError(`Alipay charges in CNY, not ${input.currency}`);
      const body = await call(
        PRECREATE,
        {
          out_trade_no: input.orderNo,
          total_amount: minorToDecimal(input.amount, 'CNY'),
          subject: input.subject,
          time_expire: alipayTime(input.expiresAt),
        },
        deps.notifyUrl('alipay'),
      );
      if (body.out_trade_no !== input.orderNo || typeof body.qr_code !== 'string' || !body.qr_code)
        throw new PaymentProviderError('alipay', 'BAD_RESPONSE', 'Alipay precreate: no qr_code');
      return { qrContent: body.qr_code };
    },

    async verifyNotification(notification) {
      const params: AlipayParams = Object.fromEntries(new URLSearchParams(notification.body));
      if (!alipayVerifyNotify(params, publicKey))
        throw new PaymentNotificationRejected('Alipay notification: signature did not verify');
      // Signed by Alipay, but for another app's trade: not ours to act on.
      if (params.app_id !== config.appId)
        throw new PaymentNotificationRejected(`Alipay notification for app ${params.app_id}`);
      const status = params.trade_status ?? '';
      const outcome = Object.hasOwn(TRADE_STATUS, status) ? TRADE_STATUS[status] : undefined;
      if (!outcome)
        throw new PaymentNotificationRejected(`Alipay trade_status ${params.trade_status}`);
      const amount = decimalToMinor(params.total_amount ?? '', 'CNY');
      if (!params.out_trade_no || !params.trade_no || amount === null || amount < 0)
        throw new PaymentNotificationRejected('Alipay notification without trade or amount');
      return {
        orderNo: params.out_trade_no,
        providerTradeNo: params.trade_no,
        outcome,
        amount,
        currency: 'CNY',
        paidAt: outcome === 'paid' ? parseAlipayTime(params.gmt_payment) : null,
      };
    },

    reply(ok) {
      // Alipay reads only the text: anything but `success` is a failure it retries.
      return {
        status: ok ? 200 : 400,
        body: ok ? 'success' : 'failure',
        contentType: 'text/plain; charset=utf-8',
      };
    },
  };
}
