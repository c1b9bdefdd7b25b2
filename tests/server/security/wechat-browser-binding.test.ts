import { createHash } from 'node:crypto';
import en from '@locales/en/errors.json';
import th from '@locales/th/errors.json';
import zh from '@locales/zh/errors.json';
import { oauthStates, sandboxWechatCodes } from '@server/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller } from '../../support/accounts';
import { createTestApp, type TestApp } from '../../support/app';
import { cookieBrowser } from '../../support/browser-cookies';
import { bindWechat, scanBindCode, startWechatSignIn } from '../../support/wechat';

// WeChat sign-in and binding complete only in the browser that started them: it holds a random
// key in an HttpOnly cookie whose hash the server keeps beside the state or binding code.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WORDS = { zh, th, en } as const;

async function stateRow(state: string) {
  const hash = createHash('sha256').update(state).digest('hex');
  const [row] = await t.db.select().from(oauthStates).where(eq(oauthStates.stateHash, hash));
  return row;
}
async function codeRow(code: string) {
  const [row] = await t.db
    .select()
    .from(sandboxWechatCodes)
    .where(eq(sandboxWechatCodes.code, code));
  return row;
}
const wechatOf = async (token: string) =>
  (await t.call('GET', '/user-center/user/getUserInfo', { token })).body.datas.wechat;

/** A seller whose account is bound to a fresh sandbox WeChat user; answers that user's openId. */
async function sellerWithWechat(email: string, nickname: string) {
  const seller = await makeSeller(t, email, []);
  const bound = await bindWechat(t, seller.token, { nickname });
  expect(bound.status).toBe('bound');
  const page = await (await t.sandbox.request(new URL(bound.scanUrl).pathname)).text();
  const openId = page.match(new RegExp(`data-openid="([^"]+)"[^>]*>${nickname}`))?.[1] ?? '';
  expect(openId).not.toBe('');
  return { ...seller, openId };
}

describe('WeChat sign-in', () => {
  it('keeps its state in the starting browser: an HttpOnly, SameSite=Lax cookie', async () => {
    const browser = cookieBrowser(t);
    const list = await browser.call('GET', '/api-user/public/thirdPlatformList');
    const [cookie] = list.headers.getSetCookie();
    expect(cookie).toMatch(/^cmp_browser_key=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    // A second sign-in in the same browser keeps its key, so both tabs' sign-ins come back to it.
    const again = await browser.call('GET', '/api-user/public/thirdPlatformList');
    expect(again.headers.getSetCookie()[0]?.split(';')[0]).toBe(cookie?.split(';')[0]);
  });

  it("refuses an attacker's code and state in the victim's browser, and changes nothing", async () => {
    const attacker = await sellerWithWechat('wechat.attacker@example.com', 'Attacker phone');

    // The attacker starts a sign-in in their own browser and approves with their WeChat, but
    // does not come back: they send the victim the link with their code and state.
    const attackerBrowser = cookieBrowser(t);
    const { code, state } = await startWechatSignIn(t, attackerBrowser, {
      openId: attacker.openId,
    });

    // The victim's browser never started a sign-in (no key) ...
    const victimBrowser = cookieBrowser(t);
    for (const language of ['zh', 'th', 'en'] as const) {
      const refused = await victimBrowser.call('POST', '/api-uaa/oauth/openId/token', {
        json: { platform: 'wechat', code, state },
        language,
      });
      expect(refused.body).toMatchObject({
        key: 'THIRD_PARTY_OTHER_BROWSER',
        resp_msg: WORDS[language].THIRD_PARTY_OTHER_BROWSER,
        datas: null,
      });
    }
    // ... or started one of its own (a key, but not the one this state was bound to).
    await startWechatSignIn(t, victimBrowser, { nickname: 'Victim phone' });
    expect(victimBrowser.cookie()).toMatch(/^cmp_browser_key=/);
    const withOwnKey = await victimBrowser.call('POST', '/api-uaa/oauth/openId/token', {
      json: { platform: 'wechat', code, state },
    });
    expect(withOwnKey.body.key).toBe('THIRD_PARTY_OTHER_BROWSER');

    // Nothing changed: no session, the state is unused and the code was not exchanged.
    expect((await stateRow(state))?.usedAt).toBeNull();
    expect((await codeRow(code))?.usedAt).toBeNull();
    expect(withOwnKey.body.datas).toBeNull();

    // In the browser that started it, the same code and state sign in (once).
    const own = await attackerBrowser.call('POST', '/api-uaa/oauth/openId/token', {
      json: { platform: 'wechat', code, state },
    });
    expect(own.body.resp_code, own.text).toBe(0);
    const me = await t.call('GET', '/api-user/user/userInfo', {
      token: own.body.datas.access_token,
    });
    expect(me.body.datas.email).toBe('wechat.attacker@example.com');
  });
});

describe('binding WeChat by a QR code', () => {
  it('binds only when the browser that made the code comes back, not at the scan alone', async () => {
    const seller = await makeSeller(t, 'bind.browser@example.com', []);
    const browser = cookieBrowser(t);
    const qr = await browser.call('POST', '/api-user/user/get/tempQrcode', {
      token: seller.token,
    });
    expect(qr.body.resp_code, qr.text).toBe(0);
    const [cookie] = qr.headers.getSetCookie();
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    await scanBindCode(t, qr.body.datas.scanUrl, { nickname: 'Scanned phone' });
    // The scan alone binds nothing.
    expect(await wechatOf(seller.token)).toBeNull();

    // The seller's token from another browser (no key, or a key of its own) is refused there.
    const elsewhere = cookieBrowser(t);
    const path = `/api-user/user/wechatBindStatus?sceneId=${qr.body.datas.sceneId}`;
    for (const language of ['zh', 'th', 'en'] as const) {
      const refused = await elsewhere.call('GET', path, { token: seller.token, language });
      expect(refused.body).toMatchObject({
        key: 'WECHAT_BIND_OTHER_BROWSER',
        resp_msg: WORDS[language].WECHAT_BIND_OTHER_BROWSER,
        datas: null,
      });
    }
    await elsewhere.call('POST', '/api-user/user/get/tempQrcode', { token: seller.token });
    expect(elsewhere.cookie()).not.toBe(browser.cookie());
    expect((await elsewhere.call('GET', path, { token: seller.token })).body.key).toBe(
      'WECHAT_BIND_OTHER_BROWSER',
    );
    expect(await wechatOf(seller.token)).toBeNull();

    // The browser that made the code sees the scan, and the WeChat is bound.
    expect((await browser.call('GET', path, { token: seller.token })).body.datas).toEqual({
      status: 'bound',
    });
    expect(await wechatOf(seller.token)).toMatchObject({ nickname: 'Scanned phone' });
  });

  it('binds nothing when the browser that made the code does not come back in time', async () => {
    const seller = await makeSeller(t, 'bind.gone@example.com', []);
    const browser = cookieBrowser(t);
    const qr = await browser.call('POST', '/api-user/user/get/tempQrcode', {
      token: seller.token,
    });
    await scanBindCode(t, qr.body.datas.scanUrl, { nickname: 'Left behind' });
    t.clock.advance(10 * 60 * 1000);
    const late = await browser.call(
      'GET',
      `/api-user/user/wechatBindStatus?sceneId=${qr.body.datas.sceneId}`,
      { token: seller.token },
    );
    expect(late.body.datas).toEqual({ status: 'expired' });
    expect(await wechatOf(seller.token)).toBeNull();
  });
});
