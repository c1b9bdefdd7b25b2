import { generateKeyPairSync } from 'node:crypto';
import {
  alipayResponseParts,
  alipaySign,
  alipayStringToSign,
  alipayTime,
  alipayVerify,
  alipayVerifyNotify,
  parseAlipayTime,
} from '@server/integrations/payments/alipay';
import { createAlipayProvider } from '@server/integrations/payments/alipay.provider';
import {
  PaymentNotificationRejected,
  type PaymentProviderDeps,
} from '@server/integrations/payments/payment-provider';
import {
  crc16ccittFalse,
  PromptpayPayloadError,
  parsePromptpay,
  promptpayPayload,
  promptpayWebhookSignature,
  verifyPromptpayWebhook,
} from '@server/integrations/payments/promptpay';
import { createPromptpayProvider } from '@server/integrations/payments/promptpay.provider';
import { privateKeyFrom, publicKeyFrom } from '@server/integrations/payments/rsa';
import {
  parseWechatpayAuthorization,
  WechatpaySignatureError,
  wechatpayAuthorization,
  wechatpayDecrypt,
  wechatpayEncrypt,
  wechatpayKeys,
  wechatpayRequestMessage,
  wechatpaySignatureHeaders,
  wechatpayTime,
  wechatpayVerify,
} from '@server/integrations/payments/wechatpay';
import { createWechatPayProvider } from '@server/integrations/payments/wechatpay.provider';
import { createLogger } from '@server/lib/logger';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../support/clock';

// The payment vectors of the integration reference (§7): PromptPay payloads from promptpay-qr,
// promptparse and the Thai QR guide; Alipay messages signed by Alipay (official Node SDK tests);
// WeChat Pay callbacks from the official Go SDK. Fresh keys stand in where a vector brings none.

const DEPS = (now = new Date('2026-11-02T02:00:00Z')): PaymentProviderDeps => ({
  fetch: () => Promise.reject(new Error('no network here')),
  clock: createManualClock(now),
  logger: createLogger({ write: () => {} }),
  notifyUrl: (channel) => `https://seller.example.com/api-user/pay/notify/${channel}`,
});

const pemPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

const DTINTH = ['58', '53', '54'] as const;
const PROMPTPARSE = ['53', '58', '54', '62'] as const;

