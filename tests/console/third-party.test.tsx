import { BOOT_CONFIG_ELEMENT_ID } from '@shared/contracts/boot';
import { screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { renderConsole } from '../support/console';
import { readLocale } from '../support/locales';
import { approveSignIn, scanBindCode } from '../support/wechat';

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
    const qr = await app.call('POST', '/api-user/user/get/tempQrcode', { token: seller.token });
    await scanBindCode(app, qr.body.datas.scanUrl, { nickname: 'Owner' });
    const people = await app.sandbox.request(new URL(qr.body.datas.scanUrl).pathname);
    const openId = /data-openid="([^"]+)"/.exec(await people.text())?.[1] ?? '';
    const listed = await app.call('GET', '/api-user/public/thirdPlatformList');
    const { code, state, platform } = await approveSignIn(app, listed.body.datas[0].authorizeUrl, {
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
