import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { type ConsoleRoute, namespaces, requireMenu } from '../../platform/routing';
import {
  validatePurchaseDetailSearch,
  validatePurchaseListSearch,
  validateWarehouseSearch,
} from './purchase-search';

/** Purchases and warehouses (spec section 2: /purchaseAndWarehouse). */
export function createPurchasesRoutes<TGroup extends ConsoleRoute>({ group }: { group: TGroup }) {
  const purchaseManage = createRoute({
    getParentRoute: () => group,
    path: 'purchaseManage',
    staticData: { titleKey: 'routes.purchaseManage', hidden: true },
    validateSearch: validatePurchaseListSearch,
    beforeLoad: requireMenu('/purchaseAndWarehouse/purchaseManage'),
    loader: namespaces('purchases'),
    component: lazyRouteComponent(() => import('./purchase-list-page'), 'PurchaseListPage'),
  });
  const purchaseManageDetail = createRoute({
    getParentRoute: () => group,
    path: 'purchaseManageDetail',
    staticData: { titleKey: 'routes.purchaseManageDetail', hidden: true },
    // The query's type arrives as text and is read as a number (spec section 2).
    validateSearch: validatePurchaseDetailSearch,
    beforeLoad: requireMenu('/purchaseAndWarehouse/purchaseManageDetail'),
    loader: namespaces('purchases'),
    component: lazyRouteComponent(() => import('./purchase-detail-page'), 'PurchaseDetailPage'),
  });
  const warehouseManage = createRoute({
    getParentRoute: () => group,
    path: 'warehouseManage',
    staticData: { titleKey: 'routes.warehouseManage' },
    validateSearch: validateWarehouseSearch,
    beforeLoad: requireMenu('/purchaseAndWarehouse/warehouseManage'),
    loader: namespaces('purchases'),
    component: lazyRouteComponent(() => import('./warehouse-page'), 'WarehousePage'),
  });
  return { group: [purchaseManage, purchaseManageDetail, warehouseManage] } as const;
}
