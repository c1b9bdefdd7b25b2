import {
  PaymentNotificationRejected,
  type PaymentProvider,
  type PaymentProviderDeps,
  PaymentProviderError,
  type VerifiedNotification,
} from './payment-provider';
import { privateKeyFrom } from './rsa';
import {
  type WechatpayResource,
  WechatpaySignatureError,
  wechatpayAuthorization,
  wechatpayDecrypt,
  wechatpayKeys,
  wechatpayNonce,
  wechatpayTime,
  wechatpayVerify,
} from './wechatpay';

/** The merchant on WeChat Pay (real, or as registered with the sandbox). */
export interface WechatPayConfig {
  /** The app (official account or mini program) the merchant is bound to. */
  appId: string;
  mchId: string;
  /** https://api.mch.weixin.qq.com (sandbox: .../wechatpay). */
  apiBase: string;
  /** Serial (hex) of the merchant API certificate, and its private key (apiclient_key.pem). */
  merchantSerial: string;
  merchantPrivateKey: string;
  /** The APIv3 key callbacks are encrypted with: 32 ASCII characters. */
  apiV3Key: string;
  /**
   * WeChat Pay's keys by serial: platform certificates (PEM) and the `PUB_KEY_ID_...` public key.
   * During a switch from certificates to the public key both arrive for a while, so both are kept.
   */
  platformKeys: Record<string, string>;
}

const NATIVE_PATH = '/v3/pay/transactions/native';
const TIMEOUT_MS = 15_000;

/** trade_state -> what it says about our payment. REFUND and the like never come as a payment. */
const TRADE_STATE: Record<string, VerifiedNotification['outcome']> = {
  SUCCESS: 'paid',
  CLOSED: 'closed',
  REVOKED: 'closed',
  PAYERROR: 'failed',
  NOTPAY: 'pending',
  USERPAYING: 'pending',
};

interface Transaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number; currency?: string };
}

const lowerCased = (headers: Headers) =>
  Object.fromEntries([...headers].map(([name, value]) => [name.toLowerCase(), value]));

/**
 * WeChat Pay v3 Native: POST /v3/pay/transactions/native returns a code_url the payer scans with
 * WeChat; WeChat Pay then posts an encrypted, signed callback to our notify_url and expects 2xx
 * back (4xx/5xx with {code, message} makes it retry).
 */
export function createWechatPayProvider(
  config: WechatPayConfig,
  deps: PaymentProviderDeps,
): PaymentProvider {
  const privateKey = privateKeyFrom(config.merchantPrivateKey);
  const keys = wechatpayKeys(config.platformKeys);

  function rejected(reason: string, cause?: unknown): never {
    throw new PaymentNotificationRejected(`WeChat Pay callback: ${reason}`, { cause });
  }

  return {
    channel: 'wechat',

    async createQr(input) {
      if (input.currency !== 'CNY')
        throw new RangeError(`WeChat Pay charges in CNY, not ${input.currency}`);
      const url = new URL(`${config.apiBase.replace(/\/+$/, '')}${NATIVE_PATH}`);
      const body = JSON.stringify({
        appid: config.appId,
        mchid: config.mchId,
        description: Array.from(input.subject).slice(0, 127).join(''),
        out_trade_no: input.orderNo,
        time_expire: wechatpayTime(input.expiresAt),
        notify_url: deps.notifyUrl('wechat'),
        amount: { total: input.amount, currency: 'CNY' },
      });
      const authorization = wechatpayAuthorization({
        mchId: config.mchId,
        serialNo: config.merchantSerial,
        privateKey,
        method: 'POST',
        url: url.pathname + url.search,
        timestamp: String(Math.floor(deps.clock.now().getTime() / 1000)),
        nonce: wechatpayNonce(),
        body,
      });
      let response: Response;
      let text: string;
      try {
        response = await deps.fetch(url, {
          method: 'POST',
          headers: {
            authorization,
            accept: 'application/json',
            'content-type': 'application/json',
          },
          body,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        text = await response.text();
      } catch (cause) {
        throw new PaymentProviderError('wechat', 'UNAVAILABLE', 'WeChat Pay unreachable', {
          cause,
        });
      }
      let answer: { code_url?: unknown; code?: unknown; message?: unknown } | null;
      try {
        answer = JSON.parse(text);
      } catch {
        answer = null;
      }
      if (!response.ok) {
        const code = typeof answer?.code === 'string' ? answer.code : `HTTP_${response.status}`;
        throw new PaymentProviderError(
          'wechat',
          code,
          `WeChat Pay native order: ${response.status} ${code} ${String(answer?.message ?? '')}`,
        );
      }
      try {
        wechatpayVerify({
          headers: lowerCased(response.headers),
          body: text,
          keys,
          now: deps.clock.now(),
        });
      } catch (cause) {
        throw new PaymentProviderError(
          'wechat',
          'INVALID_SIGNATURE',
          'WeChat Pay native order: the response signature did not verify',
          { cause },
        );
      }
      if (typeof answer?.code_url !== 'string' || !answer.code_url)
        throw new PaymentProviderError('wechat', 'BAD_RESPONSE', 'WeChat Pay: no code_url');
      return { qrContent: answer.code_url };
    },

    async verifyNotification(notification) {
      try {
        wechatpayVerify({
          headers: notification.headers,
          body: notification.body,
          keys,
          now: deps.clock.now(),
        });
      } catch (cause) {
        rejected(cause instanceof WechatpaySignatureError ? cause.reason : 'signature', cause);
      }
      let resource: (WechatpayResource & { algorithm?: string }) | undefined;
      try {
        resource = (JSON.parse(notification.body) as { resource?: typeof resource }).resource;
      } catch (cause) {
        rejected('body is not JSON', cause);
      }
      if (resource?.algorithm !== 'AEAD_AES_256_GCM') rejected('no encrypted resource');
      let transaction: Transaction;
      try {
        transaction = JSON.parse(wechatpayDecrypt(resource, config.apiV3Key)) as Transaction;
      } catch (cause) {
        rejected('resource did not decrypt', cause);
      }
      if (transaction.mchid !== config.mchId || transaction.appid !== config.appId)
        rejected(`for merchant ${transaction.mchid} / app ${transaction.appid}`);
      const state = transaction.trade_state ?? '';
      const outcome = Object.hasOwn(TRADE_STATE, state) ? TRADE_STATE[state] : undefined;
      if (!outcome) rejected(`trade_state ${transaction.trade_state}`);
      const total = transaction.amount?.total;
      const currency = transaction.amount?.currency ?? 'CNY';
      if (!transaction.out_trade_no || !Number.isSafeInteger(total) || currency !== 'CNY')
        rejected('no order or amount');
      if (outcome === 'paid' && !transaction.transaction_id)
        rejected('paid without transaction_id');
      const paidAt = transaction.success_time ? new Date(transaction.success_time) : null;
      return {
        orderNo: transaction.out_trade_no,
        providerTradeNo: transaction.transaction_id ?? '',
        outcome,
        amount: total as number,
        currency: 'CNY',
        paidAt: outcome === 'paid' && paidAt && !Number.isNaN(paidAt.getTime()) ? paidAt : null,
      };
    },

    reply(ok) {
      return ok
        ? { status: 204, body: '', contentType: 'text/plain; charset=utf-8' }
        : {
            status: 400,
            body: JSON.stringify({ code: 'FAIL', message: '失败' }),
            contentType: 'application/json; charset=utf-8',
          };
    },
  };
}
