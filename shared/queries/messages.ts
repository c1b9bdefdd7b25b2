import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ApiClient } from '../api/client';
import type { MessageListParams } from '../api/messages';
import type { Subscription } from '../contracts/messages';
import { useApi } from './api-context';

const messageKeys = {
  all: ['messages'] as const,
  lists: () => [...messageKeys.all, 'list'] as const,
  list: (params: MessageListParams) => [...messageKeys.lists(), params] as const,
  subscription: () => [...messageKeys.all, 'subscription'] as const,
};

function messageListQuery(api: ApiClient, params: MessageListParams) {
  return queryOptions({
    queryKey: messageKeys.list(params),
    queryFn: ({ signal }) => api.messages.list(params, { signal }),
  });
}

/**
 * The newest messages and the unread count, for the header's bell. It is fetched on a timer by
 * the caller (which knows about page visibility), not on window focus by the query library; a
 * failed background poll is never toasted (an ended session still signs out).
 */
export function useLatestMessages(limit: number, options: { enabled: boolean }) {
  return useQuery({
    ...messageListQuery(useApi(), { page: 1, limit }),
    enabled: options.enabled,
    refetchOnWindowFocus: false,
    meta: { inlineErrors: true },
  });
}

/** A page of the message center; the previous page stays on screen while the next one loads. */
export function useMessageList(params: MessageListParams) {
  return useQuery({
    ...messageListQuery(useApi(), params),
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
}

/** Opens a message (getUserMessage): the server marks it read; every list refreshes. */
export function useOpenMessage() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => api.messages.open(messageId),
    onSuccess: () => client.invalidateQueries({ queryKey: messageKeys.lists() }),
  });
}

/** Marks every message read; every list refreshes. */
export function useReadAllMessages() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.messages.readAll(),
    onSuccess: () => client.invalidateQueries({ queryKey: messageKeys.lists() }),
  });
}

function subscriptionQuery(api: ApiClient) {
  return queryOptions({
    queryKey: messageKeys.subscription(),
    queryFn: ({ signal }) => api.messages.subscription({ signal }),
  });
}

/** Which message types reach the account in the console and by e-mail. */
export function useMessageSubscription() {
  return useQuery({ ...subscriptionQuery(useApi()), meta: { inlineErrors: true } });
}

/** Saves the subscription table; a failure is toasted and the screen keeps its edits. */
export function useSaveMessageSubscription() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Subscription) => api.messages.saveSubscription(input),
    onSuccess: (saved) => client.setQueryData(messageKeys.subscription(), saved),
  });
}
