import {
  HelpButton,
  HelpSpotlight,
  openHelpSpotlight,
} from '@console/features/help/help-spotlight';
import { filterMenus, matchesPinyin } from '@console/features/help/menu-match';
import { helpArticles } from '@server/db/schema/index';
import { DEMO_ACCOUNT, seedDemo } from '@server/seed/demo';
import { seedHelp } from '@server/seed/help';
import { createApiClient } from '@shared/api/client';
import type { Language } from '@shared/contracts/languages';
import { API_CLIENTS } from '@shared/contracts/protocol';
import { createI18n } from '@shared/i18n/i18n';
import { createSessionStore } from '@shared/session/store';
import { createWebSessionPort, writeCookie } from '@shared/session/web-port';
import { AppProviders } from '@shared/ui/app-providers';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
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
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { renderSignedIn } from '../support/console';
import { readLocale } from '../support/locales';

describe('the pinyin menu matcher', () => {
  it('matches Chinese titles by full pinyin, initials and a mix, without tones', () => {
    for (const query of ['dd', 'dingdan', 'DingDan', 'ding dan', 'dingd', 'ptdd', 'pingtai']) {
      expect(matchesPinyin('平台订单', query), query).toBe(true);
    }
    expect(matchesPinyin('资金流水', 'zjls')).toBe(true);
    expect(matchesPinyin('采购管理', 'caigou')).toBe(true);
  });

  it('does not match other syllables, non-latin queries or non-Chinese titles', () => {
    expect(matchesPinyin('平台订单', 'xx')).toBe(false);
    expect(matchesPinyin('平台订单', 'dp')).toBe(false);
    expect(matchesPinyin('平台订单', '订单')).toBe(false);
    expect(matchesPinyin('Marketplace orders', 'mo')).toBe(false);
    expect(matchesPinyin('平台订单', '  ')).toBe(false);
  });

  const menus = [
    { title: '资金流水', path: '/other/historyMoney', parents: ['资金'] },
    { title: '平台订单', path: '/thirdPartyPlatform/orderManage', parents: ['第三方平台'] },
    { title: '订单管理', path: '/order/serviceProgress', parents: [] },
    { title: '退货管理', path: '/thirdPartyPlatform/returnManage', parents: ['第三方平台'] },
  ];
  const paths = (found: { path: string }[]) => found.map((menu) => menu.path);

  it('finds 订单 menus by "dd" and "dingdan" when pinyin is on, prefix matches first', () => {
    expect(paths(filterMenus(menus, 'dd', { pinyin: true }))).toEqual([
      '/thirdPartyPlatform/orderManage',
      '/order/serviceProgress',
    ]);
    expect(paths(filterMenus(menus, 'dingdan', { pinyin: true }))).toHaveLength(2);
    expect(paths(filterMenus(menus, '订单', { pinyin: false }))).toEqual([
      '/order/serviceProgress',
      '/thirdPartyPlatform/orderManage',
    ]);
  });

  it('ignores pinyin when it is off, matches parents, and keeps everything for a blank query', () => {
    expect(filterMenus(menus, 'dd', { pinyin: false })).toEqual([]);
    expect(paths(filterMenus(menus, '第三方', { pinyin: false }))).toEqual([
      '/thirdPartyPlatform/orderManage',
      '/thirdPartyPlatform/returnManage',
    ]);
    expect(paths(filterMenus(menus, 'dsf', { pinyin: true }))).toEqual([
      '/thirdPartyPlatform/orderManage',
      '/thirdPartyPlatform/returnManage',
    ]);
    expect(filterMenus(menus, ' ', { pinyin: true })).toHaveLength(4);
  });
});

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedHelp(t);
  token = (await makeSeller(t, 'spotlight@example.com', [])).token;
});
afterAll(() => t.close());

const PAGES = ['/cmpDashboard', '/thirdPartyPlatform/orderManage', '/other/historyMoney'];

/**
 * One feature component on the real providers, API client and app (in-process), inside a small
 * router holding the pages the tests navigate to.
 */
async function mount(ui: ReactNode, language: Language) {
  const i18n = await createI18n(language, ['help']);
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
  const root = createRootRoute({
    component: () => (
      <>
        {ui}
        <Outlet />
      </>
    ),
  });
  const pages = PAGES.map((path) =>
    createRoute({
      getParentRoute: () => root,
      path,
      component: () => <div data-testid="page">{path}</div>,
    }),
  );
  const router = createRouter({
    routeTree: root.addChildren(pages),
    history: createMemoryHistory({ initialEntries: ['/cmpDashboard'] }),
  });
  render(
    <AppProviders i18n={i18n} api={api} session={session}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppProviders>,
  );
  await screen.findByTestId('page');
  return { router, user: userEvent.setup() };
}

const zhMenus = [
  { title: '首页', path: '/cmpDashboard', parents: [] },
  { title: '平台订单', path: '/thirdPartyPlatform/orderManage', parents: ['第三方平台'] },
  { title: '资金流水', path: '/other/historyMoney', parents: ['资金'] },
];
const help = { zh: readLocale('zh', 'help'), en: readLocale('en', 'help') };

