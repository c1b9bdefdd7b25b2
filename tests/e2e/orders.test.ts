import {
  orderReturns,
  platformOrders,
  serviceOrders,
  users,
  walletFreezes,
  warehouses,
} from '@server/db/schema/index';
import { DEMO_ACCOUNT } from '@server/seed/demo';
import type { Language } from '@shared/contracts/languages';
import { formatMoney } from '@shared/i18n/format';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchWithExtension } from '../support/browser';
import { markFirstVisitSeen, startE2eServer } from '../support/e2e-server';
import { readLocale } from '../support/locales';
import { openSignedIn } from '../support/stored-session';

/**
 * An order's life in Chromium, as a seller sees it: a buyer places an order on the (sandbox)
 * Lazada shop, which pushes it signed; it is in the list at once, without a sync. The seller opens
 * it, processes it into a service order (shipped from its overseas stock) and sees the frozen estimate; the
 * platform delivers it (pushed again) and the seller registers a return. The console switches from
 * zh to th to en along the way.
 */
let server: Awaited<ReturnType<typeof startE2eServer>>;
let chrome: ExtensionBrowser;
let page: Page;
const PAGE = '/cmp/thirdPartyPlatform/orderManage';
/** The demo seller's Lazada shop on the sandbox (server/seed/shops.ts). */
const LAZADA_SHOP = '1000110001';

beforeAll(async () => {
  server = await startE2eServer();
  await markFirstVisitSeen(server.db, DEMO_ACCOUNT.email);
  // The demo's Bangkok warehouse is full (its story); the seller has opened a second one with room.
  const [seller] = await server.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNT.email));
  if (!seller) throw new Error('no demo seller');
  const now = new Date();
  await server.db.insert(warehouses).values({
    code: 'WH-BKK-E2E',
    ownerId: seller.id,
    site: 'th',
    currency: 'THB',
    volume: 5,
    state: 'normal',
    paidThrough: '2099-12',
    openedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  chrome = await launchWithExtension();
  page = await chrome.browser.newPage();
  await page.setViewport({ width: 1366, height: 900 });
}, 120_000);
afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && page)
    await page.screenshot({ path: '.tmp/orders-e2e-failed.png' }).catch(() => undefined);
});
afterAll(async () => {
  await chrome?.close();
  await server?.close();
});

