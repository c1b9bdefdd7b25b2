import { endpoints } from '../contracts/endpoints';
import type { SaveHelpArticleRequest } from '../contracts/help';
import type { Http } from './http';

type Options = { signal?: AbortSignal };

export function createHelpApi(http: Http) {
  return {
    /** Help articles in the interface language. */
    list: async (query: { page: number; limit: number }, options: Options = {}) =>
      (await http.call(endpoints.help.list, { query, ...options })).datas,
    /** One article. */
    article: async (id: number, options: Options = {}) =>
      (await http.call(endpoints.help.article, { query: { id }, ...options })).datas,
    /** Matching articles and the account's matching menus. */
    search: async (keyword: string, options: Options = {}) =>
      (await http.call(endpoints.help.search, { query: { keyword }, ...options })).datas,
    /** Operators only: the content is sanitised before it is stored. */
    save: (input: SaveHelpArticleRequest) => http.call(endpoints.help.save, { json: input }),
  };
}
