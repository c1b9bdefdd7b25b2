import {
  MessageDetailSchema,
  MessagePageSchema,
  type MessageType,
  ReadAllResultSchema,
  type ReadState,
  type Subscription,
  SubscriptionSchema,
} from '../contracts/messages';
import type { Http } from './http';

/** One page of messages as a screen asks for it; no filter means every type and read state. */
export interface MessageListParams {
  page: number;
  limit: number;
  type?: MessageType;
  isRead?: ReadState;
}

export function createMessagesApi(http: Http) {
  return {
    /** GET /api-user/message/getMessageList: the newest messages and the unread count (the bell polls it). */
    list: async (query: MessageListParams, options: { signal?: AbortSignal } = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/message/getMessageList',
          query: { ...query },
          schema: MessagePageSchema,
          ...options,
        })
      ).datas,
    /** GET /api-user/message/getUserMessage: one message with its datas; the server marks it read. */
    open: async (messageId: number) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/message/getUserMessage',
          query: { messageId },
          schema: MessageDetailSchema,
        })
      ).datas,
    /** GET /api-user/message/readAll: every message read; answers how many changed. */
    readAll: async () =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/message/readAll',
          schema: ReadAllResultSchema,
        })
      ).datas,
    /** GET /api-user/message/subscription: which types reach the account on which channel. */
    subscription: async (options: { signal?: AbortSignal } = {}) =>
      (
        await http.request({
          method: 'GET',
          path: '/api-user/message/subscription',
          schema: SubscriptionSchema,
          ...options,
        })
      ).datas,
    /** POST /api-user/message/subscription: saves the choices; answers the whole table. */
    saveSubscription: async (input: Subscription) =>
      (
        await http.request({
          method: 'POST',
          path: '/api-user/message/subscription',
          json: input,
          schema: SubscriptionSchema,
        })
      ).datas,
  };
}
