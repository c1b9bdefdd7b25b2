import { failureDelayMs } from '@server/modules/auth/auth.service';
import { DEMO_ACCOUNT } from '@server/seed/demo';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { forgetLimits, solveSlider } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { readLocale } from '../support/locales';

// One app for the file; every test starts with no failures counted anywhere.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ from: 'demo' });
});
afterAll(() => t.close());
beforeEach(() => forgetLimits(t));

const LOGIN = '/api-uaa/oauth/loginByPassword';
const attempt = (
  password: string,
  username: string = DEMO_ACCOUNT.email,
  language = 'en',
  captchaToken?: string,
) =>
  t.call('POST', LOGIN, {
    json: { username, password, ...(captchaToken ? { captchaToken } : {}) },
    language,
  });

const wrongCode = (email: string) =>
  t.call('POST', '/api-uaa/oauth/loginByCode', { json: { email, code: '000000' } });

describe('failed logins per account', () => {
  it('ask for a solved slider after 5 failures in 15 minutes, even with the right password, until the window passes', async () => {
    for (let i = 0; i < 5; i++)
      expect((await attempt(`wrong-${i}`)).body.key).toBe('BAD_CREDENTIALS');
    const asked = await attempt(DEMO_ACCOUNT.password, DEMO_ACCOUNT.email, 'th');
    expect(asked.body.key).toBe('LOGIN_CAPTCHA_REQUIRED');
    expect(asked.body.resp_msg).toBe(readLocale('th', 'errors').LOGIN_CAPTCHA_REQUIRED);
    expect(asked.body.datas).toBeNull();
    t.clock.advance(14 * 60 * 1000);
    expect((await attempt(DEMO_ACCOUNT.password)).body.key).toBe('LOGIN_CAPTCHA_REQUIRED');
    t.clock.advance(60 * 1000 + 1000);
    expect((await attempt(DEMO_ACCOUNT.password)).body.resp_code).toBe(0);
  });

  it('let the right password with a solved slider in at once, however many failures came before', async () => {
    for (let i = 0; i < 5; i++) await attempt(`wrong-${i}`);
    // Each further try takes a slider of its own: a wrong password spends it.
    const token = await solveSlider(t);
    expect((await attempt('wrong-again', DEMO_ACCOUNT.email, 'en', token)).body.key).toBe(
      'BAD_CREDENTIALS',
    );
    expect((await attempt(DEMO_ACCOUNT.password, DEMO_ACCOUNT.email, 'en', token)).body.key).toBe(
      'LOGIN_CAPTCHA_REQUIRED',
    );
    expect(
      (await attempt(DEMO_ACCOUNT.password, DEMO_ACCOUNT.email, 'en', 'forged')).body.key,
    ).toBe('LOGIN_CAPTCHA_REQUIRED');
    const signedIn = await attempt(
      DEMO_ACCOUNT.password,
      DEMO_ACCOUNT.email,
      'en',
      await solveSlider(t),
    );
    expect(signedIn.body.resp_code, signedIn.text).toBe(0);
    // A success clears the account's failures: no slider for the next sign-in.
    expect((await attempt(DEMO_ACCOUNT.password)).body.resp_code).toBe(0);
  });

  it('count failures in a sliding window: old ones drop out', async () => {
    for (let i = 0; i < 4; i++) await attempt('wrong');
    t.clock.advance(10 * 60 * 1000);
    await attempt('wrong');
    expect((await attempt(DEMO_ACCOUNT.password)).body.key).toBe('LOGIN_CAPTCHA_REQUIRED');
    t.clock.advance(5 * 60 * 1000 + 1000);
    // The first four left the window; one failure remains.
    expect((await attempt(DEMO_ACCOUNT.password)).body.resp_code).toBe(0);
  });

  it('reset on success', async () => {
    for (let i = 0; i < 4; i++) await attempt('wrong');
    expect((await attempt(DEMO_ACCOUNT.password)).body.resp_code).toBe(0);
    for (let i = 0; i < 4; i++) expect((await attempt('wrong')).body.key).toBe('BAD_CREDENTIALS');
    expect((await attempt(DEMO_ACCOUNT.password)).body.resp_code).toBe(0);
  });

  it('apply to unknown accounts the same way, so the slider says nothing about existence', async () => {
    for (let i = 0; i < 5; i++)
      expect((await attempt('wrong', 'ghost@example.com')).body.key).toBe('BAD_CREDENTIALS');
    expect((await attempt('wrong', 'ghost@example.com')).body.key).toBe('LOGIN_CAPTCHA_REQUIRED');
    expect((await attempt(DEMO_ACCOUNT.password)).body.resp_code).toBe(0);
  });

  it('answer failures later and later: none for the first two, then doubling from half a second to 8 s', async () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(failureDelayMs)).toEqual([
      0, 0, 500, 1000, 2000, 4000, 8000, 8000,
    ]);
    for (let i = 0; i < 5; i++) await attempt('wrong');
    expect(t.clock.waits).toEqual([500, 1000, 2000]);
    for (let i = 0; i < 3; i++)
      await attempt('wrong', DEMO_ACCOUNT.email, 'en', await solveSlider(t));
    expect(t.clock.waits).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    // Asking for the slider checks no password and waits for nothing; neither does a success.
    await attempt(DEMO_ACCOUNT.password);
    await attempt(DEMO_ACCOUNT.password, DEMO_ACCOUNT.email, 'en', await solveSlider(t));
    expect(t.clock.waits).toHaveLength(6);
  });

  it('wait on a timer: other sign-ins are answered while a failure waits', async () => {
    const held: (() => void)[] = [];
    const noted = t.clock.sleep;
    onTestFinished(() => {
      t.clock.sleep = noted;
    });
    t.clock.sleep = () => new Promise<void>((resolve) => held.push(resolve));
    for (let i = 0; i < 2; i++) await attempt('wrong', 'slow@example.com');
    let answered = false;
    const slow = attempt('wrong', 'slow@example.com').then((res) => {
      answered = true;
      return res;
    });
    await expect.poll(() => held.length).toBe(1);
    expect((await attempt(DEMO_ACCOUNT.password)).body.resp_code).toBe(0);
    expect(answered).toBe(false);
    held[0]?.();
    expect((await slow).body.key).toBe('BAD_CREDENTIALS');
  });
});

