import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireMenu } from '../platform/routing';
import { productGroup } from './base-routes';

// The menu pages no feature fills yet, each under its group with its real guard and search. A
// feature that fills one moves its route into its own `<domain>.routes.tsx`.

/** A page whose feature arrives later: its real title and menu entry, and a proper empty state. */
const placeholder = lazyRouteComponent(
  () => import('../layout/route-placeholder'),
  'RoutePlaceholder',
);

export const thirdProductList = createRoute({
  getParentRoute: () => productGroup,
  path: 'thirdProductList',
  staticData: { titleKey: 'routes.thirdProductList' },
  beforeLoad: requireMenu('/product/thirdProductList'),
  component: placeholder,
});
export const thirdDetails = createRoute({
  getParentRoute: () => productGroup,
  path: 'thirdDetails',
  staticData: { titleKey: 'routes.thirdDetails', hidden: true },
  beforeLoad: requireMenu('/product/thirdDetails'),
  component: placeholder,
});
