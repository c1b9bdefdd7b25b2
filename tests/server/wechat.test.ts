import { wechatSignature } from '@server/integrations/wechat/wechat.client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, TEST_WECHAT, type TestApp } from '../support/app';
import { cookieBrowser } from '../support/browser-cookies';
import { approveSignIn, bindWechat, scanBindCode, startWechatSignIn } from '../support/wechat';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: true });
});
afterAll(() => t.close());

/** A WeChat sign-in in one browser: it asks for the address, approves, and comes back. */
async function wechatSignIn(person: { nickname?: string; openId?: string }) {
  const browser = cookieBrowser(t);
  const { code, state } = await startWechatSignIn(t, browser, person);
  return {
    code,
    state,
    browser,
    response: await browser.call('POST', '/api-uaa/oauth/openId/token', {
      json: { platform: 'wechat', code, state },
    }),
  };
}

describe('WeChat sign-in', () => {
  it('lists WeChat with a sign-in address, and no providers when none is configured', async () => {
    const list = await t.call('GET', '/api-user/public/thirdPlatformList');
    expect(list.body.datas).toEqual([
      {
        platform: 'wechat',
        authorizeUrl: expect.stringContaining('/connect/qrconnect?appid=wxtest000000001'),
      },
    ]);
    const bare = await createTestApp({ config: { wechat: null } });
    try {
      expect((await bare.call('GET', '/api-user/public/thirdPlatformList')).body.datas).toEqual([]);
    } finally {
      await bare.close();
    }
  });

  it('refuses a WeChat that is not bound to any account', async () => {
    const { response } = await wechatSignIn({ nickname: 'Unbound' });
    expect(response.body).toMatchObject({ key: 'THIRD_PARTY_NOT_BOUND', datas: null });
  });

  it('binds by scanning the account’s QR code, then signs in with WeChat, and refuses a reused state or code', async () => {
    const seller = await makeSeller(t, 'wechat-seller@example.com', []);
    const browser = cookieBrowser(t);
    const qr = await browser.call('POST', '/api-user/user/get/tempQrcode', { token: seller.token });
    expect(qr.body.datas.qrImage).toMatch(/^data:image\/png;base64,/);
    const status = () =>
      browser.call('GET', `/api-user/user/wechatBindStatus?sceneId=${qr.body.datas.sceneId}`, {
        token: seller.token,
      });
    expect((await status()).body.datas).toEqual({ status: 'pending' });
    await scanBindCode(t, qr.body.datas.scanUrl, { nickname: 'Xiao Ming' });
    expect((await status()).body.datas).toEqual({ status: 'bound' });
    const profile = await t.call('GET', '/user-center/user/getUserInfo', { token: seller.token });
    expect(profile.body.datas.wechat).toMatchObject({ nickname: 'Xiao Ming' });

    const people = await t.sandbox.request(
      '/connect/qrconnect?appid=wxtest000000001&redirect_uri=http%3A%2F%2Fx&response_type=code&scope=snsapi_login&state=s',
    );
    const openId = (await people.text()).match(/data-openid="([^"]+)"[^>]*>Xiao Ming/)?.[1] ?? '';
    const first = await wechatSignIn({ openId });
    expect(first.response.body.resp_code).toBe(0);
    const token = first.response.body.datas.access_token;
    expect((await t.call('GET', '/api-user/user/userInfo', { token })).body.datas.email).toBe(
      'wechat-seller@example.com',
    );
    const replay = await first.browser.call('POST', '/api-uaa/oauth/openId/token', {
      json: { platform: 'wechat', code: first.code, state: first.state },
    });
    expect(replay.body.key).toBe('THIRD_PARTY_FAILED');
  });

  it('does not bind a WeChat already bound to another account', async () => {
    const a = await makeSeller(t, 'bind-a@example.com', []);
    const b = await makeSeller(t, 'bind-b@example.com', []);
    const boundA = await bindWechat(t, a.token, { nickname: 'Shared phone' });
    expect(boundA.status).toBe('bound');
    const people = await t.sandbox.request(`${new URL(boundA.scanUrl).pathname}`);
    const openId =
      (await people.text()).match(/data-openid="([^"]+)"[^>]*>Shared phone/)?.[1] ?? '';
    const browserB = cookieBrowser(t);
    const qrB = await browserB.call('POST', '/api-user/user/get/tempQrcode', { token: b.token });
    await scanBindCode(t, qrB.body.datas.scanUrl, { openId });
    const status = await browserB.call(
      'GET',
      `/api-user/user/wechatBindStatus?sceneId=${qrB.body.datas.sceneId}`,
      { token: b.token },
    );
    expect(status.body.datas).toEqual({ status: 'taken' });
    expect(
      (await t.call('GET', '/user-center/user/getUserInfo', { token: b.token })).body.datas.wechat,
    ).toBeNull();
  });

  it('unbinds with an e-mail code', async () => {
    const seller = await makeSeller(t, 'unbind@example.com', []);
    expect((await bindWechat(t, seller.token, { nickname: 'To unbind' })).status).toBe('bound');
    expect(
      (await t.call('POST', '/api-user/user/bind/sendUnbindCode', { token: seller.token })).body
        .resp_code,
    ).toBe(0);
    const code = (await t.smtp?.codeFor('unbind@example.com')) ?? '';
    const wrong = await t.call(
      'POST',
      `/api-user/user/bind/unboundWechatCode?code=${code === '000000' ? '111111' : '000000'}`,
      { token: seller.token },
    );
    expect(wrong.body.key).toBe('CODE_INVALID');
    const done = await t.call('POST', `/api-user/user/bind/unboundWechatCode?code=${code}`, {
      token: seller.token,
    });
    expect(done.body.resp_code).toBe(0);
    expect(
      (await t.call('GET', '/user-center/user/getUserInfo', { token: seller.token })).body.datas
        .wechat,
    ).toBeNull();
    expect(
      (await t.call('POST', '/api-user/user/bind/sendUnbindCode', { token: seller.token })).body
        .key,
    ).toBe('WECHAT_NOT_BOUND');
  });
});

