import { products, shops } from '@server/db/schema/index';
import { DEMO_ACCOUNT } from '@server/seed/demo';
import type { Language } from '@shared/contracts/languages';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import {
  CATEGORIES,
  type PlantedProduct,
  plantCatalogue,
  productId,
} from '../support/catalogue-console';
import { markFirstVisitSeen, startE2eServer } from '../support/e2e-server';
import { fillWords, readLocale } from '../support/locales';
import { openSignedIn } from '../support/stored-session';

/**
 * Product sourcing in Chromium, one seller's flow with the language switched along it: in zh the
 * seller searches 手机壳 in the mall, narrows it to the phone-case category, goes to the next page
 * and chooses two products into the Shopee shop, then finds them waiting in that shop's product
 * list; in th the seller follows a category for a shop and sees its third-party products; in en
 * a product's SKUs go into the cart and the header counts them.
 */
const PLANTED: PlantedProduct[] = [
  ...Array.from({ length: 24 }, (_, i) => ({
    n: 101 + i,
    zh: `防摔手机壳 第${i + 1}款`,
    en: `Shockproof phone case no. ${i + 1}`,
    leaf: 'phoneCases' as const,
    price: 1200 + i * 50,
    sales: 5000 - i * 100,
  })),
  { n: 130, zh: '手机壳挂绳', en: 'Phone case lanyard', leaf: 'cables', sales: 9000 },
  {
    n: 140,
    zh: '人体工学键盘',
    th: 'คีย์บอร์ดเพื่อสุขภาพ',
    en: 'Ergonomic keyboard',
    leaf: 'keyboards',
    source: 'thirdParty',
  },
];
const SHOPEE_SHOP = 'Bangkok Gadget Hub';
const FOLLOW_SHOP = 'Siam Home Living';

let server: Awaited<ReturnType<typeof startE2eServer>>;
let chrome: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;

beforeAll(async () => {
  server = await startE2eServer();
  await markFirstVisitSeen(server.db, DEMO_ACCOUNT.email);
  await plantCatalogue(server.db, PLANTED);
  chrome = await launchChromium();
  page = await chrome.browser.newPage();
  await page.setViewport({ width: 1440, height: 900 });
}, 300_000);
afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && page)
    await page
      .screenshot({ path: `.tmp/catalogue-e2e-failed-${context.task.name.slice(0, 12)}.png` })
      .catch(() => undefined);
});
afterAll(async () => {
  await chrome?.close();
  await server?.close();
});

