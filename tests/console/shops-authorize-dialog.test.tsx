import { consentPage } from '@console/features/shops/authorize-consent';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { interceptRequests } from '../support/app';
import { renderConsole, renderSignedIn } from '../support/console';
import { findInPortals } from '../support/console-queries';
import { authorizeStoredShop, authorizeThroughSandbox, consentAs } from '../support/shops';
import {
  crossBorderSwitch,
  current,
  en,
  fill,
  openList,
  registerShopsAuthorizeTests,
  requests,
  rowOf,
  SANDBOX,
  seller,
  setCurrent,
  t,
} from './shops-authorize-harness';

registerShopsAuthorizeTests();

describe('the authorize dialog', () => {
  it('refuses no site, then sends the choice and goes to the platform’s consent page', async () => {
    const main = await seller(['Any Shop']);
    const opened = vi.spyOn(consentPage, 'open').mockImplementation(() => undefined);
    const { user } = await openList(main.email, main.password);
    await rowOf('Any Shop');
    await user.click(screen.getByTestId('shops-authorize'));
    const dialog = await findInPortals('dialog', { name: en.shops.authorize.title });

    await user.click(within(dialog).getByTestId('authorize-platform-lazada'));
    const submit = within(dialog).getByRole('button', {
      name: fill(en.shops.authorize.submitTo, { platform: 'Lazada' }),
    });
    await user.click(submit);
    expect(await within(dialog).findByText(en.validation.chooseSite)).toBeTruthy();
    expect(requests.some((request) => request.path === '/api-user/shop/authorize/url')).toBe(false);
    expect(opened).not.toHaveBeenCalled();

    // Two Lazada sites: the Malaysia-site account note shows.
    expect(within(dialog).queryByTestId('lazada-multi-site-note')).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: en.common.sites.my }));
    await user.click(within(dialog).getByRole('checkbox', { name: en.common.sites.th }));
    expect(within(dialog).getByTestId('lazada-multi-site-note').textContent).toBe(
      en.shops.authorize.lazadaMultiSite,
    );
    await user.click(within(dialog).getByRole('switch', { name: crossBorderSwitch }));
    await user.click(submit);

    await waitFor(() => expect(opened).toHaveBeenCalledTimes(1));
    const sent = requests.filter((request) => request.path === '/api-user/shop/authorize/url');
    expect(sent.map((request) => request.body)).toEqual([
      { platform: 'lazada', sites: ['my', 'th'], crossBorder: true },
    ]);
    const url = new URL(String(opened.mock.calls[0]?.[0]));
    expect(`${url.origin}${url.pathname}`).toBe(`${SANDBOX.lazada.authorizeBase}/oauth/authorize`);
    expect(url.searchParams.get('country')).toBe('cb');
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/cmp\/authorize\/authorizeCallback$/);
    expect(url.searchParams.get('state')).toBeTruthy();
  });

  it('offers no platform when the platform list fails, and the list once a retry reads it', async () => {
    const main = await seller(['Any Shop']);
    let failing = true;
    const restore = interceptRequests(t.app, (request, next) =>
      failing && new URL(request.url).pathname === '/admin/pluginmanage/platform/list'
        ? new Response('down', { status: 503 })
        : next(request),
    );
    onTestFinished(restore);
    const { user } = await openList(main.email, main.password);
    await rowOf('Any Shop');
    await user.click(screen.getByTestId('shops-authorize'));
    const dialog = await findInPortals('dialog', { name: en.shops.authorize.title });
    const failure = await within(dialog).findByRole('alert');
    expect(failure.textContent).toContain(en.shops.authorize.platformsLoadError);
    for (const platform of ['lazada', 'shopee', 'tiktok'])
      expect(within(dialog).queryByTestId(`authorize-platform-${platform}`)).toBeNull();

    failing = false;
    await user.click(within(failure).getByRole('button', { name: en.common.actions.retry }));
    expect(await within(dialog).findByTestId('authorize-platform-lazada')).toBeTruthy();
    expect(within(dialog).getByTestId('authorize-platform-tiktok')).toBeTruthy();
    expect(within(dialog).queryByText(en.shops.authorize.platformsLoadError)).toBeNull();
  });

  it('re-authorizes an abnormal shop with its id, on its own platform and site', async () => {
    const main = await seller(['Lazada Fix', 'Shopee Fix']);
    const shopee = main.shops[1];
    if (!shopee) throw new Error('no shop');
    await authorizeStoredShop(t, shopee.id, {
      abnormal: { key: 'PLATFORM_TOKEN_INVALID', code: 'error_auth', message: null },
    });
    const opened = vi.spyOn(consentPage, 'open').mockImplementation(() => undefined);
    const { user } = await openList(main.email, main.password);
    await user.click(
      await screen.findByRole('button', {
        name: fill(en.shops.actions.reauthorizeFor, { name: 'Shopee Fix' }),
      }),
    );
    const dialog = await findInPortals('dialog', { name: en.shops.authorize.reauthorizeTitle });
    expect(dialog.textContent).toContain(
      fill(en.shops.authorize.reauthorizeHint, { name: 'Shopee Fix' }),
    );
    await user.click(
      within(dialog).getByRole('button', {
        name: fill(en.shops.authorize.submitTo, { platform: 'Shopee' }),
      }),
    );
    await waitFor(() => expect(opened).toHaveBeenCalledTimes(1));
    expect(
      requests
        .filter((request) => request.path === '/api-user/shop/reauthorize/url')
        .map((request) => request.body),
    ).toEqual([{ platform: 'shopee', sites: ['th'], crossBorder: true, shopId: shopee.id }]);
    const url = new URL(String(opened.mock.calls[0]?.[0]));
    expect(`${url.origin}${url.pathname}`).toBe(`${SANDBOX.shopee.base}/api/v2/shop/auth_partner`);
    expect(url.searchParams.get('redirect')).toMatch(/\/cmp\/authorize\/authorizeCallback\?state=/);
  });

  it('opens preset from the global dialog when a call needs an authorized shop', async () => {
    const main = await seller([]);
    const { running } = await openList(main.email, main.password);
    const user = userEvent.setup({ delay: null });
    await screen.findByTestId('shops-empty');
    // An order sync with no shop answers NO_AUTHORIZED_PLATFORM: the global dialog explains it.
    const sync = await t.call('GET', '/order/order/asyncOrder', { token: running.token });
    expect(sync.body.key).toBe('NO_AUTHORIZED_PLATFORM');
    const { ApiError } = await import('@shared/api/errors');
    running.router.options.context.onError(
      new ApiError({
        kind: 'dialog',
        key: sync.body.key,
        code: sync.body.resp_code,
        serverMessage: sync.body.resp_msg,
        datas: { crossBorder: true, platform: 'tiktok' },
      }),
    );
    const global = await screen.findByTestId('shop-authorization-dialog');
    expect(global.textContent).toContain(en.shops.dialog.noneCrossBorder);
    await user.click(within(global).getByRole('button', { name: en.shops.dialog.authorizeNow }));
    const dialog = await findInPortals('dialog', { name: en.shops.authorize.title });
    expect(within(dialog).getByTestId('authorize-platform-tiktok').dataset.checked).toBe('true');
    expect(
      (within(dialog).getByRole('switch', { name: crossBorderSwitch }) as HTMLInputElement).checked,
    ).toBe(true);
    // The request to open it is not left in the address.
    await waitFor(() => expect(window.location.search).toBe(''));
  });
  it('explains an abnormal authorization the server answered for a sync', async () => {
    const main = await seller(['Expired Shop']);
    await authorizeStoredShop(t, main.shops[0]?.id ?? '', {
      abnormal: { key: 'PLATFORM_TOKEN_INVALID', code: 'IllegalAccessToken', message: null },
    });
    const { running, user } = await openList(main.email, main.password);
    await rowOf('Expired Shop');
    const sync = await t.call('GET', '/order/order/asyncOrder', { token: running.token });
    expect(sync.body.key).toBe('PLATFORM_OAUTH_ERROR');
    const { ApiError } = await import('@shared/api/errors');
    running.router.options.context.onError(
      new ApiError({
        kind: 'dialog',
        key: sync.body.key,
        code: sync.body.resp_code,
        serverMessage: sync.body.resp_msg,
        datas: sync.body.datas,
      }),
    );
    const global = await screen.findByTestId('shop-authorization-dialog');
    expect(global.textContent).toContain(en.shops.dialog.abnormal);
    await user.click(within(global).getByRole('button', { name: en.shops.dialog.reauthorizeNow }));
    const dialog = await findInPortals('dialog', { name: en.shops.authorize.title });
    // The shop was cross-border: the new authorization is preset so.
    expect(
      (within(dialog).getByRole('switch', { name: crossBorderSwitch }) as HTMLInputElement).checked,
    ).toBe(true);
  });
});

