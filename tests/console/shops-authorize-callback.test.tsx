import { AUTHORIZE_FAILURES } from '@shared/contracts/shops';
import { writeCookie } from '@shared/session/web-port';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderConsole, renderSignedIn } from '../support/console';
import { readLocale } from '../support/locales';
import {
  callbacksSent,
  current,
  en,
  fill,
  registerShopsAuthorizeTests,
  seller,
  setCurrent,
  t,
} from './shops-authorize-harness';

registerShopsAuthorizeTests();

describe('the callback and result pages', () => {
  it('posts what the platform sent once, with its session, and shows the result; the used state is refused', async () => {
    const main = await seller(['Callback Shop']);
    const credentials = { username: main.email, password: main.password };
    const started = await t.call('POST', '/api-user/shop/authorize/url', {
      token: main.token,
      json: { platform: 'tiktok', sites: ['th'], crossBorder: false },
    });
    expect(started.body.resp_code, started.text).toBe(0);
    const state = new URL(started.body.datas.url).searchParams.get('state') ?? '';

    // TikTok sends the seller back with an error when consent is refused.
    setCurrent(
      await renderSignedIn(
        `/cmp/authorize/authorizeCallback?${new URLSearchParams({ state, error: 'access_denied' })}`,
        credentials,
        { app: t },
      ),
    );
    const result = await screen.findByTestId('authorize-result');
    expect(result.dataset.reason).toBe('redirectFailed');
    expect(window.location.pathname).toBe('/cmp/authorize/authorizeResult');
    expect(screen.getByTestId('authorize-result-reason').textContent).toBe(
      fill(en.shops.result.reasons.redirectFailed.text, { platform: 'TikTok Shop' }),
    );
    const callbacks = callbacksSent();
    // One post, even though strict mode runs the page's effects twice.
    expect(callbacks.map((request) => request.body)).toEqual([{ state, error: 'access_denied' }]);
    await current?.close();

    // The same link again: the state was single use.
    setCurrent(
      await renderSignedIn(
        `/cmp/authorize/authorizeCallback?${new URLSearchParams({ state, code: 'late-code' })}`,
        credentials,
        { app: t },
      ),
    );
    expect((await screen.findByTestId('authorize-result')).dataset.reason).toBe('stateUsed');
    expect(screen.getByText(en.shops.result.reasons.stateUsed.title)).toBeTruthy();
  });

  it('words every failure reason in the reader’s language, with the platform’s code', async () => {
    const running = await renderConsole('/cmp/authorize/authorizeResult?success=false', { app: t });
    setCurrent(running);
    for (const reason of AUTHORIZE_FAILURES) {
      await running.router.navigate({
        to: '/authorize/authorizeResult',
        search: { success: false, platform: 'lazada', reason, platformCode: 'E1234' },
      });
      await waitFor(() =>
        expect(screen.getByTestId('authorize-result').dataset.reason).toBe(reason),
      );
      const words = en.shops.result.reasons[reason];
      expect(screen.getByText(words.title)).toBeTruthy();
      expect(screen.getByTestId('authorize-result-reason').textContent).toBe(
        fill(words.text, { platform: 'Lazada' }),
      );
      expect(screen.getByText(words.next)).toBeTruthy();
      expect(screen.getByTestId('authorize-result-code').textContent).toBe(
        fill(en.shops.fields.platformCode, { code: 'E1234' }),
      );
      expect(screen.getByTestId('authorize-again')).toBeTruthy();
    }

    // A reason the address made up is not shown as one.
    await running.router.navigate({
      to: '/authorize/authorizeResult',
      search: { success: false, reason: 'madeUp' } as never,
    });
    await waitFor(() =>
      expect(screen.getByTestId('authorize-result').dataset.reason).toBe('platform'),
    );

    // Success names the shops now authorized.
    await running.router.navigate({
      to: '/authorize/authorizeResult',
      search: { success: true, platform: 'shopee', shops: ['Alpha', 'Beta'], count: 3 },
    });
    const success = await screen.findByTestId('authorize-result-shops');
    expect(within(success).getByText('Alpha')).toBeTruthy();
    expect(within(success).getByText(fill(en.shops.result.more_one, { count: 1 }))).toBeTruthy();
    expect(
      screen.getByText(fill(en.shops.result.successText_other, { count: 3, platform: 'Shopee' })),
    ).toBeTruthy();
  });

  it('says it in Thai for a Thai reader', async () => {
    const th = readLocale('th', 'shops');
    writeCookie(document, 'cmp-language', 'th');
    setCurrent(
      await renderConsole(
        '/cmp/authorize/authorizeResult?success=false&reason=lazadaMultiSite&platform=lazada',
        { app: t },
      ),
    );
    expect(await screen.findByText(th.result.reasons.lazadaMultiSite.title)).toBeTruthy();
    expect(screen.getByTestId('authorize-result-reason').textContent).toBe(
      th.result.reasons.lazadaMultiSite.text,
    );
  });
});