describe('WeChat pushes', () => {
  it('answer the address check only with a valid signature', async () => {
    const timestamp = String(Math.floor(t.clock.now().getTime() / 1000));
    const signature = wechatSignature(TEST_WECHAT.token, timestamp, 'n1');
    const good = await t.app.request(
      `/api-user/wechat/callback?signature=${signature}&timestamp=${timestamp}&nonce=n1&echostr=hello`,
    );
    expect(await good.text()).toBe('hello');
    const bad = await t.app.request(
      `/api-user/wechat/callback?signature=${'0'.repeat(40)}&timestamp=${timestamp}&nonce=n1&echostr=hello`,
    );
    expect(bad.status).toBe(401);
  });

  it('ignore a forged or stale event, so nobody binds a WeChat by faking a scan', async () => {
    const seller = await makeSeller(t, 'forged@example.com', []);
    const browser = cookieBrowser(t);
    const qr = await browser.call('POST', '/api-user/user/get/tempQrcode', { token: seller.token });
    const xml = `<xml><FromUserName><![CDATA[oFORGED]]></FromUserName><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[SCAN]]></Event><EventKey><![CDATA[${qr.body.datas.sceneId}]]></EventKey></xml>`;
    const timestamp = String(Math.floor(t.clock.now().getTime() / 1000));
    const forged = await t.app.request(
      `/api-user/wechat/callback?signature=${wechatSignature('guessed', timestamp, 'n')}&timestamp=${timestamp}&nonce=n`,
      {
        method: 'POST',
        body: xml,
      },
    );
    expect(forged.status).toBe(401);
    const old = String(Math.floor(t.clock.now().getTime() / 1000) - 3600);
    const stale = await t.app.request(
      `/api-user/wechat/callback?signature=${wechatSignature(TEST_WECHAT.token, old, 'n')}&timestamp=${old}&nonce=n`,
      {
        method: 'POST',
        body: xml,
      },
    );
    expect(stale.status).toBe(401);
    const status = await browser.call(
      'GET',
      `/api-user/user/wechatBindStatus?sceneId=${qr.body.datas.sceneId}`,
      { token: seller.token },
    );
    expect(status.body.datas).toEqual({ status: 'pending' });
  });
});

describe('the sandbox checks WeChat’s rules', () => {
  it('refuses a wrong secret, an unknown code and a used code with WeChat’s error codes', async () => {
    const secret = await t.sandbox.request(
      `/sns/oauth2/access_token?appid=${TEST_WECHAT.appId}&secret=nope&code=x&grant_type=authorization_code`,
    );
    expect(await secret.json()).toEqual({ errcode: 40125, errmsg: 'invalid appsecret' });
    const code = await t.sandbox.request(
      `/sns/oauth2/access_token?appid=${TEST_WECHAT.appId}&secret=${TEST_WECHAT.appSecret}&code=unknown&grant_type=authorization_code`,
    );
    expect(await code.json()).toEqual({ errcode: 40029, errmsg: 'invalid code' });
    const app = await t.sandbox.request(
      '/sns/oauth2/access_token?appid=wxunknown&secret=x&code=x&grant_type=authorization_code',
    );
    expect(await app.json()).toEqual({ errcode: 40013, errmsg: 'invalid appid' });
  });

  it('escapes what a tester types into its pages', async () => {
    const list = await t.call('GET', '/api-user/public/thirdPlatformList');
    const url = new URL(list.body.datas[0].authorizeUrl);
    await approveSignIn(t, url.toString(), { nickname: '<img src=x onerror=alert(1)>' });
    const page = await (await t.sandbox.request(`${url.pathname}${url.search}`)).text();
    expect(page).not.toContain('<img src=x');
    expect(page).toContain('&#60;img src=x');
  });
});
