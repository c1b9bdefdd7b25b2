import type { LoginByPasswordRequest } from '../contracts/auth';
import type { Session } from '../contracts/session';
import type { SessionStore } from '../session/store';
import type { ApiClient } from './client';
import { ApiError } from './errors';

/**
 * Login as spec section 4 describes it: password login, then the routes (an empty list is an
 * error), then userInfo with the new token, then the session is stored.
 */
export async function signInWithPassword(
  api: ApiClient,
  store: SessionStore,
  credentials: LoginByPasswordRequest,
): Promise<{ session: Session; message: string }> {
  const { datas, message } = await api.auth.loginByPassword(credentials);
  if (datas.routerInfoList.length === 0)
    throw new ApiError({ kind: 'business', key: 'ROUTE_INFO_EMPTY' });
  const user = await api.users.userInfo({ token: datas.access_token });
  const session: Session = { token: datas.access_token, routes: datas.routerInfoList, user };
  store.getState().signIn(session);
  return { session, message };
}

/**
 * Logout: ends the session on the server, then clears it here whatever the server said (a dead
 * token is already logged out). A failure other than that is handed back to the caller.
 */
export async function signOut(
  api: ApiClient,
  store: SessionStore,
): Promise<{ error: ApiError | null }> {
  let error: ApiError | null = null;
  if (store.getState().snapshot.session) {
    try {
      await api.auth.logout();
    } catch (caught) {
      const failure =
        caught instanceof ApiError
          ? caught
          : new ApiError({ kind: 'network', key: 'NETWORK_ERROR', cause: caught });
      if (failure.kind !== 'auth') error = failure;
    }
  }
  store.getState().signOut();
  return { error };
}
