import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { collectedProducts, products } from '@server/db/schema/index';
import { encodePng } from '@server/lib/png';
import { DEMO_ACCOUNT } from '@server/seed/demo';
import type { Language } from '@shared/contracts/languages';
import type { ProductDraft } from '@shared/contracts/product-draft';
import { and, eq } from 'drizzle-orm';
import type { ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchWithExtension } from '../support/browser';
import { markFirstVisitSeen, startE2eServer } from '../support/e2e-server';
import { fillWords, readLocale } from '../support/locales';
import { openSignedIn } from '../support/stored-session';

/**
 * From the collection box to an online Shopee product, in Chromium, in one flow whose language
 * changes along the way: in Chinese the seller claims a collected AliExpress product into the
 * Shopee shop and finds it in the list, its readiness counted at once; in Thai the readiness check
 * names a required attribute of its category and the seller fixes every line from the check; in
 * English the seller prices it, sees the profit move, publishes it and sees it online. Its
 * pictures are the source's addresses, served here by the test's own image host: publishing
 * fetches each once and uploads it to the shop.
 */
const TITLE =
  'Wireless Earbuds Bluetooth 5.3 ENC Noise Cancelling Sport Headphones with Charging Case';
const SHOPEE_SHOP = 'Bangkok Gadget Hub';

let server: Awaited<ReturnType<typeof startE2eServer>>;
let chrome: ExtensionBrowser;
let images: Server;
const hits = new Map<string, number>();

/** The source site's image host: a 1000 x 1000 picture of its own colour at every address. */
async function startImageHost() {
  const host = createServer((req, res) => {
    const path = req.url ?? '';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const shade = [...path].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 200;
    const rgba = new Uint8Array(1000 * 1000 * 4).map((_, i) => (i % 4 === 3 ? 255 : shade));
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end(encodePng(1000, 1000, rgba));
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  return host;
}

beforeAll(async () => {
  images = await startImageHost();
  server = await startE2eServer();
  // The collected product's pictures point at the image host (as the source's CDN would).
  const base = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  const [row] = await server.db
    .select()
    .from(collectedProducts)
    .where(eq(collectedProducts.itemId, '1005006287745210'));
  if (!row) throw new Error('the demo has no collected earbuds');
  const draft = JSON.parse(
    JSON.stringify(row.draft).replaceAll('https://ae01.alicdn.com/kf/', `${base}/kf/`),
  ) as ProductDraft;
  await server.db.update(collectedProducts).set({ draft }).where(eq(collectedProducts.id, row.id));
  chrome = await launchWithExtension();
  await markFirstVisitSeen(server.db, DEMO_ACCOUNT.email);
});
afterAll(async () => {
  await chrome?.close();
  await server?.close();
  await new Promise((resolve) => images?.close(resolve));
});

async function consoleIn(language: Language, path: string): Promise<Page> {
  const context = await chrome.browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1366, height: 900 });
  await page.setCookie({ name: 'cmp-language', value: language, url: server.origin });
  await openSignedIn(
    page,
    server.origin,
    { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
    `/cmp${path}`,
  );
  await page.waitForSelector('[data-testid="shell"]', { timeout: 30_000 });
  return page;
}

/** Switches the console's language from the header (the page reloads in it). */
async function switchTo(page: Page, language: Language) {
  await Promise.all([
    page.waitForNavigation({ waitUntil: 'load' }),
    page.select('[data-testid="language-switch"]', language),
  ]);
  await page.waitForFunction(
    (wanted) => document.documentElement.lang === wanted,
    { timeout: 30_000 },
    language,
  );
  await page.waitForSelector('[data-testid="shell"]', { timeout: 30_000 });
}

const byTitle = (testId: string, title: string) =>
  `xpath///tr[@data-testid="${testId}"][.//*[normalize-space()=${JSON.stringify(title)}]]`;

/** The text of the readiness lines, by severity, once the check has answered. */
async function readinessLines(page: Page) {
  await page.waitForSelector('[data-testid="readiness-line"], [data-testid="readiness-ready"]', {
    visible: true,
    timeout: 20_000,
  });
  return page.$$eval('[data-testid="readiness-line"]', (lines) =>
    lines.map((line) => ({
      field: (line as HTMLElement).dataset.field ?? '',
      code: (line as HTMLElement).dataset.code ?? '',
      severity: (line as HTMLElement).dataset.severity ?? '',
      text: line.textContent ?? '',
    })),
  );
}

/** No option of a select is shown (a closed dropdown may keep its options hidden). */
const noOptionShown = () =>
  [...document.querySelectorAll<HTMLElement>('[role="option"]')].every(
    (option) => option.offsetParent === null,
  );

/** Picks the first option of a Mantine select (a dropdown a focus opened is closed first). */
async function pickFirst(page: Page, selector: string) {
  await page.focus(selector);
  await page.keyboard.press('Escape');
  await page.waitForFunction(noOptionShown);
  await page.click(selector);
  // The first option shown (another select may keep its closed options in the page).
  const option = await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>('[role="option"]')].find(
      (candidate) => candidate.offsetParent !== null,
    ),
  );
  await (option.asElement() as ElementHandle<Element> | null)?.click();
  await page.waitForFunction(noOptionShown);
}

