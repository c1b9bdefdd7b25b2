import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';

/** One page of help articles (spec section 9: page 1, limit 10). */
interface HelpListParams {
  page: number;
  limit: number;
}

const helpKeys = {
  all: ['help'] as const,
  lists: () => [...helpKeys.all, 'list'] as const,
  list: (params: HelpListParams) => [...helpKeys.lists(), params] as const,
  searches: () => [...helpKeys.all, 'search'] as const,
  search: (keyword: string) => [...helpKeys.searches(), keyword] as const,
  article: (id: number) => [...helpKeys.all, 'article', id] as const,
};

/** Articles change rarely; a minute of freshness spares the server while someone types. */
const HELP_STALE_MS = 60_000;

/**
 * queryOptions factories for the help centre; each takes the program's API client (`useApi()`):
 * `useQuery(helpQueries.list(api, { page: 1, limit: 10 }))`.
 */
export const helpQueries = {
  /** Help articles in the interface language. */
  list: (api: ApiClient, params: HelpListParams) =>
    queryOptions({
      queryKey: helpKeys.list({ page: params.page, limit: params.limit }),
      queryFn: ({ signal }) =>
        api.help.list({ page: params.page, limit: params.limit }, { signal }),
      staleTime: HELP_STALE_MS,
    }),
  /** Articles and the account's menus matching a keyword; disabled for a blank keyword. */
  search: (api: ApiClient, keyword: string) => {
    const trimmed = keyword.trim();
    return queryOptions({
      queryKey: helpKeys.search(trimmed),
      queryFn: ({ signal }) => api.help.search(trimmed, { signal }),
      enabled: trimmed.length > 0,
      staleTime: HELP_STALE_MS,
    });
  },
  /** One article. */
  article: (api: ApiClient, id: number) =>
    queryOptions({
      queryKey: helpKeys.article(id),
      queryFn: ({ signal }) => api.help.article(id, { signal }),
      staleTime: HELP_STALE_MS,
    }),
};
