import { createErrorHandler } from '@console/app/error-handler';
import { createQueryClient } from '@console/app/query-client';
import { MessageBell } from '@console/features/messages/message-bell';
import { messages } from '@server/db/schema/index';
import { seedMessages } from '@server/modules/messages/messages.seed';
import { createApiClient } from '@shared/api/client';
import { API_CLIENTS } from '@shared/contracts/protocol';
import { createI18n } from '@shared/i18n/i18n';
import { createSessionStore, type SessionStore, selectSession } from '@shared/session/store';
import { AppProviders } from '@shared/ui/app-providers';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { renderSignedIn } from '../support/console';
import { readLocale } from '../support/locales';

const en = {
  messages: readLocale('en', 'messages'),
  notifications: readLocale('en', 'notifications'),
  common: readLocale('en', 'common'),
};
/** The demo messages' titles, as seedMessages words them in English. */
const TITLES = {
  orderNew: en.notifications.titles.orderNew
    .replace('{{orderNo}}', '800123459876')
    .replace('{{shop}}', 'Siam Home Living'),
  purchaseReturned: en.notifications.titles.purchaseReturned.replace(
    '{{purchaseNo}}',
    'PO202611020003',
  ),
  orderCancelled: en.notifications.titles.orderCancelled.replace('{{orderNo}}', '800123456789'),
};
/** seedMessages sends 9 messages, 5 of them unread. */
const DEMO_UNREAD = 5;

