import { ListKeyword } from '@console/components/list-keyword';
import { ListPage } from '@console/components/list-page';
import {
  cursorParam,
  keywordParam,
  limitParam,
  oneOf,
  pageParam,
} from '@console/components/list-search';
import { useListPage } from '@console/components/use-list-page';
import { useListSelection } from '@console/components/use-list-selection';
import { createApiClient } from '@shared/api/client';
import { API_CLIENTS } from '@shared/contracts/protocol';
import type { Session } from '@shared/contracts/session';
import { createI18n } from '@shared/i18n/i18n';
import { createSessionStore } from '@shared/session/store';
import { AppProviders } from '@shared/ui/app-providers';
import {
  keepPreviousData,
  QueryClient,
  QueryClientProvider,
  useQuery,
} from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach } from 'vitest';
import { readLocale } from '../support/locales';

/**
 * A list page made of the kit alone, over rows held in memory: the kit's own behaviour (address,
 * memory, selection, virtual body, keys, states) without a feature's screen around it.
 */

export const common = readLocale('en', 'common');

export const PATH = '/list';
export const PAGE_SIZE = 20;
export const PAGE_SIZES = [20, 200] as const;

const KINDS = ['a', 'b', 'c'] as const;
type Kind = (typeof KINDS)[number];

/** The test list's search, as its address carries it. */
export interface KitSearch {
  tab?: 'archived';
  kind?: Kind;
  keyword?: string;
  page?: number;
  cursor?: string;
  limit?: number;
}

export function validateKitSearch(search: Record<string, unknown>): KitSearch {
  const kind = oneOf(KINDS, search.kind);
  return {
    ...(search.tab === 'archived' ? { tab: 'archived' as const } : {}),
    ...(kind ? { kind } : {}),
    ...keywordParam(search.keyword),
    ...pageParam(search.page),
    ...cursorParam(search.cursor),
    ...limitParam(search.limit, PAGE_SIZES, PAGE_SIZE),
  };
}

export interface Row {
  id: string;
  name: string;
  kind: Kind;
  archived: boolean;
}

interface Params {
  tab: 'active' | 'archived';
  kind?: Kind;
  keyword?: string;
  page?: number;
  cursor?: string;
  limit: number;
}

export interface Answer {
  records: Row[];
  total: number;
  next: string | null;
  previous: string | null;
}

/** The rows the test list holds, what it was asked, and failures to answer with. */
export const source = {
  rows: [] as Row[],
  asked: [] as Params[],
  failures: 0,
  fill(count: number) {
    source.rows = Array.from({ length: count }, (_, index) => ({
      id: `r-${String(index + 1).padStart(4, '0')}`,
      name: `Row ${index + 1}`,
      kind: KINDS[index % KINDS.length] as Kind,
      archived: index % 10 === 9,
    }));
  },
  async fetch(params: Params): Promise<Answer> {
    source.asked.push(params);
    if (source.failures > 0) {
      source.failures -= 1;
      throw new Error('The rows could not be read');
    }
    const matching = source.rows.filter(
      (row) =>
        row.archived === (params.tab === 'archived') &&
        (!params.kind || row.kind === params.kind) &&
        (!params.keyword || row.name.includes(params.keyword)),
    );
    const start =
      params.page !== undefined ? (params.page - 1) * params.limit : Number(params.cursor ?? 0);
    const end = start + params.limit;
    return {
      records: matching.slice(start, end),
      total: matching.length,
      next: end < matching.length ? String(end) : null,
      previous: start > 0 && start - params.limit > 0 ? String(start - params.limit) : null,
    };
  },
};

/** Rows opened with Enter. */
export const opened: string[] = [];

/** The kit's hook over the test route (not in the console's route table, so typed here). */
const useKitList = useListPage as unknown as (options: {
  to: string;
  validate(raw: Record<string, unknown>): KitSearch;
  tab: { key: 'tab'; initial: 'active' };
  filters(tab: string): readonly (keyof KitSearch)[];
  paging: 'page' | 'cursor';
  pageSize: number;
  pageSizes: readonly number[];
  remember: boolean;
  query(search: KitSearch, tab: 'active' | 'archived'): Omit<Params, 'page' | 'cursor' | 'limit'>;
}) => ReturnType<typeof useListPage> & {
  search: KitSearch;
  tab: 'active' | 'archived';
  params: Params;
  queryKey(prefix: readonly unknown[]): readonly unknown[];
  set(patch: Partial<KitSearch>): void;
};

