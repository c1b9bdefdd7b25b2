import { configValues, products } from '@server/db/schema/index';
import { screen, waitFor, within } from '@testing-library/react';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, productId, skuId } from '../support/catalogue-console';
import { findInPortals, queryAllInPortals } from '../support/console-queries';
import { en, fill, open, PAGE, registerCatalogueTests, rows, seller, t } from './catalogue-harness';

registerCatalogueTests();

const DETAILS = '/cmp/product/thirdDetails';

/** The list's row of a product, by its title. */
function rowOf(title: string) {
  const row = rows().find((candidate) => titleOf(candidate) === title);
  if (!row) throw new Error(`no row for ${title}`);
  return row;
}
const titleOf = (row: HTMLElement) => within(row).getByTestId('catalogue-title').textContent;

describe('choosing, following and the cart', () => {
  it('chooses two products into two shops and says what each shop got', async () => {
    const main = await seller();
    const { user } = await open(main.email, main.password, PAGE);
    await waitFor(() => expect(rows().length).toBe(20));
    for (const title of ['Clear phone case style 1', 'Clear phone case style 2'])
      await user.click(
        within(rowOf(title)).getByRole('checkbox', {
          name: fill(en.catalogue.list.select, { title }),
        }),
      );
    await user.click(screen.getByTestId('catalogue-choose'));
    const dialog = await findInPortals('dialog', { name: en.catalogue.choose.title });
    const option = (name: string) =>
      within(dialog).getByRole('checkbox', { name }) as HTMLInputElement;
    await within(dialog).findByText('Lazada Home');
    // The abnormal shop cannot be chosen.
    expect(option('TikTok Trends').disabled).toBe(true);
    // No shop: refused before any call.
    await user.click(within(dialog).getByTestId('choose-submit'));
    expect(await within(dialog).findByText(en.catalogue.choose.errors.chooseShop)).toBeTruthy();

    await user.click(option('Lazada Home'));
    await user.click(option('Shopee Deals'));
    await user.click(within(dialog).getByTestId('choose-submit'));
    await within(dialog).findByTestId('choose-results');
    const results = within(dialog).getAllByTestId('choose-result');
    expect(results.map((result) => result.textContent)).toEqual([
      expect.stringContaining(
        fill(en.catalogue.choose.shopResult_other, { shop: 'Lazada Home', count: 2 }),
      ),
      expect.stringContaining(
        fill(en.catalogue.choose.shopResult_other, { shop: 'Shopee Deals', count: 2 }),
      ),
    ]);
    // Each shop holds both, waiting to be published.
    const waiting = await t.db
      .select({ shopId: products.shopId, status: products.status })
      .from(products)
      .where(inArray(products.shopId, [main.lazada.id, main.shopee.id]));
    expect(waiting.filter((row) => row.status === 'wait')).toHaveLength(4);
  });

  it('refuses a product chosen into a shop a second time, naming the pair', async () => {
    const main = await seller();
    const first = await t.call('POST', '/api-product/catalogue/choose', {
      token: main.token,
      json: { productIds: [productId(1)], shopIds: [main.shopee.id] },
    });
    expect(first.body.resp_code, first.text).toBe(0);
    const { user } = await open(main.email, main.password, PAGE);
    await waitFor(() => expect(rows().length).toBe(20));
    await user.click(
      within(rowOf('Clear phone case style 1')).getByRole('button', {
        name: fill(en.catalogue.actions.chooseOf, { title: 'Clear phone case style 1' }),
      }),
    );
    const again = await findInPortals('dialog', { name: en.catalogue.choose.title });
    await within(again).findByText('Shopee Deals');
    await user.click(within(again).getByRole('checkbox', { name: 'Shopee Deals' }));
    await user.click(within(again).getByTestId('choose-submit'));
    expect((await within(again).findByTestId('choose-failure')).textContent).toContain(
      en.errors.CATALOGUE_ALREADY_CHOSEN,
    );
    expect(within(again).getByTestId('choose-conflict').textContent).toBe(
      fill(en.catalogue.choose.conflicts.pair, {
        title: 'Clear phone case style 1',
        shop: 'Shopee Deals',
      }),
    );
  });

  it('warns before a follow, and shows the server refusing one past the limit', async () => {
    const main = await seller();
    // In the whole console: the list's route as the seller reaches it.
    const { user } = await open(main.email, main.password, `${PAGE}?source=thirdParty`, {
      inConsole: true,
    });
    expect(await screen.findByText(en.catalogue.empty.noFollowTitle)).toBeTruthy();
    await user.click(screen.getByTestId('follow-open'));
    const dialog = await findInPortals('dialog', { name: en.catalogue.follow.title });
    expect(within(dialog).getByTestId('follow-warning').textContent).toBe(
      fill(en.catalogue.follow.warning, { count: 3 }),
    );
    await user.click(within(dialog).getByLabelText(en.catalogue.follow.categories));
    await user.click(await findInPortals('option', { name: CATEGORIES.computer.en }));
    await user.click(await findInPortals('option', { name: CATEGORIES.kitchen.en }));
    // The limit lowered meanwhile (configuration): the server refuses, the dialog says why.
    await t.db.insert(configValues).values({
      dicType: 'CATALOGUE',
      keyName: 'FOLLOW_LIMIT',
      keyValue: '1',
      updatedAt: new Date(),
    });
    try {
      await user.click(within(dialog).getByTestId('follow-submit'));
      expect(within(dialog).getByTestId('follow-confirm').textContent).toContain(
        fill(en.catalogue.follow.confirm_other, { shop: 'Lazada Home', count: 2 }),
      );
      await user.click(within(dialog).getByTestId('follow-confirm-submit'));
      expect((await within(dialog).findByTestId('follow-failure')).textContent).toBe(
        fill(en.errors.CATALOGUE_FOLLOW_LIMIT, { limit: 1 }),
      );
      // The dialog reads the limit again: one category now goes through.
      await user.click(within(dialog).getByRole('button', { name: en.common.actions.cancel }));
      await user.click(screen.getByTestId('follow-open'));
      const again = await findInPortals('dialog', { name: en.catalogue.follow.title });
      expect(
        await within(again).findByText(fill(en.catalogue.follow.followed, { count: 0, limit: 1 })),
      ).toBeTruthy();
      await user.click(within(again).getByLabelText(en.catalogue.follow.categories));
      await user.click(await findInPortals('option', { name: CATEGORIES.computer.en }));
      await user.click(within(again).getByTestId('follow-submit'));
      await user.click(within(again).getByTestId('follow-confirm-submit'));
    } finally {
      await t.db
        .delete(configValues)
        .where(
          and(eq(configValues.dicType, 'CATALOGUE'), eq(configValues.keyName, 'FOLLOW_LIMIT')),
        );
    }
    await waitFor(() => expect(queryAllInPortals('dialog')).toEqual([]));
    await waitFor(() => expect(rows().map(titleOf)).toEqual(['Mechanical keyboard']));
  });

  it('adds SKUs with quantities; the header counts their sum, and the cart changes and removes them', async () => {
    const main = await seller();
    const { running, user } = await open(
      main.email,
      main.password,
      `${DETAILS}?id=${productId(3)}`,
    );
    await screen.findByTestId('catalogue-details');
    const [black, white] = screen.getAllByTestId('sku-quantity');
    if (!black || !white) throw new Error('SKUs missing');
    await user.type(black, '2');
    await user.type(white, '3');
    await user.click(screen.getByTestId('add-to-cart-submit'));
    // The session's skuList, which the header's badge sums, follows the cart.
    await waitFor(() =>
      expect(
        running.session
          .getState()
          .snapshot.session?.user.skuList.reduce((sum, sku) => sum + sku.quantity, 0),
      ).toBe(5),
    );
    expect(running.session.getState().snapshot.session?.user.skuList).toEqual(
      expect.arrayContaining([
        { skuId: skuId(3, 0), quantity: 2 },
        { skuId: skuId(3, 1), quantity: 3 },
      ]),
    );

    await user.click(screen.getByRole('link', { name: en.catalogue.details.back }));
    await waitFor(() => expect(screen.getByTestId('cart-open').dataset.count).toBe('5'));
    await user.click(screen.getByTestId('cart-open'));
    const drawer = await findInPortals('dialog', { name: en.catalogue.cart.title });
    await waitFor(() => expect(within(drawer).getAllByTestId('cart-line')).toHaveLength(2));
    const quantity = within(drawer).getAllByTestId('cart-quantity')[0] as HTMLInputElement;
    await user.clear(quantity);
    await user.type(quantity, '7{Enter}');
    await waitFor(() => expect(screen.getByTestId('cart-open').dataset.count).toBe('10'));
    await user.click(within(drawer).getAllByTestId('cart-remove')[1] as HTMLElement);
    await waitFor(() => expect(within(drawer).getAllByTestId('cart-line')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('cart-open').dataset.count).toBe('7'));
    expect(within(drawer).getByTestId('cart-total').textContent).toBe(
      fill(en.catalogue.cart.total_other, { count: 7 }),
    );
  });
});
