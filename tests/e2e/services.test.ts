import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serviceOrders, users } from '@server/db/schema/index';
import { systemClock } from '@server/lib/clock';
import { encodePng } from '@server/lib/png';
import { grantCoupon } from '@server/modules/coupons/coupons.service';
import { verifyLedger } from '@server/modules/wallet/ledger-verify';
import { DEMO_ACCOUNT } from '@server/seed/demo';
import { DEMO_SERVICE_OPERATOR } from '@server/seed/services';
import type { Language } from '@shared/contracts/languages';
import { eq } from 'drizzle-orm';
import type { Page } from 'puppeteer-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { markFirstVisitSeen, startE2eServer } from '../support/e2e-server';
import { httpSessionCall, openSignedIn } from '../support/stored-session';

/**
 * A market service from purchase to settlement in Chromium, in three languages along the way: the
 * seller buys bubble wrap with a coupon (zh) and sees what was frozen; the service operator moves
 * it through its steps with a photo and settles it (th); the seller follows the message to the
 * drawer with the steps' times and the photo, then finds the settled amount in the wallet history
 * (en).
 */
let server: Awaited<ReturnType<typeof startE2eServer>>;
let chrome: Awaited<ReturnType<typeof launchChromium>>;
let failed: Page | undefined;
const files = join(process.cwd(), '.tmp', 'services-e2e');

beforeAll(async () => {
  server = await startE2eServer();
  await markFirstVisitSeen(server.db);
  // The operator's first sign-in asks for a site and business type, as every account's does.
  const call = httpSessionCall(server.origin);
  const login = await call('POST', '/api-uaa/oauth/loginByPassword', {
    json: { username: DEMO_SERVICE_OPERATOR.email, password: DEMO_SERVICE_OPERATOR.password },
  });
  await call('POST', '/api-user/user/onboarding', {
    token: login.body.datas.access_token,
    json: { site: 'th', businessType: 'crossBorder' },
  });
  chrome = await launchChromium();
  await mkdir(files, { recursive: true });
}, 120_000);
afterEach(async (context) => {
  if (context.task.result?.state === 'fail' && failed)
    await failed.screenshot({ path: '.tmp/services-e2e-failed.png' }).catch(() => undefined);
});
afterAll(async () => {
  await chrome?.close();
  await server?.close();
  await rm(files, { recursive: true, force: true });
});

/** A page of its own (cookies, storage) signed in as `who`, in `language`, at `path`. */
async function signedIn(
  who: { email: string; password: string },
  language: Language,
  path: string,
): Promise<Page> {
  const context = await chrome.browser.createBrowserContext();
  const page = await context.newPage();
  failed = page;
  await page.setViewport({ width: 1366, height: 900 });
  await page.setCookie({ name: 'cmp-language', value: language, url: server.origin });
  await openSignedIn(page, server.origin, { username: who.email, password: who.password }, path);
  await page.waitForSelector('[data-testid="shell"]', { timeout: 30_000 });
  return page;
}

const visible = { visible: true, timeout: 20_000 } as const;

