import { randomUUID } from 'node:crypto';
import {
  messages,
  purchases,
  users,
  walletFreezes,
  wallets,
  warehouseCharges,
  warehouses,
} from '@server/db/schema/index';
import { systemClock } from '@server/lib/clock';
import { createAccount } from '@server/modules/accounts/accounts.service';
import { grantCoupon } from '@server/modules/coupons/coupons.service';
import { addShop } from '@server/modules/shops/shops.service';
import { verifyLedger } from '@server/modules/wallet/ledger-verify';
import { recharge } from '@server/modules/wallet/wallet.service';
import { DEMO_OPERATORS } from '@server/seed/purchases';
import type { Language } from '@shared/contracts/languages';
import { and, asc, eq } from 'drizzle-orm';
import type { Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { markFirstVisitSeen, startE2eServer } from '../support/e2e-server';
import { fillWords, readLocale } from '../support/locales';
import { openSignedIn } from '../support/stored-session';

/**
 * A purchase and its warehouse in Chromium, from a seller with a shop and money but no warehouse:
 * the seller's request is answered "no warehouse" and the store-open dialog opens a Bangkok
 * warehouse of 1 CBM with an opening coupon, the same request then goes through with its estimate
 * frozen (zh); the warehouse is upgraded with its charge shown (zh); our purchaser approves and
 * ships it with the actual costs (th), our storekeeper receives it (en); the seller opens the
 * request from its type-2 message and sees the settlement in the money history (en). Sessions are
 * put in place; the journal reconciles at the end.
 */
let server: Awaited<ReturnType<typeof startE2eServer>>;
let chrome: Awaited<ReturnType<typeof launchChromium>>;
const pages: Page[] = [];
const SELLER = {
  username: `po-e2e-${randomUUID().slice(0, 8)}@example.com`,
  password: 'Seller-pass1',
};
let sellerId = '';
const COUPON_NAMES = {
  open: { zh: '开仓立减', th: 'ส่วนลดเปิดคลัง', en: 'Opening discount' },
  upgrade: { zh: '扩容立减', th: 'ส่วนลดเพิ่มพื้นที่', en: 'Upgrade discount' },
};

beforeAll(async () => {
  server = await startE2eServer();
  const deps = { db: server.db, clock: systemClock };
  const seller = await createAccount(deps, null, {
    email: SELLER.username,
    password: SELLER.password,
    name: 'Somchai Trading',
    role: 'BUYER',
    site: 'th',
  });
  sellerId = seller.id;
  await server.db
    .update(users)
    .set({ businessType: 'crossBorder', onboardedAt: new Date() })
    .where(eq(users.id, seller.id));
  await addShop(
    deps,
    { ownerId: seller.id },
    {
      platform: 'shopee',
      site: 'th',
      externalId: `po-e2e-${seller.id}`,
      name: 'Somchai Shopee',
      shopType: 'crossBorder',
    },
  );
  await recharge(deps, null, {
    ownerId: seller.id,
    currency: 'THB',
    amount: 500_000,
    reference: { type: 'recharge', id: randomUUID() },
    idempotencyKey: randomUUID(),
  });
  const validFrom = new Date(Date.now() - 86_400_000);
  const validTo = new Date(Date.now() + 30 * 86_400_000);
  for (const [kind, scope, maxOffset] of [
    ['open', 'openWarehouse', 1_000],
    ['upgrade', 'upgradeWarehouse', 500],
  ] as const)
    await grantCoupon(deps, null, {
      ownerId: seller.id,
      name: COUPON_NAMES[kind],
      type: 'cash',
      scope,
      currency: 'THB',
      threshold: 0,
      maxOffset,
      percentOff: null,
      validFrom,
      validTo,
    });
  await markFirstVisitSeen(server.db);
  chrome = await launchChromium();
}, 180_000);
afterEach(async (context) => {
  if (context.task.result?.state === 'fail')
    for (const [index, page] of pages.entries())
      await page
        .screenshot({ path: `.tmp/purchases-e2e-failed-${index}.png` })
        .catch(() => undefined);
});
afterAll(async () => {
  await chrome?.close();
  await server?.close();
});

/** A page of its own (cookies and storage apart) signed in as this account, in this language. */
async function signedIn(
  credentials: { username: string; password: string },
  language: Language,
  path: string,
): Promise<Page> {
  const context = await chrome.browser.createBrowserContext();
  const page = await context.newPage();
  pages.push(page);
  await page.setViewport({ width: 1366, height: 900 });
  await page.setCookie({ name: 'cmp-language', value: language, url: server.origin });
  await openSignedIn(page, server.origin, credentials, `/cmp${path}`);
  return page;
}

/** The same page in another language, at this path. */
async function switchTo(page: Page, language: Language, path: string) {
  await page.setCookie({ name: 'cmp-language', value: language, url: server.origin });
  await page.goto(`${server.origin}/cmp${path}`);
}

/** The control a label names (its text without the required mark), inside `scope`. */
async function field(page: Page, scope: string, label: string): Promise<string> {
  await page.waitForSelector(`${scope} label`);
  const id = await page.$$eval(
    `${scope} label`,
    (labels, wanted) =>
      labels.find((node) => (node.textContent ?? '').replace(/\s*\*\s*$/, '').trim() === wanted)
        ?.htmlFor ?? '',
    label,
  );
  if (!id) throw new Error(`no field labelled "${label}" in ${scope}`);
  return `[id="${id}"]`;
}

/** Replaces what a text or number field holds. */
async function fill(page: Page, scope: string, label: string, value: string) {
  const selector = await field(page, scope, label);
  await page.click(selector);
  // Typed over the whole selection: a number field emptied would show 0 again at once.
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyA');
  await page.keyboard.up('Control');
  await page.type(selector, value);
}

/** Picks an option of a select by the start of its text. */
async function choose(page: Page, scope: string, label: string, option: string) {
  await page.click(await field(page, scope, label));
  // The options may still be loading (coupons are read when the dialog opens).
  const choice = await page.waitForSelector(`[role="option"]::-p-text(${JSON.stringify(option)})`, {
    visible: true,
  });
  await choice?.click();
}

/** Waits until the request's status badge says this. */
async function statusShown(page: Page, words: string) {
  await page.waitForSelector(
    `[data-testid="purchase-detail"] .mantine-Badge-root::-p-text(${JSON.stringify(words)})`,
    { timeout: 20_000 },
  );
}

describe('a purchase and its warehouse in Chromium', () => {
  it('opens a warehouse when the request finds none, freezes the estimate, is audited, shipped and received by operators, and settles in the wallet', async () => {
    // zh: the seller's request, answered "no warehouse": the store-open dialog opens 1 CBM.
    const zh = readLocale('zh', 'purchases');
    const seller = await signedIn(
      SELLER,
      'zh',
      '/purchaseAndWarehouse/purchaseManageDetail?type=2',
    );
    const form = '[data-testid="purchase-create"]';
    await seller.waitForSelector(form, { timeout: 30_000 });
    await choose(seller, form, zh.fields.shop, 'Somchai Shopee');
    await fill(seller, form, zh.fields.sku, 'MUG-01');
    await fill(seller, form, zh.fields.link, 'https://detail.1688.com/offer/1.html');
    await fill(seller, form, zh.fields.estimatedPrice, '20');
    await fill(seller, form, zh.fields.quantity, '10');
    await fill(seller, form, zh.fields.domesticFreight, '50');
    await fill(seller, form, zh.fields.internationalFreight, '80');
    await fill(seller, form, zh.fields.serviceFee, '20');
    for (const [key, value] of [
      ['consigneeName', 'Somchai'],
      ['mobile', '+66 81 234 5678'],
      ['province', 'Bangkok'],
      ['area', 'Bang Na'],
      ['postalCode', '10260'],
      ['detail', '99 Bangna-Trad Rd'],
    ] as const)
      await fill(seller, form, zh.fields[key], value);
    // Items 200.00 and fees 150.00.
    await seller.waitForSelector('[data-testid="purchase-estimate"]::-p-text("350.00")');
    await seller.click('[data-testid="purchase-submit"]');
    const dialog = '[data-testid="store-open-dialog"]';
    await seller.waitForSelector(`${dialog} [data-testid="store-open-quote"]`, { timeout: 20_000 });
    await choose(seller, dialog, zh.fields.coupon, COUPON_NAMES.open.zh);
    await seller.click(`${dialog} [data-testid="store-open-pay"]`);
    await seller.waitForSelector(dialog, { hidden: true, timeout: 20_000 });
    const [opened] = await server.db
      .select()
      .from(warehouses)
      .where(and(eq(warehouses.ownerId, sellerId), eq(warehouses.state, 'normal')));
    expect(opened).toMatchObject({ code: 'WH-BKK', volume: 1, currency: 'THB' });
    // The form kept everything: the same request goes through now, on the new warehouse.
    expect(seller.url()).toContain('purchaseManageDetail');
    const warehouseField = await field(seller, form, zh.fields.warehouse);
    await seller.waitForFunction(
      (selector) =>
        (document.querySelector(selector) as HTMLInputElement | null)?.value === 'WH-BKK',
      { timeout: 20_000 },
      warehouseField,
    );
    await seller.click('[data-testid="purchase-submit"]');
    await seller.waitForSelector('[data-testid="purchase-detail"]', { timeout: 20_000 });
    const purchaseNo = new URL(seller.url()).searchParams.get('purchaseNo') ?? '';
    expect(purchaseNo).toMatch(/^PO\d{10}$/);
    await statusShown(seller, zh.status.waitAudit);
    const [submitted] = await server.db
      .select()
      .from(purchases)
      .where(eq(purchases.purchaseNo, purchaseNo));
    expect(submitted).toMatchObject({
      status: 'waitAudit',
      warehouseId: opened?.id,
      estimatedTotal: 35_000,
      frozen: 35_000,
    });

    // zh: the warehouse page upgrades it to 2 CBM with an upgrade coupon and shows the charge.
    await switchTo(seller, 'zh', '/purchaseAndWarehouse/warehouseManage');
    const card = '[data-testid="warehouse-WH-BKK"]';
    await seller.waitForSelector(card, { timeout: 20_000 });
    await seller.click(`${card} button::-p-text(${zh.warehouse.actions.upgrade})`);
    const upgrade = '[data-testid="warehouse-upgrade-dialog"]';
    await seller.waitForSelector(`${upgrade} [data-testid="warehouse-upgrade-quote"]`, {
      timeout: 20_000,
    });
    await choose(seller, upgrade, zh.fields.coupon, COUPON_NAMES.upgrade.zh);
    await seller.click(`${upgrade} [data-testid="warehouse-upgrade-submit"]`);
    await seller.waitForSelector(
      `${card} [data-testid="warehouse-charges"] ::-p-text(${zh.warehouse.kinds.upgrade})`,
      { timeout: 20_000 },
    );
    const charges = await server.db
      .select()
      .from(warehouseCharges)
      .where(eq(warehouseCharges.warehouseId, opened?.id ?? ''))
      .orderBy(asc(warehouseCharges.createdAt));
    expect(charges.map((charge) => [charge.kind, charge.volume, charge.discount])).toEqual([
      ['open', 1, 1_000],
      ['upgrade', 1, 500],
    ]);
    const [upgraded] = await server.db
      .select({ volume: warehouses.volume })
      .from(warehouses)
      .where(eq(warehouses.id, opened?.id ?? ''));
    expect(upgraded?.volume).toBe(2);

    // th: our purchaser approves, then records the actual costs (international freight 60.00).
    const th = readLocale('th', 'purchases');
    const purchaser = await signedIn(
      { username: DEMO_OPERATORS.purchaser.email, password: DEMO_OPERATORS.purchaser.password },
      'th',
      `/purchaseAndWarehouse/purchaseManageDetail?purchaseNo=${purchaseNo}`,
    );
    await statusShown(purchaser, th.status.waitAudit);
    await purchaser.click(`button::-p-text(${th.actions.approve})`);
    const ship = '[data-testid="purchase-ship-form"]';
    await purchaser.waitForSelector(ship, { timeout: 20_000 });
    await fill(purchaser, ship, th.fields.internationalFreight, '60');
    await fill(purchaser, ship, th.fields.tracking, 'SF1234567890');
    await purchaser.click(`${ship} button::-p-text(${th.actions.ship})`);
    await statusShown(purchaser, th.status.shipping);

    // en: our storekeeper receives it: 330.00 is deducted, the other 20.00 released.
    const en = readLocale('en', 'purchases');
    const storekeeper = await signedIn(
      { username: DEMO_OPERATORS.storekeeper.email, password: DEMO_OPERATORS.storekeeper.password },
      'en',
      `/purchaseAndWarehouse/purchaseManageDetail?purchaseNo=${purchaseNo}`,
    );
    await statusShown(storekeeper, en.status.shipping);
    await storekeeper.click(`button::-p-text(${en.actions.receive})`);
    await statusShown(storekeeper, en.status.complete);

    // en: the seller's type-2 message opens the request; the money history shows the settlement.
    await switchTo(seller, 'en', '/account/messageCenter');
    const settledTitle = fillWords(readLocale('en', 'notifications').titles.purchaseCompleted, {
      purchaseNo,
    });
    const line = `[data-testid="message-line"][data-type="2"] ::-p-text(${JSON.stringify(settledTitle)})`;
    await seller.waitForSelector(line, { timeout: 20_000 });
    await seller.click(line);
    await seller.waitForFunction(
      (no) => location.pathname.endsWith('/purchaseManageDetail') && location.search.includes(no),
      { timeout: 20_000 },
      purchaseNo,
    );
    await statusShown(seller, en.status.complete);
    await switchTo(seller, 'en', '/other/historyMoney');
    await seller.waitForSelector('[data-testid="history-row"]', { timeout: 20_000 });
    const rows = await seller.$$eval('[data-testid="history-row"]', (lines) =>
      lines.map((line) => ({
        type: line.getAttribute('data-bill-type'),
        reference: line.querySelector('[data-testid="history-reference"]')?.textContent ?? '',
        change: line.querySelector('[data-testid="history-change"]')?.textContent ?? '',
      })),
    );
    const settled = rows.filter((row) => row.reference === purchaseNo);
    expect(settled.map((row) => row.type)).toContain('deduct');
    expect(settled.find((row) => row.type === 'deduct')?.change).toContain('330.00');

    const [wallet] = await server.db
      .select()
      .from(wallets)
      .where(and(eq(wallets.ownerId, sellerId), eq(wallets.currency, 'THB')));
    const warehouseSpent = charges.reduce(
      (sum, charge) => sum + charge.amount - charge.discount,
      0,
    );
    expect(wallet).toMatchObject({ frozen: 0, available: 500_000 - warehouseSpent - 33_000 });
    const open = await server.db
      .select()
      .from(walletFreezes)
      .where(and(eq(walletFreezes.ownerId, sellerId), eq(walletFreezes.state, 'open')));
    expect(open).toEqual([]);
    const told = await server.db.select().from(messages).where(eq(messages.userId, sellerId));
    expect(told.map((message) => message.titleKey)).toEqual(
      expect.arrayContaining(['warehouseOpened', 'warehouseUpgraded', 'purchaseCompleted']),
    );
    expect((await verifyLedger(server, null)).violations).toEqual([]);
  }, 300_000);
});
