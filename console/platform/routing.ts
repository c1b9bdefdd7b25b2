import type { ApiClient } from '@shared/api/client';
import type { MenuUrl } from '@shared/contracts/menus';
import type { Session } from '@shared/contracts/session';
import type { SessionStore } from '@shared/session/store';
import { type AnyRouteWithContext, redirect } from '@tanstack/react-router';
import type { i18n } from 'i18next';
import type { ErrorHandler } from './query-client';

/** What every route of the console is given (console/app/router.tsx hands it to the router). */
export interface RouterContext {
  win: Window;
  session: SessionStore;
  api: ApiClient;
  i18n: i18n;
  /** The one error handler (spec section 8), for the query client the shell creates. */
  onError: ErrorHandler;
}

/**
 * A route that a feature hangs its routes under. Each feature exports a factory that takes the
 * routes it attaches to by name (`createPayRoutes({ shell, pay, other })`) and returns its routes
 * by the same names; console/app passes the real ones and assembles the tree, so the tree's types
 * (paths, searches) come out whole while no feature imports console/app.
 */
export type ConsoleRoute = AnyRouteWithContext<RouterContext>;

/** Title keys of the routes, shown in the document title, the sidebar and the tags view. */
type TitleKey = `routes.${keyof typeof import('../../locales/en/common.json')['routes']}`;

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    titleKey?: TitleKey;
    /** A name from the sidebar's icon set. */
    icon?: string;
    /** Reachable, but not listed in the sidebar. */
    hidden?: boolean;
    /** Pinned in the tags view. */
    affix?: boolean;
    /** The guided tour's name for this menu. */
    tour?: string;
    /**
     * A link out of the console's pages, opened in a new tab from the sidebar: the address is the
     * one the server configured under this name (spec section 2, external links).
     */
    external?: ExternalLinkName;
  }
}

/** The addresses outside the console's pages that the sidebar may link to. */
const EXTERNAL_LINKS = ['mainSite', 'helpCenter', 'documentation'] as const;
export type ExternalLinkName = (typeof EXTERNAL_LINKS)[number];
/** Where each external link leads here; a name without an address is not shown. */
export type ExternalLinks = Partial<Record<ExternalLinkName, string>>;

/**
 * The addresses of the external links: the main site's home and help centre when a main site is
 * configured (the boot settings), and the API reference, a page of its own outside the shell.
 */
export function externalLinks(
  mainSite: { home: string; help: string } | null,
  basepath: string,
): ExternalLinks {
  return {
    ...(mainSite ? { mainSite: mainSite.home, helpCenter: mainSite.help } : {}),
    documentation: `${basepath.replace(/\/+$/, '')}/documentation/index`,
  };
}

/** What a guard or loader reads of what the router hands it. */
interface RouteInput {
  context: unknown;
}

/**
 * The router's context as a guard or loader of a feature's route receives it. Inside a route
 * factory the parent is a type parameter, so TypeScript cannot carry the context down to the
 * route; every route's context is the root's RouterContext (console/app/router.tsx), read here.
 */
export function routerContext(input: RouteInput): RouterContext {
  return input.context as RouterContext;
}

/** Loads a route's i18n namespaces before it renders. */
export const namespaces =
  (...names: string[]) =>
  (input: RouteInput): Promise<void> =>
    routerContext(input).i18n.loadNamespaces(names);

/** What a guard that needs the session reads: the context and where the user was going. */
export interface GuardInput extends RouteInput {
  location: { pathname: string; search: unknown };
}

/** Without a session the user goes to /login with the way back and its query (spec section 2). */
export function requireSession(input: GuardInput): Session {
  const session = routerContext(input).session.getState().snapshot.session;
  if (!session) {
    throw redirect({
      to: '/login',
      search: {
        ...(input.location.search as Record<string, unknown>),
        redirect: input.location.pathname,
      },
    });
  }
  return session;
}

/**
 * A menu route opens only when the session's routerInfoList holds its url (spec section 6);
 * otherwise /401. The url is the route's full path, one of MENU_URLS (a test holds the route table
 * and the list to each other).
 */
export function requireMenu(url: MenuUrl): (input: RouteInput) => Promise<void> {
  return async (input) => {
    const session = routerContext(input).session.getState().snapshot.session;
    if (!session) return;
    // The menu rules load with the first menu page, not with the login page.
    const { allows } = await import('@shared/permissions');
    if (!allows(session.routes, url)) throw redirect({ to: '/401', replace: true });
  };
}
