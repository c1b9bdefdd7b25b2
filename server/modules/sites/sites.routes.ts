import { endpoints } from '@shared/contracts/endpoints';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { listSites } from './sites.service';

export const sitesRoutes = [
  defineRoute(endpoints.sites.list, async ({ c, deps, query }) =>
    ok(c, await listSites(deps, null, query)),
  ),
];
