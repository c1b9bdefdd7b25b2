import { defineEndpoint } from './define-endpoint';
import { ShortLinkQuerySchema, ShortLinkSchema } from './short-links';

export const shortLinksEndpoints = {
  /** SHORT_LINK_NOT_FOUND when unknown or expired. */
  resolve: defineEndpoint({
    method: 'GET',
    path: '/api-user/public/shortUrl',
    access: 'public',
    query: ShortLinkQuerySchema,
    response: ShortLinkSchema,
    tag: 'shortLinks',
    summary: 'Where a short link leads (a console path or an allowed https address).',
  }),
};
