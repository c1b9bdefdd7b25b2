import { DEMO_ACCOUNT, seedDemo } from '@server/seed/demo';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { readLocale } from '../support/locales';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  await seedDemo(t);
});
afterEach(() => t.close());

const LOGIN = '/api-uaa/oauth/loginByPassword';
const attempt = (password: string, username: string = DEMO_ACCOUNT.email, language = 'en') =>
  t.call('POST', LOGIN, { json: { username, password }, language });

describe('failed logins per account', () => {
  it('lock the account after 10 failures in 15 minutes, even for the right password, until the window passes', async () => {
    for (let i = 0; i < 10; i++)
      expect((await attempt(`wrong-${i}`)).body.key).toBe('BAD_CREDENTIALS');
    const locked = await attempt(DEMO_ACCOUNT.password, DEMO_ACCOUNT.email, 'th');
    expect(locked.body.key).toBe('LOGIN_LOCKED');
    expect(locked.body.resp_msg).toBe(
      readLocale('th', 'errors').LOGIN_LOCKED.replace('{{minutes}}', '15'),
    );
    expect(locked.body.datas).toBeNull();
    t.clock.advance(14 * 60 * 1000);
    expect((await attempt(DEMO_ACCOUNT.password)).body.key).toBe('LOGIN_LOCKED');
    t.clock.advance(60 * 1000 + 1000);
    expect((await attempt(DEMO_ACCOUNT.password)).body.resp_code).toBe(0);
  });

  it('count failures in a sliding window: old ones drop out', async () => {
    for (let i = 0; i < 9; i++) await attempt('wrong');
    t.clock.advance(10 * 60 * 1000);
    await attempt('wrong');
    expect((await attempt(DEMO_ACCOUNT.password)).body.key).toBe('LOGIN_LOCKED');
    t.clock.advance(5 * 60 * 1000 + 1000);
    // The first nine left the window; one failure remains.
    expect((await attempt(DEMO_ACCOUNT.password)).body.resp_code).toBe(0);
  });

  it('reset on success', async () => {
    for (let i = 0; i < 9; i++) await attempt('wrong');
    expect((await attempt(DEMO_ACCOUNT.password)).body.resp_code).toBe(0);
    for (let i = 0; i < 9; i++) expect((await attempt('wrong')).body.key).toBe('BAD_CREDENTIALS');
    expect((await attempt(DEMO_ACCOUNT.password)).body.resp_code).toBe(0);
  });

  it('apply to unknown accounts the same way, so a lock says nothing about existence', async () => {
    for (let i = 0; i < 10; i++) await attempt('wrong', 'ghost@example.com');
    expect((await attempt('wrong', 'ghost@example.com')).body.key).toBe('LOGIN_LOCKED');
    expect((await attempt(DEMO_ACCOUNT.password)).body.resp_code).toBe(0);
  });
});

describe('failed logins per address', () => {
  it('stop an address after 30 failures in 15 minutes across accounts, then free it', async () => {
    for (let i = 0; i < 30; i++)
      expect((await attempt('wrong', `spray-${i}@example.com`)).body.key).toBe('BAD_CREDENTIALS');
    const blocked = await attempt(DEMO_ACCOUNT.password, DEMO_ACCOUNT.email, 'zh');
    expect(blocked.body.key).toBe('RATE_LIMITED');
    expect(blocked.body.resp_msg).toBe(
      readLocale('zh', 'errors').RATE_LIMITED.replace('{{minutes}}', '15'),
    );
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await attempt(DEMO_ACCOUNT.password)).body.resp_code).toBe(0);
  });
});
