import { generateKeyPairSync } from 'node:crypto';
import type { DatabaseHandle } from '@server/db/client';
import { sandboxPayments as sandboxPaymentsTable } from '@server/db/schema/index';
import {
  alipayResponseParts,
  alipaySign,
  alipayTime,
  alipayVerify,
} from '@server/integrations/payments/alipay';
import {
  type IncomingNotification,
  PaymentNotificationRejected,
  PaymentProviderError,
  type PaymentProviders,
  type VerifiedNotification,
} from '@server/integrations/payments/payment-provider';
import {
  createPaymentProviders,
  type PaymentsConfig,
  paymentNotifyUrl,
  sandboxPayments,
} from '@server/integrations/payments/payments.config';
import { parsePromptpay } from '@server/integrations/payments/promptpay';
import { privateKeyFrom, publicKeyFrom } from '@server/integrations/payments/rsa';
import {
  wechatpayAuthorization,
  wechatpayKeys,
  wechatpayVerify,
} from '@server/integrations/payments/wechatpay';
import { createLogger } from '@server/lib/logger';
import { createSandboxPayments } from '@server/sandbox/payments/payments.sandbox';
import type { PaymentChannel } from '@shared/contracts/payments';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../support/app';
import { createManualClock, type ManualClock } from '../../support/clock';
import { createTestDatabase } from '../../support/database';

// The payment providers as the sandbox plays them, driven by our own provider clients (and by
// hand-built requests where a client would never go wrong), with a small merchant app receiving
// the notifications the payer's actions send.

const SANDBOX = 'http://sandbox.test';
const MERCHANT = 'http://merchant.test';
const MINUTE = 60_000;

let database: DatabaseHandle;
let clock: ManualClock;
let config: PaymentsConfig;
let sandbox: Hono;
let providers: PaymentProviders;

interface Received {
  channel: PaymentChannel;
  notification: IncomingNotification;
  verified: VerifiedNotification | null;
  rejected: string | null;
}
let received: Received[] = [];
/** How many of the next verified notifications the merchant answers with a refusal. */
let refuse = 0;

const toSandbox = (input: RequestInfo | URL, init?: RequestInit) =>
  sandbox.fetch(new Request(input, init));

const merchant = new Hono();
merchant.post('/api-user/pay/notify/:channel', async (c) => {
  const channel = c.req.param('channel') as PaymentChannel;
  const provider = providers[channel];
  const notification: IncomingNotification = {
    headers: Object.fromEntries([...c.req.raw.headers].map(([name, value]) => [name, value])),
    body: await c.req.text(),
    contentType: c.req.header('content-type') ?? '',
  };
  let ok = false;
  try {
    const verified = await provider.verifyNotification(notification);
    received.push({ channel, notification, verified, rejected: null });
    ok = refuse <= 0;
    refuse -= 1;
  } catch (error) {
    received.push({ channel, notification, verified: null, rejected: String(error) });
  }
  const reply = provider.reply(ok);
  return new Response(reply.body || null, {
    status: reply.status,
    headers: { 'content-type': reply.contentType },
  });
});
const toMerchant = (input: RequestInfo | URL, init?: RequestInit) =>
  merchant.fetch(new Request(input, init));

beforeAll(async () => {
  database = await createTestDatabase();
  clock = createManualClock();
  config = sandboxPayments(SANDBOX);
  const logger = createLogger({ write: () => {} });
  sandbox = new Hono();
  sandbox.route(
    '/',
    createSandboxPayments({
      db: database.db,
      clock,
      logger,
      publicUrl: SANDBOX,
      config,
      merchantUrl: MERCHANT,
      fetch: toMerchant as typeof fetch,
      retryDelays: [5, 5, 5],
    }),
  );
  providers = createPaymentProviders(config, {
    fetch: toSandbox as typeof fetch,
    clock,
    logger,
    notifyUrl: (channel) => paymentNotifyUrl(MERCHANT, channel),
  });
});
afterAll(() => database.close());
beforeEach(() => {
  received = [];
  refuse = 0;
});

