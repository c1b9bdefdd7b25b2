import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../support/catalogue-console';
import {
  browser,
  en,
  fill,
  open,
  PAGE,
  registerCatalogueTests,
  rows,
  titles,
  watchRequests,
} from './catalogue-harness';

registerCatalogueTests();

describe('the mall', () => {
  it('sends the words and the category chosen level by level', async () => {
    const main = await browser();
    const requests = watchRequests('/api-product/mall/search');
    const { running, user } = await open(main.email, main.password);
    await waitFor(() => expect(rows().length).toBe(20));

    await user.type(
      screen.getByRole('textbox', { name: en.catalogue.filters.keyword }),
      '手机壳{Enter}',
    );
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('q')).toBe('手机壳'));
    // The three levels, each listing the children of the one before, in the interface language.
    await user.click(screen.getByRole('combobox', { name: en.catalogue.filters.category1 }));
    await user.click(await screen.findByRole('option', { name: CATEGORIES.digital.en }));
    await user.click(screen.getByRole('combobox', { name: en.catalogue.filters.category2 }));
    await user.click(await screen.findByRole('option', { name: CATEGORIES.phoneAccessories.en }));
    await user.click(screen.getByRole('combobox', { name: en.catalogue.filters.category3 }));
    await user.click(await screen.findByRole('option', { name: CATEGORIES.phoneCases.en }));
    await waitFor(() =>
      expect(requests.at(-1)?.searchParams.get('categoryId')).toBe(CATEGORIES.phoneCases.id),
    );
    expect(running.router.state.location.search).toMatchObject({
      keyword: '手机壳',
      categoryId: CATEGORIES.phoneCases.id,
    });
    // The lanyard cable has the words too, but not the category.
    await waitFor(() => expect(titles()).not.toContain('Phone case lanyard cable'));
    expect(titles().every((title) => title?.startsWith('Clear phone case'))).toBe(true);
  });

  it('sends the price range in minor units, the source site, stock and sort', async () => {
    const main = await browser();
    const requests = watchRequests('/api-product/mall/search');
    const { user } = await open(main.email, main.password, `${PAGE}?keyword=手机壳`);
    await waitFor(() => expect(rows().length).toBe(20));
    // Major units typed, minor units sent (CNY has two decimals).
    const min = screen.getByRole('textbox', {
      name: fill(en.catalogue.filters.priceMin, { currency: 'CNY' }),
    });
    await user.type(min, '10.5');
    const max = screen.getByRole('textbox', {
      name: fill(en.catalogue.filters.priceMax, { currency: 'CNY' }),
    });
    await user.type(max, '20{Enter}');
    await user.click(screen.getByRole('combobox', { name: en.catalogue.filters.sourceSite }));
    await user.click(await screen.findByRole('option', { name: en.catalogue.sourceSites['1688'] }));
    await user.click(screen.getByRole('switch', { name: en.catalogue.filters.inStock }));
    await user.click(screen.getByRole('combobox', { name: en.catalogue.filters.sort }));
    await user.click(await screen.findByRole('option', { name: en.catalogue.sorts.priceAsc }));
    await waitFor(() =>
      expect(Object.fromEntries(requests.at(-1)?.searchParams ?? [])).toMatchObject({
        q: '手机壳',
        priceMin: '1050',
        priceMax: '2000',
        sourceSite: '1688',
        inStock: 'true',
        sort: 'priceAsc',
      }),
    );
    // ¥10.50 to ¥20.00 by the lowest price: styles 2 (¥10.90) to 11 (¥19.90), cheapest first.
    await waitFor(() =>
      expect(titles()).toEqual(
        Array.from({ length: 10 }, (_, i) => `Clear phone case style ${i + 2}`),
      ),
    );
    expect(within(rows()[0] as HTMLElement).getByTestId('catalogue-price').textContent).toBe(
      '¥10.90 – ¥12.90',
    );
  });

  it('pages through the matches with the server positions, never repeating a product', async () => {
    const main = await browser();
    const { user } = await open(main.email, main.password, `${PAGE}?keyword=手机壳&sort=sales`);
    await waitFor(() => expect(rows().length).toBe(20));
    const first = titles();
    await user.click(screen.getByTestId('catalogue-next'));
    await waitFor(() => expect(titles()).toHaveLength(6));
    const second = titles();
    expect(new Set([...first, ...second]).size).toBe(26);
    expect(screen.getByTestId('catalogue-next').hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByTestId('catalogue-previous'));
    await waitFor(() => expect(titles()).toEqual(first));
  });

  it('shows a search the server refuses in the words of the refusal, and keeps the words', async () => {
    const main = await browser();
    await open(main.email, main.password, `${PAGE}?keyword=壳`);
    expect(await screen.findByText(en.errors.CATALOGUE_QUERY_TOO_SHORT)).toBeTruthy();
    expect(
      (screen.getByRole('textbox', { name: en.catalogue.filters.keyword }) as HTMLInputElement)
        .value,
    ).toBe('壳');
  });

  it('keeps the category tree in local storage as categoryList, and draws it from there', async () => {
    const main = await browser();
    await open(main.email, main.password);
    await waitFor(() => expect(localStorage.getItem('categoryList')).not.toBeNull());
    const kept = JSON.parse(localStorage.getItem('categoryList') ?? '{}');
    expect(kept.categories.map((node: { id: string }) => node.id)).toEqual([
      CATEGORIES.digital.id,
      CATEGORIES.home.id,
    ]);
    expect(kept.categories[0].children[0].names).toEqual({
      zh: CATEGORIES.phoneAccessories.zh,
      th: CATEGORIES.phoneAccessories.th,
      en: CATEGORIES.phoneAccessories.en,
    });
  });
});
