import type { LoginByCodeRequest, RegisterRequest } from '../contracts/accounts';
import type { LoginByPasswordRequest, LoginResult } from '../contracts/auth';
import type { Session } from '../contracts/session';
import type { OpenIdTokenRequest } from '../contracts/third-party';
import type { SessionStore } from '../session/store';
import type { ApiClient } from './client';
import { ApiError } from './errors';

/**
 * The steps after any sign-in (spec section 4): the routes (an empty list is an error), then
 * userInfo and the login check with the new token, then the session is stored. A login check
 * without data means the account still has to onboard.
 */
async function completeSignIn(
  api: ApiClient,
  store: SessionStore,
  issued: { datas: LoginResult; message: string },
): Promise<{ session: Session; message: string }> {
  const { access_token: token, routerInfoList } = issued.datas;
  if (routerInfoList.length === 0)
    throw new ApiError({ kind: 'business', key: 'ROUTE_INFO_EMPTY' });
  const [user, check] = await Promise.all([
    api.users.userInfo({ token }),
    api.users.loginCheck({ token }),
  ]);
  const session: Session = { token, routes: routerInfoList, user, onboarded: check !== null };
  store.getState().signIn(session);
  return { session, message: issued.message };
}

export async function signInWithPassword(
  api: ApiClient,
  store: SessionStore,
  credentials: LoginByPasswordRequest,
) {
  return completeSignIn(api, store, await api.auth.loginByPassword(credentials));
}

export async function signInWithCode(
  api: ApiClient,
  store: SessionStore,
  input: LoginByCodeRequest,
) {
  return completeSignIn(api, store, await api.auth.loginByCode(input));
}

export async function signInWithProvider(
  api: ApiClient,
  store: SessionStore,
  input: OpenIdTokenRequest,
) {
  return completeSignIn(api, store, await api.auth.openIdToken(input));
}

/** Registration signs the new account in; it then onboards. */
export async function registerAndSignIn(
  api: ApiClient,
  store: SessionStore,
  input: RegisterRequest,
) {
  return completeSignIn(api, store, await api.register.register(input));
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