describe('authorizing through the platform', () => {
  it('goes to the consent page, comes back, and the new shop is in the list', async () => {
    const main = await seller([]);
    const opened = vi.spyOn(consentPage, 'open').mockImplementation(() => undefined);
    const { user } = await openList(main.email, main.password);
    await user.click(
      within(await screen.findByTestId('shops-empty')).getByRole('button', {
        name: en.shops.actions.authorize,
      }),
    );
    const dialog = await findInPortals('dialog', { name: en.shops.authorize.title });
    await user.click(within(dialog).getByTestId('authorize-platform-tiktok'));
    await user.click(within(dialog).getByRole('checkbox', { name: en.common.sites.th }));
    await user.click(
      within(dialog).getByRole('button', {
        name: fill(en.shops.authorize.submitTo, { platform: 'TikTok Shop' }),
      }),
    );
    await waitFor(() => expect(opened).toHaveBeenCalledTimes(1));
    const consentUrl = String(opened.mock.calls[0]?.[0]);
    expect(consentUrl.startsWith(`${SANDBOX.tiktok.authorizeUrl}?`)).toBe(true);

    const back = await consentAs(t, consentUrl, 'tiktok-demo');
    expect(back.pathname).toBe('/cmp/authorize/authorizeCallback');
    await current?.close();
    // The same browser comes back from TikTok Shop.
    setCurrent(await renderConsole(`${back.pathname}${back.search}`, { app: t }));
    const result = await screen.findByTestId('authorize-result');
    expect(result.dataset.success).toBeDefined();
    expect(
      within(await screen.findByTestId('authorize-result-shops')).getByText('Chao Phraya Beauty'),
    ).toBeTruthy();
    await userEvent.setup({ delay: null }).click(screen.getByTestId('authorize-to-list'));
    const row = await rowOf('Chao Phraya Beauty');
    expect(within(row).getByTestId('shop-status').textContent).toBe(en.shops.status.normal);
    expect(within(row).getByText('TikTok Shop')).toBeTruthy();
  });

  it('explains that an account another seller authorized cannot be taken', async () => {
    const first = await seller([]);
    const second = await seller([]);
    await authorizeThroughSandbox(
      t,
      first.token,
      { platform: 'tiktok', sites: ['th'], crossBorder: true },
      'tiktok-cb',
    );
    const started = await t.call('POST', '/api-user/shop/authorize/url', {
      token: second.token,
      json: { platform: 'tiktok', sites: ['th'], crossBorder: true },
    });
    const secondBack = await consentAs(t, started.body.datas.url, 'tiktok-cb');
    // The second seller's browser comes back, signed in as the account that started the consent.
    setCurrent(
      await renderSignedIn(
        `${secondBack.pathname}${secondBack.search}`,
        { username: second.email, password: second.password },
        { app: t },
      ),
    );
    const result = await screen.findByTestId('authorize-result');
    expect(result.dataset.reason).toBe('authorizedByOther');
    expect(screen.getByText(en.shops.result.reasons.authorizedByOther.title)).toBeTruthy();
    expect(screen.getByText(en.shops.result.reasons.authorizedByOther.next)).toBeTruthy();
  });
});
