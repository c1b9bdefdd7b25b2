import { useSession } from '@shared/session/react';
import { type RegisteredRouter, useLocation, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { recallSearch, rememberSearch } from './list-memory';

type Routes = RegisteredRouter['routesByPath'];
/** A page of the route table, by the path the address shows. */
type ListPath = keyof Routes & string;
/** The search a route's validateSearch gives, as the route table types it. */
type SearchOf<P extends ListPath> = Routes[P]['types']['fullSearchSchema'];
type Key<S> = keyof S & string;

/** The search keys the kit owns: where the list is, not what it shows. */
const PAGING_KEYS = ['page', 'cursor', 'limit'] as const;
const POSITION_KEYS = new Set<string>(['page', 'cursor']);

export interface ListPageOptions<
  P extends ListPath,
  Params extends object,
  TabKey extends Key<SearchOf<P>>,
  Tab extends string,
  Paging extends 'page' | 'cursor',
> {
  /** The page's route: its search is the list's state. */
  to: P;
  /**
   * The page's validate…Search, the one the route table runs: every search the kit writes or
   * recalls goes through it, so defaults stay out of the address and bad values never get in.
   */
  validate(raw: Record<string, unknown>): SearchOf<P>;
  /** The search key holding the tab, and the tab the address leaves out (the first). */
  tab?: { key: TabKey; initial: Tab };
  /**
   * The keys that narrow the list: they decide between "no data" and "nothing matches", and
   * "clear filters" removes them. Per tab when a tab has filters of its own (a tab change drops
   * the filters the new tab does not have).
   */
  filters:
    | readonly Key<SearchOf<P>>[]
    | ((tab: Tab | TabValue<SearchOf<P>, TabKey>) => readonly Key<SearchOf<P>>[]);
  /** Numbered pages (`page`) or keyset pages (`cursor`, the server's opaque position). */
  paging?: Paging;
  /** Rows per page. */
  pageSize: number;
  /** Choices of rows per page; one other than `pageSize` is kept in the address as `limit`. */
  pageSizes?: readonly number[];
  /**
   * Reached inside the console (a link, the menu, the tabs bar) with nothing in its address, the
   * page goes back to the search it last had in this browser tab (spec section 9,
   * `cmp-search-query`). An address loaded as the tab's page (typed, bookmarked, opened from
   * elsewhere) opens as it says.
   */
  remember?: boolean;
  /** The server's query for a search, without the paging (the kit adds page or cursor and limit). */
  query(search: SearchOf<P>, tab: Tab | TabValue<SearchOf<P>, TabKey>): Params;
}

type TabValue<S, K extends keyof S> = NonNullable<S[K]> & string;

/** Numbered paging as the server takes it. */
interface PageParams {
  page: number;
  limit: number;
}
/** Keyset paging as the server takes it: no cursor on the first page. */
interface CursorParams {
  cursor?: string;
  limit: number;
}

/** A search as the address holds it: no empty values. */
function compact(search: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(search).filter(
      ([, value]) => value !== undefined && value !== null && value !== '',
    ),
  );
}

function without(search: Record<string, unknown>, keys: Iterable<string>): Record<string, unknown> {
  const rest = { ...search };
  for (const key of keys) delete rest[key];
  return rest;
}

const isEmpty = (search: object) => Object.keys(search).length === 0;

/** The tab's session storage; null where the browser refuses it (some private modes). */
function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * A list page's state, all of it in the address through the router (typed by the route's
 * validateSearch): the tab, the filters, the keyword and the page or cursor. Defaults stay out of
 * the address; changing anything but the position goes back to the first page; the server's
 * query and its TanStack Query key derive from it.
 */
export function useListPage<
  P extends ListPath,
  Params extends object,
  TabKey extends Key<SearchOf<P>> = never,
  Tab extends string = never,
  Paging extends 'page' | 'cursor' = 'page',
