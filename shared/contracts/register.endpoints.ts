import * as z from 'zod/mini';
import {
  CheckCodeQuerySchema,
  ExistQuerySchema,
  ExistResultSchema,
  RegisterRequestSchema,
  RegisterUrlSchema,
  ResetPasswordRequestSchema,
  SendCodeQuerySchema,
  SendCodeResultSchema,
  TelCodeListSchema,
  TicketSchema,
} from './accounts';
import { LoginResultSchema } from './auth';
import { CaptchaTokenSchema, SliderChallengeSchema, SliderVerifyRequestSchema } from './captcha';
import { defineEndpoint } from './define-endpoint';

/** Registration, its checks, and password reset: all before there is a session. */
export const registerEndpoints = {
  /** A new slider puzzle. */
  sliderChallenge: defineEndpoint({
    method: 'GET',
    path: '/api-user/public/slider/challenge',
    access: 'public',
    response: SliderChallengeSchema,
  }),
  /** Where the piece was let go; a solved puzzle gives a token. */
  sliderVerify: defineEndpoint({
    method: 'POST',
    path: '/api-user/public/slider/verify',
    access: 'public',
    json: SliderVerifyRequestSchema,
    response: CaptchaTokenSchema,
  }),
  sendCode: defineEndpoint({
    method: 'POST',
    path: '/api-user/register/sendValidateCode',
    access: 'public',
    query: SendCodeQuerySchema,
    response: SendCodeResultSchema,
  }),
  /** A right code becomes a ticket. */
  checkCode: defineEndpoint({
    method: 'POST',
    path: '/api-user/register/checkValidateCode',
    access: 'public',
    query: CheckCodeQuerySchema,
    response: TicketSchema,
  }),
  /** Creates the account and signs it in. */
  register: defineEndpoint({
    method: 'POST',
    path: '/api-user/register/register',
    access: 'client',
    json: RegisterRequestSchema,
    response: LoginResultSchema,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api-user/register/resetPassword',
    access: 'public',
    json: ResetPasswordRequestSchema,
    response: z.null(),
  }),
  /** Whether an e-mail or mobile has an account. */
  exists: defineEndpoint({
    method: 'GET',
    path: '/api-user/register/existMobile',
    access: 'public',
    query: ExistQuerySchema,
    response: ExistResultSchema,
  }),
  telCodes: defineEndpoint({
    method: 'GET',
    path: '/api-user/public/telCodeList',
    access: 'public',
    response: TelCodeListSchema,
  }),
  /** Where a visitor creates an account. */
  registerUrl: defineEndpoint({
    method: 'GET',
    path: '/api-user/public/getRegisterUrl',
    access: 'public',
    response: RegisterUrlSchema,
  }),
};
