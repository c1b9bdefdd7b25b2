import * as z from 'zod/mini';
import {
  ChangePasswordRequestSchema,
  LoginCheckSchema,
  OnboardingRequestSchema,
  ProfileSchema,
  UpdateProfileQuerySchema,
} from './accounts';
import { defineEndpoint } from './define-endpoint';
import { UserInfoSchema } from './users';

/** The signed-in account: who it is, its profile, password and onboarding. */
export const usersEndpoints = {
  userInfo: defineEndpoint({
    method: 'GET',
    path: '/api-user/user/userInfo',
    access: 'session',
    response: UserInfoSchema,
  }),
  /** The profile for account settings. */
  profile: defineEndpoint({
    method: 'GET',
    path: '/user-center/user/getUserInfo',
    access: 'session',
    response: ProfileSchema,
  }),
  /** Query parameters, as the spec's call takes them. */
  updateProfile: defineEndpoint({
    method: 'GET',
    path: '/api-user/user/update_userInfo',
    access: 'session',
    query: UpdateProfileQuerySchema,
    response: ProfileSchema,
  }),
  /** Other sessions end. */
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/api-user/user/changePasswordV2',
    access: 'session',
    json: ChangePasswordRequestSchema,
    response: z.null(),
  }),
  /** Null until the account has onboarded. */
  loginCheck: defineEndpoint({
    method: 'GET',
    path: '/api-user/user/loginCheck',
    access: 'session',
    response: LoginCheckSchema,
  }),
  /** Main site and business type. */
  onboarding: defineEndpoint({
    method: 'POST',
    path: '/api-user/user/onboarding',
    access: 'main',
    json: OnboardingRequestSchema,
    response: LoginCheckSchema,
  }),
};
