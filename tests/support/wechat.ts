import { expect } from 'vitest';
import { TEST_WECHAT, type TestApp } from './app';
import { type CookieBrowser, cookieBrowser } from './browser-cookies';

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

/**
 * Binds a WeChat to a signed-in account the whole way: the account's browser asks for a binding
 * QR code, the phone scans it, and the same browser's next status poll applies the scan.
 */
export async function bindWechat(
  t: TestApp,
  token: string,
  person: { nickname?: string; openId?: string },
  browser: CookieBrowser = cookieBrowser(t),
) {
  const qr = await browser.call('POST', '/api-user/user/get/tempQrcode', { token });
  expect(qr.body.resp_code, qr.text).toBe(0);
  await scanBindCode(t, qr.body.datas.scanUrl, person);
  const status = await browser.call(
    'GET',
    `/api-user/user/wechatBindStatus?sceneId=${qr.body.datas.sceneId}`,
    { token },
  );
  return {
    sceneId: qr.body.datas.sceneId as string,
    scanUrl: qr.body.datas.scanUrl as string,
    status: status.body.datas?.status as string | undefined,
  };
}

/** A WeChat sign-in started by `browser` and approved on the sandbox's page: its code and state. */
export async function startWechatSignIn(
  t: TestApp,
  browser: CookieBrowser,
  person: { nickname?: string; openId?: string },
) {
  const list = await browser.call('GET', '/api-user/public/thirdPlatformList');
  const authorizeUrl = list.body.datas.find((p: { platform: string }) => p.platform === 'wechat')
    .authorizeUrl as string;
  return approveSignIn(t, authorizeUrl, person);
}
