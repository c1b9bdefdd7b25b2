import { DEMO_ACCOUNT } from '@server/seed/demo';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchWithExtension } from '../support/browser';
import { startE2eServer } from '../support/e2e-server';
import { passFirstVisit } from '../support/first-visit';
import { readLocale } from '../support/locales';

let server: Awaited<ReturnType<typeof startE2eServer>>;
let chrome: ExtensionBrowser;

beforeAll(async () => {
  server = await startE2eServer();
  chrome = await launchWithExtension();
});
afterAll(async () => {
  await chrome?.close();
  await server?.close();
});

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Waits for a page's path by interval: a tab in the background gets no animation frames to poll on. */
function waitForPath(page: Page, path: string) {
  return page.waitForFunction(
    (expected) => location.pathname === expected,
    { polling: 100, timeout: 15_000 },
    path,
  );
}

async function signInOnConsole(page: Page, password: string = DEMO_ACCOUNT.password) {
  await page.waitForSelector('input[name="username"]');
  await page.type('input[name="username"]', DEMO_ACCOUNT.email);
  await page.type('input[name="password"]', password);
  await page.click('button[type="submit"]');
}

/** Logs out from the console's user menu, as a user would. */
async function logOutOnConsole(page: Page) {
  await page.bringToFront();
  await page.click('[data-testid="user-menu"]');
  const item = await page.waitForSelector('[data-testid="logout"]', { visible: true });
  await item?.click();
  await waitForPath(page, '/cmp/login');
}

/** How many of the extension's content scripts have a world in the page (Chromium reports them). */
async function extensionScriptsIn(page: Page): Promise<number> {
  await page.waitForFunction(() => document.readyState === 'complete');
  const session = await page.createCDPSession();
  const origins: string[] = [];
  session.on('Runtime.executionContextCreated', ({ context }) => origins.push(context.origin));
  // Enabling reports every context the page already has before it answers.
  await session.send('Runtime.enable');
  await session.detach();
  return origins.filter((origin) => origin.startsWith('chrome-extension://')).length;
}

async function textOf(page: Page, selector: string): Promise<string> {
  const handle = await page.waitForSelector(selector, { timeout: 15_000 });
  return (await handle?.evaluate((element) => element.textContent ?? '')) ?? '';
}

describe('one session across console and extension', () => {
  it('sends a visitor without a session to /login with the way back, and back after signing in', async () => {
    const page = await chrome.browser.newPage();
    await page.goto(`${server.origin}/cmp/cmpDashboard?from=mail`);
    await waitForPath(page, '/cmp/login');
    const search = new URL(page.url()).searchParams;
    expect(search.get('redirect')).toBe('/cmpDashboard');
    expect(search.get('from')).toBe('mail');
    await signInOnConsole(page);
    await page.waitForSelector('[data-testid="dashboard-greeting"]');
    await passFirstVisit(page);
    expect(pathOf(page)).toBe('/cmp/cmpDashboard');
    expect(new URL(page.url()).searchParams.get('from')).toBe('mail');
    expect(await textOf(page, '[data-testid="dashboard-greeting"]')).toContain('Demo Seller');

    // Signed in on the console: the popup shows the same user.
    const popup = await chrome.openExtensionPage('popup.html');
    await popup.waitForFunction(
      (email) =>
        document.querySelector('[data-testid="extension-user-email"]')?.textContent === email,
      { polling: 100, timeout: 15_000 },
      DEMO_ACCOUNT.email,
    );
    expect(await textOf(popup, '[data-testid="extension-user-name"]')).toBe('Demo Seller');

    // Signed out in the popup: the console goes to /login at once, and the token is dead.
    const token = await page.evaluate(
      () => document.cookie.match(/access_token=([^;]+)/)?.[1] ?? '',
    );
    expect(token).not.toBe('');
    await popup.click('[data-testid="extension-logout"]');
    await waitForPath(page, '/cmp/login');
    await popup.waitForSelector('input[name="username"]');
    const after = await server.app.request('/api-user/user/userInfo', {
      headers: { access_token: decodeURIComponent(token) },
    });
    expect(after.status).toBe(401);
    expect(await page.evaluate(() => document.cookie.includes('access_token='))).toBe(false);
    await popup.close();
    await page.close();
  });

  it('signs the console in when the popup signs in', async () => {
    const page = await chrome.browser.newPage();
    await page.goto(`${server.origin}/cmp/login`);
    await page.waitForSelector('input[name="username"]');
    const popup = await chrome.openExtensionPage('popup.html');
    await popup.bringToFront();
    await popup.waitForSelector('input[name="username"]');
    await popup.type('input[name="username"]', DEMO_ACCOUNT.email);
    await popup.type('input[name="password"]', DEMO_ACCOUNT.password);
    await popup.click('button[type="submit"]');
    await popup.waitForSelector('[data-testid="extension-user-email"]');
    await waitForPath(page, '/cmp/cmpDashboard');
    await page.bringToFront();
    expect(await textOf(page, '[data-testid="user-name"]')).toBe('Demo Seller');
    // Logging out on the console logs the popup out too.
    await logOutOnConsole(page);
    await popup.waitForSelector('input[name="username"]', { timeout: 15_000 });
    await popup.close();
    await page.close();
  });

  it('opens registration from the popup at the address the server gives', async () => {
    const popup = await chrome.openExtensionPage('popup.html');
    await popup.bringToFront();
    const link = await popup.waitForSelector('[data-testid="extension-register"]');
    const opened = new Promise<string>((resolve) =>
      chrome.browser.once('targetcreated', (target) => resolve(target.url())),
    );
    await link?.click();
    const url = new URL(await opened);
    expect(url.pathname).toBe('/cmp/login');
    expect(url.searchParams.get('view')).toBe('register');
    await popup.close();
  });

  it('shares the session only with the console origin it was built for', async () => {
    const page = await chrome.browser.newPage();
    await page.goto(`${server.origin}/cmp/login`);
    await signInOnConsole(page);
    await page.waitForSelector('[data-testid="dashboard-greeting"]');
    await passFirstVisit(page);
    // The same console on another origin (127.0.0.1 instead of localhost) gets nothing.
    const other = await chrome.browser.newPage();
    await other.goto(`${server.origin.replace('localhost', '127.0.0.1')}/cmp/cmpDashboard`);
    await waitForPath(other, '/cmp/login');
    await other.waitForSelector('input[name="username"]');
    // The extension's bridge script runs on the console's own page and nowhere else, so nothing
    // there can hand the other page a session.
    expect(await extensionScriptsIn(page)).toBeGreaterThan(0);
    expect(await extensionScriptsIn(other)).toBe(0);
    expect(new URL(other.url()).pathname).toBe('/cmp/login');
    await other.close();
    await logOutOnConsole(page);
    await page.close();
  });

  it('sends unknown console paths to /404', async () => {
    const page = await chrome.browser.newPage();
    await page.goto(`${server.origin}/cmp/no/such/page`);
    await waitForPath(page, '/cmp/404');
    expect(await textOf(page, 'h2')).toBe(readLocale('en', 'layout').notFound.title);
    await page.close();
  });
});

