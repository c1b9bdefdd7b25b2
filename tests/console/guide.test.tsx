import { GuidedTour } from '@console/features/guide/guided-tour';
import { createApiClient } from '@shared/api/client';
import { API_CLIENTS } from '@shared/contracts/protocol';
import type { Session } from '@shared/contracts/session';
import { createI18n } from '@shared/i18n/i18n';
import { createSessionStore, type SessionStore } from '@shared/session/store';
import { AppProviders } from '@shared/ui/app-providers';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { renderSignedIn } from '../support/console';
import { readLocale } from '../support/locales';

const en = readLocale('en', 'guide');

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** A new main account signed in as the login screen leaves it: both tours still to come. */
async function newAccount(email: string): Promise<Session> {
  const { password } = await makeSeller(app, email, []);
  const signIn = await app.call('POST', '/api-uaa/oauth/loginByPassword', {
    json: { username: email, password },
  });
  const token = signIn.body.datas.access_token as string;
  const info = await app.call('GET', '/api-user/user/userInfo', { token });
  return {
    token,
    routes: signIn.body.datas.routerInfoList,
    user: info.body.datas,
    onboarded: true,
  };
}

/**
 * The dashboard as the tours see it: the page mark, the sidebar's tour targets (without
 * PurchaseAndWarehouse, as for an account without that menu) and two dashboard cards. The
 * shell mounts GuidedTour beside them; here it is rendered beside a stand-in of that markup,
 * under the console's providers, talking to the real app.
 */
async function renderDashboard(session: Session, page = 'dashboard') {
  const i18n = await createI18n('en');
  const store: SessionStore = createSessionStore({
    load: () => ({ session, updatedAt: 1 }),
    save: () => {},
  });
  const api = createApiClient({
    baseUrl: window.location.origin,
    client: API_CLIENTS.console,
    getToken: () => store.getState().snapshot.session?.token ?? null,
    getLocale: () => ({ site: 'th', language: 'en' }),
    fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
      app.app.fetch(new Request(input, init))) as typeof fetch,
  });
  const view = render(
    <AppProviders i18n={i18n} api={api} session={store}>
      <QueryClientProvider client={new QueryClient()}>
        <div data-guide-page={page}>
          <nav>
            <a href="#products" data-tour="Product">
              Products
            </a>
            <a href="#orders" data-tour="Order">
              Orders
            </a>
            <a href="#shops" data-tour="AuthorizeList">
              Shops
            </a>
          </nav>
          <section data-tour="dashboard-todo">To do</section>
          <section data-tour="dashboard-wallet">Wallet</section>
        </div>
        <GuidedTour />
      </QueryClientProvider>
    </AppProviders>,
  );
  return { store, view };
}

const status = async (token: string) =>
  (await app.call('GET', '/api-user/user/guide', { token })).body.datas;

const stepTitle = (title: string) => screen.findByRole('dialog', { name: title });

describe('guided tours', () => {
  it('walks a new account through the menus, skipping absent ones; finished, it never shows again', async () => {
    const session = await newAccount('tour@example.com');
    expect(session.user).toMatchObject({ showGuideFlag: true, showDashboardGuideFlag: true });
    const { store, view } = await renderDashboard(session);
    const user = userEvent.setup();

    await stepTitle(en.main.welcome.title);
    // Welcome, Product, Order, AuthorizeList: PurchaseAndWarehouse is not on the page.
    expect(screen.getByText('1 of 4')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: en.actions.next }));
    await stepTitle(en.main.Product.title);
    await user.keyboard('{ArrowRight}');
    await stepTitle(en.main.Order.title);
    await user.keyboard('{ArrowLeft}');
    await stepTitle(en.main.Product.title);
    await user.click(screen.getByRole('button', { name: en.actions.next }));
    await stepTitle(en.main.Order.title);
    await user.click(screen.getByRole('button', { name: en.actions.back }));
    await stepTitle(en.main.Product.title);
    await user.click(screen.getByRole('button', { name: en.actions.next }));
    await user.click(screen.getByRole('button', { name: en.actions.next }));
    await stepTitle(en.main.AuthorizeList.title);
    expect(screen.getByText('4 of 4')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: en.actions.finish }));

    await waitFor(async () => expect((await status(session.token)).main).toBe('finished'));
    expect(store.getState().snapshot.session?.user.showGuideFlag).toBe(false);

    // The dashboard tour comes next; Esc skips it.
    await stepTitle(en.dashboard.todo.title);
    expect(screen.getByText('1 of 2')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () => expect((await status(session.token)).dashboard).toBe('skipped'));
    await waitFor(() =>
      expect(store.getState().snapshot.session?.user).toMatchObject({
        showGuideFlag: false,
        showDashboardGuideFlag: false,
      }),
    );
    view.unmount();

    // A later visit, with the session the server now describes: no tour at all.
    const again = await newAccountSession(session.token);
    await renderDashboard(again);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('starts no tour away from the dashboard; a skip is recorded as one', async () => {
    const session = await newAccount('tour-skip@example.com');
    const elsewhere = await renderDashboard(session, 'shops');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(screen.queryByRole('dialog')).toBeNull();
    elsewhere.view.unmount();

    await renderDashboard(session);
    const user = userEvent.setup();
    await stepTitle(en.main.welcome.title);
    await user.click(screen.getByRole('button', { name: en.actions.next }));
    await stepTitle(en.main.Product.title);
    await user.click(screen.getByRole('button', { name: en.actions.skip }));
    await waitFor(async () =>
      expect(await status(session.token)).toEqual({ main: 'skipped', dashboard: null }),
    );
  });
});

/** The session a later page load restores: the same token, the server's userInfo. */
async function newAccountSession(token: string): Promise<Session> {
  const info = await app.call('GET', '/api-user/user/userInfo', { token });
  expect(info.body.datas).toMatchObject({ showGuideFlag: false, showDashboardGuideFlag: false });
  return {
    token,
    routes: [{ url: '/cmpDashboard', button: [] }],
    user: info.body.datas,
    onboarded: true,
  };
}

describe('guided tours in the console', () => {
  it('start on the dashboard of a new account, over the sidebar’s menus', async () => {
    const email = 'tour-shell@example.com';
    const { token, password } = await makeSeller(app, email, []);
    await app.call('POST', '/api-user/user/onboarding', {
      token,
      json: { site: 'th', businessType: 'crossBorder' },
    });
    const running = await renderSignedIn(
      '/cmp/cmpDashboard',
      { username: email, password },
      { app, firstVisit: true },
    );
    onTestFinished(() => running.close());
    const user = userEvent.setup();
    await stepTitle(en.main.welcome.title);
    // Welcome and the four menus a seller holds.
    expect(screen.getByText('1 of 5')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: en.actions.next }));
    await stepTitle(en.main.Product.title);
    await user.click(screen.getByRole('button', { name: en.actions.skip }));
    await waitFor(async () => expect((await status(token)).main).toBe('skipped'));
    // Then the dashboard's own tour, over its cards.
    await stepTitle(en.dashboard.todo.title);
  });
});
