import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { coupons, paymentOrders, tradeOrders, users, wallets } from '@server/db/schema/index';
import { parsePromptpay } from '@server/integrations/payments/promptpay';
import { verifyLedger } from '@server/modules/wallet/ledger-verify';
import { DEMO_ACCOUNT } from '@server/seed/demo';
import type { Language } from '@shared/contracts/languages';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchWithExtension } from '../support/browser';
import { markFirstVisitSeen, startE2eServer } from '../support/e2e-server';

/**
 * The seller's money in Chromium (with the extension loaded, as sellers run the console): a
 * PromptPay recharge paid on the sandbox's payer page raises the balance; a pending order paid
 * from the wallet with a coupon lowers it by the price less the discount; the history shows both
 * and exports them as a real .xlsx file. The journal reconciles after each step.
 */
let server: Awaited<ReturnType<typeof startE2eServer>>;
let chrome: ExtensionBrowser;
let page: Page;
let sellerId: string;
const downloads = join(process.cwd(), '.tmp', 'wallet-e2e-downloads');

beforeAll(async () => {
  server = await startE2eServer();
  await markFirstVisitSeen(server.db, DEMO_ACCOUNT.email);
  const [seller] = await server.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNT.email));
  if (!seller) throw new Error('no demo seller');
  sellerId = seller.id;
  chrome = await launchWithExtension();
  page = await chrome.browser.newPage();
  await page.setViewport({ width: 1366, height: 900 });
  await page.goto(`${server.origin}/cmp/login`);
  await page.waitForSelector('input[name="username"]');
  await page.type('input[name="username"]', DEMO_ACCOUNT.email);
  await page.type('input[name="password"]', DEMO_ACCOUNT.password);
  await page.click('button[type="submit"]');
  await page.waitForSelector('[data-testid="shell"]', { timeout: 30_000 });
}, 120_000);
afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && page)
    await page
      .screenshot({ path: `.tmp/wallet-e2e-failed-${context.task.name.slice(0, 12)}.png` })
      .catch(() => undefined);
});
afterAll(async () => {
  await chrome?.close();
  await server?.close();
  await rm(downloads, { recursive: true, force: true });
});

async function consoleIn(language: Language, path: string) {
  await page.setCookie({ name: 'cmp-language', value: language, url: server.origin });
  await page.goto(`${server.origin}/cmp${path}`);
  await page.waitForSelector('[data-testid="shell"]', { timeout: 30_000 });
}

async function thbWallet() {
  const [wallet] = await server.db
    .select()
    .from(wallets)
    .where(and(eq(wallets.ownerId, sellerId), eq(wallets.currency, 'THB')));
  if (!wallet) throw new Error('no THB wallet');
  return wallet;
}

async function expectLedgerReconciled() {
  const verification = await verifyLedger(server, null);
  expect(verification.violations).toEqual([]);
}

