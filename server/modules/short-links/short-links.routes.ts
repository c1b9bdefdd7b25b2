import { endpoints } from '@shared/contracts/endpoints';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { resolveShortLink } from './short-links.service';

export const shortLinksRoutes = [
  defineRoute(
    endpoints.shortLinks.resolve,
    {
      // The id is a random capability, not an owned object: whoever holds the link may open it.
      notObjects: ['id'],
    },
    async ({ c, deps, query }) => ok(c, await resolveShortLink(deps, null, query.id)),
  ),
];
