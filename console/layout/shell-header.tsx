import { ActionIcon, Burger, Group, Text, Tooltip } from '@mantine/core';
import { LogoMark } from '@shared/ui/logo';
import {
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconSettings,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../components/language-switch';
import type { MainSiteLinks } from '../platform/boot';
import { useAppStore } from '../stores/app-store';
import { useSettingsStore } from '../stores/settings-store';
import { BalanceMenu, CartBadge, HeaderSearch, SiteSelect } from './header-parts';
import type { ShellParts } from './shell-parts';
import { UserMenu } from './user-menu';

/** The logo: to the main site's home when there is one, else the dashboard. */
function HomeLogo({ links, showName }: { links: MainSiteLinks | null; showName: boolean }) {
  const { t } = useTranslation(['common', 'layout']);
  const mark = (
    <Group gap={8} wrap="nowrap">
      <LogoMark size={28} />
      {showName && (
        <Text fw={700} size="sm" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
          {t('appName')}
        </Text>
      )}
    </Group>
  );
  return links ? (
    <a
      href={links.home}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('layout:header.mainSite')}
      data-testid="header-logo"
      style={{ color: 'inherit', textDecoration: 'none' }}
    >
      {mark}
    </a>
  ) : (
    <Link
      to="/cmpDashboard"
      aria-label={t('appName')}
      data-testid="header-logo"
      style={{ color: 'inherit', textDecoration: 'none' }}
    >
      {mark}
    </Link>
  );
}

/** The header bar (spec section 1). */
export function ShellHeader({
  links,
  parts: { MessageBell, HelpButton, CustomerServiceButton, DownloadAppButton },
}: {
  links: MainSiteLinks | null;
  parts: ShellParts;
}) {
  const { t } = useTranslation('layout');
  const device = useAppStore((state) => state.device);
  const sidebarOpened = useAppStore((state) => state.sidebarOpened);
  const mobileOpened = useAppStore((state) => state.mobileOpened);
  const toggleSidebar = useAppStore((state) => state.toggleSidebar);
  const sidebarLogo = useSettingsStore((state) => state.sidebarLogo);
  const openSettings = useSettingsStore((state) => state.setShowSettings);
  const mobile = device === 'mobile';

  return (
    <Group h={56} px="md" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="sm" wrap="nowrap">
        {mobile ? (
          <Burger
            opened={mobileOpened}
            onClick={toggleSidebar}
            size="sm"
            aria-label={t('header.toggleSidebar')}
            data-testid="sidebar-toggle"
          />
        ) : (
          <Tooltip label={t('header.toggleSidebar')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={toggleSidebar}
              aria-label={t('header.toggleSidebar')}
              aria-expanded={sidebarOpened}
              data-testid="sidebar-toggle"
            >
              {sidebarOpened ? (
                <IconLayoutSidebarLeftCollapse size={20} stroke={1.6} />
              ) : (
                <IconLayoutSidebarLeftExpand size={20} stroke={1.6} />
              )}
            </ActionIcon>
          </Tooltip>
        )}
        <HomeLogo links={links} showName={mobile || !sidebarLogo} />
        {links && (
          <Group visibleFrom="lg">
            <HeaderSearch links={links} />
          </Group>
        )}
      </Group>
      <Group gap={4} wrap="nowrap">
        <Group gap={4} wrap="nowrap" visibleFrom="md">
          <SiteSelect />
          <LanguageSwitch />
        </Group>
        <Group gap={4} wrap="nowrap" visibleFrom="sm">
          <BalanceMenu />
          {links && <CartBadge links={links} />}
        </Group>
        <MessageBell />
        <Group gap={4} wrap="nowrap" visibleFrom="sm">
          <HelpButton />
          <CustomerServiceButton />
          <DownloadAppButton />
          <Tooltip label={t('settings.open')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={() => openSettings(true)}
              aria-label={t('settings.open')}
              data-testid="settings-open"
            >
              <IconSettings size={20} stroke={1.6} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <UserMenu />
      </Group>
    </Group>
  );
}
