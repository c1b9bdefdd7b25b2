import { endpoints } from '@shared/contracts/endpoints';
import { AppError } from '../../lib/errors';
import { requestIdempotencyKey } from '../../lib/idempotency-key';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import {
  acceptPurchase,
  approvePurchase,
  cancelPurchase,
  createPurchase,
  failPurchase,
  listPurchases,
  purchaseCustomer,
  purchaseDetail,
  receivePurchase,
  rejectPurchase,
  shipPurchase,
  storeAttachment,
} from './purchases.service';

// The shop, warehouse, coupon and attachments a request names are checked against the actor's
// main account (and a sub-account's shops) by the service: another's answer RECORD_NOT_FOUND.
const CHECKED_BY_SERVICE = { notObjects: ['shopId', 'warehouseId', 'couponId'] } as const;

export const purchasesRoutes = [
  defineRoute(endpoints.purchases.list, CHECKED_BY_SERVICE, async ({ c, deps, actor, query }) =>
    ok(c, await listPurchases(deps, actor, query)),
  ),
  defineRoute(endpoints.purchases.detail, async ({ c, deps, actor, query }) =>
    ok(c, await purchaseDetail(deps, actor, query)),
  ),
  defineRoute(endpoints.purchases.create, CHECKED_BY_SERVICE, async ({ c, deps, actor, json }) =>
    ok(
      c,
      await createPurchase(deps, actor, {
        ...json,
        idempotencyKey: requestIdempotencyKey(c),
        language: c.var.t.language,
      }),
    ),
  ),
  defineRoute(endpoints.purchases.cancel, async ({ c, deps, actor, json }) =>
    ok(c, await cancelPurchase(deps, actor, json)),
  ),
  defineRoute(endpoints.purchases.accept, async ({ c, deps, actor, json }) =>
    ok(c, await acceptPurchase(deps, actor, json)),
  ),
  defineRoute(endpoints.purchases.attachment, async ({ c, deps, actor }) => {
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const file = body.file;
    if (!(file instanceof File))
      throw new AppError('FILE_TYPE_UNSUPPORTED', { params: { types: 'PDF' } });
    return ok(
      c,
      await storeAttachment(deps, actor, {
        bytes: Buffer.from(await file.arrayBuffer()),
        name: file.name,
      }),
    );
  }),
  defineRoute(endpoints.purchases.approve, async ({ c, deps, actor, json }) =>
    ok(c, await approvePurchase(deps, actor, json)),
  ),
  defineRoute(endpoints.purchases.reject, async ({ c, deps, actor, json }) =>
    ok(c, await rejectPurchase(deps, actor, json)),
  ),
  defineRoute(endpoints.purchases.ship, async ({ c, deps, actor, json }) =>
    ok(c, await shipPurchase(deps, actor, json)),
  ),
  defineRoute(endpoints.purchases.receive, async ({ c, deps, actor, json }) =>
    ok(c, await receivePurchase(deps, actor, json)),
  ),
  defineRoute(endpoints.purchases.fail, async ({ c, deps, actor, json }) =>
    ok(c, await failPurchase(deps, actor, json)),
  ),
  defineRoute(endpoints.purchases.customer, async ({ c, deps, actor }) =>
    ok(c, await purchaseCustomer(deps, actor)),
  ),
];
