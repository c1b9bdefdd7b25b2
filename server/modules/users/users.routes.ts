import {
  ChangePasswordRequestSchema,
  OnboardingRequestSchema,
  UpdateProfileQuerySchema,
} from '@shared/contracts/accounts';
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
  defineRoute(
    { method: 'GET', path: '/api-user/user/userInfo', access: 'session' },
    async ({ c, deps, actor }) => ok(c, await getUserInfo(deps, actor)),
  ),
  defineRoute(
    { method: 'GET', path: '/user-center/user/getUserInfo', access: 'session' },
    async ({ c, deps, actor }) => ok(c, await getProfile(deps, actor)),
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/user/update_userInfo',
      access: 'session',
      query: UpdateProfileQuerySchema,
    },
    async ({ c, deps, actor, query }) => {
      await updateProfile(deps, actor, query);
      return ok(c, await getProfile(deps, actor), 'saved');
    },
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/api-user/user/changePasswordV2',
      access: 'session',
      json: ChangePasswordRequestSchema,
    },
    async ({ c, deps, actor, json }) => {
      await changePassword(deps, actor, json);
      await revokeSessionsOf(deps, null, {
        userId: actor.userId,
        reason: 'password changed',
        exceptSessionId: actor.sessionId,
      });
      return ok(c, null, 'passwordChanged');
    },
  ),
  defineRoute(
    { method: 'GET', path: '/api-user/user/loginCheck', access: 'session' },
    async ({ c, deps, actor }) => ok(c, await loginCheck(deps, actor)),
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/api-user/user/onboarding',
      access: 'main',
      json: OnboardingRequestSchema,
    },
    async ({ c, deps, actor, json }) => {
      await completeOnboarding(deps, actor, json);
      return ok(c, await loginCheck(deps, actor), 'saved');
    },
  ),
];
