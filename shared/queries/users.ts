import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import { useApi } from './api-context';

export const userKeys = {
  all: ['users'] as const,
  info: () => [...userKeys.all, 'info'] as const,
};

function userInfoQuery(api: ApiClient) {
  return queryOptions({
    queryKey: userKeys.info(),
    queryFn: ({ signal }) => api.users.userInfo({ signal }),
  });
}

/** The signed-in user's fresh userInfo (balance and flags change while the session lives). */
export function useUserInfo(options: { enabled?: boolean } = {}) {
  return useQuery({ ...userInfoQuery(useApi()), enabled: options.enabled ?? true });
}
