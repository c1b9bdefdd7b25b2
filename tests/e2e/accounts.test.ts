import { captchaChallenges, users } from '@server/db/schema/index';
import { systemClock } from '@server/lib/clock';
import { createAccount } from '@server/modules/accounts/accounts.service';
import { addShop } from '@server/modules/shops/shops.service';
import { DEMO_ACCOUNT } from '@server/seed/demo';
import type { Language } from '@shared/contracts/languages';
import { eq } from 'drizzle-orm';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchWithExtension } from '../support/browser';
import { startE2eServer } from '../support/e2e-server';
import { openMenu, passFirstVisit } from '../support/first-visit';
import { openSignedIn } from '../support/stored-session';

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

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for a page's path by interval: a tab in the background gets no animation frames to poll on. */
function waitForPath(page: Page, path: string) {
  return page.waitForFunction(
    (expected) => location.pathname === expected,
    { polling: 100, timeout: 15_000 },
    path,
  );
}

/** Replaces a field's text, as a person selecting it all and typing would. */
async function fill(page: Page, selector: string, text: string) {
  const field = await page.waitForSelector(selector, { visible: true });
  await field?.click({ count: 3 });
  await page.keyboard.press('Backspace');
  await field?.type(text);
}

/**
 * Solves the slider on screen with the mouse: the test reads where the gap is from the database
 * (as it reads codes from the mail), then drags the handle there over half a second.
 */
async function dragSlider(page: Page) {
  const box = await page.waitForSelector('[data-testid="slider-captcha"][data-status="ready"]', {
    visible: true,
  });
  const id = (await box?.evaluate((element) => element.getAttribute('data-challenge'))) ?? '';
  const [row] = await server.db
    .select()
    .from(captchaChallenges)
    .where(eq(captchaChallenges.id, id));
  const scale = await page.$eval('[data-testid="slider-captcha"] img', (img) => {
    const image = img as HTMLImageElement;
    return image.getBoundingClientRect().width / image.naturalWidth;
  });
  const handle = await page.$('[data-testid="slider-handle"]');
  const start = await handle?.boundingBox();
  if (!row || !start) throw new Error('no slider on screen');
  const from = { x: start.x + start.width / 2, y: start.y + start.height / 2 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  const steps = 15;
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(from.x + (row.targetX * scale * i) / steps, from.y + (i % 3) - 1);
    await pause(30);
  }
  await page.mouse.up();
}

/** Sends a code to the address in the form: slider, then the code from the mail. */
async function requestCode(page: Page, email: string): Promise<string> {
  const before = server.smtp.countTo(email);
  await page.click('[data-testid="send-code"]');
  await dragSlider(page);
  return server.smtp.codeFor(email, before);
}

async function signIn(page: Page, username: string, password: string) {
  await fill(page, 'input[name="username"]', username);
  await fill(page, 'input[name="password"]', password);
  await page.click('button[type="submit"]');
}

async function signOut(page: Page) {
  // A dialog that is closing still holds the focus and the pointer.
  await page.waitForFunction(() => !document.querySelector('[role="dialog"]'), {
    polling: 100,
    timeout: 15_000,
  });
  const menu = await page.waitForSelector('[data-testid="user-menu"]', { visible: true });
  await menu?.click();
  const item = await page.waitForSelector('[data-testid="logout"]', { visible: true });
  await item?.click();
  await waitForPath(page, '/cmp/login');
}

/** Waits for an element to show, then clicks it. */
async function click(page: Page, selector: string) {
  const element = await page.waitForSelector(selector, { visible: true });
  await element?.click();
}

/** A page in a context of its own (its own cookies and storage), in the given language. */
async function newPage(language: Language) {
  const context = await chrome.browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  await page.setCookie({ name: 'cmp-language', value: language, url: server.origin });
  return page;
}

