import { endpoints } from '@shared/contracts/endpoints';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { getHelpArticle, listHelpArticles, saveHelpArticle, searchHelp } from './help.service';

/** The help centre: read by every signed-in account in its language; written by operators. */
export const helpRoutes = [
  defineRoute(endpoints.help.list, async ({ c, deps, query }) =>
    ok(c, await listHelpArticles(deps, null, { ...query, language: c.var.t.language })),
  ),
  defineRoute(
    endpoints.help.article,
    {
      // Help articles are published to everyone, not objects an account owns.
      notObjects: ['id'],
    },
    async ({ c, deps, query }) => ok(c, await getHelpArticle(deps, null, query.id)),
  ),
  defineRoute(endpoints.help.search, async ({ c, deps, actor, query }) =>
    ok(c, await searchHelp(deps, actor, { keyword: query.keyword, language: c.var.t.language })),
  ),
  defineRoute(endpoints.help.save, { notObjects: ['id'] }, async ({ c, deps, actor, json }) =>
    ok(c, await saveHelpArticle(deps, actor, json), 'saved'),
  ),
];
