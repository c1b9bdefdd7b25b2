import { announcements, helpArticles, users } from '@server/db/schema/index';
import { saveHelpArticle } from '@server/modules/help/help.service';
import { saveAnnouncement } from '@server/modules/notices/notices.service';
import { freeze, recharge } from '@server/modules/wallet/wallet.service';
import { DEMO_ACCOUNT } from '@server/seed/demo';
import type { Currency } from '@shared/contracts/money';
import { dayIn } from '@shared/contracts/site-codes';
import type { UserInfo } from '@shared/contracts/users';
import { formatDay, formatMoney } from '@shared/i18n/format';
import { writeCookie } from '@shared/session/web-port';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { renderConsole, signInAs } from '../support/console';
import { readLocale } from '../support/locales';

const en = readLocale('en', 'dashboard');

let app: TestApp;
let current: Awaited<ReturnType<typeof renderConsole>> | undefined;

beforeAll(async () => {
  app = await createTestApp({ from: 'demo' });
});
afterEach(async () => {
  await current?.close();
  current = undefined;
});
afterAll(() => app.close());

/**
 * The demo seller on the dashboard, restored from the session a sign-in stored (token cookie,
 * routes, userInfo), with `patch` applied to that userInfo. Its tours are done, so nothing
 * covers the cards.
 */
async function openDashboard(patch: Partial<UserInfo> = {}) {
  // Its tours finished and the popup announcement read: renderConsole settles them.
  const { token, routes } = await signInAs(app, {
    username: DEMO_ACCOUNT.email,
    password: DEMO_ACCOUNT.password,
  });
  const info = await app.call('GET', '/api-user/user/userInfo', { token });
  writeCookie(document, 'access_token', token);
  writeCookie(document, 'cmp-language', 'en');
  localStorage.setItem(
    'cmp-session',
    JSON.stringify({
      updatedAt: Date.now(),
      routes,
      user: { ...info.body.datas, ...patch },
      onboarded: true,
    }),
  );
  current = await renderConsole('/cmp/cmpDashboard', { app });
  await screen.findByTestId('dashboard-greeting', {}, { timeout: 10_000 });
  return { token, user: userEvent.setup({ delay: null }) };
}

/** Makes one API path answer 500 while `failing` is true (a broken network or server). */
function breakPath(path: string) {
  const real = app.app.fetch;
  const state = { failing: true };
  app.app.fetch = ((request: Request, ...rest: unknown[]) =>
    state.failing && new URL(request.url).pathname === path
      ? Promise.resolve(new Response('upstream failure', { status: 500 }))
      : (real as (...args: unknown[]) => Promise<Response>)(request, ...rest)) as typeof real;
  onTestFinished(() => {
    app.app.fetch = real;
  });
  return state;
}

/** Money moved in the demo seller's wallet as the services move it. */
async function moveDemoMoney(currency: Currency, rechargeAmount: number, frozen: number) {
  const [owner] = await app.db.select().from(users).where(eq(users.email, DEMO_ACCOUNT.email));
  if (!owner) throw new Error('no demo seller');
  const deps = { db: app.db, clock: app.clock };
  const key = `dashboard-${currency}-${Date.now()}`;
  await recharge(deps, null, {
    ownerId: owner.id,
    currency,
    amount: rechargeAmount,
    idempotencyKey: `${key}-recharge`,
    reference: { type: 'recharge', id: key },
  });
  await freeze(deps, null, {
    ownerId: owner.id,
    currency,
    amount: frozen,
    idempotencyKey: `${key}-freeze`,
    reference: { type: 'service', id: key },
  });
  return owner;
}

