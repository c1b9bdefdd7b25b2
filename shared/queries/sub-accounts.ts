import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import type { CreateSubAccountRequest, MenuGrant, SubAccount } from '../contracts/sub-accounts';
import { useApi } from './api-context';

/** One page of the sub-account list, as the list screen asks for it. */
export interface SubAccountListParams {
  page?: number;
  cursor?: string;
  limit: number;
  keyword?: string;
  status?: SubAccount['status'];
}

const subAccountKeys = {
  all: ['subAccounts'] as const,
  lists: () => [...subAccountKeys.all, 'list'] as const,
  list: (params: SubAccountListParams) => [...subAccountKeys.lists(), params] as const,
};

/** The query sent: no empty keyword, no status filter when none is chosen. */
function cleanParams({
  page,
  cursor,
  limit,
  keyword,
  status,
}: SubAccountListParams): SubAccountListParams {
  const trimmed = keyword?.trim();
  return {
    ...(page !== undefined ? { page } : {}),
    ...(cursor ? { cursor } : {}),
    limit,
    ...(trimmed ? { keyword: trimmed } : {}),
    ...(status ? { status } : {}),
  };
}

function subAccountListQuery(api: ApiClient, params: SubAccountListParams) {
  const query = cleanParams(params);
  return queryOptions({
    queryKey: subAccountKeys.list(query),
    queryFn: ({ signal }) => api.subAccounts.list(query, { signal }),
  });
}

/**
 * A page of the main account's sub-accounts. The previous page stays on screen while the next
 * one loads; the screen shows a failure itself (with a retry), so no toast.
 */
export function useSubAccounts(params: SubAccountListParams) {
  return useQuery({
    ...subAccountListQuery(useApi(), params),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
}

/**
 * A mutation of sub-accounts that refreshes every list page on success. `inlineErrors` when the
 * screen words the failure itself (a form); otherwise the console's error handler toasts it.
 */
function useSubAccountMutation<Input, Output>(
  mutationFn: (api: ApiClient, input: Input) => Promise<Output>,
  inlineErrors: boolean,
) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => mutationFn(api, input),
    onSuccess: () => client.invalidateQueries({ queryKey: subAccountKeys.all }),
    meta: { inlineErrors },
  });
}

export function useCreateSubAccount() {
  return useSubAccountMutation(
    async (api, input: CreateSubAccountRequest) => (await api.subAccounts.create(input)).datas,
    true,
  );
}

export function useUpdateSubAccount() {
  return useSubAccountMutation(
    async (api, input: { id: string; name: string; validUntil: string | null }) =>
      (await api.subAccounts.update(input)).datas,
    true,
  );
}

export function useSetSubAccountStatus() {
  return useSubAccountMutation(
    async (api, input: { id: string; status: 'enabled' | 'forbidden' }) =>
      (await api.subAccounts.setStatus(input)).datas,
    false,
  );
}

export function useResetSubAccountPassword() {
  return useSubAccountMutation(
    async (api, input: { id: string; password: string; confirmPassword: string }) =>
      (await api.subAccounts.resetPassword(input)).datas,
    true,
  );
}

export function useSetSubAccountPermissions() {
  return useSubAccountMutation(
    async (api, input: { id: string; shopIds: string[]; grants: MenuGrant[] }) =>
      (await api.subAccounts.setPermissions(input)).datas,
    true,
  );
}

export function useDeleteSubAccount() {
  return useSubAccountMutation(
    async (api, id: string) => (await api.subAccounts.remove(id)).datas,
    false,
  );
}