describe('the login screen drawn at build time', () => {
  it.each(['zh', 'th', 'en'] as const)(
    'comes with the page in its language and gives way to the live one (%s)',
    async (language) => {
      const page = await chrome.browser.newPage();
      await page.setCookie({ name: 'cmp-language', value: language, url: server.origin });
      const response = await page.goto(`${server.origin}/cmp/login`);
      const html = (await response?.text()) ?? '';
      expect(html).toContain('<div id="root"><div inert aria-hidden="true" data-prerendered="">');
      expect(html).toContain(readLocale(language, 'auth').actions.submit);
      await page.waitForSelector('input[name="username"]');
      // One screen: the drawn copy is gone once the live form is there.
      expect(await page.$$('[data-prerendered]')).toHaveLength(0);
      expect(await page.$$('form')).toHaveLength(1);
      expect(await textOf(page, 'button[type="submit"]')).toBe(
        readLocale(language, 'auth').actions.submit,
      );
      await page.close();
    },
  );
});

describe('a wrong password', () => {
  it.each(['zh', 'th', 'en'] as const)('shows the translated error (%s)', async (language) => {
    const page = await chrome.browser.newPage();
    await page.setCookie({ name: 'cmp-language', value: language, url: server.origin });
    await page.goto(`${server.origin}/cmp/login`);
    await signInOnConsole(page, 'wrong-password-1');
    expect(await textOf(page, '[data-testid="login-error"]')).toBe(
      readLocale(language, 'errors').BAD_CREDENTIALS,
    );
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    expect(pathOf(page)).toBe('/cmp/login');
    await page.close();
  });

  it('gives the popup the console’s language', async () => {
    const page = await chrome.browser.newPage();
    await page.setCookie({ name: 'cmp-language', value: 'zh', url: server.origin });
    await page.goto(`${server.origin}/cmp/login`);
    await page.waitForSelector('input[name="username"]');
    // The console tells the extension its language over the bridge a moment after it loads;
    // a popup opened after that speaks it.
    const expected = readLocale('zh', 'auth').actions.submit;
    let seen = '';
    for (const deadline = Date.now() + 10_000; Date.now() < deadline && seen !== expected; ) {
      const popup = await chrome.openExtensionPage('popup.html');
      seen = await textOf(popup, 'button[type="submit"]');
      await popup.close();
    }
    expect(seen).toBe(expected);
    await page.close();
  });

  it('follows a language chosen on the page, which reloads it', async () => {
    const page = await chrome.browser.newPage();
    await page.deleteCookie({ name: 'cmp-language', url: server.origin });
    await page.goto(`${server.origin}/cmp/login`);
    await page.waitForSelector('[data-testid="language-switch"]');
    await Promise.all([
      page.waitForNavigation(),
      page.select('[data-testid="language-switch"]', 'th'),
    ]);
    expect(await textOf(page, 'button[type="submit"]')).toBe(
      readLocale('th', 'auth').actions.submit,
    );
    await signInOnConsole(page, 'wrong-password-2');
    expect(await textOf(page, '[data-testid="login-error"]')).toBe(
      readLocale('th', 'errors').BAD_CREDENTIALS,
    );
    await page.close();
  });
});
