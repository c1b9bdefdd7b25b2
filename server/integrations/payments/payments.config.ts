import { randomBytes, randomInt } from 'node:crypto';
import type { PaymentChannel } from '@shared/contracts/payments';
import { type AlipayConfig, createAlipayProvider } from './alipay.provider';
import type { PaymentProvider, PaymentProviderDeps, PaymentProviders } from './payment-provider';
import { createPromptpayProvider, type PromptpayConfig } from './promptpay.provider';
import { generateRsaKeyPair } from './rsa';
import { createWechatPayProvider, type WechatPayConfig } from './wechatpay.provider';

/** The provider side's keys when the sandbox plays the providers. */
export interface SandboxPaymentsConfig {
  /** The payer's page: where a tester pays or fails a sandbox QR code. */
  payerUrl: string;
  /** Alipay: the key it signs answers and notifications with; the app's key it checks requests with. */
  alipay: { privateKey: string; appPublicKey: string };
  /** WeChat Pay: its public-key serial and private key; the merchant's public key for requests. */
  wechat: { platformSerial: string; platformPrivateKey: string; merchantPublicKey: string };
}

/** WeChat Pay, Alipay and PromptPay: real credentials, or the sandbox's. */
export interface PaymentsConfig {
  wechat: WechatPayConfig;
  alipay: AlipayConfig;
  promptpay: PromptpayConfig;
  /** Set when the sandbox plays the providers (null with real credentials). */
  sandbox: SandboxPaymentsConfig | null;
}

/** Where a channel's provider notifies us: the route under our public address. */
export function paymentNotifyUrl(publicUrl: string, channel: PaymentChannel): string {
  return `${publicUrl.replace(/\/+$/, '')}/api-user/pay/notify/${channel}`;
}

/** A key pair made on first use: four RSA keys take about a second, and most runs use none. */
function lazyKeyPair() {
  let pair: { privateKey: string; publicKey: string } | null = null;
  return () => {
    pair ??= generateRsaKeyPair();
    return pair;
  };
}

const digits = (count: number) => Array.from({ length: count }, () => randomInt(10)).join('');

/**
 * Every provider played by the sandbox at sandboxUrl: fresh RSA 2048 key pairs for each side
 * (the merchant's app on Alipay, Alipay, the merchant on WeChat Pay, WeChat Pay), a fresh APIv3
 * key and bank secret, so nothing signed by one run verifies in another.
 */
export function sandboxPayments(sandboxUrl: string): PaymentsConfig {
  const root = sandboxUrl.replace(/\/+$/, '');
  const alipayApp = lazyKeyPair();
  const alipay = lazyKeyPair();
  const merchant = lazyKeyPair();
  const wechatPay = lazyKeyPair();
  const platformSerial = `PUB_KEY_ID_01${digits(30)}`;
  return {
    wechat: {
      appId: 'wxpaysandbox000001',
      mchId: `19${digits(8)}`,
      apiBase: `${root}/wechatpay`,
      merchantSerial: randomBytes(20).toString('hex').toUpperCase(),
      get merchantPrivateKey() {
        return merchant().privateKey;
      },
      apiV3Key: randomBytes(16).toString('hex'),
      get platformKeys() {
        return { [platformSerial]: wechatPay().publicKey };
      },
    },
    alipay: {
      appId: `2021${digits(12)}`,
      gateway: `${root}/alipay/gateway.do`,
      get appPrivateKey() {
        return alipayApp().privateKey;
      },
      get alipayPublicKey() {
        return alipay().publicKey;
      },
    },
    promptpay: {
      billerId: `0105${digits(9)}01`,
      webhookSecret: randomBytes(32).toString('hex'),
    },
    sandbox: {
      payerUrl: `${root}/pay`,
      alipay: {
        get privateKey() {
          return alipay().privateKey;
        },
        get appPublicKey() {
          return alipayApp().publicKey;
        },
      },
      wechat: {
        platformSerial,
        get platformPrivateKey() {
          return wechatPay().privateKey;
        },
        get merchantPublicKey() {
          return merchant().publicKey;
        },
      },
    },
  };
}

/**
 * The three providers. Each is built on first use (reading its keys then), so an app that takes
 * no payment never parses, or generates, a key.
 */
export function createPaymentProviders(
  config: PaymentsConfig,
  deps: PaymentProviderDeps,
): PaymentProviders {
  const once = <T extends PaymentProvider>(build: () => T) => {
    let provider: T | null = null;
    return () => {
      provider ??= build();
      return provider;
    };
  };
  const wechat = once(() => createWechatPayProvider(config.wechat, deps));
  const alipay = once(() => createAlipayProvider(config.alipay, deps));
  const promptpay = once(() => createPromptpayProvider(config.promptpay, deps));
  return {
    get wechat() {
      return wechat();
    },
    get alipay() {
      return alipay();
    },
    get promptpay() {
      return promptpay();
    },
  };
}
