import { CustomerServiceButton } from '@console/features/support/customer-service-button';
import {
  DOWNLOAD_POPOVER_COOKIE,
  DOWNLOAD_POPOVER_DELAY_MS,
  DownloadAppButton,
} from '@console/features/support/download-app-popover';
import { seedConfig } from '@server/modules/config/config.service';
import { createApiClient } from '@shared/api/client';
import { API_CLIENTS } from '@shared/contracts/protocol';
import type { Session } from '@shared/contracts/session';
import { createI18n } from '@shared/i18n/i18n';
import { createSessionStore } from '@shared/session/store';
import { readCookie, writeCookie } from '@shared/session/web-port';
import { AppProviders } from '@shared/ui/app-providers';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { login, makeSeller } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { readLocale } from '../support/locales';

const en = readLocale('en', 'support');
const PNG = /^data:image\/png;base64,/;

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  writeCookie(document, DOWNLOAD_POPOVER_COOKIE, null);
});

/** A signed-in session as the login screen would have stored it, for the account given. */
async function sessionOf(email: string): Promise<Session> {
  const seller = await makeSeller(app, email, []);
  const token = await login(app, email, seller.password);
  const [info, signIn] = await Promise.all([
    app.call('GET', '/api-user/user/userInfo', { token }),
    app.call('POST', '/api-uaa/oauth/loginByPassword', {
      json: { username: email, password: seller.password },
    }),
  ]);
  return {
    token,
    routes: signIn.body.datas.routerInfoList,
    user: info.body.datas,
    onboarded: true,
  };
}

/**
 * One header widget under the providers the console gives it, talking to the real app: the
 * header that mounts it is the shell's, so the widget is rendered on its own here.
 */
async function renderWidget(ui: ReactElement, session: Session | null) {
  const i18n = await createI18n('en');
  const store = createSessionStore({ load: () => ({ session, updatedAt: 1 }), save: () => {} });
  const api = createApiClient({
    baseUrl: window.location.origin,
    client: API_CLIENTS.console,
    getToken: () => store.getState().snapshot.session?.token ?? null,
    getLocale: () => ({ site: 'th', language: 'en' }),
    fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
      app.app.fetch(new Request(input, init))) as typeof fetch,
  });
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AppProviders i18n={i18n} api={api} session={store}>
      <QueryClientProvider client={queries}>{ui}</QueryClientProvider>
    </AppProviders>,
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('download-app popover', () => {
  it('opens by itself 180 s after the console opens, once a day (a cookie until midnight)', async () => {
    await seedConfig(app, null);
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(2026, 10, 2, 10, 0, 0) });
    const written: string[] = [];
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      written.push(value);
      cookie?.set?.call(document, value);
    });

    // The clock also moves with real time (for the waits): count from when the console opened,
    // however long a loaded machine took to render it.
    const opened = Date.now();
    const first = await renderWidget(<DownloadAppButton />, null);
    await screen.findByTestId('download-app-button');
    await advance(opened + DOWNLOAD_POPOVER_DELAY_MS - 2000 - Date.now());
    expect(screen.queryByTestId('download-app-popover')).toBeNull();
    expect(readCookie(document, DOWNLOAD_POPOVER_COOKIE)).toBeNull();

    await advance(2000);
    const popover = await screen.findByTestId('download-app-popover');
    expect(within(popover).getByText(en.downloadApp.title)).toBeTruthy();
    const android = await within(popover).findByAltText('QR code to download the Android app');
    const ios = await within(popover).findByAltText('QR code to download the iPhone app');
    expect(android.getAttribute('src')).toMatch(PNG);
    expect(ios.getAttribute('src')).toMatch(PNG);
    expect(within(popover).getAllByText('Version 2.4.0')).toHaveLength(2);
    expect(readCookie(document, DOWNLOAD_POPOVER_COOKIE)).toBe('2026-11-02');
    // Shown at about 10:03 local time: the cookie lives the 13 h 57 min left of the day.
    const line = written.find((l) => l.startsWith(`${DOWNLOAD_POPOVER_COOKIE}=`)) ?? '';
    const maxAge = Number(line.match(/Max-Age=(\d+)/)?.[1]);
    expect(maxAge).toBeGreaterThan(50_220 - 60);
    expect(maxAge).toBeLessThanOrEqual(50_220);
    first.unmount();

    // Later the same day: the console opens again, and the popover stays closed.
    vi.setSystemTime(new Date(2026, 10, 2, 23, 0, 0));
    const second = await renderWidget(<DownloadAppButton />, null);
    await screen.findByTestId('download-app-button');
    await advance(DOWNLOAD_POPOVER_DELAY_MS + 5000);
    expect(screen.queryByTestId('download-app-popover')).toBeNull();
    second.unmount();

    // The next day yesterday's cookie (were it still there) counts for nothing: it shows once more.
    vi.setSystemTime(new Date(2026, 10, 3, 0, 0, 30));
    await renderWidget(<DownloadAppButton />, null);
    await screen.findByTestId('download-app-button');
    await advance(DOWNLOAD_POPOVER_DELAY_MS);
    expect(await screen.findByTestId('download-app-popover')).toBeTruthy();
  });

  it('counts opening it by hand as today’s showing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date(2026, 10, 4, 9, 0, 0) });
    await renderWidget(<DownloadAppButton />, null);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: en.downloadApp.label }));
    await screen.findByTestId('download-app-popover');
    expect(readCookie(document, DOWNLOAD_POPOVER_COOKIE)).toBe('2026-11-04');
    await user.click(screen.getByRole('button', { name: en.downloadApp.label }));
    await waitFor(() => expect(screen.queryByTestId('download-app-popover')).toBeNull());
    await advance(DOWNLOAD_POPOVER_DELAY_MS + 1000);
    expect(screen.queryByTestId('download-app-popover')).toBeNull();
  });
});

describe('customer-service button', () => {
  it('shows the configured QR codes, WeChat ID, mail and hotline', async () => {
    await seedConfig(app, null);
    const session = await sessionOf('support-cs@example.com');
    await renderWidget(<CustomerServiceButton />, session);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: en.customerService.label }));
    const popover = await screen.findByTestId('customer-service-popover');
    const official = await within(popover).findByAltText('QR code: Official account');
    expect(official.getAttribute('src')).toMatch(PNG);
    expect(within(popover).getByAltText('QR code: WeChat').getAttribute('src')).toMatch(PNG);
    expect(within(popover).getByText('WeChat ID: cmp_seller_service')).toBeTruthy();
    expect(within(popover).getByTestId('customer-service-mail').getAttribute('href')).toBe(
      'mailto:service@example.com',
    );
    expect(within(popover).getByTestId('customer-service-hotline').getAttribute('href')).toBe(
      'tel:+6620000000',
    );
  });
});
