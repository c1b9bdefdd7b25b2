import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  collect,
  count,
  draft,
  en,
  fakeExtension,
  fill,
  open,
  registerCollectorListTests,
  rowOf,
  rows,
  seller,
  titles,
} from './collector-list-harness';

registerCollectorListTests();

describe('the collection box', () => {
  it('shows both tabs with counts, searches on Enter and keeps the site filter in the address', async () => {
    const main = await seller();
    await collect(main.token, [
      draft('1688', '700001', 'Steel thermos cup'),
      draft('1688', '700002', 'Bamboo cutting board'),
      draft('aliexpress', '700003', 'Folding phone stand', { price: { min: 399, max: 399 } }),
    ]);
    const { running, user } = await open(main.email, main.password);

    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(count('unclaimed')).toBe('3');
    expect(count('claimed')).toBe('0');
    // The price range in the product's own currency.
    const stand = await rowOf('Folding phone stand');
    expect(within(stand).getByTestId('collect-price').textContent).toBe('$3.99');
    const cup = await rowOf('Steel thermos cup');
    expect(within(cup).getByTestId('collect-price').textContent).toBe('¥12.50 – ¥18.90');

    // Typing alone does not search; Enter does, and the address keeps the keyword.
    const box = screen.getByRole('textbox', { name: en.collector.filters.keyword });
    await user.type(box, 'thermos');
    expect(rows()).toHaveLength(3);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(titles()).toEqual(['Steel thermos cup']));
    expect(running.router.state.location.search).toMatchObject({ keyword: 'thermos' });
    expect(count('unclaimed')).toBe('1');

    // Cleared, then filtered by site: the address carries the site.
    await user.click(screen.getByRole('button', { name: en.common.actions.reset }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(running.router.state.location.search).not.toHaveProperty('keyword');
    await user.click(screen.getByTestId('collect-site-aliexpress'));
    await waitFor(() => expect(titles()).toEqual(['Folding phone stand']));
    expect(running.router.state.location.search).toMatchObject({ site: 'aliexpress' });
    expect(window.location.search).toContain('site=aliexpress');

    // The claimed tab: nothing yet, and the tab is in the address too.
    await user.click(screen.getByTestId('collect-tab-claimed'));
    expect(await screen.findByText(en.collector.empty.filteredTitle)).toBeTruthy();
    expect(running.router.state.location.search).toMatchObject({
      status: 'claimed',
      site: 'aliexpress',
    });
    await user.click(screen.getByRole('button', { name: en.collector.actions.clearFilters }));
    expect(await screen.findByText(en.collector.empty.claimedTitle)).toBeTruthy();
  });

  it('explains how to collect when the box is empty', async () => {
    const main = await seller();
    const { user } = await open(main.email, main.password);
    const empty = await screen.findByTestId('collect-empty');
    expect(within(empty).getByText(en.collector.empty.title)).toBeTruthy();
    await user.click(within(empty).getByRole('button', { name: en.collector.actions.download }));
    const dialog = await screen.findByRole('dialog', { name: en.collector.download.title });
    expect(within(dialog).getByTestId('plugin-status').dataset.present).toBe('false');
    const link = within(dialog).getByTestId('plugin-download-link');
    expect(link.getAttribute('href')).toContain('/downloads/extension.zip');
  });
});

describe('collect by URL', () => {
  it('refuses an address of an unsupported site, naming its line, and asks for the plug-in when it is missing', async () => {
    const main = await seller();
    const { user } = await open(main.email, main.password);
    await screen.findByTestId('collect-empty');
    expect(screen.getByTestId('plugin-badge').dataset.present).toBe('false');
    await user.click(screen.getByTestId('collect-by-url'));
    const dialog = await screen.findByRole('dialog', { name: en.collector.byUrl.title });
    expect(within(dialog).getByTestId('collect-url-no-plugin')).toBeTruthy();
    const box = within(dialog).getByRole('textbox', { name: en.collector.byUrl.label });
    await user.click(box);
    await user.paste('https://detail.1688.com/offer/730001.html\nhttps://shop.example.com/item/9');
    await user.click(within(dialog).getByRole('button', { name: en.collector.byUrl.submit }));
    const errors = await within(dialog).findByTestId('collect-url-errors');
    expect(errors.textContent).toBe(
      fill(en.collector.byUrl.errors.unsupported, {
        line: 2,
        url: 'https://shop.example.com/item/9',
      }),
    );

    // Only supported addresses, but no plug-in: the download dialog opens instead.
    await user.clear(box);
    await user.paste('https://detail.1688.com/offer/730001.html');
    await user.click(within(dialog).getByRole('button', { name: en.collector.byUrl.submit }));
    expect(await screen.findByRole('dialog', { name: en.collector.download.title })).toBeTruthy();
  });

  it("sends the addresses to the plug-in and shows each one's progress and result", async () => {
    const main = await seller();
    const extension = fakeExtension(async (url) => {
      if (url.includes('730101')) {
        const [saved] = await collect(main.token, [draft('1688', '730101', 'Insulated lunch box')]);
        return {
          id: saved?.id ?? null,
          title: 'Insulated lunch box',
          failure: null,
          message: null,
        };
      }
      return { id: null, title: null, failure: 'loginWall', message: 'Please log in' };
    });
    const { user } = await open(main.email, main.password);
    await screen.findByTestId('collect-empty');
    await waitFor(() => expect(screen.getByTestId('plugin-badge').dataset.present).toBe('true'));
    expect(screen.getByTestId('plugin-badge').textContent).toBe(
      fill(en.collector.plugin.detectedVersion, { version: '1.0.0' }),
    );

    await user.click(screen.getByTestId('collect-by-url'));
    const dialog = await screen.findByRole('dialog', { name: en.collector.byUrl.title });
    expect(within(dialog).queryByTestId('collect-url-no-plugin')).toBeNull();
    await user.click(within(dialog).getByRole('textbox', { name: en.collector.byUrl.label }));
    await user.paste(
      'https://detail.1688.com/offer/730101.html\nhttps://www.aliexpress.com/item/730102.html',
    );
    await user.click(within(dialog).getByRole('button', { name: en.collector.byUrl.submit }));

    await waitFor(() => {
      const states = within(dialog)
        .getAllByTestId('collect-url-item')
        .map((item) => item.dataset.state);
      expect(states).toEqual(['collected', 'failed']);
    });
    expect(extension.requests).toHaveLength(1);
    expect(extension.requests[0]?.urls).toEqual([
      'https://detail.1688.com/offer/730101.html',
      'https://www.aliexpress.com/item/730102.html',
    ]);
    const link = within(dialog).getByRole('link', { name: 'Insulated lunch box' });
    expect(link.getAttribute('href')).toContain('/cmp/product/collectorDetails?id=');
    expect(within(dialog).getByTestId('collect-url-reason').textContent).toBe(
      en.collector.failures.loginWall.message,
    );
    expect(within(dialog).getByTestId('collect-url-summary').textContent).toBe(
      fill(en.collector.byUrl.summary, { collected: 1, failed: 1 }),
    );
    // The box behind the dialog already shows what was collected.
    await user.click(within(dialog).getByRole('button', { name: en.common.actions.close }));
    expect(await rowOf('Insulated lunch box')).toBeTruthy();
  });
});
