import { endpoints } from '@shared/contracts/endpoints';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { answering } from './orders.routes';
import {
  cancelReturn,
  createReturn,
  listReturns,
  processReturn,
  signReturn,
} from './returns.service';

export const returnsRoutes = [
  defineRoute(
    endpoints.returns.list,
    { notObjects: ['shopId'] },
    async ({ c, deps, actor, query }) => ok(c, await listReturns(deps, actor, query)),
  ),
  defineRoute(
    endpoints.returns.create,
    {
      objects: [{ type: 'order', field: 'orderId' }],
      notObjects: ['orderItemId'],
      example: (ids) => ({
        json: {
          orderId: ids.orderId,
          express: 'flash',
          trackingNo: 'TH0000000001',
          items: [{ orderItemId: ids.orderItemId, quantity: 1 }],
        },
      }),
    },
    async ({ c, deps, actor, json }) =>
      ok(c, await answering(c, () => createReturn(deps, actor, json))),
  ),
  defineRoute(
    endpoints.returns.sign,
    // The warehouse signs for every seller's returns: the return has no owner among its callers.
    { notObjects: ['returnId'] },
    async ({ c, deps, actor, json }) => ok(c, await signReturn(deps, actor, json.returnId)),
  ),
  defineRoute(
    endpoints.returns.process,
    {
      objects: [{ type: 'return', field: 'returnId' }],
      example: (ids) => ({ json: { returnId: ids.signedReturnId, outcome: 'restock' } }),
    },
    async ({ c, deps, actor, json }) => ok(c, await processReturn(deps, actor, json)),
  ),
  defineRoute(
    endpoints.returns.cancel,
    {
      objects: [{ type: 'return', field: 'returnId' }],
      example: (ids) => ({ json: { returnId: ids.returnId } }),
    },
    async ({ c, deps, actor, json }) => ok(c, await cancelReturn(deps, actor, json.returnId)),
  ),
];
