import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requireMenu } from '../platform/routing';
import { orderGroup, serviceGroup } from './base-routes';

// The menu pages no feature fills yet, each under its group with its real guard and search. A
// feature that fills one moves its route into its own `<domain>.routes.tsx`.

/** A page whose feature arrives later: its real title and menu entry, and a proper empty state. */
const placeholder = lazyRouteComponent(
  () => import('../layout/route-placeholder'),
  'RoutePlaceholder',
);

/**
 * One optional id parameter of a search, absent when empty. Digits-only ids (marketplace order
 * numbers) arrive parsed as numbers and stay numbers, so the address keeps them unquoted.
 */
function idParam<K extends string>(
  search: Record<string, unknown>,
  key: K,
): { [P in K]?: string | number } {
  const value = search[key];
  const kept =
    (typeof value === 'string' && value !== '') ||
    (typeof value === 'number' && Number.isFinite(value));
  return kept ? ({ [key]: value } as { [P in K]?: string | number }) : {};
}

export const serviceProgress = createRoute({
  getParentRoute: () => orderGroup,
  path: 'serviceProgress',
  staticData: { titleKey: 'routes.serviceProgress' },
  validateSearch: (search: Record<string, unknown>) => idParam(search, 'serviceNo'),
  beforeLoad: requireMenu('/order/serviceProgress'),
  component: placeholder,
});
export const serviceMarket = createRoute({
  getParentRoute: () => serviceGroup,
  path: 'serviceMarket',
  staticData: { titleKey: 'routes.serviceMarket' },
  beforeLoad: requireMenu('/service/serviceMarket'),
  component: placeholder,
});
