import * as z from 'zod/mini';
import {
  type ChangePasswordRequest,
  LoginCheckSchema,
  type OnboardingRequest,
  ProfileSchema,
} from '../contracts/accounts';
import { UploadedFileSchema } from '../contracts/third-party';
import { UserInfoSchema } from '../contracts/users';
import type { Http } from './http';

export function createUsersApi(http: Http) {
  return {
    /** GET /api-user/user/userInfo, with the session's token or the one just issued. */
    userInfo: async (options: { token?: string; signal?: AbortSignal } = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/user/userInfo',
          schema: UserInfoSchema,
          ...options,
        })
      ).datas,
    /** GET /user-center/user/getUserInfo: the profile for account settings. */
    profile: async (options: { signal?: AbortSignal } = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/user-center/user/getUserInfo',
          schema: ProfileSchema,
          ...options,
        })
      ).datas,
    /** GET /api-user/user/update_userInfo (query params, as the spec's call takes them). */
    updateProfile: (input: { name?: string; headImgUrl?: string }) =>
      http.request({
        method: 'GET',
        path: '/api-user/user/update_userInfo',
        query: input,
        schema: ProfileSchema,
      }),
    /** POST /api-user/user/changePasswordV2: other sessions end. */
    changePassword: (input: ChangePasswordRequest) =>
      http.request({
        method: 'POST',
        path: '/api-user/user/changePasswordV2',
        json: input,
        schema: z.null(),
      }),
    /** The login check: null until the account has onboarded. */
    loginCheck: async (options: { token?: string } = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/user/loginCheck',
          schema: LoginCheckSchema,
          ...options,
        })
      ).datas,
    /** POST /api-user/user/onboarding: main site and business type. */
    onboarding: (input: OnboardingRequest) =>
      http.request({
        method: 'POST',
        path: '/api-user/user/onboarding',
        json: input,
        schema: LoginCheckSchema,
      }),
    /** POST /api-user/file/upload: an image (JPG, PNG or WebP, at most 2 MB). */
    uploadImage: async (file: Blob) => {
      const form = new FormData();
      form.set('file', file);
      return (
        await http.request({
          method: 'POST',
          path: '/api-user/file/upload',
          form,
          schema: UploadedFileSchema,
        })
      ).datas;
    },
  };
}
