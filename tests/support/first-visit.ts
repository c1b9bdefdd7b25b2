import type { Page } from 'puppeteer-core';

/**
 * Closes what a first visit shows over the console (the popup announcement, then the guided
 * tours) the way a person does, with Escape, until nothing more opens for a moment.
 */
export async function passFirstVisit(page: Page, quietMs = 2000): Promise<number> {
  let closed = 0;
  for (let round = 0; round < 4; round += 1) {
    const dialog = await page
      .waitForSelector('[role="dialog"]', { visible: true, timeout: quietMs })
      .catch(() => null);
    if (!dialog) break;
    await page.keyboard.press('Escape');
    await page
      .waitForFunction(() => !document.querySelector('[role="dialog"]'), {
        polling: 100,
        timeout: 5000,
      })
      .catch(() => undefined);
    closed += 1;
  }
  return closed;
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
