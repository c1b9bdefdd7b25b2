import { endpoints } from '../contracts/endpoints';
import type { MessageType, ReadState, Subscription } from '../contracts/messages';
import type { Http } from './http';

/** One page of messages as a screen asks for it; no filter means every type and read state. */
export interface MessageListParams {
  page?: number;
  cursor?: string;
  limit: number;
  type?: MessageType;
  isRead?: ReadState;
}

const calls = endpoints.messages;

export function createMessagesApi(http: Http) {
  return {
    /** The newest messages and the unread count (the bell polls it). */
    list: async (query: MessageListParams, options: { signal?: AbortSignal } = {}) =>
      (await http.call(calls.list, { query: { ...query }, ...options })).datas,
    /** One message with its datas; the server marks it read. */
    open: async (messageId: number) =>
      (await http.call(calls.open, { query: { messageId } })).datas,
    /** Every message read; answers how many changed. */
    readAll: async () => (await http.call(calls.readAll)).datas,
    /** Which types reach the account on which channel. */
    subscription: async (options: { signal?: AbortSignal } = {}) =>
      (await http.call(calls.subscription, options)).datas,
    /** Saves the choices; answers the whole table. */
    saveSubscription: async (input: Subscription) =>
      (await http.call(calls.saveSubscription, { json: input })).datas,
  };
}
