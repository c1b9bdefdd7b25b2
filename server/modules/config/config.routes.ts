import { endpoints } from '@shared/contracts/endpoints';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { getAppDownload, getCustomerValues } from './config.service';

export const configRoutes = [
  defineRoute(endpoints.config.customerValues, async ({ c, deps }) =>
    ok(c, await getCustomerValues(deps, null)),
  ),
  defineRoute(endpoints.config.downloadApp, async ({ c, deps, query }) =>
    ok(c, await getAppDownload(deps, null, query.type)),
  ),
];