describe('a market service in Chromium', () => {
  it('zh buy with a coupon, th operator steps with a photo and settlement, en message, drawer and wallet history', async () => {
    const [seller] = await server.db
      .select()
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNT.email));
    if (!seller) throw new Error('no demo seller');
    const now = Date.now();
    const coupon = await grantCoupon({ db: server.db, clock: systemClock }, null, {
      ownerId: seller.id,
      name: { zh: '气泡膜立减券', th: 'คูปองบับเบิ้ล', en: 'Bubble wrap coupon' },
      type: 'cash',
      scope: 'consumablesFee',
      currency: 'THB',
      threshold: 0,
      maxOffset: 500,
      percentOff: null,
      validFrom: new Date(now - 86_400_000),
      validTo: new Date(now + 30 * 86_400_000),
    });

    // zh: 3.3 m of bubble wrap, 24.75 THB, less the 5.00 coupon: 19.75 frozen.
    const buyer = await signedIn(
      { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
      'zh',
      '/cmp/service/serviceMarket',
    );
    await (await buyer.waitForSelector('[data-testid="market-buy-bubbleWrap"]', visible))?.click();
    await buyer.type('[data-testid="buy-quantity-lengthCm"]', '3.3');
    await buyer.waitForSelector('[data-testid="buy-total"][data-amount="2475"]', visible);
    expect(await buyer.$eval('[data-testid="buy-total"]', (node) => node.textContent)).toBe(
      '฿24.75',
    );
    await buyer.click(`[data-coupon-id="${coupon.id}"]`);
    await buyer.click('[data-testid="buy-submit"]');
    const done = await buyer.waitForSelector('[data-testid="buy-done"]', visible);
    const serviceNo = (await done?.evaluate((node) => node.getAttribute('data-service-no'))) ?? '';
    expect(
      await buyer.$eval('[data-testid="buy-frozen"]', (node) => node.getAttribute('data-amount')),
    ).toBe('1975');
    const [row] = await server.db
      .select()
      .from(serviceOrders)
      .where(eq(serviceOrders.serviceNo, serviceNo));
    expect(row).toMatchObject({ type: 'valueAdded', frozenMinor: 1975, couponId: coupon.id });

    // th: the operator opens it, moves it step by step (a photo on the review) and settles it.
    const operator = await signedIn(
      DEMO_SERVICE_OPERATOR,
      'th',
      `/cmp/order/serviceProgress?serviceNo=${serviceNo}`,
    );
    const photo = join(files, 'wrapped.png');
    await writeFile(
      photo,
      encodePng(
        64,
        48,
        new Uint8Array(64 * 48 * 4).map((_, i) => (i % 4 === 3 ? 255 : (i * 7) % 256)),
      ),
    );
    for (const [step, remark, withPhoto] of [
      ['purchaseReview', 'ตรวจแล้ว มีบับเบิ้ลพร้อม', true],
      ['domesticWarehouseIn', 'รับเข้าคลังแล้ว', false],
      ['domesticWarehouseOut', 'ห่อและส่งออกแล้ว', false],
    ] as const) {
      const form = `[data-testid="operator-move"][data-step="${step}"]`;
      await operator.waitForSelector(form, visible);
      await operator.type(`${form} [data-testid="operator-move-remark"]`, remark);
      if (withPhoto) {
        const input = await operator.$(`${form} input[type="file"]`);
        await input?.uploadFile(photo);
        await operator.waitForSelector(`${form} [data-testid="operator-proofs"] img`, visible);
      }
      await operator.click(`${form} [data-testid="operator-move-submit"]`);
      await operator.waitForSelector(
        `[data-testid="service-step"][data-step="${step}"][data-done="true"]`,
        visible,
      );
    }
    const fee = '[data-testid="operator-fee-consumables"]';
    await operator.waitForSelector(fee, visible);
    await operator.click(fee, { count: 3 });
    await operator.type(fee, '20');
    await operator.click('[data-testid="operator-complete-submit"]');
    await (
      await operator.waitForSelector('.mantine-Modal-content button[type="submit"]', visible)
    )?.click();
    await operator.waitForSelector('[data-testid="service-detail-body"][data-status="completed"]', {
      ...visible,
      timeout: 30_000,
    });

    // en: the seller follows the message to the drawer: times, who and the photo of each step.
    await buyer.setCookie({ name: 'cmp-language', value: 'en', url: server.origin });
    await buyer.goto(`${server.origin}/cmp/cmpDashboard`);
    await (
      await buyer.waitForSelector('[data-testid="message-bell"]:not([data-loading])', visible)
    )?.click();
    await buyer.waitForFunction(
      (no) =>
        [...document.querySelectorAll('[data-testid="message-line"][data-type="3"]')].some((line) =>
          line.textContent?.includes(no),
        ),
      { timeout: 20_000 },
      serviceNo,
    );
    await buyer.evaluate((no) => {
      const line = [
        ...document.querySelectorAll<HTMLElement>('[data-testid="message-line"][data-type="3"]'),
      ].find((node) => node.textContent?.includes(no));
      line?.click();
    }, serviceNo);
    await buyer.waitForSelector(
      `[data-testid="service-detail-body"][data-service-no="${serviceNo}"][data-status="completed"]`,
      visible,
    );
    expect(buyer.url()).toContain(`serviceNo=${serviceNo}`);
    const review = '[data-testid="service-step"][data-step="purchaseReview"]';
    expect(await buyer.$eval(`${review} [data-testid="step-remark"]`, (n) => n.textContent)).toBe(
      'ตรวจแล้ว มีบับเบิ้ลพร้อม',
    );
    const times = await buyer.$$eval('[data-testid="service-step"][data-done="true"]', (steps) =>
      steps.map((step) => step.querySelector('[data-testid="step-time"]')?.textContent ?? ''),
    );
    expect(times).toHaveLength(4);
    for (const time of times) expect(time).toMatch(/\d{1,2}:\d{2}/);
    await buyer.waitForFunction(
      (selector) => {
        const image = document.querySelector<HTMLImageElement>(selector);
        return !!image && image.complete && image.naturalWidth === 64;
      },
      { timeout: 20_000 },
      `${review} [data-testid="step-proof"] img`,
    );
    expect(
      await buyer.$eval('[data-testid="amount-charged"]', (n) => n.getAttribute('data-amount')),
    ).toBe('1500');

    // The wallet history holds the settled 15.00 (20.00 actual less the coupon) for the service.
    await buyer.goto(`${server.origin}/cmp/other/historyMoney`);
    await buyer.waitForSelector('[data-testid="history-row"]', visible);
    const settled = await buyer.$$eval(
      '[data-testid="history-row"][data-bill-type="deduct"]',
      (rows, no) =>
        rows
          .filter((r) => r.querySelector('[data-testid="history-reference"]')?.textContent === no)
          .map((r) => r.querySelector('[data-testid="history-change"]')?.textContent ?? ''),
      serviceNo,
    );
    expect(settled).toHaveLength(1);
    expect(settled[0]).toContain('15.00');
    expect((await verifyLedger(server, null)).violations).toEqual([]);
  }, 240_000);
});
