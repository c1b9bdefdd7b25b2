import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { type ConsoleRoute, namespaces, requireMenu } from '../../platform/routing';
import { validateHistoryMoneySearch } from './history-money-search';

/** The wallet's history and freeze details, under the funds group. */
export function createWalletRoutes<TOther extends ConsoleRoute>({ other }: { other: TOther }) {
  const historyMoney = createRoute({
    getParentRoute: () => other,
    path: 'historyMoney',
    staticData: { titleKey: 'routes.historyMoney' },
    validateSearch: validateHistoryMoneySearch,
    beforeLoad: requireMenu('/other/historyMoney'),
    loader: namespaces('wallet'),
    component: lazyRouteComponent(() => import('./history-money-page'), 'HistoryMoneyPage'),
  });
  return { other: [historyMoney] } as const;
}
