import { createAppRouter, menuRouteTree } from '@console/app/router';
import { ButtonsProvider, Permission } from '@console/components/permission';
import {
  buildMenu,
  findMenuItem,
  flattenMenu,
  menuPages,
  type RouteNode,
  routeNodes,
  visibleMenu,
} from '@console/layout/menu';
import {
  addView,
  closeAll,
  closeOthers,
  closeView,
  nextAfterClose,
  type VisitedView,
} from '@console/stores/tags-view-store';
import type { RouterInfo } from '@shared/contracts/auth';
import { MENU_URLS } from '@shared/contracts/menus';
import { createSessionStore } from '@shared/session/store';
import { type AnyRoute, isRedirect } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoSession } from '../support/fixtures';

const tree = routeNodes(menuRouteTree as never);
const paths = (items: { path: string }[]) => items.map((item) => item.path);

describe('the route table', () => {
  it('holds every route group of spec section 2 with titles, icons and hidden flags', () => {
    const all = flattenMenu(
      buildMenu(
        tree,
        flattenNodes(tree).map((node) => ({ url: node.fullPath, button: [] })),
      ),
    );
    expect(paths(all)).toEqual(
      expect.arrayContaining([
        '/cmpDashboard',
        '/pay',
        '/pay/recharge',
        '/pay/orderTrading',
        '/product/thirdProductList',
        '/product/thirdDetails',
        '/product/collectorList',
        '/product/collectorDetails',
        '/product/lazadaProductDetail',
        '/product/shopeeProductDetail',
        '/product/tiktokProductDetail',
        '/order/serviceProgress',
        '/thirdPartyPlatform/orderManage',
        '/thirdPartyPlatform/returnManage',
        '/thirdPartyPlatform/authorizeList',
        '/thirdPartyPlatform/platformProductManage',
        '/purchaseAndWarehouse/purchaseManage',
        '/purchaseAndWarehouse/purchaseManageDetail',
        '/purchaseAndWarehouse/warehouseManage',
        '/other/historyMoney',
        '/other/addMoney',
        '/other/couponCenter',
        '/service/serviceMarket',
        '/account/accountSetting',
        '/account/accountManage',
        '/account/messageSubscribe',
        '/account/messageCenter',
      ]),
    );
    for (const item of all) {
      expect(item.titleKey, item.path).toMatch(/^routes\./);
    }
    const hidden = all.filter((item) => item.hidden).map((item) => item.path);
    expect(hidden).toEqual(
      expect.arrayContaining([
        '/purchaseAndWarehouse/purchaseManage',
        '/purchaseAndWarehouse/purchaseManageDetail',
        '/other/addMoney',
        '/other/couponCenter',
        '/product/thirdDetails',
      ]),
    );
    expect(all.find((item) => item.path === '/cmpDashboard')?.affix).toBe(true);
    expect(all.filter((item) => item.affix)).toHaveLength(1);
    // Every entry the sidebar lists at the top carries an icon.
    for (const item of visibleMenu(
      buildMenu(
        tree,
        flattenNodes(tree).map((n) => ({ url: n.fullPath })),
      ),
    )) {
      expect(item.icon, item.path).toBeTruthy();
    }
  });
});

/** A session store holding an onboarded account granted these menus. */
function sessionWith(routes: RouterInfo[]) {
  return createSessionStore({
    load: () => ({ session: { ...demoSession(), routes }, updatedAt: 1 }),
    save: () => undefined,
  });
}

/** Every route of the console's router, with the full path the router gave it. */
function consoleRoutes(): AnyRoute[] {
  const router = createAppRouter({
    win: window,
    session: sessionWith([]),
    // The guards read neither; the router only holds them.
    api: null as never,
    i18n: null as never,
    onError: () => undefined,
  });
  return Object.values(router.routesById) as AnyRoute[];
}

