import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { type ConsoleRoute, namespaces, requireMenu } from '../../platform/routing';

/** The home page every account lands on, pinned in the tags view. */
export function createDashboardRoutes<TShell extends ConsoleRoute>({ shell }: { shell: TShell }) {
  const dashboard = createRoute({
    getParentRoute: () => shell,
    path: '/cmpDashboard',
    staticData: { titleKey: 'routes.dashboard', icon: 'dashboard', affix: true },
    beforeLoad: requireMenu('/cmpDashboard'),
    loader: namespaces('dashboard'),
    component: lazyRouteComponent(() => import('./dashboard-page'), 'DashboardPage'),
  });
  return { shell: [dashboard] } as const;
}
