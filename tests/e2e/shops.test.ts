import { shops } from '@server/db/schema/index';
import { DEMO_ACCOUNT } from '@server/seed/demo';
import { eq } from 'drizzle-orm';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchWithExtension } from '../support/browser';
import { markFirstVisitSeen, startE2eServer } from '../support/e2e-server';
import { readLocale } from '../support/locales';
import { openSignedIn } from '../support/stored-session';

let server: Awaited<ReturnType<typeof startE2eServer>>;
let chrome: ExtensionBrowser;

beforeAll(async () => {
  server = await startE2eServer();
  chrome = await launchWithExtension();
  // The demo seller has seen the welcome announcement and the tours already.
  await markFirstVisitSeen(server.db, DEMO_ACCOUNT.email);
});
afterAll(async () => {
  await chrome?.close();
  await server?.close();
});

/** The demo seller's shop list in a context of its own, signed in, in this language. */
async function shopListIn(language: string): Promise<Page> {
  const context = await chrome.browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1366, height: 900 });
  await page.setExtraHTTPHeaders({ 'accept-language': language });
  await page.setCookie({ name: 'cmp-language', value: language, url: server.origin });
  await openSignedIn(
    page,
    server.origin,
    { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
    '/cmp/thirdPartyPlatform/authorizeList',
  );
  return page;
}

const shopsNamed = (name: string) =>
  server.db.select({ id: shops.id }).from(shops).where(eq(shops.name, name));

const rowNames = (page: Page) =>
  page.$$eval('[data-testid="shop-row"]', (rows) => rows.map((row) => row.textContent ?? ''));

describe('authorizing shops in Chromium', () => {
  for (const [language, platform, site, sellerId, shopName] of [
    ['en', 'lazada', 'my', 'lazada-my-local', 'Demo Lazada MY Store'],
    ['th', 'shopee', 'sg', 'shopee-cb-sg', 'Demo Shopee CB SG'],
    ['zh', 'tiktok', 'my', 'tiktok-multi', 'Multi TikTok Shop MY'],
  ] as const) {
    it(`${language}: ${platform} consent in the sandbox, callback, shop listed as normal`, async () => {
      const words = readLocale(language, 'shops');
      const page = await shopListIn(language);
      await page.waitForSelector('[data-testid="shops-table"]', { timeout: 20_000 });
      const before = (await rowNames(page)).length;
      expect(before).toBeGreaterThanOrEqual(3);

      await page.click('[data-testid="shops-authorize"]');
      await page.waitForSelector('[data-testid="authorize-form"]', { visible: true });
      await page.click(`[data-testid="authorize-platform-${platform}"]`);
      await page.waitForSelector(
        `[data-testid="authorize-form"] input[type="checkbox"][value="${site}"]`,
      );
      await page.$eval(
        `[data-testid="authorize-form"] input[type="checkbox"][value="${site}"]`,
        (input) => (input as HTMLInputElement).click(),
      );
      await Promise.all([
        page.waitForNavigation({ waitUntil: 'domcontentloaded' }),
        page.click('[data-testid="authorize-form"] button[type="submit"]'),
      ]);
      // The platform's consent page (the sandbox's): log in as the shop's seller account.
      expect(page.url().startsWith(server.sandboxOrigin)).toBe(true);
      const account = await page.waitForSelector(`button[data-seller="${sellerId}"]`, {
        visible: true,
      });
      await Promise.all([
        page.waitForNavigation({ waitUntil: 'domcontentloaded' }),
        account?.click(),
      ]);

      // Back in the console: the callback page finishes and the result page says so.
      await page.waitForSelector('[data-testid="authorize-result"]', { timeout: 20_000 });
      const outcome = await page.$eval('[data-testid="authorize-result"]', (element) => ({
        success: element.hasAttribute('data-success'),
        text: `${(element as HTMLElement).innerText} ${element.getAttribute('data-reason')} ${document.querySelector('[data-testid="authorize-result-code"]')?.textContent ?? ''} ${location.href}`,
      }));
      expect(outcome.success, outcome.text).toBe(true);
      const authorized = await page.$eval(
        '[data-testid="authorize-result-shops"]',
        (e) => e.textContent ?? '',
      );
      if (shopName) expect(authorized).toContain(shopName);
      await page.click('[data-testid="authorize-to-list"]');
      await page.waitForFunction(
        (count) => document.querySelectorAll('[data-testid="shop-row"]').length > count,
        { timeout: 20_000 },
        before,
      );
      const statuses = await page.$$eval('[data-testid="shop-status"]', (cells) =>
        cells.map((cell) => cell.textContent?.trim() ?? ''),
      );
      const normal = (words.status as Record<string, string>).normal ?? '';
      expect(statuses.length).toBe(before + 1);
      expect(statuses.every((status) => status.includes(normal))).toBe(true);
      await page.browserContext().close();
    }, 90_000);
  }
});

