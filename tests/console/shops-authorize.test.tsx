import { shops } from '@server/db/schema/index';
import { screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { makeSubAccount } from '../support/accounts';
import { authorizeStoredShop, setSyncState, syncStateOf } from '../support/shops';
import {
  DAY,
  en,
  fill,
  MINUTE,
  openList,
  registerShopsAuthorizeTests,
  requests,
  rowOf,
  seller,
  sellers,
  t,
} from './shops-authorize-harness';

registerShopsAuthorizeTests();

describe('the authorize list', () => {
  it('shows each shop with its status, the abnormal reason and where its sync stands', async () => {
    const main = await seller(['Lazada Home', 'Shopee Deals', 'TikTok Trends']);
    const [home, deals, trends] = main.shops;
    if (!home || !deals || !trends) throw new Error('shops missing');
    const now = t.clock.now();
    // "x minutes ago" is read against the browser's clock: held at the server's, so that a slow
    // render cannot make 5 minutes 6 (timers run as they do).
    vi.useFakeTimers({ toFake: ['Date'], now });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    await authorizeStoredShop(t, home.id, { expiresAt: new Date(now.getTime() + 3 * DAY) });
    await authorizeStoredShop(t, deals.id, {
      abnormal: { key: 'PLATFORM_TOKEN_INVALID', code: 'invalid_acceess_token', message: null },
    });
    await authorizeStoredShop(t, trends.id, { expiresAt: new Date(now.getTime() + 60 * DAY) });
    await setSyncState(t, home.id, 'orders', {
      // Read in started minutes: 4.5 minutes is "5 minutes ago".
      lastSyncedAt: new Date(now.getTime() - 5 * MINUTE + 30_000),
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
