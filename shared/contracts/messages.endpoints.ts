import { defineEndpoint } from './define-endpoint';
import {
  MessageDetailSchema,
  MessageIdQuerySchema,
  MessageListQuerySchema,
  MessagePageSchema,
  ReadAllResultSchema,
  SubscriptionSchema,
} from './messages';

/**
 * An account's own messages. Reading them needs only a session (the header's bell polls them for
 * everyone); the server scopes every query to the actor's own user id.
 */
export const messagesEndpoints = {
  /** The newest messages and the unread count (the bell polls it). */
  list: defineEndpoint({
    method: 'GET',
    path: '/api-user/message/getMessageList',
    access: 'session',
    query: MessageListQuerySchema,
    response: MessagePageSchema,
  }),
  /** One message with its datas; the server marks it read. */
  open: defineEndpoint({
    method: 'GET',
    path: '/api-user/message/getUserMessage',
    access: 'session',
    query: MessageIdQuerySchema,
    response: MessageDetailSchema,
  }),
  /** Every message read; answers how many changed. */
  readAll: defineEndpoint({
    method: 'GET',
    path: '/api-user/message/readAll',
    access: 'session',
    permission: { menu: '/account/messageCenter', button: 'readAll' },
    response: ReadAllResultSchema,
  }),
  /** Which types reach the account on which channel. */
  subscription: defineEndpoint({
    method: 'GET',
    path: '/api-user/message/subscription',
    access: 'session',
    permission: { menu: '/account/messageSubscribe' },
    response: SubscriptionSchema,
  }),
  /** Saves the choices; answers the whole table. */
  saveSubscription: defineEndpoint({
    method: 'POST',
    path: '/api-user/message/subscription',
    access: 'session',
    json: SubscriptionSchema,
    permission: { menu: '/account/messageSubscribe', button: 'edit' },
    response: SubscriptionSchema,
  }),
};
