import { AppShell, Burger, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { allows } from '@shared/permissions';
import { useSession } from '@shared/session/react';
import { LogoMark } from '@shared/ui/logo';
import {
  IconBuildingStore,
  IconLayoutDashboard,
  IconSettings,
  IconUsers,
  IconWallet,
} from '@tabler/icons-react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link, Outlet, useRouteContext, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../app/language-switch';
import { createQueryClient } from '../app/query-client';
import { UserMenu } from './user-menu';

/** Sidebar width (spec section 2). */
const SIDEBAR_WIDTH = 256;

/** The sidebar's entries; each shows only when the session's routerInfoList holds its url. */
const NAV = [
  { to: '/cmpDashboard', titleKey: 'routes.dashboard', Icon: IconLayoutDashboard },
  { to: '/thirdPartyPlatform/authorizeList', titleKey: 'routes.shops', Icon: IconBuildingStore },
  { to: '/pay/recharge', titleKey: 'routes.recharge', Icon: IconWallet },
  { to: '/account/accountSetting', titleKey: 'routes.accountSetting', Icon: IconSettings },
  { to: '/account/accountManage', titleKey: 'routes.accountManage', Icon: IconUsers },
] as const;

export function ShellLayout() {
  const { t } = useTranslation(['layout', 'common']);
  const [opened, { toggle, close }] = useDisclosure(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const routes = useSession()?.routes ?? [];
  const onError = useRouteContext({ from: '__root__', select: (context) => context.onError });
  // One cache per signed-in stay: signing out leaves the shell, and the next user starts empty.
  const [queryClient] = useState(() => createQueryClient(onError));

  return (
    <QueryClientProvider client={queryClient}>
      <AppShell
        header={{ height: 56 }}
        navbar={{ width: SIDEBAR_WIDTH, breakpoint: 'md', collapsed: { mobile: !opened } }}
        padding="lg"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={opened}
                onClick={toggle}
                hiddenFrom="md"
                size="sm"
                aria-label="menu"
              />
              <LogoMark size={30} />
              <Text fw={700} visibleFrom="xs">
                {t('common:appName')}
              </Text>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <LanguageSwitch />
              <UserMenu />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="sm">
          {NAV.filter((entry) => allows(routes, entry.to)).map(({ to, titleKey, Icon }) => (
            <NavLink
              key={to}
              component={Link}
              to={to}
              label={t(`common:${titleKey}`)}
              leftSection={<Icon size={18} stroke={1.6} />}
              active={pathname === to}
              onClick={close}
              variant="light"
            />
          ))}
        </AppShell.Navbar>
        <AppShell.Main bg="gray.0">
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </QueryClientProvider>
  );
}
