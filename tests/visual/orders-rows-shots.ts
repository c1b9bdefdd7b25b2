/**
 * `SCREENSHOTS_ONLY=orders-rows npm run screenshots`: the order list's rows themselves (the
 * virtual table's box, every column), on the demo's orders, and a row under the pointer with its
 * service's tooltip; in each language and size.
 */
import type { ShotsContext } from './services-shots';

export async function ordersRowsShots(context: ShotsContext & { size: string }) {
  const { page, go, shot } = context;
  await go('/thirdPartyPlatform/orderManage', '[data-testid="order-row"]');
  const table = await page.$('[data-testid="orders-table-scroll"]');
  if (!table) throw new Error('no order table');
  await table.scrollIntoView();
  await shot('orders-rows');
  // The service tooltip, mounted when the pointer comes over a progress bar (its track: the bar
  // of a service not started is 0 px wide).
  const track = await page.$('[data-testid="order-service"] :has(> [role="progressbar"])');
  if (track) {
    await track.hover();
    await page.waitForSelector('[role="tooltip"]', { visible: true });
    await shot('orders-rows-tooltip');
  }
}
