import { consentPage } from '@console/features/shops/authorize-consent';
import { shops } from '@server/db/schema/index';
import { sandboxHosts } from '@server/integrations/marketplace/marketplace.config';
import { AUTHORIZE_FAILURES } from '@shared/contracts/shops';
import { writeCookie } from '@shared/session/web-port';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeSeller, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { renderConsole, renderSignedIn } from '../support/console';
import { fillWords, readLocale } from '../support/locales';
import {
  authorizeStoredShop,
  authorizeThroughSandbox,
  consentAs,
  setSyncState,
  syncStateOf,
} from '../support/shops';

const en = {
  shops: readLocale('en', 'shops'),
  common: readLocale('en', 'common'),
  errors: readLocale('en', 'errors'),
  validation: readLocale('en', 'validation'),
};
const PAGE = '/cmp/thirdPartyPlatform/authorizeList';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const SANDBOX = sandboxHosts('http://sandbox.test');
/** The switch is named by its label (its description is read after it). */
const crossBorderSwitch = new RegExp(`^${en.shops.authorize.crossBorder}`);

let t: TestApp;
/** Requests the app received from the console, with their JSON bodies. */
let requests: { method: string; path: string; body: unknown }[] = [];
beforeAll(async () => {
  t = await createTestApp({ sandboxShops: true });
  // "x minutes ago" is read against the browser's clock: the server's starts at the same time.
  t.clock.set(new Date());
  const fetch = t.app.fetch;
  t.app.fetch = async (request: Request, ...rest: unknown[]) => {
    const text = request.method === 'POST' ? await request.clone().text() : '';
    requests.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : null,
    });
    return (fetch as (...args: unknown[]) => Response | Promise<Response>)(request, ...rest);
  };
});
afterAll(() => t.close());

let current: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
  requests = [];
  vi.restoreAllMocks();
});

let sellers = 0;
/** A main account of its own, onboarded, with shops on Lazada, Shopee and TikTok (in that order). */
async function seller(names: string[]) {
  sellers += 1;
  const email = `shops-authorize-${sellers}@example.com`;
  const made = await makeSeller(t, email, names);
  const onboarded = await t.call('POST', '/api-user/user/onboarding', {
    token: made.token,
    json: { site: 'th', businessType: 'crossBorder' },
  });
  expect(onboarded.body.resp_code, onboarded.text).toBe(0);
  return { ...made, email };
}

async function openList(username: string, password: string) {
  const running = await renderSignedIn(PAGE, { username, password }, { app: t });
  current = running;
  await screen.findByRole('heading', { name: en.shops.title });
  return { running, user: userEvent.setup() };
}

