import { createErrorHandler } from '@console/app/error-handler';
import { MessageBell } from '@console/features/messages/message-bell';
import { createQueryClient } from '@console/platform/query-client';
import { messages } from '@server/db/schema/index';
import { seedMessages } from '@server/seed/messages';
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
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, interceptRequests, type TestApp } from '../support/app';
import { renderSignedIn } from '../support/console';
import { readLocale } from '../support/locales';

export const en = {
  messages: readLocale('en', 'messages'),
  notifications: readLocale('en', 'notifications'),
  common: readLocale('en', 'common'),
};
/** The demo messages' titles, as seedMessages words them in English. */
export const TITLES = {
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
export const DEMO_UNREAD = 5;

export let t: TestApp;
/** Paths (with query) of the requests the app received, in order. */
export let requests: string[] = [];

export const cleanups: (() => Promise<void> | void)[] = [];

export let sellers = 0;
/** An onboarded seller of its own with the demo messages. */
export async function sellerWithMessages() {
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

export const polls = () =>
  requests.filter((r) => r === 'GET /api-user/message/getMessageList').length;

export async function unreadInDatabase(userId: string) {
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
export async function renderBell(seller: { email: string; password: string }) {
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

export const bellLabel = (count: number) =>
  en.messages.bell.labelUnread.replace('{{count}}', String(count));

export async function openDropdown(user: ReturnType<typeof userEvent.setup>, unread: number) {
  await user.click(await screen.findByRole('button', { name: bellLabel(unread) }));
  return screen.findByTestId('message-dropdown');
}

/** The page's visibility, as the browser reports it when the tab is switched. */
export function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** The whole console, signed in as the seller, on a page. */
export async function openConsole(path: string, seller: { email: string; password: string }) {
  const running = await renderSignedIn(
    path,
    { username: seller.email, password: seller.password },
    { app: t },
  );
  cleanups.push(() => running.close());
  return { running, user: userEvent.setup() };
}

export const search = (running: { router: { state: { location: { search: unknown } } } }) =>
  running.router.state.location.search as Record<string, unknown>;

/** The hooks every file of these tests registers: its app, and what each test leaves reset. */
export function registerMessagesTests() {
  beforeAll(async () => {
    t = await createTestApp();
    interceptRequests(t.app, (request, next) => {
      requests.push(`${request.method} ${new URL(request.url).pathname}`);
      return next(request);
    });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    requests = [];
    vi.useRealTimers();
  });
  afterEach(() => {
    Reflect.deleteProperty(document, 'hidden');
    Reflect.deleteProperty(document, 'visibilityState');
  });
}