function KitPage({ paging, remember }: { paging: 'page' | 'cursor'; remember: boolean }) {
  const list = useKitList({
    to: PATH,
    validate: validateKitSearch,
    tab: { key: 'tab', initial: 'active' },
    // The archived tab has no kind filter; both are searched by name.
    filters: (tab) => (tab === 'archived' ? ['keyword'] : ['kind', 'keyword']),
    paging,
    pageSize: PAGE_SIZE,
    pageSizes: PAGE_SIZES,
    remember,
    query: ({ kind, keyword }, tab) => ({
      tab,
      ...(kind ? { kind } : {}),
      ...(keyword ? { keyword } : {}),
    }),
  });
  const query = useQuery({
    queryKey: list.queryKey(['kit']),
    queryFn: () => source.fetch(list.params),
    placeholderData: keepPreviousData,
  });
  const selection = useListSelection<Row>(list.scope, (row) => row.id);
  return (
    <main>
      <ListPage
        list={list}
        query={query}
        rows={(data) => data.records}
        rowKey={(row) => row.id}
        total={(data) => data.total}
        cursors={(data) => ({ next: data.next, previous: data.previous })}
        testId="kit"
        tabs={[
          { value: 'active', label: 'Active' },
          { value: 'archived', label: 'Archived' },
        ]}
        filters={
          <>
            <ListKeyword
              value={list.search.keyword}
              onSubmit={(keyword) => list.set({ keyword: keyword || undefined })}
              label="Search rows"
              placeholder="Name"
            />
            {list.tab === 'active' &&
              KINDS.map((kind) => (
                <button key={kind} type="button" onClick={() => list.set({ kind })}>
                  {`Kind ${kind}`}
                </button>
              ))}
          </>
        }
        empty={<p data-testid="kit-empty">No rows at all</p>}
        bulk={{
          state: selection,
          pageLabel: 'Choose this page',
          rowLabel: (row) => `Choose ${row.name}`,
          noneSelected: 'Choose rows first',
          actions: (
            <button type="button" disabled={selection.count === 0} data-testid="kit-act">
              {`Act on ${selection.rows.map((row) => row.id).join(',')}`}
            </button>
          ),
        }}
        table={{
          columns: [
            { key: 'name', header: 'Name', cell: (row) => row.name },
            { key: 'kind', header: 'Kind', cell: (row) => row.kind },
          ],
          label: 'Rows',
          testId: 'kit-table',
          rowProps: (row) => ({ 'data-testid': 'kit-row', 'data-id': row.id }),
          onRowOpen: (row) => opened.push(row.id),
        }}
      />
    </main>
  );
}

/** A signed-in reader of the test list (the kit remembers searches per user). */
function sessionOf(userId: string): Session {
  return {
    token: 'test-token',
    routes: [],
    user: { id: userId, name: userId } as Session['user'],
    onboarded: true,
  };
}

const cleanups: (() => void)[] = [];

/** The test list at `path`, for `userId`: its router, query cache and a user to drive it. */
export async function renderKit(
  path: string,
  {
    userId = 'user-1',
    paging = 'page',
    remember = true,
    inside = false,
  }: {
    userId?: string;
    paging?: 'page' | 'cursor';
    remember?: boolean;
    /** Reached from another page of the app, not loaded as the address. */
    inside?: boolean;
  } = {},
) {
  const i18n = await createI18n('en');
  const session = createSessionStore({
    load: () => ({ session: sessionOf(userId), updatedAt: Date.now() }),
    save: () => undefined,
  });
  const api = createApiClient({
    baseUrl: window.location.origin,
    client: API_CLIENTS.console,
    getToken: () => null,
    getLocale: () => ({ site: 'th', language: 'en' }),
    fetch: (() => Promise.reject(new Error('no server here'))) as typeof fetch,
  });
  const rootRoute = createRootRoute({ component: Outlet });
  const homeRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    component: () => <p data-testid="kit-home">Home</p>,
  });
  const listRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: PATH,
    validateSearch: validateKitSearch,
    component: () => <KitPage paging={paging} remember={remember} />,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([homeRoute, listRoute]),
    history: createMemoryHistory({ initialEntries: [inside ? '/' : path] }),
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <AppProviders i18n={i18n} api={api} session={session}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </AppProviders>,
  );
  cleanups.push(() => view.unmount());
  if (inside) {
    await screen.findByTestId('kit-home');
    await router.navigate({ href: path });
  }
  return { router, queryClient, user: userEvent.setup(), close: () => view.unmount() };
}

export const rows = () => screen.queryAllByTestId('kit-row');
export const ids = () => rows().map((row) => row.dataset.id);
export const searchOf = (router: { state: { location: { search: unknown } } }) =>
  router.state.location.search as Record<string, unknown>;
export const pages = () => within(screen.getByRole('navigation', { name: common.list.pagination }));

/** The hooks every file of these tests registers: each test starts with fresh rows. */
export function registerKitTests() {
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
    source.rows = [];
    source.asked = [];
    source.failures = 0;
    opened.length = 0;
  });
}
