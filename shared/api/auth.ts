import type { LoginByCodeRequest } from '../contracts/accounts';
import type { LoginByPasswordRequest } from '../contracts/auth';
import { endpoints } from '../contracts/endpoints';
import type { OpenIdTokenRequest } from '../contracts/third-party';
import type { Http } from './http';

export function createAuthApi(http: Http) {
  return {
    /** The message is the server's success text. */
    loginByPassword: (input: LoginByPasswordRequest) =>
      http.call(endpoints.auth.loginByPassword, { json: input }),
    /** Sign in with an e-mail code. */
    loginByCode: (input: LoginByCodeRequest) =>
      http.call(endpoints.auth.loginByCode, { json: input }),
    /** Sign in with what a third-party provider sent back. */
    openIdToken: (input: OpenIdTokenRequest) =>
      http.call(endpoints.wechat.openIdToken, { json: input }),
    /** Ends this session on the server. */
    logout: () => http.call(endpoints.auth.logout),
    /** Configured providers, each with a fresh sign-in address. */
    thirdPlatforms: async () => (await http.call(endpoints.wechat.thirdPlatforms)).datas,
    /** The account's masked mobile, or null. */
    mobileByEmail: async (email: string) =>
      (await http.call(endpoints.auth.mobileByEmail, { query: { email } })).datas.mobile,
  };
}
