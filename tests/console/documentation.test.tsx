import { ROUTES } from '@server/routes';
import { screen, within } from '@testing-library/react';
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
});
