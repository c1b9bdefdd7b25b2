import type { ChangePasswordRequest, OnboardingRequest } from '../contracts/accounts';
import { endpoints } from '../contracts/endpoints';
import type { Http } from './http';

const calls = endpoints.users;

export function createUsersApi(http: Http) {
  return {
    /** With the session's token or the one just issued. */
    userInfo: async (options: { token?: string; signal?: AbortSignal } = {}) =>
      (await http.call(calls.userInfo, options)).datas,
    /** The profile for account settings. */
    profile: async (options: { signal?: AbortSignal } = {}) =>
      (await http.call(calls.profile, options)).datas,
    /** Query parameters, as the spec's call takes them. */
    updateProfile: (input: { name?: string; headImgUrl?: string }) =>
      http.call(calls.updateProfile, { query: input }),
    /** Other sessions end. */
    changePassword: (input: ChangePasswordRequest) =>
      http.call(calls.changePassword, { json: input }),
    /** The login check: null until the account has onboarded. */
    loginCheck: async (options: { token?: string } = {}) =>
      (await http.call(calls.loginCheck, options)).datas,
    /** Main site and business type. */
    onboarding: (input: OnboardingRequest) => http.call(calls.onboarding, { json: input }),
    /** An image (JPG, PNG or WebP, at most 2 MB). */
    uploadImage: async (file: Blob) => {
      const form = new FormData();
      form.set('file', file);
      return (await http.call(endpoints.files.upload, { form })).datas;
    },
    /** An uploaded file's bytes (avatar, purchase attachment), fetched with the session. */
    file: async ({ key }: { key: string }, options: { signal?: AbortSignal } = {}) =>
      (await http.call(endpoints.files.file, { params: { key }, ...options })).blob,
  };
}
