import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { CHROMIUM, E2E } from './e2e-config';

/** Headless Debian Chromium as root on a machine without outside network (toolchain notes). */
const BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The tabs of one site (and profile) share a renderer process, as they do in Chrome once it
  // is short of memory: a new tab starts in a warm process instead of a new one (a third of the
  // processor time of opening the console in a new tab).
  '--process-per-site',
  // The reader asks for less motion: dialogs, menus and drawers open and close at once instead
  // of animating frame by frame (a tenth of the browser's processor time in these tests).
  '--force-prefers-reduced-motion',
];

/** Chromium with a throwaway profile under .tmp/, optionally with an unpacked extension loaded. */
export async function launchChromium(
  options: { extensionDir?: string; language?: string; args?: string[] } = {},
) {
  await mkdir(join(process.cwd(), '.tmp'), { recursive: true });
  const profile = await mkdtemp(join(process.cwd(), '.tmp', 'chromium-'));
  const extension = options.extensionDir
    ? [
        `--disable-extensions-except=${options.extensionDir}`,
        `--load-extension=${options.extensionDir}`,
      ]
    : [];
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir: profile,
    ...(options.extensionDir ? { ignoreDefaultArgs: ['--disable-extensions'] } : {}),
    args: [
      ...BASE_ARGS,
      ...extension,
      `--lang=${options.language ?? 'en-US'}`,
      ...(options.args ?? []),
    ],
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

export interface ExtensionBrowser {
  browser: Browser;
  extensionId: string;
  /** Opens an extension page (popup.html, sidepanel.html) as an ordinary tab. */
  openExtensionPage(path: string): Promise<Page>;
  /** What the extension keeps under `key` in its local storage, read in its service worker. */
  readStorage(key: string): Promise<unknown>;
  close(): Promise<void>;
}

/** Chromium with the e2e build of the extension loaded unpacked. */
export async function launchWithExtension(
  options: { language?: string; args?: string[] } = {},
): Promise<ExtensionBrowser> {
  const { browser, close } = await launchChromium({ ...options, extensionDir: E2E.extensionDir });
  const background = () =>
    browser.waitForTarget(
      (target) => target.type() === 'service_worker' && target.url().endsWith('/background.js'),
      { timeout: 20_000 },
    );
  const worker = await background();
  const extensionId = new URL(worker.url()).host;
  return {
    browser,
    extensionId,
    openExtensionPage: async (path) => {
      const page = await browser.newPage();
      await page.goto(`chrome-extension://${extensionId}/${path}`);
      return page;
    },
    readStorage: async (key) => {
      const running = await (await background()).worker();
      if (!running) throw new Error('the extension has no service worker');
      return running.evaluate(async (name) => {
        const { storage } = (
          globalThis as unknown as {
            chrome: { storage: { local: { get(key: string): Promise<Record<string, unknown>> } } };
          }
        ).chrome;
        return (await storage.local.get(name))[name];
      }, key);
    },
    close,
  };
}

/**
 * Closes the toasts on the page, as a reader does before using what they cover: a toast shows
 * below the header, over the top of the page (a list's tabs among it), and a click there lands
 * on the toast instead.
 */
export async function dismissToasts(page: Page): Promise<void> {
  for (;;) {
    const close = await page.$('.mantine-Notification-root .mantine-Notification-closeButton');
    if (!close) return;
    await close.click();
    await page.waitForFunction((button) => !button.isConnected, { timeout: 5_000 }, close);
  }
}
