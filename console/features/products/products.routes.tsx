import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { type ConsoleRoute, namespaces, requireMenu } from '../../platform/routing';
import { validateProductDetailSearch, validateProductListSearch } from './products-route-search';

/**
 * The shops' products: the list under the marketplaces group, and one editor per marketplace
 * under the products group (hidden from the menu, opened from the list).
 */
export function createProductsRoutes<
  TProduct extends ConsoleRoute,
  TPlatform extends ConsoleRoute,
>({ product, platform }: { product: TProduct; platform: TPlatform }) {
  const platformProductManage = createRoute({
    getParentRoute: () => platform,
    path: 'platformProductManage',
    staticData: { titleKey: 'routes.platformProductManage' },
    validateSearch: validateProductListSearch,
    beforeLoad: requireMenu('/thirdPartyPlatform/platformProductManage'),
    loader: namespaces('products', 'validation'),
    component: lazyRouteComponent(() => import('./products-list-page'), 'ProductsListPage'),
  });
  const lazadaProductDetail = createRoute({
    getParentRoute: () => product,
    path: 'lazadaProductDetail',
    staticData: { titleKey: 'routes.lazadaProductDetail', hidden: true },
    validateSearch: validateProductDetailSearch,
    beforeLoad: requireMenu('/product/lazadaProductDetail'),
    loader: namespaces('products', 'validation'),
    component: lazyRouteComponent(() => import('./lazada-editor-page'), 'LazadaEditorPage'),
  });
  const shopeeProductDetail = createRoute({
    getParentRoute: () => product,
    path: 'shopeeProductDetail',
    staticData: { titleKey: 'routes.shopeeProductDetail', hidden: true },
    validateSearch: validateProductDetailSearch,
    beforeLoad: requireMenu('/product/shopeeProductDetail'),
    loader: namespaces('products', 'validation'),
    component: lazyRouteComponent(() => import('./shopee-editor-page'), 'ShopeeEditorPage'),
  });
  const tiktokProductDetail = createRoute({
    getParentRoute: () => product,
    path: 'tiktokProductDetail',
    staticData: { titleKey: 'routes.tiktokProductDetail', hidden: true },
    validateSearch: validateProductDetailSearch,
    beforeLoad: requireMenu('/product/tiktokProductDetail'),
    loader: namespaces('products', 'validation'),
    component: lazyRouteComponent(() => import('./tiktok-detail-page'), 'TiktokDetailPage'),
  });
  return {
    product: [lazadaProductDetail, shopeeProductDetail, tiktokProductDetail],
    platform: [platformProductManage],
  } as const;
}
