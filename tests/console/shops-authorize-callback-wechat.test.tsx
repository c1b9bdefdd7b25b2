import { BOOT_CONFIG_ELEMENT_ID } from '@shared/contracts/boot';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { interceptRequests } from '../support/app';
import { renderConsole } from '../support/console';
import { approveSignIn, bindWechat } from '../support/wechat';
import {
  callbacksSent,
  consentBack,
  current,
  en,
  fill,
  registerShopsAuthorizeTests,
  seller,
  setCurrent,
  shopNamesOf,
  t,
} from './shops-authorize-harness';

registerShopsAuthorizeTests();

/** What the platform sent back, as the callback page passes it on. */
function queryOf(path: string) {
  const params = new URL(path, 'http://console.test').searchParams;
  return Object.fromEntries(
    [...params].filter(([name]) => ['state', 'code', 'shop_id', 'main_account_id'].includes(name)),
  );
}

describe('the callback page when its starter signs in with WeChat', () => {
  it('completes after signing in with WeChat instead: the way back keeps the code and state', async () => {
    const starter = await seller([], 'wechat.starter@example.com');
    const bound = await bindWechat(t, starter.token, { nickname: 'Starter phone' });
    expect(bound.status).toBe('bound');
    const people = await t.sandbox.request(new URL(bound.scanUrl).pathname);
    const openId = /data-openid="([^"]+)"[^>]*>Starter phone</.exec(await people.text())?.[1];
    const path = await consentBack(
      starter.token,
      { platform: 'lazada', sites: ['th'] },
      'lazada-demo-th',
    );

    // The server offers WeChat sign-in (it writes this into index.html).
    const boot = document.createElement('script');
    boot.type = 'application/json';
    boot.id = BOOT_CONFIG_ELEMENT_ID;
    boot.textContent = JSON.stringify({ thirdParty: ['wechat'] });
    document.head.append(boot);
    // The address the login page's WeChat button is given (the browser then leaves for it).
    let authorizeUrl = '';
    const restore = interceptRequests(t.app, async (request, next) => {
      const answer = await next(request);
      if (new URL(request.url).pathname === '/api-user/public/thirdPlatformList')
        authorizeUrl = (await answer.clone().json()).datas[0].authorizeUrl;
      return answer;
    });
    try {
      setCurrent(await renderConsole(path, { app: t }));
      const user = userEvent.setup();
      const account = 'we***@example.com';
      await user.click(
        await screen.findByRole('button', {
          name: fill(en.shops.callback.signIn.action, { account }),
        }),
      );
      await user.click(await screen.findByTestId('login-wechat'));
      await waitFor(() => expect(authorizeUrl).not.toBe(''));
    } finally {
      restore();
      boot.remove();
    }
    expect(await shopNamesOf(starter.token)).toEqual([]);

    // WeChat sends this browser back with a code for the starter's WeChat.
    const { code, state, platform } = await approveSignIn(t, authorizeUrl, { openId });
    await current?.close();
    setCurrent(
      await renderConsole(`/cmp/auth-redirect?${new URLSearchParams({ platform, code, state })}`, {
        app: t,
      }),
    );
    const result = await screen.findByTestId('authorize-result', {}, { timeout: 15_000 });
    expect(result.hasAttribute('data-success')).toBe(true);
    expect(await shopNamesOf(starter.token)).toEqual(['Siam Home Living']);
    expect(callbacksSent().map((request) => request.body)).toEqual([queryOf(path), queryOf(path)]);
  });
});
