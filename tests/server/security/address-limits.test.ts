import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sessions } from '@server/db/schema/index';
import { readEnv } from '@server/env';
import { clientAddress, isProxyList, proxyTrust } from '@server/lib/client-address';
import { hashToken } from '@server/lib/tokens';
import { DEMO_ACCOUNT } from '@server/seed/demo';
import { API_CLIENTS, basicClientAuth, HEADERS } from '@shared/contracts/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { forgetLimits, solveSlider } from '../../support/accounts';
import { createTestApp, type TestApp } from '../../support/app';

/**
 * Limits key on the real client: behind our own proxies (TRUSTED_PROXIES) the address they
 * forwarded, read from the right of X-Forwarded-For; from anyone else the socket's peer. And an
 * account's failures never shut its owner out.
 */
const LOGIN = '/api-uaa/oauth/loginByPassword';
const PROXY = '10.0.0.5';

/**
 * One app for the file, behind our proxies: an inner network (10.0.0.0/8, IPv4-mapped too), an
 * edge proxy (192.168.1.1), an IPv6 network (fd00::/8) and a proxy on this machine (127.0.0.1).
 * Every test starts with no failures.
 */
let a: TestApp;
beforeAll(async () => {
  a = await createTestApp({
    config: { trustedProxies: ['10.0.0.0/8', '192.168.1.1', 'fd00::/8', '127.0.0.1'] },
    from: 'demo',
  });
});
afterAll(() => a.close());
beforeEach(() => forgetLimits(a));

type Via = { peer: string; forwardedFor?: string };
const headersOf = (via: Via): Record<string, string> =>
  via.forwardedFor ? { 'x-forwarded-for': via.forwardedFor } : {};

/**
 * 30 failed sign-ins from one client, at once: wrong e-mail codes for 30 addresses, which count
 * toward the same address limit as wrong passwords (without the password hashing's work).
 */
async function flood(app: TestApp, via: (i: number) => Via) {
  const answers = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      app.call('POST', '/api-uaa/oauth/loginByCode', {
        json: { email: `spray-${i}@example.com`, code: '000000' },
        peer: via(i).peer,
        headers: headersOf(via(i)),
      }),
    ),
  );
  expect(answers.map((answer) => answer.body.key)).toEqual(Array(30).fill('CODE_INVALID'));
}

function signIn(app: TestApp, via: Via, username: string, password: string, captchaToken?: string) {
  return app.call('POST', LOGIN, {
    json: { username, password, ...(captchaToken ? { captchaToken } : {}) },
    peer: via.peer,
    headers: headersOf(via),
  });
}

/** The address a session recorded, found by its token. */
async function sessionAddress(app: TestApp, token: string) {
  const [session] = await app.db
    .select({ ip: sessions.ip })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return session?.ip;
}

describe('behind a trusted proxy', () => {
  it('counts failures by the client the proxy forwarded, so one client’s flood leaves the others alone', async () => {
    await flood(a, () => ({ peer: PROXY, forwardedFor: '203.0.113.7' }));
    const flooder = await signIn(
      a,
      { peer: PROXY, forwardedFor: '203.0.113.7' },
      DEMO_ACCOUNT.email,
      DEMO_ACCOUNT.password,
    );
    expect(flooder.body.key).toBe('RATE_LIMITED');
    const other = await signIn(
      a,
      { peer: PROXY, forwardedFor: '198.51.100.9' },
      DEMO_ACCOUNT.email,
      DEMO_ACCOUNT.password,
    );
    expect(other.body.resp_code, other.text).toBe(0);
    // The session records the client, not the proxy.
    expect(await sessionAddress(a, other.body.datas.access_token)).toBe('198.51.100.9');
  });

  it('never counts a forged left part: what the client wrote itself sits left of what the proxies added', async () => {
    // The client sends "X-Forwarded-For: 198.51.100.<i>"; the edge proxy (192.168.1.1) adds the
    // client's address, the inner proxy (10.0.0.5) adds the edge proxy's.
    await flood(a, (i) => ({
      peer: PROXY,
      forwardedFor: `198.51.100.${i}, 203.0.113.7, 192.168.1.1`,
    }));
    const forged = await signIn(
      a,
      { peer: PROXY, forwardedFor: '198.51.100.200, 203.0.113.7, 192.168.1.1' },
      DEMO_ACCOUNT.email,
      DEMO_ACCOUNT.password,
    );
    expect(forged.body.key).toBe('RATE_LIMITED');
  });

  it('reads IPv6 clients and proxies, and an IPv4 proxy seen as IPv4-mapped IPv6', async () => {
    await flood(a, () => ({ peer: 'fd00::1', forwardedFor: '2001:db8::5' }));
    const flooder = await signIn(
      a,
      { peer: `::ffff:${PROXY}`, forwardedFor: '[2001:db8::5]:443' },
      DEMO_ACCOUNT.email,
      DEMO_ACCOUNT.password,
    );
    expect(flooder.body.key).toBe('RATE_LIMITED');
    const other = await signIn(
      a,
      { peer: 'fd00::1', forwardedFor: '2001:db8::6' },
      DEMO_ACCOUNT.email,
      DEMO_ACCOUNT.password,
    );
    expect(other.body.resp_code, other.text).toBe(0);
  });
});