describe('the result page opened without a result', () => {
  it.each(['en', 'zh', 'th'] as const)(
    'says in %s that there is nothing to report, names no platform or code, and offers to start one',
    async (language) => {
      const words = readLocale(language, 'shops');
      writeCookie(document, 'cmp-language', language);
      const running = await renderConsole('/cmp/authorize/authorizeResult', { app: t });
      setCurrent(running);
      const result = await screen.findByTestId('authorize-result');
      expect(result.dataset.reason).toBeUndefined();
      expect(screen.getByText(words.result.none.title)).toBeTruthy();
      expect(screen.getByTestId('authorize-result-reason').textContent).toBe(
        words.result.none.text,
      );
      expect(screen.getByText(words.result.none.next)).toBeTruthy();
      // Neither a failure nor a pointer to a code that is not there.
      expect(screen.queryByText(words.result.failureTitle)).toBeNull();
      expect(screen.queryByTestId('authorize-result-code')).toBeNull();
      expect(document.body.textContent).not.toContain(words.result.thePlatform);
      expect(document.body.textContent).not.toContain(words.result.reasons.platform.next);

      // Starting one leads to the shop list's authorize dialog (through sign-in when signed out).
      screen.getByRole('button', { name: words.result.start }).click();
      await waitFor(() => expect(window.location.pathname).toBe('/cmp/login'));
      // The original path as `redirect`, its query beside it (spec section 2).
      const query = new URLSearchParams(window.location.search);
      expect(query.get('redirect')).toBe('/thirdPartyPlatform/authorizeList');
      expect(query.get('authorize')).toBe('any');
    },
  );

  it('points to the platform’s code only when the platform gave one', async () => {
    const running = await renderConsole(
      '/cmp/authorize/authorizeResult?success=false&platform=shopee',
      { app: t },
    );
    setCurrent(running);
    expect((await screen.findByTestId('authorize-result')).dataset.reason).toBe('platform');
    expect(screen.getByTestId('authorize-result-reason').textContent).toBe(
      fill(en.shops.result.reasons.platform.text, { platform: 'Shopee' }),
    );
    expect(screen.getByTestId('authorize-result-next').textContent).toBe(
      en.shops.result.reasons.platform.nextWithoutCode,
    );
    expect(screen.queryByTestId('authorize-result-code')).toBeNull();

    await running.router.navigate({
      to: '/authorize/authorizeResult',
      search: { success: false, platform: 'shopee', reason: 'platform', platformCode: 'E42' },
    });
    await waitFor(() =>
      expect(screen.getByTestId('authorize-result-next').textContent).toBe(
        en.shops.result.reasons.platform.next,
      ),
    );
    expect(screen.getByTestId('authorize-result-code').textContent).toBe(
      fill(en.shops.fields.platformCode, { code: 'E42' }),
    );
  });
});

describe('the callback query', () => {
  it('is passed on as the platform sent it, even after the router quoted numeric texts', async () => {
    const { callbackRequestOf } = await import('../../console/features/shops/authorize-search');
    expect(
      callbackRequestOf('?state=abc&code=%22123456%22&shop_id=%22220000103%22&app_key=x'),
    ).toEqual({ state: 'abc', code: '123456', shop_id: '220000103' });
    expect(callbackRequestOf('state=%22not%20json&code=null&error=auth_denied')).toEqual({
      state: '"not json',
      code: 'null',
      error: 'auth_denied',
    });
  });
});