describe('dashboard: my wallet', () => {
  it('shows balance, frozen and available of the wallet summary, in the currency’s minor units, and Refresh asks again', async () => {
    // The session was stored with other figures: the card shows the server's.
    const { user, token } = await openDashboard({ balance: 99, freezeBalance: 0 });
    const wallet = screen.getByTestId('wallet-card');
    const before = (await app.call('GET', '/api-user/wallet/summary', { token })).body.datas
      .wallets[0] as { balance: number; frozen: number; available: number };
    const thb = (minor: number) => formatMoney(minor, 'THB', 'en');
    await waitFor(() =>
      expect(within(wallet).getByTestId('wallet-balance').textContent).toBe(thb(before.balance)),
    );
    await moveDemoMoney('THB', 1_234_550, 34_550);
    // Refresh asks the server again.
    await user.click(within(wallet).getByRole('button', { name: en.wallet.refresh }));
    await waitFor(() =>
      expect(within(wallet).getByTestId('wallet-balance').textContent).toBe(
        thb(before.balance + 1_234_550),
      ),
    );
    expect(within(wallet).getByTestId('wallet-frozen').textContent).toBe(
      thb(before.frozen + 34_550),
    );
    expect(within(wallet).getByTestId('wallet-available').textContent).toBe(
      thb(before.available + 1_200_000),
    );
    expect(within(wallet).getByTestId('wallet-recharge').getAttribute('href')).toBe(
      '/cmp/pay/recharge',
    );
  });

  it('writes a currency without minor units whole', async () => {
    // The demo seller on the Vietnamese site: its wallet is in VND.
    const owner = await moveDemoMoney('VND', 1_500_000, 250_000);
    await app.db.update(users).set({ site: 'vn' }).where(eq(users.id, owner.id));
    onTestFinished(async () => {
      await app.db.update(users).set({ site: owner.site }).where(eq(users.id, owner.id));
    });
    await openDashboard();
    await waitFor(() =>
      expect(screen.getByTestId('wallet-available').textContent).toBe('₫1,250,000'),
    );
    expect(screen.getByTestId('wallet-frozen').textContent).toBe('₫250,000');
  });
});

describe('dashboard: no-warehouse prompt', () => {
  it('asks an account without a warehouse to open one, and not one that has one', async () => {
    await openDashboard();
    const prompt = screen.getByTestId('no-warehouse-prompt');
    expect(within(prompt).getByText(en.warehouse.title)).toBeTruthy();
    expect(within(prompt).getByTestId('no-warehouse-action').getAttribute('href')).toBe(
      '/cmp/purchaseAndWarehouse/warehouseManage',
    );
    await current?.close();
    current = undefined;
    await openDashboard({ isWarehouse: true });
    expect(screen.queryByTestId('no-warehouse-prompt')).toBeNull();
  });
});

