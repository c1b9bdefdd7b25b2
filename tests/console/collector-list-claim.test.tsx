import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  claimedRow,
  collect,
  count,
  draft,
  en,
  fill,
  listOf,
  open,
  registerCollectorListTests,
  rowOf,
  seller,
  t,
  titles,
} from './collector-list-harness';

registerCollectorListTests();

describe('the collection box', () => {
  it('claims the selected products into a shop; they move to the claimed tab, and a second claim shows the conflicts', async () => {
    const main = await seller();
    const [cup] = await collect(main.token, [
      draft('1688', '710001', 'Steel thermos cup'),
      draft('1688', '710002', 'Bamboo cutting board'),
    ]);
    if (!cup) throw new Error('nothing collected');
    // The TikTok shop is chosen first (the plug-in settings), with a markup and .99 rounding.
    const saved = await t.call('POST', '/admin/pluginmanage/save', {
      token: main.token,
      json: {
        defaultShopIds: [main.trends.id],
        pricing: { markupPercent: 20, rounding: 'ninetyNine' },
        bulkPerMinute: 12,
      },
    });
    expect(saved.body.resp_code, saved.text).toBe(0);
    const { user } = await open(main.email, main.password);
    await rowOf('Steel thermos cup');

    // Nothing selected: claim is not possible, and the page says why.
    expect(screen.getByTestId('collect-claim').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('collect-bulk-reason').textContent).toBe(
      en.collector.bulk.noneSelected,
    );

    await user.click(
      screen.getByRole('checkbox', {
        name: fill(en.collector.list.select, { title: 'Steel thermos cup' }),
      }),
    );
    expect(screen.getByTestId('collect-selected').textContent).toBe(
      fill(en.common.list.selected_one, { count: 1 }),
    );
    await user.click(screen.getByTestId('collect-claim'));
    const dialog = await screen.findByRole('dialog', { name: en.collector.claim.title });
    await within(dialog).findByText('Lazada Home');
    const option = (name: string) =>
      within(dialog).getByRole('checkbox', { name }) as HTMLInputElement;
    // Pre-selected from the settings; the abnormal shop cannot be chosen and says why.
    expect(option('TikTok Trends').checked).toBe(true);
    expect(option('Lazada Home').checked).toBe(false);
    expect(option('Shopee Deals').disabled).toBe(true);
    expect(within(dialog).getByTestId('shop-picker-abnormal').textContent).toContain('Unavailable');
    // ¥12.50–¥18.90 with 20% and .99: ¥15.99–¥22.99.
    expect(within(dialog).getByTestId('claim-price-claimed').textContent).toBe(
      fill(en.collector.claim.preview.claimed, { price: '¥15.99 – ¥22.99' }),
    );

    // No shop: refused before any call (spec section 5).
    await user.click(option('TikTok Trends'));
    await user.click(within(dialog).getByRole('button', { name: en.collector.claim.submit }));
    expect(await within(dialog).findByText(en.collector.claim.errors.chooseShop)).toBeTruthy();

    await user.click(option('Lazada Home'));
    await user.click(within(dialog).getByRole('button', { name: en.collector.claim.submit }));
    expect(await screen.findByText(fill(en.collector.claim.done_one, { count: 1 }))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(count('claimed')).toBe('1'));
    expect(count('unclaimed')).toBe('1');
    expect(titles()).toEqual(['Bamboo cutting board']);
    expect((await listOf(main.token, 'claimed')).records.map((r) => r.id)).toEqual([cup.id]);

    // On the claimed tab, with the shop it went to.
    await user.click(screen.getByTestId('collect-tab-claimed'));
    const claimed = await rowOf('Steel thermos cup');
    expect(within(claimed).getByTestId('collect-claims').textContent).toContain('Lazada Home');

    // Claimed again into the same shop: nothing is claimed, the conflict is named in the dialog.
    await user.click(
      within(claimed).getByRole('checkbox', {
        name: fill(en.collector.list.select, { title: 'Steel thermos cup' }),
      }),
    );
    await user.click(screen.getByTestId('collect-claim'));
    const again = await screen.findByRole('dialog', { name: en.collector.claim.title });
    await within(again).findByText('Lazada Home');
    // The default shop is chosen again; the seller adds the one the product is already in.
    expect(
      (within(again).getByRole('checkbox', { name: 'TikTok Trends' }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.click(within(again).getByRole('checkbox', { name: 'Lazada Home' }));
    await user.click(within(again).getByRole('button', { name: en.collector.claim.submit }));
    const conflicts = await within(again).findByTestId('claim-conflicts');
    expect(
      within(conflicts)
        .getAllByTestId('claim-conflict')
        .map((item) => item.textContent),
    ).toEqual([
      fill(en.collector.claim.conflicts.pair, { title: 'Steel thermos cup', shop: 'Lazada Home' }),
    ]);
    // Leaving that shop out, the claim goes on into the other one.
    await user.click(
      within(conflicts).getByRole('button', { name: en.collector.claim.conflicts.leaveOutShops }),
    );
    expect(
      (within(again).getByRole('checkbox', { name: 'Lazada Home' }) as HTMLInputElement).checked,
    ).toBe(false);
    expect(
      (within(again).getByRole('checkbox', { name: 'TikTok Trends' }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.click(within(again).getByRole('button', { name: en.collector.claim.submit }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(within(claimedRow()).getByTestId('collect-claims').textContent).toContain(
        'TikTok Trends',
      ),
    );
  });

  it('deletes the selected products after a confirmation that says claimed shop products stay', async () => {
    const main = await seller();
    await collect(main.token, [
      draft('1688', '720001', 'Steel thermos cup'),
      draft('aliexpress', '720002', 'Folding phone stand'),
    ]);
    const { user } = await open(main.email, main.password);
    await rowOf('Folding phone stand');
    expect(screen.getByTestId('collect-delete').hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: en.collector.list.selectAll }));
    expect(screen.getByTestId('collect-selected').textContent).toBe(
      fill(en.common.list.selected_other, { count: 2 }),
    );
    await user.click(screen.getByTestId('collect-delete'));
    const dialog = await screen.findByRole('dialog', { name: en.collector.delete.title });
    expect(dialog.textContent).toContain(fill(en.collector.delete.message_other, { count: 2 }));
    // Cancelled: nothing goes.
    await user.click(within(dialog).getByRole('button', { name: en.common.actions.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await listOf(main.token, 'unclaimed')).total).toBe(2);

    await user.click(screen.getByTestId('collect-delete'));
    const confirm = await screen.findByRole('dialog', { name: en.collector.delete.title });
    await user.click(within(confirm).getByRole('button', { name: en.collector.delete.confirm }));
    expect(
      await screen.findByText(fill(en.collector.delete.done_other, { count: 2 })),
    ).toBeTruthy();
    expect(await screen.findByTestId('collect-empty')).toBeTruthy();
    expect((await listOf(main.token, 'unclaimed')).total).toBe(0);
  });
});
