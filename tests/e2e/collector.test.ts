import { collectedProducts, products, shops } from '@server/db/schema/index';
import { DEMO_ACCOUNT } from '@server/seed/demo';
import type { Language } from '@shared/contracts/languages';
import type { SourceSite } from '@shared/contracts/product-draft';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dismissToasts, type ExtensionBrowser, launchWithExtension } from '../support/browser';
import {
  clickInClosedShadow,
  closedShadowText,
  waitForClosedShadowText,
} from '../support/closed-shadow';
import { markFirstVisitSeen, startE2eServer } from '../support/e2e-server';
import { readLocale } from '../support/locales';
import { type SitePage, sitePage, startSourceSitesServer } from '../support/source-sites';

/**
 * From a supplier page to a claimed product, in Chromium with the built extension: each source
 * site's saved page is served at its own address (the browser maps the sites' hosts to a local
 * server), the seller presses Collect on the page, finds the product in the console's collection
 * box and claims it into a demo shop. The languages rotate over the sites.
 */
const CASES: { language: Language; site: SourceSite; file: string; shop: string }[] = [
  {
    language: 'en',
    site: '1688',
    file: '1688-2026-context-983002962097-fullpage.html',
    shop: 'Siam Home Living',
  },
  {
    language: 'zh',
    site: 'aliexpress',
    file: 'ae-2021-magnetic-cable-rawpage.html',
    shop: 'Bangkok Gadget Hub',
  },
  {
    language: 'th',
    site: 'shopee',
    file: 'shopee-vn-2026-getpc-sandals-pricerange.json',
    shop: 'Chao Phraya Beauty',
  },
  {
    language: 'zh',
    site: 'lazada',
    file: 'daraz-np-2024-capri-fullpage.html',
    shop: 'Siam Home Living',
  },
  {
    language: 'th',
    site: 'pinduoduo',
    file: 'pdd-2026-flowerpot-tray-dom-excerpt.html',
    shop: 'Bangkok Gadget Hub',
  },
];
const CAPTCHA = { site: '1688', file: 'constructed-punish-captcha.html' } as const;
/** The side panel's case: a page no other case collects, claimed into a shop of its own. */
const PANEL = {
  site: '1688',
  file: 'constructed-context-two-axes-kg.html',
  shop: 'Chao Phraya Beauty',
} as const;

let server: Awaited<ReturnType<typeof startE2eServer>>;
let sites: Awaited<ReturnType<typeof startSourceSitesServer>>;
let chrome: ExtensionBrowser;
let consolePage: Page;
const pages = new Map<string, SitePage>();

const key = (site: string, file: string) => `${site}/${file}`;

beforeAll(async () => {
  for (const { site, file } of [...CASES, CAPTCHA, PANEL])
    pages.set(key(site, file), await sitePage(site, file));
  server = await startE2eServer();
  sites = await startSourceSitesServer([...pages.values()]);
  await markFirstVisitSeen(server.db, DEMO_ACCOUNT.email);
  chrome = await launchWithExtension({ args: [`--host-resolver-rules=${sites.hostRules}`] });
  // Extensions run in the browser's own profile, not in separate contexts: sign in there.
  consolePage = await chrome.browser.newPage();
  await consolePage.setViewport({ width: 1366, height: 900 });
  await consolePage.goto(`${server.origin}/cmp/login`);
  await consolePage.waitForSelector('input[name="username"]');
  await consolePage.type('input[name="username"]', DEMO_ACCOUNT.email);
  await consolePage.type('input[name="password"]', DEMO_ACCOUNT.password);
  await consolePage.click('button[type="submit"]');
  await consolePage.waitForSelector('[data-testid="shell"]', { timeout: 30_000 });
}, 120_000);
// A failed case leaves a picture of the console behind, to see what the seller saw.
afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && consolePage)
    await consolePage
      .screenshot({ path: `.tmp/collector-e2e-failed-${context.task.name.slice(0, 12)}.png` })
      .catch(() => undefined);
});
afterAll(async () => {
  await chrome?.close();
  await sites?.close();
  await server?.close();
});

