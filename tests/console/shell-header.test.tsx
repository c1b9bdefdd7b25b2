import { SiteSelect } from '@console/layout/header-parts';
import { readCookie } from '@shared/session/web-port';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPages } from '../support/page-harness';
import {
  boot,
  common,
  keepHarness,
  layout,
  MAIN_SITE,
  openAsDemo,
  registerShellTests,
  t,
} from './shell-harness';

registerShellTests();

describe('the header’s logo', () => {
  it('leads to the main site’s home in a new tab when there is a main site', async () => {
    boot(MAIN_SITE);
    await openAsDemo('/cmp/account/messageCenter');
    const logo = await screen.findByTestId('header-logo');
    expect(logo.tagName).toBe('A');
    expect(logo.getAttribute('href')).toBe(MAIN_SITE.home);
    expect(logo.getAttribute('target')).toBe('_blank');
    expect(logo.getAttribute('rel')).toContain('noopener');
    expect(logo.getAttribute('aria-label')).toBe(layout.header.mainSite);
  });

  it('leads to the dashboard without one', async () => {
    boot(null);
    await openAsDemo('/cmp/account/messageCenter');
    const logo = await screen.findByTestId('header-logo');
    expect(logo.getAttribute('target')).toBeNull();
    fireEvent.click(logo);
    await waitFor(() => expect(window.location.pathname).toBe('/cmp/cmpDashboard'));
  });
});

describe('the header’s search', () => {
  it('sends the keyword to the main site’s buy-for-me search in a new tab, and nothing blank', async () => {
    boot(MAIN_SITE);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await openAsDemo();
    const search = (await screen.findByTestId('header-search')) as HTMLInputElement;
    expect(search.placeholder).toBe(layout.header.searchPlaceholder);

    fireEvent.change(search, { target: { value: '   ' } });
    fireEvent.submit(search.closest('form') as HTMLFormElement);
    expect(open).not.toHaveBeenCalled();

    fireEvent.change(search, { target: { value: '  phone case & cover  ' } });
    fireEvent.submit(search.closest('form') as HTMLFormElement);
    expect(open).toHaveBeenCalledTimes(1);
    const [address, target, features] = open.mock.calls[0] ?? [];
    const url = new URL(String(address));
    expect(`${url.origin}${url.pathname}`).toBe('https://main.example.com/buyForMe/search');
    expect(url.searchParams.get('keyword')).toBe('phone case & cover');
    expect(target).toBe('_blank');
    expect(features).toContain('noopener');
    // The console stays where it was.
    expect(window.location.pathname).toBe('/cmp/cmpDashboard');
  });

  it('is not offered without a main site', async () => {
    boot(null);
    await openAsDemo();
    await screen.findByTestId('header-logo');
    expect(screen.queryByTestId('header-search')).toBeNull();
  });
});

/** The page scrolled to `y`, as the browser reports it. */
function scrollPage(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('back to top', () => {
  it('appears once the page is scrolled past 100 px and scrolls it back to the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    await openAsDemo();
    try {
      scrollPage(100);
      expect(screen.queryByTestId('back-to-top')).toBeNull();
      scrollPage(101);
      const button = await screen.findByRole('button', { name: layout.header.backToTop });
      fireEvent.click(button);
      expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
      // Back at the top, it goes away again.
      scrollPage(0);
      await waitFor(() => expect(screen.queryByTestId('back-to-top')).toBeNull());
    } finally {
      scrollPage(0);
    }
  });
});

describe('the site selector', () => {
  it('offers the opened sites, takes the site from the address, and remembers the one chosen over it', async () => {
    const listed = await t.call('GET', '/api-user/public/getSiteList');
    const opened: string[] = listed.body.datas.map((entry: { site: string }) => entry.site);
    expect(opened).toEqual(expect.arrayContaining(['th', 'my', 'vn']));
    const replace = vi.fn();
    /** The site selector on a page at `href`, whose reload the test sees. */
    const selector = async (href: string) =>
      keepHarness(
        await renderPages({
          app: t,
          path: '/cmpDashboard',
          pages: {
            '/cmpDashboard': () => (
              <QueryClientProvider client={new QueryClient()}>
                <SiteSelect />
              </QueryClientProvider>
            ),
          },
          win: { location: { href, replace } as unknown as Location, document } as never,
        }),
      );
    const first = await selector('http://localhost:3000/cmp/cmpDashboard?site=vn&tab=1');
    const select = await screen.findByTestId('site-select');
    expect(select.textContent).toBe(common.sites.vn);

    fireEvent.click(select);
    // (jsdom runs no CSS transitions: the dropdown is in the page, not yet shown.)
    const menu = await screen.findByRole('menu', { hidden: true });
    // The list of sites may still be arriving (the selector shows the address's site first).
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByRole('menuitem', { hidden: true })
          .map((item) => item.textContent?.replace('✓', '')),
      ).toEqual(opened.map((site) => common.sites[site])),
    );
    const items = within(menu).getAllByRole('menuitem', { hidden: true });
    expect(items.filter((item) => item.dataset.active).map((item) => item.textContent)).toEqual([
      `${common.sites.vn}✓`,
    ]);
    // Choosing one stores it and reloads the page without the address's site.
    fireEvent.click(within(menu).getByRole('menuitem', { name: common.sites.my, hidden: true }));
    expect(readCookie(document, 'cmp-site')).toBe('my');
    expect(replace).toHaveBeenCalledWith('http://localhost:3000/cmp/cmpDashboard?tab=1');

    // The next page load is on the chosen site.
    first.view.unmount();
    await selector('http://localhost:3000/cmp/cmpDashboard?tab=1');
    expect((await screen.findByTestId('site-select')).textContent).toBe(common.sites.my);
  });
});
