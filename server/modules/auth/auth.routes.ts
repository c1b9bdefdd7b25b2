import { LoginByCodeRequestSchema, MobileByEmailQuerySchema } from '@shared/contracts/accounts';
import { LoginByPasswordRequestSchema } from '@shared/contracts/auth';
import { loginMeta } from '../../lib/request-meta';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { maskedMobileOf } from '../register/register.service';
import { loginByCode, loginByPassword, revokeSession } from './auth.service';

export const authRoutes = [
  defineRoute(
    {
      method: 'POST',
      path: '/api-uaa/oauth/loginByPassword',
      access: 'client',
      json: LoginByPasswordRequestSchema,
    },
    async ({ c, deps, json, clientId }) =>
      ok(c, await loginByPassword(deps, json, loginMeta(c, clientId)), 'loginSuccess'),
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/api-uaa/oauth/loginByCode',
      access: 'client',
      json: LoginByCodeRequestSchema,
    },
    async ({ c, deps, json, clientId }) =>
      ok(c, await loginByCode(deps, json, loginMeta(c, clientId)), 'loginSuccess'),
  ),
  defineRoute(
    { method: 'POST', path: '/api-uaa/oauth/remove/token', access: 'session' },
    async ({ c, deps, actor }) => {
      await revokeSession(deps, actor.sessionId, 'logout');
      return ok(c, null, 'logoutSuccess');
    },
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/api-uaa/oauth/getMobileByEmail',
      access: 'public',
      query: MobileByEmailQuerySchema,
    },
    async ({ c, deps, query }) => ok(c, { mobile: await maskedMobileOf(deps, c, query.email) }),
  ),
];
