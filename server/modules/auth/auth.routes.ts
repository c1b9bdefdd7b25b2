import { LoginByCodeRequestSchema, MobileByEmailQuerySchema } from '@shared/contracts/accounts';
import { LoginByPasswordRequestSchema } from '@shared/contracts/auth';
import { remoteAddress } from '../../lib/request-meta';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { maskedMobileOf } from '../accounts/accounts.service';
import { loginByCode, loginByPassword, revokeSession } from './auth.service';
import { signInRoute } from './sign-in-route';

export const authRoutes = [
  signInRoute('/api-uaa/oauth/loginByPassword', LoginByPasswordRequestSchema, loginByPassword),
  signInRoute('/api-uaa/oauth/loginByCode', LoginByCodeRequestSchema, loginByCode),
  defineRoute(
    { method: 'POST', path: '/api-uaa/oauth/remove/token', access: 'session' },
    async ({ c, deps, actor }) => {
      await revokeSession(deps, actor, 'logout');
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
    async ({ c, deps, query }) =>
      ok(c, {
        mobile: await maskedMobileOf(deps, null, { email: query.email, address: remoteAddress(c) }),
      }),
  ),
];
