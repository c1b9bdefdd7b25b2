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
    async ({ c, deps, actor }) => ok(c, await getUserInfo(deps.db, actor)),
  ),
  defineRoute(
    { method: 'GET', path: '/user-center/user/getUserInfo', access: 'session' },
    async ({ c, deps, actor }) => ok(c, await getProfile(deps.db, actor)),
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/user/update_userInfo',
      access: 'session',
      query: UpdateProfileQuerySchema,
    },
    async ({ c, deps, actor, query }) => {
      await updateProfile(deps.db, deps.clock, actor, query);
      return ok(c, await getProfile(deps.db, actor), 'saved');
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
      await changePassword(deps.db, deps.clock, actor, json);
      await revokeSessionsOf(deps, actor.userId, 'password changed', actor.sessionId);
      return ok(c, null, 'passwordChanged');
    },
  ),
  defineRoute(
    { method: 'GET', path: '/api-user/user/loginCheck', access: 'session' },
    async ({ c, deps, actor }) => ok(c, await loginCheck(deps.db, actor)),
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/api-user/user/onboarding',
      access: 'main',
      json: OnboardingRequestSchema,
    },
    async ({ c, deps, actor, json }) => {
      await completeOnboarding(deps.db, deps.clock, actor, json);
      return ok(c, await loginCheck(deps.db, actor), 'saved');
    },
  ),
];
