/**
 * `npm run screenshots`: every screen so far (sign-in, code sign-in, registration with its slider,
 * password reset, onboarding, policies, dashboard with its first-visit announcement and tour, the
 * shell (messages, search, settings panel, sidebar), shops, the collection box with its dialogs and
 * a collected product, account settings, user management, 401)
 * and the extension's popup and side panel, in zh, th and en, at desktop and phone width,
 * photographed in headless Chromium with the extension loaded. Files go to .tmp/screenshots/.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { openDatabase } from '../../server/db/client';
import { systemClock } from '../../server/lib/clock';
import { createAccount } from '../../server/modules/accounts/accounts.service';
import { DEMO_ACCOUNT } from '../../server/seed/demo';
import { LANGUAGES } from '../../shared/contracts/languages';
import { API_CLIENTS, basicClientAuth, HEADERS } from '../../shared/contracts/protocol';
import { launchWithExtension } from '../support/browser';
import { startE2eServer } from '../support/e2e-server';
import setup from '../support/e2e-setup';
import { catalogueShots } from './catalogue-console-shots';
import { filesShots } from './files-shots';
import { mendsShots } from './mends-shots';
import { ordersRowsShots } from './orders-rows-shots';
import { purchaseLinksShots } from './purchases-links-shots';
import { servicesShots } from './services-shots';
import { svclinkShots } from './svclink-shots';

const OUT = join(process.cwd(), '.tmp', 'screenshots');
const SIZES = {
  desktop: { width: 1366, height: 768 },
  phone: { width: 390, height: 844 },
} as const;

async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  await new Promise((resolve) => setTimeout(resolve, 500));
}

/** A group of shots that may fail without stopping the others (the failure is printed). */
async function optional(name: string, run: () => Promise<void>) {
  try {
    await run();
  } catch (error) {
    console.error(`screenshots: ${name} stopped: ${String(error)}`);
  }
}

/**
 * `SCREENSHOTS_ONLY=collector` photographs the collection box alone (after signing in);
 * `SCREENSHOTS_ONLY=wallet` the wallet, payments and coupons; `SCREENSHOTS_ONLY=purchases` the
 * purchases and warehouses; `SCREENSHOTS_ONLY=orders` the orders and returns pages;
 * `SCREENSHOTS_ONLY=products` the shop products' lists and editors; `SCREENSHOTS_ONLY=layout` what
 * depends most on the language's length and format: the shell with many tabs open, shops, the
 * wallet's date inputs and calendar, coupons, dates of the sync and sub-account forms, the API
 * reference and the sign-in form (files named `layout-*`).
 */
const only = process.env.SCREENSHOTS_ONLY;