async function consoleIn(language: Language, path: string) {
  await page.setCookie({ name: 'cmp-language', value: language, url: server.origin });
  await openSignedIn(
    page,
    server.origin,
    { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
    `/cmp${path}`,
  );
  await page.waitForSelector('[data-testid="shell"]', { timeout: 30_000 });
}

/** Opens a select (by its selector) and clicks the option with this text. */
async function pick(selector: string, option: string) {
  const input = await page.waitForSelector(selector, { visible: true });
  await input?.click();
  const choice = await page.waitForSelector(`[role="option"] ::-p-text(${option})`, {
    visible: true,
  });
  await choice?.click();
}

const rowTitles = () =>
  page.$$eval('[data-testid="catalogue-row"] [data-testid="catalogue-title"]', (titles) =>
    titles.map((title) => title.textContent ?? ''),
  );

/** Waits until the rows shown satisfy `check`. */
async function rowsWhere(check: (titles: string[]) => boolean, what: string) {
  for (const deadline = Date.now() + 20_000; ; ) {
    const titles = await rowTitles();
    if (check(titles)) return titles;
    if (Date.now() > deadline) throw new Error(`rows never showed ${what}: ${titles.join(' | ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('product sourcing in Chromium', () => {
  it('zh: searches 手机壳, narrows to a category, pages on and chooses two products into the Shopee shop', async () => {
    const zh = readLocale('zh', 'catalogue');
    await consoleIn('zh', '/product/thirdProductList');
    await page.waitForSelector(`input[aria-label="${zh.filters.keyword}"]`);
    await page.type(`input[aria-label="${zh.filters.keyword}"]`, '手机壳');
    await page.keyboard.press('Enter');
    // The lanyard (a cable) matches the words too, until the category narrows it out.
    await rowsWhere((titles) => titles.length === 20, 'a full first page');
    await pick(`input[aria-label="${zh.filters.category1}"]`, CATEGORIES.digital.zh);
    await pick(`input[aria-label="${zh.filters.category2}"]`, CATEGORIES.phoneAccessories.zh);
    await pick(`input[aria-label="${zh.filters.category3}"]`, CATEGORIES.phoneCases.zh);
    await page.waitForFunction(() => location.search.includes('categoryId='));
    const first = await rowsWhere(
      (titles) => titles.length === 20 && titles.every((title) => title.includes('防摔手机壳')),
      'phone cases only',
    );
    await page.click('[data-testid="catalogue-next"]');
    const second = await rowsWhere((titles) => titles.length === 4, 'the second page');
    expect(second.some((title) => first.includes(title))).toBe(false);

    // Two products of this page, into the Shopee shop.
    const boxes = await page.$$('[data-testid="catalogue-row"] input[type="checkbox"]');
    for (const box of boxes.slice(0, 2)) await box.click();
    await page.click('[data-testid="catalogue-choose"]');
    const dialog = await page.waitForSelector('[data-testid="choose-form"]', { visible: true });
    const shopee = await dialog?.waitForSelector(`label ::-p-text(${SHOPEE_SHOP})`);
    await shopee?.click();
    await page.click('[data-testid="choose-submit"]');
    const result = await page.waitForSelector('[data-testid="choose-result"]', { visible: true });
    expect(await result?.evaluate((node) => node.textContent)).toContain(SHOPEE_SHOP);
    await page.click('[data-testid="choose-result-link"]');

    // Waiting in the shop's product list.
    await page.waitForSelector('[data-testid="product-row"]', { timeout: 20_000 });
    const [shop] = await server.db.select().from(shops).where(eq(shops.name, SHOPEE_SHOP));
    if (!shop) throw new Error('no Shopee shop');
    const waiting = await server.db
      .select({ title: products.title })
      .from(products)
      .where(and(eq(products.shopId, shop.id), eq(products.status, 'wait')));
    const chosen = second.slice(0, 2);
    for (const title of chosen) expect(waiting.map((row) => row.title)).toContain(title);
    for (const title of chosen)
      await page.waitForSelector(`[data-testid="product-title"] ::-p-text(${title})`, {
        timeout: 20_000,
      });
  }, 120_000);

  it('th: follows a category for a shop, warned first, and sees its third-party products', async () => {
    const th = readLocale('th', 'catalogue');
    await consoleIn('th', '/product/thirdProductList?source=thirdParty');
    await page.click('[data-testid="follow-open"]');
    const warning = await page.waitForSelector('[data-testid="follow-warning"]', { visible: true });
    expect(await warning?.evaluate((node) => node.textContent)).toBe(
      fillWords(th.follow.warning, { count: 3 }),
    );
    await pick('[data-testid="follow-shop"]', FOLLOW_SHOP);
    await page.click('[data-testid="follow-categories"]');
    const option = await page.waitForSelector(
      `[role="option"] ::-p-text(${CATEGORIES.computer.th})`,
      { visible: true },
    );
    await option?.click();
    await page.keyboard.press('Escape');
    await page.click('[data-testid="follow-submit"]');
    await page.waitForSelector('[data-testid="follow-confirm"]', { visible: true });
    await page.click('[data-testid="follow-confirm-submit"]');
    await rowsWhere((titles) => titles.includes('คีย์บอร์ดเพื่อสุขภาพ'), 'the followed products');
  }, 120_000);

  it('en: a product goes into the cart with a quantity, and the header counts it', async () => {
    await consoleIn('en', `/product/thirdDetails?id=${productId(101)}`);
    await page.waitForSelector('[data-testid="catalogue-details"]', { timeout: 20_000 });
    expect(await page.$eval('[data-testid="details-title"]', (node) => node.textContent)).toBe(
      'Shockproof phone case no. 1',
    );
    const quantities = await page.$$('[data-testid="sku-quantity"]');
    await quantities[0]?.type('2');
    await quantities[1]?.type('3');
    await page.click('[data-testid="add-to-cart-submit"]');
    await page.waitForSelector('[data-testid="cart-badge"][data-count="5"]', { timeout: 20_000 });
  }, 120_000);
});