let t: TestApp;
/** Paths (with query) of the requests the app received, in order. */
let requests: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  const fetch = t.app.fetch;
  t.app.fetch = (request: Request, ...rest: unknown[]) => {
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}`);
    return (fetch as (...args: unknown[]) => Response | Promise<Response>)(request, ...rest);
  };
});
afterAll(() => t.close());

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  requests = [];
  vi.useRealTimers();
});

let sellers = 0;
/** An onboarded seller of its own with the demo messages. */
async function sellerWithMessages() {
  sellers += 1;
  const email = `bell-${sellers}@example.com`;
  const seller = await makeSeller(t, email, []);
  const onboarded = await t.call('POST', '/api-user/user/onboarding', {
    token: seller.token,
    json: { site: 'th', businessType: 'crossBorder' },
  });
  expect(onboarded.body.resp_code, onboarded.text).toBe(0);
  await seedMessages(t, seller.user.id);
  return { ...seller, email };
}

const polls = () => requests.filter((r) => r === 'GET /api-user/message/getMessageList').length;

async function unreadInDatabase(userId: string) {
  return (
    await t.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.userId, userId), eq(messages.isRead, 1)))
  ).length;
}

/**
 * The bell as the header holds it, on the console's providers, client and query client, against
 * the real app; the router behind it shows where a click leads.
 */
async function renderBell(seller: { email: string; password: string }) {
  const login = await t.call('POST', '/api-uaa/oauth/loginByPassword', {
    json: { username: seller.email, password: seller.password },
  });
  const token = login.body.datas.access_token as string;
  const info = await t.call('GET', '/api-user/user/userInfo', { token });
  const session: SessionStore = createSessionStore({
    load: () => ({
      session: {
        token,
        routes: login.body.datas.routerInfoList,
        user: info.body.datas,
        onboarded: true,
      },
      updatedAt: Date.now(),
    }),
    save: () => undefined,
  });
  const i18n = await createI18n('en', ['messages', 'errors']);
  const api = createApiClient({
    baseUrl: window.location.origin,
    client: API_CLIENTS.console,
    getToken: () => selectSession(session.getState())?.token ?? null,
    getLocale: () => ({ site: 'th', language: 'en' }),
    fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
      t.app.fetch(new Request(input, init))) as typeof fetch,
  });
  const onError = createErrorHandler({ win: window, session, t: i18n.t, currentPath: () => '/' });
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <MessageBell />
        <Outlet />
      </>
    ),
  });
  const pageRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '$',
    component: () => <main data-testid="page" />,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([pageRoute]),
    history: createMemoryHistory({ initialEntries: ['/cmpDashboard'] }),
  });
  const view = render(
    <AppProviders i18n={i18n} api={api} session={session}>
      <QueryClientProvider client={createQueryClient(onError)}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </AppProviders>,
  );
  cleanups.push(() => view.unmount());
  return { router, session, user: userEvent.setup() };
}

const bellLabel = (count: number) =>
  en.messages.bell.labelUnread.replace('{{count}}', String(count));

async function openDropdown(user: ReturnType<typeof userEvent.setup>, unread: number) {
  await user.click(await screen.findByRole('button', { name: bellLabel(unread) }));
  return screen.findByTestId('message-dropdown');
}

describe('the message bell', () => {
  it('shows the unread count and the newest messages, unread ones marked', async () => {
    const seller = await sellerWithMessages();
    const { user } = await renderBell(seller);
    const dropdown = await openDropdown(user, DEMO_UNREAD);
    const lines = await within(dropdown).findAllByTestId('message-line');
    expect(lines).toHaveLength(6);
    expect(lines[0]?.textContent).toContain(TITLES.orderNew);
    expect(lines[0]?.dataset.unread).toBe('true');
    const cancelled = lines.find((line) => line.textContent?.includes(TITLES.orderCancelled));
    expect(cancelled?.dataset.unread).toBeUndefined();
    expect(
      within(dropdown).getByRole('link', { name: en.messages.bell.viewAll }).getAttribute('href'),
    ).toBe('/account/messageCenter');
  });

  it('a click on an order message marks it read, then opens the order page with its orderId', async () => {
    const seller = await sellerWithMessages();
    const { user, router } = await renderBell(seller);
    const dropdown = await openDropdown(user, DEMO_UNREAD);
    await user.click(await within(dropdown).findByText(TITLES.orderNew));
    await waitFor(() =>
      expect(router.state.location.href).toBe(
        '/thirdPartyPlatform/orderManage?orderId=800123459876',
      ),
    );
    expect(requests).toContain('GET /api-user/message/getUserMessage');
    expect(await unreadInDatabase(seller.user.id)).toBe(DEMO_UNREAD - 1);
    await screen.findByRole('button', { name: bellLabel(DEMO_UNREAD - 1) });
  });

  it('a click on a notice opens its dialog with the notice’s own title and text', async () => {
    const seller = await sellerWithMessages();
    const { user, router } = await renderBell(seller);
    const dropdown = await openDropdown(user, DEMO_UNREAD);
    const title = en.notifications.titles.maintenance.split('{{')[0]?.trim() ?? '';
    await user.click(await within(dropdown).findByText(new RegExp(title)));
    const dialog = await screen.findByRole('dialog', { name: /System maintenance/ });
    expect(within(dialog).getByText(/Order sync and product publishing pause/)).toBeTruthy();
    // Worded, not dumped.
    expect(dialog.textContent).not.toContain('{');
    expect(router.state.location.pathname).toBe('/cmpDashboard');
    await user.click(within(dialog).getByRole('button', { name: en.common.actions.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByRole('button', { name: bellLabel(DEMO_UNREAD - 1) });
  });

  it('reads all from the dropdown', async () => {
    const seller = await sellerWithMessages();
    const { user } = await renderBell(seller);
    const dropdown = await openDropdown(user, DEMO_UNREAD);
    await user.click(within(dropdown).getByRole('button', { name: en.messages.bell.readAll }));
    await screen.findByText(en.messages.toasts.readAll.replace('{{count}}', String(DEMO_UNREAD)));
    await screen.findByRole('button', { name: en.messages.bell.label });
    expect(await unreadInDatabase(seller.user.id)).toBe(0);
  });

  it('polls every minute on a fake clock, at once when the page shows again, and stops at sign-out', async () => {
    // setTimeout and Date are fake from the start, moving with real time so the app can answer;
    // the test moves them a minute at a time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    const seller = await sellerWithMessages();
    const { session } = await renderBell(seller);
    await screen.findByRole('button', { name: bellLabel(DEMO_UNREAD) });
    expect(polls()).toBe(1);

    // A minute on, the bell polls and shows what arrived meanwhile.
    await seedMessages(t, seller.user.id);
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await waitFor(() => expect(polls()).toBe(2));
    await screen.findByRole('button', { name: bellLabel(DEMO_UNREAD * 2) });
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(polls()).toBe(2);

    // Hidden, it waits however long; shown again, it polls at once.
    setHidden(true);
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    expect(polls()).toBe(2);
    setHidden(false);
    await waitFor(() => expect(polls()).toBe(3));

    // Signed out: no poll, on the timer or on showing the page.
    act(() => session.getState().signOut());
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    setHidden(true);
    setHidden(false);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(polls()).toBe(3);
  });
});

/** The page's visibility, as the browser reports it when the tab is switched. */
function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}
afterEach(() => {
  Reflect.deleteProperty(document, 'hidden');
  Reflect.deleteProperty(document, 'visibilityState');
});

/** The whole console, signed in as the seller, on a page. */
async function openConsole(path: string, seller: { email: string; password: string }) {
  const running = await renderSignedIn(
    path,
    { username: seller.email, password: seller.password },
    { app: t },
  );
  cleanups.push(() => running.close());
  return { running, user: userEvent.setup() };
}

const search = (running: { router: { state: { location: { search: unknown } } } }) =>
  running.router.state.location.search as Record<string, unknown>;

describe('the message center', () => {
  it('filters by type and read state in the address, and pages', async () => {
    const seller = await sellerWithMessages();
    // Twice the demo messages: two pages of ten.
    await seedMessages(t, seller.user.id);
    const { running, user } = await openConsole('/cmp/account/messageCenter', seller);
    await screen.findByRole('heading', { name: en.messages.title });
    await waitFor(() => expect(screen.getAllByTestId('message-line')).toHaveLength(10));
    expect(screen.getByTestId('messages-total').textContent).toBe(
      en.messages.list.total.replace('{{count}}', '18'),
    );
    const pages = screen.getByRole('navigation', { name: en.messages.list.pagination });
    await user.click(within(pages).getByRole('button', { name: '2' }));
    await waitFor(() => expect(search(running)).toEqual({ page: 2 }));
    await waitFor(() => expect(screen.getAllByTestId('message-line')).toHaveLength(8));

    // A filter starts again at page 1.
    await user.click(screen.getByRole('combobox', { name: en.messages.filters.type }));
    await user.click(await screen.findByRole('option', { name: en.messages.types.order }));
    await waitFor(() => expect(search(running)).toEqual({ type: 1 }));
    await waitFor(() => expect(screen.getAllByTestId('message-line')).toHaveLength(4));
    expect(screen.queryByText(TITLES.purchaseReturned)).toBeNull();

    await user.click(
      screen.getByRole('radio', { name: `${en.messages.filters.unread} (${DEMO_UNREAD * 2})` }),
    );
    await waitFor(() => expect(search(running)).toEqual({ type: 1, isRead: 1 }));
    await waitFor(() => expect(screen.getAllByTestId('message-line')).toHaveLength(2));
    expect(screen.getAllByText(TITLES.orderNew)).toHaveLength(2);
  });

  it('opens with the filters of its address', async () => {
    const seller = await sellerWithMessages();
    await openConsole('/cmp/account/messageCenter?type=2&isRead=2', seller);
    await screen.findByText(
      en.notifications.titles.purchaseApproved.replace('{{purchaseNo}}', 'PO202610310012'),
    );
    expect(screen.getAllByTestId('message-line')).toHaveLength(1);
    expect(
      (screen.getByRole('combobox', { name: en.messages.filters.type }) as HTMLInputElement).value,
    ).toBe(en.messages.types.purchase);
  });

  it('shows the filtered empty state and clears it', async () => {
    const seller = await sellerWithMessages();
    await t.call('GET', '/api-user/message/readAll', { token: seller.token });
    const { running, user } = await openConsole('/cmp/account/messageCenter?isRead=1', seller);
    await screen.findByText(en.messages.empty.filteredTitle);
    await user.click(screen.getByRole('button', { name: en.messages.actions.clearFilters }));
    await waitFor(() => expect(search(running)).toEqual({}));
    await waitFor(() => expect(screen.getAllByTestId('message-line')).toHaveLength(9));
  });

  it('a click routes as in the bell, and "mark all as read" reads them all', async () => {
    const seller = await sellerWithMessages();
    const { running, user } = await openConsole('/cmp/account/messageCenter', seller);
    await user.click(await screen.findByRole('button', { name: en.messages.actions.readAll }));
    await screen.findByText(en.messages.toasts.readAll.replace('{{count}}', String(DEMO_UNREAD)));
    expect(await unreadInDatabase(seller.user.id)).toBe(0);
    await waitFor(() =>
      expect(screen.queryAllByTestId('message-line').filter((l) => l.dataset.unread)).toEqual([]),
    );

    await user.click(screen.getByText(TITLES.orderCancelled));
    await waitFor(() =>
      expect(running.router.state.location.pathname).toBe('/thirdPartyPlatform/orderManage'),
    );
    expect(running.router.state.location.searchStr).toBe('?orderId=800123456789');
  });
});

describe('message subscription', () => {
  const switchOf = (type: string, channel: string) =>
    screen.getByRole('switch', {
      name: en.messages.subscribe.switchLabel
        .replace('{{type}}', type)
        .replace('{{channel}}', channel),
    }) as HTMLInputElement;

  it('saves the switched channels, with a toast', async () => {
    const seller = await sellerWithMessages();
    const { user } = await openConsole('/cmp/account/messageSubscribe', seller);
    await screen.findByTestId('subscription-table');
    const save = screen.getByRole('button', { name: en.messages.subscribe.save });
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(switchOf(en.messages.types.coupon, en.messages.subscribe.email).checked).toBe(false);
    await user.click(switchOf(en.messages.types.coupon, en.messages.subscribe.email));
    await user.click(switchOf(en.messages.types.notice, en.messages.subscribe.site));
    await screen.findByText(en.messages.subscribe.unsaved);
    await user.click(save);
    await screen.findByText(en.messages.subscribe.saved);
    const stored = await t.call('GET', '/api-user/message/subscription', { token: seller.token });
    expect(stored.body.datas.rows).toEqual(
      expect.arrayContaining([
        { type: 5, site: true, email: true },
        { type: 6, site: false, email: false },
      ]),
    );
    await waitFor(() => expect(screen.queryByText(en.messages.subscribe.unsaved)).toBeNull());
  });

  it('keeps the edits when saving fails', async () => {
    const seller = await sellerWithMessages();
    const { user } = await openConsole('/cmp/account/messageSubscribe', seller);
    await screen.findByTestId('subscription-table');
    await user.click(switchOf(en.messages.types.order, en.messages.subscribe.site));
    // The server fails this one save (as a database hiccup would).
    const fetch = t.app.fetch;
    t.app.fetch = async (request: Request, ...rest: unknown[]) => {
      if (request.method === 'POST' && request.url.includes('/api-user/message/subscription')) {
        t.app.fetch = fetch;
        return Response.json({
          resp_code: 1500,
          resp_msg: 'Operation failed, try again',
          datas: null,
          key: 'OPERATION_FAILED',
        });
      }
      return (fetch as (...args: unknown[]) => Response | Promise<Response>)(request, ...rest);
    };
    await user.click(screen.getByRole('button', { name: en.messages.subscribe.save }));
    await screen.findByText('Operation failed, try again');
    expect(switchOf(en.messages.types.order, en.messages.subscribe.site).checked).toBe(false);
    expect(screen.getByText(en.messages.subscribe.unsaved)).toBeTruthy();
    const stored = await t.call('GET', '/api-user/message/subscription', { token: seller.token });
    expect(stored.body.datas.rows[0]).toEqual({ type: 1, site: true, email: false });
    // Saving again works, from the same edits.
    await user.click(screen.getByRole('button', { name: en.messages.subscribe.save }));
    await screen.findByText(en.messages.subscribe.saved);
  });
});