async function main() {
  await mkdir(OUT, { recursive: true });
  // SCREENSHOTS_SKIP_BUILD=1 photographs the builds already in .output (after a first run).
  if (!process.env.SCREENSHOTS_SKIP_BUILD) setup();
  // A fresh embedded database in memory, migrated as the server does on start.
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const server = await startE2eServer({ database });
  const chrome = await launchWithExtension();
  const { browser } = chrome;

  // Data worth looking at: sub-accounts of the demo seller (one disabled, one with an end date).
  const call = async (path: string, json: unknown, token?: string) => {
    const response = await server.app.request(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [HEADERS.authorization]: basicClientAuth(API_CLIENTS.console),
        ...(token ? { [HEADERS.token]: token } : {}),
      },
      body: JSON.stringify(json),
    });
    return (await response.json()) as { datas: Record<string, unknown> };
  };
  const demo = await call('/api-uaa/oauth/loginByPassword', {
    username: DEMO_ACCOUNT.email,
    password: DEMO_ACCOUNT.password,
  });
  const token = String(demo.datas.access_token);
  const shops = await server.app.request('/api-user/shop/list', {
    headers: {
      [HEADERS.authorization]: basicClientAuth(API_CLIENTS.console),
      [HEADERS.token]: token,
    },
  });
  const shopIds = ((await shops.json()) as { datas: { id: string }[] }).datas.map(
    (shop) => shop.id,
  );
  for (const [index, name] of ['Nok Warehouse', 'Lin Customer Care', 'Ploy Listing'].entries()) {
    const created = await call(
      '/api-user/subAccount/create',
      {
        accountType: 'email',
        email: `staff${index}@example.com`,
        name,
        password: 'Staff-pass1',
        confirmPassword: 'Staff-pass1',
        validUntil: index === 2 ? '2027-06-30' : null,
        shopIds: shopIds.slice(0, index + 1),
      },
      token,
    );
    if (index === 1)
      await call(
        '/api-user/subAccount/status',
        { id: created.datas.id, status: 'forbidden' },
        token,
      );
  }

  try {
    for (const language of LANGUAGES) {
      for (const [size, viewport] of Object.entries(SIZES)) {
        const newcomer = `newcomer.${language}.${size}@example.com`;
        await createAccount({ db: server.db, clock: systemClock }, null, {
          email: newcomer,
          password: 'Newcomer-pass1',
          name: 'Newcomer',
          role: 'BUYER',
          site: 'th',
        });
        // The default context, where the extension runs: its popup follows the console's language.
        const page = await browser.newPage();
        await page.setViewport({ ...viewport, deviceScaleFactor: 1 });
        await page.setCookie({ name: 'cmp-language', value: language, url: server.origin });
        const shot = async (name: string) => {
          await settle(page);
          await page.screenshot({ path: join(OUT, `${name}-${language}-${size}.png`) });
        };
        const go = async (path: string, ready: string) => {
          await page.goto(`${server.origin}/cmp${path}`, { waitUntil: 'networkidle0' });
          await page.waitForSelector(ready, { visible: true });
        };
        const signIn = async (username: string, password: string) => {
          await go('/login', 'input[name="username"]');
          await page.type('input[name="username"]', username);
          await page.type('input[name="password"]', password);
          await page.click('button[type="submit"]');
        };
        const signOut = async () => {
          await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
          await page.click('[data-testid="user-menu"]');
          await (await page.waitForSelector('[data-testid="logout"]', { visible: true }))?.click();
          await page.waitForSelector('input[name="username"]');
        };

        if (!only) {
          await go('/login', 'input[name="username"]');
          await shot('login');
          await page.type('input[name="password"]', 'x');
          await page.click('button[type="submit"]');
          await page.waitForSelector('.mantine-InputWrapper-error');
          await shot('login-invalid');
          await page.click('[role="tab"]:nth-child(2)');
          await page.waitForSelector('[data-testid="send-code"]');
          await shot('login-code');

          await go('/register', '[data-testid="register-form"]');
          await shot('register');
          await page.click('[data-testid="register-form"] button[type="submit"]');
          await page.waitForSelector('.mantine-InputWrapper-error');
          await shot('register-invalid');
          await page.type('input[name="email"]', `visitor.${language}.${size}@example.com`);
          await page.click('[data-testid="send-code"]');
          await page.waitForSelector('[data-testid="slider-captcha"][data-status="ready"]');
          await shot('slider');

          await go('/resetPws', '[data-testid="reset-form"]');
          await shot('reset');
          await go('/servicePolicy', 'nav');
          await shot('policy');

          await signIn(newcomer, 'Newcomer-pass1');
          await page.waitForSelector(
            '[data-testid="onboarding-form"] [data-testid="onboarding-site"]',
          );
          await shot('onboarding');
          await page.click('[data-testid="onboarding-form"] button[type="submit"]');
          await page.waitForSelector('[data-testid="dashboard-greeting"]');
          await optional('newcomer', async () => {
            for (let step = 0; step < 3; step += 1) {
              const dialog = await page
                .waitForSelector('[role="dialog"]', { visible: true, timeout: 3000 })
                .catch(() => null);
              if (!dialog) break;
              await shot(`newcomer-${step}`);
              await page.keyboard.press('Escape');
              await new Promise((resolve) => setTimeout(resolve, 600));
            }
          });
          await signOut();
        }

        await signIn(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
        await page.waitForSelector('[data-testid="dashboard-greeting"]');
        // Once per account: the popup announcement, then the guided tour.
        const dialogs = async (name: string) => {
          for (let step = 0; step < 3; step += 1) {
            const dialog = await page
              .waitForSelector('[role="dialog"]', { visible: true, timeout: 3000 })
              .catch(() => null);
            if (!dialog) break;
            await shot(`${name}-${step}`);
            await page.keyboard.press('Escape');
            await new Promise((resolve) => setTimeout(resolve, 600));
          }
        };
        await dialogs('first-visit');
        await shot('dashboard');
        const shotsContext = {
          page,
          browser,
          db: server.db,
          origin: server.origin,
          language,
          viewport,
          go,
          shot: async (name: string, on = page) => {
            await settle(on);
            await on.screenshot({ path: join(OUT, `${name}-${language}-${size}.png`) });
          },
        };
        if (only === 'services') {
          await optional('services', () => servicesShots(shotsContext));
          await signOut();
          await page.close();
          continue;
        }
        if (only === 'orders-rows') {
          await ordersRowsShots({ ...shotsContext, size });
          await signOut();
          await page.close();
          continue;
        }
        if (only === 'svclink') {
          await svclinkShots(shotsContext);
          await signOut();
          await page.close();
          continue;
        }
        if (only === 'mends') {
          await mendsShots({ ...shotsContext, size });
          await signOut();
          await page.close();
          continue;
        }
        if (only === 'files') {
          const request = (path: string, init: RequestInit) => server.app.request(path, init);
          await filesShots({ db: server.db, page, request, token, go, shot });
          await signOut();
          await page.close();
          continue;
        }
        if (only === 'purchase-links') {
          await purchaseLinksShots({ db: server.db, page, go, shot });
          await signOut();
          await page.close();
          continue;
        }
        if (only === 'catalogue') {
          await catalogueShots({ db: server.db, page, go, shot });
          await signOut();
          await page.close();
          continue;
        }
        if (!only || only === 'orders') {
          await optional('orders', async () => {
            // Orders: every tab counted, the pending tab, an order's details with its service
            // order, the processing dialog, a manual order's form; returns in each tab.
            await go('/thirdPartyPlatform/orderManage', '[data-testid="order-row"]');
            await shot('orders-list');
            await go('/thirdPartyPlatform/orderManage?tab=waitDeal', '[data-testid="order-row"]');
            await shot('orders-pending');
            await page.click('[data-testid="order-row"] [data-testid="order-open"]');
            await page.waitForSelector('[data-testid="order-detail-body"]', { visible: true });
            await shot('orders-detail');
            await page.keyboard.press('Escape');
            const process = await page.$('[data-testid="order-process"]');
            if (process) {
              await process.click();
              await page.waitForSelector(
                '[data-testid="process-form"], [data-testid="process-blocked"]',
                { visible: true },
              );
              await shot('orders-process');
              await page.keyboard.press('Escape');
            }
            await page.click('[data-testid="orders-create"]');
            await page.waitForSelector('[data-testid="manual-order-form"]', { visible: true });
            await shot('orders-manual');
            await page.keyboard.press('Escape');
            for (const status of ['toSign', 'pending', 'completed', 'cancelled']) {
              await go(
                `/thirdPartyPlatform/returnManage?status=${status}`,
                '[data-testid="return-row"]',
              );
              await shot(`returns-${status}`);
            }
          });
        }
        if (only === 'orders') {
          await page.bringToFront();
          await signOut();
          await page.close();
          continue;
        }
        if (only === 'layout') {
          await optional('layout', async () => {
            page.on('pageerror', (error) => console.error(`screenshots: page error ${error}`));
            // Many pages open: the tabs bar runs past its edge and offers to scroll.
            for (const path of [
              '/account/messageCenter',
              '/account/accountSetting',
              '/account/accountManage',
              '/pay/recharge',
              '/other/couponCenter',
              '/other/historyMoney',
              '/thirdPartyPlatform/authorizeList',
            ])
              await go(path, '[data-testid="shell"]');
            await page.waitForSelector('[data-testid="shop-row"]', { visible: true });
            await shot('layout-shops');
            await page.$eval('[data-testid="tags-view"] [role="tablist"]', (list) =>
              list.parentElement?.scrollBy({ left: 10_000 }),
            );
            await shot('layout-tabs-scrolled');
            if (size === 'desktop') {
              await page.click('[data-testid="shops-sync"]');
              await page.waitForSelector('[data-testid="sync-form"]', { visible: true });
              await page.$eval('[data-testid="sync-form"] input[value="custom"]', (input) =>
                (input as HTMLInputElement).click(),
              );
              await page.click('[data-testid="sync-form"] [data-dates-input]');
              await page.waitForSelector('[data-dates-dropdown]', { visible: true });
              await shot('layout-shops-sync');
              await page.keyboard.press('Escape');
              await page.keyboard.press('Escape');
            }
            await go('/other/historyMoney', '[data-testid="range-from"]');
            await shot('layout-wallet-history');
            await page.click('[data-testid="range-from"]');
            await page.waitForSelector('[data-dates-dropdown]', { visible: true });
            await shot('layout-wallet-calendar');
            await page.keyboard.press('Escape');
            await go('/other/couponCenter?status=unused', '[data-testid="coupon-card"]');
            await shot('layout-coupons');
            await go('/account/accountManage', '[data-testid="member-create"]');
            await page.click('[data-testid="member-create"]');
            await page.waitForSelector('[data-testid="member-create-form"]', { visible: true });
            await page.$eval('[data-testid="member-create-form"] [data-dates-input]', (input) =>
              input.scrollIntoView({ block: 'center' }),
            );
            await page.click('[data-testid="member-create-form"] [data-dates-input]');
            await page.waitForSelector('[data-dates-dropdown]', { visible: true });
            await shot('layout-members-date');
            await page.keyboard.press('Escape');
            await page.keyboard.press('Escape');
            await go('/documentation/index', '[data-testid="endpoint"]');
            await shot('layout-documentation');
          });
          await page.screenshot({ path: join(OUT, `layout-last-${language}-${size}.png`) });
          await go('/cmpDashboard', '[data-testid="shell"]');
          await page.bringToFront();
          await signOut();
          await go('/login', 'input[name="username"]');
          await shot('layout-login');
          await page.close();
          continue;
        }
        if (!only || only === 'products')
          await optional('products', async () => {
            // The shop products: each marketplace's list, the bulk question, the editors in full.
            const fullPage = async (name: string) => {
              await settle(page);
              const height = await page.evaluate(() => document.documentElement.scrollHeight);
              await page.setViewport({ ...viewport, height, deviceScaleFactor: 1 });
              await shot(name);
              await page.setViewport({ ...viewport, deviceScaleFactor: 1 });
            };
            const list = '/thirdPartyPlatform/platformProductManage';
            await go(`${list}?platform=shopee&status=wait`, '[data-testid="product-row"]');
            await shot('products-list-shopee');
            await page.click('[data-testid="product-row"] input[type="checkbox"]');
            await page.click('[data-testid="products-bulk-publish"]');
            await page.waitForSelector('[data-testid="products-bulk-confirm"]', { visible: true });
            await shot('products-bulk-publish');
            await page.keyboard.press('Escape');
            await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
            await page.click('[data-testid="product-title"]');
            await page.waitForSelector(
              '[data-testid="readiness-line"], [data-testid="readiness-ready"]',
              { visible: true },
            );
            await fullPage('products-editor-shopee');
            for (const [platform, query] of [
              ['lazada', '?status=online'],
              ['tiktok', '?platform=tiktok&status=online'],
            ] as const) {
              await go(`${list}${query}`, '[data-testid="products-table"], h2');
              await shot(`products-list-${platform}`);
              if (await page.$('[data-testid="product-title"]')) {
                await page.click('[data-testid="product-title"]');
                await page.waitForSelector('[data-testid="product-editor"]', { visible: true });
                await fullPage(`products-editor-${platform}`);
              }
            }
          });
        if (only === 'products') {
          await page.bringToFront();
          await signOut();
          await page.close();
          continue;
        }
        if (only !== 'wallet')
          await optional('collector', async () => {
            // The demo seller's collection box (seeded with products from several sites).
            await go('/product/collectorList', '[data-testid="collect-row"]');
            await shot('collector-list');
            await page.click('[data-testid="collect-row"] input[type="checkbox"]');
            await page.click('[data-testid="collect-claim"]');
            await page.waitForSelector(
              '[data-testid="claim-form"] [data-testid="shop-picker-option"]',
              {
                visible: true,
              },
            );
            await shot('collector-claim');
            await page.keyboard.press('Escape');
            await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
            await page.click('[data-testid="collect-by-url"]');
            await page.waitForSelector('[data-testid="collect-url-form"] textarea', {
              visible: true,
            });
            await page.type(
              '[data-testid="collect-url-form"] textarea',
              'https://detail.1688.com/offer/745512380921.html\nhttps://shop.example.com/item/1',
            );
            await page.click('[data-testid="collect-url-form"] button[type="submit"]');
            await page.waitForSelector('[data-testid="collect-url-errors"]', { visible: true });
            await shot('collector-by-url');
            await page.keyboard.press('Escape');
            await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
            await page.click('[data-testid="collect-download"]');
            await page.waitForSelector('[data-testid="plugin-download"]', { visible: true });
            await shot('collector-download');
            await page.keyboard.press('Escape');
            await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
            await page.click('[data-testid="collect-settings"]');
            await page.waitForSelector('[data-testid="plugin-settings-form"]', { visible: true });
            await shot('collector-settings');
            await page.keyboard.press('Escape');
            await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
            await go(
              '/product/collectorList?status=claimed',
              '[data-testid="collect-table"], [data-testid="collect-empty"], h2',
            );
            await shot('collector-claimed');
            await go('/product/collectorList', '[data-testid="collect-row"]');
            await page.click('[data-testid="collect-title"]');
            await page.waitForSelector('[data-testid="collect-edit-form"]', { visible: true });
            await settle(page);
            // The whole page at once, in a window as tall as it (so the save bar sits at its end).
            const height = await page.evaluate(() => document.documentElement.scrollHeight);
            await page.setViewport({ ...viewport, height, deviceScaleFactor: 1 });
            await shot('collector-details');
            await page.setViewport({ ...viewport, deviceScaleFactor: 1 });
            await page.click('[data-testid="snapshot-toggle"]');
            await page.waitForSelector('[data-testid="snapshot-raw"]', { visible: true });
            await page.$eval('[data-testid="snapshot-raw"]', (element) => element.scrollIntoView());
            await shot('collector-snapshot');
          });
        if (!only || only === 'purchases')
          await optional('purchases', async () => {
            // Purchases and warehouses of the demo: the list, a returned request, one waiting for
            // audit, the create form, the warehouses with stock and forecast, the store-open dialog.
            await go(
              '/purchaseAndWarehouse/purchaseManage',
              '[data-testid="purchase-table"] tbody tr',
            );
            await shot('purchases-list');
            await go(
              '/purchaseAndWarehouse/purchaseManageDetail?purchaseNo=PO2026110003',
              '[data-testid="purchase-detail"]',
            );
            await shot('purchases-detail');
            await go(
              '/purchaseAndWarehouse/purchaseManage?tab=complete',
              '[data-testid="purchase-table"] tbody tr',
            );
            await page.click('[data-testid="purchase-table"] tbody tr a');
            await page.waitForSelector('[data-testid="purchase-detail"]', { visible: true });
            await shot('purchases-detail-complete');
            await go(
              '/purchaseAndWarehouse/purchaseManageDetail?type=2',
              '[data-testid="purchase-create"]',
            );
            await shot('purchases-create');
            await go(
              '/purchaseAndWarehouse/warehouseManage?site=th',
              '[data-testid="warehouse-inventory"]',
            );
            await shot('warehouses-th');
            await page.click('[data-testid="warehouse-WH-BKK"] [data-testid="warehouse-upgrade"]');
            await page.waitForSelector('[data-testid="warehouse-upgrade-quote"]', {
              visible: true,
            });
            await shot('warehouses-upgrade');
            await page.keyboard.press('Escape');
            await page.waitForSelector('[data-testid="warehouse-upgrade-dialog"]', {
              hidden: true,
            });
            await go('/purchaseAndWarehouse/warehouseManage', '[data-testid="warehouse-WH-KUL"]');
            await shot('warehouses-all');
            await page.click('[data-testid="warehouse-open"]');
            await page.waitForSelector('[data-testid="store-open-quote"]', { visible: true });
            await shot('warehouses-store-open');
            await page.keyboard.press('Escape');
          });
        if (only === 'purchases') {
          await page.bringToFront();
          await signOut();
          await page.close();
          continue;
        }
        await optional('wallet', async () => {
          // The demo wallet: balance dropdown, recharge with its QR code, the sandbox payer,
          // the pay result, an order paid with a coupon, the history and the coupon centre.
          if (size === 'desktop') {
            await (
              await page.waitForSelector('[data-testid="balance-menu"]', { visible: true })
            )?.click();
            await page.waitForSelector('[data-testid="balance-history"]', { visible: true });
            await shot('wallet-balance-menu');
            await page.keyboard.press('Escape');
          }
          await go('/pay/recharge', '[data-testid="recharge-form"]');
          await page.click('[data-testid="channel-alipay"]');
          await page.click('[data-testid="custom-amount"]');
          await page.type('[data-testid="custom-amount"]', '1200');
          await new Promise((resolve) => setTimeout(resolve, 800));
          await shot('wallet-recharge');
          await page.click('[data-testid="recharge-form"] button[type="submit"]');
          await page.waitForSelector('[data-testid="payment-qr"]', { visible: true });
          await shot('wallet-recharge-qr');
          const qr = await page.$eval('[data-testid="payment-qr"]', (node) =>
            node.getAttribute('data-content'),
          );
          if (size === 'desktop') {
            const payer = await browser.newPage();
            await payer.setViewport({ width: 900, height: 760 });
            await payer.goto(
              `${server.sandboxOrigin}/pay?lang=${language}&qr=${encodeURIComponent(qr ?? '')}`,
            );
            await payer.waitForSelector('[data-pay]');
            await settle(payer);
            await payer.screenshot({ path: join(OUT, `wallet-sandbox-payer-${language}.png`) });
            await Promise.all([payer.waitForNavigation(), payer.click('[data-pay]')]);
            await payer.close();
            await page.bringToFront();
            await page.waitForSelector('[data-testid="pay-result"][data-outcome="success"]', {
              visible: true,
              timeout: 30_000,
            });
            await shot('wallet-pay-result');
          }
          await go('/pay/orderTrading', '[data-testid="pending-trades"]');
          await shot('wallet-order-list');
          await page.click('[data-testid="trade-row"] a, [data-testid="trade-row"] button');
          await page.waitForSelector('[data-testid="coupon-choices"]', { visible: true });
          await shot('wallet-order-trading');
          await go('/other/addMoney?amount=425000&currency=THB', '[data-testid="shortfall-note"]');
          await shot('wallet-add-money');
          await go('/other/historyMoney', '[data-testid="history-row"]');
          await shot('wallet-history');
          await page.click('[data-testid="tab-freezes"]');
          await page.waitForSelector('[data-testid="freeze-row"]', { visible: true });
          await shot('wallet-freezes');
          for (const tab of ['unused', 'used', 'expired', 'freezing']) {
            await go(`/other/couponCenter?status=${tab}`, '[data-testid="shell"]');
            await shot(`wallet-coupons-${tab}`);
          }
        });
        if (only === 'wallet') {
          await page.bringToFront();
          await signOut();
          await page.close();
          continue;
        }
        if (only === 'collector') {
          await page.bringToFront();
          await signOut();
          await page.close();
          continue;
        }
        await optional('shell', async () => {
          await (
            await page.waitForSelector('[data-testid="message-bell"]:not([data-loading])', {
              visible: true,
            })
          )?.click();
          await page.waitForSelector(
            '[data-testid="message-dropdown"] [data-testid="message-line"]',
            {
              visible: true,
            },
          );
          await shot('messages-bell');
          await page.keyboard.press('Escape');
          await go('/account/messageCenter', '[data-testid="message-line"]');
          await shot('message-center');
          await go('/account/messageSubscribe', '[data-testid="subscription-table"]');
          await shot('message-subscribe');
          await page.keyboard.down('Control');
          await page.keyboard.press('k');
          await page.keyboard.up('Control');
          await page.waitForSelector('.mantine-Spotlight-content, [role="dialog"]', {
            visible: true,
          });
          await page.keyboard.type(language === 'zh' ? 'dd' : language === 'th' ? 'ร้าน' : 'shop');
          await new Promise((resolve) => setTimeout(resolve, 800));
          await shot('spotlight');
          await page.keyboard.press('Escape');
          await page.waitForFunction(() => !document.querySelector('.mantine-Spotlight-content'));
          if (size === 'desktop') {
            for (const part of ['customer-service', 'download-app']) {
              await (
                await page.waitForSelector(`[data-testid="${part}-button"]`, { visible: true })
              )?.click();
              await page.waitForSelector(`[data-testid="${part}-popover"] img`, { visible: true });
              await shot(part);
              await page.keyboard.press('Escape');
            }
            await page.click('[data-testid="settings-open"]');
            await page.waitForSelector('.mantine-Drawer-content', { visible: true });
            await shot('settings-panel');
            await page.keyboard.press('Escape');
            await page.click('[data-testid="sidebar-toggle"]');
            await shot('sidebar-collapsed');
            await page.click('[data-testid="sidebar-toggle"]');
          } else {
            await page.click('[data-testid="sidebar-toggle"]');
            await page.waitForSelector('[data-testid="sidebar-tools"]', { visible: true });
            await shot('sidebar-mobile');
            await page.click('[data-testid="sidebar-toggle"]');
          }
          await go('/documentation/index', 'h1, h2');
          await shot('documentation');
        });
        await go('/thirdPartyPlatform/authorizeList', '[data-testid="shop-row"]');
        await shot('shops');
        await page.click('[data-testid="shops-authorize"]');
        await page.waitForSelector('[data-testid="authorize-platform-lazada"]', { visible: true });
        await page.click('[data-testid="authorize-platform-lazada"]');
        for (const site of ['th', 'my'])
          await page.$eval(`[data-testid="authorize-form"] input[value="${site}"]`, (input) =>
            (input as HTMLInputElement).click(),
          );
        await page.waitForSelector('[data-testid="lazada-multi-site-note"]', { visible: true });
        await shot('shops-authorize');
        await page.keyboard.press('Escape');
        await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
        if (size === 'desktop') {
          await page.click('[data-testid="shops-guide"]');
          await page.waitForSelector('[data-testid="authorize-guide"]', { visible: true });
          await shot('shops-guide');
          await page.keyboard.press('Escape');
          await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
          await page.click('[data-testid="shops-sync"]');
          await page.waitForSelector('[data-testid="sync-form"]', { visible: true });
          await shot('shops-sync');
          await page.keyboard.press('Escape');
          await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
          // The platform's consent page, and the result pages after it.
          await page.goto(
            `${server.sandboxOrigin}/tiktok/services/open/authorize?service_id=7000101&state=preview`,
          );
          await page.waitForSelector('button[data-seller]');
          await shot('shops-consent-tiktok');
          await go(
            '/authorize/authorizeResult?success=false&platform=lazada&reason=lazadaMultiSite&count=0',
            '[data-testid="authorize-result"]',
          );
          await shot('shops-result-failed');
          await go(
            '/authorize/authorizeResult?success=true&platform=shopee&shops=%5B%22Bangkok%20Gadget%20Hub%22%5D&count=1',
            '[data-testid="authorize-result"]',
          );
          await shot('shops-result-success');
        }
        await go('/account/accountSetting', '[data-testid="wechat-card"]');
        await shot('settings');
        await go('/account/accountManage', '[data-testid="member-create"]');
        await shot('members');
        await page.click('[data-testid="member-create"]');
        await page.waitForSelector('[data-testid="member-create-form"]', { visible: true });
        await shot('members-create');
        await page.keyboard.press('Escape');
        await go('/401', 'a[href="/cmp/cmpDashboard"]');
        await shot('forbidden');
        await go('/cmpDashboard', '[data-testid="dashboard-greeting"]');

        if (size === 'desktop') {
          for (const view of ['popup', 'sidepanel']) {
            const panel = await chrome.openExtensionPage(`${view}.html`);
            await panel.setViewport(
              view === 'popup' ? { width: 360, height: 480 } : { width: 400, height: 720 },
            );
            await panel.waitForSelector('input[name="username"], [data-testid="extension-user"]');
            await settle(panel);
            await panel.screenshot({ path: join(OUT, `${view}-${language}.png`) });
            await panel.close();
          }
        }
        await page.bringToFront();
        await signOut();
        await page.close();
      }
    }
  } finally {
    await chrome.close();
    await server.close();
  }
  process.stdout.write(`screenshots in ${OUT}\n`);
}

await main();
