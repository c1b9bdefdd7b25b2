import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { readLocale } from '../support/locales';

const LOGIN = '/api-uaa/oauth/loginByPassword';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('validation failures', () => {
  it.each(['zh', 'th', 'en'] as const)(
    'name every failing field with a translated message (%s)',
    async (language) => {
      const res = await t.call('POST', LOGIN, { json: { password: '' }, language });
      const validation = readLocale(language, 'validation');
      expect(res.status).toBe(200);
      expect(res.body.key).toBe('VALIDATION_FAILED');
      expect(res.body.resp_code).toBe(400);
      expect(res.body.datas.fields).toEqual([
        { field: 'username', message: validation.required },
        { field: 'password', message: validation.required },
      ]);
      expect(res.body.resp_msg).toContain('username');
      expect(res.body.resp_msg).toContain('password');
      expect(res.body.resp_msg).toContain(validation.required);
    },
  );

  it('words length limits with the limit', async () => {
    const res = await t.call('POST', LOGIN, {
      json: { username: 'x'.repeat(101), password: 'p' },
      language: 'en',
    });
    expect(res.body.datas.fields).toEqual([
      { field: 'username', message: 'At most 100 characters' },
    ]);
  });

  it('answers a body that is not JSON with MALFORMED_REQUEST, not a server error', async () => {
    const res = await t.call('POST', LOGIN, {
      body: '{"username": ',
      headers: { 'content-type': 'application/json' },
      language: 'zh',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      key: 'MALFORMED_REQUEST',
      resp_msg: readLocale('zh', 'errors').MALFORMED_REQUEST,
    });
  });

  it('refuses a NUL character in a query or body field as an invalid field, before the database', async () => {
    const validation = readLocale('th', 'validation');
    const query = await t.call(
      'GET',
      `/api-user/register/existMobile?${new URLSearchParams({ mobile: 'a\u0000b' })}`,
      { language: 'th' },
    );
    expect(query.status).toBe(200);
    expect(query.body.key).toBe('VALIDATION_FAILED');
    expect(query.body.datas.fields).toEqual([{ field: 'mobile', message: validation.invalid }]);
    const body = await t.call('POST', LOGIN, {
      json: { username: 'seller@example.com', password: 'pass\u0000word' },
      language: 'th',
    });
    expect(body.body.key).toBe('VALIDATION_FAILED');
    expect(body.body.datas.fields).toEqual([{ field: 'password', message: validation.invalid }]);
    const nested = await t.call('POST', '/api-user/public/event/save', {
      json: { page: '/cmpDashboard', extra: { 'k\u0000': 1 } },
      language: 'th',
    });
    expect(nested.body.key).toBe('VALIDATION_FAILED');
    expect(nested.body.datas.fields).toEqual([
      { field: 'extra.k\u0000', message: validation.invalid },
    ]);
  });

  it('answers a body nested thousands deep with MALFORMED_REQUEST, not a server error', async () => {
    for (const [open, close] of [
      ['[', ']'],
      ['{"a":', '}'],
    ] as const) {
      const res = await t.call('POST', LOGIN, {
        body: `{"username":${open.repeat(20_000)}1${close.repeat(20_000)},"password":"x"}`,
        headers: { 'content-type': 'application/json' },
        language: 'zh',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        key: 'MALFORMED_REQUEST',
        resp_msg: readLocale('zh', 'errors').MALFORMED_REQUEST,
      });
    }
    // Nesting as deep as a collected page's data goes is read as usual.
    const shallow = await t.call('POST', LOGIN, {
      body: `{"username":${'['.repeat(30)}1${']'.repeat(30)},"password":"x"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(shallow.body.key).toBe('VALIDATION_FAILED');
  });

  it('reads an array or object 63 levels below the body and refuses one 64 levels below', async () => {
    // The body is level 0: `username` wrapped n times puts its innermost array or object n levels down.
    const nest = (depth: number, open: string, close: string) =>
      `{"username":${open.repeat(depth)}1${close.repeat(depth)},"password":"x"}`;
    for (const [open, close] of [
      ['[', ']'],
      ['{"a":', '}'],
    ] as const) {
      const deepest = await t.call('POST', LOGIN, {
        body: nest(63, open, close),
        headers: { 'content-type': 'application/json' },
      });
      expect(deepest.body.key).toBe('VALIDATION_FAILED');
      const over = await t.call('POST', LOGIN, {
        body: nest(64, open, close),
        headers: { 'content-type': 'application/json' },
      });
      expect(over.body.key).toBe('MALFORMED_REQUEST');
    }
  });

  it('answers an oversized body with PAYLOAD_TOO_LARGE', async () => {
    const res = await t.call('POST', LOGIN, {
      json: { username: 'a', password: 'x'.repeat(1_100_000) },
    });
    expect(res.status).toBe(413);
    expect(res.body.key).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('language of messages', () => {
  it('follows the language header, then Accept-Language, then English', async () => {
    const errors = (l: 'zh' | 'th' | 'en') => readLocale(l, 'errors').NOT_FOUND;
    expect((await t.call('GET', '/api-x/none', { language: 'th' })).body.resp_msg).toBe(
      errors('th'),
    );
    expect((await t.call('GET', '/api-x/none', { language: 'zh-CN' })).body.resp_msg).toBe(
      errors('zh'),
    );
    const accept = await t.call('GET', '/api-x/none', {
      headers: { 'accept-language': 'fr;q=1, th-TH;q=0.8, en;q=0.5' },
    });
    expect(accept.body.resp_msg).toBe(errors('th'));
    expect((await t.call('GET', '/api-x/none', { language: 'ph' })).body.resp_msg).toBe(
      errors('en'),
    );
  });
});

describe('unknown paths and request ids', () => {
  it('answers an unknown path with the 404 envelope', async () => {
    const res = await t.call('GET', '/api-order/nothing/here', { language: 'en' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      resp_code: 404,
      resp_msg: readLocale('en', 'errors').NOT_FOUND,
      datas: null,
      key: 'NOT_FOUND',
    });
  });

  it('gives every response a request id and keeps a well-formed one from the caller', async () => {
    const fresh = await t.call('GET', '/api-user/public/getSiteList');
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.call('GET', '/api-user/public/getSiteList', {
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(kept.headers.get('x-request-id')).toBe('trace-12345678');
    const replaced = await t.call('GET', '/api-user/public/getSiteList', {
      headers: { 'x-request-id': 'bad id<script>' },
    });
    expect(replaced.headers.get('x-request-id')).not.toContain('<');
  });
});

describe('unexpected errors', () => {
  it('are logged with the request id and answered without internals', async () => {
    const broken = await createTestApp();
    await broken.close();
    const res = await broken.call('GET', '/api-user/public/getSiteList', {
      language: 'en',
      headers: { 'x-request-id': 'req-broken-0001' },
    });
    expect(res.status).toBe(500);
    expect(res.body.key).toBe('INTERNAL_ERROR');
    expect(res.body.datas).toEqual({ requestId: 'req-broken-0001' });
    expect(res.body.resp_msg).toContain('req-broken-0001');
    expect(res.text).not.toMatch(/stack|PGlite|pool|at \w+ \(/i);
    const logged = broken.logs.find((entry) => entry.message === 'unhandled error');
    expect(logged).toMatchObject({
      level: 'error',
      requestId: 'req-broken-0001',
      path: '/api-user/public/getSiteList',
    });
    expect(JSON.stringify(logged?.error)).toMatch(/stack/);
  });
});

describe('compressed envelopes', () => {
  it('go brotli or gzip past 1 kB to a client that takes it, and as they are when smaller', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const { makeSeller } = await import('../support/accounts');
    const { API_CLIENTS, basicClientAuth, HEADERS } = await import('@shared/contracts/protocol');
    const seller = await makeSeller(t, 'compressed-envelopes@example.com', []);
    // A sign-in's answer carries the account's menus: well past 1 kB.
    const signIn = (encoding: string) =>
      t.app.request(LOGIN, {
        method: 'POST',
        headers: {
          'accept-encoding': encoding,
          'content-type': 'application/json',
          [HEADERS.authorization]: basicClientAuth(API_CLIENTS.console),
        },
        body: JSON.stringify({ username: seller.user.email, password: seller.password }),
      });
    const withoutToken = (text: string) => {
      const body = JSON.parse(text);
      expect(body.resp_code, text).toBe(0);
      return { ...body, datas: { ...body.datas, access_token: null, refresh_token: null } };
    };
    const plain = await (await signIn('identity')).text();
    expect(Buffer.byteLength(plain)).toBeGreaterThanOrEqual(1024);
    const br = await signIn('gzip, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('x-frame-options')).toBe('DENY');
    expect(br.headers.get('x-request-id')).toBeTruthy();
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(brBody.byteLength).toBeLessThan(Buffer.byteLength(plain));
    expect(withoutToken(brotliDecompressSync(brBody).toString('utf8'))).toEqual(
      withoutToken(plain),
    );
    const gzip = await signIn('gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(
      withoutToken(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString('utf8')),
    ).toEqual(withoutToken(plain));
    // A small envelope (a refusal) goes as it is, with the same headers.
    const small = await t.app.request('/api-user/user/userInfo', {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('x-frame-options')).toBe('DENY');
    expect((await small.json()).key).toBe('TOKEN_MISSING');
  });
});
