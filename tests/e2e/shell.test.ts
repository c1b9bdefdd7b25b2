import { users } from '@server/db/schema/index';
import { systemClock } from '@server/lib/clock';
import { notify } from '@server/modules/messages/messages.service';
import { DEMO_ACCOUNT } from '@server/seed/demo';
import { API_CLIENTS, basicClientAuth, HEADERS } from '@shared/contracts/protocol';
import { eq } from 'drizzle-orm';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchWithExtension } from '../support/browser';
import { markFirstVisitSeen, startE2eServer } from '../support/e2e-server';
import { readLocale } from '../support/locales';
import { openSignedIn } from '../support/stored-session';

let server: Awaited<ReturnType<typeof startE2eServer>>;
let chrome: ExtensionBrowser;

const SUB = { email: 'clerk@example.com', password: 'Clerk-pass1' };

/** A call to the running server, as the console makes it. */
async function api(path: string, options: { token?: string; json?: unknown } = {}) {
  const headers: Record<string, string> = {
    [HEADERS.authorization]: basicClientAuth(API_CLIENTS.console),
    'content-type': 'application/json',
  };
  if (options.token) headers[HEADERS.token] = options.token;
  const response = await fetch(`${server.origin}${path}`, {
    method: options.json === undefined ? 'GET' : 'POST',
    headers,
    ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
  });
  const body = (await response.json()) as { resp_code: number; datas: Record<string, unknown> };
  expect(body.resp_code, JSON.stringify(body)).toBe(0);
  return body.datas;
}

beforeAll(async () => {
  server = await startE2eServer();
  chrome = await launchWithExtension();
  // A clerk of the demo seller: the dashboard, and the message center without its buttons.
  const { access_token: token } = (await api('/api-uaa/oauth/loginByPassword', {
    json: { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
  })) as { access_token: string };
  await api('/api-user/subAccount/create', {
    token,
    json: {
      accountType: 'email',
      email: SUB.email,
      name: 'Clerk',
      password: SUB.password,
      confirmPassword: SUB.password,
      shopIds: [],
      grants: [{ url: '/account/messageCenter', buttons: [] }],
    },
  });

  // These people have seen the welcome announcement and the tours already.
  await markFirstVisitSeen(server.db);
});
afterAll(async () => {
  await chrome?.close();
  await server?.close();
});

/** A page in a context of its own (cookies, storage), signed in as this account, on the dashboard. */
async function signedIn(
  account: { email: string; password: string },
  options: { width?: number; language?: string } = {},
) {
  const context = await chrome.browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: options.width ?? 1280, height: 860 });
  await page.setCookie({
    name: 'cmp-language',
    value: options.language ?? 'en',
    url: server.origin,
  });
  await openSignedIn(
    page,
    server.origin,
    { username: account.email, password: account.password },
    '/cmp/cmpDashboard',
  );
  await page.waitForSelector('[data-testid="shell"]', { timeout: 20_000 });
  return page;
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

function waitForPath(page: Page, path: string) {
  return page
    .waitForFunction(
      (expected) => location.pathname === expected,
      { polling: 100, timeout: 10_000 },
      path,
    )
    .catch(async (error) => {
      await page.screenshot({ path: '.tmp/shell-debug2.png' });
      throw new Error(`${String(error)} at ${page.url()}; tabs ${(await tabs(page)).join(' ')}`);
    });
}

/** The urls of the sidebar's entries (groups and pages). */
function sidebarEntries(page: Page) {
  return page.$$eval('[data-testid="sidebar-menu"] [data-menu]', (elements) =>
    elements.map((element) => element.getAttribute('data-menu')),
  );
}

function tabs(page: Page) {
  return page.$$eval('[data-testid="tags-view-tab"]', (elements) =>
    elements.map((element) => element.getAttribute('data-path')),
  );
}

async function openFromSidebar(page: Page, group: string | null, path: string) {
  if (group) {
    const opened = await page.$(`[data-menu="${path}"]`);
    if (!opened || !(await opened.isVisible())) await page.click(`[data-menu="${group}"]`);
  }
  const link = await page
    .waitForSelector(`[data-menu="${path}"]`, { visible: true, timeout: 5000 })
    .catch(async (error) => {
      await page.screenshot({ path: '.tmp/shell-debug.png' });
      throw error;
    });
  // The group may still be unfolding: click the element itself, wherever it is now.
  await link?.evaluate((element) => (element as HTMLElement).click());
  await waitForPath(page, `/cmp${path}`);
  // The page drawn: its tab is there (a page left before it loads gets none).
  await page.waitForSelector(`[data-testid="tags-view-tab"][data-path="${path}"]`, {
    timeout: 10_000,
  });
}

