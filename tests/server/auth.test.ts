import { createHash } from 'node:crypto';
import { sessions, users } from '@server/db/schema/index';
import { DEMO_ACCOUNT, seedDemo } from '@server/seed/demo';
import { API_CLIENTS, basicClientAuth } from '@shared/contracts/protocol';
import { UserInfoSchema } from '@shared/contracts/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { readLocale } from '../support/locales';

const LOGIN = '/api-uaa/oauth/loginByPassword';
const USER_INFO = '/api-user/user/userInfo';
const LOGOUT = '/api-uaa/oauth/remove/token';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t);
});
afterAll(() => t.close());

async function login(
  username: string = DEMO_ACCOUNT.email,
  password: string = DEMO_ACCOUNT.password,
) {
  const res = await t.call('POST', LOGIN, { json: { username, password } });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas.access_token as string;
}

describe('loginByPassword', () => {
  it('issues an opaque token of at least 128 random bits with the menu of the account', async () => {
    const res = await t.call('POST', LOGIN, {
      json: { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
      language: 'zh',
    });
    expect(res.status).toBe(200);
    expect(res.body.resp_code).toBe(0);
    expect(res.body.resp_msg).toBe(readLocale('zh', 'api').loginSuccess);
    const { access_token, expires_in, routerInfoList } = res.body.datas;
    expect(access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(access_token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(expires_in).toBe(12 * 60 * 60);
    expect(routerInfoList).toContainEqual({ url: '/cmpDashboard', button: [] });
    for (const entry of routerInfoList) {
      expect(entry.url.startsWith('/')).toBe(true);
      expect(Array.isArray(entry.button)).toBe(true);
    }
    // A main account does not get an operator-only or missing entry; it does get account management.
    expect(routerInfoList.map((e: { url: string }) => e.url)).toContain('/account/accountManage');
  });

  it('accepts the e-mail in any letter case and surrounding spaces', async () => {
    await expect(login('  DEMO@Example.COM ')).resolves.toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('gives two logins two different tokens', async () => {
    expect(await login()).not.toBe(await login());
  });

  it('stores only the SHA-256 of the token and an Argon2id hash of the password', async () => {
    const token = await login();
    const rows = await t.db.select().from(sessions);
    const digest = createHash('sha256').update(token).digest('hex');
    expect(rows.some((row) => row.tokenHash === digest)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);
    const [user] = await t.db.select().from(users);
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user?.passwordHash).not.toContain(DEMO_ACCOUNT.password);
  });

  it.each(['zh', 'th', 'en'] as const)(
    'answers a wrong password and an unknown account identically, translated (%s)',
    async (language) => {
      const wrong = await t.call('POST', LOGIN, {
        json: { username: DEMO_ACCOUNT.email, password: 'not-the-password1' },
        language,
      });
      const unknown = await t.call('POST', LOGIN, {
        json: { username: 'nobody@example.com', password: 'not-the-password1' },
        language,
      });
      expect(wrong.status).toBe(200);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body).toEqual({
        resp_code: 1001,
        resp_msg: readLocale(language, 'errors').BAD_CREDENTIALS,
        datas: null,
        key: 'BAD_CREDENTIALS',
      });
    },
  );

  it('refuses a client without basic client auth, or with a wrong secret', async () => {
    const json = { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password };
    const missing = await t.call('POST', LOGIN, { json, client: false });
    expect(missing.status).toBe(401);
    expect(missing.body.key).toBe('CLIENT_UNAUTHORIZED');
    const wrong = await t.call('POST', LOGIN, {
      json,
      client: false,
      headers: { authorization: basicClientAuth({ id: API_CLIENTS.console.id, secret: 'guess' }) },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.key).toBe('CLIENT_UNAUTHORIZED');
    expect(wrong.body.datas).toBeNull();
  });

  it('accepts the extension as a client too', async () => {
    const res = await t.call('POST', LOGIN, {
      json: { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
      client: false,
      headers: { authorization: basicClientAuth(API_CLIENTS.extension) },
    });
    expect(res.body.resp_code).toBe(0);
  });
});

describe('userInfo', () => {
  it('returns the userInfo fields of the signed-in account, by header or by query parameter', async () => {
    const token = await login();
    const byHeader = await t.call('GET', USER_INFO, { token });
    expect(byHeader.status).toBe(200);
    const info = UserInfoSchema.parse(byHeader.body.datas);
    expect(info).toMatchObject({
      username: DEMO_ACCOUNT.email,
      role: 'BUYER',
      isMain: true,
      subUserName: null,
      site: 'th',
      currency: 'THB',
      currencySymbol: '฿',
      balance: 0,
      freezeBalance: 0,
    });
    const byQuery = await t.call('GET', `${USER_INFO}?access_token=${encodeURIComponent(token)}`);
    expect(byQuery.body.datas).toEqual(byHeader.body.datas);
  });

  it.each(['zh', 'th', 'en'] as const)(
    'answers 401 with a message containing "token" without one or with a forged one (%s)',
    async (language) => {
      const none = await t.call('GET', USER_INFO, { language });
      expect(none.status).toBe(401);
      expect(none.body.key).toBe('TOKEN_MISSING');
      expect(none.body.resp_msg).toContain('token');
      const forged = await t.call('GET', USER_INFO, { token: 'A'.repeat(43), language });
      expect(forged.status).toBe(401);
      expect(forged.body.key).toBe('TOKEN_INVALID');
      expect(forged.body.resp_msg).toBe(readLocale(language, 'errors').TOKEN_INVALID);
      expect(forged.body.resp_msg).toContain('token');
    },
  );
});

describe('sessions', () => {
  it('ends a session at logout: the token never works again', async () => {
    const token = await login();
    const other = await login();
    const out = await t.call('POST', `${LOGOUT}?access_token=${encodeURIComponent(token)}`, {
      language: 'th',
    });
    expect(out.body).toEqual({
      resp_code: 0,
      resp_msg: readLocale('th', 'api').logoutSuccess,
      datas: null,
    });
    const after = await t.call('GET', USER_INFO, { token });
    expect(after.status).toBe(401);
    expect(after.body.key).toBe('TOKEN_INVALID');
    const again = await t.call('POST', LOGOUT, { token });
    expect(again.status).toBe(401);
    // Another session of the same account is untouched.
    expect((await t.call('GET', USER_INFO, { token: other })).body.resp_code).toBe(0);
  });

  it('expires after the idle window, and activity inside the window keeps it alive', async () => {
    const token = await login();
    t.clock.advance(11 * 60 * 60 * 1000);
    expect((await t.call('GET', USER_INFO, { token })).body.resp_code).toBe(0);
    t.clock.advance(11 * 60 * 60 * 1000);
    expect((await t.call('GET', USER_INFO, { token })).body.resp_code).toBe(0);
    t.clock.advance(12 * 60 * 60 * 1000 + 1000);
    const expired = await t.call('GET', USER_INFO, { token });
    expect(expired.status).toBe(401);
    expect(expired.body.key).toBe('TOKEN_EXPIRED');
    expect(expired.body.resp_msg).toContain('token');
  });

  it('expires at the absolute limit however active it is', async () => {
    const token = await login();
    for (let hours = 0; hours < 7 * 24 - 6; hours += 6) {
      t.clock.advance(6 * 60 * 60 * 1000);
      expect((await t.call('GET', USER_INFO, { token })).body.resp_code).toBe(0);
    }
    t.clock.advance(6 * 60 * 60 * 1000);
    expect((await t.call('GET', USER_INFO, { token })).body.key).toBe('TOKEN_EXPIRED');
  });
});
