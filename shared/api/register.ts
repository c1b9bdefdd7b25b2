import type { RegisterRequest, ResetPasswordRequest } from '../contracts/accounts';
import type { SliderVerifyRequest } from '../contracts/captcha';
import { endpoints } from '../contracts/endpoints';
import type { Http } from './http';

const calls = endpoints.register;

export function createRegisterApi(http: Http) {
  return {
    /** A new slider puzzle. */
    sliderChallenge: async () => (await http.call(calls.sliderChallenge)).datas,
    /** Where the piece was let go; a solved puzzle gives a token. */
    sliderVerify: async (input: SliderVerifyRequest) =>
      (await http.call(calls.sliderVerify, { json: input })).datas,
    sendCode: async (input: {
      email: string;
      type: 'register' | 'login' | 'reset';
      captchaToken: string;
    }) => (await http.call(calls.sendCode, { query: input })).datas,
    /** A right code becomes a ticket. */
    checkCode: async (input: { email: string; code: string; type: 'register' | 'reset' }) =>
      (await http.call(calls.checkCode, { query: input })).datas,
    /** Creates the account and signs it in. */
    register: (input: RegisterRequest) => http.call(calls.register, { json: input }),
    resetPassword: (input: ResetPasswordRequest) => http.call(calls.resetPassword, { json: input }),
    /** Whether an e-mail or mobile has an account. */
    exists: async (mobile: string) =>
      (await http.call(calls.exists, { query: { mobile } })).datas.exists,
    /** Where a visitor creates an account. */
    registerUrl: async () => (await http.call(calls.registerUrl)).datas.url,
    telCodes: async () => (await http.call(calls.telCodes)).datas,
  };
}
