import type { ProductPage } from '@shared/contracts/products';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  api,
  en,
  fill,
  LIST,
  open,
  registerProductsTests,
  requests,
  waitingShopee,
} from './products-harness';

registerProductsTests();

const rows = () => screen.queryAllByTestId('product-row');
const titles = () => rows().map((row) => within(row).getByTestId('product-title').textContent);

describe('the shop products list', () => {
  it('shows each marketplace’s status tabs and its products, and searches by title or SKU', async () => {
    const [claimed] = await waitingShopee();
    if (!claimed) throw new Error('no claimed product');
    const { running, user } = await open(LIST);
    // Lazada's tabs first, every status of the spec.
    await screen.findByTestId('products-tab-wait');
    const lazada = [
      'wait',
      'pushing',
      'intervalPushing',
      'online',
      'offline',
      'del',
      'forbid',
      'fail',
      'freeze',
    ] as const;
    for (const status of lazada)
      expect(screen.getByTestId(`products-tab-${status}`).textContent).toContain(
        en.products.tabs[status],
      );

    await user.click(screen.getByTestId('products-platform-shopee'));
    await waitFor(() =>
      expect(running.router.state.location.search).toMatchObject({ platform: 'shopee' }),
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.getAttribute('data-testid'))).toEqual(
      expect.arrayContaining([
        'products-tab-all',
        'products-tab-wait',
        'products-tab-online',
        'products-tab-pushing',
        'products-tab-pushFail',
      ]),
    );
    expect(screen.queryByTestId('products-tab-freeze')).toBeNull();
    // Each tab counts the platform's products in its status (all: every one; pushFail: fail).
    const { counts } = await api<ProductPage>('GET', '/product/product/list?platform=shopee');
    if (!counts) throw new Error('a first page without counts');
    const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
    expect(counts.wait).toBeGreaterThan(0);
    await waitFor(() =>
      expect(screen.getByTestId('products-count-all').textContent).toBe(String(total)),
    );
    expect(screen.getByTestId('products-count-wait').textContent).toBe(String(counts.wait));
    expect(screen.getByTestId('products-count-online').textContent).toBe(String(counts.online));
    expect(screen.getByTestId('products-count-pushFail').textContent).toBe(String(counts.fail));
    await user.click(screen.getByTestId('products-tab-wait'));
    await waitFor(() => expect(titles()).toContain(claimed.title));
    const asked = requests
      .filter(({ url }) => url.pathname === '/product/product/list')
      .at(-1)?.url;
    expect(asked?.searchParams.get('platform')).toBe('shopee');
    expect(asked?.searchParams.get('status')).toBe('wait');

    // By a word of the title, then by an unknown SKU: the address keeps the keyword.
    const box = screen.getByRole('textbox', { name: en.products.filters.keyword });
    const word = claimed.title.split(/\s+/)[0] ?? claimed.title;
    await user.type(box, `${word}{Enter}`);
    await waitFor(() =>
      expect(running.router.state.location.search).toMatchObject({ keyword: word }),
    );
    await waitFor(() => expect(titles()).toContain(claimed.title));
    await user.clear(box);
    await user.type(box, 'NO-SUCH-SKU-42{Enter}');
    expect(await screen.findByText(en.products.empty.filteredTitle)).toBeTruthy();
    // The counts follow the search.
    await waitFor(() => expect(screen.getByTestId('products-count-all').textContent).toBe('0'));
  });

  it('asks before deleting chosen products, then shows how it went', async () => {
    const [claimed] = await waitingShopee();
    if (!claimed) throw new Error('no claimed product');
    const { user } = await open(`${LIST}?platform=shopee&status=wait`);
    await waitFor(() => expect(titles()).toContain(claimed.title));
    const row = rows().find((candidate) => candidate.dataset.id === claimed.id) as HTMLElement;
    await user.click(within(row).getByRole('checkbox'));
    await user.click(screen.getByTestId('products-bulk-delete'));
    const dialog = await screen.findByTestId('products-bulk-dialog');
    expect(within(dialog).getByTestId('products-bulk-message').textContent).toBe(
      fill(en.products.bulk.deleteMessage_one, { count: 1 }),
    );
    // Cancelled: nothing is asked of the server, the product stays.
    await user.click(within(dialog).getByRole('button', { name: en.common.actions.cancel }));
    await waitFor(() => expect(screen.queryByTestId('products-bulk-dialog')).toBeNull());
    expect(requests.some(({ url }) => url.pathname === '/product/product/delete')).toBe(false);

    await user.click(screen.getByTestId('products-bulk-delete'));
    await user.click(await screen.findByTestId('products-bulk-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('products-bulk-count').textContent).toBe(
        fill(en.products.bulk.summary, { passed: 1, failed: 0 }),
      ),
    );
    expect(requests.filter(({ url }) => url.pathname === '/product/product/delete')).toHaveLength(
      1,
    );
    await waitFor(() => expect(titles()).not.toContain(claimed.title));
  });
});
