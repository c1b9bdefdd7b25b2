import { take } from '@server/lib/rate-limit';
import { DEMO_ACCOUNT } from '@server/seed/demo';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetLimits, requestCode } from '../../support/accounts';
import { createTestApp, type TestApp } from '../../support/app';

/**
 * A limit counts a try and checks the count in one step: parallel tries cannot all read "under
 * the limit" before any of them is counted. Every BAD_CREDENTIALS answer is a password really
 * checked, so counting them counts the checks. Runs on PGlite and, in the PostgreSQL project, on
 * PostgreSQL with its pool of connections.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ from: 'demo', smtp: true });
});
afterAll(() => t.close());
beforeEach(() => forgetLimits(t));

const LOGIN = '/api-uaa/oauth/loginByPassword';

function tally(answers: { body: Record<string, any> }[]) {
  const keys: Record<string, number> = {};
  for (const answer of answers)
    keys[answer.body.key ?? 'OK'] = (keys[answer.body.key ?? 'OK'] ?? 0) + 1;
  return keys;
}

describe('parallel wrong passwords', () => {
  it('for one account get no more password checks than its share (5); the rest are asked for the slider', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.call('POST', LOGIN, {
          json: { username: DEMO_ACCOUNT.email, password: `wrong-${i}` },
          peer: `203.0.113.${i}`,
        }),
      ),
    );
    expect(tally(answers)).toEqual({ BAD_CREDENTIALS: 5, LOGIN_CAPTCHA_REQUIRED: 35 });
    // 40 requests at once on a busy machine: room for them to be answered.
  }, 60_000);

  it('from one address get no more checks than its limit (30); the rest are refused', async () => {
    // Wrong passwords and wrong e-mail codes, which count toward the same limit (the codes spare
    // the password hashing's work), all at once.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 5 === 0
          ? t.call('POST', LOGIN, {
              json: { username: `spray-${i}@example.com`, password: 'wrong' },
              peer: '198.51.100.77',
            })
          : t.call('POST', '/api-uaa/oauth/loginByCode', {
              json: { email: `spray-${i}@example.com`, code: '000000' },
              peer: '198.51.100.77',
            }),
      ),
    );
    const { BAD_CREDENTIALS = 0, CODE_INVALID = 0, ...rest } = tally(answers);
    expect(BAD_CREDENTIALS + CODE_INVALID).toBe(30);
    expect(BAD_CREDENTIALS).toBeLessThanOrEqual(8);
    expect(rest).toEqual({ RATE_LIMITED: 10 });
  }, 60_000);
});

describe('parallel wrong e-mail codes', () => {
  it('get no more than the code’s 5 guesses, and the code is spent after them', async () => {
    const code = await requestCode(t, DEMO_ACCOUNT.email, 'login');
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.call('POST', '/api-uaa/oauth/loginByCode', {
          json: { email: DEMO_ACCOUNT.email, code: wrong },
          peer: `198.51.100.${i}`,
        }),
      ),
    );
    expect(tally(answers)).toEqual({ CODE_INVALID: 39, CODE_ATTEMPTS_EXCEEDED: 1 });
    const right = await t.call('POST', '/api-uaa/oauth/loginByCode', {
      json: { email: DEMO_ACCOUNT.email, code },
      peer: '198.51.100.200',
    });
    expect(right.body.key).toBe('CODE_INVALID');
  });
});

describe('a limit', () => {
  it('counts exactly its maximum of 40 parallel events, and answers when it frees', async () => {
    const limit = { key: 'test:parallel', max: 10, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 40 }, () => take(t.db, t.clock, limit)));
    expect(results.filter((result) => result.counted)).toHaveLength(10);
    for (const refused of results.filter((result) => !result.counted))
      expect(refused.retryAfterMs).toBe(60_000);
    t.clock.advance(60_000);
    expect((await take(t.db, t.clock, limit)).counted).toBe(true);
  });
});
