import { endpoints } from '@shared/contracts/endpoints';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { optionalSessionOf } from '../../middleware/session';
import { resolveShortLink } from './short-links.service';

export const shortLinksRoutes = [
  defineRoute(
    endpoints.shortLinks.resolve,
    {
      // The id is a random capability, not an owned object: whoever holds the link may open it.
      notObjects: ['id'],
    },
    // A link bound to an account opens only with that account's session, when the call brings one.
    async ({ c, deps, query }) =>
      ok(c, await resolveShortLink(deps, await optionalSessionOf(c, deps), query.id)),
  ),
];
