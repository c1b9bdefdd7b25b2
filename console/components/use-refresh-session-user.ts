import { useApi } from '@shared/queries/api-context';
import { useSessionStore } from '@shared/session/react';

/**
 * The session's cached user takes the server's userInfo, so the header (name, avatar, balance)
 * follows a change made on a page. A failure here is not the change's: the change is saved, and
 * the next page load reads userInfo again.
 */
export function useRefreshSessionUser(): () => Promise<void> {
  const api = useApi();
  const store = useSessionStore();
  return async () => {
    try {
      store.getState().updateUser(await api.users.userInfo());
    } catch {
      // Read again on the next page load.
    }
  };
}
