import { generateRsaKeyPair } from '@server/integrations/payments/rsa';

/** Every outside channel as the start banner and its refusals name them. */
export const CHANNEL_NAMES = [
  'Lazada',
  'Shopee',
  'TikTok Shop',
  'WeChat sign-in',
  'WeChat Pay',
  'Alipay',
  'PromptPay',
];

const keys = generateRsaKeyPair();
/** A PEM on one line, as an environment file writes it. */
const oneLine = (pem: string) => pem.replace(/\n/g, '\\n');

/** Credentials for every channel (well formed, connected to nothing): a server without the sandbox. */
export const ALL_CREDENTIALS = {
  LAZADA_APP_KEY: '123456',
  LAZADA_APP_SECRET: 'lazada-app-secret-0001',
  SHOPEE_PARTNER_ID: '2001234',
  SHOPEE_PARTNER_KEY: 'shopee-partner-key-0001',
  TIKTOK_APP_KEY: '6abcdefgh',
  TIKTOK_APP_SECRET: 'tiktok-app-secret-0001',
  TIKTOK_SERVICE_ID: '7001234',
  WECHAT_APP_ID: 'wx0123456789abcdef',
  WECHAT_APP_SECRET: 'wechat-app-secret-0001',
  WECHAT_TOKEN: 'wechat-push-token-0001',
  WECHATPAY_APP_ID: 'wx8888888888888888',
  WECHATPAY_MCH_ID: '1900000001',
  WECHATPAY_MERCHANT_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  WECHATPAY_MERCHANT_PRIVATE_KEY: oneLine(keys.privateKey),
  WECHATPAY_API_V3_KEY: 'a'.repeat(32),
  WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0119000000012025010100000000000001',
  WECHATPAY_PUBLIC_KEY: oneLine(keys.publicKey),
  ALIPAY_APP_ID: '2021000000000001',
  ALIPAY_APP_PRIVATE_KEY: oneLine(keys.privateKey),
  ALIPAY_PUBLIC_KEY: oneLine(keys.publicKey),
  PROMPTPAY_BILLER_ID: '010555000000101',
  PROMPTPAY_WEBHOOK_SECRET: 'promptpay-webhook-secret-0001',
};
