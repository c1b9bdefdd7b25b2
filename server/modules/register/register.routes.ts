import {
  CheckCodeQuerySchema,
  ExistQuerySchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  SendCodeQuerySchema,
  TEL_CODES,
} from '@shared/contracts/accounts';
import { SliderVerifyRequestSchema } from '@shared/contracts/captcha';
import { AppError } from '../../lib/errors';
import { remoteAddress } from '../../lib/request-meta';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { accountExists, findUserByIdentifier, guardLookup } from '../accounts/accounts.service';
import { signInRoute } from '../auth/sign-in-route';
import { consumeCaptchaToken, createChallenge, verifyChallenge } from '../captcha/captcha.service';
import { consumeCode, issueTicket, sendCode } from '../verification/verification.service';
import { register, resetPassword } from './register.service';

export const registerRoutes = [
  defineRoute(
    { method: 'GET', path: '/api-user/public/slider/challenge', access: 'public' },
    async ({ c, deps }) => {
      await guardLookup(deps, null, { kind: 'slider', address: remoteAddress(c) });
      return ok(c, await createChallenge(deps, null));
    },
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/api-user/public/slider/verify',
      access: 'public',
      json: SliderVerifyRequestSchema,
      notObjects: ['id'],
    },
    async ({ c, deps, json }) => ok(c, await verifyChallenge(deps, null, json)),
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/api-user/register/sendValidateCode',
      access: 'public',
      query: SendCodeQuerySchema,
    },
    async ({ c, deps, query }) => {
      const existing = await findUserByIdentifier(deps, null, query.email);
      if (query.type === 'register' && existing) throw new AppError('ACCOUNT_ALREADY_REGISTERED');
      await consumeCaptchaToken(deps, null, query.captchaToken);
      const result = await sendCode(deps, null, {
        email: query.email,
        purpose: query.type,
        noAccount: query.type !== 'register' && !existing,
        language: c.var.t.language,
      });
      return ok(c, result);
    },
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/api-user/register/checkValidateCode',
      access: 'public',
      query: CheckCodeQuerySchema,
    },
    async ({ c, deps, query }) => {
      await consumeCode(deps, null, { email: query.email, purpose: query.type, code: query.code });
      return ok(c, await issueTicket(deps, null, { email: query.email, purpose: query.type }));
    },
  ),
  signInRoute('/api-user/register/register', RegisterRequestSchema, register, 'registerSuccess'),
  defineRoute(
    {
      method: 'POST',
      path: '/api-user/register/resetPassword',
      access: 'public',
      json: ResetPasswordRequestSchema,
    },
    async ({ c, deps, json }) => {
      await resetPassword(deps, null, json);
      return ok(c, null, 'passwordReset');
    },
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/register/existMobile',
      access: 'public',
      query: ExistQuerySchema,
    },
    async ({ c, deps, query }) =>
      ok(c, {
        exists: await accountExists(deps, null, {
          identifier: query.mobile,
          address: remoteAddress(c),
        }),
      }),
  ),
  defineRoute({ method: 'GET', path: '/api-user/public/telCodeList', access: 'public' }, ({ c }) =>
    ok(
      c,
      TEL_CODES.map((t) => ({ code: t.code, country: t.country })),
    ),
  ),
  defineRoute(
    { method: 'GET', path: '/api-user/public/getRegisterUrl', access: 'public' },
    ({ c, deps }) => ok(c, { url: `${deps.config.publicUrl}/cmp/login?view=register` }),
  ),
];
