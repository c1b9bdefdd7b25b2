import { endpoints } from '../contracts/endpoints';
import type { CreateSubAccountRequest, MenuGrant, SubAccount } from '../contracts/sub-accounts';
import type { Http } from './http';

const calls = endpoints.subAccounts;

export function createSubAccountsApi(http: Http) {
  return {
    list: async (
      query: {
        page?: number;
        cursor?: string;
        limit: number;
        keyword?: string;
        status?: SubAccount['status'];
      },
      options: { signal?: AbortSignal } = {},
    ) => (await http.call(calls.list, { query, ...options })).datas,
    create: (input: CreateSubAccountRequest) => http.call(calls.create, { json: input }),
    update: (input: { id: string; name: string; validUntil: string | null }) =>
      http.call(calls.update, { json: input }),
    setStatus: (input: { id: string; status: 'enabled' | 'forbidden' }) =>
      http.call(calls.setStatus, { json: input }),
    resetPassword: (input: { id: string; password: string; confirmPassword: string }) =>
      http.call(calls.resetPassword, { json: input }),
    setPermissions: (input: { id: string; shopIds: string[]; grants: MenuGrant[] }) =>
      http.call(calls.setPermissions, { json: input }),
    remove: (id: string) => http.call(calls.remove, { json: { id } }),
  };
}
