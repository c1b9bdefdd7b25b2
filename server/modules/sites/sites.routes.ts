import { SiteListQuerySchema, SiteListSchema } from '@shared/contracts/sites';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { listSites } from './sites.service';

export const sitesRoutes = [
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/public/getSiteList',
      access: 'public',
      query: SiteListQuerySchema,
      response: SiteListSchema,
      summary: 'The opened sites with their language and currency; isAll=1 lists every site.',
    },
    async ({ c, deps, query }) => ok(c, await listSites(deps, null, query)),
  ),
];
