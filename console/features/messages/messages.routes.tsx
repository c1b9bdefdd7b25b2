import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { type ConsoleRoute, namespaces, requireMenu } from '../../platform/routing';
import { validateMessageCenterSearch } from './message-center-search';

/** Message subscriptions and the message centre, under the account group. */
export function createMessagesRoutes<TAccount extends ConsoleRoute>({
  account,
}: {
  account: TAccount;
}) {
  const messageSubscribe = createRoute({
    getParentRoute: () => account,
    path: 'messageSubscribe',
    staticData: { titleKey: 'routes.messageSubscribe' },
    beforeLoad: requireMenu('/account/messageSubscribe'),
    loader: namespaces('messages'),
    component: lazyRouteComponent(() => import('./message-subscribe-page'), 'MessageSubscribePage'),
  });
  const messageCenter = createRoute({
    getParentRoute: () => account,
    path: 'messageCenter',
    staticData: { titleKey: 'routes.messageCenter' },
    validateSearch: validateMessageCenterSearch,
    beforeLoad: requireMenu('/account/messageCenter'),
    loader: namespaces('messages'),
    component: lazyRouteComponent(() => import('./message-center-page'), 'MessageCenterPage'),
  });
  return { account: [messageSubscribe, messageCenter] } as const;
}
