import { defineEndpoint } from './define-endpoint';
import { SiteListQuerySchema, SiteListSchema } from './sites';

export const sitesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api-user/public/getSiteList',
    access: 'public',
    query: SiteListQuerySchema,
    response: SiteListSchema,
    summary: 'The opened sites with their language and currency; isAll=1 lists every site.',
  }),
};
