import { tagOf } from '@server/lib/openapi';
import { ROUTES } from '@server/routes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderConsole } from '../support/console';
import { en, PATH, registerDocumentationTests, setCurrent, t } from './documentation-harness';

registerDocumentationTests();

describe('/documentation/index', () => {
  it('links the contents to each group and each endpoint to itself', async () => {
    setCurrent(await renderConsole(PATH, { app: t }));
    const nav = await screen.findByRole('navigation', { name: en.contents });
    const links = within(nav).getAllByRole('link');
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) {
      const target = document.getElementById((link.getAttribute('href') ?? '').slice(1));
      expect(target?.tagName, link.getAttribute('href') ?? '').toBe('H2');
      expect(link.textContent).toContain(target?.textContent ?? '-');
    }
    const shop = links.find((link) => link.getAttribute('href') === '#group-shop');
    // The shop group: the shop calls, and the products' calls about a shop (its logistics).
    const shopRoutes = ROUTES.filter((route) => tagOf(route.meta) === 'shop');
    expect(shop?.textContent).toBe(`shop (${shopRoutes.length})`);

    const anchor = screen.getByRole('link', {
      name: en.anchor.replace('{{name}}', 'GET /api-user/shop/detail'),
    });
    const id = (anchor.getAttribute('href') ?? '').slice(1);
    expect(document.getElementById(id)?.tagName).toBe('ARTICLE');
    expect(document.getElementById(id)?.textContent).toContain('/api-user/shop/detail');
  });

  it('filters the endpoints as the user types, keeping the filter in the address', async () => {
    setCurrent(await renderConsole(PATH, { app: t }));
    const box = await screen.findByRole('searchbox', { name: en.filter.label });
    fireEvent.change(box, { target: { value: 'post alias' } });
    await waitFor(() => expect(screen.getAllByTestId('endpoint')).toHaveLength(1));
    expect(
      screen.getByRole('heading', { level: 3, name: 'POST /api-user/shop/alias' }),
    ).toBeTruthy();
    expect(screen.getByTestId('endpoint-count').textContent).toBe('1 endpoint');
    await waitFor(() =>
      expect(new URLSearchParams(window.location.search).get('q')).toBe('post alias'),
    );
    const nav = screen.getByRole('navigation', { name: en.contents });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['shop (1)']);

    fireEvent.change(box, { target: { value: 'no-such-endpoint' } });
    expect(
      await screen.findByText(en.filter.empty.replace('{{query}}', 'no-such-endpoint')),
    ).toBeTruthy();
    expect(screen.queryAllByTestId('endpoint')).toHaveLength(0);

    fireEvent.change(box, { target: { value: '' } });
    await waitFor(() => expect(screen.getAllByTestId('endpoint').length).toBe(ROUTES.length));
    expect(window.location.search).toBe('');
  });
});
