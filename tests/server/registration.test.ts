import { mailOutbox } from '@server/db/schema/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, registerAccount, requestCode, solveSlider } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { readLocale } from '../support/locales';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: true });
});
afterAll(() => t.close());

const minutes = (n: number) => n * 60 * 1000;

describe('registration', () => {
  it.each(['zh', 'th', 'en'] as const)(
    'sends the code by SMTP in the asker’s language, and registers with it (%s)',
    async (language) => {
      const email = `new-${language}@example.com`;
      const token = await registerAccount(t, email, 'Secret-pass1', language);
      const mail = await t.smtp?.latestTo(email);
      expect(mail?.subject).toContain(
        readLocale(language, 'mail').codeSubject.replace(' {{code}}', '').trim().slice(0, 6),
      );
      expect(mail?.text).toMatch(/\b\d{6}\b/);
      const info = await t.call('GET', '/api-user/user/userInfo', { token });
      expect(info.body.datas).toMatchObject({ email, role: 'BUYER', isMain: true });
      // A new account has not onboarded: the login check answers with no data.
      expect((await t.call('GET', '/api-user/user/loginCheck', { token })).body).toMatchObject({
        resp_code: 0,
        datas: null,
      });
    },
  );

  it('answers "already registered, log in directly" for an address that has an account', async () => {
    await registerAccount(t, 'taken@example.com');
    const captchaToken = await solveSlider(t);
    const res = await t.call(
      'POST',
      `/api-user/register/sendValidateCode?email=taken@example.com&type=register&captchaToken=${captchaToken}`,
      {
        language: 'th',
      },
    );
    expect(res.body).toMatchObject({
      key: 'ACCOUNT_ALREADY_REGISTERED',
      resp_msg: readLocale('th', 'errors').ACCOUNT_ALREADY_REGISTERED,
    });
  });

  it('needs a solved slider for every code, and a solved slider works once', async () => {
    const none = await t.call(
      'POST',
      '/api-user/register/sendValidateCode?email=a1@example.com&type=register',
    );
    expect(none.body.key).toBe('VALIDATION_FAILED');
    const forged = await t.call(
      'POST',
      '/api-user/register/sendValidateCode?email=a1@example.com&type=register&captchaToken=forged',
    );
    expect(forged.body.key).toBe('CAPTCHA_REQUIRED');
    const token = await solveSlider(t);
    const first = await t.call(
      'POST',
      `/api-user/register/sendValidateCode?email=a1@example.com&type=register&captchaToken=${token}`,
    );
    expect(first.body.resp_code).toBe(0);
    t.clock.advance(minutes(2));
    const reused = await t.call(
      'POST',
      `/api-user/register/sendValidateCode?email=a1@example.com&type=register&captchaToken=${token}`,
    );
    expect(reused.body.key).toBe('CAPTCHA_REQUIRED');
  });

  it('refuses a registration without a verified ticket, with a weak password, or with mismatched passwords', async () => {
    const bad = await t.call('POST', '/api-user/register/register', {
      json: {
        email: 'b1@example.com',
        ticket: 'forged-ticket',
        password: 'Secret-pass1',
        confirmPassword: 'Secret-pass1',
        agree: true,
      },
    });
    expect(bad.body.key).toBe('TICKET_INVALID');
    const weak = await t.call('POST', '/api-user/register/register', {
      json: {
        email: 'b1@example.com',
        ticket: 'x',
        password: 'abcdefgh',
        confirmPassword: 'abcdefg',
        agree: false,
      },
      language: 'en',
    });
    const validation = readLocale('en', 'validation');
    expect(weak.body.datas.fields).toEqual([
      { field: 'password', message: validation.password },
      { field: 'agree', message: validation.mustAgree },
      { field: 'confirmPassword', message: validation.passwordMismatch },
    ]);
  });

  it('uses a ticket once', async () => {
    const email = 'once@example.com';
    const code = await requestCode(t, email, 'register');
    const checked = await t.call(
      'POST',
      `/api-user/register/checkValidateCode?email=${email}&code=${code}&type=register`,
    );
    const body = {
      email,
      ticket: checked.body.datas.ticket,
      password: 'Secret-pass1',
      confirmPassword: 'Secret-pass1',
      agree: true,
    };
    expect(
      (await t.call('POST', '/api-user/register/register', { json: body })).body.resp_code,
    ).toBe(0);
    const again = await t.call('POST', '/api-user/register/register', {
      json: { ...body, email: 'other@example.com' },
    });
    expect(again.body.key).toBe('TICKET_INVALID');
  });
});

