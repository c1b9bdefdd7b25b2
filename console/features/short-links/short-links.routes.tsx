import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { type ConsoleRoute, namespaces } from '../../platform/routing';

/** Opens what a short link the server issued points at, or /404. */
export function createShortLinksRoutes<TRoot extends ConsoleRoute>({ root }: { root: TRoot }) {
  const shortLink = createRoute({
    getParentRoute: () => root,
    path: '/shortUrlLinkRedirect/$id',
    staticData: { titleKey: 'routes.shortLink' },
    loader: namespaces('layout'),
    component: lazyRouteComponent(() => import('./short-link-page'), 'ShortLinkPage'),
  });
  return { root: [shortLink] } as const;
}