async function rowOf(name: string) {
  const rows = await screen.findAllByTestId('shop-row');
  const row = rows.find((candidate) => within(candidate).queryByText(name) !== null);
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

const fill = fillWords;

describe('the authorize list', () => {
  it('shows each shop with its status, the abnormal reason and where its sync stands', async () => {
    const main = await seller(['Lazada Home', 'Shopee Deals', 'TikTok Trends']);
    const [home, deals, trends] = main.shops;
    if (!home || !deals || !trends) throw new Error('shops missing');
    const now = t.clock.now();
    await authorizeStoredShop(t, home.id, { expiresAt: new Date(now.getTime() + 3 * DAY) });
    await authorizeStoredShop(t, deals.id, {
      abnormal: { key: 'PLATFORM_TOKEN_INVALID', code: 'invalid_acceess_token', message: null },
    });
    await authorizeStoredShop(t, trends.id, { expiresAt: new Date(now.getTime() + 60 * DAY) });
    await setSyncState(t, home.id, 'orders', {
      // Read in started minutes: "5 minutes ago" for the next half minute.
      lastSyncedAt: new Date(Date.now() - 5 * MINUTE + 30_000),
      nextSyncAt: new Date(now.getTime() + 10 * MINUTE),
      lastCount: 12,
    });
    await setSyncState(t, home.id, 'products', {
      lastSyncedAt: new Date(now.getTime() - 2 * 60 * MINUTE),
      nextSyncAt: new Date(now.getTime() + 30 * MINUTE),
      error: {
        key: 'PLATFORM_RATE_LIMITED',
        code: 'ApiCallLimit',
        message: 'Too many calls',
        at: new Date(now.getTime() - MINUTE),
      },
    });

    const { user } = await openList(main.email, main.password);

    const homeRow = await rowOf('Lazada Home');
    expect(within(homeRow).getByTestId('shop-status').textContent).toBe(en.shops.status.normal);
    expect(within(homeRow).getByText('Lazada')).toBeTruthy();
    expect(within(homeRow).getByText(en.common.sites.th)).toBeTruthy();
    expect(within(homeRow).getByText(en.shops.types.crossBorder)).toBeTruthy();
    expect(within(homeRow).getByText(en.shops.logistics.none)).toBeTruthy();
    // Three days left: the warning colour and how many days.
    expect(within(homeRow).getByTestId('shop-expiry').dataset.expiry).toBe('soon');
    expect(within(homeRow).getByText(fill(en.shops.expiry.soon_other, { count: 3 }))).toBeTruthy();
    const orders = within(homeRow).getByTestId('sync-orders');
    expect(orders.textContent).toContain(
      fill(en.shops.syncState.last, { ago: fill(en.common.format.minutesAgo_other, { count: 5 }) }),
    );
    expect(orders.textContent).toContain(fill(en.shops.syncState.next, { time: '' }).trim());
    const productsFailure = within(homeRow).getByTestId('sync-products-failure');
    expect(productsFailure.textContent).toContain(
      fill(en.errors.PLATFORM_RATE_LIMITED, { platform: 'Lazada', code: 'ApiCallLimit' }),
    );

    const dealsRow = await rowOf('Shopee Deals');
    expect(dealsRow.dataset.status).toBe('abnormal');
    expect(within(dealsRow).getByTestId('shop-status').textContent).toBe(en.shops.status.abnormal);
    expect(within(dealsRow).getByTestId('shop-abnormal-reason').textContent).toContain(
      fill(en.errors.PLATFORM_TOKEN_INVALID, { platform: 'Shopee', code: 'invalid_acceess_token' }),
    );
    // Abnormal or expiring soon: re-authorize; a shop far from expiry has no such button.
    expect(
      within(dealsRow).getByRole('button', {
        name: fill(en.shops.actions.reauthorizeFor, { name: 'Shopee Deals' }),
      }),
    ).toBeTruthy();
    const trendsRow = await rowOf('TikTok Trends');
    expect(within(trendsRow).getByTestId('shop-expiry').dataset.expiry).toBe('ok');
    expect(within(trendsRow).queryByRole('button', { name: /Re-authorize/ })).toBeNull();
    expect(within(trendsRow).getByTestId('sync-orders').textContent).toContain(
      en.shops.syncState.never,
    );

    // Retry queues the shop's sync at once.
    const before = await syncStateOf(t, home.id, 'orders');
    t.clock.advance(MINUTE);
    await user.click(
      within(homeRow).getByRole('button', {
        name: fill(en.shops.syncState.retryFor, { name: 'Lazada Home' }),
      }),
    );
    expect(
      await screen.findByText(fill(en.shops.syncState.retried, { name: 'Lazada Home' })),
    ).toBeTruthy();
    const after = await syncStateOf(t, home.id, 'orders');
    expect(after?.nextSyncAt.getTime()).toBeLessThan(before?.nextSyncAt.getTime() ?? 0);
    expect(requests.some((request) => request.path === '/api-user/shop/sync/retry')).toBe(true);
  });

  it('offers authorization from the empty state when there is no shop yet', async () => {
    const main = await seller([]);
    const { user } = await openList(main.email, main.password);
    const empty = await screen.findByTestId('shops-empty');
    expect(within(empty).getByText(en.shops.empty.title)).toBeTruthy();
    await user.click(within(empty).getByRole('button', { name: en.shops.actions.authorize }));
    expect(await screen.findByRole('dialog', { name: en.shops.authorize.title })).toBeTruthy();
  });

  it('refuses an empty alias and saves a new one', async () => {
    const main = await seller(['Alias Shop']);
    const { user } = await openList(main.email, main.password);
    await rowOf('Alias Shop');
    await user.click(
      screen.getByRole('button', { name: fill(en.shops.alias.editFor, { name: 'Alias Shop' }) }),
    );
    const dialog = await screen.findByRole('dialog', { name: en.shops.alias.title });
    const input = within(dialog).getByLabelText(en.shops.fields.alias);
    await user.clear(input);
    await user.type(input, '   ');
    await user.click(within(dialog).getByRole('button', { name: en.common.actions.save }));
    expect(await within(dialog).findByText(en.shops.alias.required)).toBeTruthy();
    expect(requests.some((request) => request.path === '/api-user/shop/alias')).toBe(false);

    await user.clear(input);
    await user.type(input, 'Flagship');
    await user.click(within(dialog).getByRole('button', { name: en.common.actions.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = await rowOf('Flagship');
    expect(within(row).getByText('Alias Shop')).toBeTruthy();
    const [stored] = await t.db
      .select()
      .from(shops)
      .where(eq(shops.id, main.shops[0]?.id ?? ''));
    expect(stored?.alias).toBe('Flagship');
  });

  it('asks before unbinding, naming the shop, and the list loses it', async () => {
    const main = await seller(['Keep Me', 'Let Go']);
    const { user } = await openList(main.email, main.password);
    await rowOf('Let Go');
    const unbind = () =>
      user.click(
        screen.getByRole('button', { name: fill(en.shops.actions.unbindFor, { name: 'Let Go' }) }),
      );

    await unbind();
    let dialog = await screen.findByRole('dialog', { name: en.shops.unbind.title });
    expect(dialog.textContent).toContain(fill(en.shops.unbind.message, { name: 'Let Go' }));
    await user.click(within(dialog).getByRole('button', { name: en.common.actions.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((request) => request.path === '/api-user/shop/unbind')).toBe(false);

    await unbind();
    dialog = await screen.findByRole('dialog', { name: en.shops.unbind.title });
    await user.click(within(dialog).getByRole('button', { name: en.shops.unbind.confirm }));
    await waitFor(() => expect(screen.queryByText('Let Go')).toBeNull());
    expect((await screen.findAllByTestId('shop-row')).length).toBe(1);
    expect(await screen.findByText(fill(en.shops.unbind.done, { name: 'Let Go' }))).toBeTruthy();
    const left = await t.db.select().from(shops).where(eq(shops.ownerId, main.user.id));
    expect(left.map((shop) => shop.name)).toEqual(['Keep Me']);
  });

  it('shows a sub-account without the buttons none of them, though its shops need them', async () => {
    const main = await seller(['Shared Broken']);
    const [shop] = main.shops;
    if (!shop) throw new Error('no shop');
    await authorizeStoredShop(t, shop.id, {
      abnormal: { key: 'PLATFORM_TOKEN_INVALID', code: 'IllegalRefreshToken', message: null },
    });
    await setSyncState(t, shop.id, 'orders', {
      nextSyncAt: t.clock.now(),
      error: { key: 'PLATFORM_UNAVAILABLE', code: '503', message: null, at: t.clock.now() },
    });
    const sub = await makeSubAccount(
      t,
      main.token,
      `shops-sub-${sellers}@example.com`,
      [shop.id],
      [{ url: '/thirdPartyPlatform/authorizeList', buttons: [] }],
    );

    await openList(`shops-sub-${sellers}@example.com`, sub.password);
    const row = await rowOf('Shared Broken');
    expect(within(row).getByTestId('sync-orders-failure')).toBeTruthy();
    expect(screen.getByTestId('shops-guide')).toBeTruthy();
    expect(screen.queryByTestId('shops-authorize')).toBeNull();
    expect(screen.queryByTestId('shops-sync')).toBeNull();
    expect(within(row).queryAllByRole('button')).toEqual([]);
  });

  it('and the main account, with every button, sees them all on the same shop', async () => {
    const main = await seller(['All Buttons']);
    const [shop] = main.shops;
    if (!shop) throw new Error('no shop');
    await authorizeStoredShop(t, shop.id, {
      abnormal: { key: 'PLATFORM_TOKEN_INVALID', code: 'IllegalRefreshToken', message: null },
    });
    await openList(main.email, main.password);
    const row = await rowOf('All Buttons');
    expect(screen.getByTestId('shops-authorize')).toBeTruthy();
    expect(screen.getByTestId('shops-sync')).toBeTruthy();
    const names = within(row)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual([
      fill(en.shops.alias.editFor, { name: 'All Buttons' }),
      fill(en.shops.actions.reauthorizeFor, { name: 'All Buttons' }),
      fill(en.shops.actions.unbindFor, { name: 'All Buttons' }),
    ]);
  });
});

describe('the authorize dialog', () => {
  it('refuses no site, then sends the choice and goes to the platform’s consent page', async () => {
    const main = await seller(['Any Shop']);
    const opened = vi.spyOn(consentPage, 'open').mockImplementation(() => undefined);
    const { user } = await openList(main.email, main.password);
    await rowOf('Any Shop');
    await user.click(screen.getByTestId('shops-authorize'));
    const dialog = await screen.findByRole('dialog', { name: en.shops.authorize.title });

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
    const dialog = await screen.findByRole('dialog', { name: en.shops.authorize.reauthorizeTitle });
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
    const user = userEvent.setup();
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
    const dialog = await screen.findByRole('dialog', { name: en.shops.authorize.title });
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
    const dialog = await screen.findByRole('dialog', { name: en.shops.authorize.title });
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
    const dialog = await screen.findByRole('dialog', { name: en.shops.authorize.title });
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
    current = await renderConsole(`${back.pathname}${back.search}`, { app: t });
    const result = await screen.findByTestId('authorize-result');
    expect(result.dataset.success).toBeDefined();
    expect(
      within(await screen.findByTestId('authorize-result-shops')).getByText('Chao Phraya Beauty'),
    ).toBeTruthy();
    await userEvent.setup().click(screen.getByTestId('authorize-to-list'));
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
    current = await renderConsole(`${secondBack.pathname}${secondBack.search}`, { app: t });
    const result = await screen.findByTestId('authorize-result');
    expect(result.dataset.reason).toBe('authorizedByOther');
    expect(screen.getByText(en.shops.result.reasons.authorizedByOther.title)).toBeTruthy();
    expect(screen.getByText(en.shops.result.reasons.authorizedByOther.next)).toBeTruthy();
  });
});

describe('the callback and result pages', () => {
  it('posts what the platform sent once and shows the result; the used state is refused', async () => {
    const main = await seller(['Callback Shop']);
    const started = await t.call('POST', '/api-user/shop/authorize/url', {
      token: main.token,
      json: { platform: 'tiktok', sites: ['th'], crossBorder: false },
    });
    expect(started.body.resp_code, started.text).toBe(0);
    const state = new URL(started.body.datas.url).searchParams.get('state') ?? '';

    // TikTok sends the seller back with an error when consent is refused.
    current = await renderConsole(
      `/cmp/authorize/authorizeCallback?${new URLSearchParams({ state, error: 'access_denied' })}`,
      { app: t },
    );
    const result = await screen.findByTestId('authorize-result');
    expect(result.dataset.reason).toBe('redirectFailed');
    expect(window.location.pathname).toBe('/cmp/authorize/authorizeResult');
    expect(screen.getByTestId('authorize-result-reason').textContent).toBe(
      fill(en.shops.result.reasons.redirectFailed.text, { platform: 'TikTok Shop' }),
    );
    const callbacks = requests.filter(
      (request) => request.path === '/api-user/shop/authorize/callback',
    );
    // One post, even though strict mode runs the page's effects twice.
    expect(callbacks.map((request) => request.body)).toEqual([{ state, error: 'access_denied' }]);
    await current.close();

    // The same link again: the state was single use.
    current = await renderConsole(
      `/cmp/authorize/authorizeCallback?${new URLSearchParams({ state, code: 'late-code' })}`,
      { app: t },
    );
    expect((await screen.findByTestId('authorize-result')).dataset.reason).toBe('stateInvalid');
    expect(screen.getByText(en.shops.result.reasons.stateInvalid.title)).toBeTruthy();
  });

  it('words every failure reason in the reader’s language, with the platform’s code', async () => {
    const running = await renderConsole('/cmp/authorize/authorizeResult?success=false', { app: t });
    current = running;
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
    current = await renderConsole(
      '/cmp/authorize/authorizeResult?success=false&reason=lazadaMultiSite&platform=lazada',
      { app: t },
    );
    expect(await screen.findByText(th.result.reasons.lazadaMultiSite.title)).toBeTruthy();
    expect(screen.getByTestId('authorize-result-reason').textContent).toBe(
      th.result.reasons.lazadaMultiSite.text,
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
