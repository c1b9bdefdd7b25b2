import { randomUUID } from 'node:crypto';
import { createLogger, redactHeaders, redactText } from '@server/lib/logger';
import { API_CLIENTS, basicClientAuth } from '@shared/contracts/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerAccount } from '../../support/accounts';
import { createTestApp, type TestApp } from '../../support/app';

/**
 * The spec sends the token as the `access_token` query parameter of every call (section 7): it
 * stays, and the one logger redacts it, like every secret a URL, a query string, a header, a JSON
 * text or an error may carry, before anything is written.
 */
describe('redactText', () => {
  it('redacts the token and the secrets of query strings, keeping the rest', () => {
    expect(redactText('/api-user/message/getMessageList?page=1&access_token=tok-123&limit=6')).toBe(
      '/api-user/message/getMessageList?page=1&access_token=[redacted]&limit=6',
    );
    expect(
      redactText('https://api.weixin.qq.com/sns/oauth2/access_token?appid=wx1&secret=S3&code=C0'),
    ).toBe(
      'https://api.weixin.qq.com/sns/oauth2/access_token?appid=wx1&secret=[redacted]&code=[redacted]',
    );
    // The codes and signatures of the platforms' callbacks and requests.
    expect(redactText('/cmp/authorize/authorizeCallback?code=0_ABC&state=s-1&shop_id=9')).toBe(
      '/cmp/authorize/authorizeCallback?code=[redacted]&state=s-1&shop_id=9',
    );
    expect(redactText('app_id=2021&sign=abc%2Bdef&auth_code=xyz&timestamp=1')).toBe(
      'app_id=2021&sign=[redacted]&auth_code=[redacted]&timestamp=1',
    );
    expect(redactText('?refresh_token=r1&captchaToken=c1&password=p1&errcode=40029')).toBe(
      '?refresh_token=[redacted]&captchaToken=[redacted]&password=[redacted]&errcode=40029',
    );
  });

  it('redacts inside an encoded address, JSON, quoted parameters and credentials', () => {
    expect(
      redactText('https://h/cb?redirect_uri=https%3A%2F%2Fapp%2Fcb%3Fcode%3Dc0de%26state%3Dok'),
    ).toBe('https://h/cb?redirect_uri=https%3A%2F%2Fapp%2Fcb%3Fcode%3D[redacted]%26state%3Dok');
    expect(redactText('{"access_token":"a1","expires_in":7200,"openid":"o1"}')).toBe(
      '{"access_token":"[redacted]","expires_in":7200,"openid":"o1"}',
    );
    // A platform's answer code in JSON is kept: it says what went wrong.
    expect(redactText('{"code":"PARAM_ERROR","message":"bad","sign":"s9"}')).toBe(
      '{"code":"PARAM_ERROR","message":"bad","sign":"[redacted]"}',
    );
    expect(redactText('mchid="1900",nonce_str="n1",signature="s1",serial_no="S1"')).toBe(
      'mchid="1900",nonce_str="n1",signature="[redacted]",serial_no="S1"',
    );
    expect(redactText('authorization: Bearer eyJ.abc and Basic Y21wOnB3')).toBe(
      'authorization: Bearer [redacted] and Basic [redacted]',
    );
    expect(redactText('paid 1,000.00 (THB), the order asks 500.00')).toBe(
      'paid 1,000.00 (THB), the order asks 500.00',
    );
  });
});

describe('redactHeaders', () => {
  it('redacts token-like headers, authorization, cookies and signatures', () => {
    expect(
      redactHeaders(
        new Headers({
          authorization: 'Basic Y21wOnB3',
          access_token: 'tok-1',
          'x-tts-access-token': 'tok-2',
          cookie: 'cmp_token=tok-3',
          'wechatpay-signature': 'sig',
          'x-bank-signature': 'sig',
          'wechatpay-serial': 'PUB_KEY_ID_1',
          'content-type': 'application/json',
        }),
      ),
    ).toEqual({
      authorization: '[redacted]',
      access_token: '[redacted]',
      'x-tts-access-token': '[redacted]',
      cookie: '[redacted]',
      'wechatpay-signature': '[redacted]',
      'x-bank-signature': '[redacted]',
      'wechatpay-serial': 'PUB_KEY_ID_1',
      'content-type': 'application/json',
    });
    expect(redactHeaders({ 'Set-Cookie': ['a=1', 'b=2'], Referer: '/x?access_token=t' })).toEqual({
      'set-cookie': '[redacted]',
      referer: '/x?access_token=[redacted]',
    });
  });
});

