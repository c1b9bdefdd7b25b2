import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readEnv } from '@server/env';
import {
  paymentCredentialsFrom,
  paymentsConfig,
} from '@server/integrations/payments/payments.config';
import { generateRsaKeyPair } from '@server/integrations/payments/rsa';
import { describe, expect, it } from 'vitest';

const SANDBOX = 'http://sandbox.test';
const merchant = generateRsaKeyPair();
const provider = generateRsaKeyPair();
/** The body of a PEM: the bare base64 Alipay's console shows. */
const bare = (pem: string) => pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
const readText = (path: string) => readFileSync(path, 'utf8');

const WECHAT = {
  WECHATPAY_APP_ID: 'wx8888888888888888',
  WECHATPAY_MCH_ID: '1900000001',
  WECHATPAY_MERCHANT_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  // As an environment file writes a PEM on one line.
  WECHATPAY_MERCHANT_PRIVATE_KEY: merchant.privateKey.replace(/\n/g, '\\n'),
  WECHATPAY_API_V3_KEY: 'a'.repeat(32),
  WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0119000000012025010100000000000001',
  WECHATPAY_PUBLIC_KEY: provider.publicKey,
};

/** The environment as the server reads it. */
const env = (vars: Record<string, string>) => readEnv(vars);

describe('payment credentials from the environment', () => {
  it('leaves every channel to the sandbox when none is configured', () => {
    const credentials = paymentCredentialsFrom(env({}), readText);
    expect(credentials).toEqual({ wechat: undefined, alipay: undefined, promptpay: undefined });
    const config = paymentsConfig(credentials, SANDBOX);
    expect(config.played).toEqual({ wechat: true, alipay: true, promptpay: true });
    expect(config.sandbox?.payerUrl).toBe(`${SANDBOX}/pay`);
    expect(config.alipay.gateway).toBe(`${SANDBOX}/alipay/gateway.do`);
  });

  it('takes a channel whose variables are all set to its provider, the rest to the sandbox', () => {
    const folder = mkdtempSync(join(tmpdir(), 'pay-keys-'));
    const keyFile = join(folder, 'app_private_key.pem');
    writeFileSync(keyFile, merchant.privateKey);
    const credentials = paymentCredentialsFrom(
      env({
        ...WECHAT,
        ALIPAY_APP_ID: '2021000000000001',
        ALIPAY_APP_PRIVATE_KEY: keyFile,
        ALIPAY_PUBLIC_KEY: bare(provider.publicKey),
      }),
      readText,
    );
    expect(credentials.wechat).toEqual({
      appId: WECHAT.WECHATPAY_APP_ID,
      mchId: WECHAT.WECHATPAY_MCH_ID,
      apiBase: 'https://api.mch.weixin.qq.com',
      merchantSerial: WECHAT.WECHATPAY_MERCHANT_SERIAL,
      merchantPrivateKey: merchant.privateKey.trim(),
      apiV3Key: WECHAT.WECHATPAY_API_V3_KEY,
      platformKeys: { [WECHAT.WECHATPAY_PUBLIC_KEY_ID]: provider.publicKey.trim() },
    });
    // The key file is read; the bare base64 is kept as given.
    expect(credentials.alipay).toEqual({
      appId: '2021000000000001',
      gateway: 'https://openapi.alipay.com/gateway.do',
      appPrivateKey: merchant.privateKey.trim(),
      alipayPublicKey: bare(provider.publicKey),
    });
    expect(credentials.promptpay).toBeUndefined();

    const config = paymentsConfig(credentials, SANDBOX);
    expect(config.played).toEqual({ wechat: false, alipay: false, promptpay: true });
    expect(config.wechat.apiBase).toBe('https://api.mch.weixin.qq.com');
    expect(config.promptpay.billerId).toMatch(/^0105\d{9}01$/);
    // The sandbox still runs for PromptPay.
    expect(config.sandbox).not.toBeNull();
  });

  it('needs no sandbox when every channel is real', () => {
    const config = paymentsConfig(
      paymentCredentialsFrom(
        env({
          ...WECHAT,
          ALIPAY_APP_ID: '2021000000000001',
          ALIPAY_APP_PRIVATE_KEY: bare(merchant.privateKey),
          ALIPAY_PUBLIC_KEY: provider.publicKey,
          ALIPAY_GATEWAY: 'https://openapi-sandbox.dl.alipaydev.com/gateway.do',
          PROMPTPAY_BILLER_ID: '010553700012301',
          PROMPTPAY_WEBHOOK_SECRET: 'b'.repeat(40),
        }),
        readText,
      ),
      SANDBOX,
    );
    expect(config.played).toEqual({ wechat: false, alipay: false, promptpay: false });
    expect(config.sandbox).toBeNull();
    expect(config.alipay.gateway).toBe('https://openapi-sandbox.dl.alipaydev.com/gateway.do');
    expect(config.promptpay).toEqual({
      billerId: '010553700012301',
      webhookSecret: 'b'.repeat(40),
    });
  });

  it('stops the start on a channel with only some of its variables, naming the missing ones', () => {
    expect(() =>
      paymentCredentialsFrom(env({ ALIPAY_APP_ID: '2021000000000001' }), readText),
    ).toThrow('alipay payments: set ALIPAY_APP_PRIVATE_KEY, ALIPAY_PUBLIC_KEY too');
    const { WECHATPAY_API_V3_KEY: _, ...noApiKey } = WECHAT;
    expect(() => paymentCredentialsFrom(env(noApiKey), readText)).toThrow(
      'wechat payments: set WECHATPAY_API_V3_KEY too',
    );
  });

  it('stops the start on a key it cannot read, naming it', () => {
    expect(() =>
      paymentCredentialsFrom(
        env({ ...WECHAT, WECHATPAY_PUBLIC_KEY: provider.privateKey.replace('PRIVATE', 'PUBLIC') }),
        readText,
      ),
    ).toThrow('WECHATPAY_PUBLIC_KEY: not a readable RSA public key');
    expect(() =>
      paymentCredentialsFrom(
        env({
          ALIPAY_APP_ID: '2021000000000001',
          ALIPAY_APP_PRIVATE_KEY: bare(provider.publicKey),
          ALIPAY_PUBLIC_KEY: provider.publicKey,
        }),
        readText,
      ),
    ).toThrow('ALIPAY_APP_PRIVATE_KEY: not a readable RSA private key');
    expect(() =>
      paymentCredentialsFrom(
        env({ ...WECHAT, WECHATPAY_MERCHANT_PRIVATE_KEY: '/nowhere/apiclient_key.pem' }),
        readText,
      ),
    ).toThrow(/ENOENT/);
  });

  it('refuses malformed values when reading the environment', () => {
    expect(() => env({ WECHATPAY_API_V3_KEY: 'short' })).toThrow('WECHATPAY_API_V3_KEY');
    expect(() => env({ PROMPTPAY_BILLER_ID: '0105-537' })).toThrow('PROMPTPAY_BILLER_ID');
    expect(() => env({ PROMPTPAY_WEBHOOK_SECRET: 'tiny' })).toThrow('PROMPTPAY_WEBHOOK_SECRET');
  });
});
