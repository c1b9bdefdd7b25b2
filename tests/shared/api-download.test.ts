import { createApiClient } from '@shared/api/client';
import { ApiError } from '@shared/api/errors';
import { createHttp, filenameFromDisposition, type HttpOptions } from '@shared/api/http';
import { defineEndpoint } from '@shared/contracts/define-endpoint';
import { endpoints } from '@shared/contracts/endpoints';
import { API_CLIENTS, basicClientAuth } from '@shared/contracts/protocol';
import { XLSX_MEDIA_TYPE } from '@shared/contracts/wallet';
import { describe, expect, it } from 'vitest';

interface Seen {
  url: URL;
  method: string;
  headers: Headers;
}

/** A fetch that records each request and answers with what `answer` returns. */
function recorder(answer: (seen: Seen) => Response) {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const entry = { url: new URL(request.url), method: request.method, headers: request.headers };
    seen.push(entry);
    return answer(entry);
  };
  return { seen, fetch: fetch as typeof globalThis.fetch };
}

function options(fetch: typeof globalThis.fetch, token: string | null = 'tok-9'): HttpOptions {
  return {
    baseUrl: 'http://api.test',
    client: API_CLIENTS.console,
    getToken: () => token,
    getLocale: () => ({ site: 'th', language: 'th' }),
    fetch,
  };
}

/** Bytes that start like a zip (as an .xlsx does). */
const BYTES = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]);

const file = (disposition: string | null, type = XLSX_MEDIA_TYPE) =>
  new Response(BYTES, {
    status: 200,
    headers: {
      'content-type': type,
      ...(disposition === null ? {} : { 'content-disposition': disposition }),
    },
  });

const envelope = (body: Record<string, unknown>, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });

/** A declared call answered with a file. */
const exported = defineEndpoint({
  method: 'POST',
  path: '/x',
  access: 'session',
  raw: true,
  download: true,
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const outcome = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  if (outcome instanceof ApiError) return outcome;
  throw new Error(`expected an ApiError, got ${String(outcome)}`);
}

describe('download', () => {
  it('sends the request rules’ headers and token, and answers the bytes with the server’s file name', async () => {
    const { seen, fetch } = recorder(() =>
      file(
        `attachment; filename="wallet-history.xlsx"; filename*=UTF-8''%E9%92%B1%E5%8C%85%E6%B5%81%E6%B0%B4.xlsx`,
      ),
    );
    const result = await createHttp(options(fetch)).call(endpoints.wallet.exportBalanceRecords, {
      query: { billType: 'recharge', currency: undefined, beginTime: '2026-11-08 00:00:00' },
    });
    expect(result.filename).toBe('钱包流水.xlsx');
    expect(new Uint8Array(await result.blob.arrayBuffer())).toEqual(BYTES);
    expect(result.blob.type).toBe(XLSX_MEDIA_TYPE);

    const [request] = seen;
    expect(request?.method).toBe('POST');
    expect(request?.url.pathname).toBe('/api-user/user/balance_record/export');
    expect(request?.url.searchParams.get('billType')).toBe('recharge');
    expect(request?.url.searchParams.get('beginTime')).toBe('2026-11-08 00:00:00');
    expect(request?.url.searchParams.has('currency')).toBe(false);
    expect(request?.url.searchParams.get('access_token')).toBe('tok-9');
    expect(request?.headers.get('access_token')).toBe('tok-9');
    expect(request?.headers.get('authorization')).toBe(basicClientAuth(API_CLIENTS.console));
    expect(request?.headers.get('site')).toBe('th');
    expect(request?.headers.get('language')).toBe('th');
    expect(request?.headers.get('equipment')).toBe('pc');
  });

  it('falls back to the plain file name, then to the caller’s name', async () => {
    const named = recorder(() => file('attachment; filename="freeze \\"May\\".xlsx"'));
    await expect(createHttp(options(named.fetch)).call(exported)).resolves.toMatchObject({
      filename: 'freeze "May".xlsx',
    });

    const unnamed = recorder(() => file(null));
    await expect(
      createHttp(options(unnamed.fetch)).call(exported, { filename: 'fallback.xlsx' }),
    ).resolves.toMatchObject({ filename: 'fallback.xlsx' });
  });

  it('raises the same ApiError as a request when the server answers with the envelope', async () => {
    const { fetch } = recorder(() =>
      envelope({
        resp_code: 1001,
        resp_msg: 'ส่งออกไม่สำเร็จ',
        datas: { fields: [{ field: 'beginTime', message: 'bad' }] },
        key: 'VALIDATION_FAILED',
      }),
    );
    const http = createHttp(options(fetch));
    const error = await failure(http.call(endpoints.wallet.exportFreezeRecords));
    expect(error).toMatchObject({
      kind: 'business',
      key: 'VALIDATION_FAILED',
      code: 1001,
      serverMessage: 'ส่งออกไม่สำเร็จ',
      fields: [{ field: 'beginTime', message: 'bad' }],
    });
  });

  it('ends the session on a token error and reports insufficient balance as such', async () => {
    const expired = recorder(() =>
      envelope({ resp_code: 401, resp_msg: 'token expired', key: 'TOKEN_INVALID' }, 401),
    );
    expect(await failure(createHttp(options(expired.fetch)).call(exported))).toMatchObject({
      kind: 'auth',
      status: 401,
    });

    const short = recorder(() =>
      envelope({ resp_code: -10, resp_msg: 'short', datas: { shortfall: 5 } }),
    );
    expect(await failure(createHttp(options(short.fetch)).call(exported))).toMatchObject({
      kind: 'insufficient-balance',
      datas: { shortfall: 5 },
    });
  });

  it('refuses a success envelope or an unreadable answer where a file was expected', async () => {
    const success = recorder(() => envelope({ resp_code: 0, resp_msg: 'ok', datas: null }));
    expect(await failure(createHttp(options(success.fetch)).call(exported))).toMatchObject({
      kind: 'invalid-response',
      key: 'RESPONSE_INVALID',
    });

    const broken = recorder(() => new Response('<html>oops</html>', { status: 500 }));
    expect(await failure(createHttp(options(broken.fetch)).call(exported))).toMatchObject({
      kind: 'invalid-response',
      status: 500,
    });
  });

  it('is what the wallet exports call, with their filters as query parameters', async () => {
    const { seen, fetch } = recorder(() => file(null));
    const api = createApiClient(options(fetch));
    const history = await api.wallet.exportBalanceRecords({
      billType: 'deduct',
      currency: 'THB',
      timeZone: 'Asia/Bangkok',
    });
    const freezes = await api.wallet.exportFreezeRecords({ state: 'open' });
    expect(history.filename).toBe('wallet-history.xlsx');
    expect(freezes.filename).toBe('freeze-details.xlsx');
    expect(seen.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      'POST /api-user/user/balance_record/export',
      'POST /api-user/user/exportFreeze',
    ]);
    expect(Object.fromEntries(seen[0]?.url.searchParams ?? [])).toMatchObject({
      billType: 'deduct',
      currency: 'THB',
      timeZone: 'Asia/Bangkok',
    });
    expect(seen[1]?.url.searchParams.get('state')).toBe('open');
  });
});

describe('filenameFromDisposition', () => {
  it.each([
    [
      `attachment; filename*=UTF-8''%E0%B8%A3%E0%B8%B2%E0%B8%A2%E0%B8%81%E0%B8%B2%E0%B8%A3.xlsx`,
      'รายการ.xlsx',
    ],
    [`attachment; filename*=utf-8'en'report%20May.xlsx; filename="x.xlsx"`, 'report May.xlsx'],
    [`attachment; filename*=ISO-8859-1''caf%E9.xlsx`, 'café.xlsx'],
    ['attachment; filename=plain.xlsx', 'plain.xlsx'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    // A broken extended name falls back to the plain one.
    [`attachment; filename*=UTF-8''%E9%92.xlsx; filename="ok.xlsx"`, 'ok.xlsx'],
    ['inline', null],
    [null, null],
  ])('reads %s as %s', (header, expected) => {
    expect(filenameFromDisposition(header)).toBe(expected);
  });
});
