import { DEMO_ACCOUNT } from '@server/seed/demo';
import type { Language } from '@shared/contracts/languages';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchWithExtension } from '../support/browser';
import { markFirstVisitSeen, startE2eServer } from '../support/e2e-server';
import { openSignedIn } from '../support/stored-session';

let server: Awaited<ReturnType<typeof startE2eServer>>;
let chrome: ExtensionBrowser;

beforeAll(async () => {
  server = await startE2eServer();
  chrome = await launchWithExtension();
  await markFirstVisitSeen(server.db);
});
afterAll(async () => {
  await chrome?.close();
  await server?.close();
});

/** The demo seller on the dashboard, in a context of its own, at this width and language. */
async function demo(width: number, language: Language) {
  const context = await chrome.browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width, height: 800 });
  await page.setCookie({ name: 'cmp-language', value: language, url: server.origin });
  await openSignedIn(
    page,
    server.origin,
    { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
    '/cmp/cmpDashboard',
  );
  await page.waitForSelector('[data-testid="shell"]', { timeout: 20_000 });
  return { page, close: () => context.close() };
}

async function go(page: Page, path: string, ready: string) {
  await page.goto(`${server.origin}/cmp${path}`);
  await page.waitForSelector(ready, { visible: true, timeout: 20_000 });
}

/**
 * Whether an element's text shows whole: not wider than the element, and, for an input, its value
 * (or else its placeholder) no wider than the box it is typed in.
 */
function fitsWhole(page: Page, selector: string) {
  return page.$eval(selector, (element) => {
    const style = getComputedStyle(element);
    if (element instanceof HTMLInputElement) {
      const context = document.createElement('canvas').getContext('2d');
      if (!context) throw new Error('no canvas');
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = element.value || element.placeholder;
      const room =
        element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text, fits: context.measureText(text).width <= room };
    }
    return {
      text: element.textContent ?? '',
      fits: element.scrollWidth <= element.clientWidth && style.textOverflow !== 'ellipsis',
    };
  });
}

describe('the console’s layout in Chromium', () => {
  it('keeps the shops’ actions in view on the right edge while the wide columns scroll', async () => {
    for (const width of [1366, 1024]) {
      const { page, close } = await demo(width, 'en');
      try {
        await go(page, '/thirdPartyPlatform/authorizeList', '[data-testid="shop-row"]');
        const seen = await page.$$eval('[data-testid="shop-actions"]', (cells) =>
          cells.map((cell) => {
            const button = cell.querySelector('button[aria-label]');
            const box = button?.getBoundingClientRect();
            const hit = box
              ? document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
              : null;
            return {
              sticky: getComputedStyle(cell).position,
              inView: Boolean(box && box.left >= 0 && box.right <= window.innerWidth),
              onTop: Boolean(hit && button?.contains(hit)),
            };
          }),
        );
        expect(seen.length).toBeGreaterThan(0);
        for (const cell of seen)
          expect(cell).toEqual({ sticky: 'sticky', inView: true, onTop: true });
        // Where the table is wider than its room (1024 px), the other columns pass under it.
        if (width === 1024) {
          const scroller = await page.$eval('[data-testid="shops-table"]', (table) => {
            let box = table.parentElement;
            while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
            return box ? { wide: (table as HTMLElement).offsetWidth > box.clientWidth } : null;
          });
          expect(scroller).toEqual({ wide: true });
        }
      } finally {
        await close();
      }
    }
  });

  it('offers to scroll the tabs bar when its tabs run past its edge, and scrolls it', async () => {
    const { page, close } = await demo(1024, 'th');
    try {
      await go(page, '/cmpDashboard', '[data-testid="tags-view"]');
      expect(await page.$('[data-testid="tags-view-scroll-after"]')).toBeNull();
      for (const path of [
        '/account/messageCenter',
        '/account/accountSetting',
        '/account/accountManage',
        '/pay/recharge',
        '/other/couponCenter',
        '/other/historyMoney',
        '/thirdPartyPlatform/authorizeList',
      ])
        await go(page, path, `[data-testid="tags-view-tab"][data-path="${path}"]`);
      // The current tab (the last opened) is brought into view: tabs lie hidden before it.
      await page.waitForSelector('[data-testid="tags-view-scroll-before"]', { visible: true });
      await page.click('[data-testid="tags-view-scroll-before"]');
      await page.waitForSelector('[data-testid="tags-view-scroll-after"]', { visible: true });
      await page.waitForFunction(
        () =>
          (document.querySelector('[data-testid="tags-view"] [role="tablist"]')?.parentElement
            ?.scrollLeft ?? -1) === 0,
      );
      expect(await page.$('[data-testid="tags-view-scroll-before"]')).toBeNull();
      await page.click('[data-testid="tags-view-scroll-after"]');
      await page.waitForSelector('[data-testid="tags-view-scroll-before"]', { visible: true });
    } finally {
      await close();
    }
  });

  it('shows coupon values, the English brand and search, and the date inputs whole', async () => {
    for (const [width, language] of [
      [1366, 'en'],
      [390, 'th'],
      [1366, 'th'],
      [1366, 'zh'],
    ] as const) {
      const { page, close } = await demo(width, language);
      try {
        if (width > 1000) {
          expect(await fitsWhole(page, '[data-testid="sidebar-brand"]')).toMatchObject({
            fits: true,
          });
          expect(await fitsWhole(page, '[data-testid="header-search"]')).toMatchObject({
            fits: true,
          });
        }
        await go(page, '/other/historyMoney', '[data-testid="range-from"]');
        for (const bound of ['from', 'to'])
          expect(await fitsWhole(page, `[data-testid="range-${bound}"]`)).toMatchObject({
            fits: true,
          });
        await go(page, '/other/couponCenter?status=unused', '[data-testid="coupon-card"]');
        const lines = await page.$$eval('[data-testid="coupon-value"]', (values) =>
          values.map((value) => {
            const range = document.createRange();
            range.selectNodeContents(value);
            const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            return { text: value.textContent, lines: tops.size };
          }),
        );
        expect(lines.length).toBeGreaterThan(0);
        for (const line of lines) expect(line, line.text ?? '').toMatchObject({ lines: 1 });
      } finally {
        await close();
      }
    }
  });
});
