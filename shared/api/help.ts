import {
  HelpArticleSchema,
  HelpPageSchema,
  HelpSearchResultSchema,
  type SaveHelpArticleRequest,
} from '../contracts/help';
import type { Http } from './http';

type Options = { signal?: AbortSignal };

export function createHelpApi(http: Http) {
  return {
    /** GET /user-center/helpcenter/list/size: help articles in the interface language. */
    list: async (query: { page: number; limit: number }, options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/user-center/helpcenter/list/size',
          query,
          schema: HelpPageSchema,
          ...options,
        })
      ).datas,
    /** GET /api-user/test/get/helpCenter: one article. */
    article: async (id: number, options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/test/get/helpCenter',
          query: { id },
          schema: HelpArticleSchema,
          ...options,
        })
      ).datas,
    /** GET /user-center/helpcenter/keyword/serch: matching articles and the account's matching menus. */
    search: async (keyword: string, options: Options = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/user-center/helpcenter/keyword/serch',
          query: { keyword },
          schema: HelpSearchResultSchema,
          ...options,
        })
      ).datas,
    /** POST /user-center/helpcenter/save (operators only): the content is sanitised before it is stored. */
    save: (input: SaveHelpArticleRequest) =>
      http.request({
        method: 'POST',
        path: '/user-center/helpcenter/save',
        json: input,
        schema: HelpArticleSchema,
      }),
  };
}
