import { randomBytes, randomInt } from 'node:crypto';
import type { PaymentChannel } from '@shared/contracts/payments';
import { type AlipayConfig, createAlipayProvider } from './alipay.provider';
import type { PaymentProvider, PaymentProviderDeps, PaymentProviders } from './payment-provider';
import { createPromptpayProvider, type PromptpayConfig } from './promptpay.provider';
import { generateRsaKeyPair, privateKeyFrom, publicKeyFrom } from './rsa';
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
  /** The channels the sandbox plays (no real credentials given for them). */
  played: Record<PaymentChannel, boolean>;
  /** The sandbox's side while it plays any channel (null when every channel is real). */
  sandbox: SandboxPaymentsConfig | null;
}

/** Real credentials for the channels that have them. */
export interface PaymentCredentials {
  wechat?: WechatPayConfig | undefined;
  alipay?: AlipayConfig | undefined;
  promptpay?: PromptpayConfig | undefined;
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
    played: { wechat: true, alipay: true, promptpay: true },
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

/** Real credentials where given (the providers' production hosts), the sandbox for the rest. */
export function paymentsConfig(
  credentials: PaymentCredentials,
  sandboxUrl: string,
): PaymentsConfig {
  const sandbox = sandboxPayments(sandboxUrl);
  const played = {
    wechat: !credentials.wechat,
    alipay: !credentials.alipay,
    promptpay: !credentials.promptpay,
  };
  return {
    wechat: credentials.wechat ?? sandbox.wechat,
    alipay: credentials.alipay ?? sandbox.alipay,
    promptpay: credentials.promptpay ?? sandbox.promptpay,
    played,
    sandbox: Object.values(played).some(Boolean) ? sandbox.sandbox : null,
  };
}

/** A key as the environment gives it: PEM (line breaks written as \n allowed), bare base64, or a file. */
function keyText(value: string, readText: (path: string) => string): string {
  const text = value.replace(/\\n/g, '\n').trim();
  if (text.includes('-----BEGIN')) return text;
  try {
    return readText(text).trim();
  } catch (error) {
    // Not a file: the bare base64 of a key, or a path that is wrong.
    if (/^[A-Za-z0-9+/=\s]{64,}$/.test(text)) return text;
    throw error;
  }
}

/** The variables each channel needs; a channel with only some of them is a mistake. */
export const PAYMENT_VARIABLES = {
  wechat: [
    'WECHATPAY_APP_ID',
    'WECHATPAY_MCH_ID',
    'WECHATPAY_MERCHANT_SERIAL',
    'WECHATPAY_MERCHANT_PRIVATE_KEY',
    'WECHATPAY_API_V3_KEY',
    'WECHATPAY_PUBLIC_KEY_ID',
    'WECHATPAY_PUBLIC_KEY',
  ],
  alipay: ['ALIPAY_APP_ID', 'ALIPAY_APP_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'],
  promptpay: ['PROMPTPAY_BILLER_ID', 'PROMPTPAY_WEBHOOK_SECRET'],
} as const satisfies Record<PaymentChannel, readonly string[]>;

type PaymentVariable = (typeof PAYMENT_VARIABLES)[PaymentChannel][number];

/**
 * The real credentials in the environment. A channel is real when all its variables are set,
 * played by the sandbox when none is; some but not all stops the start, naming what is missing.
 */
export function paymentCredentialsFrom(
  env: Partial<Record<PaymentVariable, string>> & {
    WECHATPAY_API_BASE: string;
    ALIPAY_GATEWAY: string;
  },
  readText: (path: string) => string,
): PaymentCredentials {
  const complete = (channel: PaymentChannel): boolean => {
    const names: readonly PaymentVariable[] = PAYMENT_VARIABLES[channel];
    const missing = names.filter((name) => !env[name]);
    if (missing.length === 0) return true;
    if (missing.length === names.length) return false;
    throw new Error(`${channel} payments: set ${missing.join(', ')} too, or none of its variables`);
  };
  const value = (name: PaymentVariable) => env[name] ?? '';
  // Keys are read now, so a wrong one stops the start rather than the first payment.
  const key = (name: PaymentVariable, kind: 'private' | 'public') => {
    const text = keyText(value(name), readText);
    try {
      (kind === 'private' ? privateKeyFrom : publicKeyFrom)(text);
    } catch {
      throw new Error(`${name}: not a readable RSA ${kind} key`);
    }
    return text;
  };
  return {
    wechat: complete('wechat')
      ? {
          appId: value('WECHATPAY_APP_ID'),
          mchId: value('WECHATPAY_MCH_ID'),
          apiBase: env.WECHATPAY_API_BASE,
          merchantSerial: value('WECHATPAY_MERCHANT_SERIAL'),
          merchantPrivateKey: key('WECHATPAY_MERCHANT_PRIVATE_KEY', 'private'),
          apiV3Key: value('WECHATPAY_API_V3_KEY'),
          platformKeys: {
            [value('WECHATPAY_PUBLIC_KEY_ID')]: key('WECHATPAY_PUBLIC_KEY', 'public'),
          },
        }
      : undefined,
    alipay: complete('alipay')
      ? {
          appId: value('ALIPAY_APP_ID'),
          gateway: env.ALIPAY_GATEWAY,
          appPrivateKey: key('ALIPAY_APP_PRIVATE_KEY', 'private'),
          alipayPublicKey: key('ALIPAY_PUBLIC_KEY', 'public'),
        }
      : undefined,
    promptpay: complete('promptpay')
      ? { billerId: value('PROMPTPAY_BILLER_ID'), webhookSecret: value('PROMPTPAY_WEBHOOK_SECRET') }
      : undefined,
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
