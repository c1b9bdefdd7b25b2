import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { type ConsoleRoute, namespaces, requireMenu } from '../../platform/routing';
import { validateCouponCenterSearch } from './coupon-center-search';

/** The coupon centre, under the funds group. */
export function createCouponsRoutes<TOther extends ConsoleRoute>({ other }: { other: TOther }) {
  const couponCenter = createRoute({
    getParentRoute: () => other,
    path: 'couponCenter',
    staticData: { titleKey: 'routes.couponCenter', hidden: true },
    validateSearch: validateCouponCenterSearch,
    beforeLoad: requireMenu('/other/couponCenter'),
    loader: namespaces('wallet'),
    component: lazyRouteComponent(() => import('./coupon-center-page'), 'CouponCenterPage'),
  });
  return { other: [couponCenter] } as const;
}
