import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { type ConsoleRoute, namespaces, requireMenu } from '../../platform/routing';
import {
  validateCollectorDetailsSearch,
  validateCollectorListSearch,
} from './collector-route-search';

/** The collection box and one collected product, under the products group. */
export function createCollectorRoutes<TProduct extends ConsoleRoute>({
  product,
}: {
  product: TProduct;
}) {
  const collectorList = createRoute({
    getParentRoute: () => product,
    path: 'collectorList',
    staticData: { titleKey: 'routes.collectorList' },
    validateSearch: validateCollectorListSearch,
    beforeLoad: requireMenu('/product/collectorList'),
    loader: namespaces('collector'),
    component: lazyRouteComponent(() => import('./collector-list-page'), 'CollectorListPage'),
  });
  const collectorDetails = createRoute({
    getParentRoute: () => product,
    path: 'collectorDetails',
    staticData: { titleKey: 'routes.collectorDetails', hidden: true },
    validateSearch: validateCollectorDetailsSearch,
    beforeLoad: requireMenu('/product/collectorDetails'),
    loader: namespaces('collector'),
    component: lazyRouteComponent(() => import('./collector-details-page'), 'CollectorDetailsPage'),
  });
  return { product: [collectorList, collectorDetails] } as const;
}
