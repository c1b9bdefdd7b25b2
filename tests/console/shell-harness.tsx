import { DEMO_ACCOUNT } from '@server/seed/demo';
import { BOOT_CONFIG_ELEMENT_ID } from '@shared/contracts/boot';
import { screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { renderSignedIn } from '../support/console';
import { readLocale } from '../support/locales';
import type { renderPages } from '../support/page-harness';

export const common = readLocale('en', 'common');
export const layout = readLocale('en', 'layout');

/** The main site as the server would configure it (server/config.ts mainSiteLinks). */
export const MAIN_SITE = {
  home: 'https://main.example.com/',
  search: 'https://main.example.com/buyForMe/search?keyword={keyword}',
  cart: 'https://main.example.com/cart',
  help: 'https://main.example.com/helpCenter',
};

export let t: TestApp;
let current: { close(): Promise<void> } | undefined;
let harness: Awaited<ReturnType<typeof renderPages>> | undefined;

/** A page harness the test opened, unmounted after it. */
export function keepHarness(opened: Awaited<ReturnType<typeof renderPages>>) {
  harness = opened;
  return opened;
}

/** The shell tests' app (the demo seller) and what each test leaves behind, put away. */
export function registerShellTests() {
  beforeAll(async () => {
    t = await createTestApp({ from: 'demo' });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await current?.close();
    current = undefined;
    harness?.view.unmount();
    harness = undefined;
    document.getElementById(BOOT_CONFIG_ELEMENT_ID)?.remove();
    vi.restoreAllMocks();
  });
}

/** The boot settings the server writes into index.html, with or without a main site. */
export function boot(mainSite: typeof MAIN_SITE | null) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = BOOT_CONFIG_ELEMENT_ID;
  element.textContent = JSON.stringify({ thirdParty: [], mainSite });
  document.head.append(element);
}

/** The console at `path`, signed in as the demo seller; answers the sidebar's menu. */
export async function openAsDemo(path = '/cmp/cmpDashboard') {
  await current?.close();
  current = await renderSignedIn(
    path,
    { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
    { app: t },
  );
  return screen.findByTestId('sidebar-menu');
}

/** Closes the console opened last (as leaving the page would). */
export async function closeConsole() {
  await current?.close();
  current = undefined;
}
