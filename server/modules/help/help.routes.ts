import {
  HelpArticleQuerySchema,
  HelpArticleSchema,
  HelpListQuerySchema,
  HelpPageSchema,
  HelpSearchQuerySchema,
  HelpSearchResultSchema,
  SaveHelpArticleRequestSchema,
} from '@shared/contracts/help';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { getHelpArticle, listHelpArticles, saveHelpArticle, searchHelp } from './help.service';

/** The help centre: read by every signed-in account in its language; written by operators. */
export const helpRoutes = [
  defineRoute(
    {
      method: 'GET',
      path: '/user-center/helpcenter/list/size',
      access: 'session',
      query: HelpListQuerySchema,
      response: HelpPageSchema,
      summary: 'Help articles in the request language, in their order, one page (default 1, 10).',
      tag: 'helpcenter',
    },
    async ({ c, deps, query }) =>
      ok(c, await listHelpArticles(deps, null, { ...query, language: c.var.t.language })),
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/test/get/helpCenter',
      access: 'session',
      query: HelpArticleQuerySchema,
      // Help articles are published to everyone, not objects an account owns.
      notObjects: ['id'],
      response: HelpArticleSchema,
      summary: 'One help article.',
      tag: 'helpcenter',
    },
    async ({ c, deps, query }) => ok(c, await getHelpArticle(deps, null, query.id)),
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/user-center/helpcenter/keyword/serch',
      access: 'session',
      query: HelpSearchQuerySchema,
      response: HelpSearchResultSchema,
      summary:
        'Help articles whose title or text contains the keyword, and the menus the account holds whose title does.',
      tag: 'helpcenter',
    },
    async ({ c, deps, actor, query }) =>
      ok(c, await searchHelp(deps, actor, { keyword: query.keyword, language: c.var.t.language })),
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/user-center/helpcenter/save',
      access: 'session',
      json: SaveHelpArticleRequestSchema,
      notObjects: ['id'],
      response: HelpArticleSchema,
      summary:
        'Operators (PURCHASER, STOREKEEPER): creates or edits a help article; its HTML is sanitised.',
      tag: 'helpcenter',
    },
    async ({ c, deps, actor, json }) => ok(c, await saveHelpArticle(deps, actor, json), 'saved'),
  ),
];
