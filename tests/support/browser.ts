import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { CHROMIUM, E2E_EXTENSION_DIR } from './e2e-config';

export interface ExtensionBrowser {
  browser: Browser;
  extensionId: string;
  /** Opens an extension page (popup.html, sidepanel.html) as an ordinary tab. */
  openExtensionPage(path: string): Promise<Page>;
  close(): Promise<void>;
}

/** Debian Chromium, headless, with the e2e build of the extension loaded unpacked. */
export async function launchWithExtension(
  options: { language?: string } = {},
): Promise<ExtensionBrowser> {
  await mkdir(join(process.cwd(), '.tmp'), { recursive: true });
  const profile = await mkdtemp(join(process.cwd(), '.tmp', 'chromium-'));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir: profile,
    ignoreDefaultArgs: ['--disable-extensions'],
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-extensions-except=${E2E_EXTENSION_DIR}`,
      `--load-extension=${E2E_EXTENSION_DIR}`,
      `--lang=${options.language ?? 'en-US'}`,
    ],
  });
  const worker = await browser.waitForTarget(
    (target) => target.type() === 'service_worker' && target.url().endsWith('/background.js'),
    { timeout: 20_000 },
  );
  const extensionId = new URL(worker.url()).host;
  return {
    browser,
    extensionId,
    openExtensionPage: async (path) => {
      const page = await browser.newPage();
      await page.goto(`chrome-extension://${extensionId}/${path}`);
      return page;
    },
    close: async () => {
      await browser.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