describe.each(['zh', 'th', 'en'] as const)('a new seller in %s', (language) => {
  const email = `seller.${language}@example.com`;
  const password = 'First-pass1';
  const newPassword = 'Second-pass2';

  it('registers with an e-mail code, onboards, signs out and in, and resets a forgotten password', async () => {
    const page = await newPage(language);
    await page.goto(`${server.origin}/cmp/register`);
    await page.waitForSelector('[data-testid="register-form"]');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);

    await fill(page, 'input[name="email"]', email);
    const code = await requestCode(page, email);
    await fill(page, 'input[name="code"]', code);
    await fill(page, 'input[name="password"]', password);
    await fill(page, 'input[name="confirmPassword"]', password);
    await page.click('input[name="agree"]');
    await page.click('[data-testid="register-form"] button[type="submit"]');

    await page.waitForSelector('[data-testid="onboarding-form"]');
    expect(new URL(page.url()).pathname).toBe('/cmp/onboarding');
    await page.click('[data-testid="business-both"]');
    await page.click('[data-testid="onboarding-form"] button[type="submit"]');
    await page.waitForSelector('[data-testid="dashboard-greeting"]');
    await passFirstVisit(page);

    await signOut(page);
    await signIn(page, email, password);
    await page.waitForSelector('[data-testid="dashboard-greeting"]');
    await passFirstVisit(page);
    await signOut(page);

    await click(page, 'a[href="/cmp/resetPws"]');
    await page.waitForSelector('[data-testid="reset-form"]');
    await fill(page, 'input[name="email"]', email);
    const resetCode = await requestCode(page, email);
    await fill(page, 'input[name="code"]', resetCode);
    await fill(page, 'input[name="password"]', newPassword);
    await fill(page, 'input[name="confirmPassword"]', newPassword);
    await page.click('[data-testid="reset-form"] button[type="submit"]');
    await page.waitForSelector('[data-testid="reset-done"]');
    await page.click('[data-testid="reset-done"] a[href="/cmp/login"]');
    await signIn(page, email, password);
    await page.waitForSelector('[data-testid="login-error"]');
    await signIn(page, email, newPassword);
    await page.waitForSelector('[data-testid="dashboard-greeting"]');
    await passFirstVisit(page);
    await signOut(page);
    await page.browserContext().close();
  });

  it('creates a sub-account limited to one shop, and that sub-account sees only that shop', async () => {
    // A seller of its own, registered and onboarded as the test above leaves one (the tests of a
    // file may run in any order). Shops arrive by authorization on the marketplaces; here they are
    // added the way it stores them.
    const ownerEmail = `owner.${language}@example.com`;
    const ownerPassword = 'Owner-pass1';
    const owner = await createAccount({ db: server.db, clock: systemClock }, null, {
      email: ownerEmail,
      password: ownerPassword,
      name: `Owner ${language}`,
      role: 'BUYER',
      site: 'th',
    });
    await server.db
      .update(users)
      .set({ businessType: 'crossBorder', onboardedAt: new Date() })
      .where(eq(users.id, owner.id));
    const shared = await addShop(
      { db: server.db, clock: systemClock },
      { ownerId: owner.id },
      {
        platform: 'lazada',
        site: 'th',
        externalId: `lazada-${language}`,
        name: `Shared shop ${language}`,
        shopType: 'crossBorder',
      },
    );
    await addShop(
      { db: server.db, clock: systemClock },
      { ownerId: owner.id },
      {
        platform: 'shopee',
        site: 'th',
        externalId: `shopee-${language}`,
        name: `Private shop ${language}`,
        shopType: 'local',
      },
    );

    // The owner starts signed in (signing in is the test above); the sub-account signs in below
    // through the login screen, with the password the owner gave it.
    const page = await newPage(language);
    await openSignedIn(
      page,
      server.origin,
      { username: ownerEmail, password: ownerPassword },
      '/cmp/cmpDashboard',
    );
    await page.waitForSelector('[data-testid="dashboard-greeting"]');
    await passFirstVisit(page);
    await openMenu(page, '/account/accountManage');
    await click(page, '[data-testid="member-create"]');
    const form = '[data-testid="member-create-form"]';
    const subEmail = `staff.${language}@example.com`;
    await fill(page, `${form} input[name="email"]`, subEmail);
    await fill(page, `${form} input[name="name"]`, `Staff ${language}`);
    await fill(page, `${form} input[name="password"]`, 'Staff-pass1');
    await fill(page, `${form} input[name="confirmPassword"]`, 'Staff-pass1');
    await click(page, `${form} input[name="shopIds"][value="${shared.id}"]`);
    await click(page, `${form} input[name="grants"][value="/thirdPartyPlatform/authorizeList"]`);
    await page.click(`${form} button[type="submit"]`);
    await page.waitForFunction(
      (expected) =>
        [...document.querySelectorAll('[data-testid="member-row"]')].some((row) =>
          row.textContent?.includes(expected),
        ),
      { polling: 100, timeout: 15_000 },
      subEmail,
    );
    await signOut(page);

    await signIn(page, subEmail, 'Staff-pass1');
    await page.waitForSelector('[data-testid="dashboard-greeting"]');
    await passFirstVisit(page);
    expect(await page.$('[data-menu="/account/accountManage"]')).toBeNull();
    await openMenu(page, '/thirdPartyPlatform/authorizeList');
    await page.waitForSelector('[data-testid="shop-row"]');
    const rows = await page.$$eval('[data-testid="shop-row"]', (found) =>
      found.map((row) => row.textContent ?? ''),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(`Shared shop ${language}`);
    await page.goto(`${server.origin}/cmp/account/accountManage`);
    await waitForPath(page, '/cmp/401');
    await page.goto(`${server.origin}/cmp/cmpDashboard`);
    await signOut(page);
    await page.browserContext().close();
  });
});

describe('WeChat', () => {
  it('binds WeChat by scanning the QR code in account settings, then signs in with it (th)', async () => {
    // Signed in by password to start with; the sign-in tested here is WeChat's, below.
    const page = await newPage('th');
    await openSignedIn(
      page,
      server.origin,
      { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
      '/cmp/cmpDashboard',
    );
    await page.waitForSelector('[data-testid="dashboard-greeting"]');
    await passFirstVisit(page);
    await openMenu(page, '/account/accountSetting');
    await click(page, '[data-testid="wechat-bind"]');
    await page.waitForSelector('[data-testid="wechat-qr"]');
    const scanUrl = await page.$eval(
      '[data-testid="wechat-scan-link"]',
      (a) => a.getAttribute('href') ?? '',
    );
    expect(new URL(scanUrl).origin).toBe(server.sandboxOrigin);

    // The phone: the sandbox's scan page, as WeChat shows it.
    const phone = await page.browserContext().newPage();
    await phone.goto(scanUrl);
    await fill(phone, 'input[name="nickname"]', 'Somchai');
    await phone.click('button[data-new-user]');
    await phone.waitForSelector('[data-scanned]');
    await phone.close();

    await page.bringToFront();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="wechat-nickname"]')?.textContent === 'Somchai',
      { polling: 100, timeout: 15_000 },
    );
    await signOut(page);

    await click(page, '[data-testid="login-wechat"]');
    await page.waitForFunction(
      (origin) => location.origin === origin,
      { polling: 100, timeout: 15_000 },
      server.sandboxOrigin,
    );
    await click(page, 'button[data-openid]');
    await page.waitForSelector('[data-testid="dashboard-greeting"]');
    await passFirstVisit(page);
    expect(new URL(page.url()).origin).toBe(server.origin);
    await signOut(page);
    await page.browserContext().close();
  });
});