>(options: ListPageOptions<P, Params, TabKey, Tab, Paging>) {
  type S = SearchOf<P>;
  type TabName = Tab | TabValue<S, TabKey>;
  const { to, validate, remember = false } = options;
  const navigate = useNavigate();
  const user = useSession()?.user.id ?? null;
  const fromAddress = validate(useSearch({ strict: false }) as Record<string, unknown>);
  // The history entry's place: 0 for the address the tab loaded, more once the console moved on.
  const entry = useLocation({ select: (location) => location.state.__TSR_index });

  // Reached with an empty address: the search this page last had, once, until the address says it.
  const [recalled, setRecalled] = useState<S | null>(() => {
    const storage = sessionStore();
    if (!remember || !user || !storage || !isEmpty(fromAddress) || !entry) return null;
    const kept = recallSearch(storage, user, to);
    const valid = kept ? validate(kept) : null;
    return valid && !isEmpty(valid) ? valid : null;
  });
  const search: S = recalled && isEmpty(fromAddress) ? recalled : fromAddress;
  const raw = search as Record<string, unknown>;
  const json = JSON.stringify(search);

  // The recalled search goes into the address (it is recalled once, on opening).
  useEffect(() => {
    if (recalled)
      void navigate({ to, search: recalled, replace: true } as unknown as Parameters<
        typeof navigate
      >[0]);
  }, [recalled, navigate, to]);
  useEffect(() => {
    if (recalled && !isEmpty(fromAddress)) setRecalled(null);
  }, [recalled, fromAddress]);
  useEffect(() => {
    const storage = sessionStore();
    if (remember && user && storage) rememberSearch(storage, user, to, JSON.parse(json));
  }, [remember, user, to, json]);

  const tab = ((options.tab ? raw[options.tab.key] : undefined) ?? options.tab?.initial) as TabName;
  const filtersOf = (of: TabName): readonly string[] =>
    typeof options.filters === 'function' ? options.filters(of) : options.filters;
  const filters = filtersOf(tab);
  const filtered = filters.some((key) => raw[key] !== undefined);
  const paging: 'page' | 'cursor' = options.paging ?? 'page';
  const limit = typeof raw.limit === 'number' ? raw.limit : options.pageSize;
  const page = typeof raw.page === 'number' ? raw.page : 1;
  const cursor = typeof raw.cursor === 'string' ? raw.cursor : undefined;

  /** Writes the next search into the address, through the page's validation. */
  function go(next: Record<string, unknown>, replace = false) {
    setRecalled(null);
    void navigate({
      to,
      search: validate(compact(next)),
      replace,
    } as unknown as Parameters<typeof navigate>[0]);
  }

  // The server's query, the same object while the search stays the same (a stable query key).
  const query = {
    ...options.query(search, tab),
    ...(paging === 'page' ? { page, limit } : { ...(cursor ? { cursor } : {}), limit }),
  } as Params & (Paging extends 'cursor' ? CursorParams : PageParams);
  const stable = useRef({ json: '', query });
  const queryJson = JSON.stringify(query);
  if (stable.current.json !== queryJson) stable.current = { json: queryJson, query };
  const params = stable.current.query;

  return {
    /** The search the page shows (the address's, or the recalled one while it gets there). */
    search,
    tab,
    filters,
    /** Whether a filter of this tab narrows the list. */
    filtered,
    paging,
    page,
    cursor,
    limit,
    pageSizes: options.pageSizes ?? [],
    /**
     * What the list shows, apart from where in it: a selection lives while this stays the same.
     */
    scope: JSON.stringify(without(raw, PAGING_KEYS)),
    /** The server's query: the page's filters with page and limit, or cursor and limit. */
    params,
    /** The TanStack Query key of this list under a feature's key prefix. */
    queryKey: <const Prefix extends readonly unknown[]>(prefix: Prefix) =>
      [...prefix, params] as const,
    /**
     * Changes the search: an undefined value removes the key. Anything but the position sends
     * the list back to its first page. `replace` rewrites the address instead of adding to the
     * history.
     */
    set(patch: Partial<S>, { replace = false }: { replace?: boolean } = {}) {
      const moves = Object.keys(patch).some((key) => !POSITION_KEYS.has(key));
      go({ ...(moves ? without(raw, POSITION_KEYS) : raw), ...patch }, replace);
    },
    setPage(next: number, { replace = false }: { replace?: boolean } = {}) {
      go({ ...without(raw, POSITION_KEYS), page: next }, replace);
    },
    /** A keyset position; null goes back to the first page. */
    setCursor(next: string | null) {
      go({ ...without(raw, POSITION_KEYS), ...(next ? { cursor: next } : {}) });
    },
    setLimit(next: number) {
      go({ ...without(raw, [...POSITION_KEYS, 'limit']), limit: next });
    },
    /** Another tab, from its first page; the filters the new tab does not have are dropped. */
    setTab(next: TabName) {
      if (!options.tab) return;
      const kept = new Set(filtersOf(next));
      const dropped = filtersOf(tab).filter((key) => !kept.has(key));
      go({
        ...without(raw, [...POSITION_KEYS, ...dropped]),
        [options.tab.key]: next === options.tab.initial ? undefined : next,
      });
    },
    /** Removes this tab's filters (the tab and other settings stay), from the first page. */
    clearFilters() {
      go(without(raw, [...POSITION_KEYS, ...filters]));
    },
  };
}

/** What useListPage gives a page, whatever its route. */
export interface ListState {
  tab: string;
  filtered: boolean;
  paging: 'page' | 'cursor';
  page: number;
  cursor: string | undefined;
  limit: number;
  pageSizes: readonly number[];
  scope: string;
  setPage(next: number, options?: { replace?: boolean }): void;
  setCursor(next: string | null): void;
  setLimit(next: number): void;
  setTab(next: string): void;
  clearFilters(): void;
}