describe('PromptPay payload', () => {
  it('CRC-16/CCITT-FALSE of "123456789" is 0x29B1', () => {
    expect(crc16ccittFalse('123456789')).toBe(0x29b1);
  });

  it('V-PP-1 to V-PP-6: promptpay-qr (phone, ID, tax ID, e-wallet, amount)', () => {
    const vectors: [Parameters<typeof promptpayPayload>[0], number | undefined, string][] = [
      [
        { type: 'mobile', mobile: '0801234567' },
        undefined,
        '00020101021129370016A000000677010111011300668012345675802TH530376463046197',
      ],
      [
        { type: 'mobile', mobile: '080-123-4567' },
        undefined,
        '00020101021129370016A000000677010111011300668012345675802TH530376463046197',
      ],
      [
        { type: 'mobile', mobile: '+66-89-123-4567' },
        undefined,
        '00020101021129370016A000000677010111011300668912345675802TH5303764630429C1',
      ],
      [
        { type: 'id', id: '1111111111111' },
        undefined,
        '00020101021129370016A000000677010111021311111111111115802TH530376463047B5A',
      ],
      [
        { type: 'id', id: '1-1111-11111-11-1' },
        undefined,
        '00020101021129370016A000000677010111021311111111111115802TH530376463047B5A',
      ],
      [
        { type: 'id', id: '0123456789012' },
        undefined,
        '00020101021129370016A000000677010111021301234567890125802TH530376463040CBD',
      ],
      [
        { type: 'ewallet', id: '012345678901234' },
        undefined,
        '00020101021129390016A00000067701011103150123456789012345802TH530376463049781',
      ],
      [
        { type: 'mobile', mobile: '000-000-0000' },
        422,
        '00020101021229370016A000000677010111011300660000000005802TH530376454044.226304E469',
      ],
    ];
    for (const [target, amount, payload] of vectors) {
      const options = amount === undefined ? { tagOrder: DTINTH } : { amount, tagOrder: DTINTH };
      expect(promptpayPayload(target, options)).toBe(payload);
    }
  });

  it('V-PP-7 to V-PP-11: promptparse (MSISDN, amount, TrueMoney, bill payment)', () => {
    expect(
      promptpayPayload({ type: 'mobile', mobile: '0812223333' }, { tagOrder: PROMPTPARSE }),
    ).toBe('00020101021129370016A0000006770101110113006681222333353037645802TH63041DCF');
    expect(
      promptpayPayload(
        { type: 'mobile', mobile: '0812223333' },
        { amount: 3000, tagOrder: PROMPTPARSE },
      ),
    ).toBe('00020101021229370016A0000006770101110113006681222333353037645802TH540530.0063043CAD');
    expect(
      promptpayPayload(
        { type: 'mobile', mobile: '0801111111' },
        { amount: 2015, tagOrder: PROMPTPARSE },
      ),
    ).toBe('00020101021229370016A0000006770101110113006680111111153037645802TH540520.15630442BE');
    // TrueMoney: an e-wallet ID of 14000 followed by the phone number.
    expect(
      promptpayPayload({ type: 'ewallet', id: `14000${'0801111111'}` }, { tagOrder: PROMPTPARSE }),
    ).toBe('00020101021129390016A000000677010111031514000080111111153037645802TH63047C0F');
    expect(
      promptpayPayload(
        {
          type: 'bill',
          billerId: '0112233445566',
          ref1: 'CUSTOMER001',
          ref2: 'INV001',
          ref3: 'SCB',
        },
        { tagOrder: PROMPTPARSE },
      ),
    ).toBe(
      '00020101021130620016A000000677010112011301122334455660211CUSTOMER0010306INV00153037645802TH62070703SCB6304780E',
    );
  });

  it('V-PP-12: a bank account with an amount, tags in ascending order (our default)', () => {
    expect(
      promptpayPayload({ type: 'bank', bankCode: '014', account: '1234567890' }, { amount: 10000 }),
    ).toBe('00020101021229370016A0000006770101110413014123456789053037645406100.005802TH6304901D');
  });

  it('parses V-PP-9 as it is, and refuses it with CRC FFFF', () => {
    const payload =
      '00020101021229370016A0000006770101110113006680111111153037645802TH540520.15630442BE';
    const parsed = parsePromptpay(payload);
    expect(parsed.fields.map((field) => field.tag)).toEqual([
      '00',
      '01',
      '29',
      '53',
      '58',
      '54',
      '63',
    ]);
    expect(parsed).toMatchObject({
      dynamic: true,
      account: { type: 'mobile', value: '0066801111111' },
      amount: 2015,
      currency: '764',
      country: 'TH',
    });
    expect(() => parsePromptpay(`${payload.slice(0, -4)}FFFF`)).toThrow(PromptpayPayloadError);
    expect(() => parsePromptpay(`${payload.slice(0, -4)}42be`)).toThrow(PromptpayPayloadError);
    // A digit changed anywhere before the CRC: the CRC no longer matches.
    expect(() => parsePromptpay(payload.replace('20.15', '20.16'))).toThrow(/CRC/);
  });

  it('parses V-PP-11 bill payment references, and reads every vector back', () => {
    expect(
      parsePromptpay(
        '00020101021130620016A000000677010112011301122334455660211CUSTOMER0010306INV00153037645802TH62070703SCB6304780E',
      ).account,
    ).toEqual({
      type: 'bill',
      billerId: '0112233445566',
      ref1: 'CUSTOMER001',
      ref2: 'INV001',
      ref3: 'SCB',
    });
    expect(
      parsePromptpay(
        '00020101021229370016A0000006770101110413014123456789053037645406100.005802TH6304901D',
      ),
    ).toMatchObject({ account: { type: 'bank', value: '0141234567890' }, amount: 10000 });
    expect(
      parsePromptpay(
        '00020101021129390016A00000067701011103150123456789012345802TH530376463049781',
      ),
    ).toMatchObject({ dynamic: false, amount: null, account: { type: 'ewallet' } });
  });

  it('refuses payloads that are not well-formed TLV', () => {
    expect(() => parsePromptpay('0002010102116304ABCD')).toThrow(PromptpayPayloadError);
    expect(() => parsePromptpay('hello')).toThrow(PromptpayPayloadError);
    // 63 not last.
    const body = '000201010211';
    expect(() => parsePromptpay(`${body}6304${'0000'}5802TH`)).toThrow(PromptpayPayloadError);
  });
});

