import * as z from 'zod/mini';
import { type LoginByCodeRequest, MobileByEmailResultSchema } from '../contracts/accounts';
import { type LoginByPasswordRequest, LoginResultSchema } from '../contracts/auth';
import { type OpenIdTokenRequest, ThirdPlatformListSchema } from '../contracts/third-party';
import type { Http } from './http';

export function createAuthApi(http: Http) {
  return {
    /** POST /api-uaa/oauth/loginByPassword; the message is the server's success text. */
    loginByPassword: (input: LoginByPasswordRequest) =>
      http.request({
        method: 'POST',
        path: '/api-uaa/oauth/loginByPassword',
        json: input,
        schema: LoginResultSchema,
        tokenless: true,
      }),
    /** POST /api-uaa/oauth/loginByCode: sign in with an e-mail code. */
    loginByCode: (input: LoginByCodeRequest) =>
      http.request({
        method: 'POST',
        path: '/api-uaa/oauth/loginByCode',
        json: input,
        schema: LoginResultSchema,
        tokenless: true,
      }),
    /** POST /api-uaa/oauth/openId/token: sign in with what a third-party provider sent back. */
    openIdToken: (input: OpenIdTokenRequest) =>
      http.request({
        method: 'POST',
        path: '/api-uaa/oauth/openId/token',
        json: input,
        schema: LoginResultSchema,
        tokenless: true,
      }),
    /** POST /api-uaa/oauth/remove/token: ends this session on the server. */
    logout: () =>
      http.request({ method: 'POST', path: '/api-uaa/oauth/remove/token', schema: z.null() }),
    /** GET /api-user/public/thirdPlatformList: configured providers, each with a fresh sign-in address. */
    thirdPlatforms: async () =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/public/thirdPlatformList',
          schema: ThirdPlatformListSchema,
          tokenless: true,
        })
      ).datas,
    /** GET /api-uaa/oauth/getMobileByEmail: the account's masked mobile, or null. */
    mobileByEmail: async (email: string) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-uaa/oauth/getMobileByEmail',
          query: { email },
          schema: MobileByEmailResultSchema,
          tokenless: true,
        })
      ).datas.mobile,
  };
}
