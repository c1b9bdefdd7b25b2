import { defineEndpoint } from './define-endpoint';
import {
  HelpArticleQuerySchema,
  HelpArticleSchema,
  HelpListQuerySchema,
  HelpPageSchema,
  HelpSearchQuerySchema,
  HelpSearchResultSchema,
  SaveHelpArticleRequestSchema,
} from './help';

/** The help centre: read by every signed-in account in its language; written by operators. */
export const helpEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/user-center/helpcenter/list/size',
    access: 'session',
    query: HelpListQuerySchema,
    response: HelpPageSchema,
    summary: 'Help articles in the request language, in their order, one page (default 1, 10).',
    tag: 'helpcenter',
  }),
  article: defineEndpoint({
    method: 'GET',
    path: '/api-user/test/get/helpCenter',
    access: 'session',
    query: HelpArticleQuerySchema,
    response: HelpArticleSchema,
    summary: 'One help article.',
    tag: 'helpcenter',
  }),
  search: defineEndpoint({
    method: 'GET',
    path: '/user-center/helpcenter/keyword/serch',
    access: 'session',
    query: HelpSearchQuerySchema,
    response: HelpSearchResultSchema,
    summary:
      'Help articles whose title or text contains the keyword, and the menus the account holds whose title does.',
    tag: 'helpcenter',
  }),
  save: defineEndpoint({
    method: 'POST',
    path: '/user-center/helpcenter/save',
    access: 'session',
    json: SaveHelpArticleRequestSchema,
    response: HelpArticleSchema,
    summary:
      'Operators (PURCHASER, STOREKEEPER): creates or edits a help article; its HTML is sanitised.',
    tag: 'helpcenter',
  }),
};