describe('failed logins per address', () => {
  it('stop an address after 30 failures in 15 minutes across accounts, then free it', async () => {
    // Wrong passwords for 5 accounts and wrong e-mail codes for 25 more (one limit for both; the
    // codes spare the password hashing's work).
    for (let i = 0; i < 5; i++)
      expect((await attempt('wrong', `spray-${i}@example.com`)).body.key).toBe('BAD_CREDENTIALS');
    for (let i = 5; i < 30; i++)
      expect((await wrongCode(`spray-${i}@example.com`)).body.key).toBe('CODE_INVALID');
    const blocked = await attempt(DEMO_ACCOUNT.password, DEMO_ACCOUNT.email, 'zh');
    expect(blocked.body.key).toBe('RATE_LIMITED');
    expect(blocked.body.resp_msg).toBe(
      readLocale('zh', 'errors').RATE_LIMITED.replace('{{minutes}}', '15'),
    );
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await attempt(DEMO_ACCOUNT.password)).body.resp_code).toBe(0);
  });

  it('count neither successes nor the tries refused for want of a slider', async () => {
    for (let i = 0; i < 5; i++) await attempt('wrong', 'target@example.com');
    for (let i = 0; i < 3; i++) {
      expect((await attempt('wrong', 'target@example.com')).body.key).toBe(
        'LOGIN_CAPTCHA_REQUIRED',
      );
      expect((await attempt(DEMO_ACCOUNT.password)).body.resp_code).toBe(0);
    }
    // 5 failures so far: 25 more fit before the address is stopped (wrong e-mail codes count
    // toward the same limit).
    for (let i = 0; i < 25; i++)
      expect((await wrongCode(`spray-${i}@example.com`)).body.key).toBe('CODE_INVALID');
    expect((await attempt('wrong', 'spray-x@example.com')).body.key).toBe('RATE_LIMITED');
  });
});
