import type { KeyObject } from 'node:crypto';
import type { Database } from '../../db/client';
import type {
  PaymentsConfig,
  SandboxPaymentsConfig,
} from '../../integrations/payments/payments.config';
import { privateKeyFrom, publicKeyFrom } from '../../integrations/payments/rsa';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';

export interface SandboxPaymentsOptions {
  db: Database;
  clock: Clock;
  logger: Logger;
  /** The sandbox's own address: Alipay's qr_code URLs and the payer's page are under it. */
  publicUrl: string;
  /** The merchant as registered with each provider, and the providers' own keys. */
  config: PaymentsConfig;
  /**
   * The merchant's own address: notify URLs under it are accepted without HTTPS (it runs locally),
   * and the bank posts PromptPay webhooks to its notify route there.
   */
  merchantUrl: string;
  /** How notifications reach the merchant. */
  fetch: typeof fetch;
  /** Waits before each retry of a notification not answered with success (ms); default 1 s, 5 s, 30 s. */
  retryDelays?: readonly number[];
}

/** What the three providers' stand-ins and the payer share. */
export interface SandboxPaymentsContext extends SandboxPaymentsOptions {
  sandbox: SandboxPaymentsConfig;
  keys: {
    /** Alipay's private key, and the merchant app's public key it checks requests with. */
    alipay(): KeyObject;
    alipayApp(): KeyObject;
    /** WeChat Pay's private key (the PUB_KEY_ID_ serial), and the merchant's API public key. */
    wechatPay(): KeyObject;
    wechatMerchant(): KeyObject;
  };
}

/** A value computed on first use (keys are generated lazily, see payments.config.ts). */
function once<T>(make: () => T): () => T {
  let value: { v: T } | null = null;
  return () => {
    value ??= { v: make() };
    return value.v;
  };
}

export function paymentsContext(options: SandboxPaymentsOptions): SandboxPaymentsContext {
  const sandbox = options.config.sandbox;
  if (!sandbox) throw new Error('The payments sandbox needs the sandbox keys (sandboxPayments())');
  return {
    ...options,
    sandbox,
    keys: {
      alipay: once(() => privateKeyFrom(sandbox.alipay.privateKey)),
      alipayApp: once(() => publicKeyFrom(sandbox.alipay.appPublicKey)),
      wechatPay: once(() => privateKeyFrom(sandbox.wechat.platformPrivateKey)),
      wechatMerchant: once(() => publicKeyFrom(sandbox.wechat.merchantPublicKey)),
    },
  };
}