let serial = 0;
/** A fresh order number of our shape (20 upper-case letters and digits). */
const orderNo = () => `R261102020000${String(++serial).padStart(7, '0')}`;
const expiresIn = (minutes: number) => new Date(clock.now().getTime() + minutes * MINUTE);

async function confirm(qrContent: string, outcome: 'paid' | 'failed' = 'paid') {
  const response = await sandbox.request('/pay/api/confirm', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ qrContent, outcome }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function resend(qrContent: string) {
  const response = await sandbox.request('/pay/api/resend', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ qrContent }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const pemPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

describe('Alipay precreate', () => {
  it('returns a signed qr_code, the same again for the same order, refused when it changed', async () => {
    const no = orderNo();
    const input = {
      orderNo: no,
      amount: 8888,
      currency: 'CNY' as const,
      subject: '钱包充值',
      expiresAt: expiresIn(15),
    };
    const { qrContent } = await providers.alipay.createQr(input);
    expect(qrContent).toMatch(/^http:\/\/sandbox\.test\/alipay\/qr\/[0-9a-f]+$/);
    expect((await providers.alipay.createQr(input)).qrContent).toBe(qrContent);
    await expect(providers.alipay.createQr({ ...input, amount: 8889 })).rejects.toMatchObject({
      channel: 'alipay',
      providerCode: 'ACQ.CONTEXT_INCONSISTENT',
    });
    const listed = (await (await sandbox.request('/pay/api/payments')).json()) as {
      payments: Record<string, unknown>[];
    };
    expect(listed.payments).toContainEqual(
      expect.objectContaining({
        channel: 'alipay',
        outTradeNo: no,
        amount: 8888,
        currency: 'CNY',
        subject: '钱包充值',
        qrContent,
        status: 'pending',
      }),
    );
  });

  it('refuses a request signed with another key, echoing its string to sign, signed by Alipay', async () => {
    const params: Record<string, string> = {
      app_id: config.alipay.appId,
      method: 'alipay.trade.precreate',
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: alipayTime(clock.now()),
      version: '1.0',
      biz_content: JSON.stringify({ out_trade_no: orderNo(), total_amount: '1.00', subject: 'x' }),
    };
    params.sign = alipaySign(params, privateKeyFrom(pemPair().privateKey));
    const response = await sandbox.request('/alipay/gateway.do', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams(params).toString(),
    });
    expect(response.status).toBe(200);
    const raw = await response.text();
    const parts = alipayResponseParts(raw, 'alipay.trade.precreate');
    expect(parts?.key).toBe('alipay_trade_precreate_response');
    expect(
      alipayVerify(
        parts?.content ?? '',
        parts?.sign ?? '',
        publicKeyFrom(config.alipay.alipayPublicKey),
      ),
    ).toBe(true);
    const content = JSON.parse(parts?.content ?? '{}');
    expect(content).toMatchObject({ code: '40002', sub_code: 'isv.invalid-signature' });
    expect(content.sub_msg).toContain(
      `app_id=${config.alipay.appId}&biz_content=${params.biz_content}&charset=utf-8&format=JSON&method=alipay.trade.precreate&sign_type=RSA2`,
    );

    // Our client with the wrong key hears the same refusal as a provider error.
    const wrong = createPaymentProviders(
      { ...config, alipay: { ...config.alipay, appPrivateKey: pemPair().privateKey } },
      {
        fetch: toSandbox as typeof fetch,
        clock,
        logger: createLogger({ write: () => {} }),
        notifyUrl: (channel) => paymentNotifyUrl(MERCHANT, channel),
      },
    );
    await expect(
      wrong.alipay.createQr({
        orderNo: orderNo(),
        amount: 100,
        currency: 'CNY',
        subject: 'x',
        expiresAt: expiresIn(15),
      }),
    ).rejects.toMatchObject({ providerCode: 'isv.invalid-signature' });
  });

  it('checks app_id, timestamp, method and the business parameters', async () => {
    const call = async (change: Record<string, string>, biz?: Record<string, unknown>) => {
      const params: Record<string, string> = {
        app_id: config.alipay.appId,
        method: 'alipay.trade.precreate',
        format: 'JSON',
        charset: 'utf-8',
        sign_type: 'RSA2',
        timestamp: alipayTime(clock.now()),
        version: '1.0',
        biz_content: JSON.stringify(
          biz ?? { out_trade_no: orderNo(), total_amount: '1.00', subject: 'x' },
        ),
        ...change,
      };
      params.sign = alipaySign(params, privateKeyFrom(config.alipay.appPrivateKey));
      const response = await sandbox.request('/alipay/gateway.do', {
        method: 'POST',
        body: new URLSearchParams(params).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const raw = await response.text();
      const parts = alipayResponseParts(raw, params.method ?? '');
      return { key: parts?.key, ...JSON.parse(parts?.content ?? '{}') };
    };
    expect(await call({})).toMatchObject({ code: '10000', msg: 'Success' });
    expect(await call({ app_id: '2021000000009999' })).toMatchObject({
      sub_code: 'isv.invalid-app-id',
    });
    expect(await call({ timestamp: '2026/11/02 10:00' })).toMatchObject({
      sub_code: 'isv.invalid-timestamp',
    });
    expect(await call({ method: 'alipay.trade.pay' })).toMatchObject({
      key: 'error_response',
      sub_code: 'isv.invalid-method',
    });
    expect(await call({ sign_type: 'RSA' })).toMatchObject({
      sub_code: 'isv.invalid-signature-type',
    });
    for (const biz of [
      { out_trade_no: 'has-dash', total_amount: '1.00', subject: 'x' },
      { out_trade_no: 'A'.repeat(65), total_amount: '1.00', subject: 'x' },
      { out_trade_no: orderNo(), total_amount: '0.00', subject: 'x' },
      { out_trade_no: orderNo(), total_amount: '1.001', subject: 'x' },
      { out_trade_no: orderNo(), total_amount: '100000000.01', subject: 'x' },
      { out_trade_no: orderNo(), total_amount: '1.00' },
    ])
      expect(await call({}, biz)).toMatchObject({
        code: '40004',
        sub_code: 'ACQ.INVALID_PARAMETER',
      });
    expect(
      await call({}, { out_trade_no: orderNo(), total_amount: '100000000.00', subject: 'x' }),
    ).toMatchObject({ code: '10000' });
  });
});

describe('WeChat Pay native order', () => {
  it('returns a signed code_url, the same again for the same order, refused when it changed', async () => {
    const input = {
      orderNo: orderNo(),
      amount: 8888,
      currency: 'CNY' as const,
      subject: '钱包充值',
      expiresAt: expiresIn(15),
    };
    const { qrContent } = await providers.wechat.createQr(input);
    expect(qrContent).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=[0-9a-f]+$/);
    expect((await providers.wechat.createQr(input)).qrContent).toBe(qrContent);
    await expect(providers.wechat.createQr({ ...input, amount: 100 })).rejects.toMatchObject({
      channel: 'wechat',
      providerCode: 'INVALID_REQUEST',
    });
  });

  /** A native order signed by hand (with `key`, at `timestamp`), the answer's status, body and headers. */
  async function native(
    body: Record<string, unknown>,
    options: { privateKey?: string; timestamp?: number; tamper?: (body: string) => string } = {},
  ) {
    const text = JSON.stringify(body);
    const authorization = wechatpayAuthorization({
      mchId: config.wechat.mchId,
      serialNo: config.wechat.merchantSerial,
      privateKey: privateKeyFrom(options.privateKey ?? config.wechat.merchantPrivateKey),
      method: 'POST',
      url: '/wechatpay/v3/pay/transactions/native',
      timestamp: String(options.timestamp ?? Math.floor(clock.now().getTime() / 1000)),
      nonce: 'n0nce',
      body: text,
    });
    const response = await sandbox.request(`${SANDBOX}/wechatpay/v3/pay/transactions/native`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: options.tamper ? options.tamper(text) : text,
    });
    const raw = await response.text();
    return {
      status: response.status,
      raw,
      body: JSON.parse(raw) as Record<string, any>,
      headers: Object.fromEntries([...response.headers]),
    };
  }

  const order = (change: Record<string, unknown> = {}) => ({
    appid: config.wechat.appId,
    mchid: config.wechat.mchId,
    description: 'Recharge',
    out_trade_no: orderNo(),
    notify_url: 'https://seller.example.com/api-user/pay/notify/wechat',
    amount: { total: 100, currency: 'CNY' },
    ...change,
  });

  it('answers 401 SIGN_ERROR to a wrong key, a tampered body and a stale timestamp', async () => {
    expect((await native(order())).status).toBe(200);
    const wrongKey = await native(order(), { privateKey: pemPair().privateKey });
    expect(wrongKey).toMatchObject({ status: 401, body: { code: 'SIGN_ERROR' } });
    // The refusal is WeChat Pay's, signed with its key.
    expect(() =>
      wechatpayVerify({
        headers: wrongKey.headers,
        body: wrongKey.raw,
        keys: wechatpayKeys(config.wechat.platformKeys),
        now: clock.now(),
      }),
    ).not.toThrow();
    expect(
      await native(order(), { tamper: (text) => text.replace('"total":100', '"total":1') }),
    ).toMatchObject({ status: 401, body: { code: 'SIGN_ERROR' } });
    const stale = Math.floor(clock.now().getTime() / 1000) - 301;
    expect(await native(order(), { timestamp: stale })).toMatchObject({
      status: 401,
      body: { code: 'SIGN_ERROR' },
    });

    // Our client with the wrong merchant key hears the 401 as a provider error.
    const wrong = createPaymentProviders(
      { ...config, wechat: { ...config.wechat, merchantPrivateKey: pemPair().privateKey } },
      {
        fetch: toSandbox as typeof fetch,
        clock,
        logger: createLogger({ write: () => {} }),
        notifyUrl: (channel) => paymentNotifyUrl(MERCHANT, channel),
      },
    );
    await expect(
      wrong.wechat.createQr({
        orderNo: orderNo(),
        amount: 100,
        currency: 'CNY',
        subject: 'x',
        expiresAt: expiresIn(15),
      }),
    ).rejects.toMatchObject({ providerCode: 'SIGN_ERROR' });
  });

  it('answers 400 PARAM_ERROR to a body breaking the rules', async () => {
    for (const change of [
      { appid: 'wx0000000000000000' },
      { description: 'x'.repeat(128) },
      { out_trade_no: 'R1234' },
      { out_trade_no: 'R'.repeat(33) },
      { notify_url: 'http://seller.example.com/notify' },
      { notify_url: 'https://seller.example.com/notify?x=1' },
      { amount: { total: 0, currency: 'CNY' } },
      { amount: { total: 1.5, currency: 'CNY' } },
      { amount: { total: 100, currency: 'USD' } },
      { time_expire: '2026-11-02 10:00:00' },
    ])
      expect(await native(order(change))).toMatchObject({
        status: 400,
        body: { code: 'PARAM_ERROR' },
      });
    // The merchant's own local address is accepted without HTTPS.
    expect(
      await native(order({ notify_url: `${MERCHANT}/api-user/pay/notify/wechat` })),
    ).toMatchObject({ status: 200 });
  });

  it('is believed only when WeChat Pay’s signature checks: an unknown serial fails the client', async () => {
    const stranger = createPaymentProviders(
      {
        ...config,
        wechat: { ...config.wechat, platformKeys: { PUB_KEY_ID_0100: pemPair().publicKey } },
      },
      {
        fetch: toSandbox as typeof fetch,
        clock,
        logger: createLogger({ write: () => {} }),
        notifyUrl: (channel) => paymentNotifyUrl(MERCHANT, channel),
      },
    );
    const error = await stranger.wechat
      .createQr({
        orderNo: orderNo(),
        amount: 100,
        currency: 'CNY',
        subject: 'x',
        expiresAt: expiresIn(15),
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ providerCode: 'INVALID_SIGNATURE' });
  });
});

describe('the payer', () => {
  it('pays an Alipay QR: the merchant verifies the notification, a resend comes again, a second pay is refused', async () => {
    const no = orderNo();
    const { qrContent } = await providers.alipay.createQr({
      orderNo: no,
      amount: 8888,
      currency: 'CNY',
      subject: '钱包充值',
      expiresAt: expiresIn(15),
    });
    expect(await confirm(qrContent)).toEqual({
      status: 200,
      body: { status: 'paid', delivered: true, attempts: 1 },
    });
    expect(received).toHaveLength(1);
    const [first] = received;
    expect(first?.notification.contentType).toContain('application/x-www-form-urlencoded');
    expect(first?.verified).toMatchObject({
      orderNo: no,
      outcome: 'paid',
      amount: 8888,
      currency: 'CNY',
      providerTradeNo: expect.stringMatching(/^\d{28}$/),
    });
    const form = new URLSearchParams(first?.notification.body);
    expect(form.get('notify_type')).toBe('trade_status_sync');
    expect(form.get('total_amount')).toBe('88.88');
    expect(form.get('app_id')).toBe(config.alipay.appId);

    expect(await resend(qrContent)).toEqual({
      status: 200,
      body: { status: 'paid', delivered: true, attempts: 2 },
    });
    expect(received[1]?.verified?.providerTradeNo).toBe(first?.verified?.providerTradeNo);
    expect(await confirm(qrContent)).toEqual({
      status: 409,
      body: { error: 'not_pending', status: 'paid' },
    });

    // The same notification with the amount changed does not verify.
    await expect(
      providers.alipay.verifyNotification({
        ...(first?.notification as IncomingNotification),
        body: first?.notification.body.replace('total_amount=88.88', 'total_amount=8888.00') ?? '',
      }),
    ).rejects.toBeInstanceOf(PaymentNotificationRejected);
  });

  it('pays a WeChat Pay code_url: an encrypted callback the merchant verifies and decrypts', async () => {
    const no = orderNo();
    const { qrContent } = await providers.wechat.createQr({
      orderNo: no,
      amount: 1234,
      currency: 'CNY',
      subject: '钱包充值',
      expiresAt: expiresIn(15),
    });
    expect((await confirm(qrContent)).body).toEqual({
      status: 'paid',
      delivered: true,
      attempts: 1,
    });
    const [first] = received;
    expect(first?.verified).toMatchObject({
      orderNo: no,
      outcome: 'paid',
      amount: 1234,
      currency: 'CNY',
      providerTradeNo: expect.stringMatching(/^4200\d{24}$/),
    });
    const envelope = JSON.parse(first?.notification.body ?? '{}');
    expect(envelope).toMatchObject({
      event_type: 'TRANSACTION.SUCCESS',
      resource: { algorithm: 'AEAD_AES_256_GCM', associated_data: 'transaction' },
    });
    expect(first?.notification.headers['wechatpay-serial']).toBe(
      config.sandbox?.wechat.platformSerial,
    );

    // Tampered body, a probe, or replayed six minutes later: refused.
    const notification = first?.notification as IncomingNotification;
    await expect(
      providers.wechat.verifyNotification({
        ...notification,
        body: notification.body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESS '),
      }),
    ).rejects.toBeInstanceOf(PaymentNotificationRejected);
    await expect(
      providers.wechat.verifyNotification({
        ...notification,
        headers: { ...notification.headers, 'wechatpay-signature': 'WECHATPAY/SIGNTEST/x' },
      }),
    ).rejects.toThrow(/probe/);
    clock.advance(6 * MINUTE);
    await expect(providers.wechat.verifyNotification(notification)).rejects.toThrow(/stale/);
    // A resend is signed afresh at the time it is sent.
    expect((await resend(qrContent)).body).toMatchObject({ delivered: true, attempts: 2 });
  });

  it('pays a PromptPay QR as a bank: reads the payload with its CRC, then sends the signed webhook', async () => {
    const no = orderNo();
    const { qrContent } = await providers.promptpay.createQr({
      orderNo: no,
      amount: 12345,
      currency: 'THB',
      subject: 'เติมเงิน',
      expiresAt: expiresIn(15),
    });
    expect(parsePromptpay(qrContent).account).toMatchObject({
      type: 'bill',
      billerId: config.promptpay.billerId,
      ref1: no,
    });
    // A single character changed: the CRC no longer matches and the bank cannot read it.
    const broken = qrContent.replace('123.45', '123.46');
    expect(await confirm(broken)).toEqual({
      status: 400,
      body: { error: 'invalid_qr', message: 'CRC mismatch' },
    });
    expect(await confirm(`${qrContent.slice(0, -4)}FFFF`)).toEqual({
      status: 400,
      body: { error: 'invalid_qr', message: 'CRC mismatch' },
    });
    expect(received).toHaveLength(0);

    expect((await confirm(qrContent)).body).toEqual({
      status: 'paid',
      delivered: true,
      attempts: 1,
    });
    const [first] = received;
    expect(first?.verified).toMatchObject({
      orderNo: no,
      outcome: 'paid',
      amount: 12345,
      currency: 'THB',
    });
    expect(JSON.parse(first?.notification.body ?? '{}')).toMatchObject({
      event: 'payment.received',
      billerId: config.promptpay.billerId,
      ref1: no,
      amount: '123.45',
      currency: 'THB',
    });
    const notification = first?.notification as IncomingNotification;
    await expect(
      providers.promptpay.verifyNotification({
        ...notification,
        body: notification.body.replace('123.45', '1.00'),
      }),
    ).rejects.toBeInstanceOf(PaymentNotificationRejected);
  });

  it('refuses a PromptPay QR to someone the sandbox bank does not serve', async () => {
    const other = sandboxPayments(SANDBOX);
    const stranger = createPaymentProviders(other, {
      fetch: toSandbox as typeof fetch,
      clock,
      logger: createLogger({ write: () => {} }),
      notifyUrl: (channel) => paymentNotifyUrl(MERCHANT, channel),
    });
    const { qrContent } = await stranger.promptpay.createQr({
      orderNo: orderNo(),
      amount: 100,
      currency: 'THB',
      subject: 'x',
      expiresAt: expiresIn(15),
    });
    expect(await confirm(qrContent)).toEqual({
      status: 400,
      body: { error: 'invalid_qr', message: 'not a bill payment to the sandbox biller' },
    });
  });

  it('tells each provider’s failure its own way', async () => {
    const wechat = await providers.wechat.createQr({
      orderNo: orderNo(),
      amount: 100,
      currency: 'CNY',
      subject: 'x',
      expiresAt: expiresIn(15),
    });
    const alipay = await providers.alipay.createQr({
      orderNo: orderNo(),
      amount: 100,
      currency: 'CNY',
      subject: 'x',
      expiresAt: expiresIn(15),
    });
    const promptpay = await providers.promptpay.createQr({
      orderNo: orderNo(),
      amount: 100,
      currency: 'THB',
      subject: 'x',
      expiresAt: expiresIn(15),
    });
    for (const { qrContent } of [wechat, alipay, promptpay])
      expect((await confirm(qrContent, 'failed')).body).toMatchObject({
        status: 'failed',
        delivered: true,
      });
    expect(received.map((entry) => [entry.channel, entry.verified?.outcome])).toEqual([
      ['wechat', 'failed'],
      ['alipay', 'closed'],
      ['promptpay', 'failed'],
    ]);
  });

  it('retries a notification the merchant refused, recording each attempt', async () => {
    const no = orderNo();
    const { qrContent } = await providers.wechat.createQr({
      orderNo: no,
      amount: 500,
      currency: 'CNY',
      subject: 'x',
      expiresAt: expiresIn(15),
    });
    refuse = 2;
    expect((await confirm(qrContent)).body).toEqual({
      status: 'paid',
      delivered: false,
      attempts: 1,
    });
    await vi.waitFor(
      async () => {
        const [row] = await database.db
          .select()
          .from(sandboxPaymentsTable)
          .where(eq(sandboxPaymentsTable.outTradeNo, no));
        expect(row?.deliveries.map((delivery) => [delivery.status, delivery.ok])).toEqual([
          [400, false],
          [400, false],
          [204, true],
        ]);
      },
      { timeout: 5_000, interval: 20 },
    );
    expect(received).toHaveLength(3);
  });

  it('refuses an expired QR code and unknown ones', async () => {
    const { qrContent } = await providers.alipay.createQr({
      orderNo: orderNo(),
      amount: 100,
      currency: 'CNY',
      subject: 'x',
      expiresAt: expiresIn(15),
    });
    clock.advance(16 * MINUTE);
    expect(await confirm(qrContent)).toEqual({
      status: 409,
      body: { error: 'expired', status: 'closed' },
    });
    expect(await confirm(`${SANDBOX}/alipay/qr/0000000000000000`)).toEqual({
      status: 404,
      body: { error: 'unknown_qr' },
    });
    expect(await confirm('weixin://wxpay/bizpayurl?pr=ffff')).toEqual({
      status: 404,
      body: { error: 'unknown_qr' },
    });
    expect(received).toHaveLength(0);
  });

  it('is a page in zh, th and en: open a QR code, pay it', async () => {
    const { qrContent } = await providers.alipay.createQr({
      orderNo: orderNo(),
      amount: 8888,
      currency: 'CNY',
      subject: 'Wallet recharge',
      expiresAt: expiresIn(15),
    });
    const token = qrContent.split('/').at(-1) ?? '';
    const opened = await sandbox.request(`/alipay/qr/${token}?lang=th`);
    expect(opened.status).toBe(302);
    const location = opened.headers.get('location') ?? '';
    expect(new URL(location, SANDBOX).searchParams.get('qr')).toBe(qrContent);

    const page = await sandbox.request(location);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<html lang="th">');
    expect(html).toContain('¥88.88');
    expect(html).toContain('Wallet recharge');
    expect(html).toContain('data-pay');
    expect(html).toContain('ชำระเงิน');

    const home = await sandbox.request('/pay', {
      headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    });
    expect(await home.text()).toContain('待付款');
    const english = await sandbox.request('/pay?lang=en');
    expect(await english.text()).toContain('Waiting for payment');
    const bad = await sandbox.request(
      `/pay?lang=zh&qr=${encodeURIComponent('00020101021129370016A0000006770101110113006681222333353037645802TH6304FFFF')}`,
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('无法识别此二维码');

    const paid = await sandbox.request('/pay/confirm', {
      method: 'POST',
      body: new URLSearchParams({ qr: qrContent, outcome: 'paid', lang: 'en' }),
    });
    const result = await paid.text();
    expect(paid.status).toBe(200);
    expect(result).toContain('data-status="paid"');
    expect(result).toContain('data-delivered="true"');
    expect(received[0]?.verified?.outcome).toBe('paid');
  });
});

describe('the test app', () => {
  it('reaches the sandbox’s providers in-process', async () => {
    const test = await createTestApp();
    try {
      const qr = await test.deps.payments.wechat.createQr({
        orderNo: orderNo(),
        amount: 100,
        currency: 'CNY',
        subject: 'x',
        expiresAt: new Date(test.clock.now().getTime() + 15 * MINUTE),
      });
      expect(qr.qrContent).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
      const listed = (await (await test.sandbox.request('/pay/api/payments')).json()) as {
        payments: { qrContent: string }[];
      };
      expect(listed.payments.map((payment) => payment.qrContent)).toContain(qr.qrContent);
    } finally {
      await test.close();
    }
  });
});