async function openSpotlight() {
  act(() => openHelpSpotlight());
  return screen.findByTestId('help-spotlight');
}

describe('the help spotlight', () => {
  it('finds 平台订单 by "dd" in Chinese with pinyin search on, and opens it', async () => {
    const { router, user } = await mount(<HelpSpotlight menus={zhMenus} pinyinSearch />, 'zh');
    const list = await openSpotlight();
    // Before typing: the menus and the common questions.
    expect(await within(list).findByRole('group', { name: help.zh.groups.popular })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: help.zh.fields.search }), 'dd');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByTestId('help-menu-action')
          .map((a) => a.textContent),
      ).toEqual([expect.stringContaining('平台订单')]),
    );
    await user.click(within(list).getByText('平台订单'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/thirdPartyPlatform/orderManage'),
    );
  });

  it('does not match pinyin when the switch is off, and says nothing was found', async () => {
    const { user } = await mount(<HelpSpotlight menus={zhMenus} pinyinSearch={false} />, 'zh');
    const list = await openSpotlight();
    await user.type(screen.getByRole('textbox', { name: help.zh.fields.search }), 'dingdan');
    expect(await within(list).findByTestId('help-empty')).toBeTruthy();
    expect(
      within(list).getByText(help.zh.messages.empty.replace('{{query}}', 'dingdan')),
    ).toBeTruthy();
    expect(within(list).queryAllByTestId('help-menu-action')).toHaveLength(0);
  });

  it('searches help articles on the server as you type and opens one in a drawer', async () => {
    const { user } = await mount(
      <HelpSpotlight menus={[{ title: 'Dashboard', path: '/cmpDashboard' }]} pinyinSearch />,
      'en',
    );
    const list = await openSpotlight();
    await user.type(screen.getByRole('textbox', { name: help.en.fields.search }), 'PromptPay');
    const article = await within(list).findByText('Recharging your wallet');
    expect(within(list).getByRole('group', { name: help.en.groups.articles })).toBeTruthy();
    await user.click(article);
    const drawer = await screen.findByTestId('help-article');
    expect(await within(drawer).findByText(/WeChat Pay, Alipay or PromptPay/)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Recharging your wallet' })).toBeTruthy();
  });

  it('sanitises an article again when it renders it, whatever is stored', async () => {
    const now = t.clock.now();
    const [row] = await t.db
      .insert(helpArticles)
      .values({
        language: 'en',
        title: 'Tampered article',
        content:
          '<p>Read me</p><img src=x onerror="window.__pwned=1"><a href="javascript:window.__pwned=1">link</a><script>window.__pwned=1</script><svg><animate onbegin="window.__pwned=1"/></svg>',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const { user } = await mount(<HelpSpotlight menus={[]} pinyinSearch={false} />, 'en');
    const list = await openSpotlight();
    await user.type(screen.getByRole('textbox', { name: help.en.fields.search }), 'Tampered');
    await user.click(await within(list).findByText('Tampered article'));
    const drawer = await screen.findByTestId('help-article');
    await within(drawer).findByText('Read me');
    expect(row).toBeDefined();
    const html = drawer.innerHTML;
    expect(html).not.toMatch(/onerror|onbegin|javascript:|<script|<svg/i);
    expect(within(drawer).getByText('link').getAttribute('href')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('opens from the header button, whose tooltip names the shortcut', async () => {
    const { user } = await mount(
      <>
        <HelpButton />
        <HelpSpotlight menus={[{ title: 'Dashboard', path: '/cmpDashboard' }]} pinyinSearch />
      </>,
      'en',
    );
    const button = await screen.findByRole('button', { name: help.en.actions.open });
    await user.hover(button);
    expect(
      await screen.findByText(help.en.messages.shortcut.replace('{{shortcut}}', 'Ctrl + K')),
    ).toBeTruthy();
    await user.click(button);
    const list = await screen.findByTestId('help-spotlight');
    expect(await within(list).findByText('Dashboard')).toBeTruthy();
  });

  it('works in the signed-in console: Ctrl+K, a menu found by its title, and its page opens', async () => {
    await seedDemo(t);
    writeCookie(document, 'cmp-language', 'en');
    const running = await renderSignedIn(
      '/cmp/cmpDashboard',
      {
        username: DEMO_ACCOUNT.email,
        password: DEMO_ACCOUNT.password,
      },
      { app: t },
    );
    try {
      await screen.findByTestId('shell');
      const user = userEvent.setup();
      // The shell's parts load after it: the header's help button shows they are there.
      await screen.findAllByRole('button', { name: help.en.actions.open });
      await user.keyboard('{Control>}k{/Control}');
      const list = await screen.findByTestId('help-spotlight');
      const title = readLocale('en', 'common').routes.historyMoney as string;
      await user.type(screen.getByRole('textbox', { name: help.en.fields.search }), title);
      await user.click(await within(list).findByText(title));
      await waitFor(() =>
        expect(running.router.state.location.pathname).toBe('/other/historyMoney'),
      );
    } finally {
      await running.close();
    }
  });
});
