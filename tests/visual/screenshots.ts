/**
 * `npm run screenshots`: the login page, the dashboard, the popup and the side panel in zh, th
 * and en, at desktop and phone width, photographed in headless Chromium with the extension
 * loaded. Files go to .tmp/screenshots/.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { DEMO_ACCOUNT } from '../../server/db/seed';
import { LANGUAGES } from '../../shared/contracts/languages';
import { launchWithExtension } from '../support/browser';
import { E2E_PORT } from '../support/e2e-config';
import setup from '../support/e2e-setup';
import { startServerProcess } from '../support/server-process';

const OUT = join(process.cwd(), '.tmp', 'screenshots');
const SIZES = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  await new Promise((resolve) => setTimeout(resolve, 400));
}

async function main() {
  await mkdir(OUT, { recursive: true });
  setup();
  const server = await startServerProcess(E2E_PORT);
  const chrome = await launchWithExtension();
  const { browser, extensionId } = chrome;
  try {
    for (const language of LANGUAGES) {
      for (const [size, viewport] of Object.entries(SIZES)) {
        const page = await browser.newPage();
        await page.setViewport({ ...viewport, deviceScaleFactor: 1 });
        await page.setCookie({ name: 'cmp-language', value: language, url: server.origin });
        await page.goto(`${server.origin}/cmp/login`, { waitUntil: 'networkidle0' });
        await settle(page);
        await page.screenshot({ path: join(OUT, `login-${language}-${size}.png`) });
        await page.type('input[name="password"]', 'x');
        await page.click('button[type="submit"]');
        await page.waitForSelector('[data-testid="validation"], .mantine-InputWrapper-error', {
          timeout: 5000,
        });
        await settle(page);
        await page.screenshot({ path: join(OUT, `login-invalid-${language}-${size}.png`) });
        await page.type('input[name="username"]', DEMO_ACCOUNT.email);
        await page.click('input[name="password"]', { count: 3 });
        await page.type('input[name="password"]', DEMO_ACCOUNT.password);
        await page.click('button[type="submit"]');
        await page.waitForSelector('[data-testid="dashboard-greeting"]');
        await settle(page);
        await page.screenshot({ path: join(OUT, `dashboard-${language}-${size}.png`) });
        if (size === 'desktop') {
          for (const view of ['popup', 'sidepanel']) {
            const panel = await browser.newPage();
            await panel.setViewport(
              view === 'popup' ? { width: 360, height: 420 } : { width: 400, height: 720 },
            );
            await panel.goto(`chrome-extension://${extensionId}/${view}.html`);
            await panel.waitForSelector('[data-testid="extension-user"]');
            await settle(panel);
            await panel.screenshot({ path: join(OUT, `${view}-${language}.png`) });
            await panel.close();
          }
        }
        await page.bringToFront();
        await page.click('[data-testid="user-menu"]');
        await (await page.waitForSelector('[data-testid="logout"]', { visible: true }))?.click();
        await page.waitForSelector('input[name="username"]');
        await page.close();
      }
    }
  } finally {
    await chrome.close();
    await server.stop();
  }
  process.stdout.write(`screenshots in ${OUT}\n`);
}

await main();
