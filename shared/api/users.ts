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
  };
}