describe('PromptPay bank webhook', () => {
  const secret = 'bank-webhook-secret';
  const body = '{"event":"payment.received","ref1":"R1"}';
  const now = new Date('2026-11-02T02:00:00Z');
  const timestamp = String(now.getTime() / 1000);

  it('is HMAC-SHA256 over timestamp.body, checked in a 5-minute window', () => {
    const signature = promptpayWebhookSignature(secret, timestamp, body);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyPromptpayWebhook({ secret, timestamp, signature, rawBody: body, now })).toBe('ok');
    expect(verifyPromptpayWebhook({ secret, timestamp, signature, rawBody: `${body} `, now })).toBe(
      'bad-signature',
    );
    expect(
      verifyPromptpayWebhook({ secret: 'other', timestamp, signature, rawBody: body, now }),
    ).toBe('bad-signature');
    expect(
      verifyPromptpayWebhook({
        secret,
        timestamp,
        signature,
        rawBody: body,
        now: new Date(now.getTime() + 301_000),
      }),
    ).toBe('stale');
    expect(
      verifyPromptpayWebhook({ secret, timestamp: undefined, signature, rawBody: body, now }),
    ).toBe('stale');
  });

  it('the provider turns a signed webhook into a paid order, and refuses a tampered one', async () => {
    const deps = DEPS(now);
    const provider = createPromptpayProvider(
      { billerId: '010555512345601', webhookSecret: secret },
      deps,
    );
    const hook = JSON.stringify({
      event: 'payment.received',
      billerId: '010555512345601',
      ref1: 'R2611020200001ABCDEF',
      transactionId: '20261102000000000001',
      amount: '123.45',
      currency: 'THB',
      paidAt: '2026-11-02T01:59:30.000Z',
    });
    const headers = {
      'x-bank-timestamp': timestamp,
      'x-bank-signature': promptpayWebhookSignature(secret, timestamp, hook),
    };
    await expect(
      provider.verifyNotification({ headers, body: hook, contentType: 'application/json' }),
    ).resolves.toEqual({
      orderNo: 'R2611020200001ABCDEF',
      providerTradeNo: '20261102000000000001',
      outcome: 'paid',
      amount: 12345,
      currency: 'THB',
      paidAt: new Date('2026-11-02T01:59:30.000Z'),
    });
    await expect(
      provider.verifyNotification({
        headers,
        body: hook.replace('123.45', '923.45'),
        contentType: 'application/json',
      }),
    ).rejects.toBeInstanceOf(PaymentNotificationRejected);
    expect(provider.reply(true)).toMatchObject({ status: 200, body: '{"ok":true}' });
    expect(provider.reply(false).status).toBe(401);
  });

  it('the provider builds a dynamic bill-payment QR with ref1 = the order number', async () => {
    const provider = createPromptpayProvider(
      { billerId: '010555512345601', webhookSecret: secret },
      DEPS(),
    );
    const { qrContent } = await provider.createQr({
      orderNo: 'R2611020200001ABCDEF',
      amount: 12345,
      currency: 'THB',
      subject: 'Recharge',
      expiresAt: new Date('2026-11-02T02:15:00Z'),
    });
    expect(parsePromptpay(qrContent)).toMatchObject({
      dynamic: true,
      amount: 12345,
      currency: '764',
      account: { type: 'bill', billerId: '010555512345601', ref1: 'R2611020200001ABCDEF' },
    });
    await expect(
      provider.createQr({
        orderNo: 'r-lowercase',
        amount: 100,
        currency: 'THB',
        subject: 'x',
        expiresAt: new Date(),
      }),
    ).rejects.toMatchObject({ providerCode: 'INVALID_REFERENCE' });
  });
});

// V-AL-1: an Alipay trade notification, signed by Alipay over every field but sign and sign_type.
const AL1_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqObrdC7hrgAVM98tK0nv3hSQRGGKT4lBsQjHiGjeYZjOPIPHR5knm2jnnz/YGIXIofVHkA/tAlBAd5DrY7YpvI4tP5EONLtZKC2ghBMx7McI2wRD0xiqzxOQr1FuhZGJ8/AUokBzJrzY+aGX2xcOrxFYRlFilvVLTXg4LWjR1tdPkO6+i7wQZAIVMClPkwVRZEbaERRHlKqTzv2gGv5rDU8gRoe1LeaN+6BlbTqHWkQcNCUNrA8C6l17XAXGKDsm/9TFWwO8EPHHHCaQdjtV5/FdcWIt+L8SR1ss7EXTjYDFtxcKVv9rEoY1lX8T4mX+GbXfZHraG5NCF1+XioL5JwIDAQAB';
const AL1_STRING =
  'app_id=2019073166072302&auth_app_id=2019073166072302&buyer_id=2088102534368455&buyer_logon_id=xud***@126.com&buyer_pay_amount=0.10&charset=utf-8&fund_bill_list=[{"amount":"0.10","fundChannel":"ALIPAYACCOUNT"}]&gmt_create=2019-08-15 15:56:22&gmt_payment=2019-08-15 15:56:24&invoice_amount=0.10&notify_id=2019081500222155624068450559358070&notify_time=2019-08-15 15:56:25&notify_type=trade_status_sync&out_trade_no=20190815155618536-564-57&point_amount=0.00&receipt_amount=0.10&seller_email=z97-yuquerevenue@service.aliyun.com&seller_id=2088531891668739&subject=语雀空间 500人规模&total_amount=0.10&trade_no=2019081522001468450512505578&trade_status=TRADE_SUCCESS&version=1.0';
