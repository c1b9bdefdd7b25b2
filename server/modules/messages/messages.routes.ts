import {
  MessageIdQuerySchema,
  MessageListQuerySchema,
  SubscriptionSchema,
} from '@shared/contracts/messages';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import {
  getSubscription,
  listMessages,
  openMessage,
  readAllMessages,
  saveSubscription,
} from './messages.service';

const MESSAGE_CENTER = '/account/messageCenter';
const MESSAGE_SUBSCRIBE = '/account/messageSubscribe';

/**
 * An account's own messages. Reading them needs only a session (the header's bell polls them for
 * everyone); every query is scoped to the actor's own user id in the service.
 */
export const messagesRoutes = [
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/message/getMessageList',
      access: 'session',
      query: MessageListQuerySchema,
    },
    async ({ c, deps, actor, query }) =>
      ok(c, await listMessages(deps, actor, { ...query, language: c.var.t.language })),
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/message/getUserMessage',
      access: 'session',
      query: MessageIdQuerySchema,
      // A message belongs to one account, never to a shop or another owner: the service reads
      // only the actor's own (tests/server/messages.test.ts shows another account gets "not found").
      notObjects: ['messageId'],
    },
    async ({ c, deps, actor, query }) =>
      ok(
        c,
        await openMessage(deps, actor, { messageId: query.messageId, language: c.var.t.language }),
      ),
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/message/readAll',
      access: 'session',
      permission: { menu: MESSAGE_CENTER, button: 'readAll' },
    },
    async ({ c, deps, actor }) => ok(c, await readAllMessages(deps, actor)),
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/message/subscription',
      access: 'session',
      permission: { menu: MESSAGE_SUBSCRIBE },
    },
    async ({ c, deps, actor }) => ok(c, await getSubscription(deps, actor)),
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/api-user/message/subscription',
      access: 'session',
      json: SubscriptionSchema,
      permission: { menu: MESSAGE_SUBSCRIBE, button: 'edit' },
      example: () => ({ json: { rows: [{ type: 1, site: true, email: false }] } }),
    },
    async ({ c, deps, actor, json }) => ok(c, await saveSubscription(deps, actor, json), 'saved'),
  ),
];
