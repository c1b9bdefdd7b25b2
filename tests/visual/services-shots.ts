/**
 * `SCREENSHOTS_ONLY=services npm run screenshots`: the service market with its buy dialog, service
 * progress with a service's drawer and an enlarged proof, and the service operator's queue and
 * steps, in each language and size.
 */
import type { Browser, Page } from 'puppeteer-core';
import type { Database } from '../../server/db/client';
import { DEMO_SERVICE_OPERATOR } from '../../server/seed/services';
import type { Language } from '../../shared/contracts/languages';
import { markFirstVisitSeen } from '../support/e2e-server';
import { httpSessionCall, openSignedIn } from '../support/stored-session';

export interface ShotsContext {
  /** The demo seller's page, signed in. */
  page: Page;
  browser: Browser;
  db: Database;
  origin: string;
  language: Language;
  viewport: { width: number; height: number };
  shot(name: string, on?: Page): Promise<void>;
  go(path: string, ready: string): Promise<void>;
}

export async function servicesShots(context: ShotsContext) {
  const { page, shot, go } = context;
  await go('/service/serviceMarket', '[data-testid="market-item"]');
  await shot('services-market');
  await page.click('[data-testid="market-buy-bubbleWrap"]');
  await page.waitForSelector('[data-testid="buy-quantity-lengthCm"]', { visible: true });
  await page.type('[data-testid="buy-quantity-lengthCm"]', '3.33');
  await page.waitForSelector('[data-testid="buy-total"][data-amount="2498"]');
  await shot('services-buy');
  await page.keyboard.press('Escape');
  await page.click('[data-testid="market-buy-woodenFrame"]');
  await page.waitForSelector('[data-testid="buy-quantity-heightCm"]', { visible: true });
  await page.type('[data-testid="buy-quantity-lengthCm"]', '50');
  await page.type('[data-testid="buy-quantity-widthCm"]', '40');
  await page.type('[data-testid="buy-quantity-heightCm"]', '30.5');
  await shot('services-buy-invalid');
  await page.keyboard.press('Escape');

  await go('/order/serviceProgress', '[data-testid="service-row"]');
  await shot('services-progress');
  await go('/order/serviceProgress?tab=pending', '[data-testid="service-row"]');
  await page.click('[data-testid="service-row"] [data-testid="service-open"]');
  await page.waitForSelector('[data-testid="service-detail-body"]', { visible: true });
  await shot('services-detail');
  const proof = await page.$('[data-testid="step-proof"]');
  if (proof) {
    await page.waitForSelector('[data-testid="step-proof"] img', { visible: true });
    await proof.click();
    await page.waitForSelector('[data-testid="proof-large"]', { visible: true });
    await shot('services-proof');
    await page.keyboard.press('Escape');
  }
  await page.keyboard.press('Escape');

  // The service operator, in a browser context of its own.
  const { own, operator } = await openOperatorQueue(context);
  await operator.waitForSelector('[data-testid="queue-row"]', { visible: true, timeout: 30_000 });
  await shot('services-queue', operator);
  await operator.click('[data-testid="queue-row"] [data-testid="queue-open"]');
  await operator.waitForSelector('[data-testid="operator-actions"]', { visible: true });
  await shot('services-operator', operator);
  await own.close();
}

/** The demo's service operator signed in on the queue, in a browser context of its own. */
export async function openOperatorQueue(context: ShotsContext) {
  const call = httpSessionCall(context.origin);
  const login = await call('POST', '/api-uaa/oauth/loginByPassword', {
    json: { username: DEMO_SERVICE_OPERATOR.email, password: DEMO_SERVICE_OPERATOR.password },
  });
  await call('POST', '/api-user/user/onboarding', {
    token: login.body.datas.access_token,
    json: { site: 'th', businessType: 'crossBorder' },
  });
  await markFirstVisitSeen(context.db, DEMO_SERVICE_OPERATOR.email);
  const own = await context.browser.createBrowserContext();
  const operator = await own.newPage();
  await operator.setViewport({ ...context.viewport, deviceScaleFactor: 1 });
  await operator.setCookie({ name: 'cmp-language', value: context.language, url: context.origin });
  await openSignedIn(
    operator,
    context.origin,
    { username: DEMO_SERVICE_OPERATOR.email, password: DEMO_SERVICE_OPERATOR.password },
    '/cmp/order/serviceProgress',
  );
  return { own, operator };
}
