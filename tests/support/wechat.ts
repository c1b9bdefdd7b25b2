import { expect } from 'vitest';
import { TEST_WECHAT, type TestApp } from './app';

/** What a person does on the sandbox's WeChat sign-in page: approve as a (new) WeChat user. */
export async function approveSignIn(
  t: TestApp,
  authorizeUrl: string,
  person: { nickname?: string; openId?: string },
) {
  const url = new URL(authorizeUrl);
  expect(url.origin).toBe(TEST_WECHAT.openBase);
  const consent = await t.sandbox.request(`${url.pathname}${url.search}`);
  expect(consent.status).toBe(200);
  const form = new URLSearchParams({
    appid: url.searchParams.get('appid') ?? '',
    redirect_uri: url.searchParams.get('redirect_uri') ?? '',
    state: url.searchParams.get('state') ?? '',
    ...(person.openId ? { openId: person.openId } : { nickname: person.nickname ?? 'Tester' }),
  });
  const back = await t.sandbox.request('/connect/qrconnect/confirm', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  expect(back.status).toBe(302);
  const redirect = new URL(back.headers.get('location') ?? '');
  expect(redirect.pathname).toBe('/cmp/auth-redirect');
  return {
    code: redirect.searchParams.get('code') ?? '',
    state: redirect.searchParams.get('state') ?? '',
    platform: redirect.searchParams.get('platform') ?? '',
  };
}

/** Scans a binding QR code on the sandbox's phone page as a WeChat user. */
export async function scanBindCode(
  t: TestApp,
  scanUrl: string,
  person: { nickname?: string; openId?: string },
) {
  const url = new URL(scanUrl);
  const page = await t.sandbox.request(url.pathname);
  expect(page.status).toBe(200);
  const done = await t.sandbox.request(`${url.pathname}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(
      person.openId ? { openId: person.openId } : { nickname: person.nickname ?? 'Tester' },
    ),
  });
  expect(await done.text()).toContain('data-scanned');
}
