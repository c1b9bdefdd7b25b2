import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { type ConsoleRoute, namespaces, requireMenu } from '../../platform/routing';
import { validateOrdersSearch, validateReturnsSearch } from './orders-search';

/** Platform orders and returns, under the marketplaces group. */
export function createOrdersRoutes<TPlatform extends ConsoleRoute>({
  platform,
}: {
  platform: TPlatform;
}) {
  const orderManage = createRoute({
    getParentRoute: () => platform,
    path: 'orderManage',
    staticData: { titleKey: 'routes.orderManage' },
    validateSearch: validateOrdersSearch,
    beforeLoad: requireMenu('/thirdPartyPlatform/orderManage'),
    loader: namespaces('orders', 'shops'),
    component: lazyRouteComponent(() => import('./orders-page'), 'OrdersPage'),
  });
  const returnManage = createRoute({
    getParentRoute: () => platform,
    path: 'returnManage',
    staticData: { titleKey: 'routes.returnManage' },
    validateSearch: validateReturnsSearch,
    beforeLoad: requireMenu('/thirdPartyPlatform/returnManage'),
    loader: namespaces('orders'),
    component: lazyRouteComponent(() => import('./returns-page'), 'ReturnsPage'),
  });
  return { platform: [orderManage, returnManage] } as const;
}
