/**
 * `SCREENSHOTS_ONLY=svclink npm run screenshots`: the link between a service and the purchase it
 * funds, in each language and size: the demo's processed service with its purchase waiting for
 * audit (the arrival step waiting for it), the purchase's detail, and a second demo order
 * processed, bought, arrived and moved through its steps (the purchase shown arrived, the cancel
 * gone, and the service operator's completion taking the purchaser's actual costs).
 */
import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../server/context';
import { platformOrders, purchases, serviceOrders, users } from '../../server/db/schema/index';
import { systemClock } from '../../server/lib/clock';
import { itemsOf } from '../../server/modules/orders/orders.service';
import { processOrder } from '../../server/modules/orders/processing.service';
import {
  approvePurchase,
  receivePurchase,
  shipPurchase,
} from '../../server/modules/purchases/purchases.service';
import { moveService } from '../../server/modules/services/services.service';
import { DEMO_ACCOUNT } from '../../server/seed/demo';
import { DEMO_OPERATORS } from '../../server/seed/purchases';
import { DEMO_SERVICE_OPERATOR } from '../../server/seed/services';
import { stepsOf } from '../../shared/contracts/service-steps';
import { openOperatorQueue, type ShotsContext } from './services-shots';

async function actorOf(context: ShotsContext, email: string, role: string): Promise<Actor> {
  const [user] = await context.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email));
  if (!user) throw new Error(`no ${email}`);
  return {
    userId: user.id,
    sessionId: 'shots',
    roles: [role],
    parentId: null,
    ownerId: user.id,
    isMain: true,
    routes: [],
    shopIds: null,
  };
}

/** The second demo order processed, its purchase bought and arrived, every step done (once). */
async function arrivedService(context: ShotsContext, seller: Actor): Promise<string> {
  const deps = { db: context.db, clock: systemClock };
  const [order] = await context.db
    .select({ id: platformOrders.id, items: platformOrders.items })
    .from(platformOrders)
    .where(
      and(
        eq(platformOrders.ownerId, seller.ownerId),
        eq(platformOrders.externalId, '241126DEMO0002'),
      ),
    );
  const item = order ? itemsOf(order)[0] : undefined;
  if (!order || !item) throw new Error('no second demo order');
  const processed = await processOrder(deps, seller, {
    orderId: order.id,
    items: [{ orderItemId: item.id, type: 'crossSale' }],
    gifts: [],
    idempotencyKey: `svclink-shots-${order.id}`,
    estimateOnly: false,
  });
  const serviceNo = processed.serviceOrders[0]?.serviceNo ?? '';
  const [purchase] = await context.db
    .select()
    .from(purchases)
    .where(and(eq(purchases.serviceNo, serviceNo), eq(purchases.fundedByService, true)));
  if (!purchase) throw new Error('no funded purchase');
  const purchaser = await actorOf(context, DEMO_OPERATORS.purchaser.email, 'PURCHASER');
  const storekeeper = await actorOf(context, DEMO_OPERATORS.storekeeper.email, 'STOREKEEPER');
  const operator = await actorOf(context, DEMO_SERVICE_OPERATOR.email, 'SERVICE_OPERATOR');
  if (purchase.status === 'waitAudit')
    await approvePurchase(deps, purchaser, { purchaseNo: purchase.purchaseNo });
  if (purchase.status === 'waitAudit' || purchase.status === 'waitShip')
    await shipPurchase(deps, purchaser, {
      purchaseNo: purchase.purchaseNo,
      tracking: 'SF1402275531',
      actualPrices: purchase.items.map((entry) => Math.round(entry.estimatedPrice * 0.9)),
      actualFees: { domesticFreight: 1_200, internationalFreight: 4_500, serviceFee: 0 },
    });
  if (purchase.status !== 'complete')
    await receivePurchase(deps, storekeeper, { purchaseNo: purchase.purchaseNo });
  const [service] = await context.db
    .select({ type: serviceOrders.type, currentStep: serviceOrders.currentStep })
    .from(serviceOrders)
    .where(eq(serviceOrders.serviceNo, serviceNo));
  const plan = stepsOf(service?.type ?? 'crossSale');
  const reached = plan.indexOf(service?.currentStep as (typeof plan)[number]);
  for (const step of plan.slice(Math.max(reached, 0) + 1))
    await moveService(deps, operator, { serviceNo, step, remark: '', proofs: [] });
  return serviceNo;
}

export async function svclinkShots(context: ShotsContext) {
  const { page, db, shot, go } = context;
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNT.email));
  if (!owner) throw new Error('no demo seller');
  const seller = await actorOf(context, DEMO_ACCOUNT.email, 'BUYER');
  const [waiting] = await db
    .select({ purchaseNo: purchases.purchaseNo, serviceNo: purchases.serviceNo })
    .from(purchases)
    .where(
      and(
        eq(purchases.ownerId, owner.id),
        eq(purchases.fundedByService, true),
        eq(purchases.status, 'waitAudit'),
      ),
    );
  if (!waiting?.serviceNo) throw new Error('no waiting funded purchase');
  await go(
    `/order/serviceProgress?serviceNo=${waiting.serviceNo}`,
    '[data-testid="step-waits-for-purchase"]',
  );
  await shot('svclink-detail-waiting');
  await page.keyboard.press('Escape');
  await go(
    `/purchaseAndWarehouse/purchaseManageDetail?purchaseNo=${waiting.purchaseNo}`,
    '[data-testid="purchase-funded"]',
  );
  await shot('svclink-purchase');

  const arrived = await arrivedService(context, seller);
  await go(
    `/order/serviceProgress?serviceNo=${arrived}`,
    '[data-testid="service-purchase-status"][data-status="complete"]',
  );
  await shot('svclink-detail-arrived');
  await page.keyboard.press('Escape');

  const { own, operator } = await openOperatorQueue(context);
  await operator.waitForSelector('[data-testid="queue-row"]', { visible: true, timeout: 30_000 });
  await operator.goto(`${context.origin}/cmp/order/serviceProgress?serviceNo=${arrived}`);
  await operator.waitForSelector('[data-testid="operator-from-purchase"]', {
    visible: true,
    timeout: 30_000,
  });
  await operator.$eval('[data-testid="operator-complete"]', (card) =>
    card.scrollIntoView({ block: 'center' }),
  );
  await shot('svclink-operator-complete', operator);
  await own.close();
}
