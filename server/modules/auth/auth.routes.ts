import { endpoints } from '@shared/contracts/endpoints';
import { remoteAddress } from '../../lib/request-meta';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { maskedMobileOf } from '../accounts/accounts.service';
import { loginByCode, loginByPassword, revokeSession } from './auth.service';
import { signInRoute } from './sign-in-route';

export const authRoutes = [
  signInRoute(endpoints.auth.loginByPassword, loginByPassword),
  signInRoute(endpoints.auth.loginByCode, loginByCode),
  defineRoute(endpoints.auth.logout, async ({ c, deps, actor }) => {
    await revokeSession(deps, actor, 'logout');
    return ok(c, null, 'logoutSuccess');
  }),
  defineRoute(endpoints.auth.mobileByEmail, async ({ c, deps, query }) =>
    ok(c, {
      mobile: await maskedMobileOf(deps, null, { email: query.email, address: remoteAddress(c) }),
    }),
  ),
];