async function save(page: Page) {
  // Both answers awaited from before the click: the check may answer as soon as the save does.
  const saved = page.waitForResponse(
    (response) => response.url().includes('/product/product/save'),
    { timeout: 30_000 },
  );
  const checked = page.waitForResponse(
    (response) =>
      response.url().includes('/product/product/readiness') &&
      response.request().method() === 'GET',
    { timeout: 30_000 },
  );
  await page.click('[data-testid="editor-save"]');
  const response = await saved;
  const body = (await response.json()) as { resp_code: number; resp_msg: string };
  if (body.resp_code !== 0) throw new Error(`save refused: ${body.resp_msg}`);
  await checked;
}

describe('claiming, checking, pricing and publishing a Shopee product in Chromium', () => {
  it('zh: claimed and counted, th: its missing attribute named and fixed, en: priced, published, online', async () => {
    const zh = readLocale('zh', 'products');
    const th = readLocale('th', 'products');
    const en = readLocale('en', 'products');
    const page = await consoleIn('zh', '/product/collectorList');
    try {
      // zh: claimed from the collection box into the Shopee shop alone.
      const row = await page.waitForSelector(byTitle('collect-row', TITLE), { timeout: 20_000 });
      await (await row?.$('input[type="checkbox"]'))?.click();
      await page.click('[data-testid="collect-claim"]');
      await page.waitForSelector('[data-testid="claim-form"] [data-testid="shop-picker-option"]');
      await page.$$eval(
        '[data-testid="claim-form"] [data-testid="shop-picker-option"]',
        (options, wanted) => {
          for (const option of options) {
            const input = (
              option instanceof HTMLInputElement ? option : option.querySelector('input')
            ) as HTMLInputElement | null;
            const label = option.closest('.mantine-Checkbox-root')?.textContent ?? '';
            if (input && !input.disabled && label.includes(wanted) !== input.checked) input.click();
          }
        },
        SHOPEE_SHOP,
      );
      await page.click('[data-testid="claim-form"] button[type="submit"]');
      await page.waitForSelector('[data-testid="claim-form"]', { hidden: true, timeout: 20_000 });

      // Waiting in the Shopee list, in baht, its readiness counted at the claim, the tab counted.
      await page.goto(
        `${server.origin}/cmp/thirdPartyPlatform/platformProductManage?platform=shopee&status=wait`,
      );
      await page.waitForSelector(byTitle('product-row', TITLE), { timeout: 20_000 });
      const [claimed] = await server.db
        .select()
        .from(products)
        .where(and(eq(products.title, TITLE), eq(products.platform, 'shopee')));
      expect(claimed?.currency).toBe('THB');
      expect(claimed?.readinessErrors).toBeGreaterThan(0);
      const waiting = await server.db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.platform, 'shopee'), eq(products.status, 'wait')));
      await page.waitForFunction(
        (count) =>
          document.querySelector('[data-testid="products-count-wait"]')?.textContent === count,
        { timeout: 10_000 },
        String(waiting.length),
      );
      expect(
        await page.$eval('[data-testid="products-tab-wait"]', (tab) => tab.textContent),
      ).toContain(zh.tabs.wait);

      // th: opened in its editor; without a category the check says to choose one; chosen, it
      // names what the category requires, live, in Thai.
      await switchTo(page, 'th');
      const again = await page.waitForSelector(byTitle('product-row', TITLE), { timeout: 20_000 });
      await (await again?.$('[data-testid="product-title"]'))?.click();
      await page.waitForSelector('[data-testid="product-editor"][data-platform="shopee"]');
      expect((await readinessLines(page)).map((line) => line.code)).toContain('categoryMissing');
      await pickFirst(page, '#product-field-categoryId');
      await page.waitForSelector('[data-testid="readiness-line"][data-code="attributeRequired"]');
      const lines = await readinessLines(page);
      const attribute = lines.find((line) => line.code === 'attributeRequired');
      if (!attribute) throw new Error(JSON.stringify(lines));
      const label = await page.$eval(
        `[data-testid="field-${attribute.field}"]`,
        (input) =>
          document.querySelector(`label[for="${input.id}"]`)?.firstChild?.textContent ?? '',
      );
      expect(attribute.text).toBe(
        fillWords(th.readiness.codes.attributeRequired, { name: label.trim() }),
      );
      // Each line leads to its field, which takes a value; the line goes.
      for (let round = 0; round < 12; round += 1) {
        const errors = (await readinessLines(page)).filter((line) => line.severity === 'error');
        const next = errors.find((line) => line.field !== 'shop');
        if (!next) break;
        await page.click(`[data-testid="readiness-line"][data-field="${next.field}"]`);
        const id = `product-field-${next.field.replace(/[^\w-]/g, '-')}`;
        await page.waitForFunction((wanted) => document.activeElement?.id === wanted, {}, id);
        const selector = `[data-testid="field-${next.field}"]`;
        if (next.field.startsWith('attributes.')) {
          if (await page.$(`${selector}[aria-haspopup]`)) await pickFirst(page, selector);
          else await page.type(selector, 'Generic');
        } else if (next.field === 'description')
          await page.type(selector, 'Sturdy, light and ready to ship from our Bangkok warehouse.');
        else if (next.field === 'shortDescription')
          await page.type(selector, 'Light, sturdy, ships from Bangkok.');
        else if (next.field === 'logistics')
          await page.click('[data-testid="logistics-row"] input[type="checkbox"]:not([disabled])');
        else if (next.field === 'packageWeightGrams') await page.type(selector, '0.4');
        else throw new Error(`no way to fix ${JSON.stringify(next)}`);
        await page.waitForFunction(
          (field) =>
            !document.querySelector(
              `[data-testid="readiness-line"][data-severity="error"][data-field="${field}"]`,
            ),
          { timeout: 10_000 },
          next.field,
        );
      }
      await save(page);

      // en: priced; the profit follows the price.
      await switchTo(page, 'en');
      await page.waitForSelector('[data-testid="product-editor"][data-platform="shopee"]');
      await page.click('[data-testid="field-skus.0.costPrice"]', { count: 3 });
      await page.type('[data-testid="field-skus.0.costPrice"]', '25');
      const profit = () =>
        page.$eval('[data-testid="sku-row"] [data-testid="sku-profit"]', (cell) =>
          Number((cell as HTMLElement).dataset.profit),
        );
      await page.click('[data-testid="field-skus.0.sellingPrice"]', { count: 3 });
      await page.type('[data-testid="field-skus.0.sellingPrice"]', '300');
      await page.waitForSelector('[data-testid="sku-profit"][data-profit]');
      const before = await profit();
      await page.click('[data-testid="field-skus.0.sellingPrice"]', { count: 3 });
      await page.type('[data-testid="field-skus.0.sellingPrice"]', '390');
      await page.waitForFunction(
        (was) =>
          Number(
            (
              document.querySelector(
                '[data-testid="sku-row"] [data-testid="sku-profit"]',
              ) as HTMLElement
            )?.dataset.profit,
          ) > was,
        {},
        before,
      );

      // Saved: nothing blocks any more; published, it goes online, its pictures fetched once.
      await save(page);
      const after = await readinessLines(page);
      expect(
        after.filter((line) => line.severity === 'error'),
        JSON.stringify(after),
      ).toEqual([]);
      await page.click('[data-testid="editor-publish"]');
      await page.waitForSelector('[data-testid="publish-confirm"]', { visible: true });
      await page.click('[data-testid="publish-confirm"]');
      await page.waitForSelector('[data-testid="product-status"][data-status="online"]', {
        timeout: 60_000,
      });
      expect(await page.$eval('[data-testid="product-status"]', (badge) => badge.textContent)).toBe(
        en.status.online,
      );
      expect([...hits.values()].every((count) => count === 1)).toBe(true);
      expect(hits.size).toBeGreaterThan(0);
      const [online] = await server.db
        .select()
        .from(products)
        .where(eq(products.id, claimed?.id ?? ''));
      expect(online?.content?.images.every((image) => image.key !== null)).toBe(true);
    } catch (error) {
      // What the seller saw when it failed.
      await page.screenshot({ path: '.tmp/products-e2e-failed.png' }).catch(() => undefined);
      throw error;
    } finally {
      await page
        .browserContext()
        .close()
        .catch(() => undefined);
    }
  }, 240_000);
});
