import { type AppConfig, defaultConfig } from '@server/config';
import { marketplacesConfig } from '@server/integrations/marketplace/marketplace.config';
import {
  paymentCredentialsFrom,
  paymentsConfig,
} from '@server/integrations/payments/payments.config';
import { generateRsaKeyPair } from '@server/integrations/payments/rsa';

/**
 * The app's configuration as server/index.ts builds it for a production server that runs no
 * sandbox: every marketplace and payment provider with credentials of its own (the providers'
 * production hosts), no WeChat sign-in, no main-site stand-in. Nothing in it points at a sandbox;
 * tests give such an app an outbound fetch that reaches nothing, as a server without network
 * would see it.
 *
 * This is the one place that says what "sandbox off" is for the tests: when the server gains its
 * own switch for the sandbox, build this the way index.ts builds the app without it.
 */
export function productionConfig(): Partial<AppConfig> {
  // One key pair serves as every party's key: nothing here is ever verified by a provider.
  const { privateKey, publicKey } = generateRsaKeyPair();
  const unusedSandbox = 'http://sandbox.invalid';
  const payments = paymentsConfig(
    paymentCredentialsFrom(
      {
        WECHATPAY_APP_ID: 'wx0000000000000001',
        WECHATPAY_MCH_ID: '1900000001',
        WECHATPAY_MERCHANT_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
        WECHATPAY_MERCHANT_PRIVATE_KEY: privateKey,
        WECHATPAY_API_V3_KEY: '0123456789abcdef0123456789abcdef',
        WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0000000000000000000000000001',
        WECHATPAY_PUBLIC_KEY: publicKey,
        WECHATPAY_API_BASE: 'https://api.mch.weixin.qq.com',
        ALIPAY_APP_ID: '2021000000000001',
        ALIPAY_APP_PRIVATE_KEY: privateKey,
        ALIPAY_PUBLIC_KEY: publicKey,
        ALIPAY_GATEWAY: 'https://openapi.alipay.com/gateway.do',
        PROMPTPAY_BILLER_ID: '010555500000001',
        PROMPTPAY_WEBHOOK_SECRET: 'production-webhook-secret-000001',
      },
      () => {
        throw new Error('keys are given inline');
      },
    ),
    unusedSandbox,
  );
  const marketplaces = marketplacesConfig(
    {
      lazada: { appKey: '100001', appSecret: 'lazada-app-secret' },
      shopee: {
        partnerId: 2000001,
        partnerKey: 'shopee-partner-key',
        base: 'https://partner.shopeemobile.com',
      },
      tiktok: { appKey: '6prod001', appSecret: 'tiktok-app-secret', serviceId: '7000001' },
    },
    unusedSandbox,
  );
  if (payments.sandbox || Object.values(marketplaces.sandbox).some(Boolean))
    throw new Error('the production configuration still has the sandbox play a provider');
  return {
    publicUrl: 'https://seller.example.com',
    wechat: null,
    mainSite: null,
    marketplaces,
    payments,
    shops: { ...defaultConfig.shops },
  };
}

/** Outbound calls of a server that reaches no one: each fails as an unreachable host does. */
export function unreachableFetch(seen: string[]): typeof fetch {
  return ((input: RequestInfo | URL) => {
    seen.push(input instanceof Request ? input.url : String(input));
    return Promise.reject(new TypeError('fetch failed'));
  }) as typeof fetch;
}
