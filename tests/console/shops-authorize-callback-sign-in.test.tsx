import { writeCookie } from '@shared/session/web-port';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderConsole, renderSignedIn } from '../support/console';
import { readLocale } from '../support/locales';
import { fillLogin } from './login-harness';
import {
  callbacksSent,
  consentBack,
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

describe('the callback page when the consent came back to another browser', () => {
  it('asks to sign in as the account that started it, then completes it after sign-in', async () => {
    const starter = await seller([], 'owner.on.phone@example.com');
    // Shopee sends a numeric shop_id: it must reach the server as text after the detour.
    const path = await consentBack(
      starter.token,
      { platform: 'shopee', sites: ['th'] },
      'shopee-demo-th',
    );
    const running = await renderConsole(path, { app: t });
    setCurrent(running);

    const prompt = await screen.findByTestId('authorize-sign-in');
    expect(prompt.dataset.reason).toBe('signInRequired');
    const account = 'ow***@example.com';
    expect(screen.getByTestId('authorize-sign-in-text').textContent).toBe(
      fill(en.shops.callback.signIn.text, { platform: 'Shopee', account }),
    );
    // Nothing is authorized yet.
    expect(await shopNamesOf(starter.token)).toEqual([]);

    const user = userEvent.setup();
    await user.click(
      screen.getByRole('button', { name: fill(en.shops.callback.signIn.action, { account }) }),
    );
    await waitFor(() => expect(window.location.pathname).toBe('/cmp/login'));
    await fillLogin(starter.email, starter.password);

    const result = await screen.findByTestId('authorize-result', {}, { timeout: 15_000 });
    expect(result.hasAttribute('data-success')).toBe(true);
    expect(window.location.pathname).toBe('/cmp/authorize/authorizeResult');
    expect(
      within(screen.getByTestId('authorize-result-shops')).getByText('Bangkok Gadget Hub'),
    ).toBeTruthy();
    expect(await shopNamesOf(starter.token)).toEqual(['Bangkok Gadget Hub']);

    // Posted twice, each time as the platform sent it: first without a session, then with the
    // starter's new one.
    const sent = callbacksSent();
    expect(sent.map((request) => request.body)).toEqual([queryOf(path), queryOf(path)]);
    expect(sent[0]?.token).toBeNull();
    expect(sent[1]?.token).toBe(running.session.getState().snapshot.session?.token);
  });

  it('signed in as another account: says so and changes nothing; signing in as the starter completes it', async () => {
    const starter = await seller([], 'started.it@example.com');
    const other = await seller(['Other Shop'], 'someone.else@example.com');
    const path = await consentBack(
      starter.token,
      { platform: 'tiktok', sites: ['th'] },
      'tiktok-demo',
    );
    const running = await renderSignedIn(
      path,
      { username: other.email, password: other.password },
      { app: t },
    );
    setCurrent(running);

    const prompt = await screen.findByTestId('authorize-sign-in');
    expect(prompt.dataset.reason).toBe('otherAccount');
    const account = 'st***@example.com';
    expect(screen.getByTestId('authorize-sign-in-text').textContent).toBe(
      fill(en.shops.callback.signIn.otherText, {
        platform: 'TikTok Shop',
        account,
        current: other.email,
      }),
    );
    expect(await shopNamesOf(other.token)).toEqual(['Other Shop']);
    expect(await shopNamesOf(starter.token)).toEqual([]);

    const user = userEvent.setup();
    await user.click(
      screen.getByRole('button', { name: fill(en.shops.callback.signIn.action, { account }) }),
    );
    // Signing in as the starter first signs the other account out here.
    await waitFor(() => expect(window.location.pathname).toBe('/cmp/login'));
    expect(running.session.getState().snapshot.session).toBeNull();
    await fillLogin(starter.email, starter.password);

    const result = await screen.findByTestId('authorize-result', {}, { timeout: 15_000 });
    expect(result.hasAttribute('data-success')).toBe(true);
    expect(await shopNamesOf(starter.token)).toEqual(['Chao Phraya Beauty']);
    expect(await shopNamesOf(other.token)).toEqual(['Other Shop']);
    expect(callbacksSent().map((request) => request.body)).toEqual([queryOf(path), queryOf(path)]);
  });

  it('words the sign-in request in Thai for a Thai reader', async () => {
    const starter = await seller([], 'thai.starter@example.com');
    const path = await consentBack(
      starter.token,
      { platform: 'lazada', sites: ['th'] },
      'lazada-demo-th',
    );
    const th = readLocale('th', 'shops');
    writeCookie(document, 'cmp-language', 'th');
    setCurrent(await renderConsole(path, { app: t }));
    const text = await screen.findByTestId('authorize-sign-in-text');
    expect(text.textContent).toBe(
      fill(th.callback.signIn.text, {
        platform: th.platforms.lazada,
        account: 'th***@example.com',
      }),
    );
    expect(
      screen.getByRole('button', {
        name: fill(th.callback.signIn.action, { account: 'th***@example.com' }),
      }),
    ).toBeTruthy();
    expect(await shopNamesOf(starter.token)).toEqual([]);
  });
});
