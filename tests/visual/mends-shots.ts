/**
 * `SCREENSHOTS_ONLY=mends npm run screenshots`: service progress (its range and export), the
 * operator's queue, the orders list and the mall on a 375 px wide phone (its keyword box), in each
 * language and size.
 */
import { plantShotsCatalogue } from './catalogue-console-shots';
import { openOperatorQueue, type ShotsContext } from './services-shots';

const PHONE = { width: 375, height: 812 };

export async function mendsShots(context: ShotsContext & { size: string }) {
  const { page, shot, go } = context;
  await go('/order/serviceProgress', '[data-testid="service-row"]');
  await shot('mends-services-progress');
  await go('/thirdPartyPlatform/orderManage', '[data-testid="order-row"]');
  await shot('mends-orders');
  const { own, operator } = await openOperatorQueue(context);
  await operator.waitForSelector('[data-testid="queue-row"]', { visible: true, timeout: 30_000 });
  await shot('mends-queue', operator);
  await own.close();
  if (context.size !== 'phone') return;
  await plantShotsCatalogue(context.db);
  await page.setViewport({ ...PHONE, deviceScaleFactor: 1 });
  await go('/product/thirdProductList?keyword=手机壳', '[data-testid="catalogue-row"]');
  await shot('mends-mall-375');
  await page.setViewport({ ...context.viewport, deviceScaleFactor: 1 });
}