describe('a consent finished in another browser', () => {
  it('asks there to sign in as the account that started it, then authorizes the shop into it', async () => {
    const page = await shopListIn('en');
    await page.waitForSelector('[data-testid="shops-table"]', { timeout: 20_000 });
    const before = (await rowNames(page)).length;
    await page.click('[data-testid="shops-authorize"]');
    await page.waitForSelector('[data-testid="authorize-form"]', { visible: true });
    await page.click('[data-testid="authorize-platform-shopee"]');
    const site = '[data-testid="authorize-form"] input[type="checkbox"][value="my"]';
    await page.waitForSelector(site);
    await page.$eval(site, (input) => (input as HTMLInputElement).click());
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'domcontentloaded' }),
      page.click('[data-testid="authorize-form"] button[type="submit"]'),
    ]);
    const consentUrl = page.url();
    expect(consentUrl.startsWith(server.sandboxOrigin)).toBe(true);

    // The seller approves on another device, where nobody is signed in to the console.
    const phoneContext = await chrome.browser.createBrowserContext();
    const phone = await phoneContext.newPage();
    await phone.setViewport({ width: 1280, height: 900 });
    await phone.goto(consentUrl);
    const account = await phone.waitForSelector('button[data-seller="shopee-demo-my"]', {
      visible: true,
    });
    await Promise.all([
      phone.waitForNavigation({ waitUntil: 'domcontentloaded' }),
      account?.click(),
    ]);
    const prompt = await phone.waitForSelector('[data-testid="authorize-sign-in"]', {
      timeout: 20_000,
    });
    expect(await prompt?.evaluate((element) => element.getAttribute('data-reason'))).toBe(
      'signInRequired',
    );
    expect(
      await phone.$eval('[data-testid="authorize-sign-in-text"]', (e) => e.textContent ?? ''),
    ).toContain('de***@example.com');
    // Nothing changed yet.
    expect(await shopsNamed('Demo Shopee MY')).toEqual([]);

    await phone.click('[data-testid="authorize-sign-in-action"]');
    await phone.waitForSelector('input[name="username"]', { visible: true });
    await phone.type('input[name="username"]', DEMO_ACCOUNT.email);
    await phone.type('input[name="password"]', DEMO_ACCOUNT.password);
    await phone.click('button[type="submit"]');
    await phone.waitForSelector('[data-testid="authorize-result"]', { timeout: 20_000 });
    const outcome = await phone.$eval('[data-testid="authorize-result"]', (element) => ({
      success: element.hasAttribute('data-success'),
      text: `${(element as HTMLElement).innerText} ${element.getAttribute('data-reason')} ${location.href}`,
    }));
    expect(outcome.success, outcome.text).toBe(true);
    expect(
      await phone.$eval('[data-testid="authorize-result-shops"]', (e) => e.textContent ?? ''),
    ).toContain('Demo Shopee MY');
    await phoneContext.close();

    // Back on the first browser, the list shows the new shop.
    await page.goto(`${server.origin}/cmp/thirdPartyPlatform/authorizeList`);
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid="shop-row"]').length > count,
      { timeout: 20_000 },
      before,
    );
    expect((await rowNames(page)).join(' ')).toContain('Demo Shopee MY');
    expect(await shopsNamed('Demo Shopee MY')).toHaveLength(1);
    await page.browserContext().close();
  }, 120_000);
});
