import { AnnouncementPopup } from '@console/features/announcements/announcement-popup';
import { GuidedTour, LOOK_INTERVAL_MS } from '@console/features/guide/guided-tour';
import { announcements } from '@server/db/schema/index';
import { saveAnnouncement } from '@server/modules/notices/notices.service';
import { createApiClient } from '@shared/api/client';
import { API_CLIENTS } from '@shared/contracts/protocol';
import type { Session } from '@shared/contracts/session';
import { createI18n } from '@shared/i18n/i18n';
import { createSessionStore, type SessionStore } from '@shared/session/store';
import { AppProviders } from '@shared/ui/app-providers';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { renderSignedIn } from '../support/console';
import { readLocale } from '../support/locales';

const en = readLocale('en', 'guide');
const enNotices = readLocale('en', 'notices');

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
async function renderDashboard(
  session: Session,
  page = 'dashboard',
  options: { popup?: boolean; fetch?: typeof fetch } = {},
) {
  const i18n = await createI18n('en', ['guide']);
  let answered: () => void = () => undefined;
  /** The account's popup announcements have come: the tour knows all it waits for. */
  const popupsAnswered = new Promise<void>((resolve) => {
    answered = resolve;
  });
  const store: SessionStore = createSessionStore({
    load: () => ({ session, updatedAt: 1 }),
    save: () => {},
  });
  const api = createApiClient({
    baseUrl: window.location.origin,
    client: API_CLIENTS.console,
    getToken: () => store.getState().snapshot.session?.token ?? null,
    getLocale: () => ({ site: 'th', language: 'en' }),
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const response = await (options.fetch ?? ((each: Request) => app.app.fetch(each)))(request);
      if (new URL(request.url).pathname === '/user-center/user/notice/popup') answered();
      return response;
    }) as typeof fetch,
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
        {options.popup ? <AnnouncementPopup /> : null}
        <GuidedTour />
      </QueryClientProvider>
    </AppProviders>,
  );
  return { store, view, popupsAnswered };
}

/**
 * The tour looks for its page on an interval: this test moves that clock by hand (the others run
 * on real time). Returns one look.
 */
function looksByHand() {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  onTestFinished(() => {
    vi.useRealTimers();
  });
  return () => act(() => vi.advanceTimersByTime(LOOK_INTERVAL_MS));
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

    // A later visit, with the session the server now describes: no tour at all, nor a look for one.
    const look = looksByHand();
    const again = await newAccountSession(session.token);
    const later = await renderDashboard(again);
    await later.popupsAnswered;
    for (let times = 0; times < 3; times += 1) await look();
    expect(vi.getTimerCount()).toBe(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('starts no tour away from the dashboard; a skip is recorded as one', async () => {
    const session = await newAccount('tour-skip@example.com');
    const look = looksByHand();
    const elsewhere = await renderDashboard(session, 'shops');
    // The tour is looking, and three looks find no dashboard.
    await waitFor(() => expect(vi.getTimerCount()).toBe(1));
    for (let times = 0; times < 3; times += 1) await look();
    expect(screen.queryByRole('dialog')).toBeNull();
    elsewhere.view.unmount();
    vi.useRealTimers();

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

describe('guided tours and popup announcements', () => {
  it('waits for an unseen popup announcement, even one that arrives after the page, and starts once it is closed', async () => {
    const announcement = await saveAnnouncement(app, null, {
      language: 'en',
      title: 'Holiday hours',
      content: '<p>Closed on Friday</p>',
      isPopup: true,
      showTime: new Date(app.clock.now().getTime() - 60_000),
    });
    // The other tests of this file meet no popup.
    onTestFinished(async () => {
      await app.db.delete(announcements).where(eq(announcements.id, announcement.id));
    });
    const session = await newAccount('tour-popup@example.com');
    // The popups answer only when the test lets them: the page and its targets are there first.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = false;
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (new URL(request.url).pathname === '/user-center/user/notice/popup') {
        asked = true;
        await held;
      }
      return app.app.fetch(request);
    }) as typeof globalThis.fetch;
    const look = looksByHand();
    await renderDashboard(session, 'dashboard', { popup: true, fetch });
    const user = userEvent.setup();
    await waitFor(() => expect(asked).toBe(true));
    // The tour looks three times while the popups are still on their way: it waits.
    for (let times = 0; times < 3; times += 1) await look();
    expect(screen.queryByRole('dialog')).toBeNull();

    release();
    const popup = await screen.findByTestId('announcement-popup');
    await look();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await user.click(within(popup).getByRole('button', { name: enNotices.popup.close }));
    // Closed and marked seen: the tour starts at once.
    await stepTitle(en.main.welcome.title);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
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