describe('without a trusted proxy', () => {
  const wrongCode = (app: TestApp, via: Via) =>
    app.call('POST', '/api-uaa/oauth/loginByCode', {
      json: { email: 'someone@example.com', code: '000000' },
      peer: via.peer,
      headers: headersOf(via),
    });

  it.each([
    ['none configured (the default)', true],
    ['a peer that is not one of them', false],
  ])('ignores X-Forwarded-For: %s', async (_, ownApp) => {
    let b = a;
    if (ownApp) {
      // The default configuration; an empty database will do, no sign-in succeeds here.
      b = await createTestApp();
      onTestFinished(() => b.close());
    }
    await flood(b, (i) => ({ peer: '192.0.2.50', forwardedFor: `198.51.100.${i}` }));
    const again = await wrongCode(b, { peer: '192.0.2.50', forwardedFor: '198.51.100.250' });
    expect(again.body.key).toBe('RATE_LIMITED');
    // Another peer is not stopped: its wrong code is checked.
    expect((await wrongCode(b, { peer: '192.0.2.51' })).body.key).toBe('CODE_INVALID');
  });
});

describe('an account under attack', () => {
  it('still lets its owner in with the right password and a solved slider, at once', async () => {
    // 10 failures from 10 addresses, at once (the old lock's count): no address is stopped, the
    // account is past its share (5), and the 5 beyond it each came with a solved slider.
    const tokens: string[] = [];
    for (let i = 0; i < 5; i++) tokens.push(await solveSlider(a));
    const wave = (count: number, from: number, withTokens: boolean) =>
      Promise.all(
        Array.from({ length: count }, (_, i) =>
          signIn(
            a,
            { peer: PROXY, forwardedFor: `203.0.113.${from + i}` },
            DEMO_ACCOUNT.email,
            `wrong-${from + i}`,
            withTokens ? tokens[i] : undefined,
          ),
        ),
      );
    for (const answers of [await wave(5, 0, false), await wave(5, 5, true)])
      expect(answers.map((answer) => answer.body.key)).toEqual(
        answers.map(() => 'BAD_CREDENTIALS'),
      );
    const owner = { peer: PROXY, forwardedFor: '198.51.100.1' };
    const asked = await signIn(a, owner, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    expect(asked.body.key).toBe('LOGIN_CAPTCHA_REQUIRED');
    const inside = await signIn(
      a,
      owner,
      DEMO_ACCOUNT.email,
      DEMO_ACCOUNT.password,
      await solveSlider(a),
    );
    expect(inside.body.resp_code, inside.text).toBe(0);
    // Ten password checks, some of them at once: room for a busy machine.
  }, 60_000);
});

describe('over a real connection', () => {
  it('takes the peer from the socket, and behind it (a trusted proxy) the address it forwarded', async () => {
    const server = serve({ fetch: a.app.fetch, port: 0, hostname: '127.0.0.1' });
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
    if (!server.listening) await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const signInOver = async (headers: Record<string, string>) => {
      const response = await fetch(`http://127.0.0.1:${port}${LOGIN}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [HEADERS.authorization]: basicClientAuth(API_CLIENTS.console),
          ...headers,
        },
        body: JSON.stringify({ username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
      });
      const body = await response.json();
      expect(body.resp_code, JSON.stringify(body)).toBe(0);
      return sessionAddress(a, body.datas.access_token);
    };
    expect(await signInOver({})).toBe('127.0.0.1');
    expect(await signInOver({ 'x-forwarded-for': '198.51.100.44' })).toBe('198.51.100.44');
  });
});

describe('TRUSTED_PROXIES', () => {
  it('takes addresses and CIDR networks, IPv4 and IPv6, and refuses anything else at start', () => {
    expect(
      readEnv({ TRUSTED_PROXIES: '10.0.0.0/8, 192.168.1.1 fd00::/8,::1' }).TRUSTED_PROXIES,
    ).toBe('10.0.0.0/8, 192.168.1.1 fd00::/8,::1');
    expect(readEnv({}).TRUSTED_PROXIES).toBeUndefined();
    for (const bad of ['loadbalancer', '10.0.0.0/33', 'fd00::/129', '10.0.0.1:80', '10.0.0.0/8/1'])
      expect(() => readEnv({ TRUSTED_PROXIES: bad }), bad).toThrow(/TRUSTED_PROXIES/);
    expect(isProxyList('')).toBe(true);
  });

  it('walks X-Forwarded-For from the right past trusted hops only', () => {
    const trust = proxyTrust(['10.0.0.0/8', '2001:db8:ff::/48']);
    expect(clientAddress('10.1.2.3', '1.1.1.1, 2.2.2.2, 10.0.0.9', trust)).toBe('2.2.2.2');
    expect(clientAddress('10.1.2.3', '10.0.0.8, 10.0.0.9', trust)).toBe('10.0.0.8');
    expect(clientAddress('10.1.2.3', undefined, trust)).toBe('10.1.2.3');
    expect(clientAddress('10.1.2.3', 'garbage, 10.0.0.9', trust)).toBe('10.0.0.9');
    expect(clientAddress('8.8.8.8', '1.1.1.1', trust)).toBe('8.8.8.8');
    expect(clientAddress('2001:db8:ff::1', '2001:DB8::7', trust)).toBe('2001:db8::7');
    expect(clientAddress('::ffff:10.0.0.1', '"[2001:db8::9]:1234"', trust)).toBe('2001:db8::9');
    expect(clientAddress(null, '1.1.1.1', trust)).toBeNull();
    expect(clientAddress('10.1.2.3', '1.1.1.1', proxyTrust([]))).toBe('10.1.2.3');
  });
});
