/**
 * `SCREENSHOTS_ONLY=purchase-links npm run screenshots`: the purchase list filtered by warehouse
 * and shop, the crossSale request the demo's order processing opened (its service and platform
 * numbers, paid by the service's freeze) and the renew dialog with its coupons, in each language
 * and size.
 */

import { and, eq } from 'drizzle-orm';
import type { Page } from 'puppeteer-core';
import type { Database } from '../../server/db/client';
import { purchases, shops, users, warehouses } from '../../server/db/schema/index';
import { DEMO_ACCOUNT } from '../../server/seed/demo';

interface ShotsContext {
  page: Page;
  db: Database;
  shot(name: string): Promise<void>;
  go(path: string, ready: string): Promise<void>;
}

export async function purchaseLinksShots({ page, db, shot, go }: ShotsContext) {
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNT.email));
  if (!owner) throw new Error('no demo seller');
  const [warehouse] = await db
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.ownerId, owner.id), eq(warehouses.code, 'WH-BKK')));
  const [funded] = await db
    .select({ purchaseNo: purchases.purchaseNo, shopId: purchases.shopId })
    .from(purchases)
    .where(and(eq(purchases.ownerId, owner.id), eq(purchases.fundedByService, true)));
  const [shop] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(eq(shops.id, funded?.shopId ?? owner.id));
  await go(
    `/purchaseAndWarehouse/purchaseManage?warehouseId=${warehouse?.id ?? ''}`,
    '[data-testid="purchase-filter-warehouse"]',
  );
  await shot('purchase-links-list-warehouse');
  await go(
    `/purchaseAndWarehouse/purchaseManage?shopId=${shop?.id ?? ''}`,
    '[data-testid="purchase-table"] tbody tr',
  );
  await shot('purchase-links-list-shop');
  await go(
    `/purchaseAndWarehouse/purchaseManageDetail?purchaseNo=${funded?.purchaseNo ?? ''}`,
    '[data-testid="purchase-funded"]',
  );
  await shot('purchase-links-detail');
  await go('/purchaseAndWarehouse/warehouseManage', '[data-testid="warehouse-WH-KUL"]');
  await page.click('[data-testid="warehouse-WH-KUL"] [data-testid="warehouse-renew"]');
  await page.waitForSelector('[data-testid="warehouse-renew-quote"]', { visible: true });
  await shot('purchase-links-renew');
  await page.keyboard.press('Escape');
}
