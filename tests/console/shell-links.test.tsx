import { ExternalLinkPage } from '@console/layout/external-link-page';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPages } from '../support/page-harness';
import {
  boot,
  common,
  keepHarness,
  MAIN_SITE,
  openAsDemo,
  registerShellTests,
  t,
} from './shell-harness';

registerShellTests();

/** The sidebar's links out of the console, in order: [label, address]. */
const externalLinks = (sidebar: HTMLElement) =>
  within(sidebar)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('target') === '_blank')
    .map((link) => {
      expect(link.getAttribute('rel')).toContain('noopener');
      return [link.textContent, link.getAttribute('href')];
    });

describe('the sidebar’s external links', () => {
  it('lists the main site, its help centre and the API reference from the route table, in new tabs, after the pages', async () => {
    boot(MAIN_SITE);
    const sidebar = await openAsDemo();
    expect(externalLinks(sidebar)).toEqual([
      [common.routes.mainSite, MAIN_SITE.home],
      [common.routes.helpCenter, MAIN_SITE.help],
      [common.routes.documentation, '/cmp/documentation/index'],
    ]);
    // They come after the account's pages, as the route table orders them.
    const links = within(sidebar).getAllByRole('link');
    const account = within(sidebar).getByText(common.routes.account);
    const mainSite = within(sidebar).getByRole('link', { name: common.routes.mainSite });
    expect(
      account.compareDocumentPosition(mainSite) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(links.at(-1)?.textContent).toBe(common.routes.documentation);
    // Clicking one leaves the console page as it is (the browser opens the new tab).
    fireEvent.click(within(sidebar).getByRole('link', { name: common.routes.helpCenter }));
    expect(window.location.pathname).toBe('/cmp/cmpDashboard');
  });

  it('leaves out the main site and its help centre when none is configured', async () => {
    boot(null);
    const sidebar = await openAsDemo();
    expect(externalLinks(sidebar)).toEqual([
      [common.routes.documentation, '/cmp/documentation/index'],
    ]);
  });

  it('opens the configured address in place when its console path is opened', async () => {
    boot(MAIN_SITE);
    const replace = vi.fn();
    keepHarness(
      await renderPages({
        app: t,
        path: '/helpCenter',
        pages: {
          '/helpCenter': () => <ExternalLinkPage name="helpCenter" />,
          '/mainSite': () => <ExternalLinkPage name="mainSite" />,
          '/404': () => <p>404</p>,
        },
        win: { location: { replace } as unknown as Location },
      }),
    );
    await waitFor(() => expect(replace).toHaveBeenCalledWith(MAIN_SITE.help));
    expect(replace).toHaveBeenCalledTimes(1);
  });

  it('goes to /404 from the console path of a link with no address', async () => {
    boot(null);
    const replace = vi.fn();
    keepHarness(
      await renderPages({
        app: t,
        path: '/mainSite',
        pages: {
          '/mainSite': () => <ExternalLinkPage name="mainSite" />,
          '/404': () => <p>nothing here</p>,
        },
        win: { location: { replace } as unknown as Location },
      }),
    );
    expect(await screen.findByText('nothing here')).toBeTruthy();
    expect(replace).not.toHaveBeenCalled();
  });
});
