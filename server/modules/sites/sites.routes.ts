import { SiteListQuerySchema } from '@shared/contracts/sites';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { ok } from '../../lib/respond';
import { validate } from '../../lib/validate';
import { listSites } from './sites.service';

export function createSitesRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get(
    '/api-user/public/getSiteList',
    validate('query', SiteListQuerySchema),
    async (c) => ok(c, await listSites(deps.db, c.req.valid('query'))),
  );
}
