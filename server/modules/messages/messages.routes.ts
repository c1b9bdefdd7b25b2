import { endpoints } from '@shared/contracts/endpoints';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import {
  getSubscription,
  listMessages,
  openMessage,
  readAllMessages,
  saveSubscription,
} from './messages.service';

/**
 * An account's own messages. Reading them needs only a session (the header's bell polls them for
 * everyone); every query is scoped to the actor's own user id in the service.
 */
export const messagesRoutes = [
  defineRoute(endpoints.messages.list, async ({ c, deps, actor, query }) =>
    ok(c, await listMessages(deps, actor, { ...query, language: c.var.t.language })),
  ),
  defineRoute(
    endpoints.messages.open,
    {
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
  defineRoute(endpoints.messages.readAll, async ({ c, deps, actor }) =>
    ok(c, await readAllMessages(deps, actor)),
  ),
  defineRoute(endpoints.messages.subscription, async ({ c, deps, actor }) =>
    ok(c, await getSubscription(deps, actor)),
  ),
  defineRoute(
    endpoints.messages.saveSubscription,
    {
      example: () => ({ json: { rows: [{ type: 1, site: true, email: false }] } }),
    },
    async ({ c, deps, actor, json }) => ok(c, await saveSubscription(deps, actor, json), 'saved'),
  ),
];
