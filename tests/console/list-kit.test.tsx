import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  common,
  ids,
  PATH,
  pages,
  registerKitTests,
  renderKit,
  rows,
  searchOf,
  source,
} from './list-kit-harness';

registerKitTests();

const MEMORY_KEY = 'cmp-search-query';

describe('the list-page kit: the address', () => {
  it('keeps tab, filters, keyword and page in the address without defaults; a filter or tab change starts at page 1', async () => {
    // 100 rows, every tenth archived: 90 active ones, 5 pages of 20.
    source.fill(100);
    const { router, queryClient, user } = await renderKit(PATH);
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(searchOf(router)).toEqual({});
    expect(screen.getByTestId('kit-total').dataset.total).toBe('90');
    expect(screen.getByTestId('kit-total').textContent).toBe(
      common.list.total_other.replace('{{count}}', '90'),
    );

    await user.click(pages().getByRole('button', { name: '3' }));
    await waitFor(() => expect(ids()[0]).toBe('r-0045'));
    expect(searchOf(router)).toEqual({ page: 3 });

    // A filter goes back to the first page.
    await user.click(screen.getByRole('button', { name: 'Kind b' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ kind: 'b' }));
    await waitFor(() => expect(ids()[0]).toBe('r-0002'));
    expect(screen.getByTestId('kit-total').dataset.total).toBe('30');

    await user.type(screen.getByRole('textbox', { name: 'Search rows' }), 'Row 5{Enter}');
    await waitFor(() => expect(searchOf(router)).toEqual({ kind: 'b', keyword: 'Row 5' }));
    await waitFor(() => expect(ids()).toEqual(['r-0005', 'r-0053', 'r-0056', 'r-0059']));

    // The archived tab has no kind filter: the kind goes, the keyword stays.
    await user.click(screen.getByTestId('kit-tab-archived'));
    await waitFor(() => expect(searchOf(router)).toEqual({ tab: 'archived', keyword: 'Row 5' }));
    await waitFor(() => expect(ids()).toEqual(['r-0050']));
    // The first tab is the default: left out of the address.
    await user.click(screen.getByTestId('kit-tab-active'));
    await waitFor(() => expect(searchOf(router)).toEqual({ keyword: 'Row 5' }));

    // The query key is the feature's prefix and the server's query the search makes.
    const params = { tab: 'active', keyword: 'Row 5', page: 1, limit: 20 };
    await waitFor(() => expect(source.asked.at(-1)).toEqual(params));
    expect(
      queryClient.getQueryCache().find({ queryKey: ['kit', params], exact: true }),
    ).toBeTruthy();
  });

  it('goes to the last page when the address names a page past the end', async () => {
    source.fill(100);
    const { router } = await renderKit(`${PATH}?page=9&kind=a`);
    // 34 rows of kind a, 30 of them active: two pages.
    await waitFor(() => expect(searchOf(router)).toEqual({ kind: 'a', page: 2 }));
    await waitFor(() => expect(rows()).toHaveLength(10));
  });

  it('opens a page without search where it was left in this tab, for the same user only', async () => {
    source.fill(100);
    let kit = await renderKit(`${PATH}?kind=c&page=2`);
    await waitFor(() => expect(ids()[0]).toBe('r-0069'));
    expect(JSON.parse(sessionStorage.getItem(MEMORY_KEY) ?? 'null')).toEqual({
      user: 'user-1',
      pages: { [PATH]: { kind: 'c', page: 2 } },
    });
    kit.close();

    // Back from another page with nothing in the address: the remembered search, asked for at once.
    source.asked = [];
    kit = await renderKit(PATH, { inside: true });
    await waitFor(() => expect(searchOf(kit.router)).toEqual({ kind: 'c', page: 2 }));
    await waitFor(() => expect(ids()[0]).toBe('r-0069'));
    expect(source.asked.map((asked) => [asked.kind, asked.page])).toEqual([['c', 2]]);
    kit.close();

    // An address with a search wins over the memory, and becomes what is remembered.
    kit = await renderKit(`${PATH}?kind=a`, { inside: true });
    await waitFor(() => expect(ids()[0]).toBe('r-0001'));
    expect(searchOf(kit.router)).toEqual({ kind: 'a' });
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem(MEMORY_KEY) ?? 'null').pages[PATH]).toEqual({
        kind: 'a',
      }),
    );
    kit.close();

    // A page that does not remember opens as its address says.
    kit = await renderKit(PATH, { remember: false, inside: true });
    await waitFor(() => expect(ids()[0]).toBe('r-0001'));
    expect(searchOf(kit.router)).toEqual({});
    kit.close();

    // The address loaded as the tab's page (typed, bookmarked) opens as it says.
    kit = await renderKit(PATH);
    await waitFor(() => expect(ids()[0]).toBe('r-0001'));
    expect(searchOf(kit.router)).toEqual({});
    kit.close();

    // Someone else signed in on this tab: nothing of the first user's.
    sessionStorage.setItem(
      MEMORY_KEY,
      JSON.stringify({ user: 'user-1', pages: { [PATH]: { kind: 'b' } } }),
    );
    kit = await renderKit(PATH, { userId: 'user-2', inside: true });
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(searchOf(kit.router)).toEqual({});
    expect(JSON.parse(sessionStorage.getItem(MEMORY_KEY) ?? 'null')).toEqual({
      user: 'user-2',
      pages: { [PATH]: {} },
    });
  });

  it('checks what it recalls as it checks the address', async () => {
    source.fill(40);
    sessionStorage.setItem(
      MEMORY_KEY,
      JSON.stringify({ user: 'user-1', pages: { [PATH]: { kind: 'z', page: -3, tab: 'gone' } } }),
    );
    const { router } = await renderKit(PATH, { inside: true });
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(searchOf(router)).toEqual({});
    expect(source.asked.every((asked) => asked.kind === undefined && asked.page === 1)).toBe(true);
  });
});

describe('the list-page kit: states', () => {
  it('tells an empty list from filters that match nothing, and clears the filters', async () => {
    const empty = await renderKit(PATH);
    expect(await screen.findByTestId('kit-empty')).toBeTruthy();
    expect(screen.queryByText(common.list.filteredTitle)).toBeNull();
    expect(screen.queryByTestId('kit-bulk')).toBeNull();
    expect(screen.queryByTestId('kit-total')).toBeNull();
    empty.close();

    source.fill(30);
    const { router, user } = await renderKit(`${PATH}?keyword=nothing&kind=b`);
    expect(await screen.findByText(common.list.filteredTitle)).toBeTruthy();
    expect(screen.getByText(common.list.filteredHint)).toBeTruthy();
    expect(screen.queryByTestId('kit-empty')).toBeNull();
    await user.click(screen.getByRole('button', { name: common.list.clearFilters }));
    await waitFor(() => expect(searchOf(router)).toEqual({}));
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(screen.getByRole('textbox', { name: 'Search rows' })).toHaveProperty('value', '');
  });

  it('says when the list failed to load, and loads it again on retry', async () => {
    source.fill(30);
    source.failures = 1;
    const { user } = await renderKit(PATH);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(common.list.loadError)).toBeTruthy();
    expect(rows()).toHaveLength(0);
    await user.click(within(alert).getByRole('button', { name: common.actions.retry }));
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(source.asked).toHaveLength(2);
  });
});
