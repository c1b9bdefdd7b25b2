import { DEMO_ACCOUNT } from '@server/seed/demo';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetLimits, solveSlider } from '../../support/accounts';
import { createTestApp, type TestApp } from '../../support/app';

/**
 * Whether an address has an account is said only to someone who solved the slider, and each
 * such answer counts toward the caller's lookup limit (30 in 10 minutes, shared with existMobile).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ from: 'demo' });
});
afterAll(() => t.close());
beforeEach(() => forgetLimits(t));

const sendCode = (email: string, captchaToken: string, peer = '203.0.113.20') =>
  t.call(
    'POST',
    `/api-user/register/sendValidateCode?${new URLSearchParams({ email, type: 'register', captchaToken })}`,
    { peer },
  );

describe('asking for a registration code', () => {
  it('with a dummy slider token says nothing about the account, however often', async () => {
    const answers = [];
    for (let i = 0; i < 35; i++) answers.push(await sendCode(DEMO_ACCOUNT.email, `dummy-${i}`));
    expect(answers.map((answer) => answer.body.key)).toEqual(Array(35).fill('CAPTCHA_REQUIRED'));
    // An address without an account gets the very same answer.
    expect((await sendCode('nobody@example.com', 'dummy')).body.key).toBe('CAPTCHA_REQUIRED');
  });

  it('with a solved slider counts its lookup within the lookup limit before saying anything', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await t.call(
        'GET',
        `/api-user/register/existMobile?mobile=someone-${i}@example.com`,
        { peer: '203.0.113.20' },
      );
      expect(res.body.resp_code, res.text).toBe(0);
    }
    const limited = await sendCode(DEMO_ACCOUNT.email, await solveSlider(t));
    expect(limited.body.key).toBe('RATE_LIMITED');
    // Another caller still learns it, after its slider.
    const told = await sendCode(DEMO_ACCOUNT.email, await solveSlider(t), '203.0.113.21');
    expect(told.body.key).toBe('ACCOUNT_ALREADY_REGISTERED');
  });
});

describe('registering', () => {
  it('with a forged ticket answers the same for an address with and without an account', async () => {
    const register = (email: string) =>
      t.call('POST', '/api-user/register/register', {
        json: {
          email,
          ticket: 'forged-ticket',
          password: 'Secret-pass1',
          confirmPassword: 'Secret-pass1',
          agree: true,
        },
      });
    expect((await register(DEMO_ACCOUNT.email)).body.key).toBe('TICKET_INVALID');
    expect((await register('nobody@example.com')).body.key).toBe('TICKET_INVALID');
  });
});
