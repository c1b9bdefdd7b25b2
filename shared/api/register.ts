import * as z from 'zod/mini';
import {
  ExistResultSchema,
  type RegisterRequest,
  RegisterUrlSchema,
  type ResetPasswordRequest,
  SendCodeResultSchema,
  TelCodeListSchema,
  TicketSchema,
} from '../contracts/accounts';
import { LoginResultSchema } from '../contracts/auth';
import {
  CaptchaTokenSchema,
  SliderChallengeSchema,
  type SliderVerifyRequest,
} from '../contracts/captcha';
import type { Http } from './http';

export function createRegisterApi(http: Http) {
  return {
    /** GET /api-user/public/slider/challenge: a new slider puzzle. */
    sliderChallenge: async () =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/public/slider/challenge',
          schema: SliderChallengeSchema,
          tokenless: true,
        })
      ).datas,
    /** POST /api-user/public/slider/verify: where the piece was let go; a solved puzzle gives a token. */
    sliderVerify: async (input: SliderVerifyRequest) =>
      (
        await http.request({
          method: 'POST',
          path: '/api-user/public/slider/verify',
          json: input,
          schema: CaptchaTokenSchema,
          tokenless: true,
        })
      ).datas,
    /** POST /api-user/register/sendValidateCode (query). */
    sendCode: async (input: {
      email: string;
      type: 'register' | 'login' | 'reset';
      captchaToken: string;
    }) =>
      (
        await http.request({
          method: 'POST',
          path: '/api-user/register/sendValidateCode',
          query: input,
          schema: SendCodeResultSchema,
          tokenless: true,
        })
      ).datas,
    /** POST /api-user/register/checkValidateCode (query): a right code becomes a ticket. */
    checkCode: async (input: { email: string; code: string; type: 'register' | 'reset' }) =>
      (
        await http.request({
          method: 'POST',
          path: '/api-user/register/checkValidateCode',
          query: input,
          schema: TicketSchema,
          tokenless: true,
        })
      ).datas,
    /** POST /api-user/register/register: creates the account and signs it in. */
    register: (input: RegisterRequest) =>
      http.request({
        method: 'POST',
        path: '/api-user/register/register',
        json: input,
        schema: LoginResultSchema,
        tokenless: true,
      }),
    /** POST /api-user/register/resetPassword. */
    resetPassword: (input: ResetPasswordRequest) =>
      http.request({
        method: 'POST',
        path: '/api-user/register/resetPassword',
        json: input,
        schema: z.null(),
        tokenless: true,
      }),
    /** GET /api-user/register/existMobile: whether an e-mail or mobile has an account. */
    exists: async (mobile: string) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/register/existMobile',
          query: { mobile },
          schema: ExistResultSchema,
          tokenless: true,
        })
      ).datas.exists,
    /** GET /api-user/public/getRegisterUrl: where a visitor creates an account. */
    registerUrl: async () =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/public/getRegisterUrl',
          schema: RegisterUrlSchema,
          tokenless: true,
        })
      ).datas.url,
    /** GET /api-user/public/telCodeList. */
    telCodes: async () =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/public/telCodeList',
          schema: TelCodeListSchema,
          tokenless: true,
        })
      ).datas,
  };
}
