import { GuideRecordRequestSchema } from '@shared/contracts/guide';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { guideStatus, recordGuide } from './guide.service';

export const guideRoutes = [
  defineRoute(
    { method: 'GET', path: '/api-user/user/guide', access: 'session' },
    async ({ c, deps, actor }) => ok(c, await guideStatus(deps, actor)),
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/api-user/user/guide',
      access: 'session',
      json: GuideRecordRequestSchema,
    },
    async ({ c, deps, actor, json }) => ok(c, await recordGuide(deps, actor, json), 'saved'),
  ),
];