const AL1_SIGN =
  'QfTb8tqE1BMhS5qAnXtvsF3/jBkEvu9q9en0pdbBUDDjvKycZhQb7h8GDs4FKfi049PynaNuatxSgLb/nLWZpXyyh0LEWdK2S6Ri7nPwrVgOs08zugLO20vOQz44y3ti2Ncm8/wZts1Fr2gZ7pShnVX3d1B50hbsXnObT1r/U8ONNQjWXd0HIul4TG+Q3fm3svmSvFEy0WnzuhcyHPX5Gm4ELNctL6Qd5YniGJFNcc7kopHYtI/XD9YCKCH6Ct02rzUs9i11C9CsadtZn+WhxF26Dqt9sGEFajkJ8cxUTLi8+VCpLHsgPE8P0y095uQcDdK0YjCh4x7wVSov+lrmOQ==';

/** The V-AL-1 notification's fields, as its string to verify lists them, plus sign and sign_type. */
function al1Fields(): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const pair of AL1_STRING.split('&')) {
    const at = pair.indexOf('=');
    fields[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return { ...fields, sign: AL1_SIGN, sign_type: 'RSA2' };
}

// V-AL-2: a synchronous response, signed over the raw JSON text under <method>_response.
const AL2_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAk7LzhmMa2c4qQd4fqAqenfbuFoA7stPKvoS1LrZEsVnOOGUUjwoa1oU9xsSPjcOWhIerU/VAN4J95GIAXx59ipcleIyfLn2FhHXPgLJpvo+b2jJFyn/1/DbeJDh+0yDVAOf50Z7HhI0mdUhFMkXlT7BU0ZMtJf/TmISFEfhDU/w6qFd6D42L97byAkq0K6LroglSVF24GqJEa7hSeUIkZWj7RasykXrc2uVJ1+ejkXE0LyPxa2AHykMGbJLf5SiZvaNzUZgnKIR36mLOHpQ/2JCXxhXZYUWHzy0kMH54JcUEeksFWBYLGvLjV1phbcUIc3Q76tIuqApY6E222OoZZQIDAQAB';
const AL2_RESPONSE =
  '{"alipay_open_file_upload_response":{"code":"10000","msg":"Success","file_id":"CAxAToWB1JsAAAAAAAAAAAAADgSLAQBr"},"sign":"F+LDzpTNiavn7xVZPGuPCSSVRSmWzJGgtuji6tVELGEaqMaNj0jRKXUEr5nloZJBBmwEnddOyCjjepMmrTKTvoOqQ0Efxpr/R1iEeHTHVbb/Q8TTh6Up5gHJDkILdaWS2q1cWeQ6VT+HQY9P3WRXS7uhILHuDODIhpAyCu5KhWGt0rMCIG+Im6NODJP2oohtSCtmTFXg58HH587Z2y2bdbjzOxLvzD9IrU1imghXQ2S/Q+wMIvRk9on6cWnBLkrNvJKapA2ReNGWOwyuASvB9zDVzhMPbR+3mfRGkVDxsq5HYLjBKGskJMXHw0HuugZij6ScRuaLPODhmHwr/pJ9yw=="}';

describe('Alipay RSA2', () => {
  it('signs requests over sorted raw values, sign left out, sign_type and empty values as Alipay says', () => {
    const params = {
      method: 'alipay.trade.precreate',
      app_id: '2021000000000001',
      sign_type: 'RSA2',
      timestamp: '2026-11-02 10:00:00',
      notify_url: 'https://seller.example.com/notify?a=1&b=2',
      app_auth_token: '',
      biz_content: '{"out_trade_no":"R1","total_amount":"88.88","subject":"充值 & more"}',
      sign: 'ignored',
    };
    expect(alipayStringToSign(params)).toBe(
      'app_id=2021000000000001&biz_content={"out_trade_no":"R1","total_amount":"88.88","subject":"充值 & more"}&method=alipay.trade.precreate&notify_url=https://seller.example.com/notify?a=1&b=2&sign_type=RSA2&timestamp=2026-11-02 10:00:00',
    );
    const pair = pemPair();
    const sign = alipaySign(params, privateKeyFrom(pair.privateKey));
    expect(alipayVerify(alipayStringToSign(params), sign, publicKeyFrom(pair.publicKey))).toBe(
      true,
    );
    expect(
      alipayVerify(
        alipayStringToSign({ ...params, timestamp: '2026-11-02 10:00:01' }),
        sign,
        publicKeyFrom(pair.publicKey),
      ),
    ).toBe(false);
  });

  it('V-AL-1: the notification verifies with sign and sign_type removed', () => {
    const key = publicKeyFrom(AL1_PUBLIC_KEY);
    const fields = al1Fields();
    expect(alipayStringToSign(fields, ['sign', 'sign_type'])).toBe(AL1_STRING);
    expect(alipayVerify(AL1_STRING, AL1_SIGN, key)).toBe(true);
    expect(alipayVerifyNotify(fields, key)).toBe(true);
    expect(alipayVerifyNotify({ ...fields, total_amount: '100.10' }, key)).toBe(false);
    expect(alipayVerifyNotify({ ...fields, sign: undefined as unknown as string }, key)).toBe(
      false,
    );
    // The right message under another key.
    expect(alipayVerifyNotify(fields, publicKeyFrom(AL2_PUBLIC_KEY))).toBe(false);
  });

  it('V-AL-1 through the provider: the form as posted becomes a paid order of ¥0.10', async () => {
    const provider = createAlipayProvider(
      {
        appId: '2019073166072302',
        gateway: 'https://openapi.alipay.com/gateway.do',
        appPrivateKey: pemPair().privateKey,
        alipayPublicKey: AL1_PUBLIC_KEY,
      },
      DEPS(),
    );
    const body = new URLSearchParams(al1Fields()).toString();
    const notification = {
      headers: {},
      body,
      contentType: 'application/x-www-form-urlencoded; charset=utf-8',
    };
    await expect(provider.verifyNotification(notification)).resolves.toEqual({
      orderNo: '20190815155618536-564-57',
      providerTradeNo: '2019081522001468450512505578',
      outcome: 'paid',
      amount: 10,
      currency: 'CNY',
      paidAt: new Date('2019-08-15T07:56:24Z'),
    });
    await expect(
      provider.verifyNotification({ ...notification, body: body.replace('0.10', '9.10') }),
    ).rejects.toBeInstanceOf(PaymentNotificationRejected);
    expect(provider.reply(true)).toMatchObject({ status: 200, body: 'success' });
    expect(provider.reply(false).body).toBe('failure');

    // Signed by Alipay, but for another app: not ours.
    const other = createAlipayProvider(
      {
        appId: '2021000000000009',
        gateway: 'https://openapi.alipay.com/gateway.do',
        appPrivateKey: pemPair().privateKey,
        alipayPublicKey: AL1_PUBLIC_KEY,
      },
      DEPS(),
    );
    await expect(other.verifyNotification(notification)).rejects.toThrow(/app 2019073166072302/);
  });

  it('falls back to a signature made with sign_type kept (and only then)', () => {
    const pair = pemPair();
    const privateKey = privateKeyFrom(pair.privateKey);
    const publicKey = publicKeyFrom(pair.publicKey);
    const fields = {
      app_id: '2017122801303261',
      notify_type: 'servicemarket_order_notify',
      notify_id: 'N1',
      sign_type: 'RSA2',
    };
    // Signed the service-market way: sign_type is part of the signed string.
    const withType = { ...fields, sign: alipaySign(fields, privateKey) };
    expect(alipayVerifyNotify(withType, publicKey)).toBe(true);
    // Signed the trade way: sign_type left out.
    const withoutType = {
      ...fields,
      sign: alipaySign(
        { app_id: fields.app_id, notify_type: fields.notify_type, notify_id: 'N1' },
        privateKey,
      ),
    };
    expect(alipayVerifyNotify(withoutType, publicKey)).toBe(true);
    // Neither way with another value of sign_type.
    expect(alipayVerifyNotify({ ...withType, sign_type: 'RSA' }, publicKey)).toBe(false);
    expect(alipayVerifyNotify({ ...withType, notify_id: 'N2' }, publicKey)).toBe(false);
  });

  it('V-AL-2: the response verifies over the exact raw JSON text under the response key', () => {
    const parts = alipayResponseParts(AL2_RESPONSE, 'alipay.open.file.upload');
    expect(parts).toEqual({
      key: 'alipay_open_file_upload_response',
      content: '{"code":"10000","msg":"Success","file_id":"CAxAToWB1JsAAAAAAAAAAAAADgSLAQBr"}',
      sign: expect.stringMatching(/^F\+LDzpTN/),
    });
    const key = publicKeyFrom(AL2_PUBLIC_KEY);
    expect(alipayVerify(parts?.content ?? '', parts?.sign ?? '', key)).toBe(true);
    // Re-serialized with a space, or tampered, it no longer verifies.
    const spaced = AL2_RESPONSE.replace('"code":"10000"', '"code": "10000"');
    const spacedParts = alipayResponseParts(spaced, 'alipay.open.file.upload');
    expect(spacedParts?.content).toContain('"code": "10000"');
    expect(alipayVerify(spacedParts?.content ?? '', spacedParts?.sign ?? '', key)).toBe(false);
    expect(alipayVerify(parts?.content.replace('CAxA', 'CAxB') ?? '', parts?.sign ?? '', key)).toBe(
      false,
    );
    expect(
      alipayVerify(parts?.content ?? '', parts?.sign ?? '', publicKeyFrom(AL1_PUBLIC_KEY)),
    ).toBe(false);
  });

  it('finds the response however the members are ordered or nested', () => {
    const raw =
      '{ "sign" : "abc",\n "alipay_trade_precreate_response" : {"code":"10000","note":"a \\"}\\" b","list":[{"x":"}"}]} }';
    expect(alipayResponseParts(raw, 'alipay.trade.precreate')).toEqual({
      key: 'alipay_trade_precreate_response',
      content: '{"code":"10000","note":"a \\"}\\" b","list":[{"x":"}"}]}',
      sign: 'abc',
    });
    expect(
      alipayResponseParts('{"error_response":{"code":"40002"}}', 'alipay.trade.precreate'),
    ).toEqual({ key: 'error_response', content: '{"code":"40002"}', sign: null });
    expect(alipayResponseParts('<html>', 'alipay.trade.precreate')).toBeNull();
  });

  it('writes and reads Alipay times in China time', () => {
    const instant = new Date('2026-11-02T02:00:00Z');
    expect(alipayTime(instant)).toBe('2026-11-02 10:00:00');
    expect(parseAlipayTime('2026-11-02 10:00:00')).toEqual(instant);
    expect(parseAlipayTime('2026-11-02T10:00:00')).toBeNull();
    expect(parseAlipayTime('2026-02-30 10:00:00')).toBeNull();
  });
});

// V-WX-2: a callback from the official Go SDK's tests, with its platform certificate.
const WX2_CERT = `-----BEGIN CERTIFICATE-----
MIIDVzCCAj+gAwIBAgIJANfOWdH1ItcBMA0GCSqGSIb3DQEBCwUAMEIxCzAJBgNV
BAYTAlhYMRUwEwYDVQQHDAxEZWZhdWx0IENpdHkxHDAaBgNVBAoME0RlZmF1bHQg
Q29tcGFueSBMdGQwHhcNMjEwNDI3MDg1NTIzWhcNMzEwNDI1MDg1NTIzWjBCMQsw
CQYDVQQGEwJYWDEVMBMGA1UEBwwMRGVmYXVsdCBDaXR5MRwwGgYDVQQKDBNEZWZh
dWx0IENvbXBhbnkgTHRkMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA
2VCTd91fnUn73Xy9DLvt/V62TVxRTEEstVdeRaZ3B3leO0pldE806mXO4RwdHXag
HQ4vGeZN0yqm++rDsGK+U3AH7kejyD2pXshNP9Cq5YwbptiLGtjcquw4HNxJQUOm
DeJf2vg6byms9RUipiq4SzbJKqJFlUpbuIPDpSpWz10PYmyCNeDGUUK65E5h2B83
4uxl1zNLYQCrkdBzb8oUxwYeP5a2DNxmjL5lsJML7DGr5znsevnoqGRwTm9fxCGf
y8wus7hwKz6clt3Whmmda7UAdb1c08hEQFVRbF14AR73xbnd8N0obCWJPCbzMCtk
aSef4FdEEgEXJiw0VAJT8wIDAQABo1AwTjAdBgNVHQ4EFgQUT1c7nd/SUO76HSoZ
umNUJv1R5PwwHwYDVR0jBBgwFoAUT1c7nd/SUO76HSoZumNUJv1R5PwwDAYDVR0T
BAUwAwEB/zANBgkqhkiG9w0BAQsFAAOCAQEAfTjxKRQMzNB/U6ZoCUS+BSNfa2Oh
0plMN6ZuzwiVVZwg1jywvv5yv04koS7Pd4i9E4gt9ZBUQXlpq+A3oOCEEHNRR6b2
kyazGRM7s0OP5X21WrbpSmKmU6K7hkfx30yYs08LVs/Q8DIhvaj1FCFeJzUCzYn/
fHMq4tsbKO0dKAeydPM/nrUZBmaYQVKMVOORGLFjFKVO7JV6Kq/R86ouhjEPgJOe
2xulNBUcjicqtZlBdEh/PWCYP2SpGVDclKm8jeo175T3EVAkdKzzmfpxtMmnMlmq
cTJOU9TxuGvNASMtjj7pYIerTx+xgZDXEVBWFW9PjJ0TV06tCRsgSHItgg==
-----END CERTIFICATE-----`;
const WX2_HEADERS = {
  'wechatpay-timestamp': '1624523846',
  'wechatpay-nonce': 'EcZ9Cmy4Xyx1i6RlJQzLcCyEqDa26NBz',
  'wechatpay-serial': 'D7CE59D1F522D701',
  'wechatpay-signature':
    'tJHIiIS9eB2hAYstmAmbbD3ZE5LiIm/Ug5tuL4fC0YOFRWIHV39UFIZXC0e9Wl6lBu6sKvkqDkzpqzBsVHyXFlbYZTOQrVdG4b6LfTnK4mikv9++ixJMd3vTf2yCqvBkh98zs3Ds5zsYQakzbcwhmw4fMJs4nPLws28H0UW9FjDR//rxELLwXvV1VEA1IBLX70xptjL8hrfUjEE8kkry6yNJTHZRU8CAc7qHli2Ng1V1qb9ARbK8A3ThmFmPQvRGrapI/jS2laKKgYUmfdEdkNO6B2Cke5e8VTxY406ArAmQ90GAihDwIcb16TQMnzCMBoutnwZKNiKRACrFmtxw2Q==',
};
const WX2_BODY =
  '{"id":"3119dfba-e649-5eec-ab1e-3412bc4d2e17","create_time":"2021-06-24T16:37:26+08:00","resource_type":"encrypt-resource","event_type":"PAYSCORE.USER_OPEN_SERVICE","summary":"签约成功","resource":{"original_type":"payscore","algorithm":"AEAD_AES_256_GCM","ciphertext":"YDS3lKPaC4Y52Gf3uhft5qUBlIa8b428AWTtTauHQfQrRw+X1WpiuHIDy0vo1Vd6VEq67aVyqPdDYMkRVSDaZL3iZttevRMOoPKMifozg6XPWjIZumks/GpT48lI4NizyeaqLBokNebthah3o1H76qSlO9NkDjp9bzmKLEYYH9TEklFUpsvPqOTOcgSLgh21YJXYR7dEBXFgRLiNIKRgO5JdXh1hccRUAlyVWxE54PXpnQ==","associated_data":"payscore","nonce":"Kj7QIyUiYx1q"}}';
const WX2_NOW = new Date(1624523846 * 1000);

const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    return error instanceof WechatpaySignatureError ? error.reason : 'other';
  }
  return 'accepted';
};

