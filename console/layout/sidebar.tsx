import { Group, Menu, NavLink, ScrollArea, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { LogoMark } from '@shared/ui/logo';
import {
  IconApps,
  IconBook2,
  IconBuildingStore,
  IconCoins,
  IconExternalLink,
  IconHelpCircle,
  IconHome,
  IconLayoutDashboard,
  IconPackage,
  IconReceipt,
  IconTruckDelivery,
  IconUser,
  IconWallet,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from './menu';
import classes from './sidebar.module.css';

/** The icons a route's `icon` can name. */
const ICONS: Record<string, ComponentType<{ size?: number; stroke?: number }>> = {
  dashboard: IconLayoutDashboard,
  wallet: IconWallet,
  package: IconPackage,
  receipt: IconReceipt,
  store: IconBuildingStore,
  truck: IconTruckDelivery,
  coins: IconCoins,
  apps: IconApps,
  user: IconUser,
  book: IconBook2,
  home: IconHome,
  help: IconHelpCircle,
};

function ItemIcon({ name, size = 18 }: { name: string | undefined; size?: number }) {
  const Icon = (name && ICONS[name]) || IconApps;
  return <Icon size={size} stroke={1.6} />;
}

const isActive = (item: MenuItem, pathname: string): boolean =>
  item.children.length > 0
    ? item.children.some((child) => isActive(child, pathname))
    : pathname.toLowerCase() === item.path.toLowerCase();

/** The tour's name for an entry: its own, or, while it is folded, that of a child inside it. */
function tourOf(item: MenuItem, opened: boolean): string | undefined {
  if (item.tour) return item.tour;
  return opened ? undefined : item.children.find((child) => child.tour)?.tour;
}

interface SidebarProps {
  menu: MenuItem[];
  pathname: string;
  /** Icons only (the desktop sidebar closed). */
  collapsed: boolean;
  showLogo: boolean;
  onNavigate(): void;
}

function ExternalLink({ item, label }: { item: MenuItem; label: string }) {
  return (
    <NavLink
      component="a"
      href={item.external}
      target="_blank"
      rel="noopener noreferrer"
      label={label}
      leftSection={<ItemIcon name={item.icon} />}
      rightSection={<IconExternalLink size={14} stroke={1.6} />}
      className={classes.link}
    />
  );
}

function Entry({
  item,
  pathname,
  onNavigate,
}: Omit<SidebarProps, 'menu' | 'collapsed' | 'showLogo'> & { item: MenuItem }) {
  const { t } = useTranslation('common');
  const active = isActive(item, pathname);
  const [opened, setOpened] = useState(active);
  const label = t(item.titleKey as 'routes.dashboard');
  if (item.external) return <ExternalLink item={item} label={label} />;
  if (item.children.length === 0) {
    return (
      <NavLink
        component={Link}
        to={item.path}
        label={label}
        leftSection={<ItemIcon name={item.icon} />}
        active={active}
        onClick={onNavigate}
        data-tour={item.tour}
        data-menu={item.path}
        className={classes.link}
      />
    );
  }
  return (
    <NavLink
      label={label}
      leftSection={<ItemIcon name={item.icon} />}
      opened={opened || active}
      onChange={setOpened}
      data-tour={tourOf(item, opened || active)}
      data-menu={item.path}
      className={classes.link}
      childrenOffset={28}
    >
      {item.children.map((child) => (
        <Entry key={child.path} item={child} pathname={pathname} onNavigate={onNavigate} />
      ))}
    </NavLink>
  );
}

/** A closed sidebar: one icon per entry; a group opens its pages in a menu beside it. */
function Rail({ menu, pathname, onNavigate }: Omit<SidebarProps, 'collapsed' | 'showLogo'>) {
  const { t } = useTranslation('common');
  return (
    <>
      {menu.map((item) => {
        const label = t(item.titleKey as 'routes.dashboard');
        const active = isActive(item, pathname);
        const icon = (
          <UnstyledButton
            className={classes.railButton}
            data-active={active || undefined}
            aria-label={label}
            data-tour={item.tour ?? item.children.find((child) => child.tour)?.tour}
            data-menu={item.path}
            {...(item.children.length === 0 && !item.external
              ? { component: Link, to: item.path, onClick: onNavigate }
              : {})}
            {...(item.external
              ? {
                  component: 'a',
                  href: item.external,
                  target: '_blank',
                  rel: 'noopener noreferrer',
                }
              : {})}
          >
            <ItemIcon name={item.icon} size={20} />
          </UnstyledButton>
        );
        if (item.children.length === 0) {
          return (
            <Tooltip key={item.path} label={label} position="right" withArrow>
              {icon}
            </Tooltip>
          );
        }
        return (
          <Menu key={item.path} position="right-start" offset={12} trigger="click-hover" withArrow>
            <Menu.Target>{icon}</Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{label}</Menu.Label>
              {item.children.map((child) => (
                <Menu.Item
                  key={child.path}
                  component={Link}
                  to={child.path}
                  onClick={onNavigate}
                  data-active={isActive(child, pathname) || undefined}
                >
                  {t(child.titleKey as 'routes.dashboard')}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        );
      })}
    </>
  );
}

/** The sidebar (spec section 2): translated titles, nested menus, external links in a new tab. */
export function Sidebar({ menu, pathname, collapsed, showLogo, onNavigate }: SidebarProps) {
  const { t } = useTranslation('common');
  return (
    <nav className={classes.sidebar} aria-label={t('menu')} data-collapsed={collapsed || undefined}>
      {showLogo && (
        <Link to="/cmpDashboard" className={classes.logo} onClick={onNavigate}>
          <Group gap={10} wrap="nowrap" justify={collapsed ? 'center' : 'flex-start'}>
            <LogoMark size={28} />
            {!collapsed && (
              <Text fw={700} size="sm" className={classes.logoText} data-testid="sidebar-brand">
                {t('appName')}
              </Text>
            )}
          </Group>
        </Link>
      )}
      <ScrollArea className={classes.scroll} type="hover" scrollbarSize={6}>
        <div className={collapsed ? classes.rail : classes.list} data-testid="sidebar-menu">
          {collapsed ? (
            <Rail menu={menu} pathname={pathname} onNavigate={onNavigate} />
          ) : (
            menu.map((item) => (
              <Entry key={item.path} item={item} pathname={pathname} onNavigate={onNavigate} />
            ))
          )}
        </div>
      </ScrollArea>
    </nav>
  );
}
