import { endpoints } from '@shared/contracts/endpoints';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { guideStatus, recordGuide } from './guide.service';

export const guideRoutes = [
  defineRoute(endpoints.guide.status, async ({ c, deps, actor }) =>
    ok(c, await guideStatus(deps, actor)),
  ),
  defineRoute(endpoints.guide.record, async ({ c, deps, actor, json }) =>
    ok(c, await recordGuide(deps, actor, json), 'saved'),
  ),
];
