import { ActionIcon, AppShell, Divider, Group, Stack } from '@mantine/core';
import { useMediaQuery, useWindowScroll } from '@mantine/hooks';
import { useSession, useSessionStore } from '@shared/session/react';
import { IconSettings } from '@tabler/icons-react';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  Outlet,
  useMatches,
  useRouteContext,
  useRouter,
  useRouterState,
} from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../components/language-switch';
import { ButtonsProvider } from '../components/permission';
import { readBootConfig } from '../platform/boot';
import { createQueryClient } from '../platform/query-client';
import { externalLinks } from '../platform/routing';
import { restoreAppState, useAppStore } from '../stores/app-store';
import { useSettingsStore } from '../stores/settings-store';
import { useTagsViewStore } from '../stores/tags-view-store';
import { BackToTop, BalanceMenu, SiteSelect } from './header-parts';
import {
  buildMenu,
  findMenuItem,
  flattenMenu,
  type MenuItem,
  menuPages,
  routeNodes,
  visibleMenu,
} from './menu';
import { ShellHeader } from './shell-header';
import type { ShellParts } from './shell-parts';
import { Sidebar } from './sidebar';
import { TagsView } from './tags-view';
import { applyThemeColor } from './theme-color';

/** Sidebar width open and closed (spec section 2: 256px). */
const SIDEBAR_WIDTH = 256;
const RAIL_WIDTH = 68;
const HEADER_HEIGHT = 56;
const TAGS_HEIGHT = 36;
/** Below this width the layout is in mobile mode (spec section 2: 992px). */
const MOBILE_QUERY = '(max-width: 991.98px)';
/** Component sizes as Mantine scales. */
const SCALES = { small: 0.92, medium: 1, large: 1.08 } as const;

export function ShellLayout({ parts }: { parts: ShellParts }) {
  const onError = useRouteContext({ from: '__root__', select: (context) => context.onError });
  // One cache per signed-in stay: signing out leaves the shell, and the next user starts empty.
  const [queryClient] = useState(() => createQueryClient(onError));
  // The shell opens as the page's cookies remember it (the sidebar open or closed, the size).
  useState(() => restoreAppState(document));
  return (
    <QueryClientProvider client={queryClient}>
      <Shell parts={parts} />
    </QueryClientProvider>
  );
}

/** The account's menu: the route table matched with its routerInfoList, its external links included. */
function useMenu(): MenuItem[] {
  const router = useRouter();
  const routes = useSession()?.routes;
  return useMemo(
    () =>
      buildMenu(
        routeNodes(router.routeTree),
        routes ?? [],
        externalLinks(readBootConfig(document).mainSite, router.basepath),
      ),
    [router, routes],
  );
}

/** Theme colour and size from the settings, on the page while the shell is. */
function useAppearance() {
  const themeColor = useSettingsStore((state) => state.themeColor);
  const size = useAppStore((state) => state.size);
  useEffect(() => applyThemeColor(document.documentElement, themeColor), [themeColor]);
  useEffect(() => {
    document.documentElement.style.setProperty('--mantine-scale', String(SCALES[size]));
    return () => {
      document.documentElement.style.removeProperty('--mantine-scale');
    };
  }, [size]);
}

/** Every page opened becomes a tab; pinned pages are always there (spec section 2). */
function useVisitedViews(menu: MenuItem[]) {
  const matches = useMatches();
  const location = useRouterState({ select: (state) => state.location });
  const add = useTagsViewStore((state) => state.add);
  useEffect(() => {
    for (const item of flattenMenu(menu).filter((entry) => entry.affix)) {
      add({ path: item.path, fullPath: item.path, titleKey: item.titleKey, affix: true });
    }
  }, [menu, add]);
  const leaf = [...matches].reverse().find((match) => match.staticData.titleKey);
  // Only once the matches belong to the location (while navigating, one runs ahead of the other).
  const current = leaf && leaf.pathname === location.pathname ? leaf : undefined;
  const titleKey = current?.staticData.titleKey;
  const affix = current?.staticData.affix ?? false;
  const { pathname, href } = location;
  useEffect(() => {
    if (titleKey) add({ path: pathname, fullPath: href, titleKey, affix });
  }, [add, pathname, href, titleKey, affix]);
  // Signing out closes every tab (spec section 4); leaving for /404 or /401 keeps them.
  const sessions = useSessionStore();
  useEffect(
    () => () => {
      if (!sessions.getState().snapshot.session) useTagsViewStore.getState().clear();
    },
    [sessions],
  );
}

