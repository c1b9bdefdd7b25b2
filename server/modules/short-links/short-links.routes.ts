import { ShortLinkQuerySchema, ShortLinkSchema } from '@shared/contracts/short-links';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { resolveShortLink } from './short-links.service';

export const shortLinksRoutes = [
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/public/shortUrl',
      access: 'public',
      query: ShortLinkQuerySchema,
      // The id is a random capability, not an owned object: whoever holds the link may open it.
      notObjects: ['id'],
      response: ShortLinkSchema,
      tag: 'shortLinks',
      summary: 'Where a short link leads (a console path or an allowed https address).',
    },
    async ({ c, deps, query }) => ok(c, await resolveShortLink(deps, null, query.id)),
  ),
];
