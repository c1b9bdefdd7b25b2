import { once } from 'node:events';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import type { AppEnv } from '@server/context';
import { proxyTrust } from '@server/lib/client-address';
import { AppError } from '@server/lib/errors';
import { createLogger } from '@server/lib/logger';
import { ok } from '@server/lib/respond';
import { errorHandler, notFound } from '@server/middleware/error-handler';
import { front, securityHeaders } from '@server/middleware/front';
import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * What the server writes on the socket for each kind of answer, read with node:http (no client
 * decoding or header merging in between): an envelope made from its text with a plain header
 * record must carry what the general path does (security headers, request id, type, length).
 */
const HEADERS = securityHeaders({ hsts: false });
const logger = createLogger({ level: 'error', write: () => {} });
const app = new Hono<AppEnv>();
app.use(front({ trust: proxyTrust([]), logger, headers: HEADERS }));
app.get('/small', (c) => ok(c, { word: 'กข' }));
app.get('/large', (c) => ok(c, { words: Array.from({ length: 400 }, (_, i) => `word ${i}`) }));
app.get('/refused', () => {
  throw new AppError('TOKEN_MISSING');
});
app.get('/cookie', (c) => {
  setCookie(c, 'kept', 'yes', { path: '/' });
  return ok(c, { cookie: true });
});
app.get('/text', (c) => c.text('plain words', 202));
app.notFound(notFound);
app.onError(errorHandler({ logger } as never));

let origin: { port: number; close: () => void };
beforeAll(async () => {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await once(server, 'listening');
  origin = { port: (server.address() as AddressInfo).port, close: () => server.close() };
});
afterAll(() => origin.close());

function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[]>; body: Buffer }>(
    (done, fail) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: origin.port,
          path,
          headers: { ...headers, connection: 'close' },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            done({
              status: res.statusCode ?? 0,
              headers: res.headers as Record<string, string | string[]>,
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      req.on('error', fail);
      req.end();
    },
  );
}

function expectFrontHeaders(headers: Record<string, unknown>, what: string) {
  for (const [name, value] of HEADERS) expect(headers[name.toLowerCase()], what).toBe(value);
  expect(headers['x-request-id'], what).toMatch(/^[0-9a-f-]{36}$/);
}

describe('answers on the wire', () => {
  it('carry the security headers, a request id, the type and the exact length: envelopes, refusals, 404s', async () => {
    for (const [path, status] of [
      ['/small', 200],
      ['/refused', 401],
      ['/nothing-here', 404],
    ] as const) {
      const res = await get(path, { language: 'th' });
      expect(res.status, path).toBe(status);
      expectFrontHeaders(res.headers, path);
      expect(res.headers['content-type'], path).toBe('application/json');
      expect(Number(res.headers['content-length']), path).toBe(res.body.byteLength);
      expect(res.headers['content-encoding'], path).toBeUndefined();
      expect(JSON.parse(res.body.toString('utf8')).resp_code, path).toBe(
        status === 200 ? 0 : status,
      );
    }
    const small = await get('/small');
    expect(JSON.parse(small.body.toString('utf8')).datas).toEqual({ word: 'กข' });
  });

  it('keep a well-formed request id from the caller', async () => {
    const res = await get('/small', { 'x-request-id': 'trace-12345678' });
    expect(res.headers['x-request-id']).toBe('trace-12345678');
  });

  it('compress a large envelope for a client that takes it, with its length and Vary', async () => {
    const plain = await get('/large');
    expect(plain.body.byteLength).toBeGreaterThan(1024);
    const br = await get('/large', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.body.byteLength);
    expectFrontHeaders(br.headers, 'br');
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(plain.body.toString('utf8'));
    const gzip = await get('/large', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(plain.body.toString('utf8'));
  });

  it('keep a header the route set (a cookie) beside the envelope, and give other answers the same headers', async () => {
    const cookie = await get('/cookie');
    expect(cookie.headers['set-cookie']).toEqual(['kept=yes; Path=/']);
    expect(cookie.headers['content-type']).toBe('application/json');
    expectFrontHeaders(cookie.headers, 'cookie');
    expect(JSON.parse(cookie.body.toString('utf8')).datas).toEqual({ cookie: true });
    const text = await get('/text');
    expect(text.status).toBe(202);
    expect(text.body.toString('utf8')).toBe('plain words');
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expectFrontHeaders(text.headers, 'text');
  });
});
