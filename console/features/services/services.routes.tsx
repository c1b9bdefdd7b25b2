import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { type ConsoleRoute, namespaces, requireMenu } from '../../platform/routing';
import { validateServiceProgressSearch } from './services-search';

/** Service progress under the orders group, the service market under the services group. */
export function createServicesRoutes<TOrder extends ConsoleRoute, TService extends ConsoleRoute>({
  order,
  service,
}: {
  order: TOrder;
  service: TService;
}) {
  const serviceProgress = createRoute({
    getParentRoute: () => order,
    path: 'serviceProgress',
    staticData: { titleKey: 'routes.serviceProgress' },
    validateSearch: validateServiceProgressSearch,
    beforeLoad: requireMenu('/order/serviceProgress'),
    loader: namespaces('services'),
    component: lazyRouteComponent(() => import('./service-progress-page'), 'ServiceProgressPage'),
  });
  const serviceMarket = createRoute({
    getParentRoute: () => service,
    path: 'serviceMarket',
    staticData: { titleKey: 'routes.serviceMarket' },
    beforeLoad: requireMenu('/service/serviceMarket'),
    loader: namespaces('services'),
    component: lazyRouteComponent(() => import('./service-market-page'), 'ServiceMarketPage'),
  });
  return { order: [serviceProgress], service: [serviceMarket] } as const;
}
