import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { type ConsoleRoute, namespaces } from '../../platform/routing';

/** The API reference generated from the shared contract, readable without signing in. */
export function createDocumentationRoutes<TRoot extends ConsoleRoute>({ root }: { root: TRoot }) {
  const documentation = createRoute({
    getParentRoute: () => root,
    path: '/documentation/index',
    staticData: { titleKey: 'routes.documentation' },
    loader: namespaces('documentation'),
    component: lazyRouteComponent(() => import('./documentation-page'), 'DocumentationPage'),
  });
  return { root: [documentation] } as const;
}