/** Where a route's own guard sends an account granted these menus; null when it lets it in. */
async function guardSends(route: AnyRoute, routes: RouterInfo[]): Promise<string | null> {
  const beforeLoad = route.options.beforeLoad;
  if (!beforeLoad) return null;
  const location = { pathname: route.fullPath, href: route.fullPath, search: {} };
  try {
    await beforeLoad({
      context: { win: window, session: sessionWith(routes) },
      location,
      search: {},
      params: {},
      matches: [],
    } as never);
  } catch (error) {
    if (isRedirect(error)) return String(error.options.to);
    throw error;
  }
  return null;
}

const grants = (urls: readonly string[]): RouterInfo[] => urls.map((url) => ({ url, button: [] }));

describe('the menus and the routes they guard', () => {
  it('guards exactly one route per menu url, at that full path, by that menu alone', async () => {
    const guarded: AnyRoute[] = [];
    for (const route of consoleRoutes()) {
      // A guarded route turns away an account granted nothing.
      if ((await guardSends(route, [])) === '/401') guarded.push(route);
    }
    // Every url of the list is one route's full path, and every guarded route's path is listed.
    expect(guarded.map((route) => route.fullPath).sort()).toEqual([...MENU_URLS].sort());
    for (const route of guarded) {
      // Its own menu lets the account in ...
      expect(await guardSends(route, grants([route.fullPath])), route.fullPath).toBeNull();
      // ... and every other menu together does not.
      const others = MENU_URLS.filter((url) => url !== route.fullPath);
      expect(await guardSends(route, grants(others)), route.fullPath).toBe('/401');
    }
  });
});

function flattenNodes(nodes: RouteNode[]): RouteNode[] {
  return nodes.flatMap((node) => [node, ...flattenNodes(node.children)]);
}

describe('the menu built from routerInfoList', () => {
  it('matches url segments case-insensitively and takes the last segment’s buttons', () => {
    const menu = buildMenu(tree, [
      { url: '/THIRDPARTYPLATFORM/authorizelist', button: ['authorize', 'unbind'] },
      { url: '/cmpDashboard' },
    ]);
    expect(paths(menu)).toEqual(['/cmpDashboard', '/thirdPartyPlatform']);
    const shops = findMenuItem(menu, '/thirdPartyPlatform/authorizeList');
    expect(shops?.buttons).toEqual(['authorize', 'unbind']);
    expect(findMenuItem(menu, '/thirdPartyPlatform')?.buttons).toEqual([]);
    expect(findMenuItem(menu, '/cmpDashboard')?.buttons).toEqual([]);
    // Only what the server granted: the group holds one page.
    expect(paths(menu[1]?.children ?? [])).toEqual(['/thirdPartyPlatform/authorizeList']);
  });

  it('keeps hidden children in the menu but not in the sidebar', () => {
    const menu = buildMenu(tree, [
      { url: '/purchaseAndWarehouse/purchaseManage', button: ['create'] },
      { url: '/purchaseAndWarehouse/warehouseManage', button: [] },
    ]);
    expect(paths(flattenMenu(menu))).toContain('/purchaseAndWarehouse/purchaseManage');
    expect(findMenuItem(menu, '/purchaseAndWarehouse/purchaseManage')?.buttons).toEqual(['create']);
    const sidebar = flattenMenu(visibleMenu(menu));
    expect(paths(sidebar)).toEqual([
      '/purchaseAndWarehouse',
      '/purchaseAndWarehouse/warehouseManage',
    ]);
  });

  it('drops a group whose granted pages are all hidden, and ignores urls that match no route', () => {
    const menu = buildMenu(tree, [
      { url: '/other/addMoney' },
      { url: '/nowhere/at/all' },
      { url: '/pay/unknownPage' },
    ]);
    expect(paths(flattenMenu(menu))).toEqual(['/other', '/other/addMoney']);
    expect(visibleMenu(menu)).toEqual([]);
  });

  it('lists pages with their group titles for search, leaving out hidden ones', () => {
    const menu = buildMenu(tree, [
      { url: '/account/messageCenter' },
      { url: '/other/couponCenter' },
      { url: '/cmpDashboard' },
    ]);
    expect(menuPages(menu).map(({ item, parents }) => [item.path, parents])).toEqual([
      ['/cmpDashboard', []],
      ['/account/messageCenter', ['routes.account']],
    ]);
  });
});

