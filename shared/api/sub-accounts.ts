import * as z from 'zod/mini';
import {
  type CreateSubAccountRequest,
  type MenuGrant,
  SubAccountPageSchema,
  SubAccountSchema,
} from '../contracts/sub-accounts';
import type { Http } from './http';

export function createSubAccountsApi(http: Http) {
  const post = (path: string, json: unknown) =>
    http.request({ method: 'POST', path, json, schema: SubAccountSchema });
  return {
    list: async (
      query: { page: number; limit: number; keyword?: string; status?: string },
      options: { signal?: AbortSignal } = {},
    ) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/subAccount/list',
          query,
          schema: SubAccountPageSchema,
          ...options,
        })
      ).datas,
    create: (input: CreateSubAccountRequest) => post('/api-user/subAccount/create', input),
    update: (input: { id: string; name: string; validUntil: string | null }) =>
      post('/api-user/subAccount/update', input),
    setStatus: (input: { id: string; status: 'enabled' | 'forbidden' }) =>
      post('/api-user/subAccount/status', input),
    resetPassword: (input: { id: string; password: string; confirmPassword: string }) =>
      post('/api-user/subAccount/resetPassword', input),
    setPermissions: (input: { id: string; shopIds: string[]; grants: MenuGrant[] }) =>
      post('/api-user/subAccount/permissions', input),
    remove: (id: string) =>
      http.request({
        method: 'POST',
        path: '/api-user/subAccount/delete',
        json: { id },
        schema: z.object({ id: z.string() }),
      }),
  };
}