function Shell({ parts }: { parts: ShellParts }) {
  const {
    ActivityTracker,
    AnnouncementPopup,
    StoreOpenDialog,
    BrowserNotice,
    GuidedTour,
    HelpButton,
    HelpSpotlight,
  } = parts;
  const { t, i18n } = useTranslation('layout');
  const { t: titleOf } = useTranslation('common');
  const menu = useMenu();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const settings = useSettingsStore();
  const { sidebarOpened, mobileOpened, device, setDevice, setMobileOpened } = useAppStore();
  const mobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const [scroll] = useWindowScroll();
  const links = useMemo(() => readBootConfig(document).mainSite, []);
  useAppearance();
  useVisitedViews(menu);

  useEffect(() => setDevice(mobile ? 'mobile' : 'desktop'), [mobile, setDevice]);

  const buttons = findMenuItem(menu, pathname)?.buttons ?? [];
  const sidebarMenu = useMemo(() => visibleMenu(menu), [menu]);
  const searchable = useMemo(
    () =>
      menuPages(menu).map(({ item, parents }) => ({
        title: titleOf(item.titleKey as 'routes.dashboard'),
        path: item.path,
        parents: parents.map((key) => titleOf(key as 'routes.dashboard')),
      })),
    [menu, titleOf],
  );
  const headerHeight = HEADER_HEIGHT + (settings.tagsView ? TAGS_HEIGHT : 0);
  const collapsed = device === 'desktop' && !sidebarOpened;

  return (
    <AppShell
      // Desktop: the sidebar runs the full height beside the header; phones keep the header on top.
      layout={device === 'mobile' ? 'default' : 'alt'}
      header={{ height: headerHeight, collapsed: !settings.fixedHeader && scroll.y > headerHeight }}
      navbar={{
        width: collapsed ? RAIL_WIDTH : SIDEBAR_WIDTH,
        breakpoint: 'md',
        collapsed: { mobile: !mobileOpened },
      }}
      padding="lg"
      data-device={device}
      data-testid="shell"
    >
      <AppShell.Header>
        <ShellHeader links={links} parts={parts} />
        {settings.tagsView && <TagsView pathname={pathname} />}
      </AppShell.Header>
      <AppShell.Navbar
        data-testid="sidebar"
        data-opened={device === 'mobile' ? mobileOpened : sidebarOpened}
      >
        {device === 'mobile' && (
          <Stack gap="xs" p="sm" data-testid="sidebar-tools">
            <Group justify="space-between" wrap="nowrap">
              <SiteSelect />
              <LanguageSwitch />
            </Group>
            <Group justify="space-between" wrap="nowrap">
              <BalanceMenu showAmount />
              <Group gap={4} wrap="nowrap">
                <HelpButton />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  onClick={() => settings.setShowSettings(true)}
                  aria-label={t('settings.open')}
                >
                  <IconSettings size={20} stroke={1.6} />
                </ActionIcon>
              </Group>
            </Group>
            <Divider />
          </Stack>
        )}
        <Sidebar
          menu={sidebarMenu}
          pathname={pathname}
          collapsed={collapsed}
          showLogo={settings.sidebarLogo && device === 'desktop'}
          onNavigate={() => setMobileOpened(false)}
        />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        <BrowserNotice />
        <ButtonsProvider value={buttons}>
          <Outlet />
        </ButtonsProvider>
      </AppShell.Main>
      <SettingsPanelLoader />
      <BackToTop />
      <HelpSpotlight
        menus={searchable}
        pinyinSearch={settings.supportPinyinSearch && i18n.language === 'zh'}
      />
      <AnnouncementPopup />
      <StoreOpenDialog />
      <GuidedTour />
      <ActivityTracker />
    </AppShell>
  );
}

/** The settings panel's code loads the first time it opens. */
function SettingsPanelLoader() {
  const open = useSettingsStore((state) => state.showSettings);
  const [Panel, setPanel] = useState<null | (() => React.JSX.Element)>(null);
  useEffect(() => {
    if (open && !Panel)
      void import('./settings-panel').then((m) => setPanel(() => m.SettingsPanel));
  }, [open, Panel]);
  return Panel ? <Panel /> : null;
}