describe('the console shell in Chromium', () => {
  it('builds a different menu for each account from its routerInfoList', async () => {
    const seller = await signedIn(DEMO_ACCOUNT);
    const clerk = await signedIn(SUB);
    const sellerMenu = await sidebarEntries(seller);
    const clerkMenu = await sidebarEntries(clerk);
    expect(sellerMenu).toEqual(
      expect.arrayContaining([
        '/cmpDashboard',
        '/thirdPartyPlatform',
        '/purchaseAndWarehouse',
        '/account',
        '/product',
      ]),
    );
    // Top-level entries (a group may already show its pages, which the clerk also holds).
    const topLevel = (urls: (string | null)[]) =>
      urls.filter((url) => url?.startsWith('/') && url.split('/').length === 2);
    expect(topLevel(clerkMenu)).toEqual(['/cmpDashboard', '/account']);
    expect(clerkMenu.filter((url) => url?.startsWith('/thirdPartyPlatform'))).toEqual([]);
    // The user menu links only to pages the account holds.
    const userLinks = async (page: Page) => {
      await page.click('[data-testid="user-menu"]');
      await page.waitForSelector('[data-testid="logout"]', { visible: true });
      const links = await page.$$eval('[role="menu"] [data-menu]', (elements) =>
        elements.map((element) => element.getAttribute('data-menu')),
      );
      await page.keyboard.press('Escape');
      return links;
    };
    expect(await userLinks(seller)).toEqual([
      '/account/messageCenter',
      '/other/historyMoney',
      '/order/serviceProgress',
      '/account/accountSetting',
    ]);
    expect(await userLinks(clerk)).toEqual(['/account/messageCenter']);
    // The clerk cannot open a page the server did not grant, even by its address.
    await clerk.goto(`${server.origin}/cmp/thirdPartyPlatform/authorizeList`);
    await waitForPath(clerk, '/cmp/401');
    await seller.browserContext().close();
    await clerk.browserContext().close();
  });

  it('opens visited pages as tabs that close as specified, the dashboard pinned', async () => {
    const page = await signedIn(DEMO_ACCOUNT);
    await openFromSidebar(page, '/thirdPartyPlatform', '/thirdPartyPlatform/authorizeList');
    await openFromSidebar(page, '/account', '/account/accountSetting');
    await openFromSidebar(page, '/account', '/account/messageCenter');
    await openFromSidebar(page, '/account', '/account/accountSetting');
    expect(await tabs(page)).toEqual([
      '/cmpDashboard',
      '/thirdPartyPlatform/authorizeList',
      '/account/accountSetting',
      '/account/messageCenter',
    ]);
    // The pinned dashboard has no close button; the others do.
    expect(
      await page.$$eval('[data-testid="tags-view-tab"]', (elements) =>
        elements.map((element) =>
          Boolean(element.querySelector('[data-testid="tags-view-close"]')),
        ),
      ),
    ).toEqual([false, true, true, true]);

    // Closing the current tab goes to its right-hand neighbour.
    await page.click('[data-path="/account/accountSetting"] [data-testid="tags-view-close"]');
    await waitForPath(page, '/cmp/account/messageCenter');
    expect(await tabs(page)).toEqual([
      '/cmpDashboard',
      '/thirdPartyPlatform/authorizeList',
      '/account/messageCenter',
    ]);

    // Right-click: close others keeps the pinned tab and this one.
    await page.click('[data-path="/thirdPartyPlatform/authorizeList"]', { button: 'right' });
    await (await page.waitForSelector('[data-action="close-others"]', { visible: true }))?.click();
    await waitForPath(page, '/cmp/thirdPartyPlatform/authorizeList');
    expect(await tabs(page)).toEqual(['/cmpDashboard', '/thirdPartyPlatform/authorizeList']);

    // The keyboard reaches the menu too (Shift+F10), and close all leaves the dashboard.
    await page.waitForSelector('[data-testid="tags-view-menu"]', { hidden: true });
    await page.focus('[data-path="/thirdPartyPlatform/authorizeList"]');
    await page.waitForFunction(
      () =>
        document.activeElement?.getAttribute('data-path') === '/thirdPartyPlatform/authorizeList',
      { polling: 50 },
    );
    await page.keyboard.down('Shift');
    await page.keyboard.press('F10');
    await page.keyboard.up('Shift');
    await (
      await page
        .waitForSelector('[data-action="close-all"]', { visible: true, timeout: 5000 })
        .catch(async (error) => {
          await page.screenshot({ path: '.tmp/shell-debug3.png' });
          throw error;
        })
    )?.click();
    await waitForPath(page, '/cmp/cmpDashboard');
    expect(await tabs(page)).toEqual(['/cmpDashboard']);
    // The pinned tab refuses to close from the menu.
    await page.click('[data-path="/cmpDashboard"]', { button: 'right' });
    const close = await page.waitForSelector('[data-action="close"]', { visible: true });
    expect(
      await close?.evaluate(
        (element) => element.hasAttribute('disabled') || element.getAttribute('data-disabled'),
      ),
    ).toBeTruthy();
    await page.keyboard.press('Escape');
    await page.browserContext().close();
  });

  it('shows a button only where the page’s button list holds it', async () => {
    const seller = await signedIn(DEMO_ACCOUNT);
    const clerk = await signedIn(SUB);
    for (const page of [seller, clerk]) {
      await page.goto(`${server.origin}/cmp/account/messageCenter`);
      // The page has answered: its list, or its empty state.
      await page.waitForFunction(
        () =>
          /\d/.test(document.querySelector('[data-testid="messages-total"]')?.textContent ?? '') ||
          document.body.textContent?.includes('No messages'),
        { polling: 100 },
      );
    }
    expect(await seller.$('[data-testid="messages-read-all"]')).not.toBeNull();
    // The clerk was given the message center without its readAll button.
    expect(await clerk.$('[data-testid="messages-read-all"]')).toBeNull();
    await seller.browserContext().close();
    await clerk.browserContext().close();
  });

  it('opens the order page from a type-1 message in the bell', async () => {
    // A new order message, the newest in the bell whatever else the demo has told the seller.
    const [seller] = await server.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNT.email));
    await notify({ db: server.db, clock: systemClock }, null, {
      userId: seller?.id ?? '',
      type: 1,
      titleKey: 'orderNew',
      params: { orderNo: '800123459876', shop: 'Siam Home Living' },
      jumpId: '800123459876',
    });
    const page = await signedIn(DEMO_ACCOUNT);
    await (
      await page.waitForSelector('[data-testid="message-bell"]:not([data-loading])', {
        visible: true,
      })
    )?.click();
    await page
      .waitForSelector('[data-testid="message-dropdown"] [data-testid="message-line"]', {
        visible: true,
        timeout: 5000,
      })
      .catch(async (error) => {
        await page.screenshot({ path: '.tmp/shell-debug4.png' });
        throw error;
      });
    const order = await page.waitForSelector(
      '[data-testid="message-dropdown"] [data-testid="message-line"][data-type="1"]',
      { visible: true },
    );
    await order?.click();
    await waitForPath(page, '/cmp/thirdPartyPlatform/orderManage');
    expect(new URL(page.url()).searchParams.get('orderId')).toMatch(/\w+/);
    // The order page opened as a tab with its query.
    await page.waitForSelector('[data-path="/thirdPartyPlatform/orderManage"]');
    expect(await tabs(page)).toContain('/thirdPartyPlatform/orderManage');
    await page.browserContext().close();
  });

  it('switches the language to Thai, reloads, and says so', async () => {
    const page = await signedIn(DEMO_ACCOUNT);
    const th = readLocale('th', 'common');
    await page.select('[data-testid="language-switch"]', 'th');
    await page.waitForFunction(() => document.documentElement.lang === 'th', { polling: 100 });
    await page.waitForFunction(
      (text) => document.body.textContent?.includes(text),
      { polling: 100, timeout: 15_000 },
      th.messages.languageChanged,
    );
    const titles = await page.$$eval('[data-testid="sidebar-menu"] [data-menu="/account"]', (els) =>
      els.map((element) => element.textContent),
    );
    expect(titles[0]).toContain(th.routes.account);
    await page.browserContext().close();
  });

  it('closes the sidebar below 992px and opens it with the burger', async () => {
    const page = await signedIn(DEMO_ACCOUNT, { width: 390 });
    await page.waitForSelector('[data-testid="shell"][data-device="mobile"]');
    const sidebar = await page.$('[data-testid="sidebar"]');
    const hidden = () =>
      sidebar?.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.right <= 0 || getComputedStyle(element).visibility === 'hidden';
      });
    expect(await hidden()).toBe(true);
    await page.click('[data-testid="sidebar-toggle"]');
    await page.waitForFunction(
      () => {
        const box = document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect();
        return box !== undefined && box.left >= 0 && box.width > 0;
      },
      { polling: 100 },
    );
    await openFromSidebar(page, '/account', '/account/accountSetting');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="sidebar"]')?.getAttribute('data-opened') === 'false',
      { polling: 100 },
    );
    // Wider again: desktop mode with the sidebar open.
    await page.setViewport({ width: 1280, height: 860 });
    await page.waitForSelector('[data-testid="shell"][data-device="desktop"]');
    expect(pathOf(page)).toBe('/cmp/account/accountSetting');
    await page.browserContext().close();
  });
});
