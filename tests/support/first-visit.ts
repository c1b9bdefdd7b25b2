import { createApiClient } from '@shared/api/client';
import { API_CLIENTS } from '@shared/contracts/protocol';
import type { Page } from 'puppeteer-core';

/**
 * How many dialogs a first visit will open over this signed-in dashboard, as its account's server
 * state says: the popup announcements it has not seen (one dialog with a pager), then the console
 * tour and after it the dashboard tour, those it has neither finished nor skipped, each where the
 * page shows what it points at (the sidebar's main menus, the dashboard's cards).
 */
async function firstVisitDialogs(page: Page): Promise<number> {
  await page.waitForSelector('[data-guide-page="dashboard"]');
  const origin = new URL(page.url()).origin;
  const token = (await page.browserContext().cookies()).find(
    (cookie) => cookie.name === 'access_token',
  )?.value;
  if (!token) return 0;
  const language = (await page.evaluate(() => document.documentElement.lang)) as 'zh' | 'th' | 'en';
  const api = createApiClient({
    baseUrl: origin,
    client: API_CLIENTS.console,
    getToken: () => decodeURIComponent(token),
    getLocale: () => ({ site: 'th', language }),
  });
  const [user, popups] = await Promise.all([api.users.userInfo(), api.notices.popups()]);
  // A tour leaves out what is not on screen, and does not start with nothing to show (the
  // console's own test of a target, in guided-tour.tsx).
  const targets = await page.evaluate(() => {
    const present = (name: string) => {
      const element = document.querySelector(`[data-tour="${name}"]`);
      if (!element || element.closest('[hidden], [aria-hidden="true"]')) return false;
      if (window.getComputedStyle(element).display === 'none') return false;
      const rect = element.getBoundingClientRect();
      return (rect.width === 0 && rect.height === 0) || (rect.right > 0 && rect.left < innerWidth);
    };
    return {
      main: ['Product', 'Order', 'PurchaseAndWarehouse', 'AuthorizeList'].some(present),
      dashboard: ['todo', 'chart', 'wallet', 'notices', 'service'].some((card) =>
        present(`dashboard-${card}`),
      ),
    };
  });
  // The dashboard's tour waits for the console's: where that one has nothing to show, neither runs.
  const dashboardTour = user.showDashboardGuideFlag && targets.dashboard ? 1 : 0;
  const tours = user.showGuideFlag ? (targets.main ? 1 + dashboardTour : 0) : dashboardTour;
  return (popups.length > 0 ? 1 : 0) + tours;
}

/**
 * Closes what a first visit shows over the console (the popup announcement, then the guided
 * tours) the way a person does, with Escape: as many dialogs as the account has waiting, each
 * waited for, then nothing more opens.
 */
export async function passFirstVisit(page: Page): Promise<number> {
  const expected = await firstVisitDialogs(page);
  for (let closed = 0; closed < expected; closed += 1) {
    // The next one may open the moment the last one has gone: each is waited for by itself.
    const dialog = await page.waitForFunction(
      () =>
        [...document.querySelectorAll('[role="dialog"]')].find((element) => {
          const box = element.getBoundingClientRect();
          return (
            box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden'
          );
        }),
      { polling: 100, timeout: 20_000 },
    );
    await page.keyboard.press('Escape');
    await page.waitForFunction(
      (element) => !(element as Element).isConnected,
      {
        polling: 100,
        timeout: 10_000,
      },
      dialog,
    );
  }
  return expected;
}

/** Opens a page from the sidebar, unfolding its group first when it is folded. */
export async function openMenu(page: Page, path: string): Promise<void> {
  const selector = `[data-testid="sidebar-menu"] [data-menu="${path}"]`;
  const link = await page.$(selector);
  if (!link || !(await link.isVisible())) {
    const group = `/${path.split('/').filter(Boolean)[0] ?? ''}`;
    await (
      await page.waitForSelector(`[data-testid="sidebar-menu"] [data-menu="${group}"]`, {
        visible: true,
      })
    )?.click();
  }
  const target = await page.waitForSelector(selector, { visible: true });
  // The group may still be unfolding: click the element itself, wherever it is now.
  await target?.evaluate((element) => (element as HTMLElement).click());
  await page.waitForFunction(
    (expected) => location.pathname === expected,
    { polling: 100, timeout: 15_000 },
    `/cmp${path}`,
  );
}
