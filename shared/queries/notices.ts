import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import { useApi } from './api-context';
import { userKeys } from './users';

/** One page of announcements. */
interface NoticeListParams {
  page: number;
  limit: number;
}

const noticeKeys = {
  all: ['notices'] as const,
  lists: () => [...noticeKeys.all, 'list'] as const,
  list: (params: NoticeListParams) => [...noticeKeys.lists(), params] as const,
  popups: () => [...noticeKeys.all, 'popups'] as const,
};

/**
 * queryOptions factories for announcements; each takes the program's API client (`useApi()`):
 * `useQuery(noticeQueries.list(api, { page: 1, limit: 5 }))`.
 */
export const noticeQueries = {
  /** Shown announcements in the interface language, newest first. */
  list: (api: ApiClient, params: NoticeListParams) =>
    queryOptions({
      queryKey: noticeKeys.list({ page: params.page, limit: params.limit }),
      queryFn: ({ signal }) =>
        api.notices.list({ page: params.page, limit: params.limit }, { signal }),
    }),
  /** Popup announcements this account has not seen yet. */
  popups: (api: ApiClient) =>
    queryOptions({
      queryKey: noticeKeys.popups(),
      queryFn: ({ signal }) => api.notices.popups({ signal }),
      // Shown once: a focus or remount must not bring a dismissed popup back before the server knows.
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
    }),
};

/** The unseen popup announcements, asked for while `enabled` (a signed-in console). */
export function usePopupNotices(enabled = true) {
  return useQuery({ ...noticeQueries.popups(useApi()), enabled });
}

/** Marks popups seen: they never pop up again for this account (and userInfo's firstShowAnn follows). */
export function useMarkPopupsSeen() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (announcementIds: number[]) => api.notices.markPopupsSeen(announcementIds),
    onSuccess: () => {
      client.setQueryData(noticeKeys.popups(), []);
      return client.invalidateQueries({ queryKey: userKeys.info() });
    },
    // Marking happens in the background as the popup closes; a failure only means it shows again.
    meta: { inlineErrors: true },
  });
}
