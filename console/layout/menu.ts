import type { RouterInfo } from '@shared/contracts/auth';
import type { ExternalLinkName, ExternalLinks } from '../platform/routing';

/** What a route of the table says about itself (its `staticData`). */
interface RouteMetaData {
  titleKey?: string | undefined;
  /** A name from the sidebar's icon set. */
  icon?: string | undefined;
  /** Reachable, but not listed in the sidebar. */
  hidden?: boolean | undefined;
  /** Pinned in the tags view: it can never be closed. */
  affix?: boolean | undefined;
  /** The guided tour's name for this menu (Product, Order, PurchaseAndWarehouse, AuthorizeList). */
  tour?: string | undefined;
  /** A link out of the console's pages (its address comes from `ExternalLinks`). */
  external?: ExternalLinkName | undefined;
}

/** One route of the table, as the menu builder reads it. */
export interface RouteNode {
  /** The last segment of its path ("recharge" for /pay/recharge). */
  segment: string;
  fullPath: string;
  meta: RouteMetaData;
  children: RouteNode[];
}

/** One entry of the built menu. */
export interface MenuItem {
  path: string;
  titleKey: string;
  icon: string | undefined;
  hidden: boolean;
  affix: boolean;
  tour: string | undefined;
  /** The buttons the server granted on this page (`meta.button`); empty for groups. */
  buttons: readonly string[];
  children: MenuItem[];
  /** An address outside the console, opened in a new tab. */
  external?: string;
}

const segmentsOf = (url: string) => url.split('/').filter(Boolean);
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The menu of one account (spec section 2): each routerInfoList url is matched segment by segment,
 * case-insensitively, against the route tree; a matched route comes with the groups above it, hidden
 * ones included, and its last segment's button list becomes its `buttons`. Urls that match no
 * route are ignored; routes no url reaches are left out. The route table's external links are
 * every account's, listed where `links` gives them an address, at their place in the table.
 */
export function buildMenu(
  tree: readonly RouteNode[],
  routerInfoList: readonly RouterInfo[],
  links: ExternalLinks = {},
) {
  const granted = new Map<RouteNode, readonly string[]>();
  const reached = new Set<RouteNode>();
  for (const info of routerInfoList) {
    let level = tree;
    const trail: RouteNode[] = [];
    for (const segment of segmentsOf(info.url)) {
      const node = level.find((candidate) => same(candidate.segment, segment));
      if (!node) {
        trail.length = 0;
        break;
      }
      trail.push(node);
      level = node.children;
    }
    const leaf = trail.at(-1);
    if (!leaf) continue;
    granted.set(leaf, info.button ?? []);
    for (const node of trail) reached.add(node);
  }

  const hrefOf = (node: RouteNode) =>
    node.meta.external === undefined ? undefined : links[node.meta.external];
  const build = (nodes: readonly RouteNode[]): MenuItem[] =>
    nodes
      .filter((node) =>
        node.meta.external === undefined
          ? reached.has(node) && node.meta.titleKey
          : hrefOf(node) && node.meta.titleKey,
      )
      .map((node) => {
        const href = hrefOf(node);
        return {
          path: node.fullPath,
          titleKey: node.meta.titleKey ?? '',
          icon: node.meta.icon,
          hidden: node.meta.hidden ?? false,
          affix: node.meta.affix ?? false,
          tour: node.meta.tour,
          buttons: granted.get(node) ?? [],
          children: build(node.children),
          ...(href ? { external: href } : {}),
        };
      });
  return build(tree);
}

/** Every entry of a menu, depth first. */
export function flattenMenu(menu: readonly MenuItem[]): MenuItem[] {
  return menu.flatMap((item) => [item, ...flattenMenu(item.children)]);
}

/** The menu entry of a path (case-insensitive, as urls are matched), if the account holds it. */
export function findMenuItem(menu: readonly MenuItem[], path: string): MenuItem | undefined {
  const wanted = path.replace(/\/+$/, '') || '/';
  return flattenMenu(menu).find((item) => same(item.path, wanted));
}

/** The sidebar's view of a menu: hidden entries out, and groups that this leaves empty. */
export function visibleMenu(menu: readonly MenuItem[]): MenuItem[] {
  return menu.flatMap((item) => {
    if (item.hidden) return [];
    if (item.children.length === 0) return [item];
    const children = visibleMenu(item.children);
    return children.length > 0 ? [{ ...item, children }] : [];
  });
}

/** Pages the account can open, with the titles of the groups above them (for search). */
export function menuPages(
  menu: readonly MenuItem[],
  parents: readonly string[] = [],
): { item: MenuItem; parents: string[] }[] {
  return menu.flatMap((item) =>
    item.children.length > 0
      ? menuPages(item.children, [...parents, item.titleKey])
      : item.hidden || item.external
        ? []
        : [{ item, parents: [...parents] }],
  );
}

interface RouteLike {
  options: { path?: string; staticData?: RouteMetaData };
  children?: unknown;
}

/**
 * The route table as the menu builder reads it: path routes become nodes (their segment is the
 * last one of their own path), pathless layout routes pass their children up.
 */
export function routeNodes(route: RouteLike, prefix = ''): RouteNode[] {
  const path = route.options.path;
  const own = path ? segmentsOf(path) : [];
  const fullPath = own.length > 0 ? `${prefix}/${own.join('/')}` : prefix;
  const children = (
    Array.isArray(route.children)
      ? route.children
      : route.children && typeof route.children === 'object'
        ? Object.values(route.children)
        : []
  ) as RouteLike[];
  const nested = children.flatMap((child) => routeNodes(child, fullPath));
  // An index route ("/") adds nothing; a pathless layout passes its children up.
  if (path === '/') return [];
  if (own.length === 0) return nested;
  return [
    { segment: own.at(-1) ?? '', fullPath, meta: route.options.staticData ?? {}, children: nested },
  ];
}
