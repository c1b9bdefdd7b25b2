import { tagOf } from '@server/lib/openapi';
import { ROUTES } from '@server/routes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderConsole } from '../support/console';
import {
  card,
  en,
  openApiPath,
  PATH,
  registerDocumentationTests,
  rendered,
  setCurrent,
  t,
} from './documentation-harness';

registerDocumentationTests();

describe('/documentation/index', () => {
  it('opens without a session: the title, the overview and every route of the server', async () => {
    setCurrent(await renderConsole(PATH, { app: t }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(en.title);
    expect(rendered().session.getState().snapshot.session).toBeNull();
    expect(window.location.pathname).toBe(PATH);
    await screen.findAllByTestId('endpoint');
    expect(screen.getByText(en.envelope.text)).toBeTruthy();
    expect(screen.getByText(en.headers.text)).toBeTruthy();
    expect(screen.getByText('language: zh | th | en')).toBeTruthy();
    expect(screen.getByTestId('language-switch')).toBeTruthy();
    expect(screen.getByRole('link', { name: en.download }).getAttribute('href')).toBe(
      '/api-docs/openapi.json',
    );

    const routes = ROUTES.map((route) => `${route.meta.method} ${openApiPath(route.meta.path)}`);
    expect(screen.getAllByTestId('endpoint')).toHaveLength(routes.length);
    // Each card is headed by its call, as a level-3 heading of that name.
    const headings = screen.getAllByRole('heading', { level: 3 });
    expect(headings.map((heading) => heading.closest('article')?.id)).toEqual(
      screen.getAllByTestId('endpoint').map((article) => article.id),
    );
    expect(headings.map((heading) => heading.textContent).sort()).toEqual([...routes].sort());
    expect(screen.getByTestId('endpoint-count').textContent).toBe(
      en.count_other.replace('{{count}}', String(routes.length)),
    );
  });

  it('shows each endpoint with its method, access level, permission, parameters and body fields', async () => {
    setCurrent(await renderConsole(PATH, { app: t }));
    const detail = await card('GET /api-user/shop/detail');
    expect(detail.getByText('GET')).toBeTruthy();
    expect(detail.getByTestId('endpoint-access').textContent).toBe(en.access.session);
    expect(detail.getByTestId('endpoint-access').getAttribute('title')).toBe(en.accessHelp.session);
    expect(detail.getByTestId('endpoint-permission').textContent).toContain(
      '/thirdPartyPlatform/authorizeList',
    );
    const shopId = detail.getByText('shopId').closest('tr') as HTMLElement;
    expect([...shopId.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'shopId',
      'query',
      'string',
      en.required.yes,
      'format: uuid',
    ]);

    const alias = await card('POST /api-user/shop/alias');
    expect(alias.getByText(en.body)).toBeTruthy();
    // The body's field (the answer lists an alias too).
    const aliasRow = alias.getAllByText('alias')[0]?.closest('tr') as HTMLElement;
    expect(within(aliasRow).getByText('min. length 1')).toBeTruthy();
    expect(within(aliasRow).getByText('max. length 40')).toBeTruthy();
    expect(alias.getByTestId('endpoint-permission').textContent).toContain('editAlias');

    const sites = await card('GET /api-user/public/getSiteList');
    expect(sites.getByTestId('endpoint-access').textContent).toBe(en.access.public);
    expect(sites.getByText('one of: 0, 1')).toBeTruthy();
    expect(sites.getByText(en.response)).toBeTruthy();
    expect(sites.getByText('[].currency')).toBeTruthy();

    const login = await card('POST /api-uaa/oauth/loginByPassword');
    expect(login.getByTestId('endpoint-access').textContent).toBe(en.access.client);
    expect(login.getByText('routerInfoList[].url')).toBeTruthy();

    const subAccounts = await card('GET /api-user/subAccount/list');
    expect(subAccounts.getByTestId('endpoint-access').textContent).toBe(en.access.main);
    expect(subAccounts.getByText('default: 10')).toBeTruthy();

    const file = await card('GET /files/{key}');
    const idRow = file.getByText('key').closest('tr') as HTMLElement;
    expect(within(idRow).getByText('path')).toBeTruthy();
  });

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
