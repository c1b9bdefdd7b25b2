import { endpoints } from '@shared/contracts/endpoints';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { revokeSessionsOf } from '../auth/auth.service';
import {
  changePassword,
  completeOnboarding,
  getProfile,
  getUserInfo,
  loginCheck,
  updateProfile,
} from './users.service';

export const usersRoutes = [
  defineRoute(endpoints.users.userInfo, async ({ c, deps, actor }) =>
    ok(c, await getUserInfo(deps, actor)),
  ),
  defineRoute(endpoints.users.profile, async ({ c, deps, actor }) =>
    ok(c, await getProfile(deps, actor)),
  ),
  defineRoute(endpoints.users.updateProfile, async ({ c, deps, actor, query }) => {
    await updateProfile(deps, actor, query);
    return ok(c, await getProfile(deps, actor), 'saved');
  }),
  defineRoute(endpoints.users.changePassword, async ({ c, deps, actor, json }) => {
    await changePassword(deps, actor, json);
    await revokeSessionsOf(deps, null, {
      userId: actor.userId,
      reason: 'password changed',
      exceptSessionId: actor.sessionId,
    });
    return ok(c, null, 'passwordChanged');
  }),
  defineRoute(endpoints.users.loginCheck, async ({ c, deps, actor }) =>
    ok(c, await loginCheck(deps, actor)),
  ),
  defineRoute(endpoints.users.onboarding, async ({ c, deps, actor, json }) => {
    await completeOnboarding(deps, actor, json);
    return ok(c, await loginCheck(deps, actor), 'saved');
  }),
];