describe('the wallet in Chromium', () => {
  it('th: recharges by PromptPay on the sandbox payer page, and the balance rises', async () => {
    const before = await thbWallet();
    await consoleIn('th', '/pay/recharge');
    await page.waitForSelector('[data-testid="recharge-form"]', { timeout: 20_000 });
    await page.click('[data-testid="channel-promptpay"]');
    await page.click('[data-testid="custom-amount"]');
    await page.type('[data-testid="custom-amount"]', '1250.50');
    await page.click('[data-testid="recharge-form"] button[type="submit"]');
    await page.waitForSelector('[data-testid="payment-qr"]', { timeout: 20_000 });
    const payload = await page.$eval('[data-testid="payment-qr"]', (node) =>
      node.getAttribute('data-content'),
    );
    // A real Thai QR: its CRC checks, it asks for the amount in baht, to our biller, naming the order.
    const parsed = parsePromptpay(payload ?? '');
    const [order] = await server.db
      .select()
      .from(paymentOrders)
      .where(and(eq(paymentOrders.ownerId, sellerId), eq(paymentOrders.status, 'unpaid')));
    expect(order).toMatchObject({ channel: 'promptpay', amount: 125050, payAmount: 125050 });
    expect(parsed).toMatchObject({ dynamic: true, amount: 125050, currency: '764' });
    expect(parsed.account).toMatchObject({ type: 'bill', ref1: order?.orderNo });

    // The payer scans it in the sandbox bank and pays.
    const payer = await chrome.browser.newPage();
    await payer.goto(`${server.sandboxOrigin}/pay?lang=th&qr=${encodeURIComponent(payload ?? '')}`);
    await payer.waitForSelector('[data-pay]', { timeout: 20_000 });
    await Promise.all([payer.waitForNavigation(), payer.click('[data-pay]')]);
    await payer.waitForSelector('[data-status="paid"]', { timeout: 20_000 });
    await payer.close();

    // The console follows the order to the result page.
    await page.waitForSelector('[data-testid="pay-result"][data-outcome="success"]', {
      timeout: 30_000,
    });
    expect(page.url()).toContain('/payResult');
    const after = await thbWallet();
    expect(after.available - before.available).toBe(125050);
    expect(after.frozen).toBe(before.frozen);
    await expectLedgerReconciled();
  }, 120_000);

  it('zh: pays a pending order from the wallet with the best coupon', async () => {
    const [trade] = await server.db
      .select()
      .from(tradeOrders)
      .where(and(eq(tradeOrders.ownerId, sellerId), eq(tradeOrders.scope, 'serviceFee')));
    if (!trade) throw new Error('no pending service order');
    expect(trade.status).toBe('pending');
    const before = await thbWallet();
    await consoleIn('zh', `/pay/orderTrading?tradeNo=${trade.tradeNo}`);
    await page.waitForSelector('[data-testid="coupon-choices"]', { timeout: 20_000 });
    await page.click('[data-testid="method-wallet"]');
    await page.click('[data-testid="pay-submit"]');
    await page.waitForSelector('.mantine-Modal-content button[type="submit"]', {
      timeout: 10_000,
    });
    await page.click('.mantine-Modal-content button[type="submit"]');
    await page.waitForSelector('[data-testid="pay-result"][data-outcome="success"]', {
      timeout: 30_000,
    });

    const [paid] = await server.db
      .select()
      .from(tradeOrders)
      .where(eq(tradeOrders.tradeNo, trade.tradeNo));
    expect(paid).toMatchObject({ status: 'paid', paidBy: 'wallet' });
    expect(paid?.discount).toBeGreaterThan(0);
    const [coupon] = await server.db
      .select()
      .from(coupons)
      .where(eq(coupons.id, paid?.couponId ?? '00000000-0000-0000-0000-000000000000'));
    expect(coupon).toMatchObject({ status: 'used', orderRef: `trade:${trade.tradeNo}` });
    const after = await thbWallet();
    expect(before.available - after.available).toBe(trade.amount - (paid?.discount ?? 0));
    await expectLedgerReconciled();
  }, 120_000);

  it('en: shows both in the history and exports it as a workbook', async () => {
    await consoleIn('en', '/other/historyMoney');
    await page.waitForSelector('[data-testid="history-table"] [data-testid="history-row"]', {
      timeout: 20_000,
    });
    const types = await page.$$eval('[data-testid="history-row"]', (rows) =>
      rows.map((row) => row.getAttribute('data-bill-type')),
    );
    expect(types).toContain('recharge');
    expect(types).toContain('deduct');

    await mkdir(downloads, { recursive: true });
    const session = await page.createCDPSession();
    await session.send('Browser.setDownloadBehavior', {
      behavior: 'allow',
      downloadPath: downloads,
    });
    await page.click('[data-testid="history-export"]');
    let file: string | undefined;
    for (let waited = 0; waited < 30_000 && !file; waited += 250) {
      file = (await readdir(downloads)).find((name) => name.endsWith('.xlsx'));
      if (!file) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (!file) throw new Error('no workbook downloaded');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(join(downloads, file))) as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('an empty workbook');
    const total = Number(
      await page.$eval('[data-testid="list-total"]', (node) => node.getAttribute('data-total')),
    );
    // A header row, then one row per entry of the range the page shows.
    expect(sheet.actualRowCount - 1).toBe(total);
    const text = sheet.getSheetValues().flat().join(' ');
    expect(text).toContain('Recharge');
  }, 120_000);
});