describe('the logger', () => {
  it('redacts by field name, inside nested values, headers, addresses and errors', () => {
    const lines: string[] = [];
    const logger = createLogger({ write: (line) => lines.push(line) });
    const cause = new Error('GET https://open.example/token?access_token=deep-1 failed');
    logger.warn('call to https://h/p?sign=top-1 failed', {
      appSecret: 'secret-1',
      tokenKey: 'key-1',
      code: 'ORDERPAID',
      url: new URL('https://h/cb?code=code-1&state=kept'),
      headers: new Headers({ 'x-tts-access-token': 'tok-1', host: 'h' }),
      request: { query: { access_token: 'tok-2', page: 1 }, list: ['refresh_token=tok-3'] },
      error: new Error('answer {"access_token":"tok-4"}', { cause }),
    });
    expect(lines).toHaveLength(1);
    const line = lines[0] ?? '';
    for (const secret of ['top-1', 'secret-1', 'key-1', 'code-1', 'tok-1', 'tok-2', 'tok-3'])
      expect(line).not.toContain(secret);
    expect(line).not.toContain('tok-4');
    expect(line).not.toContain('deep-1');
    const entry = JSON.parse(line);
    expect(entry).toMatchObject({
      level: 'warn',
      message: 'call to https://h/p?sign=[redacted] failed',
      appSecret: '[redacted]',
      code: 'ORDERPAID',
      url: 'https://h/cb?code=[redacted]&state=kept',
      headers: { host: 'h', 'x-tts-access-token': '[redacted]' },
      request: { query: { access_token: '[redacted]', page: 1 } },
    });
    expect(entry.error.message).toBe('answer {"access_token":"[redacted]"}');
    expect(entry.error.stack).toContain('answer');
    expect(entry.error.cause.message).toBe(
      'GET https://open.example/token?access_token=[redacted] failed',
    );
  });
});

describe('the server log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ smtp: true });
  });
  afterAll(() => t.close());

  it('has a line per request whose address carries no token, code or captcha token', async () => {
    const email = `logs-${randomUUID()}@example.com`;
    // The slider's token and the mailed code travel in query strings; so does the session token.
    await registerAccount(t, email, 'Secret-pass1');
    const token = await login(t, email, 'Secret-pass1');
    const response = await t.app.request(
      `/api-user/message/getMessageList?page=1&limit=6&access_token=${token}`,
      {
        headers: { authorization: basicClientAuth(API_CLIENTS.console), access_token: token },
      },
    );
    expect(response.status).toBe(200);

    const requests = t.logs.filter((line) => line.message === 'request');
    const listed = requests.find((line) => String(line.url).startsWith('/api-user/message/'));
    expect(listed).toMatchObject({
      level: 'debug',
      method: 'GET',
      url: '/api-user/message/getMessageList?page=1&limit=6&access_token=[redacted]',
      status: 200,
    });
    const checked = requests.find((line) =>
      String(line.url).startsWith('/api-user/register/checkValidateCode'),
    );
    expect(checked?.url).toContain('code=[redacted]');
    const sent = requests.find((line) =>
      String(line.url).startsWith('/api-user/register/sendValidateCode'),
    );
    expect(sent?.url).toContain('captchaToken=[redacted]');

    const everything = JSON.stringify(t.logs);
    expect(everything).not.toContain(token);
    const code = t.smtp ? await t.smtp.codeFor(email) : '';
    expect(code).toMatch(/^\d{6}$/);
    expect(everything).not.toContain(`code=${code}`);
  });
});
