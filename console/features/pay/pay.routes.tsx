import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { type ConsoleRoute, namespaces, requireMenu } from '../../platform/routing';
import {
  validateAddMoneySearch,
  validateOrderTradingSearch,
  validatePayResultSearch,
  validateRechargeSearch,
} from './pay-route-search';

/**
 * Recharge and order payment under the payments group, the payment result beside it (spec
 * section 2: /payResult), and add funds under the funds group.
 */
export function createPayRoutes<
  TShell extends ConsoleRoute,
  TPay extends ConsoleRoute,
  TOther extends ConsoleRoute,
>({ shell, pay, other }: { shell: TShell; pay: TPay; other: TOther }) {
  const recharge = createRoute({
    getParentRoute: () => pay,
    path: 'recharge',
    staticData: { titleKey: 'routes.recharge' },
    validateSearch: validateRechargeSearch,
    beforeLoad: requireMenu('/pay/recharge'),
    loader: namespaces('pay'),
    component: lazyRouteComponent(() => import('./recharge-page'), 'RechargePage'),
  });
  const orderTrading = createRoute({
    getParentRoute: () => pay,
    path: 'orderTrading',
    staticData: { titleKey: 'routes.orderTrading', hidden: true },
    validateSearch: validateOrderTradingSearch,
    beforeLoad: requireMenu('/pay/orderTrading'),
    loader: namespaces('pay'),
    component: lazyRouteComponent(() => import('./order-trading-page'), 'OrderTradingPage'),
  });
  /** Where a payment lands. */
  const payResult = createRoute({
    getParentRoute: () => shell,
    path: '/payResult',
    staticData: { titleKey: 'routes.payResult', hidden: true },
    validateSearch: validatePayResultSearch,
    beforeLoad: requireMenu('/payResult'),
    loader: namespaces('pay'),
    component: lazyRouteComponent(() => import('./pay-result-page'), 'PayResultPage'),
  });
  const addMoney = createRoute({
    getParentRoute: () => other,
    path: 'addMoney',
    staticData: { titleKey: 'routes.addMoney', hidden: true },
    validateSearch: validateAddMoneySearch,
    beforeLoad: requireMenu('/other/addMoney'),
    loader: namespaces('pay'),
    component: lazyRouteComponent(() => import('./recharge-page'), 'AddMoneyPage'),
  });
  return { pay: [recharge, orderTrading], shell: [payResult], other: [addMoney] } as const;
}
