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
      await guardLookup(deps, c, 'slider');
      return ok(c, await createChallenge(deps));
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
    async ({ c, deps, json }) => ok(c, await verifyChallenge(deps, json)),
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/api-user/register/sendValidateCode',
      access: 'public',
      query: SendCodeQuerySchema,
    },
    async ({ c, deps, query }) => {
      const existing = await findUserByIdentifier(deps.db, query.email);
      if (query.type === 'register' && existing) throw new AppError('ACCOUNT_ALREADY_REGISTERED');
      await consumeCaptchaToken(deps, query.captchaToken);
      const result = await sendCode(deps, c.var.t, {
        email: query.email,
        purpose: query.type,
        noAccount: query.type !== 'register' && !existing,
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
      await consumeCode(deps, { email: query.email, purpose: query.type, code: query.code });
      return ok(c, await issueTicket(deps, { email: query.email, purpose: query.type }));
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
      await resetPassword(deps, json);
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
    async ({ c, deps, query }) => ok(c, { exists: await accountExists(deps, c, query.mobile) }),
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
