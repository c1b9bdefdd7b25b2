import { DEMO_ACCOUNT } from '@server/seed/demo';
import type { Language } from '@shared/contracts/languages';
import type { ElementHandle, Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchWithExtension } from '../support/browser';
import { markFirstVisitSeen, startE2eServer } from '../support/e2e-server';
import { fillWords, readLocale } from '../support/locales';
import { openSignedIn } from '../support/stored-session';

/**
 * From the collection box to an online Shopee product, in Chromium: the seller claims a collected
 * product into the Shopee shop, opens it from the shop products list, the readiness check names a
 * required attribute of its category, the seller fixes it from the line, prices it and sees the
 * profit move, publishes it and sees it online. Each language claims a product of its own.
 */
const CASES: { language: Language; title: string }[] = [
  {
    language: 'en',
    title:
      'Wireless Earbuds Bluetooth 5.3 ENC Noise Cancelling Sport Headphones with Charging Case',
  },
  { language: 'th', title: 'กระเป๋าผ้าแคนวาส Tote Bag ใบใหญ่ มีซิป สไตล์มินิมอล' },
  { language: 'zh', title: 'โคมไฟตั้งโต๊ะ LED ถนอมสายตา ปรับแสงได้ 3 ระดับ ชาร์จ USB' },
];
const SHOPEE_SHOP = 'Bangkok Gadget Hub';

let server: Awaited<ReturnType<typeof startE2eServer>>;
let chrome: ExtensionBrowser;

beforeAll(async () => {
  server = await startE2eServer();
  chrome = await launchWithExtension();
  await markFirstVisitSeen(server.db, DEMO_ACCOUNT.email);
});
// A failed case leaves a picture of the console behind, to see what the seller saw.
let current: Page | null = null;
afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && current)
    await current
      .screenshot({ path: `.tmp/products-e2e-failed-${context.task.name.slice(0, 2)}.png` })
      .catch(() => undefined);
  await current
    ?.browserContext()
    .close()
    .catch(() => undefined);
  current = null;
});
afterAll(async () => {
  await chrome?.close();
  await server?.close();
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
  const saved = page.waitForResponse(
    (response) => response.url().includes('/product/product/save'),
    { timeout: 20_000 },
  );
  await page.click('[data-testid="editor-save"]');
  const response = await saved;
  const body = (await response.json()) as { resp_code: number; resp_msg: string };
  if (body.resp_code !== 0) throw new Error(`save refused: ${body.resp_msg}`);
  await page.waitForResponse((r) => r.url().includes('/product/product/readiness'), {
    timeout: 20_000,
  });
}

describe('claiming, checking, pricing and publishing a Shopee product in Chromium', () => {
  for (const { language, title } of CASES) {
    it(`${language}: claimed into Shopee, its missing attribute named and fixed, priced, published, online`, async () => {
      const words = readLocale(language, 'products');
      const page = await consoleIn(language, '/product/collectorList');
      current = page;

      // Claimed from the collection box into the Shopee shop alone.
      const row = await page.waitForSelector(byTitle('collect-row', title), { timeout: 20_000 });
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

      // Waiting in the Shopee list; opened in its editor.
      await page.goto(
        `${server.origin}/cmp/thirdPartyPlatform/platformProductManage?platform=shopee&status=wait`,
      );
      const listed = await page.waitForSelector(byTitle('product-row', title), { timeout: 20_000 });
      await (await listed?.$('[data-testid="product-title"]'))?.click();
      await page.waitForSelector('[data-testid="product-editor"][data-platform="shopee"]');

      // Without a category the check says to choose one; chosen, it names what the category
      // requires, live.
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
        fillWords(words.readiness.codes.attributeRequired, { name: label.trim() }),
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

      // Priced: the profit follows the price.
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

      // Saved: nothing blocks any more; published, it goes online.
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
        words.status.online,
      );
    }, 150_000);
  }
});