describe('codes', () => {
  it('are single use', async () => {
    const email = 'single@example.com';
    const code = await requestCode(t, email, 'register');
    const check = () =>
      t.call(
        'POST',
        `/api-user/register/checkValidateCode?email=${email}&code=${code}&type=register`,
      );
    expect((await check()).body.resp_code).toBe(0);
    expect((await check()).body.key).toBe('CODE_INVALID');
  });

  it('expire after 10 minutes', async () => {
    const email = 'expiry@example.com';
    const code = await requestCode(t, email, 'register');
    t.clock.advance(minutes(10) + 1000);
    const res = await t.call(
      'POST',
      `/api-user/register/checkValidateCode?email=${email}&code=${code}&type=register`,
      { language: 'zh' },
    );
    expect(res.body).toMatchObject({
      key: 'CODE_EXPIRED',
      resp_msg: readLocale('zh', 'errors').CODE_EXPIRED,
    });
  });

  it('allow 5 wrong guesses, then the code is dead even when right', async () => {
    const email = 'guess@example.com';
    const code = await requestCode(t, email, 'register');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const res = await t.call(
        'POST',
        `/api-user/register/checkValidateCode?email=${email}&code=${wrong}&type=register`,
      );
      expect(res.body.key).toBe('CODE_INVALID');
    }
    const fifth = await t.call(
      'POST',
      `/api-user/register/checkValidateCode?email=${email}&code=${wrong}&type=register`,
      { language: 'th' },
    );
    expect(fifth.body).toMatchObject({
      key: 'CODE_ATTEMPTS_EXCEEDED',
      resp_msg: readLocale('th', 'errors').CODE_ATTEMPTS_EXCEEDED,
    });
    const right = await t.call(
      'POST',
      `/api-user/register/checkValidateCode?email=${email}&code=${code}&type=register`,
    );
    expect(right.body.key).toBe('CODE_INVALID');
  });

  it('only the newest code of an address works', async () => {
    const email = 'newest@example.com';
    const first = await requestCode(t, email, 'register');
    t.clock.advance(minutes(1) + 1000);
    const second = await requestCode(t, email, 'register');
    if (first !== second) {
      const old = await t.call(
        'POST',
        `/api-user/register/checkValidateCode?email=${email}&code=${first}&type=register`,
      );
      expect(old.body.key).toBe('CODE_INVALID');
    }
    expect(
      (
        await t.call(
          'POST',
          `/api-user/register/checkValidateCode?email=${email}&code=${second}&type=register`,
        )
      ).body.resp_code,
    ).toBe(0);
  });

  it('wait a minute between sends of one purpose, allow 5 an hour, and free up when the hour passes', async () => {
    const email = 'limits@example.com';
    const send = async (language = 'en', type = 'register') =>
      t.call(
        'POST',
        `/api-user/register/sendValidateCode?email=${email}&type=${type}&captchaToken=${await solveSlider(t)}`,
        { language },
      );
    expect((await send()).body.resp_code).toBe(0);
    const soon = await send('zh');
    expect(soon.body.key).toBe('CODE_RESEND_TOO_SOON');
    expect(soon.body.resp_msg).toMatch(/\d+/);
    // Another purpose is not held up by the pause, but counts towards the hour.
    expect((await send('en', 'reset')).body.resp_code).toBe(0);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(minutes(1) + 1000);
      expect((await send()).body.resp_code).toBe(0);
    }
    t.clock.advance(minutes(1) + 1000);
    const sixth = await send('en');
    expect(sixth.body.key).toBe('CODE_SEND_LIMIT');
    expect(sixth.body.resp_msg).toContain('try again in');
    t.clock.advance(minutes(56));
    expect((await send()).body.resp_code).toBe(0);
  });
});

describe('sign-in by e-mail code', () => {
  it('signs an existing account in with a login code', async () => {
    const email = 'codelogin@example.com';
    await registerAccount(t, email);
    t.clock.advance(minutes(2));
    const code = await requestCode(t, email, 'login', 'zh');
    const res = await t.call('POST', '/api-uaa/oauth/loginByCode', {
      json: { email, code },
      language: 'zh',
    });
    expect(res.body).toMatchObject({
      resp_code: 0,
      resp_msg: readLocale('zh', 'api').loginSuccess,
    });
    expect(res.body.datas.routerInfoList.length).toBeGreaterThan(0);
  });

  it('mails a stranger’s address a note instead of a code, and answers the same way', async () => {
    const email = 'stranger@example.com';
    const captchaToken = await solveSlider(t);
    const res = await t.call(
      'POST',
      `/api-user/register/sendValidateCode?email=${email}&type=login&captchaToken=${captchaToken}`,
    );
    expect(res.body.resp_code).toBe(0);
    const mail = await t.smtp?.latestTo(email);
    expect(mail?.text).not.toMatch(/\b\d{6}\b/);
    expect(mail?.text).toContain('/cmp/login?view=register');
  });
});

describe('password reset', () => {
  it('sets a new password with a reset code and ends every session of the account', async () => {
    const email = 'forgot@example.com';
    const oldToken = await registerAccount(t, email, 'Old-password1');
    t.clock.advance(minutes(2));
    const code = await requestCode(t, email, 'reset');
    const checked = await t.call(
      'POST',
      `/api-user/register/checkValidateCode?email=${email}&code=${code}&type=reset`,
    );
    const reset = await t.call('POST', '/api-user/register/resetPassword', {
      json: {
        email,
        ticket: checked.body.datas.ticket,
        password: 'New-password2',
        confirmPassword: 'New-password2',
      },
    });
    expect(reset.body.resp_code).toBe(0);
    expect((await t.call('GET', '/api-user/user/userInfo', { token: oldToken })).status).toBe(401);
    expect(
      (
        await t.call('POST', '/api-uaa/oauth/loginByPassword', {
          json: { username: email, password: 'Old-password1' },
        })
      ).body.key,
    ).toBe('BAD_CREDENTIALS');
    await login(t, email, 'New-password2');
  });
});

describe('mail without SMTP', () => {
  it('stays in the outbox and is printed to the log', async () => {
    const plain = await createTestApp();
    try {
      const captchaToken = await solveSlider(plain);
      const res = await plain.call(
        'POST',
        `/api-user/register/sendValidateCode?email=outbox@example.com&type=register&captchaToken=${captchaToken}`,
      );
      expect(res.body.resp_code).toBe(0);
      const [row] = await plain.db.select().from(mailOutbox);
      expect(row).toMatchObject({ recipient: 'outbox@example.com', sentAt: null });
      expect(row?.textBody).toMatch(/\b\d{6}\b/);
      expect(
        plain.logs.some(
          (entry) =>
            entry.message === 'mail kept in the outbox (no SMTP configured)' &&
            entry.to === 'outbox@example.com',
        ),
      ).toBe(true);
    } finally {
      await plain.close();
    }
  });
});
