import { defineEndpoint } from './define-endpoint';
import { ShortLinkQuerySchema, ShortLinkSchema } from './short-links';

export const shortLinksEndpoints = {
  /**
   * SHORT_LINK_NOT_FOUND when unknown or expired; a link bound to an account answers
   * SHORT_LINK_SIGN_IN without a session and SHORT_LINK_OTHER_ACCOUNT to another account.
   */
  resolve: defineEndpoint({
    method: 'GET',
    path: '/api-user/public/shortUrl',
    access: 'public',
    optionalSession: true,
    query: ShortLinkQuerySchema,
    response: ShortLinkSchema,
    tag: 'shortLinks',
    summary:
      'Where a short link leads (a console path or an allowed https address); a link bound to an account opens only with its session.',
  }),
};
