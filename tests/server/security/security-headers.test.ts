import { createLogger } from '@server/lib/logger';
import { createSandboxApp } from '@server/sandbox/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import wxtConfig from '../../../wxt.config';
import { createTestApp, type TestApp } from '../../support/app';

/**
 * Every answer of the console and API carries the security headers, whatever answers it (a route,
 * the static console, a refusal, an error); HSTS only where people reach the server over TLS
 * (PUBLIC_URL https). The sandbox's pages are never framed either, and the extension's pages have
 * a content security policy of their own.
 */
function expectSecurityHeaders(headers: Headers, what: string) {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("script-src 'self'");
  expect(csp, what).toContain("default-src 'self'");
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('referrer-policy'), what).toBe('no-referrer');
  expect(headers.get('x-frame-options'), what).toBe('DENY');
}

describe('the console and API over plain HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('send the security headers on every kind of answer, and no HSTS', async () => {
    const answers: [string, Response | Promise<Response>][] = [
      ['an API call', t.app.request('/api-user/public/getSiteList')],
      ['a refusal (no session)', t.app.request('/api-user/wallet/summary')],
      ['an unknown address', t.app.request('/api-user/nothing-here')],
      ['the console (not built)', t.app.request('/cmp/')],
      ['the API reference', t.app.request('/api-docs/openapi.json')],
      ['a missing download', t.app.request('/downloads/extension.zip')],
      [
        'a body too large',
        t.app.request('/api-user/pay/notify/alipay', {
          method: 'POST',
          body: 'x'.repeat(70 * 1024),
        }),
      ],
    ];
    for (const [what, pending] of answers) {
      const response = await pending;
      expectSecurityHeaders(response.headers, `${what} (${response.status})`);
      expect(response.headers.get('strict-transport-security'), what).toBeNull();
    }
  });

  it('let the console show images from itself, data:, https: and its own object URLs (blob:), nothing else', async () => {
    const csp = (await t.app.request('/cmp/')).headers.get('content-security-policy') ?? '';
    const directives = new Map(
      csp.split(';').map((part) => {
        const [name = '', ...sources] = part.trim().split(/\s+/);
        return [name, sources] as const;
      }),
    );
    // The product editor shows stored media through object URLs (fetched with the session).
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    // blob: for images only: never for scripts, nor for anything the default covers.
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
  });

  it('send them on an internal error too', async () => {
    const broken = await createTestApp();
    await broken.close();
    const response = await broken.app.request('/api-user/public/getSiteList');
    expect(response.status).toBe(500);
    expectSecurityHeaders(response.headers, 'an internal error');
  });
});

describe('the console and API behind TLS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl: 'https://seller.example.com' } });
  });
  afterAll(() => t.close());

  it('add HSTS (PUBLIC_URL https)', async () => {
    for (const path of ['/api-user/public/getSiteList', '/cmp/', '/api-user/nothing-here']) {
      const response = await t.app.request(path);
      expectSecurityHeaders(response.headers, path);
      expect(response.headers.get('strict-transport-security'), path).toBe('max-age=31536000');
    }
  });
});

describe('the sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is never framed, and answers only loopback names when served on loopback', async () => {
    const page = await t.sandbox.request('/pay');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');

    const local = createSandboxApp({
      marketplaces: { config: t.deps.config.marketplaces, callbackUrl: 'http://app.test/cb' },
      db: t.db,
      clock: t.clock,
      logger: createLogger({ write: () => undefined }),
      publicUrl: 'http://localhost:8081',
      apps: [],
      fetch,
      localOnly: true,
    });
    expect((await local.request('http://localhost:8081/tester')).status).toBe(200);
    expect((await local.request('http://127.0.0.1:8081/tester')).status).toBe(200);
    expect((await local.request('http://[::1]:8081/tester')).status).toBe(200);
    const rebound = await local.request('http://rebound.example:8081/tester');
    expect(rebound.status).toBe(403);
    expect(rebound.headers.get('x-frame-options')).toBe('DENY');
    const crossSite = await local.request('http://localhost:8081/connect/qrconnect/confirm', {
      method: 'POST',
      headers: {
        'sec-fetch-site': 'same-site',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'openId=o1',
    });
    expect(crossSite.status).toBe(403);
  });
});

describe('the extension', () => {
  it('gives its own pages a content security policy, in Chrome and in Firefox', async () => {
    for (const browser of ['chrome', 'firefox']) {
      const manifest = await (typeof wxtConfig.manifest === 'function'
        ? wxtConfig.manifest({
            browser,
            manifestVersion: browser === 'firefox' ? 2 : 3,
            mode: 'production',
            command: 'build',
          })
        : wxtConfig.manifest);
      const policy = (manifest?.content_security_policy as { extension_pages?: string })
        ?.extension_pages;
      expect(policy, browser).toBe(
        "script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'",
      );
    }
  });
});