/** The tester of the sandbox: the platform places or moves an order and pushes it. */
async function tester(path: 'place' | 'move', json: Record<string, string>) {
  const response = await fetch(`${server.sandboxOrigin}/tester/api/orders/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ platform: 'lazada', shopId: LAZADA_SHOP, ...json }),
  });
  const body = (await response.json()) as { ok: boolean; orderId?: string; pushed: number };
  expect(body.ok).toBe(true);
  // The product took the push.
  expect(body.pushed).toBe(200);
  return body;
}

/** Chooses a language in the header's switch: the console reloads in it, at the same address. */
async function switchTo(language: Language) {
  await Promise.all([
    page.waitForNavigation(),
    page.select('[data-testid="language-switch"]', language),
  ]);
  await page.waitForFunction(
    (lang) => document.documentElement.lang === lang,
    { timeout: 30_000 },
    language,
  );
}

/** The page's own heading, in the console's language. */
const heading = (title: string) =>
  page.waitForFunction(
    (wanted) => [...document.querySelectorAll('h2')].some((h) => h.textContent?.trim() === wanted),
    { timeout: 30_000 },
    title,
  );

const text = (selector: string) =>
  page.$eval(selector, (element) => element.textContent?.trim() ?? '');

describe('orders in Chromium', () => {
  it('a pushed order is listed at once; processed with its freeze shown; delivered and returned (zh, th, en)', async () => {
    const zh = readLocale('zh', 'orders');
    const th = readLocale('th', 'orders');
    const en = readLocale('en', 'orders');
    const { orderId: orderNo } = await tester('place', {});
    if (!orderNo) throw new Error('no order placed');
    const [order] = await server.db
      .select({ id: platformOrders.id })
      .from(platformOrders)
      .where(eq(platformOrders.externalId, orderNo));
    if (!order) throw new Error('the push did not land the order');

    // zh: the list, filtered to the order's number, shows it waiting to be processed.
    await page.setCookie({ name: 'cmp-language', value: 'zh', url: server.origin });
    await openSignedIn(
      page,
      server.origin,
      { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
      `${PAGE}?orderNo=${orderNo}`,
    );
    await page.waitForSelector('[data-testid="order-row"]', { timeout: 30_000 });
    expect(await page.$$eval('[data-testid="order-row"]', (rows) => rows.length)).toBe(1);
    expect(await text('[data-testid="order-row"]')).toContain(orderNo);
    await heading(zh.title);

    // Open it: the drawer names it, in zh.
    await page.click('[data-testid="order-open"]');
    await page.waitForSelector(`[data-testid="order-detail-body"][data-order-id="${order.id}"]`);
    expect(await text('[data-testid="order-detail-body"]')).toContain(orderNo);

    // th: process it into a service order.
    await switchTo('th');
    await page.waitForSelector(`[data-testid="order-detail-body"][data-order-id="${order.id}"]`, {
      timeout: 30_000,
    });
    await heading(th.title);
    await page.click('[data-testid="order-detail-process"]');
    // The shop is a local one: its item ships from the overseas warehouse's stock.
    await page.waitForSelector('[data-testid="process-form"]');
    await page.waitForFunction(
      () => {
        const button = document.querySelector<HTMLButtonElement>('[data-testid="process-submit"]');
        const amount = document.querySelector('[data-testid="process-to-freeze"]')?.textContent;
        return button && !button.disabled && amount;
      },
      { timeout: 30_000 },
    );
    const estimate = await text('[data-testid="process-to-freeze"]');
    await page.click('[data-testid="process-submit"]');
    await page.waitForSelector('[data-testid="process-form"]', { hidden: true, timeout: 30_000 });

    // The freeze is there, and the drawer shows it as the wallet froze it.
    const [service] = await server.db
      .select()
      .from(serviceOrders)
      .where(eq(serviceOrders.orderId, order.id));
    expect(service?.status).toBe('pending');
    const [freeze] = await server.db
      .select()
      .from(walletFreezes)
      .where(
        and(
          eq(walletFreezes.referenceType, 'service'),
          eq(walletFreezes.referenceId, service?.serviceNo ?? ''),
        ),
      );
    expect(freeze?.state).toBe('open');
    expect(freeze?.amount).toBe(service?.frozenMinor);
    const frozenText = formatMoney(service?.frozenMinor ?? 0, 'THB', 'th');
    expect(estimate).toBe(formatMoney(service?.estimateMinor ?? 0, 'THB', 'th'));
    await page.goto(`${server.origin}${PAGE}?orderNo=${orderNo}&orderId=${order.id}`);
    await page.waitForSelector('[data-testid="service-frozen"]', { timeout: 30_000 });
    expect(await text('[data-testid="service-frozen"]')).toBe(frozenText);

    // The platform delivers it: pushed, the order moves to shipped without a sync.
    await tester('move', { orderId: orderNo, status: 'delivered' });

    // en: register a return from it.
    await switchTo('en');
    await page.waitForSelector('[data-testid="order-register-return"]', { timeout: 30_000 });
    await heading(en.title);
    await page.click('[data-testid="order-register-return"]');
    await page.waitForSelector('[data-testid="return-form"]');
    await page.click('[data-testid="return-express"]');
    // The first company of the list, chosen with the keyboard.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="return-express"]') as HTMLInputElement | null)
          ?.value !== '',
    );
    await page.type('[data-testid="return-tracking"]', 'TH0123456789');
    await page.click('[data-testid="return-quantity"]', { count: 3 });
    await page.keyboard.press('Backspace');
    await page.type('[data-testid="return-quantity"]', '1');
    await page.click('[data-testid="return-submit"]');
    await page.waitForSelector('[data-testid="return-form"]', { hidden: true, timeout: 30_000 });
    const [registered] = await server.db
      .select()
      .from(orderReturns)
      .where(eq(orderReturns.orderId, order.id));
    expect(registered).toMatchObject({ status: 'toSign', trackingNo: 'TH0123456789' });
  }, 240_000);
});
