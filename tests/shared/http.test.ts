import { createApiClient } from '@shared/api/client';
import { ApiError } from '@shared/api/errors';
import { createHttp, type HttpOptions } from '@shared/api/http';
import { defineEndpoint } from '@shared/contracts/define-endpoint';
import { API_CLIENTS, basicClientAuth } from '@shared/contracts/protocol';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

interface Seen {
  url: URL;
  method: string;
  headers: Headers;
  body: string;
}

/** A fetch that records each request and answers with the given envelope or response. */
function recorder(answer: (seen: Seen) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const entry = {
      url: new URL(request.url),
      method: request.method,
      headers: request.headers,
      body: await request.text(),
    };
    seen.push(entry);
    // Like a real fetch, an aborted request rejects whatever the server would have said.
    const aborted = new Promise<never>((_resolve, reject) => {
      if (request.signal.aborted) reject(request.signal.reason);
      request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
    });
    return Promise.race([Promise.resolve(answer(entry)), aborted]);
  };
  return { seen, fetch: fetch as typeof globalThis.fetch };
}

const envelope = (body: Record<string, unknown>, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function options(
  fetch: typeof globalThis.fetch,
  token: string | null = 'tok-123',
  extra: Partial<HttpOptions> = {},
): HttpOptions {
  return {
    baseUrl: 'http://api.test',
    client: API_CLIENTS.console,
    getToken: () => token,
    getLocale: () => ({ site: 'th', language: 'zh' }),
    fetch,
    ...extra,
  };
}

/** A signed-in call answered with null. */
const plain = defineEndpoint({
  method: 'GET',
  path: '/api-x',
  access: 'session',
  response: z.null(),
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('request rules (spec section 7)', () => {
  it('sends client auth, site, language, equipment and the token as header and query parameter', async () => {
    const { seen, fetch } = recorder(() => envelope({ resp_code: 0, resp_msg: 'ok', datas: null }));
    const list = defineEndpoint({
      method: 'GET',
      path: '/api-x/list',
      access: 'session',
      query: z.object({ page: z.optional(z.number()), empty: z.optional(z.string()) }),
      response: z.null(),
    });
    await createHttp(options(fetch)).call(list, { query: { page: 2, empty: undefined } });
    const [request] = seen;
    expect(request?.url.pathname).toBe('/api-x/list');
    expect(request?.url.searchParams.get('page')).toBe('2');
    expect(request?.url.searchParams.has('empty')).toBe(false);
    expect(request?.url.searchParams.get('access_token')).toBe('tok-123');
    expect(request?.headers.get('access_token')).toBe('tok-123');
    expect(request?.headers.get('authorization')).toBe(basicClientAuth(API_CLIENTS.console));
    expect(request?.headers.get('site')).toBe('th');
    expect(request?.headers.get('language')).toBe('zh');
    expect(request?.headers.get('equipment')).toBe('pc');
  });

  it('sends no token on public and client calls, nor when there is none', async () => {
    const { seen, fetch } = recorder(() => envelope({ resp_code: 0, resp_msg: 'ok', datas: null }));
    const login = defineEndpoint({
      method: 'POST',
      path: '/api-uaa/x',
      access: 'client',
      json: z.object({ a: z.number() }),
      response: z.null(),
    });
    const lookup = defineEndpoint({
      method: 'GET',
      path: '/api-uaa/z',
      access: 'public',
      response: z.null(),
    });
    const signedIn = defineEndpoint({
      method: 'GET',
      path: '/api-uaa/y',
      access: 'session',
      response: z.null(),
    });
    await createHttp(options(fetch)).call(login, { json: { a: 1 } });
    await createHttp(options(fetch)).call(lookup);
    await createHttp(options(fetch, null)).call(signedIn);
    expect(seen.map((request) => request.url.pathname)).toEqual([
      '/api-uaa/x',
      '/api-uaa/z',
      '/api-uaa/y',
    ]);
    for (const request of seen) {
      expect(request.headers.has('access_token')).toBe(false);
      expect(request.url.searchParams.has('access_token')).toBe(false);
    }
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ a: 1 });
  });

  it('sends the token on a public call that reads a session when one comes', async () => {
    const { seen, fetch } = recorder(() => envelope({ resp_code: 0, resp_msg: 'ok', datas: null }));
    const report = defineEndpoint({
      method: 'POST',
      path: '/api-x/report',
      access: 'public',
      optionalSession: true,
      response: z.null(),
    });
    await createHttp(options(fetch)).call(report);
    await createHttp(options(fetch, null)).call(report);
    expect(seen[0]?.headers.get('access_token')).toBe('tok-123');
    expect(seen[0]?.url.searchParams.get('access_token')).toBe('tok-123');
    expect(seen[1]?.headers.has('access_token')).toBe(false);
  });

  it('fills path parameters into the address, escaped', async () => {
    const { seen, fetch } = recorder(() => envelope({ resp_code: 0, resp_msg: 'ok', datas: null }));
    const file = defineEndpoint({
      method: 'GET',
      path: '/api-x/files/:id/:part',
      access: 'session',
      response: z.null(),
    });
    await createHttp(options(fetch)).call(file, { params: { id: 'a b/c', part: 'x' } });
    expect(seen[0]?.url.pathname).toBe('/api-x/files/a%20b%2Fc/x');
  });

  it('cancels the previous of two identical requests, and only that one', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { seen, fetch } = recorder(async (request) => {
      if (
        request.url.searchParams.get('n') === '1' &&
        seen.filter((s) => s.url.searchParams.get('n') === '1').length === 1
      )
        await gate;
      return envelope({ resp_code: 0, resp_msg: 'ok', datas: request.url.searchParams.get('n') });
    });
    const http = createHttp(options(fetch));
    const a = defineEndpoint({
      method: 'GET',
      path: '/api-x/a',
      access: 'session',
      query: z.object({ n: z.number() }),
      response: z.string(),
    });
    const first = http.call(a, { query: { n: 1 } });
    const other = http.call(a, { query: { n: 2 } });
    const second = http.call(a, { query: { n: 1 } });
    release();
    expect((await failure(first)).kind).toBe('canceled');
    expect((await second).datas).toBe('1');
    expect((await other).datas).toBe('2');
  });

  it('times out with NETWORK_TIMEOUT', async () => {
    const never: typeof globalThis.fetch = (_input, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    const error = await failure(createHttp(options(never, null, { timeoutMs: 50 })).call(plain));
    expect(error.kind).toBe('timeout');
    expect(error.key).toBe('NETWORK_TIMEOUT');
  });

  it('reports an unreachable server as NETWORK_ERROR', async () => {
    const down: typeof globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    const error = await failure(createHttp(options(down)).call(plain));
    expect(error).toMatchObject({ kind: 'network', key: 'NETWORK_ERROR', serverMessage: null });
  });
});

describe('response rules (spec section 8)', () => {
  const cases: [string, Response, Partial<ApiError>][] = [
    [
      'HTTP 504 as a timeout',
      new Response('gateway', { status: 504 }),
      { kind: 'timeout', key: 'NETWORK_TIMEOUT', status: 504 },
    ],
    [
      'HTTP 401 as the session ending',
      envelope({ resp_code: 401, resp_msg: 'x', datas: null, key: 'TOKEN_INVALID' }, 401),
      { kind: 'auth' },
    ],
    [
      'HTTP 401 without an envelope as the session ending',
      new Response('no', { status: 401 }),
      { kind: 'auth', key: 'TOKEN_INVALID' },
    ],
    [
      'a message containing "token" as the session ending',
      envelope({ resp_code: 9, resp_msg: 'token 无效，请重新登录', datas: null }),
      { kind: 'auth', code: 9 },
    ],
    [
      'resp_code -10 as insufficient balance',
      envelope({ resp_code: -10, resp_msg: 'short', datas: { shortfall: 500 } }),
      { kind: 'insufficient-balance', code: -10, datas: { shortfall: 500 } },
    ],
    [
      'PLATFORM_OAUTH_ERROR as a dialog',
      envelope({
        resp_code: 3001,
        resp_msg: 'm',
        datas: { crossBorder: true },
        key: 'PLATFORM_OAUTH_ERROR',
      }),
      { kind: 'dialog', key: 'PLATFORM_OAUTH_ERROR', datas: { crossBorder: true } },
    ],
    [
      'WAREHOUSE_NOT_BUY as a dialog',
      envelope({ resp_code: 4001, resp_msg: 'm', datas: null, key: 'WAREHOUSE_NOT_BUY' }),
      { kind: 'dialog', key: 'WAREHOUSE_NOT_BUY' },
    ],
    [
      'another nonzero code as a business error with its message',
      envelope({
        resp_code: 1001,
        resp_msg: '账号或密码错误',
        datas: null,
        key: 'BAD_CREDENTIALS',
      }),
      { kind: 'business', serverMessage: '账号或密码错误', code: 1001 },
    ],
    [
      'a body that is not an envelope as an invalid response',
      new Response('<html>', { status: 200 }),
      { kind: 'invalid-response', key: 'RESPONSE_INVALID' },
    ],
  ];
  it.each(cases)('treats %s', async (_name, response, expected) => {
    const { fetch } = recorder(() => response.clone());
    const error = await failure(createHttp(options(fetch)).call(plain));
    expect(error).toMatchObject(expected);
  });

  it('checks datas against the contract, and lets a declared extra success code through', async () => {
    const { fetch } = recorder(() => envelope({ resp_code: 1, resp_msg: 'exists', datas: 'yes' }));
    const http = createHttp(options(fetch));
    const declared = <const S extends z.ZodMiniType>(
      path: string,
      response: S,
      successCodes?: readonly number[],
    ) =>
      defineEndpoint({
        method: 'GET',
        path,
        access: 'session',
        response,
        ...(successCodes ? { successCodes } : {}),
      });
    const mismatch = await failure(http.call(declared('/api-x', z.int(), [1])));
    expect(mismatch.kind).toBe('invalid-response');
    await expect(http.call(declared('/api-y', z.string(), [1]))).resolves.toEqual({
      datas: 'yes',
      message: 'exists',
    });
    expect((await failure(http.call(declared('/api-z', z.string())))).kind).toBe('business');
  });

  it('turns an empty route list at login into ROUTE_INFO_EMPTY', async () => {
    const { fetch } = recorder(() =>
      envelope({
        resp_code: 0,
        resp_msg: 'ok',
        datas: { access_token: 'x'.repeat(43), expires_in: 60, routerInfoList: [] },
      }),
    );
    const api = createApiClient(options(fetch, null));
    const { signInWithPassword } = await import('@shared/api/session-actions');
    const { createSessionStore } = await import('@shared/session/store');
    const store = createSessionStore({
      load: () => ({ session: null, updatedAt: 0 }),
      save: () => undefined,
    });
    const error = await failure(
      signInWithPassword(api, store, { username: 'a@b.co', password: 'x' }),
    );
    expect(error.key).toBe('ROUTE_INFO_EMPTY');
    expect(store.getState().snapshot.session).toBeNull();
  });
});