describe('dashboard: to-do and chart', () => {
  it('shows the server’s counts, each linking to its list', async () => {
    const { token } = await openDashboard();
    const summary = async (path: string) =>
      (await app.call('GET', path, { token })).body.datas as Record<string, number>;
    const products = await summary('/product/product/status/summary');
    const orders = await summary('/order/order/status/summary');
    const purchases = await summary('/order/purchaseorder/status/summary');
    // The demo seller has a claimed product waiting: real figures, not zeros.
    expect(products.wait).toBeGreaterThan(0);
    const cases = [
      ['todo-products-wait', products.wait, '/cmp/thirdPartyPlatform/platformProductManage'],
      ['todo-products-fail', products.fail, '/cmp/thirdPartyPlatform/platformProductManage'],
      ['todo-orders-pending', orders.pending, '/cmp/thirdPartyPlatform/orderManage'],
      ['todo-orders-logistics', orders.logistics, '/cmp/thirdPartyPlatform/orderManage'],
      ['todo-purchases-waitAudit', purchases.waitAudit, '/cmp/purchaseAndWarehouse/purchaseManage'],
    ] as const;
    for (const [testId, count, href] of cases) {
      const row = await screen.findByTestId(testId);
      await waitFor(() => expect(row.textContent).toMatch(new RegExp(`\\D${count}$`)));
      expect(row.getAttribute('href')).toBe(href);
    }
    expect(screen.getByTestId('todo-orders-pending').getAttribute('aria-label')).toBe(
      `To process: ${orders.pending}, open the list`,
    );
  });

  it('draws the demo’s orders over the last 14 days, counted in the reader’s time zone', async () => {
    const { token } = await openDashboard();
    // The demo's manual orders (server/seed/orders.ts) lie in the range: the chart, not the
    // empty state, once the series arrived.
    const manual = await app.call('GET', '/order/order/list?tab=all&limit=5', { token });
    expect(manual.body.datas.records.length).toBeGreaterThan(0);
    await waitFor(() => expect(document.querySelector('.mantine-Skeleton-root')).toBeNull());
    expect(screen.queryByTestId('trend-failed')).toBeNull();
    expect(screen.queryByTestId('trend-empty')).toBeNull();
    expect(screen.queryByText(en.trend.emptyTitle)).toBeNull();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const last = dayIn(zone, app.clock.now());
    const [y = 0, m = 1, d = 1] = last.split('-').map(Number);
    const first = new Date(Date.UTC(y, m - 1, d - 13)).toISOString().slice(0, 10);
    expect(screen.getByTestId('trend-range').textContent).toBe(
      `Last 14 days, ${formatDay(first, 'en')} – ${formatDay(last, 'en')}`,
    );
  });

  it('shows a failed card with a retry that loads it again', async () => {
    const outage = breakPath('/order/order/status/summary');
    const { user, token } = await openDashboard();
    const failed = await screen.findByTestId('todo-orders-failed');
    const summary = async (path: string) =>
      (await app.call('GET', path, { token })).body.datas as Record<string, number>;
    const products = await summary('/product/product/status/summary');
    // The other sections are not held up by it.
    await waitFor(() =>
      expect(screen.getByTestId('todo-products-wait').textContent).toMatch(
        new RegExp(`\\D${products.wait}$`),
      ),
    );
    outage.failing = false;
    const orders = await summary('/order/order/status/summary');
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByTestId('todo-orders-pending').textContent).toMatch(
        new RegExp(`\\D${orders.pending}$`),
      ),
    );
    expect(screen.queryByTestId('todo-orders-failed')).toBeNull();
  });
});

describe('dashboard: announcements, questions, customer service', () => {
  it('shows empty states, then the latest items; a click reads one', async () => {
    await app.db.delete(announcements);
    await app.db.delete(helpArticles);
    await openDashboard();
    expect(await screen.findByText(en.notices.emptyTitle)).toBeTruthy();
    expect(await screen.findByText(en.help.emptyTitle)).toBeTruthy();
    await current?.close();
    current = undefined;

    await saveAnnouncement(app, null, {
      language: 'en',
      title: 'Songkran holiday hours',
      content: '<p>Our warehouse closes on <strong>13–15 April</strong>.</p>',
    });
    await saveHelpArticle(app, null, {
      language: 'en',
      title: 'How do I authorize a Shopee shop?',
      content: '<p>Open <em>Shop authorization</em> and choose Shopee.</p>',
    });
    const { user } = await openDashboard();
    await user.click(await screen.findByText('Songkran holiday hours'));
    const notice = await screen.findByTestId('dashboard-article');
    expect(notice.textContent).toContain('Our warehouse closes on 13–15 April.');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('dashboard-article')).toBeNull());

    await user.click(await screen.findByText('How do I authorize a Shopee shop?'));
    expect((await screen.findByTestId('dashboard-article')).textContent).toContain(
      'Open Shop authorization and choose Shopee.',
    );
  });

  it('shows customer service as configured on the server', async () => {
    await openDashboard();
    const card = screen.getByTestId('service-card');
    const mail = await within(card).findByTestId('service-mail');
    expect(mail.getAttribute('href')).toBe('mailto:service@example.com');
    expect(within(card).getByAltText('QR code: WeChat').getAttribute('src')).toMatch(
      /^data:image\/png;base64,/,
    );
    expect(within(card).getByText('WeChat ID: cmp_seller_service')).toBeTruthy();
  });
});
