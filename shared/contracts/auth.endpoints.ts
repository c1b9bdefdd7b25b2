import * as z from 'zod/mini';
import {
  LoginByCodeRequestSchema,
  MobileByEmailQuerySchema,
  MobileByEmailResultSchema,
} from './accounts';
import { LoginByPasswordRequestSchema, LoginResultSchema } from './auth';
import { defineEndpoint } from './define-endpoint';

/** Signing in and out. */
export const authEndpoints = {
  /** The message of the answer is the server's success text. */
  loginByPassword: defineEndpoint({
    method: 'POST',
    path: '/api-uaa/oauth/loginByPassword',
    access: 'client',
    json: LoginByPasswordRequestSchema,
    response: LoginResultSchema,
  }),
  /** Sign in with an e-mail code. */
  loginByCode: defineEndpoint({
    method: 'POST',
    path: '/api-uaa/oauth/loginByCode',
    access: 'client',
    json: LoginByCodeRequestSchema,
    response: LoginResultSchema,
  }),
  /** Ends this session on the server. */
  logout: defineEndpoint({
    method: 'POST',
    path: '/api-uaa/oauth/remove/token',
    access: 'session',
    response: z.null(),
  }),
  /** The account's masked mobile, or null. */
  mobileByEmail: defineEndpoint({
    method: 'GET',
    path: '/api-uaa/oauth/getMobileByEmail',
    access: 'public',
    query: MobileByEmailQuerySchema,
    response: MobileByEmailResultSchema,
  }),
};
