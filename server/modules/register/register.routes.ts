import { endpoints } from '@shared/contracts/endpoints';
import { AppError } from '../../lib/errors';
import { remoteAddress } from '../../lib/request-meta';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { accountExists, findUserByIdentifier, guardLookup } from '../accounts/accounts.service';
import { signInRoute } from '../auth/sign-in-route';
import { consumeCaptchaToken, createChallenge, verifyChallenge } from '../captcha/captcha.service';
import { listTelCodes } from '../sites/sites.service';
import { consumeCode, issueTicket, sendCode } from '../verification/verification.service';
import { register, resetPassword } from './register.service';

export const registerRoutes = [
  defineRoute(endpoints.register.sliderChallenge, async ({ c, deps }) => {
    await guardLookup(deps, null, { kind: 'slider', address: remoteAddress(c) });
    return ok(c, await createChallenge(deps, null));
  }),
  defineRoute(endpoints.register.sliderVerify, { notObjects: ['id'] }, async ({ c, deps, json }) =>
    ok(c, await verifyChallenge(deps, null, json)),
  ),
  defineRoute(endpoints.register.sendCode, async ({ c, deps, query }) => {
    // The slider first, then the lookup counted in its limit: only then may the answer say
    // whether the address has an account.
    await consumeCaptchaToken(deps, null, query.captchaToken);
    if (query.type === 'register')
      await guardLookup(deps, null, { kind: 'exists', address: remoteAddress(c) });
    const existing = await findUserByIdentifier(deps, null, query.email);
    if (query.type === 'register' && existing) throw new AppError('ACCOUNT_ALREADY_REGISTERED');
    const result = await sendCode(deps, null, {
      email: query.email,
      purpose: query.type,
      noAccount: query.type !== 'register' && !existing,
      language: c.var.t.language,
    });
    return ok(c, result);
  }),
  defineRoute(endpoints.register.checkCode, async ({ c, deps, query }) => {
    await consumeCode(deps, null, { email: query.email, purpose: query.type, code: query.code });
    return ok(c, await issueTicket(deps, null, { email: query.email, purpose: query.type }));
  }),
  signInRoute(endpoints.register.register, register, 'registerSuccess'),
  defineRoute(endpoints.register.resetPassword, async ({ c, deps, json }) => {
    await resetPassword(deps, null, json);
    return ok(c, null, 'passwordReset');
  }),
  defineRoute(endpoints.register.exists, async ({ c, deps, query }) =>
    ok(c, {
      exists: await accountExists(deps, null, {
        identifier: query.mobile,
        address: remoteAddress(c),
      }),
    }),
  ),
  defineRoute(endpoints.register.telCodes, async ({ c, deps }) =>
    ok(c, await listTelCodes(deps, null, { t: c.var.t })),
  ),
  defineRoute(endpoints.register.registerUrl, ({ c, deps }) =>
    ok(c, { url: `${deps.config.publicUrl}/cmp/login?view=register` }),
  ),
];