/** The console in a language; the console tells the extension, whose buttons then speak it too. */
async function consoleIn(language: Language, path: string) {
  await consolePage.setCookie({ name: 'cmp-language', value: language, url: server.origin });
  await consolePage.goto(`${server.origin}/cmp${path}`);
  await consolePage.waitForSelector('[data-testid="shell"]', { timeout: 30_000 });
  // The console tells the extension its language through the page's bridge: the collector's
  // words on source pages follow once the background has stored it.
  for (const deadline = Date.now() + 20_000; ; ) {
    if ((await chrome.readStorage('language')) === language) break;
    if (Date.now() > deadline)
      throw new Error(`the extension never heard the language ${language}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A source page in a tab of its own, with the collector's row in its idle state. */
async function openSourcePage(page: SitePage): Promise<Page> {
  const tab = await chrome.browser.newPage();
  await tab.setViewport({ width: 1280, height: 860 });
  await tab.goto(page.url, { waitUntil: 'domcontentloaded' });
  await tab.waitForSelector('cmp-collector[data-cmp-collector][data-mode="product"]', {
    timeout: 20_000,
  });
  return tab;
}

/** A text of the collector's row, in its closed shadow root. */
const shadowText = async (tab: Page, selector: string) =>
  (await closedShadowText(tab, 'cmp-collector', selector)) ?? '';

async function collectOn(tab: Page): Promise<'collected' | 'failed'> {
  // The seller's own click: the row acts on no other.
  await clickInClosedShadow(tab, 'cmp-collector', '[data-action="collect"]');
  await tab.waitForSelector(
    'cmp-collector[data-state="collected"], cmp-collector[data-state="failed"]',
    {
      timeout: 30_000,
    },
  );
  return (await tab.$eval('cmp-collector', (host) => host.getAttribute('data-state'))) as
    | 'collected'
    | 'failed';
}

/** In the claim dialog: exactly this shop chosen (the seller's default shops come pre-selected). */
async function chooseOnly(shop: string) {
  await consolePage.waitForSelector(
    '[data-testid="claim-form"] [data-testid="shop-picker-option"]',
    {
      timeout: 20_000,
    },
  );
  await consolePage.$$eval(
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
    shop,
  );
}

describe('collecting in Chromium with the extension loaded', () => {
  for (const { language, site, file, shop } of CASES) {
    it(`${language}: ${site}: Collect on the page, the product in the box, claimed into ${shop}`, async () => {
      const page = pages.get(key(site, file));
      if (!page) throw new Error('no page');
      const expected = page.expectation.draft as { itemId: string; title: string };
      const words = readLocale(language, 'extension').collect as {
        collect: string;
        collected: string;
      };

      await consoleIn(language, '/product/collectorList');
      const tab = await openSourcePage(page);
      // The page itself cannot reach the row: its shadow root is closed.
      expect(
        await tab.$eval('cmp-collector', (host) => (host as HTMLElement).shadowRoot === null),
      ).toBe(true);
      await waitForClosedShadowText(tab, 'cmp-collector', '[data-action="collect"]', (text) =>
        text.includes(words.collect),
      );
      const outcome = await collectOn(tab);
      if (outcome !== 'collected') throw new Error(await shadowText(tab, '[data-role="message"]'));
      expect(await shadowText(tab, '[data-role="message"]')).toBe(words.collected);
      const collectedId = await tab.$eval('cmp-collector', (host) =>
        host.getAttribute('data-collected-id'),
      );

      // What the server keeps is what the page holds.
      const [row] = await server.db
        .select()
        .from(collectedProducts)
        .where(
          and(eq(collectedProducts.site, site), eq(collectedProducts.itemId, expected.itemId)),
        );
      expect(row?.id).toBe(collectedId);
      expect(row?.title).toBe(expected.title);
      await tab.close();

      // The collection box shows it; the seller claims it into a demo shop.
      await consolePage.bringToFront();
      await consolePage.reload();
      const rowHandle = await consolePage.waitForSelector(
        `xpath///tr[@data-testid="collect-row"][.//*[@data-testid="collect-title" and normalize-space()=${JSON.stringify(expected.title.trim())}]]`,
        { timeout: 60_000 },
      );
      if (!rowHandle) throw new Error('no row');
      await (await rowHandle.$('input[type="checkbox"]'))?.click();
      await consolePage.click('[data-testid="collect-claim"]');
      await chooseOnly(shop);
      await consolePage.click('[data-testid="claim-form"] button[type="submit"]');
      await consolePage.waitForSelector('[data-testid="claim-form"]', {
        hidden: true,
        timeout: 20_000,
      });

      const [target] = await server.db
        .select({ id: shops.id })
        .from(shops)
        .where(eq(shops.name, shop));
      const claimed = await server.db
        .select({ status: products.status, title: products.title })
        .from(products)
        .where(
          and(
            eq(products.sourceSite, site),
            eq(products.sourceItemId, expected.itemId),
            eq(products.shopId, target?.id ?? ''),
          ),
        );
      expect(claimed).toEqual([{ status: 'wait', title: expected.title }]);

      // It left the Unclaimed tab for the Claimed one, with its shop (the claim's toasts, over
      // the tabs, closed first).
      await consolePage.waitForSelector('.mantine-Notification-root', { timeout: 20_000 });
      await dismissToasts(consolePage);
      await consolePage.click('[data-testid="collect-tab-claimed"]');
      const claimedRow = await consolePage.waitForSelector(
        `xpath///tr[@data-testid="collect-row"][.//*[@data-testid="collect-title" and normalize-space()=${JSON.stringify(expected.title.trim())}]]`,
        { timeout: 60_000 },
      );
      expect(await claimedRow?.evaluate((node) => node.textContent)).toContain(shop);
    }, 120_000);
  }

  it('zh: a captcha page says so, with its hint, and collects nothing', async () => {
    const page = pages.get(key(CAPTCHA.site, CAPTCHA.file));
    if (!page) throw new Error('no page');
    await consoleIn('zh', '/product/collectorList');
    const failures = readLocale('zh', 'collector').failures as Record<
      string,
      { message: string; hint: string }
    >;
    const before = await server.db.select({ id: collectedProducts.id }).from(collectedProducts);
    const tab = await openSourcePage(page);
    expect(await collectOn(tab)).toBe('failed');
    expect(await shadowText(tab, '[data-role="message"]')).toBe(failures.captcha?.message);
    expect(await shadowText(tab, '[data-role="hint"]')).toBe(failures.captcha?.hint);
    const after = await server.db.select({ id: collectedProducts.id }).from(collectedProducts);
    expect(after.length).toBe(before.length);
    await tab.close();
  }, 60_000);

  it('en: the side panel collects the draft it shows, with the seller’s title, and claims it through the background', async () => {
    const page = pages.get(key(PANEL.site, PANEL.file));
    if (!page) throw new Error('no page');
    const expected = page.expectation.draft as { itemId: string; title: string };
    await consoleIn('en', '/product/collectorList');
    const tab = await openSourcePage(page);

    // The panel for that tab, as the popup opens it where there is no side panel.
    const panel = await chrome.openExtensionPage('sidepanel.html');
    const tabId = await panel.evaluate(async (url) => {
      // The page's own browser APIs (the test's `chrome` is the launched browser).
      const { tabs } = (
        globalThis as unknown as {
          chrome: { tabs: { query(query: object): Promise<{ id?: number; url?: string }[]> } };
        }
      ).chrome;
      return (await tabs.query({})).find((each) => each.url === url)?.id;
    }, tab.url());
    if (tabId === undefined) throw new Error('the source page has no tab');
    await panel.goto(`chrome-extension://${chrome.extensionId}/sidepanel.html?tab=${tabId}`);
    await panel.waitForSelector('[data-testid="panel-draft"]', { timeout: 30_000 });

    // The seller names the product, and claims it into one shop.
    const title = `${expected.title} (panel)`;
    await panel.focus('[data-testid="edit-title"]');
    await panel.keyboard.down('Control');
    await panel.keyboard.press('KeyA');
    await panel.keyboard.up('Control');
    await panel.keyboard.type(title);
    const [target] = await server.db
      .select({ id: shops.id })
      .from(shops)
      .where(eq(shops.name, PANEL.shop));
    if (!target) throw new Error(`no shop ${PANEL.shop}`);
    await panel.waitForSelector('[data-testid="panel-shop"]', { timeout: 20_000 });
    await panel.$$eval(
      '[data-testid="panel-shop"]',
      (inputs, wanted) => {
        for (const input of inputs as HTMLInputElement[]) {
          if (!input.disabled && (input.dataset.shopId === wanted) !== input.checked) input.click();
        }
      },
      target.id,
    );
    await panel.click('[data-testid="collect-and-claim"]');
    const done = await panel.waitForSelector(
      '[data-testid="collect-success"], [data-testid="claim-failed"], [data-testid="claim-conflict"], [data-testid="collect-failure"], [data-testid="collect-no-answer"]',
      { timeout: 30_000 },
    );
    expect(await done?.evaluate((node) => node.getAttribute('data-testid'))).toBe(
      'collect-success',
    );
    expect(await panel.$eval('[data-testid="claim-shops"]', (node) => node.textContent)).toContain(
      PANEL.shop,
    );

    // The box keeps what the panel showed, the seller's title with it; the shop has it waiting.
    const [row] = await server.db
      .select({ title: collectedProducts.title })
      .from(collectedProducts)
      .where(
        and(eq(collectedProducts.site, PANEL.site), eq(collectedProducts.itemId, expected.itemId)),
      );
    expect(row?.title).toBe(title);
    const claimed = await server.db
      .select({ status: products.status, title: products.title })
      .from(products)
      .where(
        and(
          eq(products.sourceSite, PANEL.site),
          eq(products.sourceItemId, expected.itemId),
          eq(products.shopId, target.id),
        ),
      );
    expect(claimed).toEqual([{ status: 'wait', title }]);
    await panel.close();
    await tab.close();
  }, 120_000);

  it('en: the side panel page framed by anything but the collector’s in-page panel refuses to work', async () => {
    const words = readLocale('en', 'extension').collect as { panelRefused: string };
    // Framed by a page that is no source site's over https (here another extension page), with
    // the in-page panel's address but without the nonce the collector would have given it.
    const host = await chrome.openExtensionPage('popup.html');
    await host.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.src = src;
      document.body.append(frame);
    }, `chrome-extension://${chrome.extensionId}/sidepanel.html?tab=1&inpage=1`);
    const framed = await host.waitForFrame((frame) => frame.url().includes('/sidepanel.html'), {
      timeout: 20_000,
    });
    const note = await framed.waitForSelector('[data-testid="panel-refused"]', {
      timeout: 20_000,
    });
    expect(await note?.evaluate((node) => node.textContent)).toBe(words.panelRefused);
    // Nothing of the seller's is shown there, and nothing to press.
    expect(await framed.$('[data-layout]')).toBeNull();
    expect(await framed.$$eval('button, input', (nodes) => nodes.length)).toBe(0);
    await host.close();
  }, 60_000);
});
