import { BOOT_CONFIG_ELEMENT_ID } from '@shared/contracts/boot';
import { screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { cookieBrowser, fetchWithBrowserCookies } from '../support/browser-cookies';
import { renderConsole } from '../support/console';
import { readLocale } from '../support/locales';
import { approveSignIn, bindWechat } from '../support/wechat';

const en = {
  signup: readLocale('en', 'signup'),
  errors: readLocale('en', 'errors'),
};

let app: TestApp;
let current: Awaited<ReturnType<typeof renderConsole>> | undefined;
beforeAll(async () => {
  app = await createTestApp({ smtp: true });
});
afterAll(() => app.close());
afterEach(async () => {
  await current?.close();
  current = undefined;
  document.getElementById(BOOT_CONFIG_ELEMENT_ID)?.remove();
});

/** A WeChat user bound to the account (in a browser of the test's own); answers its openId. */
async function boundWechat(token: string, nickname: string) {
  const bound = await bindWechat(app, token, { nickname });
  expect(bound.status).toBe('bound');
  const people = await app.sandbox.request(new URL(bound.scanUrl).pathname);
  const pattern = new RegExp(`data-openid="([^"]+)"[^>]*>${nickname}<`);
  return pattern.exec(await people.text())?.[1] ?? '';
}

/** The WeChat sign-in address as this page's browser gets it, keeping the cookie it sets. */
async function authorizeUrlInThisBrowser(): Promise<string> {
  const fetchHere = fetchWithBrowserCookies((request) => app.app.fetch(request));
  const answer = await fetchHere(`${window.location.origin}/api-user/public/thirdPlatformList`);
  const body = (await answer.json()) as { datas: { authorizeUrl: string }[] };
  return body.datas[0]?.authorizeUrl ?? '';
}

/** What the server writes into index.html. */
function boot(thirdParty: string[]) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = BOOT_CONFIG_ELEMENT_ID;
  script.textContent = JSON.stringify({ thirdParty });
  document.head.append(script);
}

describe('third-party sign-in on the login page', () => {
  it('is hidden when the server configured no provider', async () => {
    current = await renderConsole('/cmp/login', { app });
    await screen.findByTestId('to-register');
    expect(screen.queryByTestId('login-wechat')).toBeNull();
  });

  it('offers WeChat when the server configured it', async () => {
    boot(['wechat']);
    current = await renderConsole('/cmp/login', { app });
    expect(await screen.findByTestId('login-wechat')).toBeTruthy();
  });
});

describe('/auth-redirect', () => {
  it('signs in the account bound to the WeChat that approved, then opens the console', async () => {
    const seller = await makeSeller(app, 'wechat.owner@example.com', []);
    await app.call('POST', '/api-user/user/onboarding', {
      token: seller.token,
      json: { site: 'th', businessType: 'crossBorder' },
    });
    const openId = await boundWechat(seller.token, 'Owner');
    // This browser asks for the sign-in address (the login page's WeChat button does).
    const { code, state, platform } = await approveSignIn(app, await authorizeUrlInThisBrowser(), {
      openId,
    });

    current = await renderConsole(
      `/cmp/auth-redirect?${new URLSearchParams({ platform, code, state })}`,
      { app },
    );
    await screen.findByTestId('dashboard-greeting');
    expect(current.session.getState().snapshot.session?.user.username).toBe(
      'wechat.owner@example.com',
    );
  });

  it("refuses a code and state another browser started (an attacker's link), and signs nobody in", async () => {
    const attacker = await makeSeller(app, 'wechat.attacker@example.com', []);
    const openId = await boundWechat(attacker.token, 'Attacker');
    // The attacker's own browser started and approved the sign-in; the link comes to this one.
    const attackerBrowser = cookieBrowser(app);
    const list = await attackerBrowser.call('GET', '/api-user/public/thirdPlatformList');
    const { code, state, platform } = await approveSignIn(app, list.body.datas[0].authorizeUrl, {
      openId,
    });
    current = await renderConsole(
      `/cmp/auth-redirect?${new URLSearchParams({ platform, code, state })}`,
      { app },
    );
    const failure = await screen.findByTestId('auth-redirect-error');
    await waitFor(() => expect(failure.textContent).toContain(en.errors.THIRD_PARTY_OTHER_BROWSER));
    expect(current.session.getState().snapshot.session).toBeNull();
  });

  it('says so when the sign-in was cancelled or the link is incomplete', async () => {
    current = await renderConsole('/cmp/auth-redirect?platform=wechat', { app });
    const failure = await screen.findByTestId('auth-redirect-error');
    expect(failure.textContent).toContain(en.signup.authRedirect.missing);
    expect(current.session.getState().snapshot.session).toBeNull();
  });

  it('shows the server’s answer for a state it did not issue, and signs nobody in', async () => {
    current = await renderConsole('/cmp/auth-redirect?platform=wechat&code=forged&state=forged', {
      app,
    });
    const failure = await screen.findByTestId('auth-redirect-error');
    await waitFor(() => expect(failure.textContent).toContain(en.errors.THIRD_PARTY_FAILED));
    expect(current.session.getState().snapshot.session).toBeNull();
  });
});
