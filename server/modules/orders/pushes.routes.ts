import { endpoints } from '@shared/contracts/endpoints';
import { AppError } from '../../lib/errors';
import { defineRoute } from '../../lib/route';
import { isPushPlatform, receiveOrderPush } from './pushes.service';

export const orderPushesRoutes = [
  // The platforms call this without a session; the body is read as it came, for its signature.
  // Answered with an empty body (TikTok Shop asks for one; Lazada and Shopee read the status).
  defineRoute(endpoints.orderPushes.push, async ({ c, deps }) => {
    const platform = c.req.param('platform') ?? '';
    if (!isPushPlatform(platform)) throw new AppError('NOT_FOUND');
    const result = await receiveOrderPush(deps, null, {
      platform,
      authorization: c.req.header('authorization'),
      body: await c.req.text(),
    });
    if (result.outcome === 'refused')
      deps.logger.info('order push refused', { platform, reason: result.reason });
    return c.body(null, result.status);
  }),
];
