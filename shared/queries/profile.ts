import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ApiClient } from '../api/client';
import type { ChangePasswordRequest, Profile } from '../contracts/accounts';
import { useApi } from './api-context';
import { userKeys } from './users';

const profileKeys = {
  all: ['profile'] as const,
  detail: () => [...profileKeys.all, 'detail'] as const,
  wechatQr: () => [...profileKeys.all, 'wechatQr'] as const,
  wechatBindStatus: (sceneId: string) => [...profileKeys.all, 'wechatBindStatus', sceneId] as const,
};

/** How often a shown binding QR code is asked about while the bind modal is open. */
const BIND_POLL_MS = 2000;

function profileQuery(api: ApiClient) {
  return queryOptions({
    queryKey: profileKeys.detail(),
    queryFn: ({ signal }) => api.users.profile({ signal }),
    // The settings page shows a failed load itself, with a retry.
    meta: { inlineErrors: true },
  });
}

/**
 * A QR code that binds the WeChat scanning it. Each one is a new ticket on the server, so it is
 * never refetched behind the user's back (focus, remount); `refetch()` asks for a fresh one.
 */
function wechatQrQuery(api: ApiClient) {
  return queryOptions({
    queryKey: profileKeys.wechatQr(),
    queryFn: () => api.wechat.bindQrcode(),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    meta: { inlineErrors: true },
  });
}

/** The account-settings profile (GET /user-center/user/getUserInfo). */
export function useProfile() {
  return useQuery(profileQuery(useApi()));
}

/** The binding QR code, fetched while `enabled` (the bind modal is open). */
export function useWechatBindQr(enabled: boolean) {
  return useQuery({ ...wechatQrQuery(useApi()), enabled });
}

/**
 * Where a binding QR code stands: asked every 2 s while `active` (the code is shown and has not
 * run out) until the answer is final (bound, taken or expired).
 */
export function useWechatBindStatus(sceneId: string | null, active: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: profileKeys.wechatBindStatus(sceneId ?? ''),
    queryFn: () => api.wechat.bindStatus(sceneId ?? ''),
    enabled: active && sceneId !== null,
    refetchInterval: (query) =>
      query.state.data === undefined || query.state.data === 'pending' ? BIND_POLL_MS : false,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    meta: { inlineErrors: true },
  });
}

/**
 * After a change of name or avatar: the profile takes the server's answer, and the dashboard's
 * userInfo is refetched (the session's cached user is the component's to refresh: queries do not
 * reach the session).
 */
function useProfileChanged() {
  const client = useQueryClient();
  return async (profile: Profile) => {
    client.setQueryData(profileKeys.detail(), profile);
    await client.invalidateQueries({ queryKey: userKeys.all });
  };
}

/** Name or avatar (an empty headImgUrl removes the avatar). Errors are shown by the caller. */
export function useUpdateProfile() {
  const api = useApi();
  const changed = useProfileChanged();
  return useMutation({
    mutationFn: async (input: { name?: string; headImgUrl?: string }) =>
      (await api.users.updateProfile(input)).datas,
    onSuccess: changed,
    meta: { inlineErrors: true },
  });
}

/** Uploads an image and makes it the avatar. Errors are shown by the caller. */
export function useUploadAvatar() {
  const api = useApi();
  const changed = useProfileChanged();
  return useMutation({
    mutationFn: async (file: Blob) => {
      const { url } = await api.users.uploadImage(file);
      return (await api.users.updateProfile({ headImgUrl: url })).datas;
    },
    onSuccess: changed,
    meta: { inlineErrors: true },
  });
}

/** Changes the password; the server signs every other session out. Errors are shown by the caller. */
export function useChangePassword() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: ChangePasswordRequest) => api.users.changePassword(input),
    meta: { inlineErrors: true },
  });
}

/** Mails the code that confirms unbinding WeChat. Errors are shown by the caller. */
export function useSendUnbindCode() {
  const api = useApi();
  return useMutation({
    mutationFn: async () => (await api.wechat.sendUnbindCode()).datas,
    meta: { inlineErrors: true },
  });
}

/** Unbinds WeChat with the mailed code. Errors are shown by the caller. */
export function useUnbindWechat() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.wechat.unbind(code),
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.detail() }),
    meta: { inlineErrors: true },
  });
}

/** Refetches the profile (after WeChat was bound by a scan). */
export function useRefreshProfile() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: profileKeys.detail() }), [client]);
}
