import { DownloadAppQuerySchema } from '@shared/contracts/config';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { getAppDownload, getCustomerValues } from './config.service';

export const configRoutes = [
  defineRoute(
    { method: 'GET', path: '/user-center/dic/getCustomerValue', access: 'session' },
    async ({ c, deps }) => ok(c, await getCustomerValues(deps, null)),
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/public/toDownloadApp',
      access: 'public',
      query: DownloadAppQuerySchema,
    },
    async ({ c, deps, query }) => ok(c, await getAppDownload(deps, null, query.type)),
  ),
];
