import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { type ConsoleRoute, namespaces, requireMenu } from '../../platform/routing';
import { validateMembersSearch } from './members-search';

/** Account settings and the sub-accounts of a main account, under the account group. */
export function createAccountRoutes<TAccount extends ConsoleRoute>({
  account,
}: {
  account: TAccount;
}) {
  const accountSetting = createRoute({
    getParentRoute: () => account,
    path: 'accountSetting',
    staticData: { titleKey: 'routes.accountSetting' },
    beforeLoad: requireMenu('/account/accountSetting'),
    loader: namespaces('settings', 'auth'),
    component: lazyRouteComponent(() => import('./account-settings-page'), 'AccountSettingsPage'),
  });
  const accountManage = createRoute({
    getParentRoute: () => account,
    path: 'accountManage',
    staticData: { titleKey: 'routes.accountManage' },
    validateSearch: (search: Record<string, unknown>) => validateMembersSearch(search),
    beforeLoad: requireMenu('/account/accountManage'),
    loader: namespaces('members'),
    component: lazyRouteComponent(() => import('./members-page'), 'MembersPage'),
  });
  return { account: [accountSetting, accountManage] } as const;
}
