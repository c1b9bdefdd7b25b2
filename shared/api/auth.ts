import * as z from 'zod/mini';
import { type LoginByPasswordRequest, LoginResultSchema } from '../contracts/auth';
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
    /** POST /api-uaa/oauth/remove/token: ends this session on the server. */
    logout: () =>
      http.request({ method: 'POST', path: '/api-uaa/oauth/remove/token', schema: z.null() }),
  };
}
