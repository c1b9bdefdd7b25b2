import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  collect,
  count,
  draft,
  en,
  open,
  registerCollectorListTests,
  rowOf,
  seller,
  titles,
} from './collector-list-harness';

registerCollectorListTests();

describe('the collection box remembers its search in the tab', () => {
  it('comes back from a product with the tab, filter and search it had', async () => {
    const main = await seller();
    await collect(main.token, [
      draft('1688', '740001', 'Steel thermos cup'),
      draft('aliexpress', '740002', 'Folding phone stand'),
      draft('aliexpress', '740003', 'Magnetic phone mount'),
    ]);
    const { running, user } = await open(main.email, main.password);
    await waitFor(() => expect(titles()).toHaveLength(3));

    await user.click(screen.getByTestId('collect-site-aliexpress'));
    await waitFor(() => expect(titles()).toHaveLength(2));
    await user.type(
      screen.getByRole('textbox', { name: en.collector.filters.keyword }),
      'mount{Enter}',
    );
    await waitFor(() => expect(titles()).toEqual(['Magnetic phone mount']));
    expect(running.router.state.location.search).toEqual({
      site: 'aliexpress',
      keyword: 'mount',
    });

    // To the product and back by its link, which names no search: the list as it was left.
    const row = await rowOf('Magnetic phone mount');
    await user.click(within(row).getByTestId('collect-title'));
    expect(await screen.findByTestId('collect-detail-title')).toBeTruthy();
    await user.click(screen.getByTestId('collect-back'));
    await waitFor(() =>
      expect(running.router.state.location.search).toEqual({
        site: 'aliexpress',
        keyword: 'mount',
      }),
    );
    await waitFor(() => expect(titles()).toEqual(['Magnetic phone mount']));
    expect(
      (screen.getByRole('textbox', { name: en.collector.filters.keyword }) as HTMLInputElement)
        .value,
    ).toBe('mount');
    expect(count('unclaimed')).toBe('1');

    // Cleared, it is remembered cleared.
    await user.click(screen.getByRole('button', { name: en.common.actions.reset }));
    await waitFor(() =>
      expect(running.router.state.location.search).toEqual({ site: 'aliexpress' }),
    );
    await user.click(screen.getByTestId('collect-site-all'));
    await waitFor(() => expect(running.router.state.location.search).toEqual({}));
    await waitFor(() => expect(titles()).toHaveLength(3));
    await user.click(within(await rowOf('Steel thermos cup')).getByTestId('collect-title'));
    await user.click(await screen.findByTestId('collect-back'));
    await waitFor(() => expect(titles()).toHaveLength(3));
    expect(running.router.state.location.search).toEqual({});
  });
});
