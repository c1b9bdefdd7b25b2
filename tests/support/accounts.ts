import { captchaChallenges, rateLimits } from '@server/db/schema/index';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from './app';

/** A drag from the start to x, over half a second, as a hand would make it. */
export function humanTrail(x: number): [number, number][] {
  const steps = 12;
  return Array.from({ length: steps + 1 }, (_, i) => [i * 45, Math.round((x * i) / steps)]);
}

/**
 * Forgets every limit's counted events and the waits the clock noted, so tests of limits can share
 * one app (and its database copy) and still each start from no failures, in any order.
 */
export async function forgetLimits(t: TestApp): Promise<void> {
  await t.db.delete(rateLimits);
  t.clock.waits.length = 0;
}

/** Solves a slider puzzle: the test knows where the gap is from the database, as it knows codes from the mail. */
export async function solveSlider(t: TestApp): Promise<string> {
  const challenge = await t.call('GET', '/api-user/public/slider/challenge');
  expect(challenge.body.resp_code, challenge.text).toBe(0);
  const [row] = await t.db
    .select()
    .from(captchaChallenges)
    .where(eq(captchaChallenges.id, challenge.body.datas.id));
  const x = row?.targetX ?? 0;
  const verified = await t.call('POST', '/api-user/public/slider/verify', {
    json: { id: challenge.body.datas.id, x, trail: humanTrail(x) },
  });
  expect(verified.body.resp_code, verified.text).toBe(0);
  return verified.body.datas.captchaToken as string;
}

/** Asks for a code (solving the slider first) and reads it from the mail the SMTP server received. */
export async function requestCode(
  t: TestApp,
  email: string,
  type: 'register' | 'login' | 'reset',
  language = 'en',
) {
  const captchaToken = await solveSlider(t);
  const sent = await t.call(
    'POST',
    `/api-user/register/sendValidateCode?${new URLSearchParams({ email, type, captchaToken })}`,
    {
      language,
    },
  );
  expect(sent.body.resp_code, sent.text).toBe(0);
  if (!t.smtp) throw new Error('this test app has no SMTP server');
  return t.smtp.codeFor(email);
}

/** Registers a main account the way the console does: slider, code, ticket, password. */
export async function registerAccount(
  t: TestApp,
  email: string,
  password = 'Secret-pass1',
  language = 'en',
) {
  const code = await requestCode(t, email, 'register', language);
  const checked = await t.call(
    'POST',
    `/api-user/register/checkValidateCode?${new URLSearchParams({ email, code, type: 'register' })}`,
  );
  expect(checked.body.resp_code, checked.text).toBe(0);
  const registered = await t.call('POST', '/api-user/register/register', {
    json: {
      email,
      ticket: checked.body.datas.ticket,
      password,
      confirmPassword: password,
      agree: true,
    },
    language,
  });
  expect(registered.body.resp_code, registered.text).toBe(0);
  return registered.body.datas.access_token as string;
}

export async function login(t: TestApp, username: string, password: string): Promise<string> {
  const res = await t.call('POST', '/api-uaa/oauth/loginByPassword', {
    json: { username, password },
  });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas.access_token as string;
}

/** A main account made through the services (faster than the registration screens), with shops. */
export async function makeSeller(
  t: TestApp,
  email: string,
  shopNames: string[] = ['Shop A', 'Shop B'],
) {
  const { createAccount } = await import('@server/modules/accounts/accounts.service');
  const { addShop } = await import('@server/modules/shops/shops.service');
  const password = 'Seller-pass1';
  const user = await createAccount(t, null, {
    email,
    password,
    name: email.split('@')[0] ?? email,
    role: 'BUYER',
    site: 'th',
  });
  const shops = [];
  for (const [index, name] of shopNames.entries()) {
    shops.push(
      await addShop(
        t,
        { ownerId: user.id },
        {
          platform: (['lazada', 'shopee', 'tiktok'] as const)[index % 3] ?? 'lazada',
          site: 'th',
          externalId: `${email}-${index}`,
          name,
          shopType: 'crossBorder',
        },
      ),
    );
  }
  return { user, password, shops, token: await login(t, email, password) };
}

/** A sub-account of a main account, given these shops (and by default every grantable menu). */
export async function makeSubAccount(
  t: TestApp,
  mainToken: string,
  email: string,
  shopIds: string[],
  grants?: { url: string; buttons: string[] }[],
) {
  const password = 'Sub-pass123';
  const res = await t.call('POST', '/api-user/subAccount/create', {
    token: mainToken,
    json: {
      accountType: 'email',
      email,
      name: (email.split('@')[0] ?? 'sub').slice(0, 20),
      password,
      confirmPassword: password,
      shopIds,
      ...(grants ? { grants } : {}),
    },
  });
  expect(res.body.resp_code, res.text).toBe(0);
  return { id: res.body.datas.id as string, password, token: await login(t, email, password) };
}
