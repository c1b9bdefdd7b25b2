import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { type ConsoleRoute, namespaces, requireMenu } from '../../platform/routing';
import {
  validateAuthorizeCallbackSearch,
  validateAuthorizeResultSearch,
} from './authorize-route-search';

/**
 * The shop list under the marketplaces group, and the pages a marketplace sends the seller back
 * to after consent (outside the shell, without sign-in).
 */
export function createShopsRoutes<TRoot extends ConsoleRoute, TPlatform extends ConsoleRoute>({
  root,
  platform,
}: {
  root: TRoot;
  platform: TPlatform;
}) {
  const shops = createRoute({
    getParentRoute: () => platform,
    path: 'authorizeList',
    staticData: { titleKey: 'routes.shops', tour: 'AuthorizeList' },
    beforeLoad: requireMenu('/thirdPartyPlatform/authorizeList'),
    loader: namespaces('shops'),
    component: lazyRouteComponent(() => import('./shops-page'), 'ShopsPage'),
  });
  /** Where a marketplace sends the seller back after consent. */
  const authorizeCallback = createRoute({
    getParentRoute: () => root,
    path: '/authorize/authorizeCallback',
    staticData: { titleKey: 'routes.authorizeCallback' },
    validateSearch: validateAuthorizeCallbackSearch,
    loader: namespaces('layout'),
    component: lazyRouteComponent(
      () => import('./authorize-callback-page'),
      'AuthorizeCallbackPage',
    ),
  });
  const authorizeResult = createRoute({
    getParentRoute: () => root,
    path: '/authorize/authorizeResult',
    staticData: { titleKey: 'routes.authorizeResult' },
    validateSearch: validateAuthorizeResultSearch,
    loader: namespaces('layout'),
    component: lazyRouteComponent(() => import('./authorize-result-page'), 'AuthorizeResultPage'),
  });
  return { platform: [shops], root: [authorizeCallback, authorizeResult] } as const;
}
