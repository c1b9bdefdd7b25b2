import { AnnouncementPopup } from '@console/features/announcements/announcement-popup';
import { announcements } from '@server/db/schema/index';
import { saveAnnouncement } from '@server/modules/notices/notices.service';
import { createApiClient } from '@shared/api/client';
import type { Language } from '@shared/contracts/languages';
import { API_CLIENTS } from '@shared/contracts/protocol';
import { createI18n } from '@shared/i18n/i18n';
import { noticeQueries } from '@shared/queries/notices';
import { createSessionStore } from '@shared/session/store';
import { createWebSessionPort } from '@shared/session/web-port';
import { AppProviders } from '@shared/ui/app-providers';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { readLocale } from '../support/locales';

const HOUR = 60 * 60 * 1000;
const en = readLocale('en', 'notices');
const th = readLocale('th', 'notices');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const now = t.clock.now().getTime();
  // Two popups (each in English and Thai, published together) and one ordinary announcement.
  for (const [ago, title, thai] of [
    [3 * HOUR, 'Warehouse holiday schedule', 'ตารางวันหยุดคลังสินค้า'],
    [HOUR, 'Meet the new Seller Center', 'ศูนย์ผู้ขายโฉมใหม่'],
  ] as const) {
    const showTime = new Date(now - ago);
    await saveAnnouncement(t, null, {
      language: 'en',
      title,
      content: `<p>${title}: <strong>details</strong></p>`,
      isPopup: true,
      showTime,
    });
    await saveAnnouncement(t, null, {
      language: 'th',
      title: thai,
      content: `<p>${thai}</p>`,
      isPopup: true,
      showTime,
    });
  }
  await saveAnnouncement(t, null, {
    language: 'en',
    title: 'Not a popup',
    content: '<p>list only</p>',
    showTime: new Date(now - 2 * HOUR),
  });
});
afterAll(() => t.close());

/** The popup on the real providers and API client, talking to the app in-process. */
async function mount(token: string, language: Language) {
  const i18n = await createI18n(language, ['notices']);
  const api = createApiClient({
    baseUrl: window.location.origin,
    client: API_CLIENTS.console,
    getToken: () => token,
    getLocale: () => ({ site: 'th', language }),
    fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
      t.app.fetch(new Request(input, init))) as typeof fetch,
  });
  const session = createSessionStore(createWebSessionPort(window, { tokenMaxAgeSeconds: 3600 }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <AppProviders i18n={i18n} api={api} session={session}>
      <QueryClientProvider client={queryClient}>
        <AnnouncementPopup />
      </QueryClientProvider>
    </AppProviders>,
  );
  return {
    view,
    queryClient,
    popupsKey: noticeQueries.popups(api).queryKey,
    user: userEvent.setup(),
  };
}

const popupTitles = async (token: string, language: Language) =>
  (await t.call('GET', '/user-center/user/notice/popup', { token, language })).body.datas.map(
    (a: { title: string }) => a.title,
  );

describe('the announcement popup', () => {
  it('pages through the unseen popups, oldest first, and never shows them again once dismissed', async () => {
    const { token } = await makeSeller(t, 'popup-reader@example.com', []);
    const { view, user } = await mount(token, 'en');
    const dialog = await screen.findByRole('dialog', { name: en.popup.title });
    expect(within(dialog).getByTestId('announcement-title').textContent).toBe(
      'Warehouse holiday schedule',
    );
    expect(within(dialog).getByText('details').tagName).toBe('STRONG');
    expect(within(dialog).getByTestId('announcement-pager').textContent).toBe(
      en.popup.pager.replace('{{current}}', '1').replace('{{total}}', '2'),
    );
    expect(within(dialog).queryByText('Not a popup')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: en.popup.next }));
    expect(within(dialog).getByTestId('announcement-title').textContent).toBe(
      'Meet the new Seller Center',
    );
    expect(
      (within(dialog).getByRole('button', { name: en.popup.next }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: en.popup.previous }));
    expect(within(dialog).getByTestId('announcement-title').textContent).toBe(
      'Warehouse holiday schedule',
    );

    await user.click(within(dialog).getByRole('button', { name: en.popup.dismiss }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () => expect(await popupTitles(token, 'en')).toEqual([]));
    // Their Thai versions were published at the same moments: seen as well.
    expect(await popupTitles(token, 'th')).toEqual([]);
    view.unmount();

    // Signing in again (a fresh page): nothing pops up.
    const again = await mount(token, 'en');
    // Once the popups have been asked for and answered (none), nothing is shown.
    await waitFor(() =>
      expect(again.queryClient.getQueryState(again.popupsKey)?.status).toBe('success'),
    );
    expect(again.queryClient.getQueryData(again.popupsKey)).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
    again.view.unmount();
  });

  it('shows Thai popups in Thai, and counts closing with the X as dismissing', async () => {
    const { token } = await makeSeller(t, 'popup-thai@example.com', []);
    const { user } = await mount(token, 'th');
    const dialog = await screen.findByRole('dialog', { name: th.popup.title });
    expect(within(dialog).getByTestId('announcement-title').textContent).toBe('ตารางวันหยุดคลังสินค้า');
    await user.click(within(dialog).getByRole('button', { name: th.popup.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () => expect(await popupTitles(token, 'th')).toEqual([]));
  });

  it('shows nothing when there is nothing new', async () => {
    const { token } = await makeSeller(t, 'popup-none@example.com', []);
    await t.call('POST', '/user-center/user/notice/popup/seen', {
      token,
      json: {
        announcementIds: (
          await t.call('GET', '/user-center/user/notice/popup', { token, language: 'en' })
        ).body.datas.map((a: { id: number }) => a.id),
      },
    });
    const { queryClient } = await mount(token, 'en');
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sanitises announcement HTML again when it renders it, whatever is stored', async () => {
    const { token } = await makeSeller(t, 'popup-tampered@example.com', []);
    const now = t.clock.now();
    // Straight into the table, past the save service's sanitiser: the second line must hold.
    await t.db.insert(announcements).values({
      language: 'zh',
      title: '被篡改的公告',
      content:
        '<p>正文</p><img src=x onerror="window.__pwned=1"><a href="javascript:window.__pwned=1" onclick="window.__pwned=1">链接</a><iframe src="https://evil.test"></iframe><form action="https://evil.test"><button>提交</button></form>',
      isPopup: true,
      showTime: new Date(now.getTime() - HOUR),
      createdAt: now,
      updatedAt: now,
    });
    await mount(token, 'zh');
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('正文');
    const content = dialog.querySelector('.announcement-content');
    expect(content?.innerHTML).not.toMatch(/onerror|onclick|javascript:|<iframe|<form/i);
    expect(within(dialog).getByText('链接').getAttribute('href')).toBeNull();
  });
});