describe('WeChat Pay v3', () => {
  const keys = wechatpayKeys({ D7CE59D1F522D701: WX2_CERT });

  it('V-WX-1: AES-GCM with a 16-byte key is AES-128-GCM, and the wrong key fails', () => {
    const resource = {
      ciphertext: 'FsdXzxryWfKwvLJKf8LG/ToRPTRh8RN9wROC',
      nonce: 'wCq51qZv4Yfg',
      associated_data: 'Dl56FrqWQJF1t9LtC3vEUsniZKvbqdR8',
    };
    expect(wechatpayDecrypt(resource, 'testAPIv3Key0000')).toBe('Hello World');
    expect(() => wechatpayDecrypt(resource, 'testAPIv3Key1111')).toThrow();
    expect(() =>
      wechatpayDecrypt({ ...resource, associated_data: 'x' }, 'testAPIv3Key0000'),
    ).toThrow();
  });

  it('V-WX-2: the callback verifies at its own time and decrypts', () => {
    expect(
      refusal(() => wechatpayVerify({ headers: WX2_HEADERS, body: WX2_BODY, keys, now: WX2_NOW })),
    ).toBe('accepted');
    const { resource } = JSON.parse(WX2_BODY);
    expect(wechatpayDecrypt(resource, 'testMchAPIv3Key0')).toBe(
      '{"mchid":"1234567890","appid":"054aa7d7a2a54ab5898df65bd96f001c","create_time":"2020-06-30T12:12:00+08:00","out_contract_code":"21640bdbd08e473e828f3206a2741c6e"}',
    );
  });

  it('V-WX-2 refused when tampered, stale, probed, or under an unknown or wrong key', () => {
    const verify = (change: {
      headers?: Record<string, string>;
      body?: string;
      now?: Date;
      keys?: ReturnType<typeof wechatpayKeys>;
    }) =>
      refusal(() =>
        wechatpayVerify({
          headers: change.headers ?? WX2_HEADERS,
          body: change.body ?? WX2_BODY,
          keys: change.keys ?? keys,
          now: change.now ?? WX2_NOW,
        }),
      );
    expect(verify({ body: WX2_BODY.replace('签约成功', '签约失败') })).toBe('signature');
    expect(verify({ body: `${WX2_BODY}\n` })).toBe('signature');
    expect(verify({ headers: { ...WX2_HEADERS, 'wechatpay-nonce': 'x' } })).toBe('signature');
    expect(verify({ now: new Date(WX2_NOW.getTime() + 299_000) })).toBe('accepted');
    expect(verify({ now: new Date(WX2_NOW.getTime() + 301_000) })).toBe('stale');
    expect(verify({ now: new Date(WX2_NOW.getTime() - 301_000) })).toBe('stale');
    expect(
      verify({
        headers: {
          ...WX2_HEADERS,
          'wechatpay-signature': `WECHATPAY/SIGNTEST/${WX2_HEADERS['wechatpay-signature']}`,
        },
      }),
    ).toBe('probe');
    expect(verify({ headers: { ...WX2_HEADERS, 'wechatpay-serial': 'PUB_KEY_ID_0000' } })).toBe(
      'unknown-serial',
    );
    const { 'wechatpay-timestamp': _, ...noTimestamp } = WX2_HEADERS;
    expect(verify({ headers: noTimestamp })).toBe('missing-headers');
    // The same serial bound to another key (a stranger's certificate): the signature fails.
    expect(verify({ keys: wechatpayKeys({ D7CE59D1F522D701: pemPair().publicKey }) })).toBe(
      'signature',
    );
  });

  it('keys by serial take certificates and PUB_KEY_ID_ public keys side by side', () => {
    const pair = pemPair();
    const both = wechatpayKeys({
      D7CE59D1F522D701: WX2_CERT,
      PUB_KEY_ID_0112345678901234567890: pair.publicKey,
    });
    const body = '{"code_url":"weixin://wxpay/bizpayurl?pr=abc"}';
    const headers = Object.fromEntries(
      Object.entries(
        wechatpaySignatureHeaders({
          serial: 'PUB_KEY_ID_0112345678901234567890',
          privateKey: privateKeyFrom(pair.privateKey),
          timestamp: '1624523846',
          nonce: 'n0nce',
          body,
        }),
      ).map(([name, value]) => [name.toLowerCase(), value]),
    );
    expect(refusal(() => wechatpayVerify({ headers, body, keys: both, now: WX2_NOW }))).toBe(
      'accepted',
    );
    expect(
      refusal(() =>
        wechatpayVerify({ headers: WX2_HEADERS, body: WX2_BODY, keys: both, now: WX2_NOW }),
      ),
    ).toBe('accepted');
  });

  it('signs a request as METHOD, URL, timestamp, nonce and body lines in the Authorization header', () => {
    const pair = pemPair();
    const request = {
      method: 'POST',
      url: '/v3/pay/transactions/native',
      timestamp: '1554208460',
      nonce: '593BEC0C930BF1AFEB40B4A08C8FB242',
      body: '{"appid":"wxd678efh567hg6787"}',
    };
    expect(wechatpayRequestMessage(request)).toBe(
      'POST\n/v3/pay/transactions/native\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n{"appid":"wxd678efh567hg6787"}\n',
    );
    const header = wechatpayAuthorization({
      ...request,
      mchId: '1900009191',
      serialNo: '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C',
      privateKey: privateKeyFrom(pair.privateKey),
    });
    expect(header).toMatch(
      /^WECHATPAY2-SHA256-RSA2048 mchid="1900009191",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",signature="[A-Za-z0-9+/=]+",timestamp="1554208460",serial_no="1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C"$/,
    );
    const parsed = parseWechatpayAuthorization(header);
    expect(parsed).toMatchObject({ mchid: '1900009191', timestamp: '1554208460' });
    expect(parseWechatpayAuthorization('Bearer abc')).toBeNull();
  });

  it('encrypts what it decrypts with a 32-byte APIv3 key (AES-256-GCM)', () => {
    const key = '0123456789abcdef0123456789abcdef';
    const ciphertext = wechatpayEncrypt(
      '{"trade_state":"SUCCESS"}',
      key,
      'abcdefghijkl',
      'transaction',
    );
    expect(
      wechatpayDecrypt({ ciphertext, nonce: 'abcdefghijkl', associated_data: 'transaction' }, key),
    ).toBe('{"trade_state":"SUCCESS"}');
    expect(() =>
      wechatpayDecrypt(
        { ciphertext, nonce: 'abcdefghijkl', associated_data: 'transaction' },
        key.toUpperCase(),
      ),
    ).toThrow();
    expect(wechatpayTime(new Date('2026-11-02T02:00:00Z'))).toBe('2026-11-02T10:00:00+08:00');
  });

  it('the provider refuses V-WX-2 (a verified callback, but not a payment of ours) and probes', async () => {
    const provider = createWechatPayProvider(
      {
        appId: '054aa7d7a2a54ab5898df65bd96f001c',
        mchId: '1234567890',
        apiBase: 'https://api.mch.weixin.qq.com',
        merchantSerial: 'AB',
        merchantPrivateKey: pemPair().privateKey,
        apiV3Key: 'testMchAPIv3Key0',
        platformKeys: { D7CE59D1F522D701: WX2_CERT },
      },
      DEPS(WX2_NOW),
    );
    const notification = { headers: WX2_HEADERS, body: WX2_BODY, contentType: 'application/json' };
    // It verifies and decrypts, then has no trade_state: a payscore event is no payment.
    await expect(provider.verifyNotification(notification)).rejects.toThrow(/trade_state/);
    await expect(
      provider.verifyNotification({
        ...notification,
        headers: { ...WX2_HEADERS, 'wechatpay-signature': 'WECHATPAY/SIGNTEST/abc' },
      }),
    ).rejects.toThrow(/probe/);
    expect(provider.reply(true).status).toBe(204);
    expect(provider.reply(false)).toMatchObject({
      status: 400,
      body: '{"code":"FAIL","message":"失败"}',
    });
  });
});
