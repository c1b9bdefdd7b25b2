import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { type ConsoleRoute, namespaces } from '../../platform/routing';

/** The service agreement and the privacy policy, readable without signing in. */
export function createPolicyRoutes<TRoot extends ConsoleRoute>({ root }: { root: TRoot }) {
  const servicePolicy = createRoute({
    getParentRoute: () => root,
    path: '/servicePolicy',
    staticData: { titleKey: 'routes.servicePolicy' },
    loader: namespaces('policy'),
    component: lazyRouteComponent(() => import('./policy-page'), 'ServicePolicyPage'),
  });
  const secretPolicy = createRoute({
    getParentRoute: () => root,
    path: '/secretPolicy',
    staticData: { titleKey: 'routes.secretPolicy' },
    loader: namespaces('policy'),
    component: lazyRouteComponent(() => import('./policy-page'), 'SecretPolicyPage'),
  });
  return { root: [servicePolicy, secretPolicy] } as const;
}
