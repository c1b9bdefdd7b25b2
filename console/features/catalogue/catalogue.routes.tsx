import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { type ConsoleRoute, namespaces, requireMenu } from '../../platform/routing';
import { validateCatalogueDetailsSearch, validateCatalogueSearch } from './catalogue-route-search';

/** Product sourcing (mall, suppliers, direct sale, third-party) and one product, under products. */
export function createCatalogueRoutes<TProduct extends ConsoleRoute>({
  product,
}: {
  product: TProduct;
}) {
  const thirdProductList = createRoute({
    getParentRoute: () => product,
    path: 'thirdProductList',
    staticData: { titleKey: 'routes.thirdProductList' },
    validateSearch: validateCatalogueSearch,
    beforeLoad: requireMenu('/product/thirdProductList'),
    loader: namespaces('catalogue'),
    component: lazyRouteComponent(() => import('./catalogue-list-page'), 'CatalogueListPage'),
  });
  const thirdDetails = createRoute({
    getParentRoute: () => product,
    path: 'thirdDetails',
    staticData: { titleKey: 'routes.thirdDetails', hidden: true },
    validateSearch: validateCatalogueDetailsSearch,
    beforeLoad: requireMenu('/product/thirdDetails'),
    loader: namespaces('catalogue'),
    component: lazyRouteComponent(() => import('./catalogue-details-page'), 'CatalogueDetailsPage'),
  });
  return { product: [thirdProductList, thirdDetails] } as const;
}