describe('the button-permission rule', () => {
  it('keeps an element whose value is in the page’s button list and removes the others', () => {
    render(
      <ButtonsProvider value={['export']}>
        <Permission value="export">
          <button type="button">Export</button>
        </Permission>
        <Permission value="delete">
          <button type="button">Delete</button>
        </Permission>
      </ButtonsProvider>,
    );
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('removes everything when the list is empty', () => {
    render(
      <ButtonsProvider value={[]}>
        <Permission value="export">
          <button type="button">Export</button>
        </Permission>
      </ButtonsProvider>,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});

const view = (path: string, affix = false): VisitedView => ({
  path,
  fullPath: path,
  titleKey: `routes.${path.slice(1)}`,
  affix,
});

describe('the tags view', () => {
  const dashboard = view('/cmpDashboard', true);
  const a = view('/a');
  const b = view('/b');
  const c = view('/c');

  it('adds views without duplicates, updating the query of one already open', () => {
    let views = addView([], dashboard);
    views = addView(views, a);
    views = addView(views, { ...a, fullPath: '/a?page=2' });
    views = addView(views, dashboard);
    expect(views.map((v) => v.fullPath)).toEqual(['/cmpDashboard', '/a?page=2']);
  });

  it('keeps pinned views first and never closes them', () => {
    const views = addView([a, b], dashboard);
    expect(views.map((v) => v.path)).toEqual(['/cmpDashboard', '/a', '/b']);
    expect(closeView(views, '/cmpDashboard')).toEqual(views);
    expect(closeView(views, '/a').map((v) => v.path)).toEqual(['/cmpDashboard', '/b']);
    expect(closeOthers(views, '/b').map((v) => v.path)).toEqual(['/cmpDashboard', '/b']);
    expect(closeAll(views).map((v) => v.path)).toEqual(['/cmpDashboard']);
  });

  it('after closing the current view goes right, else left', () => {
    const before = [dashboard, a, b, c];
    expect(nextAfterClose(before, closeView(before, '/b'), '/b')?.path).toBe('/c');
    expect(nextAfterClose(before, closeView(before, '/c'), '/c')?.path).toBe('/b');
    expect(nextAfterClose(before, closeAll(before), '/b')?.path).toBe('/cmpDashboard');
    expect(nextAfterClose(before, closeView(before, '/a'), '/b')).toBeUndefined();
  });
});

describe('the theme colour', () => {
  it('puts the chosen colour and its shades on the page, and takes them off again', async () => {
    const { applyThemeColor } = await import('@console/layout/theme-color');
    const root = document.createElement('div');
    const remove = applyThemeColor(root, '#EB5850');
    expect(root.style.getPropertyValue('--mantine-primary-color-filled')).toBe('#eb5850');
    expect(root.style.getPropertyValue('--mantine-color-cmp-6')).toBe('#eb5850');
    // Lighter shades first, darker after the colour itself.
    const lightness = (hex: string) =>
      [1, 3, 5].reduce((sum, i) => sum + Number.parseInt(hex.slice(i, i + 2), 16), 0);
    const shades = [0, 3, 6, 9].map((i) => root.style.getPropertyValue(`--mantine-color-cmp-${i}`));
    expect(shades.map(lightness)).toEqual([...shades.map(lightness)].sort((a, b) => b - a));
    remove();
    expect(root.style.getPropertyValue('--mantine-primary-color-filled')).toBe('');
  });
});
