import { writeCookie } from '@shared/session/web-port';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../support/app';
import { renderConsole } from '../support/console';
import { readLocale } from '../support/locales';
import { card, en, PATH, registerDocumentationTests, setCurrent, t } from './documentation-harness';

registerDocumentationTests();

describe('/documentation/index', () => {
  it('opens with the filter of a shared address', async () => {
    setCurrent(await renderConsole(`${PATH}?q=shortUrl`, { app: t }));
    await waitFor(() => expect(screen.getAllByTestId('endpoint')).toHaveLength(1));
    expect(
      screen.getByRole('heading', { level: 3, name: 'GET /api-user/public/shortUrl' }),
    ).toBeTruthy();
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('shortUrl');
  });

  it('speaks the chosen language', async () => {
    writeCookie(document, 'cmp-language', 'zh');
    const zh = readLocale('zh', 'documentation');
    setCurrent(await renderConsole(PATH, { app: t }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(zh.title);
    const detail = await card('GET /api-user/shop/detail');
    expect(detail.getByTestId('endpoint-access').textContent).toBe(zh.access.session);
    expect(detail.getByText('格式：uuid')).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: zh.filter.label })).toBeTruthy();
    // The summaries too, not the document's English.
    const list = await card('GET /api-user/shop/list');
    expect(list.getByText(zh.summaries.get_api_user_shop_list)).toBeTruthy();
    expect(list.queryByText(en.summaries.get_api_user_shop_list)).toBeNull();
  });

  it('finds endpoints by their summary in the chosen language', async () => {
    writeCookie(document, 'cmp-language', 'th');
    const th = readLocale('th', 'documentation');
    setCurrent(await renderConsole(`${PATH}?q=${encodeURIComponent('คูปองที่คำสั่งซื้อ')}`, { app: t }));
    await waitFor(() => expect(screen.getAllByTestId('endpoint')).toHaveLength(1));
    const usable = await card('GET /api-user/coupon/usable');
    expect(usable.getByText(th.summaries.get_api_user_coupon_usable)).toBeTruthy();
  });

  it('says so when the reference cannot be loaded, and tries again', async () => {
    let failing = true;
    const flaky = {
      ...t,
      app: {
        fetch: (request: Request) => {
          if (failing && new URL(request.url).pathname === '/api-docs/openapi.json')
            return new Response('unavailable', { status: 503 });
          return t.app.fetch(request);
        },
      },
    } as unknown as TestApp;
    setCurrent(await renderConsole(PATH, { app: flaky }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en.loadFailed);
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: readLocale('en', 'common').actions.retry }));
    await screen.findAllByTestId('endpoint');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
